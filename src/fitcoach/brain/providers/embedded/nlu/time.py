"""Days, dates, durations and weekly frequencies, resolved against the `today` it is given.

Resolution rules (weeks start on Monday, DESIGN D4):
- a bare weekday or "this X" is the next X on or after today ("Saturday" on a Saturday = today);
- "el próximo X" / "X prossimo" / "X הבא" (the coming one) is the next X strictly after today;
- "next X" / "다음 주 X" / "X of next week" is X in the following calendar week;
- a weekday used as a reference to the past ("since Monday", "after Monday's session",
  "last Monday") is the latest X on or before today, and is flagged `reference`: it names when
  something happened, never the day to change;
- "this week" / "next week" are Monday-Sunday spans; "the weekend" is the coming Saturday and
  Sunday (the current one when today is on it).
Short or ambiguous day forms ("sat", "mar", "שני", "월") count only inside a list or range of
days or right after a day cue ("on sat", "בשני"), so "I sat down" names no day.

One session moved or two swapped: a sentence naming exactly two days (and no exercise) is a
move when it says so ("move Thursday's workout to Wednesday", "el jueves no puedo, ¿lo
pasamos al miércoles?", "목요일 운동을 수요일로 옮겨"), when one day stands in for the other
("train on Wednesday instead of Thursday", "금요일 대신 토요일에") or with a bare "instead"
("Friday's workout on Saturday instead"); the new day is the one marked "to" ("to", "al",
"ל", "-로"), else the one not marked "from", else the second. With a swap verb and no "to"
("swap Thursday and Saturday", "תחליף בין שני לשלישי") the two days trade sessions.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.dates import CalendarDates, parse_dates
from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.lexicon import LEXICON, Hit
from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.timekeeping import week_start

DayModifier = Literal["this", "upcoming", "next_week", "past"]
WeekRef = Literal["this_week", "next_week", "weekend", "next_weekend"]

_ARTICLES = frozenset({"the", "el", "la", "los", "las", "il", "lo", "i", "le", "ה", "on", "a"})
_SEPARATOR_PUNCT = frozenset({",", "/", "&", "+", "-"})
_HEBREW_DAY_PREFIXES = "בומל"
MAX_SESSION_MINUTES = 300


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True)


class DayMention(_Model):
    weekday: Weekday
    date: dt.date
    reference: bool = False  # names when something happened, not a day to plan
    modifier: DayModifier | None = None
    position: int  # token index, so other analysers can tell which clause a day sits in
    end: int = 0  # the token after the day's words
    sentence: int


class RelativeDay(_Model):
    offset: int  # days from today: 0 today, 1 tomorrow, -1 yesterday
    date: dt.date
    position: int
    sentence: int


class TimeFacts(_Model):
    """Everything about time in one message."""

    days: tuple[DayMention, ...] = ()
    relative: tuple[RelativeDay, ...] = ()
    week: WeekRef | None = None
    span: tuple[dt.date, dt.date] | None = None  # the week or weekend named, first to last day
    moves: tuple[tuple[Weekday, Weekday], ...] = ()  # "move Monday to Thursday": (old, new)
    exchanges: tuple[tuple[Weekday, Weekday], ...] = ()  # "swap Thursday and Saturday"
    durations: tuple[int, ...] = ()  # minutes, in text order, the old values excluded
    minutes: int | None = None  # the session length asked for
    previous_minutes: int | None = None  # "instead of 45"
    days_per_week: int | None = None
    counts: tuple[int, ...] = ()  # every "N days" / "N times" seen
    calendar: tuple[CalendarDates, ...] = ()  # "dal 14 al 18 dicembre", "on the 20th"
    only_days: bool = False  # "only Saturday and Sunday", "주말에만": the days are the whole set

    @property
    def weekdays(self) -> tuple[Weekday, ...]:
        """Days named as targets (references excluded), in order, without repeats."""
        seen: list[Weekday] = []
        for mention in self.days:
            if not mention.reference and mention.weekday not in seen:
                seen.append(mention.weekday)
        return tuple(seen)

    @property
    def dates(self) -> tuple[dt.date, ...]:
        return tuple(m.date for m in self.days if not m.reference)

    @property
    def mentions_today(self) -> bool:
        return any(r.offset == 0 for r in self.relative)


@dataclass
class _RawDay:
    weekday: Weekday
    hit: Hit
    strong: bool
    accepted: bool = False


def _weekday(hit: Hit) -> Weekday:
    return WEEKDAYS[int(LEXICON.section(hit.section)[hit.key]["index"])]


def _only_connectors(doc: Document, start: int, end: int) -> tuple[bool, bool]:
    """Whether tokens[start:end] are only list/range separators, and whether one is a range."""
    index = start
    ranged = doc.normalized[doc.tokens[start - 1].end : doc.tokens[end].start].count("-") > 0 \
        if 0 < start <= end < len(doc.tokens) else False
    while index < end:
        hit = doc.hit_at(index, "list_connector", "range_connector")
        if hit is None:
            if doc.tokens[index].text in _SEPARATOR_PUNCT:
                index += 1
                continue
            return False, False
        ranged = ranged or (hit.section == "range_connector" and hit.key == "to")
        index = hit.end
    return True, ranged


def _has_cue_before(doc: Document, hit: Hit) -> bool:
    token = doc.tokens[hit.start]
    if token.script == "hebrew" and token.text[0] in _HEBREW_DAY_PREFIXES and len(token.keys) > 1:
        return True
    return doc.hit_ending_at(hit.start, "weekday_cue", "day_modifier") is not None


def _modifier(doc: Document, hit: Hit) -> DayModifier | None:
    before = hit.start
    if before > 0 and doc.tokens[before - 1].text in _ARTICLES:
        before -= 1
    found = doc.hit_ending_at(before, "day_modifier") \
        or doc.hit_ending_at(hit.start, "day_modifier")
    after = doc.hit_at(hit.end, "day_modifier")
    if after is None and hit.end < len(doc.tokens) and doc.tokens[hit.end].text in _ARTICLES:
        after = doc.hit_at(hit.end + 1, "day_modifier")
    if found is None and after is not None and after.key != "past":
        found = after
    if found is None:
        # "since Monday", "after Monday's session", "dopo la sessione di lunedì"
        for index in range(max(0, hit.start - 4), hit.start):
            near = doc.hit_at(index, "day_modifier")
            if near and near.key == "past" and doc.clause(index) == doc.clause(hit.start):
                return "past"
        if after is not None and after.key == "past":
            return "past"
        return None
    return found.key  # type: ignore[return-value]


def _resolve(weekday: Weekday, modifier: DayModifier | None, today: dt.date,
             week: WeekRef | None) -> dt.date:
    delta = (weekday.index - today.weekday()) % 7
    if modifier == "past":
        return today - dt.timedelta(days=(today.weekday() - weekday.index) % 7)
    if modifier == "next_week" or (modifier is None and week == "next_week"):
        monday = week_start(today) + dt.timedelta(days=7)
        return monday + dt.timedelta(days=weekday.index)
    if modifier == "upcoming" and delta == 0:
        delta = 7
    return today + dt.timedelta(days=delta)


Move = tuple[Weekday, Weekday]


def _day_mentions(doc: Document, today: dt.date, week: WeekRef | None,
                  move_positions: set[int]) -> tuple[list[DayMention], list[tuple[Move, int]]]:
    raw = [
        _RawDay(_weekday(hit), hit, hit.section == "weekday")
        for hit in doc.best("weekday", "weekday_short")
    ]
    # Chain neighbours separated only by list/range words; expand ranges.
    chains: list[list[tuple[_RawDay, bool]]] = []
    for index, day in enumerate(raw):
        if index and doc.sentence(raw[index - 1].hit.start) == doc.sentence(day.hit.start):
            linked, ranged = _only_connectors(doc, raw[index - 1].hit.end, day.hit.start)
            if linked:
                chains[-1].append((day, ranged))
                continue
        chains.append([(day, False)])
    mentions: list[DayMention] = []
    moves: list[tuple[Move, int]] = []
    for chain in chains:
        days = [d for d, _ in chain]
        strong = any(d.strong for d in days) or len(days) >= 2 or _has_cue_before(doc, days[0].hit)
        if not strong:
            continue
        first = days[0]
        modifier = _modifier(doc, first.hit)
        is_move = (
            len(days) == 2 and chain[1][1]
            and any(p < first.hit.start and doc.clause(p) == doc.clause(first.hit.start)
                    for p in move_positions)
        )
        if is_move:
            moves.append(((days[0].weekday, days[1].weekday), doc.sentence(first.hit.start)))
        for position, (day, ranged) in enumerate(chain):
            own = _modifier(doc, day.hit) if position else modifier
            mod = own if own is not None else (modifier if modifier == "past" else None)
            if ranged and not is_move and position:
                previous = mentions[-1].weekday
                span = (day.weekday.index - previous.index) % 7
                for step in range(1, span):
                    between = WEEKDAYS[(previous.index + step) % 7]
                    mentions.append(_mention(doc, between, day.hit, mod, today, week))
            mentions.append(_mention(doc, day.weekday, day.hit, mod, today, week))
    return mentions, moves


def _mention(doc: Document, weekday: Weekday, hit: Hit, modifier: DayModifier | None,
             today: dt.date, week: WeekRef | None) -> DayMention:
    clause_week = week if _week_in_sentence(doc, hit) else None
    return DayMention(
        weekday=weekday,
        date=_resolve(weekday, modifier, today, clause_week),
        reference=modifier == "past",
        modifier=modifier,
        position=hit.start,
        end=hit.end,
        sentence=doc.sentence(hit.start),
    )


def _marked(doc: Document, day: DayMention, key: str) -> bool:
    """Whether a move marker (`to` or `from`) belongs to this day: the word before it, the
    Korean particle after it, or the Hebrew letter glued to it ("ליום", "משבת")."""
    before = doc.hit_ending_at(day.position, "move_marker")
    if before is not None and before.key == key and before.lang != "ko":
        return True
    after = doc.hit_at(day.end, "move_marker")
    if after is not None and after.key == key and after.lang == "ko":
        return True
    token = doc.tokens[day.position]
    letter = "ל" if key == "to" else "מ"
    return token.script == "hebrew" and len(token.keys) > 1 and letter in token.text[:2]


def _owns_session(doc: Document, day: DayMention) -> bool:
    """Whether a weekday names its own session: "wednesday's workout", "thursday session",
    "la sesión del miércoles", "lo del jueves", "l'allenamento di giovedì", "האימון של רביעי",
    "수요일 운동을"."""
    tokens = doc.tokens
    after = tokens[day.end].text if day.end < len(tokens) else ""
    if doc.hit_at(day.end, "session_word") is not None:
        return True  # "thursday session", "수요일 운동"
    if after == "s" and doc.hit_at(day.end + 1, "session_word") is not None:
        return True  # "wednesday's workout"
    of = doc.hit_ending_at(day.position, "move_marker", "cause_marker")
    start = of.start if of is not None else day.position
    if tokens[day.position].script == "hebrew" and start == day.position and day.position > 0 \
            and tokens[day.position - 1].text == "של":
        start = day.position - 1
    if start == day.position:
        return False
    # "la sesión del", "l'allenamento di", "lo del", "האימון של": the word before "of"
    return start > 0 and (doc.hit_ending_at(start, "session_word") is not None
                          or doc.hit_ending_at(start, "session_pronoun") is not None)


def _session_moves(doc: Document, days: list[DayMention], skip: set[int],
                   move_positions: set[int], exercise_tokens: Collection[int]
                   ) -> tuple[list[Move], list[Move]]:
    """(moves, exchanges) of single sessions, sentence by sentence (`skip`: sentences whose
    move a range already told)."""
    move_sentences = {doc.sentence(p) for p in move_positions}
    move_sentences |= {doc.sentence(h.start) for h in doc.best("instead_bare")}
    exercise_sentences = {doc.sentence(i) for i in exercise_tokens}
    instead = [h for h in doc.best("swap_cue") if h.key in ("instead_of", "instead_after")]
    exchange = doc.best("exchange_cue")
    by_sentence: dict[int, dict[Weekday, DayMention]] = {}
    for day in sorted(days, key=lambda d: d.position):
        if not day.reference:
            by_sentence.setdefault(day.sentence, {}).setdefault(day.weekday, day)
    moves: list[Move] = []
    exchanges: list[Move] = []
    for sentence, named in by_sentence.items():
        if len(named) != 2 or sentence in skip or sentence in exercise_sentences:
            continue
        first, second = sorted(named.values(), key=lambda d: d.position)
        swap = next((h for h in exchange if doc.sentence(h.start) == sentence), None)
        taken = set(range(swap.start, swap.end)) if swap is not None else set()
        cue = next((h for h in instead if doc.sentence(h.start) == sentence
                    and taken.isdisjoint(range(h.start, h.end))), None)
        if swap is not None and swap.key == "between":
            exchanges.append((first.weekday, second.weekday))
            continue
        if cue is not None and cue.key == "instead_of":
            # "Wednesday instead of Thursday": the day the cue governs is the old one.
            old = second if first.position < cue.start else first
            moves.append((old.weekday, (first if old is second else second).weekday))
            continue
        if cue is not None:  # "목요일 대신 수요일": the old day comes before the cue
            old = first if first.end <= cue.start else second
            moves.append((old.weekday, (first if old is second else second).weekday))
            continue
        to_first, to_second = _marked(doc, first, "to"), _marked(doc, second, "to")
        if swap is not None and not (to_first or to_second):
            exchanges.append((first.weekday, second.weekday))
            continue
        owners = [d for d in (first, second) if _owns_session(doc, d)]
        if len(owners) == 1 and swap is None and any(
                doc.sentence(h.start) == sentence for h in doc.best("session_verb")):
            # "Can I do wednesday's session on saturday?": the day that owns the session is
            # the old one, whichever comes first.
            old = owners[0]
            moves.append((old.weekday, (second if old is first else first).weekday))
            continue
        if sentence not in move_sentences and swap is None:
            continue
        from_second = _marked(doc, second, "from") and not _marked(doc, first, "from")
        if (to_first and not to_second) or from_second:
            moves.append((second.weekday, first.weekday))
        else:
            moves.append((first.weekday, second.weekday))
    return moves, exchanges


def _week_in_sentence(doc: Document, hit: Hit) -> bool:
    return any(doc.sentence(w.start) == doc.sentence(hit.start) for w in doc.best("week_ref"))


def _week_span(ref: WeekRef, today: dt.date) -> tuple[dt.date, dt.date]:
    monday = week_start(today)
    if ref == "this_week":
        return today, monday + dt.timedelta(days=6)
    if ref == "next_week":
        return monday + dt.timedelta(days=7), monday + dt.timedelta(days=13)
    saturday = monday + dt.timedelta(days=5)
    if ref == "next_weekend":
        saturday += dt.timedelta(days=7)
    return max(saturday, today), saturday + dt.timedelta(days=1)


def _previous_mark(doc: Document, start: int, end: int) -> str | None:
    """"strong" for a duration marked as the old one ("instead of 45"), "weak" for one only
    marked as a starting point ("from 45", "da 45": old only if a new one follows)."""
    before = doc.hit_ending_at(start, "previous_marker")
    if before is not None and before.key == "before":
        return "strong"
    for index in (end, end + 1):
        after = doc.hit_at(index, "previous_marker")
        if after is not None and after.key == "after":
            return "strong"
        if after is not None and after.key == "from_after":
            return "weak"
    if before is not None and before.key == "from":
        return "weak"
    return None


SLEEP_WINDOW = 2


def _sleep_tokens(doc: Document) -> set[int]:
    """Tokens near a sleep word in its clause: "I slept 5 hours", "ho dormito solo 4 ore",
    "4시간밖에 못 잤어요" give hours of sleep, not a session length."""
    near: set[int] = set()
    for hit in doc.best("sleep_word"):
        clause = doc.clause(hit.start)
        for index in range(max(0, hit.start - SLEEP_WINDOW - 1),
                           min(len(doc.tokens), hit.end + SLEEP_WINDOW + 1)):
            if doc.clause(index) == clause:
                near.add(index)
    return near


def _durations(doc: Document) -> tuple[list[int], list[int]]:
    """(current, previous) durations in minutes (hours of sleep left out)."""
    current: list[tuple[int, int]] = []
    previous: list[tuple[int, int]] = []
    weak: list[tuple[int, int]] = []  # "from 45", "da 45": the old value if a new one is given
    used: set[int] = set()
    bare_m: set[int] = set()
    asleep = _sleep_tokens(doc)
    units = LEXICON.section("time_unit")
    index = 0
    while index < len(doc.tokens):
        number = doc.number_at(index)
        unit = doc.hit_at(number[1], "time_unit") if number else None
        if number is None or unit is None or unit.key not in ("minute", "hour"):
            index += 1
            continue
        minutes = number[0] * units[unit.key]["minutes"]
        end = unit.end
        if unit.key == "hour":
            half = doc.hit_at(end, "half")
            if half is not None:
                minutes += 30
                end = half.end
            else:
                extra = doc.number_at(end)
                if extra is not None and extra[0] < 60:
                    minutes += extra[0]
                    end = extra[1]
                    minute_unit = doc.hit_at(end, "time_unit")
                    if minute_unit is not None and minute_unit.key == "minute":
                        end = minute_unit.end
        mark = _previous_mark(doc, index, end)
        target = previous if mark == "strong" else weak if mark == "weak" else current
        if unit.key == "hour" and not asleep.isdisjoint(range(index, end)):
            used.update(range(index, end))
            index = end
            continue
        if 0 < minutes <= MAX_SESSION_MINUTES:
            target.append((index, round(minutes)))
            if doc.tokens[unit.start].text == "m" and unit.end == unit.start + 1:
                bare_m.add(index)
        used.update(range(index, end))
        index = end
    # A bare "m" is ambiguous ("45m" sessions, but "28M" is an age and a sex): when the
    # message also gives minutes in words, those are the minutes.
    if any(i not in bare_m for i, _ in current):
        current = [(i, m) for i, m in current if i not in bare_m]
    for hit in doc.best("duration_phrase"):
        if used.isdisjoint(range(hit.start, hit.end)) \
                and asleep.isdisjoint(range(hit.start, hit.end)):
            minutes = int(LEXICON.section("duration_phrase")[hit.key]["minutes"])
            mark = _previous_mark(doc, hit.start, hit.end)
            target = previous if mark == "strong" else weak if mark == "weak" else current
            target.append((hit.start, minutes))
    if current:
        previous += weak  # "from 45 to 30"
    else:
        current = weak  # "sessioni da 45 minuti": sessions of 45 minutes
    # "30 minutes instead of 45": a bare number right after an "instead of" marker.
    if current:
        for marker in doc.best("previous_marker"):
            if marker.key not in ("before", "from"):
                continue
            number = doc.number_at(marker.end)
            if number and marker.end not in used and 5 <= number[0] <= MAX_SESSION_MINUTES \
                    and doc.hit_at(number[1], "time_unit") is None:
                previous.append((marker.end, int(number[0])))
    return [m for _, m in sorted(current)], [m for _, m in sorted(previous)]


def _near(doc: Document, position: int, sections: tuple[str, ...], before: int, after: int,
          keys: tuple[str, ...] | None = None) -> bool:
    clause = doc.clause(position)
    for index in range(max(0, position - before), min(len(doc.tokens), position + after + 1)):
        hit = doc.hit_at(index, *sections)
        if hit and doc.clause(index) == clause and (keys is None or hit.key in keys):
            return True
    return False


def _spans_time(doc: Document, start: int, end: int) -> bool:
    """"For 3 days", "3 days ago", "3일 동안": a stretch of time, not days a week."""
    before = doc.hit_ending_at(start, "span_marker")
    after = doc.hit_at(end, "span_marker")
    return (before is not None and before.key == "before") or (
        after is not None and after.key == "after")


def _counts(doc: Document, scheduled: bool = False) -> tuple[list[int], int | None]:
    """Every "N days"/"N times", and the one that is days a week: marked as weekly, said
    with a training verb, or (`scheduled`: the message gives the session length, as in
    "4 días, 45 minutos") a bare count of days in a sentence about training and no trip, or
    the count alone as the whole message ("4 días,"), unless it reads as a stretch of time."""
    event_sentences = {doc.sentence(h.start) for h in doc.best("event_kind")}
    train_sentences = {doc.sentence(h.start) for h in doc.best("training_verb")}
    counts: list[int] = []
    per_week: int | None = None
    found: list[tuple[int, int, str, int]] = []  # (start, value, unit, end)
    for index in range(len(doc.tokens)):
        number = doc.number_at(index)
        if number is None:
            continue
        if index > 0 and doc.number_at(index - 1) is not None and doc.tokens[index - 1].is_word:
            continue  # inside a multi-word number
        unit_hit = doc.hit_at(number[1], "time_unit")
        if unit_hit is not None and unit_hit.key in ("day", "session"):
            found.append((index, int(number[0]), unit_hit.key, unit_hit.end))
    for hit in doc.best("count_word"):
        meta = LEXICON.section("count_word")[hit.key]
        found.append((hit.start, int(meta["value"]), str(meta["unit"]), hit.end))
    for start, value, unit, end in sorted(found):
        counts.append(value)
        weekly = _near(doc, end, ("per_week",), 0, 3) or _near(doc, start, ("per_week",), 3, 0)
        trained = _near(doc, start, ("training_verb",), 5, 4)
        # "4 días,": the count alone is the whole message, an answer to "how many days?".
        alone = not any(token.is_word for i, token in enumerate(doc.tokens)
                        if not start <= i < end)
        bare = (scheduled or alone or doc.sentence(start) in train_sentences) \
            and doc.sentence(start) not in event_sentences and not _spans_time(doc, start, end)
        if 1 <= value <= 7 and (weekly or (unit == "day" and (trained or bare))):
            per_week = value
    return counts, per_week


def _dates_this_week(calendar: tuple[CalendarDates, ...], days: list[DayMention],
                     today: dt.date) -> list[DayMention]:
    """"I only have 30 minutes on the 17th": a single date in this plan's week, said with no
    weekday of its own, names that weekday."""
    sunday = week_start(today) + dt.timedelta(days=6)
    named = {d.sentence for d in days}
    return [DayMention(weekday=WEEKDAYS[c.start.weekday()], date=c.start, position=c.position,
                       end=c.tokens[-1] + 1 if c.tokens else c.position + 1,
                       sentence=c.sentence)
            for c in calendar
            if c.start == c.end and today <= c.start <= sunday and c.sentence not in named]


def _weekend_only(doc: Document, today: dt.date) -> list[DayMention]:
    """"주말에만", "only on weekends", "solo los fines de semana", "רק בסופי שבוע": the
    weekend's two days, named as the days to train on."""
    days: list[DayMention] = []
    for hit in doc.best("week_ref"):
        if hit.key != "weekend":
            continue
        after = doc.tokens[hit.end].text if hit.end < len(doc.tokens) else ""
        korean_only = doc.tokens[hit.start].script == "hangul" and after.endswith("만")
        only_before = any(o.end in (hit.start, hit.start - 1, hit.start - 2)
                          and doc.clause(o.start) == doc.clause(hit.start)
                          for o in doc.best("only"))
        only_after = any(o.start in (hit.end, hit.end + 1) for o in doc.best("only_after"))
        if not (korean_only or only_before or only_after):
            continue
        saturday, sunday = _week_span("weekend", today)
        for weekday, date in ((Weekday.SATURDAY, saturday), (Weekday.SUNDAY, sunday)):
            days.append(DayMention(weekday=weekday, date=date, position=hit.start,
                                   end=hit.end, sentence=doc.sentence(hit.start)))
    return days


def parse_time(doc: Document, today: dt.date, move_positions: set[int] | None = None,
               exercise_tokens: Collection[int] = ()) -> TimeFacts:
    """Time facts of a prepared message (`move_positions`: tokens of "move" verbs, else the
    lexicon's; `exercise_tokens`: tokens of exercises named, whose sentences move no day)."""
    if move_positions is None:
        move_positions = {h.start for h in doc.best("move_days")}
    week_refs = doc.best("week_ref")
    week: WeekRef | None = week_refs[-1].key if week_refs else None  # type: ignore[assignment]
    calendar = parse_dates(doc, today)
    date_tokens = {i for d in calendar for i in d.tokens}
    days, ranged_moves = _day_mentions(doc, today, week, move_positions)
    days = [d for d in days if d.position not in date_tokens]  # "12월" is no Monday
    weekend_only = _weekend_only(doc, today) if not days else []
    # "Only Saturday and Sunday", "solo lunes y jueves": the days named are the whole set.
    only_days = bool(weekend_only) or (bool(days) and any(
        doc.clause(o.start) == doc.clause(days[0].position) and o.start < days[0].position
        for o in doc.best("only")))
    days = days or weekend_only
    days += _dates_this_week(calendar, days, today)
    single, exchanges = _session_moves(doc, days, {s for _, s in ranged_moves}, move_positions,
                                       exercise_tokens)
    moves = [move for move, _ in ranged_moves] + single
    # "From now on", "d'ora in poi", "מעכשיו", "이제부터" say how long a change lasts, not
    # that it is about today.
    lasting = {i for h in doc.best("lasting_cue") for i in range(h.start, h.end)}
    relative = [
        RelativeDay(
            offset=int(meta_offset),
            date=today + dt.timedelta(days=int(meta_offset)),
            position=hit.start,
            sentence=doc.sentence(hit.start),
        )
        for hit in doc.best("relative_day", "duration_phrase", "time_unit")
        if hit.section == "relative_day" and hit.start not in lasting
        and (meta_offset := LEXICON.section("relative_day")[hit.key]["offset"]) is not None
    ]
    durations, previous = _durations(doc)
    counts, per_week = _counts(doc, scheduled=bool(durations))
    return TimeFacts(
        days=tuple(days),
        relative=tuple(relative),
        week=week,
        span=_week_span(week, today) if week else None,
        moves=tuple(moves),
        exchanges=tuple(exchanges),
        durations=tuple(durations),
        minutes=durations[0] if durations else None,
        previous_minutes=previous[0] if previous else None,
        days_per_week=per_week,
        counts=tuple(counts),
        calendar=calendar,
        only_days=only_days,
    )
