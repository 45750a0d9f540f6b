"""A pain report that names the exercise which hurts swaps it on that day and then looks for
the later sessions that load the part too; that look-up must skip settled days like every
other path (it crashed with a TypeError, a 500 over HTTP, when the swap was not skipped)."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.evals.states import load_states

NOW = dt.datetime(2026, 9, 16, 17, 0, tzinfo=dt.UTC)  # Wednesday, gym_user does skull crushers


@pytest.mark.parametrize("message", ["팔꿈치가 아파요 스컬크러셔 말고 다른 거"])
def test_a_pain_swap_of_the_exercise_that_hurts_answers(message: str) -> None:
    brain = EmbeddedBrain()
    session = load_states()["gym_user"].session(Locale.KO, NOW, brain, brain)
    result = asyncio.run(session.send(message, now=NOW)).outcome.result  # no TypeError
    assert result.message
    if result.proposal.type is ProposalType.NONE:
        return  # no gentler substitute the gear allows: said, and nothing staged
    assert result.proposal.target_day is Weekday.WEDNESDAY
    staged = result.proposal.data
    assert staged is not None
    slugs = [e.exercise_id for e in staged.days[Weekday.WEDNESDAY].exercises]
    assert "skull-crusher" not in slugs
