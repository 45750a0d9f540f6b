"""Generate a week: the split, each day's session, the texts, the suggestions and the gaps.

Days are built in calendar order against a running ledger of the week, so every later day
respects the recovery spacing and weekly caps of the days before it (and, cyclically, the
next Monday). Each day's headroom keeps back what the days after it still need, so early
days cannot starve later ones. The output is deterministic: no randomness, no clock, and no
iteration over hash-ordered sets.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from fitcoach import timekeeping
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import (
    WEEKDAYS,
    Experience,
    GearTag,
    Goal,
    MuscleGroup,
    Pattern,
    Weekday,
)
from fitcoach.programming import metrics
from fitcoach.programming.focus import Focus
from fitcoach.programming.generator import materialize as mt
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.balance import PRESSES, PULL_RATIO, PULLS, pattern_sets
from fitcoach.programming.generator.gaps import Gap, find_gaps
from fitcoach.programming.generator.ledger import WeekLedger
from fitcoach.programming.generator.options import OptionPool
from fitcoach.programming.generator.session import DayContext, Outcome, SessionBuilder
from fitcoach.programming.generator.sharing import share_fairly
from fitcoach.programming.generator.site import EPSILON, budget_seconds
from fitcoach.programming.generator.split import (
    LIGHT_DAY_MAX_MINUTES,
    DaySlot,
    Schedule,
    choose_schedule,
)
from fitcoach.programming.generator.suggestions import Sites, day_suggestions, week_suggestions
from fitcoach.programming.generator.targets import (
    STRETCH_CEILING,
    day_shares,
    floor_targets,
    foundation_groups,
    group_weights,
    importance_order,
    later_reserve,
    raised_targets,
    stretch_targets,
    weekly_targets,
)
from fitcoach.programming.generator.volume import SHARES, Dose, scale_to_reference, week_total
from fitcoach.programming.generator.week import rebased_on_the_rest, week_sets
from fitcoach.programming.plan import DayPlan, PlannedExercise, WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.programming.rules.conditions import day_blocked_by_event
from fitcoach.programming.rules.landmarks import WEEKLY_SETS_MAX
from fitcoach.programming.text import phrases as tx

# Sessions of this many minutes or fewer rest about two thirds of the prescription.
SHORT_SESSION_MINUTES = 30
# Sessions of this many minutes or more fill their time toward the 20-set cap once the
# targets and the stretch are met (`DayContext.fill_up`); shorter ones are full by then.
FILL_UP_MINUTES = 60
# A session planned under this share of the minutes asked says why (`note.time_left`).
TIME_LEFT_SHARE = 0.75
HOME_GEAR = frozenset({GearTag.DUMBBELLS, GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH,
                       GearTag.PULL_UP_BAR, GearTag.AB_WHEEL})


@dataclass(frozen=True, slots=True)
class GenerationResult:
    plan: WeeklyPlan
    gaps: tuple[Gap, ...]
    summary_diff: str


def setup_key(gear: frozenset[GearTag]) -> str:
    if not gear:
        return "setup.bodyweight"
    if GearTag.BARBELL in gear and GearTag.CABLE_MACHINE in gear:
        return "setup.full_gym"
    if GearTag.DUMBBELLS in gear and gear <= HOME_GEAR:
        return "setup.home_db"
    return "setup.home"


def week_dates(start: dt.date) -> dict[Weekday, dt.date]:
    return {day: start + dt.timedelta(days=day.index) for day in WEEKDAYS}


def session_slots(profile: Profile, schedule: Schedule,
                  dates: dict[Weekday, dt.date]) -> dict[Weekday, DaySlot]:
    """The schedule's days an event leaves free for training."""
    return {day: slot for day, slot in schedule.slots.items()
            if day_blocked_by_event(profile, dates[day]) is None}


def experience_dose(profile: Profile, start: dt.date,
                    day_focus: dict[Weekday, Focus]) -> Dose | None:
    """How the week of a lifter below the advanced level is scaled (`volume`): toward its
    share of the working sets the same profile gets as an advanced lifter, and never over the
    next experience's week (a beginner's: the intermediate week as scaled); None for an
    advanced lifter."""
    share = SHARES.get(profile.experience)
    if share is None:
        return None
    advanced = reference_sets(profile, start, day_focus, Experience.ADVANCED, None)
    ceiling = advanced
    if profile.experience is Experience.BEGINNER:
        intermediate = Dose(advanced, SHARES[Experience.INTERMEDIATE], advanced,
                            accessories_only=True)
        ceiling = min(advanced, reference_sets(profile, start, day_focus,
                                               Experience.INTERMEDIATE, intermediate))
    return Dose(advanced, share, ceiling,
                accessories_only=profile.experience is Experience.INTERMEDIATE)


def reference_sets(profile: Profile, start: dt.date, day_focus: dict[Weekday, Focus],
                   experience: Experience, dose: Dose | None) -> int:
    """Working sets of the week the same profile gets at `experience` (scaled by `dose`)."""
    other = profile.model_copy(update={"experience": experience})
    pool = OptionPool(other)
    schedule = choose_schedule(other, dict(day_focus), pool)
    dates = week_dates(start)
    builders = prioritised_sessions(other, session_slots(other, schedule, dates), dates, pool)
    if dose is not None:
        scale_to_reference(builders, dose, other.priority_groups, schedule.fixed)
        rebalance_after_scaling(builders, dose, other.priority_groups, schedule.fixed)
    return week_total(builders)


def build_days(profile: Profile, start: dt.date, schedule: Schedule, pool: OptionPool,
               language: str, dose: Dose | None = None) -> dict[Weekday, DayPlan]:
    """Every day of the week: sessions for the schedule's days, rest days otherwise; with a
    `dose`, a beginner's or intermediate's week scaled against the advanced one."""
    dates = week_dates(start)
    days: dict[Weekday, DayPlan] = {}
    slots = session_slots(profile, schedule, dates)
    for day in schedule.slots:
        if day not in slots and (event := day_blocked_by_event(profile, dates[day])):
            days[day] = mt.rest_day(dates[day], language,
                                    tx.say(language, "note.event", event=event.name))
    builders = prioritised_sessions(profile, slots, dates, pool)
    trimmed: frozenset[Weekday] = frozenset()
    untrimmed = {day: metrics.WARMUP_MINUTES + builder.seconds / 60
                 for day, builder in builders.items()}
    if dose is not None:
        trimmed = scale_to_reference(builders, dose, profile.priority_groups, schedule.fixed)
        rebalance_after_scaling(builders, dose, profile.priority_groups, schedule.fixed)
    order = tuple(slots)
    for day in order:
        built = builders[day].blocks
        slot = slots[day]
        if not built:
            days[day] = mt.rest_day(dates[day], language, tx.say(language, "note.nothing_fits"))
            continue
        blocks = mt.to_blocks(language, built)
        anchor = built[0][0].option.exercise
        focus = mt.honest_focus(slot.focus, (e for block in blocks for e in block.exercises))
        title = mt.emphasis_title(language, tx.focus(language, focus, slot.light), anchor,
                                  profile.priority_groups)
        days[day] = mt.training_day(dates[day], blocks, title=title, language=language,
                                    profile=profile, anchor=anchor, light=slot.light)
        asked = profile.minutes_for(day)
        extra = None
        short = not slot.light and days[day].duration_minutes < TIME_LEFT_SHARE * asked
        if day in trimmed and profile.experience is Experience.BEGINNER:
            extra = tx.say(language, "note.beginner_volume")
        elif day in trimmed and short and untrimmed[day] >= TIME_LEFT_SHARE * asked:
            # An intermediate's dose, not the caps, leaves the time: the note says so.
            extra = tx.say(language, "note.intermediate_volume")
        elif short:
            # The greedy and the fill-up stop only on caps, candidates or the exercise
            # limit: the session says why it ends early rather than leave the time unexplained.
            extra = tx.say(language, "note.time_left",
                           minutes=days[day].duration_minutes, asked=asked)
        if extra:
            note = f"{days[day].coach_note} {extra}"
            days[day] = days[day].model_copy(update={"coach_note": note.strip()})
    for day in WEEKDAYS:
        if day not in days:
            days[day] = mt.rest_day(dates[day], language)
    return {day: days[day] for day in WEEKDAYS}


def rebalance_after_scaling(builders: dict[Weekday, SessionBuilder], dose: Dose,
                            priorities: tuple[MuscleGroup, ...],
                            chosen: frozenset[Weekday] = frozenset()) -> None:
    """The pulling balance once more after a beginner's week is scaled down.

    Before the scaling, the lower days' squats and hinges (half a back set each) can hold the
    back at its weekly cap, so the balance could add no row; the scaling then takes sets off
    those lifts and the presses, which frees back room the balance never saw (a 5 × 60
    strength week: 14 press sets against 10 pulls). The balance runs again against the week
    as scaled; should its pulls take the week over the dose's ceiling, the scaling runs
    once more (it keeps the pulls the balance needs)."""
    order = tuple(builders)
    balance_week_pulls(order, builders)
    if week_total(builders) > dose.ceiling:
        scale_to_reference(builders, dose, priorities, chosen)


def build_sessions(profile: Profile, slots: dict[Weekday, DaySlot],
                   dates: dict[Weekday, dt.date], pool: OptionPool,
                   targets: dict[MuscleGroup, float]) -> dict[Weekday, SessionBuilder]:
    """Every training day's session toward the weekly `targets`."""
    shares = day_shares(slots, targets)
    stretches = day_shares(slots, stretch_targets(targets))
    # Toward the stretch ceiling (18), not the cap: other days' secondary credit still fits
    # under 20, and a block's deload (about 55%) under its 12.
    fill_ups = day_shares(slots, dict.fromkeys(MuscleGroup, STRETCH_CEILING))
    floors = day_shares(slots, floor_targets())
    order = tuple(slots)
    reserve = later_reserve(shares, order)
    weights = group_weights(profile)
    priority = frozenset(profile.priority_groups)
    # The week's main lifts first: every day lays its foundation in calendar order against a
    # running ledger (recovery spacing, weekly caps, what later days' shares still need)...
    builders: dict[Weekday, SessionBuilder] = {}
    ledger = WeekLedger()
    for day in foundation_order(profile, slots):
        slot = slots[day]
        minutes = profile.minutes_for(day)
        if slot.light:
            minutes = min(minutes, LIGHT_DAY_MAX_MINUTES)
        headroom = {g: WEEKLY_SETS_MAX - ledger.totals.get(g, 0.0) - reserve[day].get(g, 0.0)
                    for g in MuscleGroup}
        # Every other day that trains both legs' patterns is hinge-led with a one-sided squat
        # (`rotated`, `DayContext.vary`): two lower days of a week are not the same session.
        odd = _odd(slots, order, day)
        vary = varied_day(slots, order, day)
        ctx = DayContext(
            weekday=day, date=dates[day], goal=profile.goal,
            groups=importance_order(profile, slot.groups), weights=weights,
            targets=shares[day], stretch=stretches[day], headroom=headroom,
            budget_seconds=budget_seconds(minutes), ledger=ledger, pool=pool, light=slot.light,
            preferred_patterns=slot.preferred_patterns,
            foundation=rotated(foundation_groups(profile, slot.base_groups, slot.light),
                               odd=odd),
            vary=vary,
            fill_up=fill_ups[day] if minutes >= FILL_UP_MINUTES else {},
            foundation_patterns=slot.foundation_patterns_for(priority),
            priority=priority, floor=floors[day],
            short_rests=minutes <= SHORT_SESSION_MINUTES, extra=frozenset(slot.extra),
        )
        builders[day] = SessionBuilder(ctx)
        builders[day].lay_foundation()
        ledger.record_items(day.index, builders[day].items)
    # ...then each day takes the rest of its time, knowing every other day's lifts exactly
    # (a legs day's squat and hinge credit the back: the pull days leave room for them).
    for position, day in enumerate(order):
        builder = builders[day]
        others = WeekLedger()
        for other in order:
            if other is not day:
                others.record_items(other.index, builders[other].items)
        later = order[position + 1:]
        headroom = {}
        for g in MuscleGroup:
            need = sum(max(0.0, shares[e].get(g, 0.0) - builders[e].credits[g]) for e in later)
            headroom[g] = WEEKLY_SETS_MAX - others.totals.get(g, 0.0) - need
        builder.rebase(others, headroom)
        builder.complete(balance=False)
    balance_week_pulls(order, builders)
    # The balance frees time for pulls and may leave a long session short of its minutes:
    # each day fills it again with what the caps now allow, and the balance is checked once
    # more (the refill may have added presses).
    if any(builders[day].ctx.fill_up for day in order):
        for day in order:
            rebased_on_the_rest(builders, order, day).refill()
        balance_week_pulls(order, builders)
    return builders


def _odd(slots: dict[Weekday, DaySlot], order: tuple[Weekday, ...], day: Weekday) -> bool:
    """Is the day every other one of the week's days training both legs' patterns?"""
    return sum(1 for d in order[:order.index(day)]
               if set(slots[d].groups) >= _SQUAT_AND_HINGE) % 2 == 1


def varied_day(slots: dict[Weekday, DaySlot], order: tuple[Weekday, ...],
               day: Weekday) -> bool:
    """A later lower day of the week: hinge-led, its exercises chosen for variety."""
    slot = slots[day]
    return (_odd(slots, order, day) and set(slot.base_groups) >= _SQUAT_AND_HINGE
            and not slot.light)


def foundation_order(profile: Profile, slots: dict[Weekday, DaySlot]) -> tuple[Weekday, ...]:
    """The order the days lay their main lifts in: the calendar's, except that a strength
    week lays its hinge-led days first.

    Laid in calendar order, the upper day before a strength week's hinge day took its heavy
    pull-ups first, and the deadlift then had no 48 hours after them (both load the back
    heavily): the hinge day fell back to a dumbbell Romanian deadlift behind the squat, and
    the week had no deadlift day. Laid first, the deadlift stands and the day before pulls
    with rows and pulldowns, which are not heavy compounds. A hinge day right after a pull
    day is laid first only when the week has another pull day (push/pull/legs twice): that
    one keeps the heavy pulls as its main lifts, and the pull day before the deadlift pulls
    with rows and pulldowns. A deadlift on the pull day itself would leave the legs day after
    it no squat (both load the glutes heavily, 48 hours apart at least). With a single pull
    day (upper, lower, push, pull, legs) the pull day keeps its pull-ups and the hinge day
    after it the calendar's order: the week has no deadlift day.
    Recovery is judged by weekday
    whatever the order, and the weekly caps hold (the earlier days' reserve still counts
    the hinge day's share)."""
    order = tuple(slots)
    if profile.goal is not Goal.STRENGTH:
        return order
    pull_days = sum(1 for slot in slots.values() if slot.focus in _PULL_FOCUSES)
    first = tuple(day for day in order if varied_day(slots, order, day)
                  and (pull_days >= 2 or not _after_a_pull_day(slots, day)))
    return first + tuple(day for day in order if day not in first)


_PULL_FOCUSES = frozenset({Focus.PULL, Focus.BACK})


def _after_a_pull_day(slots: dict[Weekday, DaySlot], day: Weekday) -> bool:
    """Does a pull day train the day before? Its pull-ups are that day's main lift: it keeps
    them, and the hinge day after it keeps the calendar's order (push/pull/legs weeks)."""
    before = WEEKDAYS[(day.index - 1) % len(WEEKDAYS)]
    return before in slots and slots[before].focus in _PULL_FOCUSES


def prioritised_sessions(profile: Profile, slots: dict[Weekday, DaySlot],
                         dates: dict[Weekday, dt.date],
                         pool: OptionPool) -> dict[Weekday, SessionBuilder]:
    """The week's sessions, with the user's priorities moving real volume.

    Without priorities a big group already reaches 14-19 sets from its own work and the
    secondary credit of the others, so a fixed priority target would change nothing. The
    week is first built without them; each priority group then aims at least
    `PRIORITY_RAISE` times what it got there (never under the priority target, never over the
    20-set cap), trained on the days whose focus leaves it out too (`split.with_priority_
    extras`). Should the caps or the time make the raised week give a priority group less
    than the plain one (by more than PRIORITY_SLACK), the week is built to the fixed priority
    targets instead, as before the raise, and topped up to the plain week's sets; if even that
    fails, the plain week stands for a single priority (it never lowers its group's sets),
    while several priorities keep the fixed-target week (they share the time) unless it
    gives them fewer sets together than the plain week."""
    targets = weekly_targets(profile)
    if not profile.priority_groups:
        return build_sessions(profile, slots, dates, pool, targets)
    plain_profile = profile.model_copy(update={"priority_groups": ()})
    plain_slots = {day: DaySlot(slot.focus, slot.light) for day, slot in slots.items()}
    plain = build_sessions(plain_profile, plain_slots, dates, pool,
                           weekly_targets(plain_profile))
    before = week_sets(plain)
    raised = raised_targets(targets, before, profile.priority_groups)
    # The raised week, unless raising one priority costs another (or itself, through lost
    # secondary credit) its sets; then the week built to the fixed priority targets, topped up
    # to what the plain week gave; the plain week if even that cannot be done.
    for wanted in (raised, targets):
        builders = build_sessions(profile, slots, dates, pool, wanted)
        if wanted is targets:
            top_up(builders, before, profile.priority_groups)
        after = week_sets(builders)
        if all(after.get(g, 0.0) + PRIORITY_SLACK + EPSILON >= before.get(g, 0.0)
               for g in profile.priority_groups):
            share_fairly(builders, before, profile.priority_groups)
            return builders
    # Several priorities share the time: one may give way to the others (four priorities in
    # a 45-minute upper day cannot all grow), so only a single priority falls back, or
    # several when the fixed-target week gives them fewer sets together than the plain one
    # (pressing priorities under a shoulder cap the pull days' rows already fill).
    if len(profile.priority_groups) == 1:
        return plain
    after = week_sets(builders)
    together = sum(after.get(g, 0.0) for g in profile.priority_groups)
    plain_together = sum(before.get(g, 0.0) for g in profile.priority_groups)
    if together + EPSILON < plain_together:
        return plain
    share_fairly(builders, before, profile.priority_groups)
    return builders


def top_up(builders: dict[Weekday, SessionBuilder], before: dict[MuscleGroup, float],
           priorities: tuple[MuscleGroup, ...]) -> None:
    """Sets for each priority group, day by day, until it holds what the plain week gave it
    (`before`): one more set of its exercises, else a new exercise for it, within each day's
    time and the hard caps (every day judged against all the others as built)."""
    order = tuple(builders)
    for group in priorities:
        for day in order:
            if week_sets(builders).get(group, 0.0) + EPSILON >= before.get(group, 0.0):
                break
            builder = rebased_on_the_rest(builders, order, day)
            while week_sets(builders).get(group, 0.0) + EPSILON < before.get(group, 0.0):
                growable = sorted((i for i in builder.items if group in i.option.primary),
                                  key=lambda i: (i.sets, i.rank))
                grown = any(builder.add_set(item, group) is Outcome.GROWN for item in growable
                            if item.sets < rx.max_sets(builder.ctx.goal, item.option.exercise))
                if not grown and builder.add_exercise(group, builder.ranked(group)) \
                        is not Outcome.GROWN:
                    break
            builder.rearrange()


# What "never lowers" forgives: one secondary set's credit (a press's half set of shoulder
# work traded for a lateral raise's whole one elsewhere), not a set of the group's own.
PRIORITY_SLACK = 0.5


_SQUAT_AND_HINGE = frozenset({MuscleGroup.QUADS, MuscleGroup.HAMSTRINGS})


def rotated(foundation: tuple[MuscleGroup, ...], *, odd: bool) -> tuple[MuscleGroup, ...]:
    """Every other day that trains both legs' patterns lays the hinge (hamstrings) before the
    squat (quads): a short session holds two or three main movements, so a week of short
    full-body days gets both, and two lower days of a longer week are led by a squat and by
    a hinge."""
    if not odd or not set(foundation) >= _SQUAT_AND_HINGE:
        return foundation
    swap = {MuscleGroup.QUADS: MuscleGroup.HAMSTRINGS, MuscleGroup.HAMSTRINGS: MuscleGroup.QUADS}
    return tuple(swap.get(group, group) for group in foundation)


def balance_week_pulls(order: tuple[Weekday, ...],
                       builders: dict[Weekday, SessionBuilder]) -> None:
    """The week's pulls up to PULL_RATIO × its presses, once every day is built: the days
    that may pull (pull days first: they press least) take what the week still owes, each
    judged against every other day as built (weekly caps, recovery), each balancing its own
    presses too."""
    def totals(patterns: frozenset[Pattern]) -> int:
        return sum(pattern_sets(builders[day].items, patterns) for day in order)

    for day in sorted(order, key=lambda d: (pattern_sets(builders[d].items, PRESSES),
                                            d.index)):
        owed = PULL_RATIO * totals(PRESSES) - totals(PULLS)
        if owed <= 0:
            return
        builder = rebased_on_the_rest(builders, order, day)
        rest = [builders[other].items for other in order if other is not day]
        builder.balance(week=(sum(pattern_sets(items, PRESSES) for items in rest),
                              sum(pattern_sets(items, PULLS) for items in rest)))


def with_suggestions(plan: WeeklyPlan, profile: Profile, pool: OptionPool, language: str,
                     only: tuple[Weekday, ...] | None = None) -> WeeklyPlan:
    """The plan with day and week suggestions (re)computed (for `only` days, if given)."""
    changed = {}
    sites: Sites = {}  # suggestions only change chips, never sessions: the sites stay valid
    for day in only if only is not None else WEEKDAYS:
        chips = day_suggestions(plan, day, profile, pool, language, sites)
        changed[day] = plan.days[day].model_copy(
            update={"suggested_edits": tuple(chip.text for chip in chips)})
    updated = mt.with_days(plan, changed)
    week_chips = week_suggestions(updated, profile, pool, language, sites)
    return updated.model_copy(update={"suggested_edits": tuple(c.text for c in week_chips)})


def delivered_split(language: str, schedule: Schedule,
                    days: dict[Weekday, DayPlan]) -> tuple[str, bool]:
    """The week's split as its days deliver it, and whether that is the split planned.

    A full-body day the gear allows only push-ups and planks for is a push day, and its title
    says so (`materialize.honest_focus`); the week's theme and summary must say the same, not
    the split that was planned."""
    names: list[str] = []
    as_planned = True
    for day, slot in schedule.slots.items():
        if not days[day].is_training_day:
            continue
        focus = mt.honest_focus(slot.focus, days[day].exercises)
        as_planned = as_planned and focus is slot.focus
        name = tx.focus(language, focus, slot.light)
        if name not in names:
            names.append(name)
    if as_planned and not schedule.fixed:
        return tx.say(language, f"split.{schedule.kind.value}"), True
    return " + ".join(names), as_planned


def generation_diff(language: str, profile: Profile, split: str, plan: WeeklyPlan) -> str:
    training = [day for day in WEEKDAYS if plan.days[day].is_training_day]
    return tx.say(language, "diff.generated", count=len(training),
                  setup=tx.say(language, setup_key(profile.gear)),
                  days=tx.day_list(language, training), split=split)


def directly_trained(exercises: Iterable[PlannedExercise]) -> frozenset[MuscleGroup]:
    """Groups the week gives direct work: at least MIN_SETS sets of exercises that train them
    as a prime mover (half-set credit from other groups' lifts does not make a priority)."""
    direct: dict[MuscleGroup, int] = {}
    for planned in exercises:
        for group in CATALOG.get(planned.exercise_id).primary_groups:
            direct[group] = direct.get(group, 0) + planned.target_sets
    return frozenset(g for g, sets in direct.items() if sets >= rx.MIN_SETS)


def generate_week(profile: Profile, week_start: dt.date, language: str = "en",
                  day_focus: dict[Weekday, Focus] | None = None) -> GenerationResult:
    """A valid week for the profile (zero validator errors), starting on week_start's Monday."""
    language = tx.language_of(language)
    start = timekeeping.week_start(week_start)
    profile = profile.with_busy_days(start)
    pool = OptionPool(profile)
    schedule = choose_schedule(profile, dict(day_focus or {}), pool)
    dose = experience_dose(profile, start, dict(day_focus or {}))
    days = build_days(profile, start, schedule, pool, language, dose)
    split, as_planned = delivered_split(language, schedule, days)
    exercises = [e for day in days.values() for e in day.exercises]
    plan = mt.assemble_week(start, days, mt.theme(
        language, profile, narrowed_to=None if as_planned else split,
        served=directly_trained(exercises)))
    plan = with_suggestions(plan, profile, pool, language)
    training_dates = [plan.days[d].date for d in schedule.slots]
    groups = {g for slot in schedule.slots.values() for g in slot.groups}
    gaps = find_gaps(pool, groups | set(profile.priority_groups), training_dates, language,
                     week_sets=metrics.group_sets(exercises),
                     planned=[e.exercise_id for e in exercises])
    return GenerationResult(plan=plan, gaps=gaps,
                            summary_diff=generation_diff(language, profile, split, plan))
