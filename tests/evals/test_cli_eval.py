"""`fitcoach eval`: filters, the JSON report, exit codes, and an OpenAI-compatible brain
scored offline against the local wire-protocol server of the LLM tests."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fitcoach.brain import factory
from fitcoach.brain.decision import BrainDecision
from fitcoach.cli import app
from tests.brain.llm.fake_openai import FakeOpenAI
from tests.brain.llm.local_server import LocalServer
from tests.brain.llm.serve_fake import STANDING_ANSWER, standing_fake

from .scripted import ScriptedBrain

WIDE = {"COLUMNS": "200", "NO_COLOR": "1"}
LLM_VARIABLES = ("FITCOACH_BRAIN", "FITCOACH_GEMINI_API_KEY", "FITCOACH_OPENAI_BASE_URL",
                 "FITCOACH_OPENAI_API_KEY", "FITCOACH_OPENAI_MODEL")


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    for name in LLM_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return CliRunner()


@pytest.fixture
def openai_server() -> Iterator[tuple[FakeOpenAI, str]]:
    fake = FakeOpenAI()
    with LocalServer(fake.app) as server:
        yield fake, f"{server.url}/v1"
        fake.release()


def test_an_llm_brain_without_its_settings_is_refused(runner: CliRunner) -> None:
    for brain, variable in (("openai", "FITCOACH_OPENAI_BASE_URL"),
                            ("gemini", "FITCOACH_GEMINI_API_KEY")):
        result = runner.invoke(app, ["eval", "--brain", brain], env=WIDE)
        assert result.exit_code == 2
        assert variable in result.output


def test_no_matching_case_is_an_error(runner: CliRunner) -> None:
    result = runner.invoke(app, ["eval", "--case", "xx-nothing"], env=WIDE)
    assert result.exit_code == 2
    assert "no case matches" in result.output


def test_a_brain_that_never_changes_a_plan_misses_the_targets(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    brain = ScriptedBrain(BrainDecision(message="Sure, sounds good."), name="lazy")
    monkeypatch.setattr(factory, "build_brain", lambda settings, **_: (brain, brain))
    out = tmp_path / "report.json"
    result = runner.invoke(app, ["eval", "--lang", "en", "--intent", "day_change", "--json",
                                 str(out)], env=WIDE)
    assert result.exit_code == 1, result.output
    assert "targets missed" in result.output
    assert "Failing cases" in result.output
    report = json.loads(out.read_text("utf-8"))
    assert report["brain"] == "lazy"
    assert report["meets_targets"] is False
    assert report["overall"]["routing"]["hits"] == 0
    assert {c["intent"] for c in report["cases"]} == {"day_change"}
    assert all(c["route"] == "NONE" for c in report["cases"])


def test_an_openai_compatible_server_is_scored_offline(
        runner: CliRunner, openai_server: tuple[FakeOpenAI, str], tmp_path: Path) -> None:
    fake, url = openai_server
    fake.answer({"proposal_type": "NONE", "target_day": None, "language": "en", "edits": [],
                 "memory_mutations": [],
                 "message": "Lead with your elbow and pull the dumbbell toward your hip."})
    out = tmp_path / "openai.json"
    env = {**WIDE, "FITCOACH_OPENAI_BASE_URL": url, "FITCOACH_OPENAI_MODEL": "local"}
    result = runner.invoke(app, ["eval", "--brain", "openai", "--case", "en-seed-8", "--json",
                                 str(out)], env=env)
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text("utf-8"))
    assert report["brain"] == "openai"
    [case] = report["cases"]
    assert case["passed"], case["failures"]
    assert case["fallback"] is None
    assert len(fake.requests) >= 1


@pytest.mark.parametrize("server", ["vllm", "llamacpp-no-jinja"])
def test_the_documented_recipe_scores_cases_through_a_standing_fake(
        runner: CliRunner, server: str, tmp_path: Path) -> None:
    # docs/llm.md's recipe: serve_fake.py answering every request, `eval --brain openai`
    # pointed at it. A vLLM constrains decoding (tools and schema in separate phases); a
    # llama-server without --jinja refuses tools (the brain steps down, not back).
    fake = standing_fake(server)
    out = tmp_path / "report.json"
    with LocalServer(fake.app) as local:
        env = {**WIDE, "FITCOACH_OPENAI_BASE_URL": f"{local.url}/v1",
               "FITCOACH_OPENAI_MODEL": "local"}
        result = runner.invoke(app, ["eval", "--brain", "openai", "--lang", "en", "--intent",
                                     "form_qa", "--json", str(out)], env=env)
        fake.release()
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text("utf-8"))
    assert report["overall"]["cases"] == 4
    assert report["overall"]["fallbacks"] == 0
    assert report["overall"]["errors"] == 0
    assert {c["message"] for c in report["cases"]} == {STANDING_ANSWER["message"]}
    answered = [body for body in fake.requests if not (server.endswith("no-jinja")
                                                       and body.get("tools"))]
    assert len(answered) == 4  # one answered call per case: no retry, no second phase
    assert not any(body.get("tools") and body.get("response_format") for body in answered)
    assert len({json.dumps(body["messages"][0]) for body in fake.requests}) == 1


def test_piped_output_is_not_cut_to_80_columns(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    # CliRunner's stdout is no terminal, as with `fitcoach eval | less`; with no COLUMNS set
    # Rich would assume 80 and cut every column to a few characters ("ro…", "Ba…").
    message = "Sure, sounds good, I will keep that in mind for the next session we plan."
    brain = ScriptedBrain(BrainDecision(message=message), name="lazy")
    monkeypatch.setattr(factory, "build_brain", lambda settings, **_: (brain, brain))
    result = runner.invoke(app, ["eval", "--case", "en-seed-2"],
                           env={"COLUMNS": None, "NO_COLOR": "1"})
    assert result.exit_code == 1, result.output
    assert "…" not in result.output
    assert "validator err." in result.output
    lines = result.output.splitlines()
    failing = next(line for line in lines if "en-seed-2" in line)
    assert "route: expected UPDATE_DAY monday, got NONE" in failing
    assert message in failing  # the whole message, on the case's own row
    assert max(len(line) for line in lines) > 80


def test_a_held_out_set_prints_its_score_by_language_and_intent(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    brain = ScriptedBrain(BrainDecision(message="That is outside what I can help with."),
                          name="lazy")
    monkeypatch.setattr(factory, "build_brain", lambda settings, **_: (brain, brain))
    result = runner.invoke(app, ["eval", "--set", "heldout-v1", "--lang", "en", "--intent",
                                 "unknown", "--no-failures"], env=WIDE)
    assert "Score on heldout-v1" in result.output
    score_table = result.output.split("Score on heldout-v1", 1)[1]
    assert "unknown" in score_table
    assert "en" in score_table
    assert "100% (3/3)" in score_table
    assert result.exit_code == 0, result.output  # every language of the slice at target
    missed = runner.invoke(app, ["eval", "--set", "heldout-v1", "--lang", "en", "--intent",
                                 "day_change", "--no-failures"], env=WIDE)
    assert missed.exit_code == 1, missed.output
    assert "0% (0/16)" in missed.output.split("Score on heldout-v1", 1)[1]


def test_an_unknown_set_is_refused(runner: CliRunner) -> None:
    result = runner.invoke(app, ["eval", "--set", "heldout-v0"], env=WIDE)
    assert result.exit_code == 2
    assert "unknown set" in result.output


def test_the_public_suite_stays_the_default(runner: CliRunner) -> None:
    result = runner.invoke(app, ["eval", "--case", "en-h1-unknown-pizza"], env=WIDE)
    assert result.exit_code == 2  # a held-out case is not in the public suite
    assert "no case matches" in result.output
