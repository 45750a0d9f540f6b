"""Questions about a day's session and about progress in the user's own words.

- "What should I do today?" is answered from the plan, exercise by exercise (a NONE answer),
  for today, tomorrow or a named day, and a rest day points at the next session.
- "How am I progressing?" is an overview of the main lifts (their top load then and now),
  not a yes/no about one exercise.
- A generic name ("bench press", "벤치프레스") stands for the member of its family the user
  does: the one in their plan, else the one their logs hold, else one their gear allows.
"""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest
from test_brain_decide import NOW, SEED_MEMORY, seed_plan

from fitcoach.analytics.logs import ExerciseRecord, SetRecord
from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import Locale, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.brain.providers.embedded.nlu import analyze, route
from fitcoach.brain.providers.embedded.nlu.router import Intent
from fitcoach.catalog.vocabulary import Unit, Weekday
from fitcoach.local.coach import LocalCoach
from fitcoach.local.turns import TurnRecord
from fitcoach.programming.plan import WeeklyPlan

TODAY = NOW.date()

SESSION_QUESTIONS = [
    # (lang, message, the day asked about); two phrasings per language
    ("en", "what should I do today?", Weekday.MONDAY),
    ("en", "what am I doing tomorrow?", Weekday.TUESDAY),
    ("es", "¿qué me toca hoy?", Weekday.MONDAY),
    ("es", "¿qué tengo el jueves?", Weekday.THURSDAY),
    ("it", "cosa devo fare oggi?", Weekday.MONDAY),
    ("it", "cosa c'è in programma giovedì?", Weekday.THURSDAY),
    ("he", "מה יש לי היום?", Weekday.MONDAY),
    ("he", "מה האימון מחר?", Weekday.TUESDAY),
    ("ko", "오늘 뭐 하면 돼요?", Weekday.MONDAY),
    ("ko", "내일 운동 뭐예요?", Weekday.TUESDAY),
]


def chat(language: str = "en", plan: WeeklyPlan | None = None) -> LocalCoach:
    return LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=Locale(language),
                                                    units=Unit.KG),
                              brain=EmbeddedBrain(), memory=list(SEED_MEMORY),
                              plan=plan or seed_plan(language), clock=lambda: NOW)


def send(session: LocalCoach, message: str) -> TurnRecord:
    return asyncio.run(session.send(message))


@pytest.mark.parametrize(("lang", "message", "day"), SESSION_QUESTIONS)
def test_a_session_question_is_answered_from_the_plan(lang: str, message: str,
                                                      day: Weekday) -> None:
    decision = route(analyze(message, today=TODAY, locale=Locale(lang)), has_plan=True)
    assert (decision.intent, decision.rules[-1]) == (Intent.CONVERSATION, "session")
    session = chat(lang)
    result = send(session, message).outcome.result
    assert result.proposal.type is ProposalType.NONE
    planned = session.current_plan().days[day]
    for exercise in planned.exercises:
        assert exercise.name in result.message
    assert f"{planned.exercises[0].target_sets}×{planned.exercises[0].target_reps}" \
        in result.message


def test_a_rest_day_points_at_the_next_session() -> None:
    session = chat()
    plan = session.current_plan()
    rest = next(d for d in Weekday if not plan.days[d].is_training_day
                and plan.days[Weekday(list(Weekday)[(d.index + 1) % 7])].is_training_day)
    following = list(Weekday)[(rest.index + 1) % 7]
    message = send(session, f"what's on {rest.value}?").outcome.result.message
    assert message.startswith(f"{rest.display_name} is a rest day")
    assert plan.days[following].title in message


def test_a_session_question_with_a_swap_or_a_pain_is_the_swap_or_the_pain() -> None:
    for message, intent in (("what should I do instead of the incline press today?",
                             Intent.GYM_SWAP),
                            ("what should I do today? my knee hurts", Intent.ACUTE_STATE)):
        decision = route(analyze(message, today=TODAY, locale=Locale.EN), has_plan=True)
        assert decision.intent is intent


def log(session: LocalCoach, slug: str, sets: list[tuple[float, int]], days_ago: int) -> None:
    records = tuple(SetRecord(weight_lbs=w, reps=r, rpe=8) for w, r in sets)
    session.log_workout([ExerciseRecord(exercise_id=slug, sets=records)],
                        now=NOW - dt.timedelta(days=days_ago))


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "How am I progressing?"), ("en", "Am I getting any stronger?"),
    ("es", "¿Voy mejorando?"), ("it", "Come sto progredendo?"),
    ("he", "אני מתחזק?"), ("ko", "요즘 진행 상황이 어때요?"),
])
def test_a_general_progress_question_reviews_the_main_lifts(lang: str, message: str) -> None:
    session = chat(lang)
    plan = session.current_plan()
    anchors = list(dict.fromkeys(plan.days[d].exercises[0].exercise_id for d in Weekday
                                 if plan.days[d].is_training_day))[:2]
    for days_ago, lbs in ((14, 39.7), (7, 44.1)):  # 18 kg, then 20 kg
        for slug in anchors:
            log(session, slug, [(lbs, 10)] * 3, days_ago)
    record = send(session, message)
    assert record.outcome.meta["tools"] == ["get_historical_exercise_logs"] * 2
    text = record.outcome.result.message
    assert "18" in text  # then and now, for each lift
    assert "20" in text
    assert not text.startswith(("Yes", "Sí", "Sì", "כן", "네"))


@pytest.mark.parametrize(("lang", "message"), [
    ("ko", "벤치프레스 무게를 올려도 될까요?"),
    ("en", "is it time to bump up the weight on my bench press?"),
    ("he", "כדאי לי להעלות במשקל בלחיצת חזה?"),
])
def test_a_generic_name_means_the_member_in_the_plan(lang: str, message: str) -> None:
    session = chat(lang)
    planned = {e.exercise_id for d in Weekday for e in session.current_plan().days[d].exercises}
    assert "flat-db-bench-press" in planned
    assert "flat-bb-bench-press" not in planned
    log(session, "flat-db-bench-press", [(50, 10)] * 3, 4)
    record = send(session, message)
    assert "Flat DB Bench Press" in record.outcome.result.message
    assert "Barbell Bench Press" not in record.outcome.result.message


def test_without_it_in_the_plan_a_generic_name_means_what_the_logs_hold() -> None:
    plan = seed_plan()
    days = {d: plan.days[d].model_copy(update={"blocks": tuple(
        b for b in plan.days[d].blocks
        if not any(e.exercise_id.endswith("bench-press") for e in b.exercises))})
        for d in Weekday}
    session = chat(plan=plan.model_copy(update={"days": days}))
    log(session, "incline-db-bench-press", [(40, 10)] * 3, 4)
    record = send(session, "should I go up in weight on bench press?")
    assert "Incline DB Bench Press" in record.outcome.result.message
    # With no log either, the member the user's gear allows (dumbbells, not the barbell).
    fresh = chat(plan=plan.model_copy(update={"days": days}))
    text = send(fresh, "should I go up in weight on bench press?").outcome.result.message
    assert "Flat DB Bench Press" in text


@pytest.mark.parametrize(("lang", "message"), [
    ("es", "¿Debería subir de peso en el press inclinado?"),
    ("es", "¿subo de peso en el press inclinado?"),
    ("it", "posso salire di peso sulle distensioni inclinate con manubri?"),
])
def test_going_up_with_an_exercise_is_a_load_question(lang: str, message: str) -> None:
    decision = route(analyze(message, today=TODAY, locale=Locale(lang)), has_plan=True)
    assert decision.intent is Intent.PROGRESS_REVIEW
    assert decision.tools[0].exercise_slug == "incline-db-bench-press"


def test_gaining_weight_alone_is_no_load_question() -> None:
    decision = route(analyze("quiero subir de peso", today=TODAY, locale=Locale.ES),
                     has_plan=True)
    assert decision.intent is not Intent.PROGRESS_REVIEW
