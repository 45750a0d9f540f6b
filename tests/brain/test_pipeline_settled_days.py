"""The turn pipeline hands the engine the user's today: an edit of a day already past, or of a
workout already logged (DESIGN D7), is refused and nothing is staged; an event the plan's week
cannot reach is refused too."""

from __future__ import annotations

import asyncio
import datetime as dt
import sys
from pathlib import Path

from fitcoach.analytics.logs import ExerciseRecord, SetRecord
from fitcoach.brain.contract import ProposalType
from fitcoach.brain.pipeline import run_turn
from fitcoach.brain.ports import UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.local.coach import LocalCoach
from fitcoach.programming.edits.operations import Deload, ProtectForEvent, ShortenDay

sys.path.insert(0, str(Path(__file__).parent))
from test_pipeline_no_change import ScriptedEdits

sys.path.insert(0, str(Path(__file__).parent / "embedded"))
from nlu_seed_messages import SEED_MESSAGES

MONDAY = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
WEDNESDAY = MONDAY + dt.timedelta(days=2)


def onboarded() -> LocalCoach:
    chat = LocalCoach.sign_up(settings=UserSettings(user_id="u"), brain=EmbeddedBrain(),
                              clock=lambda: MONDAY)
    asyncio.run(chat.send(SEED_MESSAGES["en"][1]))
    chat.accept()
    return chat


def test_a_past_day_is_not_edited() -> None:
    chat = onboarded()
    plan = chat.plan
    record = asyncio.run(chat.send("Make Monday a rest day", now=WEDNESDAY))
    assert record.outcome.result.proposal.type is ProposalType.NONE
    assert record.staged is None
    [problem] = record.outcome.meta["rejected"]
    assert problem.startswith("plan edit rejected: day_past: Monday (2026-09-14) is already past")
    assert "That day has already passed" in record.outcome.result.message
    assert "stays as it is" in record.outcome.result.message
    assert chat.plan == plan


def test_the_same_edit_of_today_still_works() -> None:
    chat = onboarded()
    record = asyncio.run(chat.send("Make Monday a rest day", now=MONDAY))
    assert record.outcome.result.proposal.type is ProposalType.UPDATE_DAY


def test_a_logged_workout_is_not_rewritten() -> None:
    chat = onboarded()
    chat.log_workout([ExerciseRecord(exercise_id="goblet-squat",
                                     sets=(SetRecord(weight_lbs=50, reps=10),))], now=MONDAY)
    chat.brain = ScriptedEdits((ShortenDay(day=Weekday.MONDAY, minutes=20),),  # type: ignore[assignment]
                               ProposalType.UPDATE_DAY, Weekday.MONDAY)
    turn = chat.turn_input("Cut today's session to 20 minutes", now=MONDAY)
    assert turn.plan.plan is not None
    assert turn.plan.plan.days[Weekday.MONDAY].status.value == "completed"
    outcome = asyncio.run(run_turn(turn, chat.brain, chat.log_reader))
    assert outcome.result.proposal.type is ProposalType.NONE
    [problem] = outcome.meta["rejected"]
    assert problem.startswith("plan edit rejected: day_done:")
    assert "a completed workout can't be rewritten" in problem
    assert "a completed workout can't be rewritten" in outcome.result.message


def test_an_event_outside_the_week_is_refused() -> None:
    chat = onboarded()
    chat.brain = ScriptedEdits((ProtectForEvent(  # type: ignore[assignment]
        name="Wedding", start=dt.date(2026, 10, 3), protect=()),), ProposalType.UPDATE_WEEK)
    record = asyncio.run(chat.send("Plan around the wedding on October 3rd", now=MONDAY))
    assert record.outcome.result.proposal.type is ProposalType.NONE
    assert chat.pending() is None
    [problem] = record.outcome.meta["rejected"]
    assert problem.startswith("plan edit rejected: outside_week: Wedding (2026-10-03)")
    assert "outside this week's plan" in record.outcome.result.message


def test_a_week_proposal_after_a_logged_workout_is_all_scheduled() -> None:
    """The settled day comes back as it was, but in the proposal's form (DESIGN D2: every day
    of a proposal is scheduled, with no completion); the completion stays a fact about the
    date, overlaid when the plan is read, so Accept never writes it into a plan version."""
    chat = onboarded()
    chat.log_workout([ExerciseRecord(exercise_id="goblet-squat",
                                     sets=(SetRecord(weight_lbs=50, reps=10),))], now=MONDAY)
    chat.brain = ScriptedEdits((Deload(),), ProposalType.UPDATE_WEEK)  # type: ignore[assignment]
    record = asyncio.run(chat.send("Deload this week", now=MONDAY))
    proposal = record.outcome.result.proposal
    assert proposal.type is ProposalType.UPDATE_WEEK
    assert all((d.status.value, d.completed_log_id, d.completed_at) == ("scheduled", None, None)
               for d in proposal.data.days.values())
    before = chat.plan.days[Weekday.MONDAY]
    accepted = chat.accept(now=MONDAY)
    assert chat.plan.days[Weekday.MONDAY] == before  # the logged day is not rewritten
    assert accepted.plan.days[Weekday.MONDAY].status.value == "completed"  # the overlay
