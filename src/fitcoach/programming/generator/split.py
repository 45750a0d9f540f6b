"""Which days to train and what each session is about.

Split by sessions per week, experience and session length (docs/programming.md has the table):

| sessions | beginner                         | intermediate / advanced            |
|----------|----------------------------------|------------------------------------|
| 1-3      | full body                        | full body                          |
| 4        | upper / lower ×2                 | upper / lower ×2                   |
| 5        | upper / lower + full body        | upper / lower + push / pull / legs |
| 6        | upper / lower ×3                 | push / pull / legs ×2              |
| 7        | upper / lower ×3 + light day     | push / pull / legs ×2 + light day  |

Sessions of 30 minutes or less with 5+ days use the push/pull/legs variants whatever the
experience: fewer groups per session is what lets a short session dose each one properly.
When only a count is given, days are spread for recovery (2 → Mon/Thu, 3 → Mon/Wed/Fri, 4 →
Mon/Tue/Thu/Fri, …). Days with an explicit focus keep it; the other days take the split for
their own count. When the gear cannot train the lower body at all, every day is full body so
the week still trains whatever the gear allows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from fitcoach.catalog.vocabulary import WEEKDAYS, Experience, MuscleGroup, Pattern, Weekday
from fitcoach.programming.focus import FOCUS_GROUPS, Focus
from fitcoach.programming.generator.options import OptionPool
from fitcoach.programming.profile import Profile
from fitcoach.programming.rules.recovery import cyclic_gap

W = Weekday
SPREAD: dict[int, tuple[Weekday, ...]] = {
    1: (W.MONDAY,),
    2: (W.MONDAY, W.THURSDAY),
    3: (W.MONDAY, W.WEDNESDAY, W.FRIDAY),
    4: (W.MONDAY, W.TUESDAY, W.THURSDAY, W.FRIDAY),
    5: (W.MONDAY, W.TUESDAY, W.THURSDAY, W.FRIDAY, W.SATURDAY),
    6: (W.MONDAY, W.TUESDAY, W.WEDNESDAY, W.THURSDAY, W.FRIDAY, W.SATURDAY),
    7: WEEKDAYS,
}
SHORT_SESSION_MINUTES = 30
LIGHT_DAY_MAX_MINUTES = 30
# What a recovery-friendly day trains: small groups, no heavy compounds (see the builder).
LIGHT_DAY_GROUPS: tuple[MuscleGroup, ...] = (
    MuscleGroup.CORE, MuscleGroup.SHOULDERS, MuscleGroup.CALVES, MuscleGroup.BICEPS,
    MuscleGroup.TRICEPS,
)
_LOWER = (MuscleGroup.QUADS, MuscleGroup.HAMSTRINGS, MuscleGroup.GLUTES)
# Which movements a group should get on a given kind of day: the shoulders of a pull day are
# the rear delts, those of a push day the front and side delts.
PREFERRED_PATTERNS: dict[Focus, dict[MuscleGroup, tuple[Pattern, ...]]] = {
    Focus.PULL: {MuscleGroup.SHOULDERS: (Pattern.REAR_DELT,)},
    Focus.BACK: {MuscleGroup.SHOULDERS: (Pattern.REAR_DELT,)},
    Focus.PUSH: {MuscleGroup.SHOULDERS: (Pattern.VERTICAL_PUSH, Pattern.LATERAL_RAISE)},
    Focus.CHEST: {MuscleGroup.SHOULDERS: (Pattern.VERTICAL_PUSH, Pattern.LATERAL_RAISE)},
}
# A day built around pulling lays both pulls as main movements, a row and a vertical pull:
# left to the greedy, a strength pull day grows its first pull to five sets and the week's
# back cap then leaves no room for a row (five sets of pull-ups is not a pull day a coach
# signs). The order is not a ranking: the day's best option decides which comes first.
FOUNDATION_PATTERNS: dict[Focus, dict[MuscleGroup, tuple[Pattern, ...]]] = {
    Focus.PULL: {MuscleGroup.BACK: (Pattern.HORIZONTAL_PULL, Pattern.VERTICAL_PULL)},
    Focus.BACK: {MuscleGroup.BACK: (Pattern.HORIZONTAL_PULL, Pattern.VERTICAL_PULL)},
}
# A priority group whose day presses it lays a second movement pattern as a main movement:
# a delts priority gets a press *and* lateral raises (the side delts are what a shoulder
# priority is after, and presses already credit the front delts), not three presses at
# three sets each. Days that train the shoulders with rear delts (pull days) keep theirs.
PRIORITY_FOUNDATION_PATTERNS: dict[MuscleGroup, tuple[Pattern, ...]] = {
    MuscleGroup.SHOULDERS: (Pattern.VERTICAL_PUSH, Pattern.LATERAL_RAISE),
}
LIGHT_DAY_PATTERNS: dict[MuscleGroup, tuple[Pattern, ...]] = {
    MuscleGroup.SHOULDERS: (Pattern.LATERAL_RAISE, Pattern.REAR_DELT),
}
# A priority group also gets a little work on the days whose focus leaves it out (delts on
# a lower day, a leg movement on an upper day): more frequency is how a coach gives a group
# more weekly sets without breaking the session cap. Those days train it with movements that
# do not compete with the day's own main lifts.
PRIORITY_EXTRA_PATTERNS: dict[MuscleGroup, tuple[Pattern, ...]] = {
    # Flyes, not presses: more pressing would owe the week more pulls.
    MuscleGroup.CHEST: (Pattern.CHEST_FLY,),
    MuscleGroup.BACK: (Pattern.HORIZONTAL_PULL, Pattern.VERTICAL_PULL),
    MuscleGroup.SHOULDERS: (Pattern.LATERAL_RAISE, Pattern.REAR_DELT),
    MuscleGroup.QUADS: (Pattern.KNEE_EXTENSION, Pattern.LUNGE, Pattern.SQUAT),
    MuscleGroup.HAMSTRINGS: (Pattern.KNEE_FLEXION, Pattern.HINGE),
    MuscleGroup.GLUTES: (Pattern.LUNGE, Pattern.HINGE),
    MuscleGroup.BICEPS: (Pattern.ELBOW_FLEXION,),
    MuscleGroup.TRICEPS: (Pattern.ELBOW_EXTENSION,),
    MuscleGroup.CALVES: (Pattern.CALF_RAISE,),
}


class SplitKind(StrEnum):
    FULL_BODY = "full_body"
    UPPER_LOWER = "upper_lower"
    UPPER_LOWER_FULL = "upper_lower_full"
    UPPER_LOWER_PPL = "upper_lower_ppl"
    PUSH_PULL_LEGS = "push_pull_legs"
    CUSTOM = "custom"


_SEQUENCES: dict[SplitKind, tuple[Focus, ...]] = {
    SplitKind.FULL_BODY: (Focus.FULL_BODY,) * 7,
    SplitKind.UPPER_LOWER: (Focus.UPPER, Focus.LOWER) * 4,
    SplitKind.UPPER_LOWER_FULL: (Focus.UPPER, Focus.LOWER, Focus.FULL_BODY, Focus.UPPER,
                                 Focus.LOWER, Focus.FULL_BODY, Focus.FULL_BODY),
    SplitKind.UPPER_LOWER_PPL: (Focus.UPPER, Focus.LOWER, Focus.PUSH, Focus.PULL, Focus.LEGS,
                                Focus.UPPER, Focus.LOWER),
    SplitKind.PUSH_PULL_LEGS: (Focus.PUSH, Focus.PULL, Focus.LEGS) * 3,
}


@dataclass(frozen=True, slots=True)
class DaySlot:
    focus: Focus
    light: bool = False
    # Priority groups the focus leaves out, trained here with accessory movements.
    extra: tuple[MuscleGroup, ...] = ()

    @property
    def base_groups(self) -> tuple[MuscleGroup, ...]:
        """The focus's own groups (the ones whose main lifts the day lays first)."""
        return LIGHT_DAY_GROUPS if self.light else FOCUS_GROUPS[self.focus]

    @property
    def groups(self) -> tuple[MuscleGroup, ...]:
        return self.base_groups + self.extra

    @property
    def foundation_patterns(self) -> dict[MuscleGroup, tuple[Pattern, ...]]:
        """Main groups laid once per movement pattern (a pull day's row and vertical pull);
        a light day lays no main movements."""
        return {} if self.light else FOUNDATION_PATTERNS.get(self.focus, {})

    def foundation_patterns_for(self, priorities: Iterable[MuscleGroup],
                                ) -> dict[MuscleGroup, tuple[Pattern, ...]]:
        """`foundation_patterns`, with the second pattern of each priority group the focus
        trains (`PRIORITY_FOUNDATION_PATTERNS`), unless the day prefers other movements
        for it (a pull day's rear delts)."""
        own = self.foundation_patterns
        if self.light:
            return own
        preferred = self.preferred_patterns
        added = {g: PRIORITY_FOUNDATION_PATTERNS[g] for g in priorities
                 if g in PRIORITY_FOUNDATION_PATTERNS and g in self.base_groups
                 and g not in own and not (set(preferred.get(g, ())) -
                                           set(PRIORITY_FOUNDATION_PATTERNS[g]))}
        return {**own, **added} if added else own

    @property
    def preferred_patterns(self) -> dict[MuscleGroup, tuple[Pattern, ...]]:
        own = LIGHT_DAY_PATTERNS if self.light else PREFERRED_PATTERNS.get(self.focus, {})
        if not self.extra:
            return own
        return {**own, **{g: PRIORITY_EXTRA_PATTERNS[g] for g in self.extra
                          if g in PRIORITY_EXTRA_PATTERNS}}


# Off-focus priority work only in sessions this long: a shorter day is already full with its
# own main lifts, and laterals squeezed into a 45-minute leg day would come out of its squats.
EXTRA_MIN_MINUTES = 60


def with_priority_extras(slot: DaySlot, priorities: tuple[MuscleGroup, ...],
                         minutes: int) -> DaySlot:
    """The slot with the user's priority groups its focus leaves out (never on a light day,
    nor in a session under EXTRA_MIN_MINUTES)."""
    if slot.light or minutes < EXTRA_MIN_MINUTES:
        return slot
    extra = tuple(g for g in priorities
                  if g not in slot.base_groups and g in PRIORITY_EXTRA_PATTERNS)
    return DaySlot(slot.focus, slot.light, extra) if extra else slot


@dataclass(frozen=True, slots=True)
class Schedule:
    kind: SplitKind
    slots: dict[Weekday, DaySlot]  # training days only, Monday first
    fixed: frozenset[Weekday] = frozenset()  # days whose focus the user chose

    @property
    def days(self) -> tuple[Weekday, ...]:
        return tuple(self.slots)


def split_kind(sessions: int, minutes: int, experience: Experience) -> SplitKind:
    if sessions <= 3:
        return SplitKind.FULL_BODY
    if sessions == 4:
        return SplitKind.UPPER_LOWER
    if experience is Experience.BEGINNER and minutes > SHORT_SESSION_MINUTES:
        return SplitKind.UPPER_LOWER_FULL if sessions == 5 else SplitKind.UPPER_LOWER
    return SplitKind.UPPER_LOWER_PPL if sessions == 5 else SplitKind.PUSH_PULL_LEGS


def spread_days(count: int, fixed: frozenset[Weekday] = frozenset()) -> tuple[Weekday, ...]:
    """`count` training days including `fixed`, spread for recovery: fewest back-to-back days
    (Sunday → Monday included), then closest to the standard spread."""
    count = max(count, len(fixed))
    standard = SPREAD[count]
    if fixed <= set(standard):
        return standard
    free = [day for day in WEEKDAYS if day not in fixed]

    def cost(days: tuple[Weekday, ...]) -> tuple[int, int, tuple[int, ...]]:
        indexes = sorted(day.index for day in days)
        back_to_back = sum(1 for a, b in combinations(indexes, 2) if cyclic_gap(a, b) == 1)
        return back_to_back, -len(set(days) & set(standard)), tuple(indexes)

    best = min((tuple(fixed) + extra for extra in combinations(free, count - len(fixed))),
               key=cost)
    return tuple(sorted(best, key=lambda day: day.index))


def _trains_lower_body(pool: OptionPool) -> bool:
    return any(pool.by_group[group] for group in _LOWER)


def choose_schedule(profile: Profile, day_focus: dict[Weekday, Focus],
                    pool: OptionPool) -> Schedule:
    fixed = frozenset(day_focus)
    if profile.training_days:
        days = tuple(sorted(set(profile.training_days) | fixed, key=lambda day: day.index))
    else:
        days = spread_days(profile.session_count, fixed)
    free_days = [day for day in days if day not in fixed]
    minutes = min(profile.minutes_for(day) for day in days)
    kind = split_kind(len(free_days), minutes, profile.experience)
    if not _trains_lower_body(pool):
        kind = SplitKind.FULL_BODY
    sequence = _SEQUENCES[kind]
    slots: dict[Weekday, DaySlot] = {}
    position = 0
    for day in days:
        if day in fixed:
            slots[day] = DaySlot(day_focus[day])
            continue
        light = len(free_days) == 7 and position == 6
        slot = DaySlot(Focus.FULL_BODY if light else sequence[position], light=light)
        slots[day] = with_priority_extras(slot, profile.priority_groups,
                                         profile.minutes_for(day))
        position += 1
    return Schedule(kind=kind if free_days else SplitKind.CUSTOM, slots=slots, fixed=fixed)
