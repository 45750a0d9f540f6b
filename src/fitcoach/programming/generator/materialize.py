"""Turn built sessions into the seed's day and week objects, every field filled honestly.

`duration_minutes` is the metrics time model rounded up, `estimated_volume_lbs` the metrics
volume estimate (known loads, else the catalog's novice defaults, capped by the heaviest
dumbbell), `muscle_focus` the metrics set distribution; texts come from the phrasebook.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Mapping

from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import (
    ExerciseType,
    GearTag,
    MuscleGroup,
    Weekday,
    weekday_of_index,
)
from fitcoach.programming import metrics
from fitcoach.programming.focus import Focus
from fitcoach.programming.generator.items import Item
from fitcoach.programming.generator.options import traits_of
from fitcoach.programming.plan import (
    Block,
    DayPlan,
    PlannedExercise,
    WeeklyPlan,
)
from fitcoach.programming.profile import Profile
from fitcoach.programming.text import phrases as tx

# How much a set of each group says about what a day is about: at equal sets, the big movers
# name the day before arms, calves and core.
TAG_WEIGHT: dict[MuscleGroup, float] = {
    MuscleGroup.BICEPS: 0.7, MuscleGroup.TRICEPS: 0.7, MuscleGroup.CALVES: 0.6,
    MuscleGroup.CORE: 0.5,
}
FOCUS_TAG_GROUPS = 2  # "Chest & Shoulders"; a full-body day names three: "Chest, Legs & Back"
FULL_BODY_TAG_GROUPS = 3
_LEGS = frozenset({MuscleGroup.QUADS, MuscleGroup.HAMSTRINGS, MuscleGroup.GLUTES})
_UPPER = frozenset({MuscleGroup.CHEST, MuscleGroup.BACK, MuscleGroup.SHOULDERS,
                    MuscleGroup.BICEPS, MuscleGroup.TRICEPS})
_PUSHING = frozenset({MuscleGroup.CHEST, MuscleGroup.SHOULDERS, MuscleGroup.TRICEPS})
_PULLING = frozenset({MuscleGroup.BACK, MuscleGroup.BICEPS})


def known_load_map(profile: Profile) -> dict[str, float]:
    return {slug: known.weight_lbs for slug, known in profile.known_loads.items()}


def _label_key(block: list[Item], first: bool) -> str:
    worst = max(item.priority for item in block)
    if len(block) > 1:
        return "block.compound_superset" if worst <= 2 else "block.accessory_superset"
    if worst <= 2:
        return "block.primary" if first else "block.compound"
    if block[0].option.exercise.type is ExerciseType.CORE:
        return "block.core"
    return "block.accessory"


def block_labels(language: str, blocks: list[list[Item]]) -> list[str]:
    keys = [_label_key(block, index == 0) for index, block in enumerate(blocks)]
    repeated = Counter(keys)
    seen: Counter[str] = Counter()
    labels = []
    for key in keys:
        label = tx.say(language, key)
        if repeated[key] > 1:
            seen[key] += 1
            label = tx.say(language, "block.numbered", label=label, number=seen[key])
        labels.append(label)
    return labels


def to_blocks(language: str, blocks: list[list[Item]]) -> tuple[Block, ...]:
    labels = block_labels(language, blocks)
    return tuple(
        Block(label=label, exercises=tuple(item.planned() for item in block))
        for label, block in zip(labels, blocks, strict=True)
    )


def main_sets(exercises: Iterable[PlannedExercise]) -> dict[MuscleGroup, int]:
    """Sets per group the day's exercises mainly target (an exercise counts for the group of
    its first prime mover: a Romanian deadlift for the hamstrings, a row for the back), in the
    order the session first reaches each group."""
    sets: dict[MuscleGroup, int] = {}
    for planned in exercises:
        if planned.exercise_id not in CATALOG:
            continue
        group = traits_of(planned.exercise_id).main_group
        if group is not None:
            sets[group] = sets.get(group, 0) + planned.target_sets
    return sets


def focus_tag(language: str, exercises: Iterable[PlannedExercise]) -> str:
    """What the day is about, in a few words: the groups its exercises mainly target, the big
    movers before the small ones at equal sets ("Chest & Back"; "Quads & Hamstrings"). A day
    that trains both halves names the legs as one ("Chest, Legs & Back")."""
    sets = main_sets(exercises)
    if not sets:
        return tx.say(language, "focus_tag.rest")
    mixed = bool(sets.keys() & _LEGS) and bool(sets.keys() & (_UPPER - {MuscleGroup.BICEPS,
                                                                        MuscleGroup.TRICEPS}))
    tokens: dict[str, float] = {}
    order: list[str] = []
    for group, count in sets.items():
        if mixed and group in _LEGS:
            name = tx.say(language, "focus.legs")
            weight = 1.0
        else:
            name = tx.group(language, group)
            weight = TAG_WEIGHT.get(group, 1.0)
        if name not in tokens:
            order.append(name)
            tokens[name] = 0.0
        tokens[name] += count * weight
    keep = FULL_BODY_TAG_GROUPS if mixed else FOCUS_TAG_GROUPS
    chosen = sorted(order, key=lambda name: -tokens[name])[:keep]
    return tx.join(language, [name for name in order if name in chosen])


def honest_focus(focus: Focus, exercises: Iterable[PlannedExercise]) -> Focus:
    """The focus a day's title may claim: its own, unless the session cannot live up to it
    (a full-body day the gear allows only push-ups and planks for is a push day)."""
    if focus is not Focus.FULL_BODY:
        return focus
    groups = set(main_sets(exercises))
    legs, upper = groups & _LEGS, groups & _UPPER
    if legs and upper:
        return focus
    if upper:
        if upper <= _PUSHING:
            return Focus.PUSH
        if upper <= _PULLING:
            return Focus.PULL
        return Focus.UPPER
    if legs:
        return Focus.LOWER
    return focus


def coach_note(language: str, exercises: Iterable[PlannedExercise], anchor: Exercise,
               cue_index: int, light: bool = False, kettlebell: bool = False) -> str:
    """The effort target of the day and one real cue for its anchor lift (for a user whose
    kettlebell stands in for dumbbells, `kettlebell`, one that names no dumbbell)."""
    rirs = sorted({e.target_rir for e in exercises if e.target_rir is not None})
    parts = []
    if rirs:
        rir = str(rirs[0]) if len(rirs) == 1 else f"{rirs[0]}-{rirs[-1]}"
        parts.append(tx.say(language, "note.effort_light" if light else "note.effort", rir=rir))
    cue = tx.cue(anchor, language, cue_index, without_dumbbells=kettlebell)
    if cue:
        parts.append(tx.say(language, "note.cue", exercise=anchor.name, cue=cue))
    return " ".join(parts)


def training_day(date: dt.date, blocks: tuple[Block, ...], *, title: str, language: str,
                 profile: Profile, anchor: Exercise, light: bool = False,
                 suggested_edits: tuple[str, ...] = ()) -> DayPlan:
    exercises = tuple(e for block in blocks for e in block.exercises)
    focus = metrics.muscle_focus(exercises)
    weekday = weekday_of_index(date.weekday())
    return DayPlan(
        date=date,
        day_of_week=weekday.display_name,
        is_rest_day=False,
        title=title,
        focus_tag=focus_tag(language, exercises),
        duration_minutes=metrics.declared_minutes(blocks),
        estimated_volume_lbs=metrics.estimated_volume_lbs(
            exercises, known_load_map(profile), profile.max_dumbbell_lbs),
        coach_note=coach_note(language, exercises, anchor, weekday.index, light,
                              kettlebell=(GearTag.KETTLEBELL in profile.gear
                                          and GearTag.DUMBBELLS not in profile.gear)),
        muscle_focus=focus,
        suggested_edits=suggested_edits,
        blocks=blocks,
    )


def rest_day(date: dt.date, language: str, note: str | None = None) -> DayPlan:
    weekday = weekday_of_index(date.weekday())
    return DayPlan(
        date=date,
        day_of_week=weekday.display_name,
        is_rest_day=True,
        title=tx.say(language, "title.rest"),
        focus_tag=tx.say(language, "focus_tag.rest"),
        duration_minutes=0,
        estimated_volume_lbs=0,
        coach_note=note or tx.say(language, "note.rest"),
    )



def assemble_week(start: dt.date, days: Mapping[Weekday, DayPlan], theme: str,
                  suggested_edits: tuple[str, ...] = ()) -> WeeklyPlan:
    return WeeklyPlan(week_start_date=start, theme=theme, summary=metrics.week_summary(days),
                      suggested_edits=suggested_edits, days=dict(days))


def with_days(plan: WeeklyPlan, changed: Mapping[Weekday, DayPlan]) -> WeeklyPlan:
    """A plan with some days replaced and its summary recomputed."""
    days = {**plan.days, **changed}
    return plan.model_copy(update={"days": {d: days[d] for d in plan.days},
                                   "summary": metrics.week_summary(days)})


def theme(language: str, profile: Profile, narrowed_to: str | None = None,
          served: Iterable[MuscleGroup] | None = None) -> str:
    """The week's theme: the goal, and the priority groups the week trains (`served`; all of
    them if not given: a bodyweight week with a legs priority claims no legs), else the split
    the days deliver when the gear narrowed it (`narrowed_to`: a bodyweight week of push days
    is not a balanced week), else a balanced week."""
    goal = tx.goal(language, profile.goal)
    trained = set(profile.priority_groups if served is None else served)
    claimed = tuple(g for g in profile.priority_groups if g in trained)
    if claimed:
        return tx.say(language, "theme.priority", goal=goal,
                      groups=tx.groups(language, claimed))
    if narrowed_to:
        return tx.say(language, "theme.narrowed", goal=goal, split=narrowed_to)
    return tx.say(language, "theme.balanced", goal=goal)


def emphasis_title(language: str, base: str, anchor: Exercise,
                   priorities: tuple[MuscleGroup, ...]) -> str:
    """The title, with the priority group the day's anchor lift mainly trains (a deadlift
    opening a lower-body day is a hinge, not back emphasis)."""
    main = traits_of(anchor.slug).main_group
    if main in priorities:
        return tx.say(language, "title.emphasis", focus=base, group=tx.group(language, main))
    return base
