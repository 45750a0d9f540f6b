"""The plan as it is shown: every planned exercise with its load and last session from the
user's logs (DESIGN D10, `programming.loads`). The sessions come from each exercise's kept
newest ones (`api.recents`, one primary-key read for every exercise of the week and of their
patterns, for estimates), trimmed to those the rule reads; only an exercise whose kept
sessions do not reach back far enough for the week (a past week, or a week of many
sessions) is read from the logs, by the (user, exercise, time) index."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from zoneinfo import ZoneInfo

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.units import DEFAULT_PLATES, PlateSteps
from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.api.recents.repository import RecentRepository
from fitcoach.brain.ports import UserSettings
from fitcoach.brain.profile_builder import build_profile
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming.loads import same_pattern, sessions_deciding, with_loads
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.settings import Settings
from fitcoach.store.models import WorkoutSetRow

# Sessions read per exercise from the logs: before the week's first day (with `since`; the
# rule needs two), or in all (without).
SESSIONS_PER_EXERCISE = 10


def recent_sessions(session: Session, user_id: str, slugs: Iterable[str],
                    per_exercise: int = SESSIONS_PER_EXERCISE,
                    since: dt.datetime | None = None) -> dict[str, list[ExerciseSession]]:
    """slug → its latest sessions, newest first (time, then log id, as the analytics): the
    newest `per_exercise`, or with `since` every session from then on and the newest
    `per_exercise` before.

    One statement: the distinct (exercise, time) pairs of these exercises (an index-only
    scan of (user, exercise, time)), numbered newest first per exercise (and side of
    `since`) in the database, and the sets of those kept. (A subquery per exercise cost
    about 5 ms each on SQLite, and returning every pair to Python about as much; a week
    plans 20-40 exercises with their patterns.)"""
    wanted = sorted(set(slugs))
    if not wanted:
        return {}
    sets = WorkoutSetRow
    pairs = (select(sets.exercise_id, sets.completed_at)
             .where(sets.user_id == user_id, sets.exercise_id.in_(wanted))
             .distinct().subquery("pairs"))
    sides = [pairs.c.exercise_id] if since is None else [pairs.c.exercise_id,
                                                         pairs.c.completed_at >= since]
    numbered = select(pairs.c.exercise_id, pairs.c.completed_at, func.row_number().over(
        partition_by=sides, order_by=pairs.c.completed_at.desc()
    ).label("newest")).subquery("numbered")
    kept = numbered.c.newest <= per_exercise
    if since is not None:
        kept = or_(kept, numbered.c.completed_at >= since)
    rows = session.execute(
        select(sets.exercise_id, sets.log_id, sets.completed_at, sets.weight_lbs, sets.reps,
               sets.rpe)
        .join(numbered, and_(sets.exercise_id == numbered.c.exercise_id,
                             sets.completed_at == numbered.c.completed_at))
        .where(sets.user_id == user_id, kept)
        .order_by(sets.exercise_id, sets.completed_at.desc(), sets.log_id.desc(),
                  sets.exercise_position, sets.set_index)).all()
    # Rows the store validated on the way in: built without validating again (most of this
    # function's time with a year of history was pydantic checking them once more).
    grouped: dict[str, dict[str, tuple[dt.datetime, list[SetRecord]]]] = {}
    for slug, log_id, at, weight_lbs, reps, rpe in rows:
        grouped.setdefault(slug, {}).setdefault(log_id, (at, []))[1].append(
            SetRecord.model_construct(weight_lbs=weight_lbs, reps=reps, rpe=rpe))
    return {slug: [ExerciseSession.model_construct(log_id=log_id, completed_at=at,
                                                   sets=tuple(found))
                   for log_id, (at, found) in logs.items()]
            for slug, logs in grouped.items()}


def day_starts(plan: WeeklyPlan, timezone: str) -> dict[Weekday, dt.datetime]:
    """The moment each day of the plan begins, in the user's zone."""
    zone = ZoneInfo(timezone)
    return {weekday: dt.datetime.combine(day.date, dt.time(), zone).astimezone(dt.UTC)
            for weekday, day in plan.days.items()}


def week_history(session: Session, user_id: str, slugs: Iterable[str], since: dt.datetime
                 ) -> dict[str, list[ExerciseSession]]:
    """slug → the sessions that decide its loads on the days from `since` on, newest first
    (`programming.loads.sessions_deciding`): the kept ones, or the logs' where those do not
    reach back far enough."""
    found, short = RecentRepository(session).deciding(user_id, slugs, since)
    if short:
        for slug, sessions in recent_sessions(session, user_id, short, since=since).items():
            found[slug] = sessions_deciding(slug, sessions, since)[0]
    return found


def plan_with_loads(session: Session, caller: UserSettings, plan: WeeklyPlan,
                    now: dt.datetime, plates: PlateSteps = DEFAULT_PLATES) -> WeeklyPlan:
    slugs = {e.exercise_id for day in plan.days.values() for e in day.exercises}
    # With the exercises of their patterns: an exercise never logged may be estimated from
    # a logged one (`analytics.load_estimates`).
    related = {other for slug in slugs for other in same_pattern(slug)}
    starts = day_starts(plan, caller.timezone)
    history = week_history(session, caller.user_id, slugs | related,
                           min(starts.values())) if starts else {}
    items = MemoryRepository(session).live(caller.user_id, now)
    cap = build_profile(items, now, settings=caller).profile.max_dumbbell_lbs
    return with_loads(plan, history, starts, caller.units, cap, plates)


def plate_steps(settings: Settings) -> PlateSteps:
    """The barbell steps the service is configured with (`FITCOACH_PLATE_STEP_*`)."""
    return PlateSteps(kg=settings.plate_step_kg, lb=settings.plate_step_lb)
