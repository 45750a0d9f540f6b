"""`EmbeddedBrain.finalize_message`: the coach's voice. Verbosity budgets, the user's tone,
staged proposals, honest refusals and honest NONE answers, in the reply language."""

from __future__ import annotations

import asyncio
import datetime as dt
import re
import sys
import time
import types

import pytest
from nlu_seed_messages import SEED_MESSAGES
from test_brain_decide import NOW, SEED_MEMORY, request, seed_plan, staple

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import (
    BrainDecision,
    DecisionNotes,
    Materialized,
    Problem,
    ProblemSource,
)
from fitcoach.brain.memory_logs import InMemoryLogReader
from fitcoach.brain.ports import ActiveTab, Locale, RouteContext, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.brain.providers.embedded.compose.reply import count_sentences
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.local.coach import LocalCoach
from fitcoach.memory.entries import MemoryItem

LANGS = ["en", "es", "it", "he", "ko"]
TOUGH = staple("mem_tone", category="preference", fact="Tough love.", tone="tough_love")
BRIEF = staple("mem_tone", category="preference", fact="Short.", tone="brief")
GENTLE = staple("mem_tone", category="preference", fact="Gentle.", tone="gentle")


def reply(message: str, *, memory: tuple[MemoryItem, ...] = SEED_MEMORY, language: str = "en",
          tab: ActiveTab = ActiveTab.COACH, with_plan: bool = True) -> str:
    chat = LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=Locale(language)),
                              brain=EmbeddedBrain(), memory=list(memory),
                              plan=seed_plan(language) if with_plan else None, clock=lambda: NOW)
    record = asyncio.run(chat.send(message, route=RouteContext(active_tab=tab)))
    assert record.outcome.meta.get("rejected") is None
    return record.outcome.result.message


# -- verbosity ----------------------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGS)
@pytest.mark.parametrize("number", [2, 5, 7, 8])
def test_standard_answers_stay_within_three_sentences(language: str, number: int) -> None:
    assert count_sentences(reply(SEED_MESSAGES[language][number], language=language)) <= 3


@pytest.mark.parametrize("language", LANGS)
def test_a_live_swap_is_one_sentence(language: str) -> None:
    message = reply(SEED_MESSAGES[language][4], language=language, tab=ActiveTab.TODAY)
    assert count_sentences(message) == 1


def test_asking_why_gets_the_full_breakdown() -> None:
    brief = reply("How should I do incline DB bench press?")
    why = reply("Why should I lower the dumbbells slowly on the incline DB bench press?")
    assert count_sentences(brief) <= 3
    assert count_sentences(why) > 3
    assert "Why it works" in why


# -- tone ---------------------------------------------------------------------------------------
def test_tough_love_changes_the_coachs_words() -> None:
    plain = reply(SEED_MESSAGES["en"][2])
    tough = reply(SEED_MESSAGES["en"][2], memory=(*SEED_MEMORY, TOUGH))
    assert tough != plain
    assert tough.endswith("Tap Accept Plan for Monday and get to work.")
    assert reply("I'm not motivated today", memory=(*SEED_MEMORY, TOUGH)).startswith(
        "Nobody regrets a workout they showed up for")


def test_a_brief_preference_cuts_answers_to_two_sentences() -> None:
    message = reply(SEED_MESSAGES["en"][5], memory=(*SEED_MEMORY, BRIEF))
    assert count_sentences(message) == 2
    assert "Accept Plan" in message  # still staged, even when brief


def test_gentle_coaching_is_gentle() -> None:
    assert reply("hi", memory=(*SEED_MEMORY, GENTLE)).startswith(
        "Hi, lovely to hear from you")


def test_a_tone_asked_for_now_is_used_now() -> None:
    assert reply("be tough on me") in (
        "Deal: from now on I'm direct and I hold you to it, no excuses.",
        "You asked for it: no sugar-coating from here on.")


# -- staging, determinism, honesty --------------------------------------------------------------
def test_the_same_turn_always_reads_the_same() -> None:
    assert reply(SEED_MESSAGES["it"][5], language="it") == \
        reply(SEED_MESSAGES["it"][5], language="it")


@pytest.mark.parametrize("language", LANGS)
def test_proposals_are_staged_never_done(language: str) -> None:
    button = {"en": "Accept Plan", "es": "Aceptar plan", "it": "Accetta piano",
              "he": "אישור התוכנית", "ko": "플랜 수락"}[language]
    for number in (2, 3, 5, 6):
        assert button in reply(SEED_MESSAGES[language][number], language=language)


def test_nonsense_gets_one_clarifying_question_and_no_change() -> None:
    # D9: with a plan, a message nothing reads confidently gets one question (its tappable
    # answers are tested in test_dialogue.py); before a plan, the onboarding question.
    assert reply("blue banana") == "I want to get this right: which of these do you mean?"
    assert reply("blue banana", memory=(), with_plan=False).startswith("I'm not sure what")


def test_a_greeting_mentions_todays_session() -> None:
    monday = seed_plan().days[Weekday.MONDAY]
    message = reply("hello")
    assert f"Today is {monday.title}, about {monday.duration_minutes} minutes." in message


def test_a_request_that_cannot_apply_says_why() -> None:
    assert reply("Remove goblet squats from Monday") == \
        "DB Goblet Squat isn't in Monday's session, so there's nothing to change there."
    assert reply("Make Wednesday a rest day") == "Wednesday is already a rest day."


def test_an_acute_state_with_nothing_to_change_is_still_remembered() -> None:
    # Nothing in the seed's week loads the neck.
    message = reply("my neck is a bit sore")
    assert message.endswith("Nothing in your plan before Saturday loads your neck, so the "
                            "sessions stay as they are.")
    assert count_sentences(message) == 2


def test_exhaustion_reads_as_a_lighter_day() -> None:
    message = reply("im exhausted today, barely slept last night")
    assert "Monday gets lighter" in message
    assert count_sentences(message) <= 3


# -- refusals -----------------------------------------------------------------------------------
REFUSALS = [
    (Problem(source=ProblemSource.EDIT, code="no_substitute",
             message="no exercise can replace Incline DB Bench Press on Monday with the gear "
                     "at hand and every rule kept",
             day=Weekday.MONDAY, exercise_id="incline-db-bench-press"),
     "I couldn't make that change to Incline DB Bench Press.",
     "Nothing else fits there with the gear at hand while keeping every programming rule."),
    (Problem(source=ProblemSource.EDIT, code="rest_day", message="Wednesday is a rest day",
             day=Weekday.WEDNESDAY),
     "I couldn't make that change to Wednesday.",
     "That day is a rest day, so there's no session to change."),
    (Problem(source=ProblemSource.RULE, code="RECOVERY_48H",
             message="Chest is trained hard again within 48 hours"),
     "I couldn't make that change.",
     "It would break the 48 hours of recovery between hard sessions for the same muscles."),
    (Problem(source=ProblemSource.MEMORY, code="unknown_id",
             message="no memory item 'mem_x'", index=0),
     "I couldn't make that change.",
     "Part of what I tried to remember didn't fit your profile."),
    (Problem(source=ProblemSource.DECISION, code="invalid_decision",
             message="UPDATE_DAY without any plan edit"),
     "I couldn't make that change.", "Something about it doesn't fit the rules I follow."),
]


@pytest.mark.parametrize(("problem", "lead", "reason"), REFUSALS,
                         ids=[p.code for p, _, _ in REFUSALS])
def test_a_refusal_names_what_failed_and_why_in_plain_words(problem: Problem, lead: str,
                                                            reason: str) -> None:
    text = SEED_MESSAGES["en"][2]
    decision = asyncio.run(EmbeddedBrain().decide(request(text), InMemoryLogReader()))
    refused = decision.model_copy(update={
        "proposal_type": ProposalType.NONE, "edits": (), "memory_mutations": (),
        "notes": decision.notes.model_copy(update={"rejected": (problem.text,),
                                                   "problems": (problem,)})})
    message = EmbeddedBrain().finalize_message(request(text), refused,
                                               Materialized(notes=(problem.text,)))
    assert message == f"{lead} {reason} Your plan stays as it is; tell me if you'd like to " \
                      "try it another way."


@pytest.mark.parametrize("language", LANGS)
def test_a_refusal_speaks_the_users_language_without_internal_codes(language: str) -> None:
    problem = Problem(source=ProblemSource.RULE, code="SESSION_VOLUME_CAP",
                      message="Chest gets 9 hard sets")
    text = SEED_MESSAGES[language][2]
    decision = BrainDecision(language=Locale(language),
                             notes=DecisionNotes(rejected=(problem.text,),
                                                 problems=(problem,)))
    message = EmbeddedBrain().finalize_message(request(text, language=language), decision,
                                               Materialized(notes=(problem.text,)))
    assert not re.search(r"SESSION|VOLUME_CAP|_|rule:", message)
    assert count_sentences(message) == 3
    if language == "he":
        assert re.search(r"[\u05d0-\u05ea]{3}", message)
    if language == "ko":
        assert re.search(r"[\uac00-\ud7a3]{3}", message)


def _stopped_clock(monkeypatch: pytest.MonkeyPatch, moment: dt.datetime) -> int:
    """Make every loaded fitcoach module read `moment` from the wall clock: its `datetime`
    module (or the `datetime`/`date` classes it imported) and its `time` module answer
    `moment` to now(), utcnow(), today(), time() and time_ns(). Answers how many modules."""
    real_datetime, real_date = dt.datetime, dt.date

    class _Real(type):  # real datetimes and dates still pass isinstance checks
        def __instancecheck__(cls, obj: object) -> bool:
            return isinstance(obj, real_datetime if cls.__name__ == "datetime" else real_date)

    class StoppedDatetime(real_datetime, metaclass=_Real):
        @classmethod
        def now(cls, tz: dt.tzinfo | None = None) -> dt.datetime:  # type: ignore[override]
            return moment.astimezone(tz) if tz else moment.replace(tzinfo=None)

        @classmethod
        def utcnow(cls) -> dt.datetime:  # type: ignore[override]
            return moment.astimezone(dt.UTC).replace(tzinfo=None)

        @classmethod
        def today(cls) -> dt.datetime:  # type: ignore[override]
            return cls.now()

    class StoppedDate(real_date, metaclass=_Real):
        @classmethod
        def today(cls) -> dt.date:  # type: ignore[override]
            return moment.date()

    StoppedDatetime.__name__, StoppedDate.__name__ = "datetime", "date"
    stopped_dt = types.ModuleType("datetime")
    stopped_dt.__dict__.update({**vars(dt), "datetime": StoppedDatetime, "date": StoppedDate})
    stopped_time = types.ModuleType("time")
    stopped_time.__dict__.update({**vars(time), "time": moment.timestamp,
                                  "time_ns": lambda: int(moment.timestamp() * 1e9)})
    swaps = {id(dt): stopped_dt, id(real_datetime): StoppedDatetime, id(real_date): StoppedDate,
             id(time): stopped_time}
    patched = 0
    for name, module in list(sys.modules.items()):
        if not name.startswith("fitcoach.") or module is None:
            continue
        for attribute, value in list(vars(module).items()):
            if id(value) in swaps:
                monkeypatch.setattr(module, attribute, swaps[id(value)])
                patched += 1
    return patched


@pytest.mark.parametrize("language", LANGS)
def test_the_message_does_not_depend_on_the_wall_clock(monkeypatch: pytest.MonkeyPatch,
                                                       language: str) -> None:
    """A reply is a function of the request, *now* included, never of the wall clock: with the
    clock stopped on two other days (another weekday, another year) every seed message gets
    the same reply as with the real clock. A composer that read `date.today()` for "today"
    or `datetime.now()` for a TTL would say another day or date here."""
    messages = SEED_MESSAGES[language].values()
    with_real_clock = [reply(text, language=language) for text in messages]
    for moment in (dt.datetime(2031, 3, 6, 23, 59, tzinfo=dt.UTC),  # a Thursday
                   dt.datetime(2019, 12, 29, 0, 1, tzinfo=dt.UTC)):  # a Sunday
        with monkeypatch.context() as patch:
            assert _stopped_clock(patch, moment) > 20  # the embedded brain's modules included
            from fitcoach.brain.providers.embedded.compose import context
            assert context.dt.datetime.now(dt.UTC) == moment  # the stopped clock is in place
            assert [reply(text, language=language) for text in messages] == with_real_clock


# -- a full day that made room, a family word with two members -----------------------------------
def test_an_addition_to_a_full_day_says_what_gave_way() -> None:
    # Thursday's shoulders are at (or next to) their 8-set session cap and the DB chest flye is
    # the only accessory crediting them, so it gives way, and a row gives a set so the
    # laterals get two working sets; how many sets fit is the plan's business, the reply says
    # what gave way.
    message = reply("Add lateral raises to Thursday")
    assert message.startswith("DB Lateral Raise is in on Thursday, ")
    assert ("; to make room I trimmed sets from Chest-Supported DB Row and took out DB Chest "
            "Flye.") in message
    assert count_sentences(message) <= 3


@pytest.mark.parametrize(("language", "message", "word"), [
    ("en", "remove the press on monday", "Which one"),
    ("es", "quita el press del lunes", "¿Cuál"),
])
def test_a_family_word_with_two_members_asks_which(language: str, message: str,
                                                  word: str) -> None:
    text = reply(message, language=language)
    assert word in text
    assert "Incline DB Bench Press" in text
    assert "Seated DB Shoulder Press" in text
