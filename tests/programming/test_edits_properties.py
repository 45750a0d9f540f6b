"""Properties of plan edits: any sequence of edits on a valid plan stays valid (or is
refused cleanly), and every suggested edit the generator offers can be applied."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, BodyPart
from fitcoach.programming import metrics
from fitcoach.programming.edits import EditRejected, RejectCode, apply_edit
from fitcoach.programming.edits.apply import effective_profile
from fitcoach.programming.edits.operations import (
    AddExercise,
    AvoidOnDays,
    RemoveExercise,
    ShortenDay,
    SwapExercise,
    SwapReason,
)
from fitcoach.programming.generator import all_suggestions, generate_week
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.validator import validate_week
from tests.programming.strategies import WEEK_START, edit_operations, languages, profiles

PROPERTY = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _attempt(plan, op, profile, language="en"):
    try:
        return apply_edit(plan, op, profile, week_start=WEEK_START, language=language), None
    except EditRejected as rejected:
        return None, rejected


def _check(plan, profile) -> None:
    report = validate_week(plan, profile)
    assert report.errors == (), [v.message for v in report.errors]


@PROPERTY
@given(profiles(), languages, st.data())
def test_any_sequence_of_edits_keeps_a_valid_plan_valid(profile, language, data) -> None:
    plan = generate_week(profile, WEEK_START, language).plan
    before = plan.model_dump(mode="json")
    slugs = tuple(sorted({e.exercise_id for d in plan.days.values() for e in d.exercises}))
    current = plan
    for _ in range(data.draw(st.integers(min_value=1, max_value=4), label="edits")):
        op = data.draw(edit_operations(slugs), label="op")
        result, rejected = _attempt(current, op, profile, language)
        if rejected is not None:
            # A refusal must be an honest "cannot", never a plan the engine failed to fix.
            assert rejected.code is not RejectCode.INVALID_RESULT, rejected.message
            continue
        profile = effective_profile(profile, op)  # an edit may carry a schedule or an event
        _check(result.plan, profile)
        assert set(result.changed_days) == {
            d for d in WEEKDAYS if result.plan.days[d] != current.days[d]}
        current = result.plan
    assert plan.model_dump(mode="json") == before  # the input was never mutated


@st.composite
def day_level_edits(draw: st.DrawFn, plan):
    """The edits a user makes on the gym floor: on an exercise actually in that day."""
    day = draw(st.sampled_from(plan.training_days))
    slug = draw(st.sampled_from([e.exercise_id for e in day.exercises]))
    return draw(st.one_of(
        st.builds(SwapExercise, day=st.just(day.weekday), exercise_id=st.just(slug),
                  reason=st.sampled_from(tuple(SwapReason))),
        st.builds(RemoveExercise, day=st.just(day.weekday), exercise_id=st.just(slug)),
        st.builds(ShortenDay, day=st.just(day.weekday),
                  minutes=st.integers(min_value=10, max_value=max(10, day.duration_minutes))),
    ))


@PROPERTY
@given(profiles(), st.data())
def test_gym_floor_edits_on_real_exercises_mostly_succeed_and_stay_valid(profile, data):
    plan = generate_week(profile, WEEK_START).plan
    if not plan.training_days:
        return
    op = data.draw(day_level_edits(plan), label="op")
    result, rejected = _attempt(plan, op, profile)
    if rejected is not None and isinstance(op, ShortenDay):
        # Shortening always works, unless the minutes asked cannot hold even the warm-up, the
        # anchor's set-up and ramp-up sets (a barbell lift's lighter sets take 4.5 minutes)
        # and one working set of it.
        anchor = plan.days[op.day].blocks[0].exercises[0]
        exercise = CATALOG.get(anchor.exercise_id)
        least = (metrics.WARMUP_MINUTES * 60 + metrics.SETUP_SECONDS
                 + metrics.ramp_up_seconds(exercise) + metrics.set_seconds(anchor, exercise)
                 + rx.compressed_rest(anchor.rest_seconds,
                                      rx.heavy_set(exercise, anchor.target_reps)))
        assert rejected.code is RejectCode.NO_ROOM, rejected
        assert op.minutes * 60 < least, (rejected, least)
        return
    if rejected is not None:
        # Only a swap may find no substitute; removing always works.
        assert isinstance(op, SwapExercise), rejected
        assert rejected.code is RejectCode.NO_SUBSTITUTE
        return
    _check(result.plan, profile)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profiles(), languages)
def test_every_suggested_edit_is_an_operation_that_applies(profile, language) -> None:
    plan = generate_week(profile, WEEK_START, language).plan
    chips = all_suggestions(plan, profile, language)
    shown = set(plan.suggested_edits) | {t for d in plan.days.values() for t in d.suggested_edits}
    assert {chip.text for chip in chips} == shown
    for chip in chips:
        result, rejected = _attempt(plan, chip.operation, profile, language)
        assert rejected is None, f"{chip.text!r} cannot be applied: {rejected}"
        _check(result.plan, profile)


def _short_exercises(plan) -> set[tuple[object, str]]:
    return {(day.weekday, e.exercise_id) for day in plan.training_days for e in day.exercises
            if e.target_sets < rx.MIN_SETS}


def _explicitly_fewer(op) -> set[str]:
    """An added exercise the request itself asked to have fewer sets than the floor."""
    if isinstance(op, AddExercise) and op.target_sets is not None and \
            op.target_sets < rx.MIN_SETS:
        return {op.exercise_id}
    return set()


@st.composite
def placing_edits(draw: st.DrawFn, plan):
    """Edits that put an exercise on a day: an addition of something the day already trains
    (it competes for the session cap), a substitution, a body part kept out (each offending
    exercise replaced), aimed at the plan's own training days and exercises."""
    day = draw(st.sampled_from(plan.training_days))
    present = [e.exercise_id for e in day.exercises]
    trained = {g for slug in present for g in CATALOG.get(slug).primary_groups}
    rivals = [e.slug for e in CATALOG if e.primary_groups & trained and e.slug not in present]
    return draw(st.one_of(
        st.builds(AddExercise, day=st.just(day.weekday),
                  exercise_id=st.sampled_from(rivals or list(CATALOG.slugs)),
                  target_sets=st.one_of(st.none(), st.integers(1, 4))),
        st.builds(SwapExercise, day=st.just(day.weekday), exercise_id=st.sampled_from(present),
                  reason=st.sampled_from(tuple(SwapReason)),
                  replacement_id=st.one_of(st.none(), st.sampled_from(rivals or present))),
        st.builds(AvoidOnDays, days=st.just((day.weekday,)),
                  body_parts=st.lists(st.sampled_from(tuple(BodyPart)), min_size=1,
                                      max_size=2, unique=True).map(tuple)),
    ))


@settings(PROPERTY, max_examples=200)
@given(profiles(), languages, st.data())
def test_an_edit_never_places_an_exercise_below_the_working_set_floor(profile, language,
                                                                     data) -> None:
    # Substitutions, acute replacements and additions make room (other work on the same
    # muscles gives way) or leave the exercise out; they never squeeze a newcomer in with the
    # one set a cap left. (Deloads halve sets and a shortened day trims to fit, by design.)
    plan = generate_week(profile, WEEK_START, language).plan
    if not plan.training_days or _short_exercises(plan):
        return  # a session with room for one set of one exercise: the generator's exception
    op = data.draw(placing_edits(plan), label="op")
    result, rejected = _attempt(plan, op, profile, language)
    if rejected is not None:
        assert rejected.code is not RejectCode.INVALID_RESULT, rejected.message
        return
    short = {(day, slug) for day, slug in _short_exercises(result.plan)
             if slug not in _explicitly_fewer(op)
             and len(result.plan.days[day].exercises) > 1}
    assert short == set(), result.summary_diff
