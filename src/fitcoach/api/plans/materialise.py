"""Each week's plan (DESIGN D10): made the first time the week is read, then kept.

A plan version is the program the user accepted. The week it was accepted for shows it
exactly as accepted (D6). Every later week is the program's peak week carried onto that
week's dates and shaped by the training block (`programming.blocks`): the block follows the
calendar, one block week per week, and a new block starts after the deload. A program
accepted without a block (a freshly generated week) starts its block the Monday after.

The first read of a week (the current one, or a past one never read) stores it in
`plan_weeks` with the peak it was shaped from; from then on that row is the week. A past
week's row is never written again; the current week's is replaced only by an Accept in it.
Next week can be previewed: it is derived the same way and not stored, so it still follows
an Accept made before it starts.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, event, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.api.plans.cache import PlanCache
from fitcoach.api.plans.repository import PlanRepository, StoredPlan
from fitcoach.brain.ports import UserSettings
from fitcoach.brain.profile_builder import build_profile
from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.programming.blocks import advance, first_week, shape_week
from fitcoach.programming.blocks.shape import retally
from fitcoach.programming.calendar import carry_forward, scheduled
from fitcoach.programming.metrics import week_summary
from fitcoach.programming.plan import DayPlan, PlannedExercise, WeeklyPlan
from fitcoach.programming.validator import validate_week
from fitcoach.store import lean
from fitcoach.store.models import PlanVersionRow, PlanWeekRow

WEEK = dt.timedelta(days=7)
MAX_SETS = 10  # `PlannedExercise.target_sets`' own bound


@dataclass(frozen=True, slots=True)
class WeekPlan:
    version: int  # the plan version the week was made from
    plan: WeeklyPlan  # the week as the user sees it, before completions are overlaid
    peak: WeeklyPlan  # the program's peak week on this week's dates
    stored: bool  # a `plan_weeks` row holds it
    storable: bool  # a week that is kept once read (not a preview, not a later plan)


class PlanWeekRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def get(self, user_id: str, week_start: dt.date) -> WeekPlan | None:
        """The kept week. Its plan and peak are parsed once per (week, version): a row is
        rewritten only by an Accept, which brings a new version (every chat turn reads it)."""
        self.session.flush()
        where = {"user_id": user_id, "week_start": week_start}
        version = lean.scalar(self.session, _WEEK_VERSION, where)
        if version is None:
            return None
        key = _cache_key(user_id, week_start)
        documents: dict[str, Any] = {}

        def column(name: str) -> Callable[[], dict[str, Any]]:
            def load() -> dict[str, Any]:
                if not documents:  # both in one statement, whichever is asked for first
                    documents.update(self.session.connection().execute(
                        _WEEK_DOCUMENTS, where).one()._mapping)
                return documents[name]
            return load

        return WeekPlan(version=version,
                        plan=WEEKS.get_or_parse(f"{key}/plan", version, column("plan")),
                        peak=WEEKS.get_or_parse(f"{key}/peak", version, column("peak")),
                        stored=True, storable=True)

    def put(self, user_id: str, week: WeekPlan, now: dt.datetime) -> None:
        """Insert or replace the week's row, one statement (no read of the row first), and
        once the transaction commits, cache the plan and peak as stored: the week's next
        read then neither fetches nor parses them. Not before: a week whose transaction
        rolled back was never kept, and another first read may keep a different one."""
        start = week.plan.week_start_date
        self.session.execute(_UPSERTS[self.session.get_bind().dialect.name], {
            "user_id": user_id, "week_start_date": start, "version": week.version,
            "plan": week.plan.model_dump(mode="json"),
            "peak": week.peak.model_dump(mode="json"), "created_at": now})
        key = _cache_key(user_id, start)

        def cache() -> None:
            WEEKS.put(f"{key}/plan", week.version, week.plan)
            WEEKS.put(f"{key}/peak", week.version, week.peak)

        _once_committed(self.session, cache)


def in_force(session: Session, user_id: str, week_start: dt.date) -> StoredPlan | None:
    """The newest version made for that week or an earlier one: the program of a past week."""
    session.flush()
    version = session.scalar(_IN_FORCE, {"user_id": user_id, "week_start": week_start})
    return None if version is None else PlanRepository(session).get(user_id, version)


def priority_groups(session: Session, user_id: str, now: dt.datetime) -> tuple[MuscleGroup, ...]:
    """The user's priority groups as their memory stands now (the block raises them first)."""
    items = MemoryRepository(session).live(user_id, now)
    profile = build_profile(items, now=now, settings=UserSettings(user_id=user_id)).profile
    return profile.priority_groups


def resolve(session: Session, user_id: str, week_start: dt.date, current_week: dt.date,
            latest: StoredPlan, now: dt.datetime) -> WeekPlan | None:
    """The plan of the week starting `week_start`; None before the user's first plan."""
    row = PlanWeekRepository(session).get(user_id, week_start)
    if week_start < current_week:
        if row is not None:
            return row
        source = in_force(session, user_id, week_start)
        if source is None:
            return None
    else:
        source = latest
        if source.plan.week_start_date > week_start:
            # Accepted for a later week (on a Sunday, for the week ahead): shown as it is.
            return WeekPlan(source.version, source.plan, source.plan, stored=False,
                            storable=False)
        if row is not None and row.version == source.version:
            return row
    return derive(session, user_id, source, week_start, now,
                  storable=week_start <= current_week)


def derive(session: Session, user_id: str, source: StoredPlan, week_start: dt.date,
           now: dt.datetime, *, storable: bool) -> WeekPlan:
    program = source.plan
    if program.week_start_date == week_start:
        return WeekPlan(source.version, program, program, stored=False, storable=storable)
    own_week = PlanWeekRepository(session).get(user_id, program.week_start_date)
    peak = own_week.peak if own_week is not None and own_week.version == source.version \
        else program
    if program.block is not None:
        block_start, block = program.week_start_date, program.block
    else:
        block_start = program.week_start_date + WEEK
        block = first_week(block_start)
    block = advance(block, block_start, week_start)
    peak = carry_forward(peak, week_start).model_copy(update={"block": None})
    plan = shape_week(peak, block, priority_groups(session, user_id, now))
    return WeekPlan(source.version, plan, peak, stored=False, storable=storable)


def materialise(session: Session, user_id: str, week: WeekPlan, now: dt.datetime) -> None:
    """Keep a week read for the first time (in a write transaction)."""
    if not week.stored and week.storable:
        PlanWeekRepository(session).put(user_id, week, now)


def accepted_week(shown: WeekPlan | None, accepted: WeeklyPlan, version: int) -> WeekPlan:
    """The week an Accept writes: the accepted plan as it is (D6), with the peak later weeks
    are shaped from. A change of block (a deload now, a new block) changes the week, not
    the program: the peak stays. Otherwise a day the proposal left alone keeps the peak's
    day, and a changed day carries its change onto the peak (an exercise kept gets the
    peak's sets plus the sets the edit added or took away; a new one its sets as
    accepted); if that breaks a rule (the peak's session already at a cap), the changed day
    is its own peak. A whole new week without a block is its own peak, and so is an
    accepted week no mix of which passes the validator."""
    if shown is None or accepted.block is None \
            or shown.plan.week_start_date != accepted.week_start_date:
        return WeekPlan(version, accepted, accepted, stored=False, storable=True)
    if shown.plan.block != accepted.block:
        return WeekPlan(version, accepted, shown.peak, stored=False, storable=True)
    for carry in (True, False):
        days = {weekday: _peak_day(day, shown.plan.days.get(weekday),
                                   shown.peak.days.get(weekday), carry=carry)
                for weekday, day in accepted.days.items()}
        mixed = accepted.model_copy(update={"days": days, "summary": week_summary(days),
                                            "block": None})
        if validate_week(mixed).ok:
            return WeekPlan(version, accepted, mixed, stored=False, storable=True)
    return WeekPlan(version, accepted, accepted, stored=False, storable=True)


def _peak_day(day: DayPlan, shown: DayPlan | None, peak: DayPlan | None, *,
              carry: bool) -> DayPlan:
    """`day`'s peak: the peak's day when the proposal left it alone; a changed day with its
    change carried onto the peak's sets (`carry`), or as accepted."""
    if shown is None or peak is None:
        return day
    if scheduled(day, day.date) == scheduled(shown, day.date):
        return peak
    if not carry:
        return day
    shown_sets = {e.exercise_id: e.target_sets for e in shown.exercises}
    peak_sets = {e.exercise_id: e.target_sets for e in peak.exercises}

    def carried(planned: PlannedExercise) -> PlannedExercise:
        slug = planned.exercise_id
        if slug not in shown_sets or slug not in peak_sets:
            return planned
        count = peak_sets[slug] + planned.target_sets - shown_sets[slug]
        return planned.model_copy(update={"target_sets": min(MAX_SETS, max(1, count))})

    blocks = tuple(block.model_copy(update={"exercises": tuple(
        carried(planned) for planned in block.exercises)}) for block in day.blocks)
    return retally(day, blocks) if day.blocks else day


def _once_committed(session: Session, action: Callable[[], object]) -> None:
    """Run `action` when the session's transaction commits; drop it if it rolls back."""
    actions = session.info.get(_ON_COMMIT)
    if actions is None:
        actions = session.info[_ON_COMMIT] = []

        def run(_: Session) -> None:
            for pending in actions:
                pending()
            actions.clear()

        event.listen(session, "after_commit", run)
        event.listen(session, "after_rollback", lambda _: actions.clear())
    actions.append(action)


def _cache_key(user_id: str, week_start: dt.date) -> str:
    return f"{user_id}/{week_start.isoformat()}"


def _upsert(insert: Any) -> Any:
    statement = insert(_WEEKS)
    return statement.on_conflict_do_update(
        index_elements=[_WEEKS.c.user_id, _WEEKS.c.week_start_date],
        set_={name: statement.excluded[name] for name in ("version", "plan", "peak",
                                                          "created_at")})


# Parsed kept weeks, keyed by (user/week/part, version); see `PlanWeekRepository.get`.
WEEKS = PlanCache()
_ON_COMMIT = "fitcoach_weeks_to_cache"
_VERSIONS = PlanVersionRow.__table__
_WEEKS = PlanWeekRow.__table__
# Both dialects spell "insert, or replace the row with this key" the same way.
_UPSERTS = {"sqlite": _upsert(sqlite.insert), "postgresql": _upsert(postgresql.insert)}
_WEEK_KEY = (_WEEKS.c.user_id == bindparam("user_id"),
             _WEEKS.c.week_start_date == bindparam("week_start"))
_WEEK_VERSION = select(_WEEKS.c.version).where(*_WEEK_KEY)
_WEEK_DOCUMENTS = select(_WEEKS.c.plan, _WEEKS.c.peak).where(*_WEEK_KEY)
_IN_FORCE = select(func.max(_VERSIONS.c.version)).where(
    _VERSIONS.c.user_id == bindparam("user_id"),
    _VERSIONS.c.week_start_date <= bindparam("week_start"))
