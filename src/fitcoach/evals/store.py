"""The suite's store: one in-memory database for a run, and each case a new user in it.

A case starts from its state (`states.py`) as a user of the application service whose
memory and accepted plan are stored and whose workouts were logged through the service
(`api/workouts/service.log_workout`: records, known loads, the plan day each completes).
Writing a state costs more than the turn that follows, so it is written once and copied
(`local.store.snapshot`, `restore`) in two steps:

1. per (state, week of the case's *now*): the user, their memory, and the logs of the
   weeks before that week (the plan of the case's week completes none of their days);
2. per language and the logs of the case's week done by its *now*: step 1's copy as a
   user of its own (`local.store.rename_user`), their language set (the service's
   settings update), the plan of that week in that language accepted (stored as version
   `plan_version`, its week kept, as Accept keeps it), then those logs logged, each
   completing its day by the service's rule.

Each case restores step 2's copy. The cases of a run share one engine, so the service's
statements are compiled once per run, as a server's are once per process; the cases of a
copy share its user's id, so the plan they start from is parsed once
(`api/plans/cache.py` keeps parsed plans by user id and version), as a returning user's
is. A case that presses Accept before its scored turn writes a plan version of its own:
it gets a new user id first (`local.store.rename_user`), or a later case of the same copy
would be served that version's plan from the cache.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field

from fitcoach.api.ids import IdSequence, minted_in_order
from fitcoach.api.users.schemas import UpdateUserRequest
from fitcoach.api.users.service import update_settings
from fitcoach.brain.decision import Brain
from fitcoach.brain.ports import Locale, UserSettings
from fitcoach.evals.cases import Case
from fitcoach.evals.states import StateFixture
from fitcoach.local.coach import LocalCoach
from fitcoach.local.seed import seed_plan, seed_workouts
from fitcoach.local.store import (
    Snapshot,
    empty,
    in_memory_database,
    rename_user,
    restore,
    snapshot,
)
from fitcoach.store.database import Database
from fitcoach.timekeeping import as_zone, local_week_start


@dataclass(frozen=True)
class _Copy:
    copy: Snapshot
    caller: UserSettings
    token_hash: str


@dataclass
class CaseStore:
    states: Mapping[str, StateFixture]
    database: Database = field(default_factory=in_memory_database)
    _weeks: dict[tuple[str, dt.date], _Copy] = field(default_factory=dict)
    _languages: dict[tuple[str, dt.date, Locale, int], _Copy] = field(default_factory=dict)

    def _week_start(self, state: StateFixture, week: dt.date) -> dt.datetime:
        # The time a state is written at: the start of the case's week, the same for every
        # case of that week, in whatever order or selection the cases run.
        return dt.datetime.combine(week, dt.time(), tzinfo=as_zone(state.timezone))

    def _before_the_week(self, state: StateFixture, week: dt.date, brain: Brain) -> _Copy:
        key = (state.name, week)
        if key not in self._weeks:
            start = self._week_start(state, week)
            earlier = tuple(w for w in state.workouts() if w.completed_at < start)
            empty(self.database)
            user = LocalCoach.sign_up(state.settings(Locale.EN), brain, clock=lambda: start,
                                      database=self.database, memory=state.memory_items(),
                                      workouts=earlier)
            self._weeks[key] = _Copy(snapshot(self.database), user.caller, user.token_hash)
        return self._weeks[key]

    def _in_language(self, state: StateFixture, week: dt.date, language: Locale,
                     now: dt.datetime, brain: Brain) -> _Copy:
        start = self._week_start(state, week)
        this_week = [w for w in state.workouts_by(now) if w.completed_at >= start]
        key = (state.name, week, language, len(this_week))
        if key not in self._languages:
            base = self._before_the_week(state, week, brain)
            restore(self.database, base.copy)
            ids = IdSequence()
            # A user of its own (the plan caches know users by id: each language's plan
            # is another user's), in that language.
            caller = base.caller.model_copy(update={"user_id": ids.next("usr"),
                                                    "locale": language})
            rename_user(self.database, base.caller.user_id, caller.user_id)
            update_settings(self.database, caller, UpdateUserRequest(locale=language))
            with minted_in_order(ids):
                plan = state.plan(language, start)
                if plan is not None:
                    seed_plan(self.database, caller, plan, state.plan_version, start)
                seed_workouts(self.database, caller, this_week)
            self._languages[key] = _Copy(snapshot(self.database), caller, base.token_hash)
        return self._languages[key]

    def start(self, case: Case, brain: Brain, fallback: Brain | None) -> LocalCoach:
        """A user in the case's state, with the clock at the case's *now*."""
        state = self.states[case.state]
        week = local_week_start(case.now, state.timezone)
        seeded = self._in_language(state, week, case.language, case.now, brain)
        restore(self.database, seeded.copy)
        ids = IdSequence()
        caller = seeded.caller
        if any(prior.accept for prior in case.history):
            caller = caller.model_copy(update={"user_id": ids.next("usr")})
            rename_user(self.database, seeded.caller.user_id, caller.user_id)
        now = case.now
        return LocalCoach(database=self.database, caller=caller,
                          token_hash=seeded.token_hash, brain=brain, fallback=fallback,
                          clock=lambda: now, ids=ids)

    def close(self) -> None:
        self.database.dispose()
        for kept in (*self._weeks.values(), *self._languages.values()):
            kept.copy.close()
        self._weeks.clear()
        self._languages.clear()
