"""Memory mutations from the router's memory actions (SPEC §2 living memory, DESIGN D3-D5).

The router decides *what* changes (CREATE a staple, UPDATE the equipment fact, DELETE a
resolved condition, a Tier 2 state, a Tier 3 event) and names the ids; this module writes the
entries: the seed's fields (`category`, `fact`, `source`; `body_part`, `condition`,
`effective_date`, `expires_at`; `event`, `week_start_date`, `expires_at`) plus the structured
fields the engine derives a profile from, and a reason in the user's language.

Never re-create what is already known: the router turns a second statement of a staple into an
UPDATE of the existing item, and an UPDATE that would change nothing is left out here, so a
repeated onboarding message records nothing new.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from fitcoach.brain.providers.embedded.compose import facts
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.phrasebook import PHRASES
from fitcoach.brain.providers.embedded.nlu.events import EventMention
from fitcoach.brain.providers.embedded.nlu.lexicon import LEXICON
from fitcoach.brain.providers.embedded.nlu.router import Intent, MemoryAction
from fitcoach.catalog.vocabulary import (
    FULL_GYM,
    WEEKDAYS,
    AcuteCondition,
    BodyPart,
    GearTag,
    Unit,
    Weekday,
)
from fitcoach.memory.entries import (
    MemoryMutation,
    Operation,
    StapleCategory,
    StapleEntry,
    Tier,
    Tone,
)
from fitcoach.memory.ttl import default_expiry, event_expiry
from fitcoach.programming.edits.relief import effective_condition
from fitcoach.timekeeping import week_start

ONBOARDING_SOURCE = "conversational_onboarding"
CONVERSATION_SOURCE = "conversation"
_ONBOARDING_INTENTS = frozenset({Intent.ONBOARDING, Intent.ONBOARDING_QUESTION})


def memory_mutations(view: TurnView) -> tuple[MemoryMutation, ...]:
    return tuple(_mutations(view))


def _mutations(view: TurnView) -> Iterator[MemoryMutation]:
    for action in view.routing.memory_actions:
        if _temporary_equipment(view, action):
            continue
        if action.operation is Operation.DELETE:
            yield _delete(view, action)
        elif action.tier is Tier.STAPLES:
            mutation = _staple(view, action)
            if mutation is not None:
                yield mutation
        elif action.tier is Tier.PHYSIOLOGICAL:
            mutation = _acute(view, action)
            if mutation is not None:
                yield mutation
        else:
            mutation = _event(view, action)
            if mutation is not None:
                yield mutation


def _temporary_equipment(view: TurnView, action: MemoryAction) -> bool:
    """"The hotel gym only has a treadmill" describes the trip, not the user's own kit: the
    trip's sessions go bodyweight through the Tier 3 event, the staple stays as it is."""
    return (action.category is StapleCategory.EQUIPMENT and action.operation is not
            Operation.DELETE and any(e.travel for e in view.analysis.events))


def _reason(view: TurnView, key: str, **values: Any) -> str:
    return PHRASES.say(f"reason.{key}", view.language, salt=view.salt, **values)


# -- Tier 1 -----------------------------------------------------------------------------------
def _staple(view: TurnView, action: MemoryAction) -> MemoryMutation | None:
    previous = None
    if action.operation is Operation.UPDATE:
        item = view.memory_item(action.memory_id)
        if item is None or not isinstance(item.entry, StapleEntry):
            return None
        previous = item.entry
    category = action.category
    if category is StapleCategory.EQUIPMENT:
        entry = _equipment_entry(view, previous)
    elif category is StapleCategory.GOAL:
        entry = _goal_entry(view, previous)
    elif category is StapleCategory.CHRONIC_CONDITION:
        entry = _chronic_entry(view, action)
    elif category is StapleCategory.PREFERENCE and action.tone is not None:
        entry = {"category": category.value, "fact": facts.tone_fact(view.language, action.tone),
                 "tone": action.tone.value}
    else:
        return None
    if entry is None:
        return None
    onboarding = view.routing.intent in _ONBOARDING_INTENTS
    if previous is None:
        entry["source"] = ONBOARDING_SOURCE if onboarding else CONVERSATION_SOURCE
    elif _unchanged(previous, entry):
        return None  # the fact is already known exactly so: nothing to record
    phase = "onboarding" if onboarding and previous is None else \
        ("update" if previous is not None else "create")
    return MemoryMutation(operation=action.operation, target_tier=Tier.STAPLES,
                          memory_id=action.memory_id if previous is not None else None,
                          entry=entry, reason=_reason(view, f"{category.value}.{phase}"))


def _unchanged(previous: StapleEntry, entry: dict[str, Any]) -> bool:
    merged = StapleEntry.model_validate({**previous.model_dump(), **entry})
    return merged == previous


def stated_unit(view: TurnView) -> Unit:
    """The unit to write a dumbbell limit in: the one the user just wrote it in ("35kg"),
    else their setting (DESIGN D3: the fact keeps the user's words)."""
    gear = view.analysis.gear
    return gear.dumbbell_unit if gear.max_dumbbell_lbs is not None and gear.dumbbell_unit \
        else view.unit


def _equipment_entry(view: TurnView, previous: StapleEntry | None) -> dict[str, Any] | None:
    gear_facts = view.analysis.gear
    old = frozenset(previous.gear or ()) if previous is not None else frozenset()
    if gear_facts.full_gym:
        gear = FULL_GYM
    elif gear_facts.bodyweight_only and not gear_facts.owned:
        gear = frozenset()
    elif previous is None or (gear_facts.only and not gear_facts.change):
        # "Only a pull-up bar" states the whole inventory; "I just bought…" adds to it.
        gear = frozenset(gear_facts.owned)
    else:
        gear = (old | gear_facts.owned) - gear_facts.removed
    gear -= gear_facts.removed
    limit = gear_facts.max_dumbbell_lbs
    if limit is None and previous is not None:
        # "I bought a pull-up bar", or "heavier dumbbells" with no number: the known limit
        # stays until the user states a new one (guessing it away would unlock any load).
        limit = previous.max_dumbbell_lbs
    if GearTag.DUMBBELLS not in gear:
        limit = None
    home = gear_facts.home or (previous is not None and previous.fact == facts.equipment_fact(
        view.language, old, previous.max_dumbbell_lbs, view.unit, home=True))
    ordered = tuple(sorted(gear, key=lambda tag: tag.value))
    return {
        "category": StapleCategory.EQUIPMENT.value,
        "fact": facts.equipment_fact(view.language, gear, limit, stated_unit(view), home=home,
                                     extra=sorted(gear_facts.extra)),
        "gear": [tag.value for tag in ordered],
        "max_dumbbell_lbs": limit,
    }


def _goal_entry(view: TurnView, previous: StapleEntry | None) -> dict[str, Any] | None:
    a, schedule = view.analysis, view.routing.schedule
    entry: dict[str, Any] = {}
    if a.goals.goal is not None:
        entry["goal"] = a.goals.goal
    if a.goals.priority_groups:
        entry["priority_groups"] = a.goals.priority_groups
    if schedule.moves or schedule.exchanges:
        # A move meant to last: the whole new set of days, the old ones minus the moved one
        # plus the new one (the router asks for the goal only then).
        base = [d for d in WEEKDAYS if view.plan.days[d].is_training_day] \
            if view.plan is not None else (previous.training_days or () if previous else ())
        moved = schedule.after_moves(base) if schedule.lasting and base else None
        if moved:
            entry |= {"training_days": moved, "days_per_week": len(moved)}
    elif schedule.added_days or schedule.dropped_days:
        # One day in or out: the current days (the plan's, else memory's) with that change.
        current: set[Weekday] = {d for d in WEEKDAYS if view.plan.days[d].is_training_day} \
            if view.plan is not None else set(previous.training_days or () if previous else ())
        after = (current | set(schedule.added_days)) - set(schedule.dropped_days)
        days = tuple(d for d in WEEKDAYS if d in after)
        if days and after != current:
            entry |= {"training_days": days, "days_per_week": len(days)}
    elif len(schedule.training_days) >= 2:
        days = tuple(sorted(schedule.training_days, key=lambda d: d.index))
        entry |= {"training_days": days, "days_per_week": len(days)}
    elif schedule.days_per_week is not None:
        # A new count replaces any old list of days, which would otherwise win.
        entry |= {"training_days": None, "days_per_week": schedule.days_per_week}
    if schedule.minutes is not None and view.routing.intent in (
            Intent.ONBOARDING, Intent.ONBOARDING_QUESTION, Intent.WEEK_OVERHAUL,
            Intent.MEMORY_UPDATE):
        # A day shortened to 30 minutes is about that day, not the usual session length.
        entry["minutes_per_session"] = max(15, min(180, schedule.minutes))
    if a.goals.experience is not None:
        entry["experience"] = a.goals.experience
    if not entry:
        return None
    merged = {**(previous.model_dump() if previous is not None else {}), **entry}
    training_days: tuple[Weekday, ...] = merged.get("training_days") or ()
    fact = facts.goal_fact(
        view.language, goal=merged.get("goal"), priority=merged.get("priority_groups") or (),
        days_per_week=merged.get("days_per_week"), training_days=training_days,
        minutes=merged.get("minutes_per_session"), experience=merged.get("experience"))
    return {"category": StapleCategory.GOAL.value, "fact": fact,
            **{key: _plain(value) for key, value in entry.items()}}


def _plain(value: Any) -> Any:
    """Enums and tuples as JSON-ready values (the mutation's entry is a plain dict)."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return getattr(value, "value", value)


def _chronic_entry(view: TurnView, action: MemoryAction) -> dict[str, Any] | None:
    # A chronic report, else (onboarding: undated pain is a standing condition) any report.
    report = next((c for c in view.analysis.body.chronic if c.body_part is action.body_part),
                  None) or next((c for c in view.analysis.body.conditions
                                 if c.body_part is action.body_part), None)
    if report is None or action.body_part is None:
        return None
    # "Bothers me on heavy deadlifts" rules out the heavy lift, not the whole movement: a
    # light dumbbell hinge keeps the hamstrings trained without the heavy spinal load.
    patterns = () if report.heavy_only else report.trigger_patterns
    entry: dict[str, Any] = {
        "category": StapleCategory.CHRONIC_CONDITION.value,
        "fact": facts.chronic_fact(view.language, action.body_part,
                                   exercises=report.trigger_exercises, patterns=patterns,
                                   heavy=report.heavy_only),
        "body_parts": [action.body_part.value],
    }
    if patterns:
        entry["avoid_patterns"] = [p.value for p in patterns]
    if report.trigger_exercises:
        entry["avoid_exercises"] = list(report.trigger_exercises)
    return entry


def _delete(view: TurnView, action: MemoryAction) -> MemoryMutation:
    if action.category is StapleCategory.PREFERENCE:
        reason = _reason(view, "preference.revoked")
    elif action.tier is Tier.SITUATIONAL:
        reason = _reason(view, "event_cancelled")
    else:
        reason = _reason(view, "resolved")
    return MemoryMutation(operation=Operation.DELETE, target_tier=action.tier,
                          memory_id=action.memory_id, reason=reason)


# -- Tier 2 -----------------------------------------------------------------------------------
def acute_condition(part: BodyPart, condition: AcuteCondition) -> AcuteCondition:
    """The condition recorded for a reported state: the engine's reading, so memory and the
    session the engine chooses agree (a sore joint is a tweak: `edits.relief`)."""
    return effective_condition(part, condition)


def _acute(view: TurnView, action: MemoryAction) -> MemoryMutation | None:
    if action.body_part is None or action.condition is None:
        return None
    report = next((c for c in view.analysis.body.acute if c.body_part is action.body_part
                   and c.condition is action.condition), None)
    condition = acute_condition(action.body_part, action.condition)
    entry = {
        "body_part": action.body_part.value,
        "condition": condition.value,
        "fact": facts.acute_fact(view.language, action.body_part, condition,
                                 report.side if report else None),
        "effective_date": view.today.isoformat(),
        "expires_at": default_expiry(condition, view.now).isoformat(),
    }
    return MemoryMutation(operation=Operation.CREATE, target_tier=Tier.PHYSIOLOGICAL,
                          entry=entry, reason=_reason(view, f"acute.{condition.value}"))


# -- Tier 3 -----------------------------------------------------------------------------------
def event_of(view: TurnView, name: str | None) -> EventMention | None:
    """The dated (or travel) event a Tier 3 action names."""
    return next((e for e in view.analysis.events if e.name == name and (e.dated or e.travel)),
                None)


def event_span(view: TurnView, event: EventMention) -> tuple[dt.date, dt.date]:
    """First and last day; a trip without a date starts today and lasts its kind's default."""
    start = event.start or view.today
    end = event.end or start
    if event.start is None:
        days = int(LEXICON.section("event_kind").get(event.kind, {}).get("days") or 1)
        end = start + dt.timedelta(days=days - 1)
    return start, max(start, end)


# What an event needs fresh when the user does not say: legs carry races, hikes and matches;
# a day of carrying boxes loads the lower back and the legs.
_LEGS = (BodyPart.QUADS, BodyPart.HAMSTRINGS, BodyPart.CALVES)
DEFAULT_PROTECT: dict[str, tuple[BodyPart, ...]] = {
    "race": _LEGS, "hike": _LEGS, "match": _LEGS,
    "move": (BodyPart.LOWER_BACK, BodyPart.QUADS, BodyPart.HAMSTRINGS),
}


def event_protect(event: EventMention) -> tuple[BodyPart, ...]:
    return event.protect or DEFAULT_PROTECT.get(event.kind, ())


BUSY_SHARE = 2 / 3
BUSY_FLOOR = 20


def busy_minutes(view: TurnView, event: EventMention) -> int | None:
    """A busy stretch's session length: the minutes said, else two thirds of the usual
    session, rounded to 5 and never under 20 (nor over the usual session)."""
    if not event.busy:
        return None
    usual = view.profile.minutes_per_session
    if event.minutes is not None:
        return max(10, min(event.minutes, 180))
    return min(usual, max(BUSY_FLOOR, 5 * round(usual * BUSY_SHARE / 5)))


def localized_event_name(view: TurnView, event: EventMention) -> str:
    """The event's name in the user's language; a stored item it changes keeps its own."""
    if event.replaces_name:
        return event.replaces_name
    kind_words = event.kind.replace("_", " ")
    sport = event.name[: -len(kind_words)].strip().replace(" ", "_") \
        if event.name.endswith(kind_words) and event.name != kind_words else None
    return facts.event_name(view.language, event.kind, sport or None)


def _event(view: TurnView, action: MemoryAction) -> MemoryMutation | None:
    event = event_of(view, action.event)
    if event is None:
        return None
    start, end = event_span(view, event)
    name = localized_event_name(view, event)
    entry: dict[str, Any] = {
        "event": name,
        "fact": facts.event_fact(view.language, name, start, end, event_protect(event),
                                 event.travel, busy_minutes(view, event)),
        "week_start_date": week_start(start).isoformat(),
        "event_date": start.isoformat(),
        "expires_at": event_expiry(end, view.timezone).isoformat(),
    }
    # An UPDATE merges over the stored entry, so it always names its end ("now only
    # Wednesday" must not keep the old end date).
    if end != start or action.operation is Operation.UPDATE:
        entry["end_date"] = end.isoformat()
    if event_protect(event):
        entry["protect"] = [part.value for part in event_protect(event)]
    if event.travel:
        entry["travel"] = True
    if (minutes := busy_minutes(view, event)) is not None:
        entry["busy_minutes"] = minutes
    if action.operation is Operation.UPDATE and action.memory_id is not None:
        return MemoryMutation(operation=Operation.UPDATE, target_tier=Tier.SITUATIONAL,
                              memory_id=action.memory_id, entry=entry,
                              reason=_reason(view, "event"))
    return MemoryMutation(operation=Operation.CREATE, target_tier=Tier.SITUATIONAL,
                          entry=entry, reason=_reason(view, "event"))


def tone_of(mutation: MemoryMutation) -> Tone | None:
    raw = (mutation.entry or {}).get("tone")
    return Tone(raw) if raw else None
