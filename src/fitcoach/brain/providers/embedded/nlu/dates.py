"""Calendar dates: days of the month, month names, ranges, and "in two weeks" (DESIGN D9).

Written by hand rather than with `dateparser`: measured on this machine (docs/evals.md) it
costs ~1.2 s to import and ~9 ms a message over four languages, knows no Korean or Hebrew
weekday letters, and reads "dal 14 al 18 dicembre" as the 18th alone.

Forms read, in the five languages:
- a day and a month either way round ("14 dicembre", "December 14th", "el 14 de diciembre",
  "14 בדצמבר", "12월 14일");
- a range of days in one month, or across two ("dal 14 al 18 dicembre", "from the 14th to
  the 18th", "del 14 al 18 de diciembre", "מה-14 עד ה-18 בדצמבר", "12월 14일부터 18일까지");
- a bare day of the month after a cue ("on the 20th", "el día 20", "il giorno 20", "20일에"):
  this month if it is still ahead, else next month;
- an offset ("in two weeks", "tra tre giorni", "בעוד שבועיים", "2주 후"): that many days on.
A date without a year is the next one on or after today. A date is `past` when the message
says so (cue words of the past are not needed: a date before today in this month is read as
next month's, which is what someone planning means).
"""

from __future__ import annotations

import calendar
import datetime as dt

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.lexicon import LEXICON

ORDINAL_SUFFIXES = frozenset({"st", "nd", "rd", "th", "o", "a"})
KOREAN_MONTH = "월"
KOREAN_DAY = "일"
KOREAN_DATE_PARTICLES = frozenset({"에", "부터", "까지", "날", "에는", "엔", "에서"})
HEBREW_OF_MONTH = "לחודש"  # "ב-20 לחודש": on the 20th of the month
TWO_WEEKS_HE = "שבועיים"
MAX_OFFSET_DAYS = 120
FORTNIGHT_WORDS = frozenset({"quince", "quindici"})
SENTENCE_END = frozenset({".", "!", "?", ",", ";", ")"})


class CalendarDates(BaseModel):
    """One date or a range, where it was said."""

    model_config = ConfigDict(frozen=True)

    start: dt.date
    end: dt.date
    position: int
    sentence: int
    tokens: tuple[int, ...] = ()  # every token the date was read from


def _day_number(doc: Document, index: int) -> tuple[int, int] | None:
    """A day of the month written at `index` (1-31, digits), and the index after it and any
    ordinal suffix ("20th", "20º")."""
    if not 0 <= index < len(doc.tokens):
        return None
    ordinal = doc.hit_at(index, "day_ordinal")
    if ordinal is not None:  # "the twentieth", "el primero"
        return int(LEXICON.section("day_ordinal")[ordinal.key]["value"]), ordinal.end
    if not doc.tokens[index].is_number:
        return None
    text = doc.tokens[index].text
    if not text.isdecimal() or not 1 <= int(text) <= 31:
        return None
    end = index + 1
    if end < len(doc.tokens) and doc.tokens[end].text in ORDINAL_SUFFIXES:
        end += 1
    return int(text), end


def _month_at(doc: Document, index: int) -> tuple[int, int] | None:
    """A month at `index`: a month word (skipping "of/de/di"), or Korean "12월"."""
    for skip in (0, 1):
        at = index + skip
        if skip and (at - 1 >= len(doc.tokens) or doc.tokens[at - 1].text not in (
                "of", "de", "di", "del")):
            break
        hit = doc.hit_at(at, "month")
        if hit is not None:
            return int(LEXICON.section("month")[hit.key]["index"]), hit.end
    if index + 1 < len(doc.tokens) and doc.tokens[index].is_number \
            and doc.tokens[index + 1].text == KOREAN_MONTH:
        value = int(doc.tokens[index].text) if doc.tokens[index].text.isdecimal() else 0
        if 1 <= value <= 12:
            return value, index + 2
    return None


def _month_before(doc: Document, index: int) -> tuple[int, int] | None:
    """A month word right before a day ("December 14", "בדצמבר 14" is rare but "12월 14일")."""
    for start in range(max(0, index - 2), index):
        found = _month_at(doc, start)
        if found is not None and found[1] == index:
            return found[0], start
    return None


def _on_or_after(today: dt.date, month: int, day: int) -> dt.date | None:
    for year in (today.year, today.year + 1):
        if day <= calendar.monthrange(year, month)[1]:
            date = dt.date(year, month, day)
            if date >= today:
                return date
    return None


def _this_or_next_month(today: dt.date, day: int) -> dt.date | None:
    year, month = today.year, today.month
    for _ in range(2):
        if day <= calendar.monthrange(year, month)[1] and dt.date(year, month, day) >= today:
            return dt.date(year, month, day)
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return None


def _range_word_between(doc: Document, start: int, end: int) -> bool:
    if start == end:
        return True  # "14-18": the tokenizer drops the hyphen
    hit = doc.hit_at(start, "date_range")
    return hit is not None and hit.end == end


def _korean_day(doc: Document, index: int) -> tuple[int, int] | None:
    """"14일" (a day of the month) — not "3일 동안" (three days)."""
    number = _day_number(doc, index)
    if number is None or number[1] >= len(doc.tokens) or doc.tokens[number[1]].text != KOREAN_DAY:
        return None
    return number[0], number[1] + 1


def _read_at(doc: Document, index: int, today: dt.date) -> CalendarDates | None:
    korean = _korean_day(doc, index)
    first = _day_number(doc, index) if korean is None else korean
    if first is None:
        return None
    day, after = first
    month_before = _month_before(doc, index)
    # A second day right after a range word: "14 al 18", "14th to the 18th", "14일부터 18일".
    second: tuple[int, int] | None = None
    for gap in range(0, 3):
        candidate = _korean_day(doc, after + gap) if korean else _day_number(doc, after + gap)
        if candidate is not None and _range_word_between(doc, after, after + gap):
            second = candidate
            break
    end_day, end_after = second if second else (day, after)
    month_after = _month_at(doc, end_after)
    month_of_first = _month_at(doc, after) if second else None
    if month_before is not None:
        month, begin = month_before
    elif month_after is not None:
        month, begin = month_after[0], index
    elif _cued(doc, index) or (second is not None and _range_cued(doc, index)):
        month, begin = 0, index  # a bare day of the month
    else:
        return None
    if month:
        start = _on_or_after(today, month_of_first[0] if month_of_first else month, day)
        end = _on_or_after(start or today, month, end_day) if start else None
    else:
        start = _this_or_next_month(today, day)
        end = _this_or_next_month(start or today, end_day) if start else None
    if start is None or end is None or end < start:
        return None
    last = month_after[1] if month_after else end_after
    return CalendarDates(start=start, end=end, position=begin, sentence=doc.sentence(index),
                         tokens=tuple(range(begin, last)))


def _cued(doc: Document, index: int) -> bool:
    """A bare day of the month needs a cue: "the 20th" (a suffix), "el día 20", "ב-20 לחודש",
    "20일에"."""
    ordinal = doc.hit_at(index, "day_ordinal")
    if ordinal is not None:
        # "half marathon on the twentieth!": after "on the", closing its sentence.
        after = doc.tokens[ordinal.end].text if ordinal.end < len(doc.tokens) else ""
        cue = doc.hit_ending_at(index, "date_cue")
        return cue is not None and cue.end - cue.start >= 2 and (after == ""
                                                                  or after in SENTENCE_END)
    token_after = doc.tokens[index + 1].text if index + 1 < len(doc.tokens) else ""
    if token_after in ("st", "nd", "rd", "th"):
        return True
    if token_after == KOREAN_DAY:
        # "20일에", "14일부터": a day of the month; "3일 동안" is three days.
        following = doc.tokens[index + 2].text if index + 2 < len(doc.tokens) else ""
        return following in KOREAN_DATE_PARTICLES
    if index + 1 < len(doc.tokens) and doc.tokens[index + 1].text == HEBREW_OF_MONTH:
        return True
    cue = doc.hit_ending_at(index, "date_cue")
    if cue is None:
        return False
    # "el 20" and "il 20" also start "el 20%" or "il 20 per cento": a following unit or
    # noun other than a month makes it no date; "el día 20" / "il giorno 20" stand alone, and
    # so does a day that ends its sentence after an event ("ho una gara il 20").
    if cue.lang not in ("es", "it"):
        return False
    ends_sentence = token_after == "" or token_after in SENTENCE_END
    return cue.end - cue.start >= 2 or (ends_sentence and doc.has("event_kind"))


def _range_cued(doc: Document, index: int) -> bool:
    """A bare range needs only a one-word cue before its first day ("מה-22 עד ה-25", "del 3
    al 7", "dal 14 al 18"): two days of the month joined by "to" are dates, where a lone "el
    20" could be a percentage."""
    return doc.hit_ending_at(index, "date_cue") is not None


def _offsets(doc: Document, today: dt.date) -> list[CalendarDates]:
    found: list[CalendarDates] = []
    for index, token in enumerate(doc.tokens):
        if token.script == "hebrew" and TWO_WEEKS_HE in token.keys:
            cue = doc.hit_ending_at(index, "in_offset")
            if cue is not None:
                date = today + dt.timedelta(days=14)
                found.append(CalendarDates(start=date, end=date, position=cue.start,
                                           sentence=doc.sentence(index),
                                           tokens=tuple(range(cue.start, index + 1))))
            continue
        number = doc.number_at(index)
        if number is None:
            continue
        unit = doc.hit_at(number[1], "time_unit")
        if unit is None or unit.key not in ("day", "week"):
            continue
        before = doc.hit_ending_at(index, "in_offset")
        after = doc.hit_at(unit.end, "in_offset")
        if not ((before and before.key == "in") or (after and after.key == "after")):
            continue
        days = int(number[0]) * (7 if unit.key == "week" else 1)
        if days == 15 and doc.tokens[index].text in FORTNIGHT_WORDS:
            days = 14  # "dentro de quince días", "tra quindici giorni": two weeks
        if not 1 <= days <= MAX_OFFSET_DAYS:
            continue
        date = today + dt.timedelta(days=days)
        begin = before.start if before else index
        finish = after.end if after else unit.end
        found.append(CalendarDates(start=date, end=date, position=begin,
                                   sentence=doc.sentence(index),
                                   tokens=tuple(range(begin, finish))))
    return found


def parse_dates(doc: Document, today: dt.date) -> tuple[CalendarDates, ...]:
    found: list[CalendarDates] = []
    taken: set[int] = set()
    for index in range(len(doc.tokens)):
        if index in taken:
            continue
        dates = _read_at(doc, index, today)
        if dates is not None:
            found.append(dates)
            taken.update(dates.tokens)
    for offset in _offsets(doc, today):
        if taken.isdisjoint(offset.tokens):
            found.append(offset)
    return tuple(sorted(found, key=lambda d: d.position))
