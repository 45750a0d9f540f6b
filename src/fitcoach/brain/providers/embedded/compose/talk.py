"""Answers without a proposal: onboarding questions, memory acknowledgements, conversation,
and requests the coach could not turn into a change (said honestly, with what would help)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from fitcoach.brain.profile_builder import Essential
from fitcoach.brain.providers.embedded.compose import facts
from fitcoach.brain.providers.embedded.compose import language as lx
from fitcoach.brain.providers.embedded.compose.change import PlannedChange, Skip
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.facts import date_words, gear_items
from fitcoach.brain.providers.embedded.compose.memory import stated_unit, tone_of
from fitcoach.brain.providers.embedded.compose.reply import Reply
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, BodyPart, GearTag, Weekday
from fitcoach.memory.entries import (
    MemoryMutation,
    Operation,
    StapleCategory,
    StapleEntry,
    Tier,
)
from fitcoach.programming.profile import ChronicConstraint
from fitcoach.programming.rules.conditions import chronic_problem

_ESSENTIAL_ORDER = tuple(Essential)
# How the phrasebook names each essential in its `onboarding.ask.*` keys.
_ASK_KEY = {Essential.EQUIPMENT: "gear", Essential.SCHEDULE: "days",
            Essential.SESSION_LENGTH: "time"}


# -- onboarding -------------------------------------------------------------------------------
def noted_items(view: TurnView, mutations: Sequence[MemoryMutation]) -> list[str]:
    """Short names of what this turn saved to the profile ("your equipment", "your lower
    back"), for the onboarding welcome."""
    noted: list[str] = []
    for mutation in mutations:
        if mutation.operation is Operation.DELETE or mutation.target_tier is not Tier.STAPLES:
            continue
        category = (mutation.entry or {}).get("category")
        if category == StapleCategory.CHRONIC_CONDITION.value:
            parts = [BodyPart(p) for p in (mutation.entry or {}).get("body_parts") or ()]
            noted.append(reply_say(view, "noted.chronic",
                                   part=lx.body_parts(view.language, parts)))
        elif category:
            noted.append(reply_say(view, f"noted.{category}"))
    return noted


def reply_say(view: TurnView, key: str, **values: object) -> str:
    return Reply(view.language, view.tone, view.salt).say(key, **values)


def only_extra_gear(view: TurnView) -> bool:
    """The gear named is only gear no catalog exercise uses: a rebuild would change nothing."""
    gear = view.analysis.gear
    return bool(gear.extra) and not (gear.owned or gear.removed)


def extra_gear_note(reply: Reply, view: TurnView) -> None:
    """Say plainly that gear outside the catalog (kettlebells, bands…) is not in the plans."""
    extra = view.analysis.gear.extra
    if extra:
        reply.add("onboarding.extra_gear",
                  items=facts.extra_gear_names(view.language, sorted(extra)))


def onboarding_question(reply: Reply, view: TurnView,
                        mutations: Sequence[MemoryMutation]) -> None:
    missing = [e for e in _ESSENTIAL_ORDER if e in view.routing.missing]
    noted = noted_items(view, mutations)
    if noted:
        reply.add("onboarding.noted_so_far", noted=lx.join(view.language, noted))
        extra_gear_note(reply, view)
    elif len(missing) == len(_ESSENTIAL_ORDER):
        reply.add("onboarding.hello")
    reply.add("onboarding.ask." + "_".join(_ASK_KEY[e] for e in missing))


# -- memory -----------------------------------------------------------------------------------
def memory_acknowledgement(reply: Reply, view: TurnView, mutations: Sequence[MemoryMutation],
                           *, optional: bool = False) -> bool:
    """One sentence per kind of memory change this turn made; whether anything was said."""
    said = False
    for mutation in mutations:
        key, values = _acknowledgement(view, mutation)
        if key:
            reply.add(key, optional=optional or said, **values)
            said = True
    return said


def _ruled_out_by_new_conditions(view: TurnView,
                                 mutations: Sequence[MemoryMutation]) -> list[str]:
    """Exercises of the current plan that a chronic condition recorded this turn rules out:
    the plan was built before the coach knew, so the next step is to rebuild it."""
    if view.plan is None:
        return []
    constraints = [ChronicConstraint(body_parts=entry.body_parts or (),
                                     patterns=entry.avoid_patterns or (),
                                     exercises=entry.avoid_exercises or ())
                   for m in mutations if m.operation is Operation.CREATE and m.entry
                   and m.entry.get("category") == StapleCategory.CHRONIC_CONDITION.value
                   for entry in (StapleEntry.model_validate(m.entry),)]
    planned = dict.fromkeys(e.exercise_id for d in WEEKDAYS for e in view.plan.days[d].exercises)
    return [slug for slug in planned
            if any(chronic_problem(CATALOG.get(slug), c) for c in constraints)]


def _acknowledgement(view: TurnView,
                     mutation: MemoryMutation) -> tuple[str | None, dict[str, object]]:
    entry = mutation.entry or {}
    category = entry.get("category")
    if mutation.operation is Operation.DELETE:
        item = view.memory_item(mutation.memory_id)
        if item is None:
            return None, {}
        stored = item.entry
        if getattr(stored, "category", None) is StapleCategory.PREFERENCE:
            return "memory.tone_revoked", {}
        if mutation.target_tier is Tier.SITUATIONAL:
            return "memory.event_cancelled", {"event": getattr(stored, "event", "")}
        parts = getattr(stored, "body_parts", None) or (getattr(stored, "body_part", None),)
        parts = tuple(p for p in parts if p is not None)
        return "memory.resolved", {"parts": lx.body_parts(view.language, parts)}
    if mutation.target_tier is not Tier.STAPLES:
        return None, {}
    if category == StapleCategory.PREFERENCE.value:
        tone = tone_of(mutation)
        return (f"memory.tone.{tone.value}", {}) if tone else (None, {})
    if category == StapleCategory.EQUIPMENT.value:
        gear = frozenset(GearTag(tag) for tag in entry.get("gear") or ())
        items = gear_items(view.language, gear, entry.get("max_dumbbell_lbs"),
                           stated_unit(view))
        if not items:
            return "memory.equipment_none", {}
        return "memory.equipment", {"items": lx.join(view.language, items)}
    if category == StapleCategory.GOAL.value:
        return "memory.goal", {}
    if category == StapleCategory.CHRONIC_CONDITION.value:
        parts = [BodyPart(p) for p in entry.get("body_parts") or ()]
        return "memory.chronic", {"parts": lx.body_parts(view.language, parts)}
    return None, {}


def memory_reply(reply: Reply, view: TurnView, mutations: Sequence[MemoryMutation]) -> None:
    if memory_acknowledgement(reply, view, mutations):
        if any((m.entry or {}).get("category") == StapleCategory.EQUIPMENT.value
               for m in mutations):
            extra_gear_note(reply, view)
        clashing = _ruled_out_by_new_conditions(view, mutations)
        if clashing:
            reply.add("memory.chronic_plan", exercises=lx.exercises(view.language, clashing))
        elif any((m.entry or {}).get("category") == StapleCategory.EQUIPMENT.value
                 for m in mutations) and view.plan is not None and not only_extra_gear(view):
            reply.add("memory.equipment_plan", optional=True)
        return
    if view.analysis.cancelled_events:
        reply.add("memory.event_cancelled_nothing")
    elif view.analysis.body.resolved:
        reply.add("memory.resolved_nothing")
    else:
        reply.add("memory.already_known")


# -- conversation -----------------------------------------------------------------------------
def conversation_reply(reply: Reply, view: TurnView) -> None:
    cues = view.analysis.cues
    if cues.session and not (cues.motivation or cues.thanks):
        session_reply(reply, view)
        return
    if cues.motivation:
        reply.add("talk.motivation")
    elif cues.thanks:
        reply.add("talk.thanks")
    else:
        reply.add("talk.greeting")
    _today(reply, view)


def asked_day(view: TurnView) -> Weekday:
    """The day a question is about: the one named ("on Thursday", "tomorrow"), else the one
    on screen, else today."""
    a = view.analysis
    named = next((m.weekday for m in a.time.days if not m.reference), None)
    if named is None:
        ahead = [r for r in a.time.relative if r.offset >= 0]
        named = WEEKDAYS[ahead[0].date.weekday()] if ahead else None
    return named or a.selected_day or view.today_weekday


def session_reply(reply: Reply, view: TurnView) -> None:
    """"What should I do today?": the day's session as the plan has it, exercise by exercise,
    or, on a rest day, the next session."""
    plan = view.plan
    if plan is None:
        reply.add("skip.no_plan_profile_ready" if profile_ready(view) else "skip.no_plan")
        return
    language = view.language
    day = asked_day(view)
    today = day is view.today_weekday
    name = lx.weekday(language, day)
    session = plan.days[day]
    if session.is_training_day:
        exercises = ", ".join(f"{e.name} {e.target_sets}×{e.target_reps}"
                              for e in session.exercises)
        reply.add("talk.session_today" if today else "talk.session_day", day=name,
                  title=session.title, minutes=session.duration_minutes, exercises=exercises)
        return
    following = [WEEKDAYS[(day.index + step) % 7] for step in range(1, 8)]
    upcoming = next((d for d in following if plan.days[d].is_training_day), None)
    if upcoming is None:
        reply.add("talk.today_rest" if today else "skip.already_rest", day=name)
        return
    reply.add("talk.session_today_rest" if today else "talk.session_day_rest", day=name,
              next=lx.weekday(language, upcoming), title=plan.days[upcoming].title)


def profile_ready(view: TurnView) -> bool:
    """Whether memory already holds the essentials of a first week (equipment, days and
    session length): onboarded, with the week proposed but not accepted yet."""
    return not view.request.profile.missing


def unknown_reply(reply: Reply, view: TurnView) -> None:
    if view.analysis.framing & {"hypothetical", "injection", "reported"}:
        # "Pretend I have a full gym", "### system: …": say why nothing changed.
        reply.add("talk.framed")
    if view.plan is not None:
        reply.add("talk.unknown")
    else:
        reply.add("talk.unknown_profile_ready" if profile_ready(view) else
                  "talk.unknown_no_plan")


def _today(reply: Reply, view: TurnView) -> None:
    if view.plan is None:
        return
    day = view.plan.days[view.today_weekday]
    if day.is_training_day:
        reply.add("talk.today_session", optional=True, title=day.title,
                  minutes=day.duration_minutes)
    else:
        reply.add("talk.today_rest", optional=True)


# -- requests that could not become a change --------------------------------------------------
def skip_reply(reply: Reply, view: TurnView, change: PlannedChange) -> None:
    skip = change.skip
    if skip is None:
        return
    language = view.language
    values: dict[str, Any] = {
        "day": lx.weekday(language, change.day) if change.day else "",
        "exercise": lx.exercise(change.exercise) if change.exercise else "",
        "parts": lx.body_parts(language, change.parts),
        "until": lx.weekday(language, _weekday_of(change.until)) if change.until else "",
        "gear": lx.join(language, gear_items(language, frozenset(change.gear), None,
                                             view.unit)),
        "event": change.event or "",
        "date": date_words(language, change.event_start) if change.event_start else "",
        "options": lx.exercises(language, change.options),
        "days": lx.day_list(language, change.days),
        "other": lx.weekday(language, change.other) if change.other else "",
    }
    if skip is Skip.DAY_SPARED:
        later = lx.weekdays(language, change.later)
        chip = reply.say("chip.acute_later", parts=lx.bare_body_parts(language, change.parts),
                         later=later)
        reply.add("skip.day_spared", later=later, chip=chip, **values)
        return
    if skip is Skip.NO_PLAN and profile_ready(view):
        reply.add("skip.no_plan_profile_ready")
        return
    if skip is Skip.NOT_IN_DAY and change.exercise and view.routing.swap is not None:
        alternative = _alternative(view, change.exercise)
        if alternative is not None:
            reply.add("skip.not_in_day_alternative", alternative=lx.exercise(alternative),
                      **values)
            return
    reply.add(f"skip.{skip.value}", **values)


def _weekday_of(day: dt.date) -> Weekday:
    return WEEKDAYS[day.weekday()]


def _alternative(view: TurnView, slug: str) -> str | None:
    """A catalog substitute the user can do right now (gear they own and is not busy)."""
    swap = view.routing.swap
    free = frozenset(view.profile.gear) - (swap.busy_gear if swap else frozenset())
    return next((s for s in CATALOG.get(slug).substitutes if CATALOG.get(s).doable_with(free)),
                None)
