"""The accept/reject rules of staged proposals (DESIGN D6), in their one home
`brain.proposals`, and the terminal session following them as the HTTP service does."""

from __future__ import annotations

import asyncio
import datetime as dt
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import UserSettings
from fitcoach.brain.proposals import (
    AcceptStep,
    ProposalRefused,
    ProposalStatus,
    Refusal,
    accept_step,
    next_version,
    plan_after_accept,
    status_after_reject,
)
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.chat_session import ChatSession, SessionError

sys.path.insert(0, str(Path(__file__).parent / "embedded"))
from nlu_seed_messages import SEED_MESSAGES

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
versions = st.one_of(st.none(), st.integers(min_value=1, max_value=5))


@given(status=st.sampled_from(ProposalStatus), base=versions, current=versions)
def test_only_a_pending_proposal_on_the_latest_version_is_applied(
        status: ProposalStatus, base: int | None, current: int | None) -> None:
    refusals = {ProposalStatus.REJECTED: Refusal.REJECTED,
                ProposalStatus.SUPERSEDED: Refusal.SUPERSEDED}
    if status is ProposalStatus.PENDING and base != current:
        refusals[status] = Refusal.OUTDATED
    if status in refusals:
        with pytest.raises(ProposalRefused) as refused:
            accept_step(status, base_version=base, current_version=current)
        assert refused.value.code is refusals[status]
        return
    step = accept_step(status, base_version=base, current_version=current)
    if status is ProposalStatus.ACCEPTED:
        assert step is AcceptStep.REPLAY  # idempotent, whatever the plan is at now
    else:
        assert status is ProposalStatus.PENDING
        assert base == current
        assert step is AcceptStep.APPLY


@given(status=st.sampled_from(ProposalStatus))
def test_rejecting(status: ProposalStatus) -> None:
    if status is ProposalStatus.ACCEPTED:
        with pytest.raises(ProposalRefused) as refused:
            status_after_reject(status)
        assert refused.value.code is Refusal.ACCEPTED
        return
    expected = ProposalStatus.REJECTED if status is ProposalStatus.PENDING else status
    assert status_after_reject(status) is expected


def test_next_version() -> None:
    assert next_version(None) == 1
    assert next_version(3) == 4


def _session() -> ChatSession:
    chat = ChatSession(settings=UserSettings(user_id="u"), brain=EmbeddedBrain(),
                       clock=lambda: NOW)
    asyncio.run(chat.send(SEED_MESSAGES["en"][1]))
    chat.accept()
    return chat


def test_a_day_is_placed_into_the_base_and_raw_data_is_accepted() -> None:
    chat = _session()
    base = chat.plan
    assert base is not None
    rest = base.days[Weekday.SUNDAY]
    monday = base.days[Weekday.MONDAY]
    placed = plan_after_accept(ProposalType.UPDATE_DAY, "sunday",
                               monday.model_dump(mode="json"), base)
    assert placed.days[Weekday.SUNDAY].exercises == monday.exercises
    assert placed.days[Weekday.SUNDAY].date == rest.date
    assert plan_after_accept("UPDATE_WEEK", None, base.model_dump(mode="json"), None) == base
    with pytest.raises(ProposalRefused) as refused:
        plan_after_accept(ProposalType.UPDATE_DAY, Weekday.MONDAY, monday, None)
    assert refused.value.code is Refusal.NO_PLAN


def test_the_terminal_session_refuses_by_the_shared_rules() -> None:
    chat = _session()
    asyncio.run(chat.send("Make Tuesday a rest day"))
    older = chat.pending()
    assert older is not None
    asyncio.run(chat.send("Make Monday a rest day"))
    with pytest.raises(SessionError, match="a newer proposal replaced") as refused:
        chat.accept(older.id)
    assert isinstance(refused.value.__cause__, ProposalRefused)
    assert refused.value.__cause__.code is Refusal.SUPERSEDED
    newer = chat.pending()
    assert newer is not None
    chat.accept(newer.id)
    with pytest.raises(SessionError) as again:
        chat.reject(newer.id)
    assert isinstance(again.value.__cause__, ProposalRefused)
    assert again.value.__cause__.code is Refusal.ACCEPTED
