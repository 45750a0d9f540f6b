"""The kept newest sessions of each exercise (`analytics.recent`, table `recent_sessions`):
folded in on every log write and import, rebuilt from the history when a log is corrected
or deleted, and read by the plan's loads (`api.plans.loads`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from sqlalchemy import bindparam, delete, select
from sqlalchemy.orm import Session

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.recent import RecentSessions, fold_newest, recent_from_history
from fitcoach.programming.loads import sessions_deciding
from fitcoach.store.models import RecentSessionsRow


def encoded(session: ExerciseSession) -> list[Any]:
    return [session.log_id, session.completed_at.astimezone(dt.UTC).isoformat(),
            [[s.weight_lbs, s.reps, s.rpe] for s in session.sets]]


def decoded(data: Sequence[Any]) -> ExerciseSession:
    """A kept session back. Built without validating: every set was validated on its way
    into the logs (and validating them again was most of a plan read's cost)."""
    log_id, at, sets = data
    return ExerciseSession.model_construct(
        log_id=log_id, completed_at=dt.datetime.fromisoformat(at),
        sets=tuple(SetRecord.model_construct(weight_lbs=w, reps=r, rpe=rpe)
                   for w, r, rpe in sets))


def _stored_order(data: Sequence[Any]) -> tuple[dt.datetime, str]:
    """A stored session's place in the analytics' order (time, then log id)."""
    return dt.datetime.fromisoformat(data[1]), data[0]


def _summary(row: RecentSessionsRow) -> RecentSessions:
    return RecentSessions(sessions=tuple(decoded(s) for s in row.sessions), more=row.more)


class RecentRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def _rows(self, user_id: str, slugs: Iterable[str]) -> dict[str, RecentSessionsRow]:
        wanted = sorted(set(slugs))
        if not wanted:
            return {}
        return {row.exercise_id: row for row in self.session.scalars(
            select(RecentSessionsRow).where(RecentSessionsRow.user_id == user_id,
                                            RecentSessionsRow.exercise_id.in_(wanted)))}

    def get(self, user_id: str, exercise_id: str) -> RecentSessions | None:
        row = self._rows(user_id, [exercise_id]).get(exercise_id)
        return None if row is None else _summary(row)

    def add(self, user_id: str, new: Mapping[str, Sequence[ExerciseSession]]) -> None:
        """Fold the sessions of new logs into their exercises' summaries (one read), in
        their stored form: a log write builds no kept session back."""
        rows = self._rows(user_id, new)
        for slug, sessions in new.items():
            row = rows.get(slug)
            kept, more = fold_newest(row.sessions if row is not None else [],
                                     row is not None and row.more,
                                     [encoded(s) for s in sessions], _stored_order)
            if row is None:
                self.session.add(RecentSessionsRow(user_id=user_id, exercise_id=slug,
                                                   sessions=kept, more=more))
            else:
                row.sessions, row.more = kept, more

    def rebuild(self, user_id: str, exercise_id: str,
                history: Sequence[ExerciseSession]) -> None:
        """Replace an exercise's summary with that of its whole `history` (after a log was
        corrected or deleted); no session left: no row."""
        row = self._rows(user_id, [exercise_id]).get(exercise_id)
        if not history:
            if row is not None:
                self.session.execute(delete(RecentSessionsRow).where(
                    RecentSessionsRow.user_id == user_id,
                    RecentSessionsRow.exercise_id == exercise_id))
            return
        self._put(user_id, exercise_id, row, recent_from_history(history))

    def _put(self, user_id: str, exercise_id: str, row: RecentSessionsRow | None,
             summary: RecentSessions) -> None:
        sessions = [encoded(s) for s in summary.sessions]
        if row is None:
            self.session.add(RecentSessionsRow(user_id=user_id, exercise_id=exercise_id,
                                               sessions=sessions, more=summary.more))
        else:
            row.sessions, row.more = sessions, summary.more

    def deciding(self, user_id: str, slugs: Iterable[str], since: dt.datetime
                 ) -> tuple[dict[str, list[ExerciseSession]], set[str]]:
        """slug → the kept sessions that decide its loads for the days from `since` on
        (`programming.loads.sessions_deciding`), and the slugs whose kept sessions do not
        reach far enough back (older ones exist): those need the logs. A slug never logged
        is in neither."""
        wanted = sorted(set(slugs))
        if not wanted:
            return {}, set()
        self.session.flush()  # what this transaction logged counts
        found: dict[str, list[ExerciseSession]] = {}
        short: set[str] = set()
        for slug, sessions, more in self.session.execute(
                _DECIDING, {"user_id": user_id, "slugs": wanted}):
            taken, decided = sessions_deciding(slug, _lazily(sessions), since)
            if decided or not more:
                found[slug] = taken
            else:
                short.add(slug)
        return found, short


def _lazily(sessions: Sequence[Any]) -> Iterator[ExerciseSession]:
    # Only the sessions the rule reads are built: most of a summary is older than needed.
    return (decoded(s) for s in sessions)


_TABLE = RecentSessionsRow.__table__
_DECIDING = select(_TABLE.c.exercise_id, _TABLE.c.sessions, _TABLE.c.more).where(
    _TABLE.c.user_id == bindparam("user_id"),
    _TABLE.c.exercise_id.in_(bindparam("slugs", expanding=True)))
