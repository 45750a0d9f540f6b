"""Plan quality as a strength coach reads it, over a fixed grid of profiles.

For every profile of the grid it generates the week and prints:

- weekly hard sets per muscle group, counted as the validator counts them
  (`metrics.group_sets`): a set credits each primary group of its exercise 1 and each
  secondary group 0.5 (a bench press set: chest 1, shoulders and triceps 0.5 each);
- presses and pulls: working sets of horizontal and vertical pushes (flyes excluded) against
  sets of horizontal and vertical pulls; a deadlift or any other hinge is *not* a pull, and
  the ratio pull/press is flagged when it is under 0.8 although the gear allows a pull;
- whether a week with lower-body work holds both a squat (or lunge) and a hinge, when the
  gear allows both ("-" otherwise);
- heavy sets (a rep range topping out at 8 or less, or a heavy compound at 10 or less) and the
  least rest any of them gets before its next set, counting a superset partner's set and rest
  in between; heavy sets under 90 s are counted;
- minutes asked against the minutes the plan declares (the engine's time model: a general
  warm-up, a minute of set-up per exercise, ramp-up sets before heavy barbell lifts) and
  against the coach's own estimate (`tests.programming.coaching.estimated_minutes`, written
  apart from the engine);
  sessions whose estimate runs more than 10% over the minutes asked, or under 75% of them,
  are counted (per session, not per week);
- then an A/B per priority: the same profile with and without one priority, the group's
  weekly sets before and after and the patterns it gets;
- the working sets of a few profiles at each experience (a beginner's and an
  intermediate's share of the advanced week);
- strength weeks: the lift each day opens on, whether one day is deadlift-led, and the
  week's row sets;
- and a shoulder priority's A/B in direct delt sets and lateral-raise sets.

    .venv/bin/python -m benchmarks.plan_quality
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import (
    BodyPart,
    Experience,
    GearTag,
    Goal,
    MuscleGroup,
    Pattern,
)
from fitcoach.programming import metrics
from fitcoach.programming.generator import generate_week
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.profile import ChronicConstraint, Profile

# The coach's measures the tests use, written apart from the engine: one definition of a
# heavy set and of the rest before its next set.
from tests.programming.coaching import estimated_minutes, heavy, least_rests

WEEK = dt.date(2026, 9, 14)
G = MuscleGroup
GROUPS = (G.CHEST, G.BACK, G.SHOULDERS, G.QUADS, G.HAMSTRINGS, G.GLUTES, G.CALVES,
          G.BICEPS, G.TRICEPS, G.CORE)
SHORT = {G.CHEST: "ch", G.BACK: "bk", G.SHOULDERS: "sh", G.QUADS: "qd", G.HAMSTRINGS: "hm",
         G.GLUTES: "gl", G.CALVES: "cv", G.BICEPS: "bi", G.TRICEPS: "tri", G.CORE: "co"}
PRESSES = frozenset({Pattern.HORIZONTAL_PUSH, Pattern.VERTICAL_PUSH})
PULLS = frozenset({Pattern.HORIZONTAL_PULL, Pattern.VERTICAL_PULL})
SQUATS = frozenset({Pattern.SQUAT, Pattern.LUNGE})
LOWER = frozenset({G.QUADS, G.HAMSTRINGS, G.GLUTES})
HEAVY_REST_FLOOR = 90
PULL_RATIO_FLOOR = 0.8
FULL_GYM = frozenset(GearTag)
HOME_DB = frozenset({GearTag.DUMBBELLS, GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH})
CABLES_BAR = frozenset({GearTag.CABLE_MACHINE, GearTag.ROPE, GearTag.BARBELL})
KG = 2.20462
GEARS: tuple[tuple[str, frozenset[GearTag], float | None], ...] = (
    ("gym", FULL_GYM, None),
    ("db6kg", HOME_DB, round(6 * KG, 1)),
    ("db50kg", HOME_DB, round(50 * KG, 1)),
    ("bw", frozenset(), None),
    ("cab+bar", CABLES_BAR, None),
)
SHAPES: tuple[tuple[int, int, Experience, Goal], ...] = (
    (3, 20, Experience.INTERMEDIATE, Goal.HYPERTROPHY),
    (3, 45, Experience.BEGINNER, Goal.HYPERTROPHY),
    (4, 60, Experience.ADVANCED, Goal.HYPERTROPHY),
    (6, 20, Experience.ADVANCED, Goal.HYPERTROPHY),
    (2, 90, Experience.INTERMEDIATE, Goal.HYPERTROPHY),
    (5, 60, Experience.ADVANCED, Goal.STRENGTH),
)


@dataclass(frozen=True)
class Case:
    name: str
    profile: Profile


def _profile(days: int, minutes: int, experience: Experience, goal: Goal,
             gear: frozenset[GearTag], max_db: float | None,
             priority: tuple[MuscleGroup, ...] = (),
             chronic: tuple[BodyPart, ...] = ()) -> Profile:
    return Profile(days_per_week=days, minutes_per_session=minutes, experience=experience,
                   goal=goal, gear=gear, max_dumbbell_lbs=max_db, priority_groups=priority,
                   chronic=(ChronicConstraint(body_parts=chronic),) if chronic else ())


def grid() -> list[Case]:
    cases = []
    for label, gear, max_db in GEARS:
        for days, minutes, experience, goal in SHAPES:
            name = f"{label} {days}x{minutes} {experience.value[:3]} {goal.value[:4]}"
            cases.append(Case(name, _profile(days, minutes, experience, goal, gear, max_db)))
    cases.append(Case("gym 4x60 int hyp lower_back",
                      _profile(4, 60, Experience.INTERMEDIATE, Goal.HYPERTROPHY, FULL_GYM,
                               None, chronic=(BodyPart.LOWER_BACK,))))
    cases.append(Case("db50kg 3x45 int hyp knees+quads",
                      _profile(3, 45, Experience.INTERMEDIATE, Goal.HYPERTROPHY, HOME_DB,
                               round(50 * KG, 1), priority=(G.QUADS,),
                               chronic=(BodyPart.KNEES,))))
    return cases


PRIORITIES: tuple[tuple[str, tuple[MuscleGroup, ...]], ...] = (
    ("chest", (G.CHEST,)), ("back", (G.BACK,)), ("shoulders", (G.SHOULDERS,)),
    ("legs", (G.QUADS, G.HAMSTRINGS, G.GLUTES)), ("arms", (G.BICEPS, G.TRICEPS)),
    ("glutes", (G.GLUTES,)),
)
AB_BASES: tuple[tuple[str, Profile], ...] = (
    ("gym 4x60 int", _profile(4, 60, Experience.INTERMEDIATE, Goal.HYPERTROPHY, FULL_GYM, None)),
    ("db50kg 3x45 int", _profile(3, 45, Experience.INTERMEDIATE, Goal.HYPERTROPHY, HOME_DB,
                                 round(50 * KG, 1))),
    ("bw 3x30 int", _profile(3, 30, Experience.INTERMEDIATE, Goal.HYPERTROPHY, frozenset(),
                             None)),
)


@dataclass
class Measures:
    sets: dict[MuscleGroup, float]
    presses: int
    pulls: int
    pull_possible: bool
    squat_and_hinge: bool | None  # None: no lower-body work
    heavy_sets: int
    heavy_under: int
    least_heavy_rest: float
    asked: int
    declared: int
    with_ramp: float
    sessions_over: int
    sessions_under: int
    patterns: dict[MuscleGroup, set[str]]
    lateral_raises: int


def measure(plan: WeeklyPlan, profile: Profile) -> Measures:
    presses = pulls = heavy_sets = heavy_under = 0
    least_heavy = float("inf")
    patterns: dict[MuscleGroup, set[str]] = defaultdict(set)
    pattern_seen: set[Pattern] = set()
    lateral = 0
    asked = declared = 0
    with_ramp = 0.0
    over = under = 0
    for day in plan.training_days:
        minutes = profile.minutes_for(day.weekday)
        asked += minutes
        declared += day.duration_minutes
        estimate = estimated_minutes(day.blocks)
        with_ramp += estimate
        over += estimate > 1.10 * minutes
        under += estimate < 0.75 * minutes
        for block in day.blocks:
            for planned, rest in zip(block.exercises, least_rests(block), strict=True):
                exercise = CATALOG.get(planned.exercise_id)
                pattern_seen.add(exercise.pattern)
                for group in exercise.primary_groups:
                    patterns[group].add(exercise.pattern.value)
                if exercise.pattern in PRESSES:
                    presses += planned.target_sets
                if exercise.pattern in PULLS:
                    pulls += planned.target_sets
                if exercise.pattern is Pattern.LATERAL_RAISE:
                    lateral += planned.target_sets
                if heavy(planned.exercise_id, planned.target_reps):
                    heavy_sets += planned.target_sets
                    least_heavy = min(least_heavy, rest)
                    if rest < HEAVY_REST_FLOOR:
                        # Every set but the last is followed by this least rest at worst.
                        heavy_under += planned.target_sets - 1
    sets = metrics.group_sets(e for d in plan.training_days for e in d.exercises)
    lower = any(sets.get(g, 0) > 0 for g in LOWER)
    doable = {e.pattern for e in CATALOG if e.doable_with(profile.gear)}
    squat_hinge = None
    if lower and doable & SQUATS and Pattern.HINGE in doable:
        squat_hinge = bool(pattern_seen & SQUATS) and Pattern.HINGE in pattern_seen
    pull_possible = any(e.pattern in PULLS and e.doable_with(profile.gear) for e in CATALOG)
    return Measures(sets=sets, presses=presses, pulls=pulls, pull_possible=pull_possible,
                    squat_and_hinge=squat_hinge, heavy_sets=heavy_sets, heavy_under=heavy_under,
                    least_heavy_rest=least_heavy, asked=asked, declared=declared,
                    with_ramp=with_ramp, sessions_over=over, sessions_under=under,
                    patterns=patterns, lateral_raises=lateral)


def _ratio(m: Measures) -> str:
    if not m.presses:
        return "-" if not m.pulls else "∞"
    return f"{m.pulls / m.presses:.2f}"


def grid_report(cases: list[Case]) -> tuple[list[str], dict[str, int]]:
    header = ("| profile | " + " | ".join(SHORT[g] for g in GROUPS)
              + " | press | pull | pull/press | sq+hinge | heavy sets (<90 s) | least heavy rest"
              + " | min asked | declared | coach's estimate |")
    lines = [header, "|" + "---|" * (len(GROUPS) + 10)]
    tally = {"pull short": 0, "no sq+hinge": 0, "heavy sets <90 s": 0, "sessions over +10%": 0,
             "sessions under -25%": 0, "group under 10": 0, "profiles": len(cases)}
    for case in cases:
        plan = generate_week(case.profile, WEEK).plan
        m = measure(plan, case.profile)
        short_pull = m.pull_possible and m.presses and m.pulls < PULL_RATIO_FLOOR * m.presses
        tally["pull short"] += bool(short_pull)
        tally["no sq+hinge"] += m.squat_and_hinge is False
        tally["heavy sets <90 s"] += m.heavy_under
        tally["sessions over +10%"] += m.sessions_over
        tally["sessions under -25%"] += m.sessions_under
        tally["group under 10"] += sum(1 for g in GROUPS if 0 < m.sets.get(g, 0) < 10)
        rest = "-" if m.least_heavy_rest == float("inf") else f"{m.least_heavy_rest:.0f}"
        sq = {None: "-", True: "yes", False: "**no**"}[m.squat_and_hinge]
        ratio = _ratio(m) + (" **!**" if short_pull else "")
        lines.append(
            f"| {case.name} | " + " | ".join(f"{m.sets.get(g, 0):g}" for g in GROUPS)
            + f" | {m.presses} | {m.pulls} | {ratio} | {sq} | {m.heavy_sets} ({m.heavy_under})"
            + f" | {rest} | {m.asked} | {m.declared} | {m.with_ramp:.0f} |")
    return lines, tally


def ab_report() -> list[str]:
    lines = ["| base | priority | group sets without → with | change | +25% or 18/group | "
             "patterns with |",
             "|---|---|---|---|---|---|"]
    for base_name, base in AB_BASES:
        without = measure(generate_week(base, WEEK).plan, base)
        for name, groups in PRIORITIES:
            profile = base.model_copy(update={"priority_groups": groups})
            with_ = measure(generate_week(profile, WEEK).plan, profile)
            before = sum(without.sets.get(g, 0) for g in groups)
            after = sum(with_.sets.get(g, 0) for g in groups)
            change = (f"{100 * (after - before) / before:+.0f}%" if before
                      else "new" if after else "none")
            found = sorted({p for g in groups for p in with_.patterns.get(g, ())})
            # The brief's bar: +25%, or the top of the band (18 a group) when +25% passes it.
            met = "yes" if before and after >= min(1.25 * before, 18 * len(groups)) else "no"
            lines.append(f"| {base_name} | {name} | {before:g} → {after:g} | {change} | {met} | "
                         f"{', '.join(found) or '-'} |")
    return lines


EXPERIENCE_BASES: tuple[tuple[str, Profile], ...] = (
    ("gym 4x60 hype", _profile(4, 60, Experience.ADVANCED, Goal.HYPERTROPHY, FULL_GYM, None)),
    ("gym 3x90 stre", _profile(3, 90, Experience.ADVANCED, Goal.STRENGTH, FULL_GYM, None)),
    ("db50kg 3x45 hype", _profile(3, 45, Experience.ADVANCED, Goal.HYPERTROPHY, HOME_DB,
                                  round(50 * KG, 1))),
    ("db6kg 4x60 hype", _profile(4, 60, Experience.ADVANCED, Goal.HYPERTROPHY, HOME_DB,
                                 round(6 * KG, 1))),
    ("cab+bar 4x60 hype", _profile(4, 60, Experience.ADVANCED, Goal.HYPERTROPHY, CABLES_BAR,
                                   None)),
)


def experience_report() -> list[str]:
    """Working sets of the same options at each experience, and the shares of the advanced
    week."""
    lines = ["| base | beginner | intermediate | advanced | beginner / advanced | "
             "intermediate / advanced |", "|---|---|---|---|---|---|"]
    for name, base in EXPERIENCE_BASES:
        totals = []
        for experience in (Experience.BEGINNER, Experience.INTERMEDIATE, Experience.ADVANCED):
            profile = base.model_copy(update={"experience": experience})
            plan = generate_week(profile, WEEK).plan
            totals.append(sum(e.target_sets for d in plan.training_days for e in d.exercises))
        lines.append(f"| {name} | {totals[0]} | {totals[1]} | {totals[2]} | "
                     f"{totals[0] / totals[2]:.2f} | {totals[1] / totals[2]:.2f} |")
    return lines


STRENGTH_BASES: tuple[tuple[str, Profile], ...] = tuple(
    (f"{gear} {days}x{minutes} {experience.value[:3]}",
     _profile(days, minutes, experience, Goal.STRENGTH, tags, cap))
    for gear, tags, cap in (("gym", FULL_GYM, None), ("cab+bar", CABLES_BAR, None))
    for days, minutes in ((3, 45), (4, 60), (5, 60), (6, 60), (3, 90))
    for experience in (Experience.INTERMEDIATE, Experience.BEGINNER)
)


def strength_report() -> list[str]:
    """Strength weeks as a coach checks them: the lift each day opens on (lower days led by a
    squat and by a hinge; a deadlift day for a lifter past the beginner stage) and the
    week's row sets (horizontal pulls)."""
    lines = ["| profile | day leads | deadlift-led day | rows |", "|---|---|---|---|"]
    for name, profile in STRENGTH_BASES:
        plan = generate_week(profile, WEEK).plan
        leads = [d.exercises[0].exercise_id for d in plan.training_days]
        rows = sum(e.target_sets for d in plan.training_days for e in d.exercises
                   if CATALOG.get(e.exercise_id).pattern is Pattern.HORIZONTAL_PULL)
        dead = "yes" if "conventional-deadlift" in leads else "no"
        lines.append(f"| {name} | {', '.join(leads)} | {dead} | {rows} |")
    return lines


DELT_BASES: tuple[tuple[str, Profile], ...] = tuple(
    (f"{gear} {days}x{minutes}", _profile(days, minutes, Experience.INTERMEDIATE,
                                          Goal.HYPERTROPHY, tags, cap))
    for gear, tags, cap in (("gym", FULL_GYM, None), ("db50kg", HOME_DB, round(50 * KG, 1)),
                            ("cab+bar", CABLES_BAR, None))
    for days, minutes in ((3, 45), (4, 60), (5, 45), (2, 60), (4, 30))
)
DELT_PATTERNS = frozenset({Pattern.VERTICAL_PUSH, Pattern.LATERAL_RAISE, Pattern.REAR_DELT})


def delts_report() -> list[str]:
    """A shoulder priority's A/B in direct delt sets (presses, lateral raises, rear delts,
    counted as working sets, not fractional credit) and its lateral-raise sets."""
    lines = ["| base | direct delt sets without → with | change | lateral sets with |",
             "|---|---|---|---|"]
    for name, base in DELT_BASES:
        counts = []
        for priorities in ((), (G.SHOULDERS,)):
            plan = generate_week(base.model_copy(update={"priority_groups": priorities}),
                                 WEEK).plan
            planned = [(CATALOG.get(e.exercise_id).pattern, e.target_sets)
                       for d in plan.training_days for e in d.exercises]
            counts.append((sum(n for p, n in planned if p in DELT_PATTERNS),
                           sum(n for p, n in planned if p is Pattern.LATERAL_RAISE)))
        (without, _), (with_, laterals) = counts
        change = f"{(with_ / without - 1) * 100:+.0f}%" if without else "new"
        lines.append(f"| {name} | {without} → {with_} | {change} | {laterals} |")
    return lines


def main() -> None:
    lines, tally = grid_report(grid())
    print("\n".join(lines))
    print()
    print("Totals: " + ", ".join(f"{key}: {value}" for key, value in tally.items()))
    print()
    print("\n".join(ab_report()))
    print()
    print("\n".join(experience_report()))
    print()
    print("\n".join(strength_report()))
    print()
    print("\n".join(delts_report()))


if __name__ == "__main__":
    main()
