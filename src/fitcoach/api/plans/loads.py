"""The plan as it is shown: every planned exercise with its load and last session from the
user's logs (DESIGN D10, `programming.loads`). One query reads the latest sessions of every
exercise of the week (and of their patterns, for estimates) by the (user, exercise, time)
index."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from zoneinfo import ZoneInfo

from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.units import DEFAULT_PLATES, PlateSteps
from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.brain.ports import UserSettings
from fitcoach.brain.profile_builder import build_profile
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming.loads import same_pattern, with_loads
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.settings import Settings
from fitcoach.store.models import WorkoutSetRow

# Sessions read per exercise: the two the rule needs before the week's earliest day, plus
# those a week of training may have logged since (each day sees only its earlier ones).
SESSIONS_PER_EXERCISE = 10


def recent_sessions(session: Session, user_id: str, slugs: Iterable[str],
                    per_exercise: int = SESSIONS_PER_EXERCISE
                    ) -> dict[str, list[ExerciseSession]]:
    """slug → its latest sessions, newest first (time, then log id, as the analytics).

    One statement: the distinct (exercise, time) pairs of these exercises (an index-only
    scan of (user, exercise, time)), numbered newest first per exercise in the database, and
    the sets of the newest `per_exercise` of each. (A subquery per exercise cost about 5 ms
    each on SQLite, and returning every pair to Python about as much; a week plans 20-40
    exercises with their patterns.)"""
    wanted = sorted(set(slugs))
    if not wanted:
        return {}
    sets = WorkoutSetRow
    pairs = (select(sets.exercise_id, sets.completed_at)
             .where(sets.user_id == user_id, sets.exercise_id.in_(wanted))
             .distinct().subquery("pairs"))
    numbered = select(pairs.c.exercise_id, pairs.c.completed_at, func.row_number().over(
        partition_by=pairs.c.exercise_id, order_by=pairs.c.completed_at.desc()
    ).label("newest")).subquery("numbered")
    rows = session.execute(
        select(sets.exercise_id, sets.log_id, sets.completed_at, sets.weight_lbs, sets.reps,
               sets.rpe)
        .join(numbered, and_(sets.exercise_id == numbered.c.exercise_id,
                             sets.completed_at == numbered.c.completed_at))
        .where(sets.user_id == user_id, numbered.c.newest <= per_exercise)
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


def plan_with_loads(session: Session, caller: UserSettings, plan: WeeklyPlan,
                    now: dt.datetime, plates: PlateSteps = DEFAULT_PLATES) -> WeeklyPlan:
    slugs = {e.exercise_id for day in plan.days.values() for e in day.exercises}
    # With the exercises of their patterns: an exercise never logged may be estimated from
    # a logged one (`analytics.load_estimates`).
    related = {other for slug in slugs for other in same_pattern(slug)}
    history = recent_sessions(session, caller.user_id, slugs | related)
    items = MemoryRepository(session).live(caller.user_id, now)
    cap = build_profile(items, now, settings=caller).profile.max_dumbbell_lbs
    return with_loads(plan, history, day_starts(plan, caller.timezone), caller.units, cap,
                      plates)


def plate_steps(settings: Settings) -> PlateSteps:
    """The barbell steps the service is configured with (`FITCOACH_PLATE_STEP_*`)."""
    return PlateSteps(kg=settings.plate_step_kg, lb=settings.plate_step_lb)
