"""`analytics.recent`: an exercise's kept newest sessions, folded in log by log (in any
order, several at a time, as an import does), are always those of its whole history."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.recent import (
    KEPT_SESSIONS,
    RecentSessions,
    recent_from_history,
    with_new_sessions,
)
from tests.analytics.builders import at, session, straight

START = dt.datetime(2026, 9, 1, tzinfo=dt.UTC)

sessions = st.lists(st.builds(
    lambda index, hours, weight: (index, hours, weight),
    st.integers(0, 10_000), st.integers(0, 200), st.sampled_from([0.0, 20.0, 45.0])),
    max_size=25, unique_by=lambda t: t[0]).map(lambda drawn: [
        ExerciseSession(log_id=f"log_{index:05d}",
                        completed_at=START + dt.timedelta(hours=hours),  # ties happen
                        sets=(SetRecord(weight_lbs=weight, reps=8),))
        for index, hours, weight in drawn])


@settings(max_examples=200)
@given(history=sessions, kept=st.integers(1, KEPT_SESSIONS + 2), data=st.data())
def test_folding_logs_in_any_batches_equals_the_summary_of_the_whole_history(
        history: list[ExerciseSession], kept: int, data: st.DataObject) -> None:
    order = data.draw(st.permutations(history))
    summary: RecentSessions | None = None
    position = 0
    while position < len(order):
        size = data.draw(st.integers(1, len(order) - position))
        summary = with_new_sessions(summary, order[position:position + size], kept)
        position += size
    expected = recent_from_history(history, kept)
    assert (summary or RecentSessions((), False)) == expected
    newest = sorted(history, key=lambda s: (s.completed_at, s.log_id), reverse=True)
    assert expected.sessions == tuple(newest[:kept])
    assert expected.more == (len(history) > kept)


def test_the_same_second_orders_by_log_id_as_the_analytics() -> None:
    a = session("log_a", at(3), *straight(40, 8))
    b = session("log_b", at(3), *straight(45, 8))
    c = session("log_c", at(1), *straight(50, 8))
    summary = with_new_sessions(with_new_sessions(None, [a]), [c, b], kept=2)
    assert summary == RecentSessions(sessions=(b, a), more=True)
