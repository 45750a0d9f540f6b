"""The seed's data field assurances and a summary that adds up.

These run on the JSON document, not on the typed model, because a foreign plan (the seed's own
examples, or anything a model emits) may lack the very fields the assurances demand; the check
must report them rather than fail to parse.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping
from typing import Any

from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.validator.violations import Code, Violation, error

DAY_KEYS = (
    "date", "day_of_week", "is_rest_day", "status", "completed_log_id", "completed_at",
    "title", "focus_tag", "duration_minutes", "estimated_volume_lbs", "coach_note",
    "muscle_focus", "suggested_edits", "blocks",
)
EXERCISE_KEYS = ("exercise_id", "name", "target_sets", "target_reps", "rest_seconds")
WEEK_KEYS = ("week_start_date", "theme", "summary", "suggested_edits", "days")
SUMMARY_KEYS = ("total_time_minutes", "total_volume_lbs", "frequency")


def check_day_document(doc: Mapping[str, Any], day: Weekday | None = None,
                       require_scheduled: bool = True) -> Iterator[Violation]:
    where = day.display_name if day else str(doc.get("day_of_week", "the day"))
    missing = [key for key in DAY_KEYS if key not in doc]
    if missing:
        yield error(Code.DATA_ASSURANCE, f"{where} lacks {', '.join(missing)}", day)
    if require_scheduled and "status" in doc and doc["status"] != "scheduled":
        yield error(Code.DATA_ASSURANCE, f"{where} has status {doc['status']!r}, not "
                    "'scheduled'", day)
    for key in ("completed_log_id", "completed_at"):
        if require_scheduled and doc.get(key) is not None:
            yield error(Code.DATA_ASSURANCE, f"{where} must have {key} null", day)
    yield from _rest_day_shape(doc, where, day)
    yield from _date_matches(doc, where, day)
    for block in mappings(doc.get("blocks")):
        for exercise in mappings(block.get("exercises")):
            lacking = [key for key in EXERCISE_KEYS if key not in exercise]
            if lacking:
                slug = exercise.get("exercise_id")
                yield error(Code.DATA_ASSURANCE,
                            f"{where}: exercise {slug or '?'} lacks {', '.join(lacking)}", day,
                            slug if isinstance(slug, str) else None)


def mappings(value: Any) -> list[Mapping[str, Any]]:
    """The mapping items of a JSON list; anything else is left to the schema check."""
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, Mapping)]


def _rest_day_shape(doc: Mapping[str, Any], where: str,
                    day: Weekday | None) -> Iterator[Violation]:
    blocks = doc.get("blocks") or []
    if doc.get("is_rest_day") is True and blocks:
        yield error(Code.DATA_ASSURANCE, f"{where} is a rest day but has blocks", day)
    if doc.get("is_rest_day") is False and not blocks:
        yield error(Code.DATA_ASSURANCE, f"{where} is a training day without blocks", day)


def _date_matches(doc: Mapping[str, Any], where: str,
                  day: Weekday | None) -> Iterator[Violation]:
    try:
        date = dt.date.fromisoformat(str(doc.get("date")))
    except ValueError:
        yield error(Code.DATA_ASSURANCE, f"{where} has no valid date", day)
        return
    actual = WEEKDAYS[date.weekday()]
    if doc.get("day_of_week") != actual.display_name:
        yield error(Code.DATA_ASSURANCE,
                    f"{where}: day_of_week {doc.get('day_of_week')!r} but {date} is a "
                    f"{actual.display_name}", day)
    if day is not None and actual is not day:
        yield error(Code.DATA_ASSURANCE, f"{where} is filed under {day.value} but dated {date}",
                    day)


def check_week_document(doc: Mapping[str, Any],
                        require_scheduled: bool = True) -> Iterator[Violation]:
    missing = [key for key in WEEK_KEYS if key not in doc]
    if missing:
        yield error(Code.DATA_ASSURANCE, f"the week lacks {', '.join(missing)}")
    given_summary = doc.get("summary")
    summary: Mapping[str, Any] = given_summary if isinstance(given_summary, Mapping) else {}
    lacking = [key for key in SUMMARY_KEYS if key not in summary]
    if "summary" in doc and lacking:
        yield error(Code.DATA_ASSURANCE, f"the summary lacks {', '.join(lacking)}")
    given_days = doc.get("days")
    days: Mapping[str, Any] = given_days if isinstance(given_days, Mapping) else {}
    absent = [day.value for day in WEEKDAYS if day.value not in days]
    if absent:
        yield error(Code.DATA_ASSURANCE, f"the week lacks {', '.join(absent)}: all seven days "
                    "must be present")
    stray = [key for key in days if key not in {d.value for d in WEEKDAYS}]
    if stray:
        yield error(Code.DATA_ASSURANCE, f"the week has unknown days {', '.join(map(str, stray))}")
    start = _parse_date(doc.get("week_start_date"))
    if start is not None and start.weekday() != 0:
        yield error(Code.DATA_ASSURANCE, f"week_start_date {start} is not a Monday")
    for weekday in WEEKDAYS:
        day_doc = days.get(weekday.value)
        if not isinstance(day_doc, Mapping):
            continue
        yield from check_day_document(day_doc, weekday, require_scheduled)
        if start is not None and _parse_date(day_doc.get("date")) not in (
            None, start + dt.timedelta(days=weekday.index)
        ):
            yield error(Code.DATA_ASSURANCE,
                        f"{weekday.display_name} is not dated within the week of {start}",
                        weekday)


def _parse_date(value: Any) -> dt.date | None:
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        return None


def check_summary(plan: WeeklyPlan) -> Iterator[Violation]:
    """The week's summary must be the sum of its days."""
    training = [day for day in plan.days.values() if day.is_training_day]
    expected = {
        "frequency": len(training),
        "total_time_minutes": sum(day.duration_minutes for day in plan.days.values()),
        "total_volume_lbs": sum(day.estimated_volume_lbs for day in plan.days.values()),
    }
    for key, value in expected.items():
        actual = getattr(plan.summary, key)
        if actual != value:
            yield error(Code.SUMMARY_MISMATCH, f"summary.{key} is {actual}, the days add up "
                        f"to {value}")
