"""What the held-out sets added to the scorer: a clarifying question (with suggested replies)
where it belongs and nowhere else, earlier turns of a dialogue, and more than one right
reply language."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

from fitcoach.brain.contract import ChatTurnResult, Proposal, ProposalType
from fitcoach.brain.decision import BrainDecision, BrainRequest
from fitcoach.brain.ports import LogReader
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.evals import run_case, score
from fitcoach.evals.cases import Case, Clarify
from fitcoach.evals.scoring import Observation, suggested_replies
from fitcoach.memory.entries import MemoryMutation, Operation, Tier
from fitcoach.programming.edits.operations import ShortenDay
from fitcoach.programming.profile import Profile

from .scripted import ScriptedBrain

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
PROFILE = Profile(training_days=(Weekday.MONDAY,))


def make_case(**fields: Any) -> Case:
    data: dict[str, Any] = {"id": "en-test", "language": "en", "intent": "conversation",
                            "state": "home_db_user", "message": "can we change it?",
                            "expect": {"proposal": "NONE"}}
    data.update(fields)
    return Case.model_validate(data)


def observe(message: str, *, replies: list[str] | None = None,
            applied: tuple[MemoryMutation, ...] = (),
            proposal: Proposal | None = None) -> Observation:
    meta = {"suggested_replies": replies} if replies is not None else None
    result = ChatTurnResult(message=message, proposal=proposal or Proposal(), meta=meta)
    return Observation(result=result, applied=applied, now=NOW, profile_after=PROFILE,
                       base_plan=None, latency_ms=1.0,
                       suggested_replies=suggested_replies(result))


ASKING = "Change what: today's session, a day this week, or your whole schedule?"
CHIPS = ["Today's session", "A day this week", "My whole schedule"]


def test_an_ambiguous_message_needs_one_question_with_two_or_three_replies() -> None:
    must = make_case(expect={"proposal": "NONE", "clarify": "must"})
    assert score(must, observe(ASKING, replies=CHIPS)).passed
    generic = score(must, observe("I'm not sure what you mean."))
    assert not generic.clarify_ok
    assert "clarify: expected one clarifying question with suggested_replies" in \
        generic.failures
    one_chip = score(must, observe(ASKING, replies=["Today"]))
    assert "clarify: 1 suggested replies, expected 2-3" in one_chip.failures
    two_questions = score(must, observe("Which day? And how long?", replies=CHIPS))
    assert "clarify: 2 questions in the message, expected one" in two_questions.failures


def test_asking_about_a_clear_message_is_a_miss() -> None:
    clear = make_case(intent="form_qa", message="how deep should I squat?")
    assert clear.clarify is Clarify.NEVER
    scored = score(clear, observe(ASKING, replies=CHIPS))
    assert scored.asked
    assert not scored.passed
    assert "clarify: asked a clarifying question about a clear message" in scored.failures
    # The same words without chips are an answer, not a clarifying question.
    assert score(clear, observe(ASKING)).passed


def test_asking_may_be_right_and_is_never_a_miss_where_the_essentials_are_missing() -> None:
    may = make_case(expect={"proposal": "NONE", "clarify": "may"})
    assert score(may, observe(ASKING, replies=CHIPS)).passed
    assert score(may, observe("Say which day and I'll change it.")).passed
    hello = make_case(intent="onboarding_question", state="new_user", message="hi")
    assert hello.clarify is Clarify.MAY
    assert score(hello, observe("What equipment do you have?", replies=CHIPS)).passed


def test_replies_on_a_staged_change_or_with_memory_are_not_a_clarifying_question() -> None:
    clear = make_case(intent="acute_state", message="my knee hurts",
                      expect={"proposal": ["NONE"], "memory_extra_ok": True})
    remembered = MemoryMutation(operation=Operation.CREATE, target_tier=Tier.PHYSIOLOGICAL,
                                reason="The user said the knee hurts.",
                                entry={"body_part": "knees", "condition": "soreness",
                                       "fact": "Sore knee."})
    scored = score(clear, observe("Noted. Change Tuesday too?", replies=CHIPS,
                                  applied=(remembered,)))
    assert not scored.asked
    assert scored.clarify_ok


def test_suggested_replies_are_read_from_the_result_or_its_metadata() -> None:
    assert suggested_replies(ChatTurnResult(message="x", proposal=Proposal())) == ()
    with_meta = ChatTurnResult(message="x", proposal=Proposal(),
                               meta={"suggested_replies": ["Yes", " ", "No"]})
    assert suggested_replies(with_meta) == ("Yes", "No")


def test_another_reply_language_may_be_allowed() -> None:
    strict = make_case(intent="form_qa", message="¿cómo bajo en la sentadilla?")
    spanish = "Baja con el pecho alto y las rodillas en la línea de los pies."
    assert "message: in es, expected en" in score(strict, observe(spanish)).failures
    either = make_case(intent="form_qa", message="¿cómo bajo en la sentadilla?",
                       expect={"proposal": "NONE", "message": {"languages": ["es"]}})
    assert score(either, observe(spanish)).language_ok


class Remembering(ScriptedBrain):
    """Shortens Thursday when asked first, then answers the follow-up with `decision`."""

    def __init__(self, decision: BrainDecision) -> None:
        super().__init__(decision)

    async def decide(self, request: BrainRequest, logs: LogReader) -> BrainDecision:
        self.requests.append(request)
        if not request.turn.history:
            return BrainDecision(
                proposal_type=ProposalType.UPDATE_DAY, target_day=Weekday.THURSDAY,
                edits=(ShortenDay(day=Weekday.THURSDAY, minutes=30),),
                message="Thursday is now 30 minutes.")
        return self.decision


FOLLOW_UP = {
    "id": "en-test-follow-up", "language": "en", "intent": "day_change",
    "state": "home_db_user", "history": [{"message": "only 30 minutes on thursday"}],
    "message": "and friday too?",
    "expect": {"proposal": ["UPDATE_DAY"], "target_day": "friday",
               "plan": {"days": {"friday": {"max_duration": 30}}}},
}


def test_a_follow_up_is_sent_after_its_history_and_judged_alone() -> None:
    friday = BrainDecision(
        proposal_type=ProposalType.UPDATE_DAY, target_day=Weekday.FRIDAY,
        edits=(ShortenDay(day=Weekday.FRIDAY, minutes=30),), message="Friday too, 30 minutes.")
    brain = Remembering(friday)
    scored = asyncio.run(run_case(Case.model_validate(FOLLOW_UP), brain))
    assert scored.passed, scored.failures
    follow_up = brain.requests[-1].turn
    assert [line.text for line in follow_up.history] == [
        "only 30 minutes on thursday", "Thursday is now 30 minutes."]


def test_a_follow_up_read_alone_misses() -> None:
    brain = Remembering(BrainDecision(message="I'm not sure what you'd like me to do."))
    scored = asyncio.run(run_case(Case.model_validate(FOLLOW_UP), brain))
    assert not scored.route_ok
    assert not scored.passed


def test_an_accept_with_nothing_staged_fails_the_dialogue() -> None:
    data = {**FOLLOW_UP, "history": [{"message": "hello", "accept": True}],
            "expect": {"proposal": "NONE"}}
    lazy = ScriptedBrain(BrainDecision(message="Hello there."))
    scored = asyncio.run(run_case(Case.model_validate(data), lazy))
    assert "history: turn 1 staged nothing to accept" in scored.failures
    assert not scored.passed
