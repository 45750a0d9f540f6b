"""The chat as a dialogue (DESIGN D9): follow-ups read against the last turns, a staged change
turned down in words, questions about the plan answered from it, and one clarifying question
whose suggested replies are themselves understood when tapped."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from fitcoach.brain.ports import Locale
from fitcoach.brain.proposals import ProposalStatus
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.brain.providers.embedded.compose.phrasebook import PHRASES
from fitcoach.brain.providers.embedded.nlu import analyze, route
from fitcoach.brain.providers.embedded.nlu.dialogue import Dialogue
from fitcoach.brain.providers.embedded.nlu.router import Intent
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, MuscleGroup, Weekday
from fitcoach.evals.cases import SEED_NOW
from fitcoach.evals.states import load_states
from fitcoach.local.coach import LocalCoach
from fitcoach.local.turns import TurnRecord

LANGS = ["en", "es", "it", "he", "ko"]
SORE = {"en": "My shoulder is sore today", "es": "Me duele el hombro hoy",
        "it": "Mi fa male la spalla oggi", "he": "כואבת לי הכתף היום", "ko": "오늘 어깨가 아파요"}
NO_THANKS = {"en": "nah, leave my plan as it is", "es": "no gracias, déjalo como está",
             "it": "no grazie, lascia tutto com'era", "he": "לא תודה, תשאיר את זה כמו שהיה",
             "ko": "아니요 괜찮아요, 그냥 원래대로 둬요"}
YES = {"en": "yeah ok, do that one", "es": "vale, hazlo entonces", "it": "ok, fallo pure",
       "he": "כן, תעשה ככה", "ko": "네 그렇게 해 주세요"}
VAGUE = {"en": "hmm the thing from before", "es": "mmm lo de la otra vez",
         "it": "boh quella cosa di prima", "he": "אממ הדבר ההוא", "ko": "음 그때 그거"}


def session(language: str) -> LocalCoach:
    state = load_states()["home_db_user"]
    return state.session(Locale(language), SEED_NOW, EmbeddedBrain(), None)


def send(chat: LocalCoach, message: str) -> TurnRecord:
    return asyncio.run(chat.send(message, now=SEED_NOW))


@pytest.mark.parametrize("language", LANGS)
def test_no_thanks_rejects_the_staged_change_and_changes_nothing_else(language: str) -> None:
    chat = session(language)
    staged = send(chat, SORE[language]).staged
    assert staged is not None
    memory, plan, version = list(chat.memory), chat.plan, chat.version
    record = send(chat, NO_THANKS[language])
    result = record.outcome.result
    assert chat.proposal(staged.id).status is ProposalStatus.REJECTED
    assert result.proposal.type.value == "NONE"
    assert not result.memory_mutations
    assert (chat.memory, chat.plan, chat.version) == (memory, plan, version)
    assert not result.suggested_replies


def test_no_thanks_with_nothing_staged_rejects_nothing() -> None:
    chat = session("en")
    record = send(chat, NO_THANKS["en"])
    assert not record.outcome.result.rejects_pending
    assert not chat.proposals


@pytest.mark.parametrize("language", LANGS)
def test_yes_sends_the_words_the_coach_offered(language: str) -> None:
    chat = session(language)
    first = send(chat, SORE[language])
    assert first.staged is not None
    assert first.staged.proposal.target_day is Weekday.MONDAY
    record = send(chat, YES[language])
    proposal = record.outcome.result.proposal
    assert proposal.target_day is Weekday.THURSDAY
    slugs = {e.exercise_id for block in proposal.data.blocks for e in block.exercises}
    assert not any(MuscleGroup.SHOULDERS in CATALOG.get(s).primary_groups for s in slugs)


def test_yes_with_a_change_staged_and_nothing_offered_points_at_accept() -> None:
    chat = session("en")
    assert send(chat, "I only have 30 minutes on Monday").staged is not None
    record = send(chat, YES["en"])
    assert record.outcome.result.proposal.type.value == "NONE"
    assert "Accept Plan" in record.outcome.result.message
    assert chat.pending() is not None  # still waiting for the button


@pytest.mark.parametrize(("language", "also"), [
    ("en", "and thursday as well?"), ("es", "¿y el jueves también?"), ("it", "e anche giovedì?"),
    ("he", "וגם ביום חמישי?"), ("ko", "목요일도요?")])
def test_and_another_day_too_repeats_the_last_change_there(language: str, also: str) -> None:
    chat = session(language)
    short = {"en": "I only have 30 minutes on Monday", "es": "Hoy solo tengo 30 minutos",
             "it": "Oggi ho solo 30 minuti", "he": "היום יש לי רק 30 דקות",
             "ko": "오늘 30분밖에 없어요"}[language]
    send(chat, short)
    proposal = send(chat, also).outcome.result.proposal
    assert proposal.target_day is Weekday.THURSDAY
    assert proposal.data.duration_minutes <= 30


def test_a_follow_up_without_earlier_turns_is_read_alone() -> None:
    chat = session("en")
    record = send(chat, "and thursday as well?")
    assert record.outcome.result.proposal.type.value == "NONE"


@pytest.mark.parametrize("language", LANGS)
def test_what_is_a_superset_names_the_weeks_supersets(language: str) -> None:
    chat = session(language)
    plan = chat.current_plan(SEED_NOW)
    pairs = [" + ".join(e.name for e in block.exercises)
             for day in WEEKDAYS for block in plan.days[day].blocks if len(block.exercises) > 1]
    assert pairs
    message = send(chat, {"en": "what is a superset exactly?",
                          "es": "¿qué es una superserie exactamente?",
                          "it": "cos'è esattamente un superset?", "he": "מה זה בעצם סופרסט?",
                          "ko": "슈퍼세트가 정확히 뭐예요?"}[language]).outcome.result.message
    assert pairs[0] in message


def test_why_no_biceps_names_the_days_and_exercises_that_train_them() -> None:
    chat = session("en")
    plan = chat.current_plan(SEED_NOW)
    trained = [(day, e.name) for day in WEEKDAYS for block in plan.days[day].blocks
               for e in block.exercises
               if MuscleGroup.BICEPS in CATALOG.get(e.exercise_id).primary_groups]
    assert trained
    message = send(chat, "how come there's no bicep work this week?").outcome.result.message
    for day, name in trained:
        assert day.value.capitalize() in message
        assert name in message


def test_why_only_two_sets_counts_the_weeks_sets_from_the_plan() -> None:
    chat = session("en")
    plan = chat.current_plan(SEED_NOW)
    row = next(e for day in WEEKDAYS for block in plan.days[day].blocks for e in block.exercises
               if e.exercise_id == "single-arm-db-row")
    weekly = sum(e.target_sets for day in WEEKDAYS for block in plan.days[day].blocks
                 for e in block.exercises
                 if sorted(CATALOG.get("single-arm-db-row").primary_groups)[0]
                 in CATALOG.get(e.exercise_id).primary_groups)
    message = send(chat, f"why only {row.target_sets} sets of single arm db rows?"
                   ).outcome.result.message
    assert f"{row.target_sets} sets" in message
    assert f"{weekly} hard sets" in message


@pytest.mark.parametrize("language", LANGS)
def test_an_unclear_message_gets_one_question_with_two_or_three_replies(language: str) -> None:
    result = send(session(language), VAGUE[language]).outcome.result
    assert result.proposal.type.value == "NONE"
    assert not result.memory_mutations
    assert result.message == PHRASES.say("dialogue.clarify", language)
    assert result.suggested_replies is not None
    assert 2 <= len(result.suggested_replies) <= 3


@pytest.mark.parametrize("language", LANGS)
@pytest.mark.parametrize("key", [k for k in PHRASES if k.startswith("chip.clarify.")])
def test_every_suggested_reply_is_understood_when_tapped(language: str, key: str) -> None:
    text = PHRASES.say(key, language)
    analysis = analyze(text, today=dt.date(2026, 9, 14), locale=Locale(language))
    routing = route(analysis, has_plan=True, dialogue=Dialogue())
    assert routing.intent not in (Intent.CLARIFY, Intent.UNKNOWN), (text, routing.rules)


def test_the_offer_is_read_from_the_coachs_last_reply() -> None:
    dialogue = Dialogue(last_coach="Tap Accept Plan for Monday, then send “Keep my shoulders "
                                   "out of Thursday too” and I'll do the same there.")
    assert dialogue.offer == "Keep my shoulders out of Thursday too"
    assert Dialogue(last_coach="Done.").offer is None
