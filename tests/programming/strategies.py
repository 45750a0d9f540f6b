"""Hypothesis strategies: any valid profile, any schedule, random edit operations."""

from __future__ import annotations

import datetime as dt

from hypothesis import strategies as st

from fitcoach.analytics.known_loads import KnownLoad
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import (
    WEEKDAYS,
    AcuteCondition,
    BodyPart,
    Experience,
    GearTag,
    Goal,
    MuscleGroup,
    Pattern,
    Unit,
    Weekday,
)
from fitcoach.programming.edits.operations import (
    AddExercise,
    AvoidOnDays,
    Deload,
    GenerateWeek,
    MakeRestDay,
    MoveTrainingDays,
    ProtectForEvent,
    RelieveAcute,
    RemoveExercise,
    SetDayFocus,
    ShortenDay,
    SoreArea,
    SwapExercise,
    SwapReason,
)
from fitcoach.programming.focus import Focus
from fitcoach.programming.profile import (
    AcuteState,
    ChronicConstraint,
    Profile,
    UpcomingEvent,
)

WEEK_START = dt.date(2026, 9, 14)  # the seed's Monday
SLUGS = tuple(CATALOG.slugs)

weekdays = st.sampled_from(WEEKDAYS)
weekday_sets = st.lists(weekdays, min_size=1, max_size=7, unique=True).map(
    lambda days: tuple(sorted(days, key=lambda d: d.index)))
body_parts = st.lists(st.sampled_from(tuple(BodyPart)), max_size=3, unique=True).map(tuple)
week_dates = st.integers(min_value=-3, max_value=9).map(
    lambda offset: WEEK_START + dt.timedelta(days=offset))

chronic_constraints = st.builds(
    ChronicConstraint,
    body_parts=body_parts,
    patterns=st.lists(st.sampled_from(tuple(Pattern)), max_size=2, unique=True).map(tuple),
    exercises=st.lists(st.sampled_from(SLUGS), max_size=3, unique=True).map(tuple),
    max_joint_stress=st.integers(min_value=0, max_value=1),
)


@st.composite
def acute_states(draw: st.DrawFn) -> AcuteState:
    since = draw(week_dates)
    hours = draw(st.integers(min_value=1, max_value=24 * 7))
    until = dt.datetime.combine(since, dt.time(10), tzinfo=dt.UTC) + dt.timedelta(hours=hours)
    return AcuteState(body_part=draw(st.sampled_from(tuple(BodyPart))),
                      condition=draw(st.sampled_from(tuple(AcuteCondition))),
                      since=since, until=until)


@st.composite
def upcoming_events(draw: st.DrawFn) -> UpcomingEvent:
    start = draw(week_dates)
    length = draw(st.integers(min_value=0, max_value=2))
    return UpcomingEvent(name=draw(st.sampled_from(("Golf Tournament", "Trip", "Race"))),
                         start=start, end=start + dt.timedelta(days=length),
                         protect=draw(body_parts), travel=draw(st.booleans()))


known_load_maps = st.dictionaries(
    st.sampled_from(SLUGS),
    st.builds(KnownLoad,
              weight_lbs=st.floats(min_value=0, max_value=400, allow_nan=False),
              reps=st.integers(min_value=1, max_value=20),
              rpe=st.one_of(st.none(), st.floats(min_value=5, max_value=10, allow_nan=False))),
    max_size=6,
)


@st.composite
def profiles(draw: st.DrawFn, *, conditions: bool = True) -> Profile:
    explicit_days = draw(st.booleans())
    training_days = draw(weekday_sets) if explicit_days else None
    days_per_week = None if explicit_days else draw(st.integers(min_value=1, max_value=7))
    minutes_by_day = draw(st.dictionaries(
        weekdays, st.integers(min_value=10, max_value=180), max_size=3))
    return Profile(
        training_days=training_days,
        days_per_week=days_per_week,
        minutes_per_session=draw(st.integers(min_value=15, max_value=180)),
        minutes_by_day=minutes_by_day,
        goal=draw(st.sampled_from(tuple(Goal))),
        priority_groups=tuple(draw(st.lists(st.sampled_from(tuple(MuscleGroup)), max_size=3,
                                            unique=True))),
        gear=frozenset(draw(st.sets(st.sampled_from(tuple(GearTag))))),
        max_dumbbell_lbs=draw(st.one_of(st.none(), st.floats(min_value=5, max_value=150))),
        experience=draw(st.sampled_from(tuple(Experience))),
        chronic=tuple(draw(st.lists(chronic_constraints, max_size=2))) if conditions else (),
        acute=tuple(draw(st.lists(acute_states(), max_size=3))) if conditions else (),
        events=tuple(draw(st.lists(upcoming_events(), max_size=2))) if conditions else (),
        known_loads=draw(known_load_maps),
        unit=draw(st.sampled_from(tuple(Unit))),
    )


sore_areas = st.lists(st.builds(SoreArea, body_part=st.sampled_from(tuple(BodyPart)),
                                condition=st.sampled_from(tuple(AcuteCondition))),
                      min_size=1, max_size=2).map(tuple)


def relieve_requests(days: st.SearchStrategy | None = None) -> st.SearchStrategy:
    """A new acute state as a brain reports it; `days` draws the day named (none: the
    engine chooses)."""
    return st.builds(RelieveAcute, areas=sore_areas, day=st.none() if days is None else days,
                     start=st.one_of(st.none(), weekdays),
                     until=st.one_of(st.none(), week_dates),
                     patterns=st.lists(st.sampled_from(tuple(Pattern)), max_size=1,
                                       unique=True).map(tuple),
                     overhead=st.booleans(), lighter=st.booleans())


day_focus_maps = st.dictionaries(weekdays, st.sampled_from(tuple(Focus)), max_size=2)
languages = st.sampled_from(("en", "es", "it", "he", "ko"))


def edit_operations(slugs: tuple[str, ...] = SLUGS) -> st.SearchStrategy:
    """Any edit operation; slugs are drawn from `slugs` (a plan's own exercises hit more)."""
    slug = st.sampled_from(slugs or SLUGS)
    return st.one_of(
        st.builds(MoveTrainingDays, training_days=st.one_of(weekday_sets, st.just(())),
                  day_focus=day_focus_maps),
        st.builds(SetDayFocus, day=weekdays, focus=st.sampled_from(tuple(Focus))),
        st.builds(ShortenDay, day=weekdays, minutes=st.integers(10, 120),
                  keep_focus=st.one_of(st.none(), st.sampled_from(tuple(MuscleGroup)))),
        st.builds(SwapExercise, day=weekdays, exercise_id=slug,
                  reason=st.sampled_from(tuple(SwapReason)),
                  busy_gear=st.lists(st.sampled_from(tuple(GearTag)), max_size=2,
                                     unique=True).map(tuple),
                  replacement_id=st.one_of(st.none(), st.sampled_from(SLUGS))),
        st.builds(AvoidOnDays, days=st.lists(weekdays, max_size=3, unique=True).map(tuple),
                  body_parts=body_parts,
                  patterns=st.lists(st.sampled_from(tuple(Pattern)), max_size=2,
                                    unique=True).map(tuple),
                  overhead=st.booleans()),
        st.builds(ProtectForEvent, name=st.just("Golf Tournament"), start=week_dates,
                  end=st.one_of(st.none(), week_dates), protect=body_parts,
                  travel=st.booleans()),
        st.builds(Deload, day=st.one_of(st.none(), weekdays)),
        relieve_requests(st.one_of(st.none(), weekdays)),
        st.builds(AddExercise, day=weekdays, exercise_id=st.sampled_from(SLUGS),
                  target_sets=st.one_of(st.none(), st.integers(1, 6))),
        st.builds(RemoveExercise, day=weekdays, exercise_id=slug),
        st.builds(MakeRestDay, day=weekdays),
        st.builds(GenerateWeek, training_days=st.one_of(st.none(), weekday_sets, st.just(())),
                  days_per_week=st.one_of(st.none(), st.integers(1, 7)),
                  minutes_per_session=st.one_of(st.none(), st.integers(15, 180)),
                  day_focus=day_focus_maps),
    )


def weekday_of(date: dt.date) -> Weekday:
    return WEEKDAYS[date.weekday()]


# --- the seed's people ----------------------------------------------------------------------

HOME_DB = frozenset({GearTag.DUMBBELLS, GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH})
FULL_GYM = frozenset(GearTag)

# Intent 1: home, adjustable dumbbells up to 22 kg (the Korean text: 50 lb) and an adjustable
# bench; muscle, chest and delts first; heavy deadlifts bother the lower back; 4 × 45 min.
ONBOARDING_PROFILE = Profile(
    days_per_week=4,
    minutes_per_session=45,
    goal=Goal.HYPERTROPHY,
    priority_groups=(MuscleGroup.CHEST, MuscleGroup.SHOULDERS),
    gear=HOME_DB,
    max_dumbbell_lbs=50,
    chronic=(ChronicConstraint(body_parts=(BodyPart.LOWER_BACK,), max_joint_stress=1,
                               note="lower back sensitive on heavy deadlifts"),),
)
