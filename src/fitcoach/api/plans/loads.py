"""The plan as it is shown: every planned exercise with its load and last session from the
user's logs (DESIGN D10, `programming.loads`). One query reads the latest sessions of every
exercise of the week, each walking the (user, exercise, time) index backwards."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from zoneinfo import ZoneInfo

from sqlalchemy import and_, select, union_all
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
    """slug → its latest sessions, newest first (time, then log id, as the analytics)."""
    wanted = sorted(set(slugs))
    if not wanted:
        return {}
    sets = WorkoutSetRow
    latest = [select(sets.exercise_id, sets.completed_at)
              .where(sets.user_id == user_id, sets.exercise_id == slug)
              .group_by(sets.exercise_id, sets.completed_at)
              .order_by(sets.completed_at.desc()).limit(per_exercise).subquery()
              for slug in wanted]
    times = union_all(*(select(sub.c.exercise_id, sub.c.completed_at) for sub in latest)
                      ).subquery("times")
    rows = session.execute(
        select(sets.exercise_id, sets.log_id, sets.completed_at, sets.weight_lbs, sets.reps,
               sets.rpe)
        .join(times, and_(sets.exercise_id == times.c.exercise_id,
                          sets.completed_at == times.c.completed_at))
        .where(sets.user_id == user_id)
        .order_by(sets.exercise_id, sets.completed_at.desc(), sets.log_id.desc(),
                  sets.exercise_position, sets.set_index)).all()
    grouped: dict[str, dict[str, tuple[dt.datetime, list[SetRecord]]]] = {}
    for slug, log_id, at, weight_lbs, reps, rpe in rows:
        grouped.setdefault(slug, {}).setdefault(log_id, (at, []))[1].append(
            SetRecord(weight_lbs=weight_lbs, reps=reps, rpe=rpe))
    return {slug: [ExerciseSession(log_id=log_id, completed_at=at, sets=tuple(found))
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
