"""Build one session: its main movements first, then set by set toward each muscle group's
share of the week.

A coach writes the big movements of a day before its accessories. So the builder first lays
the day's foundation: each of its main groups (the user's priorities, then the big movers of
the focus: a squat or lunge, a horizontal push and pull, a hinge, a vertical press) gets a
compound of its own, every one at two sets first and then each raised to three, in order of
importance, so a short session holds every main pattern at three sets when the time allows
and drops to two only when it does not. Arms, calves and core ride on those compounds until
the foundation stands.

Then a greedy over muscle groups: at each step it takes the group furthest below its target
for the day (relative to the target, weighted: a priority doubles its group's weight, small
groups count less) and grows it by the cheapest sensible move: one more set of an exercise
already there, or a new exercise ranked for that group (a compound at three sets, an
isolation at two). A group the day's other compounds will feed on their way to their own
targets (the shoulders of a day of presses and rows) counts what they will give it. A move is
taken only if it keeps every group within the session cap (8 fractional sets), within the
weekly headroom the ledger allows, and the session within its time budget under the metrics
time model, and if it leaves the other groups the cap room they still need to reach their
floor (the 10-set landmark's share of the day).

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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Goal, MuscleGroup, Pattern, Weekday
from fitcoach.programming import metrics
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.arrange import arrange
from fitcoach.programming.generator.balance import balance_pulls
from fitcoach.programming.generator.items import Item, session_seconds
from fitcoach.programming.generator.ledger import WeekLedger
from fitcoach.programming.generator.options import Option, OptionPool, make_option
from fitcoach.programming.generator.site import EPSILON
from fitcoach.programming.rules.landmarks import SESSION_SETS_MAX, WEEKLY_SETS_MAX

MAX_EXERCISES = 8
# Filling a long session's minutes keeps each group this far under the 20-set cap.
FILL_UP_MARGIN = 2.0
MIN_DEFICIT = 0.5  # a half set (secondary credit) is not worth a move
# A main group with no direct work yet jumps the queue by this much (times its weight):
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
    # The main groups to lay first, most important first; empty: no foundation pass (an edit
    # topping a day up toward the volume it had).
    foundation: tuple[MuscleGroup, ...] = ()
    # Foundation groups laid once per movement pattern (`split.FOUNDATION_PATTERNS`: a pull
    # day's row and vertical pull); the others get one main movement of any pattern.
    foundation_patterns: Mapping[MuscleGroup, tuple[Pattern, ...]] = field(default_factory=dict)
    # Groups whose foundation may be any exercise (the user's priorities); the others are
    # founded on a compound only.
    priority: frozenset[MuscleGroup] = field(default_factory=frozenset)
    # Each group's share of the weekly landmark floor: session cap room is kept for it, so
    # no group's extras push another under the floor. Empty: nothing is kept.
    floor: Mapping[MuscleGroup, float] = field(default_factory=dict)
    # A short session rests about two thirds of the prescription (heavy sets at least 90 s),
    # as a coach cuts a session short: the time goes to more movements, not to rest.
    short_rests: bool = False
    # Priority groups the day's focus leaves out (`split.with_priority_extras`): any exercise
    # that trains them as a prime mover may serve them (a lunge for the glutes on an upper
    # day), not only one whose main group is in the focus.
    extra: frozenset[MuscleGroup] = field(default_factory=frozenset)
    # A later lower day of the week (every other day training both legs' patterns): its
    # exercises are chosen for variety before the catalog's priority (a strength week too:
    # a deadlift, not Tuesday's Romanian deadlift again), its quads' first a one-sided squat.
    vary: bool = False
    # Sets a long session may still take after the stretch when its time is not used up
    # (the day's share of 18 a group, `generate.build_sessions`): the minutes asked are
    # filled with what the caps still allow. Empty: no such pass (edits).
    fill_up: Mapping[MuscleGroup, float] = field(default_factory=dict)

    def headroom_of(self, group: MuscleGroup) -> float:
        found = self.headroom.get(group)
        return WEEKLY_SETS_MAX - self.ledger.totals.get(group, 0.0) if found is None else found


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
        self._feeding: dict[MuscleGroup, tuple[tuple[MuscleGroup, float], ...]] = {}
        self._fed = False  # `_feeding` worked out for the current view of the week
        self._smallest_new: float | None = None
        self._starved = False  # this step of the greedy: no move can fit the time
        self._keep_floors = True  # moves keep cap room for other groups' floors
        self._floor_cap: int | None = None  # ...or only this many sets of each (`found`)
        # Groups that hit a cap or ran out of candidates stay that way: sets only grow.
        self._exhausted: set[MuscleGroup] = set()
        self.next_rank = max((item.rank for item in self.items), default=-1) + 1
        # Groups that must get direct work of their own: the main ones (half-set credit from
        # other groups' compounds is no substitute); arms, calves and core may ride on the
        # compounds. Without a foundation (an edit topping a day up), every group.
        self._covered = frozenset(ctx.foundation or ctx.groups)
        self.blocks = arrange(self.items, pair=self.pairing, transition=ctx.transition,
                              heavy_pairs=ctx.goal is not Goal.STRENGTH)
        self.seconds = session_seconds(self.items)

    # -- public ---------------------------------------------------------------------------

    def build(self) -> list[list[Item]]:
        """Lay the foundation, fill toward the targets (pairing when time runs short), then
        toward the stretch."""
        self.lay_foundation()
        return self.complete()

    def lay_foundation(self) -> None:
        """The day's main movements only (the week builds every day's first)."""
        self._paired(self.found)

    def rebase(self, ledger: WeekLedger, headroom: Mapping[MuscleGroup, float]) -> None:
        """Judge the rest of the session against a new view of the week (the other days'
        main lifts known): recovery, variety and weekly headroom."""
        self.ctx.ledger = ledger
        self.ctx.headroom = headroom
        self._usable.clear()
        self._fed = False

    def complete(self, balance: bool = True) -> list[list[Item]]:
        """Fill toward the targets (pairing when time runs short), then toward the stretch,
        then balance pulls against presses (`balance`; the week generator balances the
        whole week once every day is built instead)."""
        if self.ctx.priority:
            # The priorities take their time first: after the foundation, the greedy would
            # otherwise spread the session over every group and leave a priority where it
            # was without one.
            first = {g: t for g, t in self.ctx.targets.items() if g in self.ctx.priority}
            self._paired(lambda: self.fill(first))
        self._paired(lambda: self.fill(self.ctx.targets))
        self.fill(self.ctx.stretch)
        self._fill_up()
        self.rearrange()
        self.trim_to_budget()
        if balance:
            balance_pulls(self)
            self.rearrange()
        return self.blocks

    def refill(self) -> None:
        """Fill the time the week's pulling balance freed (a deadlift given way to a Romanian
        deadlift, a press dropped) toward `DayContext.fill_up`, against the caps as they
        stand now: groups a cap stopped earlier may have room again."""
        if not self.ctx.fill_up:
            return
        self._exhausted.clear()
        self._fed = False
        self._paired(self._fill_up)
        self.rearrange()
        self.trim_to_budget()

    def _fill_up(self) -> bool:
        """Toward `DayContext.fill_up`, every group kept FILL_UP_MARGIN under its weekly
        headroom: filling the minutes takes no group's week past 18 (other days' half sets
        still fit under 20, a deload's 55% under its 12)."""
        if not self.ctx.fill_up:
            return False
        headroom = self.ctx.headroom
        self.ctx.headroom = {g: self.ctx.headroom_of(g) - FILL_UP_MARGIN for g in MuscleGroup}
        try:
            return self.fill(self.ctx.fill_up)
        finally:
            self.ctx.headroom = headroom

    # -- moves the balance pass makes (`balance`) -------------------------------------------

    def balance(self, week: tuple[int, int]) -> list[list[Item]]:
        """Pulls up to the ratio of the session's presses and of the week's (`week`: the
        other days' press and pull sets), see `balance`."""
        balance_pulls(self, week)
        self.rearrange()
        return self.blocks

    def add_set(self, item: Item, group: MuscleGroup) -> Outcome:
        """One more set, judged by the hard caps only: the greedy is over, so no cap room
        is kept for other groups' floors any more."""
        self._starved, self._keep_floors = False, False
        try:
            return self._add_set(item, group)
        finally:
            self._keep_floors = True

    def add_exercise(self, group: MuscleGroup, candidates: list[Option],
                     sets: int | None = None) -> Outcome:
        self._starved, self._keep_floors = False, False
        try:
            return self._add_exercise(group, candidates, sets)
        finally:
            self._keep_floors = True

    def limit(self, group: MuscleGroup) -> float:
        return self._limit(group)

    def change_sets(self, item: Item, by: int) -> None:
        item.sets += by
        self._credit(item.option, by)
        self.rearrange()

    def remove(self, item: Item) -> None:
        self.items.remove(item)
        self._credit(item.option, -item.sets)
        self.rearrange()

    def restore(self, item: Item) -> None:
        self.items.append(item)
        self._credit(item.option, item.sets)
        self.rearrange()

    def _paired(self, step: Callable[[], bool]) -> None:
        """Run a filling step; if time (not caps) stops it, fold the session into supersets
        and run it once more with the time that frees. Once folded, every addition is timed
        as arranged, so a further run could find nothing new: time only ever fills up."""
        if step() and not self.pairing:
            self.pairing = True
            self.rearrange()
            step()

    def found(self) -> bool:
        """The day's main movements, each at two sets and then each raised to three, most
        important first; True when time (not caps or candidates) stopped one."""
        self._feeders()
        limited = False
        laid = [(group, pattern) for group in self.ctx.foundation
                for pattern in self._laid_patterns(group)]
        # Only for the day's single priority: next to another priority (the chest's presses
        # credit the shoulders too), the other's floor keeps its whole room (they share it).
        day_priorities = self.ctx.priority & set(self.ctx.groups)
        several = {group for group, _ in laid if day_priorities == {group}
                   and len(self.ctx.foundation_patterns.get(group, ())) > 1}
        for want in (rx.MIN_SETS, rx.FOUNDATION_SETS):
            for group, pattern in laid:
                have = self._main_sets(group, pattern)
                if group in self._exhausted or have >= want:
                    continue
                if want > rx.MIN_SETS and self._rides(group, want - have):
                    continue
                # A single priority's main movements at two sets (a press and lateral
                # raises) keep the other main groups room for their own foundation (three
                # sets each), not their whole floor: in a short upper day the floors' half
                # sets of shoulder work would otherwise leave the laterals no room under the
                # session cap.
                self._floor_cap = rx.FOUNDATION_SETS if (
                    want == rx.MIN_SETS and group in several) else None
                try:
                    limited |= self._lay(group, want, pattern) is Outcome.NO_TIME
                finally:
                    self._floor_cap = None
        return limited

    def _laid_patterns(self, group: MuscleGroup) -> tuple[Pattern | None, ...]:
        """The movement patterns a main group is laid with, one main movement each (a pull
        day's row and vertical pull, `DayContext.foundation_patterns`), the pattern of the
        group's best option first; (None,): one main movement of any pattern."""
        patterns = self.ctx.foundation_patterns.get(group, ())
        if not patterns:
            return (None,)
        ranked = [o.exercise.pattern for o in self.ranked(group) if o.main_group is group]
        return tuple(sorted(patterns, key=lambda p: ranked.index(p) if p in ranked
                            else len(ranked)))

    def _rides(self, group: MuscleGroup, more: int) -> bool:
        """Two direct sets will do for this main group: the day's other compounds, on their
        way to their targets, will take it past its upper target for the day, or would leave
        no room under its cap for `more` direct sets (the shoulders of a day of presses and
        rows)."""
        spill = self._spilled(group, group, self.ctx.targets)
        projected = self.credits[group] + spill
        return (projected >= self.ctx.stretch.get(group, 0.0) - EPSILON
                or projected + more > self._limit(group) + EPSILON)

    def _main_sets(self, group: MuscleGroup, pattern: Pattern | None = None) -> int:
        """Sets of the exercises whose main target is the group (a deadlift is a hinge:
        its back work does not stand in for a pull), of `pattern` only if given."""
        return sum(item.sets for item in self._main_items(group, pattern))

    def _main_items(self, group: MuscleGroup, pattern: Pattern | None) -> list[Item]:
        return [item for item in self.items if item.option.main_group is group
                and (pattern is None or item.option.exercise.pattern is pattern)]

    def _lay(self, group: MuscleGroup, want: int, pattern: Pattern | None = None) -> Outcome:
        existing = self._main_items(group, pattern)
        if not existing:
            # A main group is founded on a compound whose main target it is (glutes ride on
            # the squats, lunges and hinges), a priority group on anything of its own; a
            # pull day's shoulders are its rear delts: an accessory, not a main movement.
            candidates = [o for o in self.ranked(group) if o.main_group is group
                          and (pattern is None or o.exercise.pattern is pattern)]
            if group not in self.ctx.priority:
                if not candidates or candidates[0].priority > 2:
                    return Outcome.NO_ROOM
                candidates = [o for o in candidates if o.priority <= 2]
            if not candidates:
                return Outcome.NO_ROOM
            return self._add_exercise(group, candidates, sets=want)
        item = min(existing, key=lambda item: item.rank)
        while self._main_sets(group, pattern) < want:
            if item.sets >= rx.max_sets(self.ctx.goal, item.option.exercise):
                return Outcome.NO_ROOM
            outcome = self._add_set(item, group)
            if outcome is not Outcome.GROWN:
                return outcome
        return Outcome.GROWN

    def rearrange(self) -> list[list[Item]]:
        self.blocks = arrange(self.items, pair=self.pairing, transition=self.ctx.transition,
                              heavy_pairs=self.ctx.goal is not Goal.STRENGTH)
        self.seconds = session_seconds(self.items)
        return self.blocks

    def fill(self, targets: Mapping[MuscleGroup, float]) -> bool:
        """Grow toward `targets`; True when time (not caps or candidates) stopped a group."""
        self._feeders()
        blocked: set[MuscleGroup] = set(self._exhausted)
        time_limited = False
        while (group := self._neediest(targets, blocked)) is not None:
            # When not even the cheapest move fits the time, every move of this step fails on
            # time (or on a cap): only the caps are checked, nothing is arranged and timed.
            self._starved = self._out_of_time()
            deficit = max(targets[group] - self._projected(group, targets),
                          float(DIRECT_SETS_WANTED - self.direct[group]))
            outcome = self._grow(group, deficit)
            self._starved = False
            if outcome is Outcome.GROWN:
                continue
            blocked.add(group)
            time_limited |= outcome is Outcome.NO_TIME
            if outcome is Outcome.NO_ROOM:
                self._exhausted.add(group)
        return time_limited

    def _out_of_time(self) -> bool:
        """Not even the cheapest move fits any more: one set of an exercise already there, or
        a new exercise at two sets of the quickest option at its shortest rest."""
        if not self.items:
            return False
        left = self.ctx.budget_seconds + EPSILON - self.seconds
        if self._smallest_new is None:
            transition = self.ctx.transition
            self._smallest_new = metrics.SETUP_SECONDS + rx.MIN_SETS * min(
                (o.work_seconds + min(self._rested(o).rest, transition)
                 for o in self.ctx.pool.options),
                default=0.0)
        return left < self._smallest_new and all(item.set_seconds() > left
                                                 for item in self.items)

    def trim_to_budget(self) -> None:
        """Last resort: drop sets (never under two), then exercises, from the most expendable
        end."""
        while self.seconds > self.ctx.budget_seconds + EPSILON and self.items:
            victim = max(self.items, key=lambda item: (item.rank > 0, item.rank))
            if victim.sets > rx.MIN_SETS or (victim.sets > 1 and len(self.items) == 1):
                victim.sets -= 1
                self._credit(victim.option, -1)
            elif len(self.items) > 1:
                self.items.remove(victim)
                self._credit(victim.option, -victim.sets)
            else:
                break
            self.rearrange()

    # -- the greedy -----------------------------------------------------------------------

    def _neediest(self, targets: Mapping[MuscleGroup, float],
                  blocked: set[MuscleGroup]) -> MuscleGroup | None:
        best: MuscleGroup | None = None
        best_score = 0.0
        credits = self.credits
        for group in self.ctx.groups:
            target = targets.get(group, 0.0)
            if group in blocked or target <= 0:
                continue
            deficit = target - credits[group]
            if group in self._feeding:
                deficit -= self._spilled(group, group, targets)
            uncovered = (group in self._covered and self.direct[group] < DIRECT_SETS_WANTED
                         and target >= DIRECT_SETS_WANTED)
            if deficit < MIN_DEFICIT and not uncovered:
                continue
            weight = self.ctx.weights.get(group, 1.0)
            score = weight * (max(deficit, 0.0) / target + (COVERAGE_BONUS if uncovered else 0))
            if score > best_score + EPSILON:
                best, best_score = group, score
        return best

    def _grow(self, group: MuscleGroup, deficit: float) -> Outcome:
        existing = [item for item in self.items if group in item.option.primary]
        strength = self.ctx.goal is Goal.STRENGTH
        growable = sorted(
            (item for item in existing
             if item.sets < rx.max_sets(self.ctx.goal, item.option.exercise)),
            # A strength goal grows its heavy lifts first; otherwise the fewest sets first.
            key=lambda item: (strength and not item.option.exercise.heavy_compound,
                              item.sets, item.rank),
        )
        if not growable and existing and not self.ranked(group):
            # The only exercise the group can get (calves: one calf raise) may take one
            # set more than usual rather than leave the group short.
            growable = sorted(
                (item for item in existing
                 if item.sets <= rx.max_sets(self.ctx.goal, item.option.exercise)),
                key=lambda item: (item.sets, item.rank))
        least = growable[0] if growable else None
        if not existing:
            moves: tuple[str, ...] = ("new",)
        elif least is not None and least.sets < rx.sets_before_second(
                self.ctx.goal, least.option.exercise):
            moves = ("grow", "new")
        elif deficit >= 2 or group in self.ctx.priority:
            # A priority group past three sets of one exercise gets a second movement (lateral
            # raises next to the presses) before a fourth set.
            moves = ("new", "grow")
        else:
            moves = ("grow", "new")
        out_of_time = False
        for move in moves:
            if move == "grow":
                # The exercise with the fewest sets first; if a cap or the time stops it,
                # another of the group's exercises may still take a set.
                for item in growable:
                    outcome = self._add_set(item, group)
                    if outcome is Outcome.GROWN:
                        return outcome
                    out_of_time |= outcome is Outcome.NO_TIME
                continue
            outcome = self._add_exercise(group)
            if outcome is Outcome.GROWN:
                return outcome
            out_of_time |= outcome is Outcome.NO_TIME
        return Outcome.NO_TIME if out_of_time else Outcome.NO_ROOM

    def _within_caps(self, option: Option, sets: int, mover: MuscleGroup) -> bool:
        """The move keeps every group it credits within the session cap and the weekly
        headroom, leaving the room the other groups still need to reach their floor (a press
        credits the shoulders half a set: a pile of shoulder work must not leave the presses
        and rows no room)."""
        credits = self.credits
        for group, credit in option.credits:
            after = credits[group] + credit * sets
            headroom = self.ctx.headroom_of(group)
            if after > headroom + EPSILON:
                return False
            limit = min(float(SESSION_SETS_MAX), headroom) + EPSILON
            if after > limit:
                return False
            if self._keep_floors and self.ctx.floor and group in self._feeding and \
                    after + self._reserved(group, mover, option, sets) > limit:
                return False
        return True

    def _limit(self, group: MuscleGroup) -> float:
        """The most sets the group may hold in this session: the session cap, or less when
        the week's cap is nearer."""
        return min(float(SESSION_SETS_MAX), self.ctx.headroom_of(group))

    def _reserved(self, group: MuscleGroup, mover: MuscleGroup, option: Option,
                  sets: int) -> float:
        """Session cap room of `group` the day's other groups will use on their way to their
        floor, after the move (a lunge's half sets for the hamstrings count toward theirs)."""
        floor = self.ctx.floor
        if self._floor_cap is not None:
            floor = {g: min(f, float(self._floor_cap)) for g, f in floor.items()}
        return self._spilled(group, mover, floor, option, sets)

    def _projected(self, group: MuscleGroup, targets: Mapping[MuscleGroup, float]) -> float:
        """The group's sets now, plus what the other groups will credit it on their way to
        their targets: a group that rides on others' compounds (the shoulders of a day of
        presses and rows) waits for them."""
        return self.credits[group] + self._spilled(group, group, targets)

    def _spilled(self, group: MuscleGroup, mover: MuscleGroup,
                 wanted: Mapping[MuscleGroup, float], option: Option | None = None,
                 sets: int = 0) -> float:
        """What the day's other groups (the mover aside) still missing from `wanted` (after
        `sets` of `option`, if given) will credit `group`: their missing sets times the least
        any of their options credits it."""
        if not wanted:
            return 0.0
        spilled = 0.0
        for other, share in self._feeders().get(group, ()):
            if other is mover or other in self._exhausted:
                continue
            missing = wanted.get(other, 0.0) - self.credits[other]
            if option is not None:
                missing -= option.credit(other) * sets
            if missing > EPSILON:
                spilled += missing * share
        return spilled

    def _feeders(self) -> dict[MuscleGroup, tuple[tuple[MuscleGroup, float], ...]]:
        """For each group, the day's other groups every option of which credits it, and the
        least credit (a row always credits the shoulders and biceps half a set)."""
        if not self._fed:
            self._fed = True
            feeding: dict[MuscleGroup, list[tuple[MuscleGroup, float]]] = defaultdict(list)
            for other in self.ctx.groups:
                options = self._options(other)
                if not options:
                    continue
                for group, _ in options[0].credits:
                    if group is other:
                        continue
                    least = min(option.credit(group) for option in options)
                    if least > 0:
                        feeding[group].append((other, least))
            self._feeding = {group: tuple(pairs) for group, pairs in feeding.items()}
        return self._feeding

    def _add_set(self, item: Item, group: MuscleGroup) -> Outcome:
        if not self._within_caps(item.option, 1, group):
            return Outcome.NO_ROOM
        if self._starved:
            return Outcome.NO_TIME
        if self.seconds + item.set_seconds() > self.ctx.budget_seconds + EPSILON:
            return Outcome.NO_TIME
        if self.pairing and item.rest < item.base_rest and rx.heavy_set(item.option.exercise,
                                                                        item.option.reps):
            # A heavy set leading a superset: one set more than its partner and it keeps its
            # full rest (`arrange.set_block_rests`), so the set is timed as arranged.
            item.sets += 1
            self.rearrange()
            if self.seconds > self.ctx.budget_seconds + EPSILON:
                item.sets -= 1
                self.rearrange()
                return Outcome.NO_TIME
            self._credit(item.option, 1)
            return Outcome.GROWN
        item.sets += 1
        self.seconds += item.set_seconds()
        self._credit(item.option, 1)
        return Outcome.GROWN

    def _add_exercise(self, group: MuscleGroup, candidates: list[Option] | None = None,
                      sets: int | None = None) -> Outcome:
        """The best candidate for the group that fits: at `sets` (default: three for a
        compound, two for an isolation), else at two when time forces it; a session's very
        first exercise may take a single set when time allows nothing more (never because a
        cap is near: one set is not worth an exercise)."""
        if len(self.items) >= MAX_EXERCISES:
            return Outcome.NO_ROOM
        out_of_time = False
        for option in self.ranked(group) if candidates is None else candidates:
            wanted = rx.start_sets(option.exercise) if sets is None else sets
            timed_out = False
            for count in sorted({wanted, rx.MIN_SETS}, reverse=True):
                if not self._within_caps(option, count, group):
                    continue
                if self._try_append(option, count):
                    return Outcome.GROWN
                timed_out = True
            if timed_out and not self.items and self._try_append(option, 1):
                return Outcome.GROWN  # the only thing a very short session can hold
            out_of_time |= timed_out
        return Outcome.NO_TIME if out_of_time else Outcome.NO_ROOM

    def _try_append(self, option: Option, sets: int) -> bool:
        """Add the exercise if the session still fits its time. Once the session is folded
        into supersets, the newcomer is timed as arranged: it may join a pair (cheaper than
        straight sets) or change which exercises pair (dearer). A cheap bound comes first: a
        newcomer that would not fit even at its shortest rest, with the biggest saving it
        could bring one straight exercise, is not arranged at all."""
        budget = self.ctx.budget_seconds + EPSILON
        if self._starved:
            return False
        if not self.pairing:
            cost = (metrics.SETUP_SECONDS + option.ramp_seconds
                    + sets * (option.work_seconds + option.rest))
            if self.seconds + cost > budget:
                return False
            self._append(option, sets)
            return True
        work = option.work_seconds
        optimistic = (metrics.SETUP_SECONDS + option.ramp_seconds
                      + sets * (work + min(option.rest, self.ctx.transition)))
        saving = max((item.sets * (item.rest - self.ctx.transition) for item in self.items
                      if item.rest > self.ctx.transition), default=0.0)
        if self.seconds + optimistic - saving > budget:
            return False  # even the best pairing it could bring about would not make it fit
        arranged, rests, seconds = self.blocks, [item.rest for item in self.items], self.seconds
        self._append(option, sets)
        self.rearrange()
        if self.seconds <= budget:
            return True
        item = self.items.pop()
        self._credit(item.option, -item.sets)
        self.next_rank -= 1
        for kept, rest in zip(self.items, rests, strict=True):  # as arranged before the trial
            kept.rest = rest
        self.blocks, self.seconds = arranged, seconds
        return False

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

    def _rested(self, option: Option) -> Option:
        """The option at this session's rest: the prescription, or shorter for a short
        session (`DayContext.short_rests`)."""
        if not self.ctx.short_rests:
            return option
        heavy = rx.heavy_set(option.exercise, option.reps)
        return make_option(option.exercise, option.reps, rx.compressed_rest(option.rest, heavy))

    def _options(self, group: MuscleGroup) -> tuple[Option, ...]:
        """Every option that may serve the group in this session (fixed per session: date,
        recovery and light day do not change while it is built)."""
        if group not in self._usable:
            # An exercise belongs to the day only if its own main group does: a deadlift
            # also trains the back, but it is not an upper-body day's back exercise.
            # And a day that wants a movement for a group trains the group with that
            # movement only: a pull day's shoulders are rear delts, never a press.
            focus = set(self.ctx.groups)
            wanted = self.ctx.preferred_patterns.get(group, ())
            self._usable[group] = tuple(
                self._rested(o) for o in self.ctx.pool.by_group[group]
                if (o.main_group in focus or (group in self.ctx.extra and group in o.primary))
                and self.usable(o)
                and (not wanted or o.main_group is not group or o.exercise.pattern in wanted))
        return self._usable[group]

    def ranked(self, group: MuscleGroup) -> list[Option]:
        """Options for a group, best first: the movements this kind of day wants for it, its
        own exercises, no ramp-up sets in a short session, a new movement pattern in the
        session, compounds before isolation for
        the group's first exercise, no spinal-heavy rows stealing the hinge's lower-back
        budget, variety across the week (strength: priority first), priority."""
        present = {item.slug for item in self.items}
        patterns = {item.option.exercise.pattern for item in self.items
                    if group in item.option.primary}
        first_for_group = not patterns
        strength = self.ctx.goal is Goal.STRENGTH
        uses = self.ctx.ledger.uses
        preferred = self.ctx.preferred_patterns.get(group, ())
        demoted = self.ctx.pool.demoted
        vary = self.ctx.vary
        # A strength week squats twice: its squat stays the main lift on a varied day too.
        varied = vary and not (strength and group is MuscleGroup.QUADS)
        # The varied day's quads: a one-sided squat or lunge (a strength week's after its
        # squat).
        one_sided = vary and group is MuscleGroup.QUADS and not (strength and first_for_group)
        # A strength week ranks by the catalog's priority, so every day's back went to the
        # pull-up (a barbell row yields to the hinge's lower back): a week of vertical pulls
        # and no row. Its back varies the pull pattern across the week instead.
        pull_patterns: dict[Pattern, int] = defaultdict(int)
        if strength and group is MuscleGroup.BACK:
            for slug, count in uses.items():
                pull_patterns[CATALOG.get(slug).pattern] += count

        def key(option: Option) -> tuple[int, ...]:
            exercise = option.exercise
            used = uses.get(option.slug, 0)
            return (
                0 if not preferred or exercise.pattern in preferred else 1,
                0 if option.main_group is group else 1,
                # A technical lift for a beginner, a dumbbell too light for the exercise:
                # the simpler or harder variation first (`experience`).
                1 if option.slug in demoted else 0,
                # A short session has no time for a barbell lift's ramp-up sets: dumbbells,
                # cables or body weight first.
                1 if self.ctx.short_rests and option.ramp_seconds else 0,
                1 if one_sided and not exercise.unilateral else 0,
                1 if exercise.pattern in patterns else 0,
                1 if first_for_group and option.priority >= 3 else 0,
                1 if exercise.lower_back_dominant and group not in _HINGE_GROUPS else 0,
                pull_patterns[exercise.pattern],
                option.priority if strength and not varied else used,
                used if strength and not varied else option.priority,
                option.order,
            )

        candidates = [option for option in self._options(group) if option.slug not in present]
        candidates.sort(key=key)
        return candidates
