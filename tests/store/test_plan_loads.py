"""The plan read's loads over SQL (api/plans/loads.py), on SQLite and PostgreSQL: the latest
sessions of each planned exercise in one query, the same as the analytics order them, and the
heaviest dumbbell from the user's memory capping dumbbell loads."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from fitcoach.analytics.logs import exercise_sessions
from fitcoach.api.plans.loads import plan_with_loads, recent_sessions
from fitcoach.brain.ports import UserSettings
from fitcoach.catalog.vocabulary import GearTag, Weekday
from fitcoach.memory.entries import StapleCategory, StapleEntry, Tier
from fitcoach.store.database import Database
from fitcoach.store.models import MemoryItemRow
from tests.programming.builders import block, planned, week
from tests.store.conftest import NOW
from tests.store.logged import log_sets

DAY = dt.timedelta(days=1)


def test_recent_sessions_are_the_analytics_sessions(
        database: Database, new_user: Callable[..., UserSettings]) -> None:
    user, other = new_user(), new_user()
    workouts = [log_sets(database, user, NOW - k * DAY, [
        ("goblet-squat", [(40 + k, 10, 8), (40 + k, 9, None)]),
        ("plank", [(0, 30 + k, None)])]) for k in range(1, 14)]
    log_sets(database, other, NOW - DAY, [("goblet-squat", [(90, 5, None)])])
    with database.read() as session:
        found = recent_sessions(session, user.user_id, ["goblet-squat", "plank", "push-up"],
                                per_exercise=4)
    assert set(found) == {"goblet-squat", "plank"}
    for slug in found:
        assert found[slug] == exercise_sessions(workouts, slug, limit=4)


def test_the_heaviest_dumbbell_in_memory_caps_the_load(
        database: Database, new_user: Callable[..., UserSettings]) -> None:
    user = new_user()
    log_sets(database, user, NOW - 7 * DAY, [("goblet-squat", [(50, 10, 7), (50, 10, 7)])])
    entry = StapleEntry(category=StapleCategory.EQUIPMENT, fact="dumbbells up to 50 lb",
                        gear=(GearTag.DUMBBELLS,), max_dumbbell_lbs=50)
    with database.write() as session:
        session.add(MemoryItemRow(id="mem_00000000000000000000cap1", user_id=user.user_id,
                                  tier=Tier.STAPLES.value,
                                  entry=entry.model_dump(mode="json", exclude_none=True),
                                  created_at=NOW - 8 * DAY, updated_at=NOW - 8 * DAY,
                                  invalidated_at=None, expires_at=None))
    monday = NOW.date() - dt.timedelta(days=NOW.weekday())
    plan = week({Weekday.FRIDAY: [block(planned("goblet-squat"))]}, start=monday)
    with database.read() as session:
        shown = plan_with_loads(session, user, plan, NOW)
    goblet = shown.days[Weekday.FRIDAY].blocks[0].exercises[0]
    assert goblet.target_weight_lbs == 50  # 55 would be the next step: over the rack
    assert goblet.last is not None
