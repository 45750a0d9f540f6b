"""Life events (Tier 3): what, when, whether it is travel, and what to keep fresh for it.

An event word ("tournament", "torneo", "טורניר", "토너먼트", "trip", "vacanze") dates itself from
the time words of its own sentence (else of the message): the days named (first to last), a
relative day ("tomorrow"), or a week span ("next week", "the weekend"). "For N days" sets its
length; trips without an end last their kind's default. The parts to protect come from the body
analysis ("make sure my back, forearms and shoulders aren't fried").

Not every event named is ahead: one in a sentence that calls it off is `cancelled` (a Tier 3
item to delete), and one told as a cause or dated in the past ("sore from the weekend hike",
"after yesterday's race") is `past`: it explains a complaint, it is no event to plan around.
One told as the reason a session is short ("오늘 야근이라 25분만", "I've got a work deadline
today, only 25 minutes") is a `reason`: the day stays a training day of that length, so it is
no event that clears the day either (DESIGN D9).

An event told as changed ("the trip got pushed to next week", "la trasferta è stata
prolungata fino a domenica", "출장이 다음 주로 미뤄졌어요") carries its `change` (move, extend,
shorten); `rebase_changed` then reads it against the Tier 3 item it changes: it keeps that
item's start when only the end moves, its length when it moves, and names the item so the
router UPDATES it instead of storing the same event twice.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.lexicon import LEXICON, Hit
from fitcoach.brain.providers.embedded.nlu.time import TimeFacts
from fitcoach.catalog.vocabulary import BodyPart

MAX_EVENT_DAYS = 31


class EventMention(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: str  # event_kind key: tournament, race, trip, wedding…
    name: str  # "golf tournament"
    start: dt.date | None = None
    end: dt.date | None = None
    travel: bool = False
    protect: tuple[BodyPart, ...] = ()
    cancelled: bool = False  # "the trip got cancelled": a Tier 3 item to delete
    position: int = -1  # token index of the event word
    past: bool = False  # "sore from the weekend hike": a cause, not an upcoming event
    reason: bool = False  # "야근이라 25분만": why a session is short, not a day off
    change: str | None = None  # event_change key: "move", "extend", "shorten"
    said: tuple[dt.date, ...] = ()  # the dates its words named, before any default length
    replaces: str | None = None  # the stored Tier 3 item this mention changes
    replaces_name: str | None = None  # that item's own name ("Business trip to Berlin")
    busy: bool = False  # home but short of time: its sessions shorten, they are not cleared
    minutes: int | None = None  # the session length said for a busy stretch

    @property
    def dated(self) -> bool:
        return self.start is not None

    @property
    def upcoming(self) -> bool:
        return not (self.cancelled or self.past or self.reason)


def _dates_in(time: TimeFacts, sentence: int | None,
              keep: Callable[[int], bool] = lambda position: True) -> list[dt.date]:
    dates = [d.date for d in time.days if not d.reference and
             (sentence is None or d.sentence == sentence) and keep(d.position)]
    dates += [r.date for r in time.relative if r.offset >= 0 and
              (sentence is None or r.sentence == sentence) and keep(r.position)]
    for named in time.calendar:  # "dal 14 al 18 dicembre": both ends
        if (sentence is None or named.sentence == sentence) and keep(named.position):
            dates += [named.start, named.end]
    return sorted(dates)


def _event_dates(doc: Document, time: TimeFacts, hit: Hit) -> list[dt.date]:
    """The dates of an event: those after the comma that opens its part of the sentence ("my
    knee hurts today, and I'm away next week from Monday to Friday" is a trip from next
    Monday, not from today), else its sentence's, else the message's."""
    sentence = doc.sentence(hit.start)
    opening = max((i for i in range(hit.start) if doc.tokens[i].text == ","
                   and doc.sentence(i) == sentence), default=-1)
    return (_dates_in(time, sentence, lambda position: position > opening)
            or _dates_in(time, sentence) or _dates_in(time, None))


def _dated_positions(time: TimeFacts, sentence: int) -> list[tuple[int, dt.date]]:
    found = [(d.position, d.date) for d in time.days if not d.reference and
             d.sentence == sentence]
    found += [(r.position, r.date) for r in time.relative if r.offset >= 0 and
              r.sentence == sentence]
    found += [(c.position, c.end) for c in time.calendar if c.sentence == sentence]
    return sorted(found)


def _two_legs(doc: Document, time: TimeFacts, hit: Hit) -> tuple[dt.date, dt.date] | None:
    """"I fly out Thursday and come back Monday": the day before the return word is the
    start, the day after it the end (a week on when it would fall before the start). In
    Korean the verb comes last ("목요일에 출발해서 월요일에 돌아와요"): the last day before
    the return word is the end."""
    sentence = doc.sentence(hit.start)
    back = next((b for b in doc.best("trip_return") if doc.sentence(b.start) == sentence),
                None)
    if back is None:
        return None
    dated = _dated_positions(time, sentence)
    out = [date for position, date in dated if position < back.start]
    home = [date for position, date in dated if position >= back.end]
    if not home and len(out) >= 2:
        out, home = out[:1], out[-1:]
    if not out or not home:
        return None
    start, end = out[0], home[0]
    while end < start:
        end += dt.timedelta(days=7)
    return start, end


def _length(doc: Document, hit_sentence: int) -> int | None:
    for marker in doc.best("event_length"):
        if doc.sentence(marker.start) != hit_sentence:
            continue
        number = doc.number_at(marker.end)
        unit = doc.hit_at(number[1], "time_unit") if number else None
        if number and unit is not None and unit.key in ("day", "week"):
            days = int(number[0]) * (7 if unit.key == "week" else 1)
            if 1 <= days <= MAX_EVENT_DAYS:
                return days
    return None


def _name(doc: Document, hit: Hit) -> str:
    sports = [s for s in doc.best("sport") if doc.sentence(s.start) == doc.sentence(hit.start)
              and abs(s.start - hit.start) <= 4]
    kind = hit.key.replace("_", " ")
    return f"{sports[0].key.replace('_', ' ')} {kind}" if sports else kind


CAUSE_WINDOW = 3


def _is_past(doc: Document, hit: Hit, time: TimeFacts) -> bool:
    """An event told as what happened: named as a cause ("from the hike", "dall'escursione",
    "מהטיול", "등산 갔다 와서") in a sentence with a complaint or a past day, or dated
    by a past day ("yesterday's race", "last weekend") with no day ahead in its sentence."""
    sentence, clause = doc.sentence(hit.start), doc.clause(hit.start)
    past_day = any(r.sentence == sentence and r.offset < 0 for r in time.relative) or any(
        doc.sentence(h.start) == sentence for h in doc.best("past_ref"))
    ahead = any(r.sentence == sentence and r.offset > 0 for r in time.relative) or any(
        d.sentence == sentence and not d.reference for d in time.days)
    complaint = any(doc.sentence(h.start) == sentence for h in doc.best("condition_word"))
    cause = any(
        doc.clause(c.start) == clause and (
            (c.key == "before" and 0 <= hit.start - c.end <= CAUSE_WINDOW)
            or (c.key == "after" and 0 <= c.start - hit.end <= CAUSE_WINDOW))
        for c in doc.best("event_cause"))
    token = doc.tokens[hit.start]
    if token.script == "hebrew" and token.text[0] == "מ" and token.text[1:] in token.keys:
        cause = True  # "מהטיול": from the trip
    return (cause and (complaint or past_day)) or (past_day and not ahead)


def _session_length_sentences(doc: Document) -> set[int]:
    """Sentences that give a session length ("25 minutes", "25분", "half an hour")."""
    found = {doc.sentence(h.start) for h in doc.best("duration_phrase")}
    for index in range(len(doc.tokens)):
        number = doc.number_at(index)
        unit = doc.hit_at(number[1], "time_unit") if number else None
        if unit is not None and unit.key in ("minute", "hour"):
            found.add(doc.sentence(index))
    return found


def _change(doc: Document, hit: Hit) -> str | None:
    sentence = doc.sentence(hit.start)
    return next((c.key for c in doc.best("event_change") if doc.sentence(c.start) == sentence),
                None)


class StoredEvent(NamedTuple):
    """An active Tier 3 item as a retelling is read against it."""

    memory_id: str
    start: dt.date
    end: dt.date
    kinds: str  # the event words its text names, joined by spaces
    travel: bool
    name: str  # its own name ("Business trip to Berlin")


def _same_stretch(event: EventMention, item: StoredEvent) -> bool:
    """A retelling with no change word ("actually I'm only away Wednesday and Thursday"):
    the same kind of event (or a trip told of a stored trip) over days that overlap."""
    if event.start is None or event.end is None:
        return False
    same_kind = event.kind in item.kinds.split() or (event.travel and item.travel)
    return same_kind and event.start <= item.end and item.start <= event.end


def rebase_changed(events: tuple[EventMention, ...], stored: list[StoredEvent],
                   today: dt.date) -> tuple[EventMention, ...]:
    """Changed events read against the stored items they change; an event told again over
    days that overlap a stored one of its kind is that item, now with the days said."""
    rebased: list[EventMention] = []
    for event in events:
        if event.change is None:
            retold = next((item for item in stored if _same_stretch(event, item)), None)
            if retold is not None:
                event = event.model_copy(update={"replaces": retold.memory_id,
                                                 "replaces_name": retold.name or None})
            rebased.append(event)
            continue
        match = next((item for item in stored if event.kind in item.kinds.split()
                      or (event.travel and item.travel)), None)
        if match is None or not event.said:
            rebased.append(event)
            continue
        memory_id, old_start, old_end = match.memory_id, match.start, match.end
        said = sorted(event.said)
        if event.change in ("extend", "shorten") and len(said) == 1:
            start, end = old_start, said[0]  # "extended till Sunday": same start, new end
        elif len(said) >= 2:
            start, end = said[0], said[-1]
            if event.change == "shorten":  # "now only Wednesday": within the old days
                start = max(start, old_start)
        else:  # "pushed to next week", "moved to Thursday": same length, new start
            start = said[0]
            end = start + (old_end - old_start)
        start = max(start, today)
        rebased.append(event.model_copy(update={
            "start": start, "end": max(start, end), "replaces": memory_id,
            "replaces_name": match.name or None}))
    return tuple(rebased)


def parse_events(doc: Document, time: TimeFacts, protect: tuple[BodyPart, ...],
                 today: dt.date) -> tuple[EventMention, ...]:
    events: list[EventMention] = []
    section = LEXICON.section("event_kind")
    seen_sentences: set[int] = set()
    # Per clause: "the trip is off, but I've got a tournament instead" cancels only the trip.
    cancel_clauses = {doc.clause(h.start) for h in doc.best("event_cancel")}
    short_sentences = _session_length_sentences(doc) if time.minutes is not None else set()
    travel_sentences = {doc.sentence(h.start) for h in doc.best("event_kind")
                        if section[h.key].get("travel")}
    # "Someone's camping on the squat rack": the words of a busy rack are no camping trip.
    # Only a busy cue said of gear counts ("busy at work" is a work crunch, an event).
    gear_clauses = {doc.clause(h.start) for h in doc.best("gear_item")}
    busy_tokens = {i for h in doc.best("busy_cue") if doc.clause(h.start) in gear_clauses
                   for i in range(h.start, h.end)}
    for hit in doc.best("event_kind"):
        if busy_tokens.intersection(range(hit.start, hit.end)):
            continue
        sentence = doc.sentence(hit.start)
        if sentence in seen_sentences:
            continue  # one event per sentence: "a golf tournament, a 36-hole match" is one
        if section[hit.key].get("busy") and sentence in travel_sentences:
            continue  # "flying home because my parents are coming": the trip is the event
        past = _is_past(doc, hit, time)
        cancelled = doc.clause(hit.start) in cancel_clauses
        if not (past or cancelled):  # a cause or a call-off leaves room for the event ahead
            seen_sentences.add(sentence)
        meta = section[hit.key]
        dates = _event_dates(doc, time, hit)
        start = end = None
        legs = _two_legs(doc, time, hit) if meta.get("travel") else None
        if legs is not None:
            dates = list(legs)
            start, end = legs
        elif dates:
            start, end = dates[0], dates[-1]
            if meta.get("travel") and time.span is not None and len(set(dates)) == 1 \
                    and time.span[0] < start <= time.span[1]:
                # "flying to Lisbon next week, back on the 27th": from the week's start.
                start = time.span[0]
        elif time.span is not None:
            start, end = time.span
        # What a change is read from: the days named, or a week's first day (a trip moved to
        # "next week" keeps its length rather than taking the whole week).
        said = tuple(sorted({dates[0], dates[-1]})) if dates else (
            (time.span[0],) if time.span is not None else ())
        length = _length(doc, sentence)
        if start is not None and length:
            end = start + dt.timedelta(days=length - 1)
        elif start is not None and end == start and meta.get("days") and time.span is None \
                and len(set(dates)) == 1 and meta.get("travel"):
            end = start + dt.timedelta(days=int(meta["days"]) - 1)
        if start is not None and start < today:
            start = today
        if end is not None and start is not None and end < start:
            end = start
        events.append(EventMention(
            kind=hit.key,
            name=_name(doc, hit),
            start=start,
            end=end,
            travel=bool(meta.get("travel")),
            protect=protect,
            cancelled=cancelled,
            past=past,
            reason=sentence in short_sentences and not past and not cancelled
            and (start is None or start == end),
            position=hit.start,
            change=_change(doc, hit),
            said=said,
            busy=bool(meta.get("busy")),
            minutes=time.minutes if meta.get("busy") else None,
        ))
    return tuple(events)
