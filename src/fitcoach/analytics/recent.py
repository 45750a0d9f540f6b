"""The newest sessions of one exercise, kept per (user, exercise) beside the logs (as the
personal records are), so a plan read (DESIGN D10) finds the sessions its load rule needs
by primary key instead of scanning a year of sets.

A summary holds the `KEPT_SESSIONS` newest sessions, newest first (time, then log id, as
`analytics.logs` orders them), and whether older ones exist (`more`): a reader that needs
older sessions than those kept knows to read the logs. A new log folds in with
`with_new_sessions`; a corrected or deleted one needs the exercise's history again
(`recent_from_history`), because the session that drops out of the kept ones must be
replaced by the next older one. The two always agree (a property test proves it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from fitcoach.analytics.logs import ExerciseSession

# A plan read needs, per exercise, the sessions logged since its week began and two loaded
# ones before (`programming.loads.sessions_deciding`); most weeks train an exercise once or
# twice. Eight leaves room for a week of daily sessions before a read goes to the logs.
KEPT_SESSIONS = 8

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RecentSessions:
    sessions: tuple[ExerciseSession, ...]  # newest first, at most KEPT_SESSIONS
    more: bool  # the exercise has older sessions than those kept


def _order(session: ExerciseSession) -> tuple[object, str]:
    return session.completed_at, session.log_id


def recent_from_history(sessions: Iterable[ExerciseSession],
                        kept: int = KEPT_SESSIONS) -> RecentSessions:
    """The summary of an exercise's whole history (any order)."""
    ordered = sorted(sessions, key=_order, reverse=True)
    return RecentSessions(sessions=tuple(ordered[:kept]), more=len(ordered) > kept)


def fold_newest(held: Sequence[T], more: bool, new: Iterable[T], key: Callable[[T], Any],
                kept: int = KEPT_SESSIONS) -> tuple[list[T], bool]:
    """The kept sessions `held` (and their `more`) with the sessions of new logs folded
    in (log ids they do not hold), in any representation `key` orders as `_order` does:
    the newest of the union of everything logged is among the newest kept and the new
    ones. (The store folds its stored form, without building the sessions.)"""
    ordered = sorted((*held, *new), key=key, reverse=True)
    return ordered[:kept], more or len(ordered) > kept


def with_new_sessions(current: RecentSessions | None, new: Iterable[ExerciseSession],
                      kept: int = KEPT_SESSIONS) -> RecentSessions:
    """`current` with the sessions of new logs folded in (`fold_newest`)."""
    sessions, more = fold_newest(current.sessions if current is not None else (),
                                 current is not None and current.more, new, _order, kept)
    return RecentSessions(sessions=tuple(sessions), more=more)
