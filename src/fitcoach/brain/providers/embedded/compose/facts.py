"""The `fact` texts of memory entries, written in the user's language from structured fields.

A fact is what the coach (and any brain reading the runtime context later) reads back, so it
says the whole fact in a line, in the seed's register ("Home gym with dumbbells up to 50 lbs
and adjustable bench."). It is composed from the same structured fields the entry carries, so
the text and the fields never disagree, and an unchanged fact reads exactly the same (which is
what lets dedup recognise it).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from fitcoach.brain.providers.embedded.compose import language as lx
from fitcoach.brain.providers.embedded.compose.phrasebook import PHRASES
from fitcoach.catalog.vocabulary import (
    FULL_GYM,
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
from fitcoach.memory.entries import Tone
from fitcoach.programming.text import phrases as tx

MAX_FACT_CHARS = 500
_BENCHES = frozenset({GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH})
# The order a person lists their kit in: the main implements, then benches, then the rest.
_GEAR_ORDER: tuple[GearTag, ...] = (
    GearTag.DUMBBELLS, GearTag.BARBELL, GearTag.SQUAT_RACK, GearTag.FLAT_BENCH,
    GearTag.INCLINE_BENCH, GearTag.CABLE_MACHINE, GearTag.ROPE, GearTag.PULL_UP_BAR,
    GearTag.LEG_PRESS_MACHINE, GearTag.LEG_EXTENSION_MACHINE, GearTag.HAMSTRING_MACHINE,
    GearTag.CALF_RAISE_MACHINE, GearTag.AB_WHEEL, GearTag.KETTLEBELL,
)


def _say(key: str, language: str, **values: Any) -> str:
    # Facts never vary: the same fields must always give the same text.
    return PHRASES.say(key, language, **values)


def _sentence(language: str, text: str) -> str:
    text = text.strip()
    if language in ("en", "es", "it") and text:
        text = text[0].upper() + text[1:]
    if not text.endswith((".", "!", "?")):
        text += "."
    return text[:MAX_FACT_CHARS]


def gear_items(language: str, gear: frozenset[GearTag], max_dumbbell_lbs: float | None,
               unit: Unit) -> list[str]:
    items: list[str] = []
    for tag in _GEAR_ORDER:
        if tag not in gear:
            continue
        if tag is GearTag.DUMBBELLS and max_dumbbell_lbs is not None:
            items.append(_say("gear.dumbbells_up_to", language,
                              load=lx.load(language, max_dumbbell_lbs, unit)))
        elif tag in _BENCHES and gear >= _BENCHES:
            if tag is GearTag.FLAT_BENCH:
                items.append(_say("gear.adjustable_bench", language))
        else:
            items.append(tx.say(language, f"gear.{tag.value}"))
    return items


def extra_gear_names(language: str, extra: Sequence[str]) -> str:
    """Gear outside the catalog's tags, named in the user's language ("kettlebells")."""
    return lx.join(language, [_say(f"fact.extra_gear.{name}", language) for name in sorted(extra)])


def equipment_fact(language: str, gear: frozenset[GearTag], max_dumbbell_lbs: float | None,
                   unit: Unit, *, home: bool, extra: Sequence[str] = ()) -> str:
    if gear >= FULL_GYM:
        text = _say("fact.equipment.full_gym", language)
    elif not gear:
        text = _say("fact.equipment.bodyweight", language)
    else:
        items = lx.join(language, gear_items(language, gear, max_dumbbell_lbs, unit))
        key = "fact.equipment.home" if home else "fact.equipment.items"
        text = _say(key, language, items=items)
    if extra:
        text += "; " + _say("fact.equipment.extra", language,
                            items=extra_gear_names(language, extra))
    return _sentence(language, text)


def goal_fact(language: str, *, goal: Goal | None, priority: Sequence[MuscleGroup],
              days_per_week: int | None, training_days: Sequence[Weekday],
              minutes: int | None, experience: Experience | None) -> str:
    parts: list[str] = []
    if goal is not None:
        parts.append(_say(f"fact.goal.{goal.value}", language))
    if priority:
        parts.append(_say("fact.goal.priority", language, groups=lx.groups(language, priority)))
    if training_days:
        parts.append(_say("fact.goal.training_days", language,
                          days=lx.weekdays(language, training_days)))
    elif days_per_week is not None:
        parts.append(_say("fact.goal.days_per_week", language, count=days_per_week))
    if minutes is not None:
        parts.append(_say("fact.goal.minutes", language, minutes=minutes))
    if experience is not None:
        parts.append(_say(f"fact.goal.{experience.value}", language))
    if not parts:
        parts.append(_say("fact.goal.general", language))
    return _sentence(language, "; ".join(parts))


def chronic_fact(language: str, part: BodyPart, *, exercises: Sequence[str],
                 patterns: Sequence[Pattern], heavy: bool) -> str:
    triggers = [lx.exercise(slug) for slug in exercises]
    triggers += [tx.say(language, f"pattern.{p.value}") for p in patterns]
    name = tx.say(language, f"part.{part.value}")
    if not triggers:
        return _sentence(language, _say("fact.chronic.plain", language, part=name))
    key = "fact.chronic.heavy" if heavy else "fact.chronic.triggered"
    return _sentence(language, _say(key, language, part=name,
                                    triggers=lx.join(language, triggers)))


def tone_fact(language: str, tone: Tone) -> str:
    return _sentence(language, _say(f"fact.tone.{tone.value}", language))


def acute_fact(language: str, part: BodyPart, condition: AcuteCondition,
               side: str | None) -> str:
    if part is BodyPart.WHOLE_BODY:
        return _sentence(language, _say(f"fact.acute.{condition.value}.general", language))
    where = tx.say(language, f"part.{part.value}")
    if side in ("left", "right"):
        where = _say(f"side.{side}", language, part=where)
    return _sentence(language, _say(f"fact.acute.{condition.value}", language, part=where))


def event_fact(language: str, name: str, start: dt.date, end: dt.date,
               protect: Sequence[BodyPart], travel: bool, busy: int | None = None) -> str:
    if end != start:
        when = _say("fact.event.span", language, start=date_words(language, start),
                    end=date_words(language, end))
    else:
        when = _say("fact.event.on", language, date=date_words(language, start))
    if travel:
        return _sentence(language, _say("fact.event.travel", language, event=name, when=when))
    if busy is not None:
        return _sentence(language, _say("fact.event.busy", language, event=name, when=when,
                                        minutes=busy))
    if protect:
        return _sentence(language, _say("fact.event.protect", language, event=name, when=when,
                                        parts=lx.body_parts(language, protect)))
    return _sentence(language, _say("fact.event.plain", language, event=name, when=when))


def date_words(language: str, day: dt.date) -> str:
    """"Saturday 2026-09-19": the weekday the user thinks in, and the date that settles it."""
    weekday = WEEKDAYS[day.weekday()]
    return _say("date.weekday_date", language, day=lx.weekday(language, weekday),
                date=day.isoformat())


def event_name(language: str, kind: str, sport: str | None) -> str:
    """The event in the user's language: "golf tournament", "torneo de golf", "골프 토너먼트"."""
    kind_word = _say(f"event.kind.{kind}", language)
    if sport is None:
        return kind_word
    return _say("event.with_sport", language, kind=kind_word,
                sport=_say(f"event.sport.{sport}", language))
