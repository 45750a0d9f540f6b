"""Turn built sessions into the seed's day and week objects, every field filled honestly.

`duration_minutes` is the metrics time model rounded up, `estimated_volume_lbs` the metrics
volume estimate (known loads, else the catalog's novice defaults, capped by the heaviest
dumbbell), `muscle_focus` the metrics set distribution; texts come from the phrasebook.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Mapping

from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import ExerciseType, MuscleGroup, Weekday, weekday_of_index
from fitcoach.programming import metrics
from fitcoach.programming.generator.items import Item
from fitcoach.programming.plan import (
    Block,
    DayPlan,
    MuscleFocus,
    PlannedExercise,
    WeeklyPlan,
)
from fitcoach.programming.profile import Profile
from fitcoach.programming.text import phrases as tx

FOCUS_TAG_GROUPS = 2


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


def focus_tag(language: str, focus: tuple[MuscleFocus, ...]) -> str:
    return tx.groups(language, [entry.muscle for entry in focus[:FOCUS_TAG_GROUPS]])


def coach_note(language: str, exercises: Iterable[PlannedExercise], anchor: Exercise,
               cue_index: int, light: bool = False) -> str:
    """The effort target of the day and one real cue for its anchor lift."""
    rirs = sorted({e.target_rir for e in exercises if e.target_rir is not None})
    parts = []
    if rirs:
        rir = str(rirs[0]) if len(rirs) == 1 else f"{rirs[0]}-{rirs[-1]}"
        parts.append(tx.say(language, "note.effort_light" if light else "note.effort", rir=rir))
    cue = tx.cue(anchor, language, cue_index)
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
        focus_tag=focus_tag(language, focus),
        duration_minutes=metrics.declared_minutes(blocks),
        estimated_volume_lbs=metrics.estimated_volume_lbs(
            exercises, known_load_map(profile), profile.max_dumbbell_lbs),
        coach_note=coach_note(language, exercises, anchor, weekday.index, light),
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


def theme(language: str, profile: Profile) -> str:
    goal = tx.goal(language, profile.goal)
    if profile.priority_groups:
        return tx.say(language, "theme.priority", goal=goal,
                      groups=tx.groups(language, profile.priority_groups))
    return tx.say(language, "theme.balanced", goal=goal)


def emphasis_title(language: str, base: str, anchor: Exercise,
                   priorities: tuple[MuscleGroup, ...]) -> str:
    for group in priorities:
        if group in anchor.primary_groups:
            return tx.say(language, "title.emphasis", focus=base, group=tx.group(language, group))
    return base
