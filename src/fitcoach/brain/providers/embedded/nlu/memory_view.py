"""The little the router needs to know about the user's active memory.

Built from the stored items with `MemorySummary.of(items, now, missing=...)`: the ids a DELETE
or UPDATE must name, and which essentials memory does not hold yet (so onboarding asks for
those and no others). The essentials come from the profile builder (`ProfileBuild.missing`),
the one place that decides what counts as knowing the equipment, the schedule and the session
length; this module does not judge them again.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.profile_builder import Essential
from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.events import StoredEvent
from fitcoach.catalog.vocabulary import AcuteCondition, BodyPart
from fitcoach.memory.entries import (
    MemoryItem,
    PhysiologicalEntry,
    SituationalEntry,
    StapleCategory,
    StapleEntry,
    Tier,
    Tone,
)


class MemoryFact(BaseModel):
    model_config = ConfigDict(frozen=True)

    memory_id: str
    tier: Tier
    category: StapleCategory | None = None
    body_parts: tuple[BodyPart, ...] = ()
    condition: AcuteCondition | None = None
    tone: Tone | None = None
    event: str | None = None
    event_kinds: tuple[str, ...] = ()  # the event words its text names ("business_trip")
    travel: bool = False
    span: tuple[dt.date, dt.date] | None = None  # a Tier 3 item's first and last day


class MemorySummary(BaseModel):
    model_config = ConfigDict(frozen=True)

    facts: tuple[MemoryFact, ...] = ()
    # What memory does not hold yet, as `ProfileBuild.missing` says (default: nothing known).
    missing: tuple[Essential, ...] = tuple(Essential)

    @classmethod
    def of(cls, items: Iterable[MemoryItem], now: dt.datetime, *,
           missing: tuple[Essential, ...]) -> MemorySummary:
        facts: list[MemoryFact] = []
        for item in items:
            if not item.is_active(now):
                continue
            entry = item.entry
            if isinstance(entry, StapleEntry):
                facts.append(MemoryFact(
                    memory_id=item.memory_id, tier=item.tier, category=entry.category,
                    body_parts=entry.body_parts or (), tone=entry.tone,
                ))
            elif isinstance(entry, PhysiologicalEntry):
                facts.append(MemoryFact(memory_id=item.memory_id, tier=item.tier,
                                        body_parts=(entry.body_part,), condition=entry.condition))
            elif isinstance(entry, SituationalEntry):
                kinds = Document.of(f"{entry.event}. {entry.fact}").keys("event_kind")
                facts.append(MemoryFact(memory_id=item.memory_id, tier=item.tier,
                                        event=entry.event, event_kinds=tuple(sorted(kinds)),
                                        travel=bool(entry.travel), span=entry.span))
        return cls(facts=tuple(facts), missing=tuple(missing))

    def knows(self, essential: Essential) -> bool:
        return essential not in self.missing

    def staple(self, category: StapleCategory) -> MemoryFact | None:
        return next((f for f in self.facts if f.category is category), None)

    def events_like(self, kind: str, travel: bool) -> list[MemoryFact]:
        """Active Tier 3 items a cancelled event of this kind may be: the same kind of event,
        or any trip for a trip."""
        return [f for f in self.facts if f.tier is Tier.SITUATIONAL
                and (kind in f.event_kinds or (travel and f.travel))]

    def stored_events(self) -> list[StoredEvent]:
        """Active Tier 3 items as `events.rebase_changed` reads them."""
        return [StoredEvent(f.memory_id, f.span[0], f.span[1], " ".join(f.event_kinds),
                            f.travel, f.event or "")
                for f in self.facts if f.tier is Tier.SITUATIONAL and f.span is not None]

    def conditions_on(self, part: BodyPart | None,
                      condition: AcuteCondition | None = None) -> list[MemoryFact]:
        """Active Tier 2 items (and chronic staples) that a resolution of `part` ends."""
        found: list[MemoryFact] = []
        for fact in self.facts:
            is_state = fact.tier is Tier.PHYSIOLOGICAL
            is_chronic = fact.category is StapleCategory.CHRONIC_CONDITION
            if not (is_state or is_chronic):
                continue
            if part is not None and not _related(part, fact.body_parts):
                continue
            if part is None and condition is not None and fact.condition not in (condition, None):
                continue
            if part is None and not is_state:
                continue  # "the soreness is gone": a standing condition is ended by name only
            found.append(fact)
        return found


_FAMILY: dict[BodyPart, frozenset[BodyPart]] = {
    BodyPart.BACK: frozenset({BodyPart.BACK, BodyPart.UPPER_BACK, BodyPart.LOWER_BACK}),
    BodyPart.UPPER_BACK: frozenset({BodyPart.BACK, BodyPart.UPPER_BACK}),
    BodyPart.LOWER_BACK: frozenset({BodyPart.BACK, BodyPart.LOWER_BACK}),
}


def _related(part: BodyPart, parts: tuple[BodyPart, ...]) -> bool:
    family = _FAMILY.get(part, frozenset({part}))
    return any(p in family for p in parts)
