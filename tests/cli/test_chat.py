"""`fitcoach chat` driven by scripted stdin: onboarding → accept → a day change → accept →
the plan shows the change; and the commands around it."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from fitcoach.api.ids import IdSequence
from fitcoach.brain import factory
from fitcoach.cli import app
from fitcoach.local import coach

from .scripted import CHAT, ONBOARDING, SHORTER_MONDAY, ScriptBrain

NOW = "2026-09-14T10:00:00Z"
WIDE = {"COLUMNS": "220", "NO_COLOR": "1"}



def pid(number: int, prefix: str = "prop") -> str:
    """The id the chat's user gives its `number`th proposal (or log), ids minted in order
    from a stem of zeros (`typed_ids`)."""
    return f"{prefix}_{number:024x}"


@pytest.fixture(autouse=True)
def typed_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    # A user types the ids the chat shows; these tests type them before they are shown.
    monkeypatch.setattr(coach, "IdSequence", lambda: IdSequence("0" * 12))


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    for name in ("FITCOACH_BRAIN", "FITCOACH_GEMINI_API_KEY", "FITCOACH_OPENAI_BASE_URL",
                 "FITCOACH_OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    return CliRunner()


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> ScriptBrain:
    brain = ScriptBrain([ONBOARDING, SHORTER_MONDAY, CHAT])
    monkeypatch.setattr(factory, "build_brain", lambda settings, **_: (brain, brain))
    return brain


def chat(runner: CliRunner, lines: list[str], *options: str) -> str:
    result = runner.invoke(app, ["chat", "--now", NOW, *options], input="\n".join(lines) + "\n",
                           env=WIDE)
    assert result.exit_code == 0, result.output
    return result.output


def monday_row(output: str, after: str, heading: str = "Monday 14 Sep") -> str:
    """The last Monday heading printed after `after`."""
    tail = output[output.rindex(after):]
    rows = re.findall(re.escape(heading) + r"\s*│[^│\n]*", tail)
    assert rows, tail
    return rows[-1]


def test_onboarding_accept_day_change_accept_then_the_plan_shows_it(
        runner: CliRunner, scripted: ScriptBrain) -> None:
    output = chat(runner, [
        "I have dumbbells up to 50 lb and a bench, 4 days, 45 minutes, chest first.",
        "/accept",
        "Only 30 minutes on Monday.",
        "/accept",
        "/plan",
        "/quit",
    ])
    assert "Welcome! Here is your first week." in output
    assert "staged, not applied" in output
    assert "Noted (staple): Dumbbells up to 50 lb" in output
    assert "plan version 1" in output
    assert f"proposal {pid(2)} · UPDATE_DAY · monday" in output
    assert "plan version 2" in output
    assert "Plan v2" in output
    minutes = int(re.search(r"(\d+) min", monday_row(output, "Plan v2")).group(1))
    assert minutes <= 30


def test_reject_leaves_the_plan_and_stale_proposals_are_refused(
        runner: CliRunner, scripted: ScriptBrain) -> None:
    output = chat(runner, [
        "hello, dumbbells and a bench, 4 days of 45 minutes",
        "/reject",
        "/plan",
        f"/accept {pid(1)}",
        "/quit",
    ])
    assert f"Rejected {pid(1)}; the plan is unchanged." in output
    assert "No accepted plan yet" in output
    assert "this proposal was rejected" in output  # the service's 409, as the API words it


def test_commands_memory_today_tab_log_help(runner: CliRunner, scripted: ScriptBrain) -> None:
    output = chat(runner, [
        "/help",
        "set me up: dumbbells, bench, 4 days, 45 min",
        "/accept",
        "/today",
        "/memory",
        "/tab workout monday",
        "/log incline db bench 45x10 45x10@8; goblet squat 50x12",
        "/log incline db bench 50x10",
        "/log unicorn press 10x10",
        "/tab nowhere",
        "/bogus",
        "/quit",
    ], "--unit", "lb")
    assert "/accept [id]" in output
    assert "Today · 2026-09-14" in output
    assert "What the coach remembers" in output
    assert "[workout/monday] you ›" in output
    assert f"Logged {pid(1, 'log')}: 2 exercise(s), 3 set(s)." in output
    assert "New record (max weight): Incline DB Bench Press 50 lb × 10" in output
    assert "I don't know the exercise 'unicorn press'" in output
    assert "usage: /tab" in output
    assert "unknown command /bogus" in output


def test_a_second_proposal_supersedes_the_first(runner: CliRunner,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    brain = ScriptBrain([ONBOARDING, ONBOARDING])
    monkeypatch.setattr(factory, "build_brain", lambda settings, **_: (brain, brain))
    output = chat(runner, ["first", "second", f"/accept {pid(1)}", "/accept", "/quit"])
    assert "a newer proposal replaced this proposal" in output
    assert f"Accepted {pid(2)}: plan version 1." in output


def test_an_unconfigured_llm_brain_is_refused(runner: CliRunner) -> None:
    result = runner.invoke(app, ["chat", "--brain", "gemini"], input="/quit\n", env=WIDE)
    assert result.exit_code == 2
    assert "FITCOACH_GEMINI_API_KEY" in result.output


def test_a_bad_time_zone_is_refused(runner: CliRunner) -> None:
    result = runner.invoke(app, ["chat", "--timezone", "Mars/Olympus"], input="/quit\n")
    assert result.exit_code == 2
    assert "unknown time zone" in result.output


def test_spanish_onboarding_then_a_shorter_monday_with_the_embedded_brain(
        runner: CliRunner) -> None:
    output = chat(runner, [
        "¡Hola! Tengo 32 años y entreno en casa. Tengo mancuernas ajustables de hasta 22 kg y "
        "un banco ajustable. Quiero desarrollar músculo, especialmente en el pecho y los "
        "deltoides, pero me duele la parte inferior de la espalda si hago peso muerto pesado. "
        "Puedo entrenar 4 días a la semana durante unos 45 minutos",
        "/accept",
        "Solo tengo 30 minutos para el entrenamiento del lunes en lugar de 45. Mantén el "
        "enfoque en el pecho, pero elimina lo que no sea necesario",
        "/accept",
        "/plan",
        "/quit",
    ], "--locale", "es", "--unit", "kg", "--brain", "embedded")
    # The terminal's own labels are Spanish too (terminal.labels).
    assert "versión 1 del plan" in output
    assert "versión 2 del plan" in output
    assert "[entrenador] tú ›" in output
    minutes = int(re.search(r"(\d+) min", monday_row(output, "Plan v2", "lunes 14/09")).group(1))
    assert minutes <= 30


def test_a_logged_workout_shows_its_day_done_in_plan_and_today(
        runner: CliRunner, scripted: ScriptBrain) -> None:
    output = chat(runner, [
        "set me up: dumbbells, bench, 4 days, 45 min",
        "/accept",
        "/plan",
        "/log goblet squat 50x12",
        "/plan",
        "/today",
        "/quit",
    ], "--unit", "lb")
    logged = output.index(f"Logged {pid(1, 'log')}")
    assert "done ✓" not in monday_row(output[:logged], "Accepted")
    assert "done ✓" in monday_row(output, f"Logged {pid(1, 'log')}")
    today = output[output.rindex("Today · 2026-09-14"):]
    assert "done ✓" in today
