"""`analyze`: one message → every fact the router and the composer need, in one frozen model.

Pure: no I/O (lexicons were loaded at import), no clock (`today` is given), no randomness. The
analysers run in dependency order on one prepared `Document`: quantities and exercises first
(gear needs loads and exercise spans), time (needs the "move" verbs), gear, body (needs time and
exercises), goals (needs body and time), events (needs body's protect list and time), then
tone, cues and requests.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.ports import ActiveTab, Locale
from fitcoach.brain.providers.embedded.nlu.body import BodyFacts, ExerciseSpan, parse_body
from fitcoach.brain.providers.embedded.nlu.cues import CueFacts, parse_cues
from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.events import EventMention, parse_events
from fitcoach.brain.providers.embedded.nlu.exercises import ExerciseFacts, parse_exercises
from fitcoach.brain.providers.embedded.nlu.gear import GearFacts, parse_gear
from fitcoach.brain.providers.embedded.nlu.goals import GoalFacts, parse_goals
from fitcoach.brain.providers.embedded.nlu.language import LanguageFacts, detect_language
from fitcoach.brain.providers.embedded.nlu.lexicon import Hit
from fitcoach.brain.providers.embedded.nlu.quantities import QuantityFacts, parse_quantities
from fitcoach.brain.providers.embedded.nlu.requests import (
    RequestFacts,
    move_positions,
    parse_requests,
)
from fitcoach.brain.providers.embedded.nlu.time import TimeFacts, parse_time
from fitcoach.brain.providers.embedded.nlu.tone import ToneFacts, parse_tone
from fitcoach.catalog.vocabulary import Weekday


class MessageAnalysis(BaseModel):
    """Everything understood about one message, with the route context it was read in."""

    model_config = ConfigDict(frozen=True)

    text: str
    today: dt.date
    locale: Locale
    selected_day: Weekday | None = None
    active_tab: ActiveTab = ActiveTab.COACH
    language: LanguageFacts
    time: TimeFacts
    quantities: QuantityFacts
    gear: GearFacts
    body: BodyFacts
    goals: GoalFacts
    events: tuple[EventMention, ...] = ()  # upcoming ones: what to plan around
    cancelled_events: tuple[EventMention, ...] = ()  # "the trip got cancelled"
    past_events: tuple[EventMention, ...] = ()  # "sore from the weekend hike": causes
    exercises: ExerciseFacts
    tone: ToneFacts
    cues: CueFacts
    requests: RequestFacts
    framing: frozenset[str] = frozenset()  # "hypothetical", "injection", "reported", "past"
    word_count: int = 0

    @property
    def empty(self) -> bool:
        return self.word_count == 0

    @property
    def today_weekday(self) -> Weekday:
        return Weekday(self.today.strftime("%A").lower())


PAST_EVENT_DAY_WINDOW = 4


def _past_event_days(doc: Document, time: TimeFacts,
                     events: tuple[EventMention, ...]) -> TimeFacts:
    """A weekday that dates a past event ("dall'escursione di domenica") says when it
    happened: a reference, never the day to change."""
    past = [e.position for e in events if e.past]
    if not past:
        return time
    days = tuple(
        d.model_copy(update={"reference": True}) if any(
            doc.clause(d.position) == doc.clause(p) and abs(d.position - p)
            <= PAST_EVENT_DAY_WINDOW for p in past) else d
        for d in time.days)
    return time.model_copy(update={"days": days})


CAUSE_WINDOW = 3  # tokens between a cause word and the day it dates


def _cause_days(doc: Document, time: TimeFacts, today: dt.date) -> TimeFacts:
    """A weekday that says what caused a complaint of its sentence ("my chest is wrecked from
    saturday's pushup challenge", "משבת", "토요일 경기 때문에") is a reference: the complaint
    changes the next session that loads the part, never that day."""
    complaint = {doc.clause(h.start) for h in doc.best("condition_word")}
    if not complaint:
        return time
    causes = doc.best("cause_marker")
    # "sore today, and a trip next week from Monday to Friday": the days of a range, or of a
    # week to come, date what is planned, never a cause.
    ahead = {doc.clause(h.start) for h in doc.best("week_ref")
             if h.key in ("next_week", "next_weekend")}
    ranged = _ranged_positions(doc, time)
    days = []
    for day in time.days:
        if not day.reference and doc.clause(day.position) in complaint \
                and doc.clause(day.position) not in ahead and day.position not in ranged \
                and _dates_a_cause(doc, day.position, day.end, causes):
            # It happened: the latest such weekday on or before today.
            date = day.date
            while date > today:
                date -= dt.timedelta(days=7)
            day = day.model_copy(update={"reference": True, "date": date})
        days.append(day)
    return time.model_copy(update={"days": tuple(days)})


def _ranged_positions(doc: Document, time: TimeFacts) -> set[int]:
    """Weekdays at either end of a range ("from Monday to Friday", "de lunes a jueves"): a
    span of days planned, not what caused a complaint."""
    connectors = {h.start for h in doc.best("range_connector")}
    ranged: set[int] = set()
    for first in time.days:
        for second in time.days:
            between = range(first.end, second.position)
            if 0 < second.position - first.end <= 3 and connectors.intersection(between):
                ranged |= {first.position, second.position}
    return ranged


def _dates_a_cause(doc: Document, start: int, end: int, causes: list[Hit]) -> bool:
    token = doc.tokens[start]
    if token.script == "hebrew" and token.text.startswith("מ") and len(token.keys) > 1:
        return True  # "משבת": from Saturday
    after = doc.tokens[end].text if end < len(doc.tokens) else ""
    if after == "s" and doc.hit_at(end + 1, "session_word") is None:
        return True  # "saturday's pushup challenge" (but "saturday's session" is the day)
    for cue in causes:
        if doc.clause(cue.start) != doc.clause(start):
            continue
        if cue.lang == "ko":
            if 0 <= cue.start - end <= CAUSE_WINDOW + 2:
                return True  # "토요일 경기 때문에": the cause word follows
        elif 0 <= start - cue.end <= CAUSE_WINDOW and doc.hit_at(start - 1, "session_word") \
                is None:
            return True
    return False


def _day_taken_out(requests: RequestFacts, time: TimeFacts, exercises: ExerciseFacts,
                   body: BodyFacts, events: Sequence[EventMention]) -> RequestFacts:
    """"화요일을 빼 주세요", "take Tuesday out", "togli il martedì": one weekday removed with
    nothing of it named (no exercise, muscle or part) is that day off this week. (Said to last,
    "from my week", it leaves the schedule instead: the router reads that.)"""
    if not requests.remove_exercise or requests.rest_day or requests.lasting \
            or requests.add_exercise or requests.move_days or len(time.weekdays) != 1 \
            or time.moves or time.exchanges or time.minutes or time.days_per_week \
            or exercises.mentions or exercises.families or body.mentions or body.acute \
            or events:
        return requests
    return requests.model_copy(update={"rest_day": True})


def analyze(text: str, *, today: dt.date, locale: Locale, selected_day: Weekday | None = None,
            active_tab: ActiveTab = ActiveTab.COACH) -> MessageAnalysis:
    doc = Document.of(text)
    quantities = parse_quantities(doc)
    exercises = parse_exercises(doc)
    named = ({i for s in exercises.mentions for i in range(s.start, s.end)}
             | {i for s in exercises.families for i in range(s.start, s.end)})
    time = parse_time(doc, today, move_positions(doc), named)
    spans = tuple(ExerciseSpan(slug=m.slug, start=m.start, end=m.end, family=m.family)
                  for m in exercises.mentions)
    gear = parse_gear(doc, quantities.loads, {i for s in spans for i in range(s.start, s.end)},
                      named)
    event_present = doc.has("event_kind")
    body = parse_body(doc, time, spans, event_present)
    # A body part kept out ("sin hombros el jueves") is no day focus or priority.
    goals = parse_goals(doc, time, tuple(m for m in body.mentions
                                         if m.position not in body.avoid.positions))
    events = parse_events(doc, time, body.protect, today)
    time = _cause_days(doc, _past_event_days(doc, time, events), today)
    return MessageAnalysis(
        text=text,
        today=today,
        locale=locale,
        selected_day=selected_day,
        active_tab=active_tab,
        language=detect_language(doc, locale, {i for s in spans for i in range(s.start, s.end)}),
        time=time,
        quantities=quantities,
        gear=gear,
        body=body,
        goals=goals,
        events=tuple(e for e in events if e.upcoming),
        cancelled_events=tuple(e for e in events if e.cancelled),
        past_events=tuple(e for e in events if e.past and not e.cancelled),
        exercises=exercises,
        tone=parse_tone(doc),
        cues=parse_cues(doc, named),
        requests=_day_taken_out(parse_requests(doc, named), time, exercises, body, events),
        framing=doc.framing.kinds,
        word_count=sum(1 for t in doc.tokens if t.is_word or t.is_number),
    )
