"""Build one session: fill it, set by set, toward each muscle group's share of the week.

The builder is a greedy over muscle groups. At each step it takes the group furthest below
its target for the day (relative to the target, weighted: priority groups count double) and
grows it by the cheapest sensible move: one more set of an exercise already there, or a new
exercise (two sets) ranked for that group. A move is taken only if it keeps every group
within the session cap (8 fractional sets), within the weekly headroom the ledger allows,
and the session within its time budget under the metrics time model.

Exercises come only from the profile's option pool, filtered for the day by the conditions
rules and by recovery (a heavy compound whose groups took heavy work within 48 h, or a heavy
lower-back lift the day after another, is passed over for a lighter variant).

When the targets do not fit in the time, the session is folded into supersets (see
`arrange`) and filled again with the time that frees; with time left after the targets, a
second pass stretches toward the week's upper targets, still inside every cap.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from fitcoach.catalog.vocabulary import Goal, MuscleGroup, Pattern, Weekday
from fitcoach.programming import metrics
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.arrange import arrange
from fitcoach.programming.generator.items import Item, session_seconds
from fitcoach.programming.generator.ledger import WeekLedger
from fitcoach.programming.generator.options import Option, OptionPool
from fitcoach.programming.generator.site import EPSILON
from fitcoach.programming.rules.landmarks import SESSION_SETS_MAX, WEEKLY_SETS_MAX

MAX_EXERCISES = 8
MIN_DEFICIT = 0.5  # a half set (secondary credit) is not worth a move
# A focus group with no direct work yet jumps the queue by this much (times its weight):
# half-set credit from other groups' compounds is no substitute for training it directly.
COVERAGE_BONUS = 0.5
DIRECT_SETS_WANTED = 2
_HINGE_GROUPS = frozenset({MuscleGroup.HAMSTRINGS, MuscleGroup.GLUTES})


class Outcome(Enum):
    GROWN = "grown"
    NO_TIME = "no_time"
    NO_ROOM = "no_room"  # caps, or no candidate left


@dataclass(slots=True)
class DayContext:
    """Everything one session is built against."""

    weekday: Weekday
    date: dt.date
    goal: Goal
    groups: tuple[MuscleGroup, ...]  # the focus, most important first
    weights: Mapping[MuscleGroup, float]
    targets: Mapping[MuscleGroup, float]  # sets wanted from this day
    stretch: Mapping[MuscleGroup, float]  # sets acceptable from this day when time is left
    headroom: Mapping[MuscleGroup, float]  # most sets this day may add before the weekly cap
    budget_seconds: float  # exercise time, the warm-up excluded
    ledger: WeekLedger
    pool: OptionPool
    light: bool = False
    transition: int = rx.SUPERSET_TRANSITION_REST
    pair_from_start: bool = False
    excluded_slugs: frozenset[str] = field(default_factory=frozenset)
    preferred_patterns: Mapping[MuscleGroup, tuple[Pattern, ...]] = field(default_factory=dict)

    def headroom_of(self, group: MuscleGroup) -> float:
        return self.headroom.get(group, WEEKLY_SETS_MAX - self.ledger.totals.get(group, 0.0))


class SessionBuilder:
    def __init__(self, ctx: DayContext, items: Iterable[Item] = ()) -> None:
        self.ctx = ctx
        self.items: list[Item] = list(items)
        self.credits: dict[MuscleGroup, float] = defaultdict(float)
        self.direct: dict[MuscleGroup, int] = defaultdict(int)
        for item in self.items:
            self._credit(item.option, item.sets)
        self.pairing = ctx.pair_from_start
        self._usable: dict[MuscleGroup, tuple[Option, ...]] = {}
        # Groups that hit a cap or ran out of candidates stay that way: sets only grow.
        self._exhausted: set[MuscleGroup] = set()
        self.next_rank = max((item.rank for item in self.items), default=-1) + 1
        self.blocks = arrange(self.items, pair=self.pairing, transition=ctx.transition)
        self.seconds = session_seconds(self.items)

    # -- public ---------------------------------------------------------------------------

    def build(self) -> list[list[Item]]:
        """Fill toward the targets (pairing when time runs short), then toward the stretch."""
        limited = self.fill(self.ctx.targets)
        rounds = 0
        while limited and rounds < 3:
            rounds += 1
            before = len(self.items), sum(item.sets for item in self.items)
            self.pairing = True
            self.rearrange()
            limited = self.fill(self.ctx.targets)
            if (len(self.items), sum(item.sets for item in self.items)) == before:
                break
        self.fill(self.ctx.stretch)
        self.rearrange()
        self.trim_to_budget()
        return self.blocks

    def rearrange(self) -> list[list[Item]]:
        self.blocks = arrange(self.items, pair=self.pairing, transition=self.ctx.transition)
        self.seconds = session_seconds(self.items)
        return self.blocks

    def fill(self, targets: Mapping[MuscleGroup, float]) -> bool:
        """Grow toward `targets`; True when time (not caps or candidates) stopped a group."""
        blocked: set[MuscleGroup] = set(self._exhausted)
        time_limited = False
        while (group := self._neediest(targets, blocked)) is not None:
            deficit = max(targets[group] - self.credits[group],
                          float(DIRECT_SETS_WANTED - self.direct[group]))
            outcome = self._grow(group, deficit)
            if outcome is Outcome.GROWN:
                continue
            blocked.add(group)
            time_limited |= outcome is Outcome.NO_TIME
            if outcome is Outcome.NO_ROOM:
                self._exhausted.add(group)
        return time_limited

    def trim_to_budget(self) -> None:
        """Last resort: drop sets, then exercises, from the most expendable end."""
        while self.seconds > self.ctx.budget_seconds + EPSILON and self.items:
            victim = max(self.items, key=lambda item: (item.rank > 0, item.rank))
            if victim.sets > 1:
                victim.sets -= 1
                self._credit(victim.option, -1)
            elif len(self.items) > 1:
                self.items.remove(victim)
                self._credit(victim.option, -victim.sets)
            else:
                break
            self.rearrange()

    def remaining_seconds(self) -> float:
        return self.ctx.budget_seconds - self.seconds

    # -- the greedy -----------------------------------------------------------------------

    def _neediest(self, targets: Mapping[MuscleGroup, float],
                  blocked: set[MuscleGroup]) -> MuscleGroup | None:
        best: MuscleGroup | None = None
        best_score = 0.0
        for group in self.ctx.groups:
            target = targets.get(group, 0.0)
            deficit = target - self.credits[group]
            uncovered = (self.direct[group] < DIRECT_SETS_WANTED
                         and target >= DIRECT_SETS_WANTED)
            if group in blocked or (deficit < MIN_DEFICIT and not uncovered):
                continue
            weight = self.ctx.weights.get(group, 1.0)
            score = weight * (max(deficit, 0.0) / target + (COVERAGE_BONUS if uncovered else 0))
            if score > best_score + EPSILON:
                best, best_score = group, score
        return best

    def _grow(self, group: MuscleGroup, deficit: float) -> Outcome:
        existing = [item for item in self.items if group in item.option.primary]
        growable = sorted(
            (item for item in existing
             if item.sets < rx.max_sets(self.ctx.goal, item.option.exercise)),
            key=lambda item: (item.sets, item.rank),
        )
        least = growable[0] if growable else None
        if least is None and existing and not self.ranked(group):
            # The only exercise the group can get (calves: one calf raise) may take one
            # set more than usual rather than leave the group short.
            spare = [item for item in existing
                     if item.sets <= rx.max_sets(self.ctx.goal, item.option.exercise)]
            least = min(spare, key=lambda item: (item.sets, item.rank), default=None)
        if not existing:
            moves = ("new",)
        elif least is not None and least.sets < rx.SETS_BEFORE_SECOND_EXERCISE:
            moves = ("grow", "new")
        elif deficit >= 2:
            moves = ("new", "grow")
        else:
            moves = ("grow", "new")
        out_of_time = False
        for move in moves:
            if move == "grow":
                if least is None:
                    continue
                outcome = self._add_set(least)
            else:
                outcome = self._add_exercise(group)
            if outcome is Outcome.GROWN:
                return outcome
            out_of_time |= outcome is Outcome.NO_TIME
        return Outcome.NO_TIME if out_of_time else Outcome.NO_ROOM

    def _within_caps(self, option: Option, sets: int) -> bool:
        for group, credit in option.credits:
            after = self.credits[group] + credit * sets
            if after > SESSION_SETS_MAX + EPSILON or after > self.ctx.headroom_of(group) + EPSILON:
                return False
        return True

    def _add_set(self, item: Item) -> Outcome:
        if not self._within_caps(item.option, 1):
            return Outcome.NO_ROOM
        if self.seconds + item.set_seconds() > self.ctx.budget_seconds + EPSILON:
            return Outcome.NO_TIME
        item.sets += 1
        self.seconds += item.set_seconds()
        self._credit(item.option, 1)
        return Outcome.GROWN

    def _add_exercise(self, group: MuscleGroup) -> Outcome:
        if len(self.items) >= MAX_EXERCISES:
            return Outcome.NO_ROOM
        out_of_time = False
        set_choices = (rx.NEW_EXERCISE_SETS, 1) if not self.items else (rx.NEW_EXERCISE_SETS,)
        for option in self.ranked(group):
            for sets in set_choices:
                if not self._within_caps(option, sets):
                    continue
                cost = metrics.SETUP_SECONDS + sets * (option.work_seconds + option.rest)
                if self.seconds + cost > self.ctx.budget_seconds + EPSILON:
                    out_of_time = True
                    continue
                self._append(option, sets)
                return Outcome.GROWN
        return Outcome.NO_TIME if out_of_time else Outcome.NO_ROOM

    def _append(self, option: Option, sets: int) -> None:
        ctx = self.ctx
        rir = rx.target_rir(ctx.goal, option.exercise, ctx.light)
        item = Item(option=option, sets=sets, rank=self.next_rank, base_rest=option.rest,
                    rest=option.rest, rir=rir,
                    weight_lbs=rx.target_weight_lbs(ctx.pool.profile, option.exercise,
                                                    option.reps, rir))
        self.next_rank += 1
        self.items.append(item)
        self.seconds += item.seconds
        self._credit(option, sets)

    def _credit(self, option: Option, sets: int) -> None:
        for group, credit in option.credits:
            self.credits[group] += credit * sets
        for group in option.primary:
            self.direct[group] += sets

    # -- candidates -----------------------------------------------------------------------

    def usable(self, option: Option) -> bool:
        """May this option join this session at all (date, recovery, light day)?"""
        ctx = self.ctx
        if option.slug in ctx.excluded_slugs:
            return False
        if option.heavy and ctx.light:
            return False
        if (option.heavy or option.heavy_lower_back) and ctx.ledger.heavy_conflict(
                option, ctx.weekday.index):
            return False
        return ctx.pool.allowed(option, ctx.date)

    def ranked(self, group: MuscleGroup) -> list[Option]:
        """Options for a group, best first: the movements this kind of day wants for it, its
        own exercises, a new movement pattern in the session, compounds before isolation for
        the group's first exercise, no spinal-heavy rows stealing the hinge's lower-back
        budget, variety across the week (strength: priority first), priority."""
        present = {item.slug for item in self.items}
        patterns = {item.option.exercise.pattern for item in self.items
                    if group in item.option.primary}
        first_for_group = not patterns
        strength = self.ctx.goal is Goal.STRENGTH
        uses = self.ctx.ledger.uses
        preferred = self.ctx.preferred_patterns.get(group, ())

        def key(option: Option) -> tuple[int, ...]:
            exercise = option.exercise
            used = uses.get(option.slug, 0)
            return (
                0 if not preferred or exercise.pattern in preferred else 1,
                0 if option.main_group is group else 1,
                1 if exercise.pattern in patterns else 0,
                1 if first_for_group and option.priority >= 3 else 0,
                1 if exercise.lower_back_dominant and group not in _HINGE_GROUPS else 0,
                option.priority if strength else used,
                used if strength else option.priority,
                option.order,
            )

        if group not in self._usable:  # date, recovery and light day are fixed per session
            # An exercise belongs to the day only if its own main group does: a deadlift
            # also trains the back, but it is not an upper-body day's back exercise.
            focus = set(self.ctx.groups)
            self._usable[group] = tuple(o for o in self.ctx.pool.by_group[group]
                                        if o.main_group in focus and self.usable(o))
        candidates = [option for option in self._usable[group] if option.slug not in present]
        candidates.sort(key=key)
        return candidates
