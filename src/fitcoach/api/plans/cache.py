"""Parsed plan versions, kept in memory: a stored version never changes, so a parsed copy
never goes stale. Validating a week of JSON into a `WeeklyPlan` costs more than reading it,
and every chat turn and plan read needs the user's newest version."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from fitcoach.programming.plan import WeeklyPlan

MAX_PLANS = 2048


class PlanCache:
    def __init__(self, max_entries: int = MAX_PLANS) -> None:
        self.max_entries = max_entries
        self._plans: OrderedDict[tuple[str, int], WeeklyPlan] = OrderedDict()
        self._lock = threading.Lock()

    def get_or_parse(self, user_id: str, version: int,
                     load: Callable[[], dict[str, Any]]) -> WeeklyPlan:
        """The plan of (user, version); `load` fetches its JSON only when not cached."""
        key = (user_id, version)
        with self._lock:
            plan = self._plans.get(key)
            if plan is not None:
                self._plans.move_to_end(key)
                return plan
        plan = WeeklyPlan.model_validate(load())
        self.put(user_id, version, plan)
        return plan

    def clear(self) -> None:
        with self._lock:
            self._plans.clear()

    def put(self, user_id: str, version: int, plan: WeeklyPlan) -> None:
        """Cache a plan just stored (committed) as (user, version): what parsing its stored
        JSON would give, without parsing it."""
        key = (user_id, version)
        with self._lock:
            self._plans[key] = plan
            self._plans.move_to_end(key)
            while len(self._plans) > self.max_entries:
                self._plans.popitem(last=False)


# User ids are random, so one process-wide cache serves every database it talks to.
PLANS = PlanCache()
