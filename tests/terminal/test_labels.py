"""The terminal coach speaks the user's language around the coach's replies too: who speaks,
table headers, the proposal box, memory notes and command answers (`terminal.labels`)."""

from __future__ import annotations

import datetime as dt
import string

import pytest
from rich.console import Console

from fitcoach.brain.ports import Locale, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.local.coach import LocalCoach
from fitcoach.terminal.labels import LABELS, say, short_date
from fitcoach.terminal.repl import HELP, TerminalCoach

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)  # a Monday


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(LABELS))
def test_every_label_speaks_five_languages_with_the_same_slots(key: str) -> None:
    texts = LABELS[key]
    assert set(texts) == set(Locale), key
    for locale, text in texts.items():
        assert text.strip(), (key, locale)
        assert _fields(text) == _fields(texts[Locale.EN]), (key, locale)


def test_every_help_line_has_a_label() -> None:
    assert all(meaning in LABELS for _, meaning in HELP)


# (onboarding in the language, the words the terminal must use for "you" and "coach",
# how the plan table heads the exercise column and names Monday 14 September)
SESSIONS = {
    Locale.EN: ("I have dumbbells up to 50 lb and a bench, 4 days a week, 45 minutes",
                "you ›", "coach", "exercise", "Monday 14 Sep"),
    Locale.ES: ("Tengo mancuernas de hasta 22 kg y un banco, 4 días a la semana, 45 minutos",
                "tú ›", "entrenador", "ejercicio", "lunes 14/09"),
    Locale.IT: ("Ho manubri fino a 22 kg e una panca, 4 giorni a settimana, 45 minuti",
                "tu ›", "coach", "esercizio", "lunedì 14/09"),
    Locale.HE: ('יש לי משקולות יד עד 22 ק"ג וספסל, 4 ימים בשבוע, 45 דקות',
                "אני ›", "המאמן", "תרגיל", "שני 14/09"),
    Locale.KO: ("22kg까지 덤벨이랑 벤치가 있어요, 일주일에 4일, 45분씩 할 수 있어요",
                "나 ›", "코치", "운동", "월요일 9/14"),
}


@pytest.mark.parametrize("locale", list(SESSIONS))
def test_a_chat_in_each_language_is_labelled_in_it(locale: Locale) -> None:
    onboarding, you, coach, exercise, monday = SESSIONS[locale]
    brain = EmbeddedBrain()
    session = LocalCoach.sign_up(UserSettings(user_id="t", locale=locale), brain, brain,
                                 clock=lambda: NOW)
    console = Console(record=True, width=200, color_system=None)
    lines = iter([onboarding, "/accept", "/plan", "/memory", "/help", "/quit"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(lines)

    TerminalCoach(session=session, console=console).run(read=read)
    output = console.export_text()
    assert all(prompt.endswith(f"{you} ") for prompt in prompts), prompts
    assert f"─ {coach} ─" in output
    assert exercise in output
    assert monday in output
    accepted = session.proposals[0].id
    assert say(locale, "accepted", id=accepted, version=1) in output
    assert say(locale, "memory_title") in output
    assert say(locale, "help.quit") in output
    assert say(locale, "bye") in output
    if locale is not Locale.EN:
        for english in ("you ›", "staged, not applied", "What the coach remembers",
                        "Accepted prop_", "training days", "this list"):
            assert english not in output, english


def test_english_dates_keep_their_month_names() -> None:
    assert short_date(Locale.EN, NOW.date()) == "Monday 14 Sep"
    assert short_date(Locale.KO, NOW.date()) == "월요일 9/14"


def test_a_chat_that_cannot_start_says_why_in_the_users_language() -> None:
    from typer.testing import CliRunner

    from fitcoach.cli import app

    result = CliRunner().invoke(app, ["chat", "--locale", "es", "--timezone", "Mars/Olympus"],
                                input="/quit\n", env={"NO_COLOR": "1"})
    assert result.exit_code == 2
    assert "zona horaria desconocida 'Mars/Olympus'" in result.output
