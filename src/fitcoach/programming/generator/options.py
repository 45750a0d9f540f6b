"""Candidate exercises for one profile, with what the session builder needs precomputed.

An `Option` is one exercise at one prescription (reps and rest for the user's goal): its time
per set from the metrics time model, the fractional set credit it gives each muscle group,
and its recovery flags. The `OptionPool` builds every option the user's gear allows once per
profile and caches each (exercise, date) exclusion verdict, so the builder's inner loops only
compare numbers.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import GROUP_OF_MUSCLE, MuscleGroup
from fitcoach.programming import metrics
from fitcoach.programming.generator.experience import demoted, reps_for, rest_for
from fitcoach.programming.plan import PlannedExercise
from fitcoach.programming.profile import Profile
from fitcoach.programming.rules.conditions import exclusion_reason
from fitcoach.programming.rules.recovery import heavy_groups, heavy_lower_back

# Canonical orders: iterating frozensets of enums would follow the process's string hashing
# and make the output depend on PYTHONHASHSEED.
GROUP_ORDER: tuple[MuscleGroup, ...] = tuple(MuscleGroup)
CATALOG_ORDER: dict[str, int] = {slug: index for index, slug in enumerate(CATALOG.slugs)}

# Extra, edit-specific reason to keep an exercise off a day (e.g. "avoid overhead work").
ExtraExclusion = Callable[[Exercise, dt.date], str | None]


@dataclass(frozen=True, slots=True)
class Option:
    exercise: Exercise
    reps: str
    rest: int
    work_seconds: float  # one set without its rest, per the metrics time model
    ramp_seconds: float  # once per session: its ramp-up sets (heavy barbell lifts)
    credits: tuple[tuple[MuscleGroup, float], ...]
    primary: frozenset[MuscleGroup]
    main_group: MuscleGroup | None  # the group of the first primary muscle
    heavy: tuple[MuscleGroup, ...]
    heavy_lower_back: bool
    order: int
    slug: str
    priority: int  # the catalog's sequencing priority (1-4)

    def credit(self, group: MuscleGroup) -> float:
        for credited, value in self.credits:
            if credited is group:
                return value
        return 0.0


@dataclass(frozen=True, slots=True)
class Traits:
    """What an exercise credits and how it loads recovery: fixed per exercise."""

    credits: tuple[tuple[MuscleGroup, float], ...]
    primary: frozenset[MuscleGroup]
    main_group: MuscleGroup | None
    heavy: tuple[MuscleGroup, ...]
    heavy_lower_back: bool
    order: int


@cache
def traits_of(slug: str) -> Traits:
    exercise = CATALOG.get(slug)
    primary, secondary = exercise.primary_groups, exercise.secondary_groups
    credits = [(g, 1.0) for g in GROUP_ORDER if g in primary]
    credits += [(g, metrics.SECONDARY_SET_CREDIT) for g in GROUP_ORDER if g in secondary]
    heavy = heavy_groups(exercise)
    return Traits(
        credits=tuple(credits), primary=primary,
        main_group=GROUP_OF_MUSCLE[exercise.primary_muscles[0]],
        heavy=tuple(g for g in GROUP_ORDER if g in heavy),
        heavy_lower_back=heavy_lower_back(exercise),
        order=CATALOG_ORDER.get(slug, len(CATALOG_ORDER)),
    )


@cache
def _option(slug: str, reps: str, rest: int) -> Option:
    exercise = CATALOG.get(slug)
    probe = PlannedExercise(exercise_id=exercise.slug, name=exercise.name, target_sets=1,
                            target_reps=reps, rest_seconds=rest)
    traits = traits_of(slug)
    return Option(exercise=exercise, reps=reps, rest=rest,
                  work_seconds=metrics.set_seconds(probe, exercise),
                  ramp_seconds=metrics.ramp_up_seconds(exercise), credits=traits.credits,
                  primary=traits.primary, main_group=traits.main_group, heavy=traits.heavy,
                  heavy_lower_back=traits.heavy_lower_back, order=traits.order,
                  slug=exercise.slug, priority=exercise.priority)


def make_option(exercise: Exercise, reps: str, rest: int) -> Option:
    """The option for an exercise at a prescription (options are shared: they never change)."""
    return _option(exercise.slug, reps, rest)


def prescribed_option(exercise: Exercise, profile: Profile) -> Option:
    """The option at the goal's prescription, its reps fitted to the lifter and the dumbbells
    (`experience.reps_for`)."""
    reps = reps_for(exercise, profile)
    return make_option(exercise, reps, rest_for(exercise, profile, reps))


class OptionPool:
    """Every exercise the user's gear allows, at the goal's prescription, by target group."""

    def __init__(self, profile: Profile, extra: ExtraExclusion | None = None) -> None:
        self.profile = profile
        self.extra = extra
        self.options: tuple[Option, ...] = tuple(
            prescribed_option(exercise, profile)
            for exercise in CATALOG if exercise.doable_with(profile.gear)
        )
        self.by_slug: dict[str, Option] = {o.slug: o for o in self.options}
        # Ranked after the other options of their group (`experience.demoted`).
        self.demoted: frozenset[str] = frozenset(
            o.slug for o in self.options if demoted(o.exercise, profile))
        self.by_group: dict[MuscleGroup, tuple[Option, ...]] = {
            g: tuple(o for o in self.options if g in o.primary) for g in GROUP_ORDER
        }
        self._reasons: dict[tuple[str, dt.date], str | None] = {}

    def with_extra(self, extra: ExtraExclusion | None) -> OptionPool:
        """The same pool with another extra exclusion (the option objects are shared)."""
        clone = object.__new__(OptionPool)
        clone.profile = self.profile
        clone.extra = extra
        clone.options = self.options
        clone.by_slug = self.by_slug
        clone.demoted = self.demoted
        clone.by_group = self.by_group
        clone._reasons = {}
        return clone

    def reason(self, exercise: Exercise, day: dt.date) -> str | None:
        """Why this exercise is off this date (conditions, events, the edit's own limits)."""
        key = (exercise.slug, day)
        if key not in self._reasons:
            found = exclusion_reason(exercise, self.profile, day)
            if found is None and self.extra is not None:
                found = self.extra(exercise, day)
            self._reasons[key] = found
        return self._reasons[key]

    def allowed(self, option: Option, day: dt.date) -> bool:
        return self.reason(option.exercise, day) is None
