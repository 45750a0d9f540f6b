"""The CSV exports of Strong and Hevy, read into `ImportedWorkout`s.

The layouts, as the apps write them (looked up 2026-12-01 in public parsers of real exports:
mwcaisse/strong-data-viz `StrongExportRow.ts`, mtanzim/vis-strong-go's README sample,
a-mufasa/hevy-tools `strong-csv-migrator`, Jake-Leicht/Hevy-Dashboard-App and
adrianbb05/training_charts `WorkoutData.ts`, multiplex55/Multi_Hevy_Workout_Dashboard):

- Strong, older exports, `;`-separated, one row per set:
  `Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;
  Distance Unit;Seconds;Notes;Workout Notes;Workout Duration`, dates `2019-01-11 12:31:54`.
- Strong, current exports, `,`-separated, without a unit column (the weight is in the app's
  unit, which the caller names): `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,
  Reps,Distance,Seconds,Notes,Workout Notes,RPE`, dates also `2024-08-24 5:30:00 PM`.
  `Set Order` is the set's number, or `W` for a warm-up (`D` drop set, `F` to failure);
  rows whose `Set Order` is `Rest Timer` are rests, not sets.
- Hevy: `title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,
  set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe` (`weight_lbs` and
  `distance_miles` for a pound account), times `26 Jul 2025, 07:06`, `set_type` one of
  `normal`, `warmup`, `failure`, `dropset`.

Times carry no zone in either app: they are read in the user's time zone. Columns are found
by name, so their order and any extra column do not matter.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import math
from collections.abc import Callable, Iterator
from enum import StrEnum
from zoneinfo import ZoneInfo

from fitcoach.analytics.units import kg_to_lbs
from fitcoach.api.imports.rows import ImportedSet, ImportedWorkout, InvalidCsv
from fitcoach.catalog.vocabulary import Unit

MAX_WEIGHT_LBS = 2000.0
MAX_COUNT = 100_000  # reps or seconds a row may claim: beyond is not a set, it is a typo
csv.field_size_limit(1024 * 1024)  # a long note is fine; the body limit bounds the file


class Source(StrEnum):
    STRONG = "strong"
    HEVY = "hevy"


_STRONG_TIMES = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %I:%M:%S %p", "%Y-%m-%d %H:%M",
                 "%Y-%m-%d %I:%M %p", "%Y-%m-%d")
_HEVY_TIMES = ("%d %b %Y, %H:%M", "%d %b %Y, %H:%M:%S", "%d %B %Y, %H:%M")
_STRONG_WARMUP = "W"
_STRONG_WORKING_MARKS = frozenset({"D", "F"})  # drop set, failure: working sets
_STRONG_REST = "rest timer"
_HEVY_WARMUP = "warmup"
_HEVY_TYPES = frozenset({"normal", "warmup", "failure", "dropset"})


class _Rows:
    """The file's records by column name, each with the line it ends on."""

    def __init__(self, text: str, required: tuple[str, ...],
                 optional: tuple[str, ...] = ()) -> None:
        end = text.find("\n")
        first = text if end < 0 else text[:end]  # the header, without copying the rest
        delimiter = ";" if first.count(";") > first.count(",") else ","
        self.decimal_comma = delimiter == ";"  # European Strong exports write 22,5
        self.reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        try:
            header = next(self.reader)
        except StopIteration:
            raise InvalidCsv("the file is empty") from None
        except csv.Error as error:
            raise InvalidCsv(f"line 1: {error}") from None
        self.columns = {name.strip().lstrip("\ufeff"): i for i, name in enumerate(header)}
        missing = [name for name in required if name not in self.columns]
        if missing:
            raise InvalidCsv(f"line 1: missing column(s) {', '.join(map(repr, missing))}; "
                             f"is this the right source?")
        # Only the columns read are copied out of each record (notes can be long).
        self.read = [(name, self.columns[name]) for name in (*required, *optional)
                     if name in self.columns]

    def __iter__(self) -> Iterator[tuple[int, dict[str, str]]]:
        while True:
            try:
                record = next(self.reader)
            except StopIteration:
                return
            except csv.Error as error:
                raise InvalidCsv(f"line {self.reader.line_num}: {error}") from None
            if not any(cell.strip() for cell in record):
                continue  # a blank line
            if len(record) > len(self.columns):
                raise InvalidCsv(f"line {self.reader.line_num}: {len(record)} fields, the "
                                 f"header has {len(self.columns)}")
            size = len(record)
            yield self.reader.line_num, {
                name: record[i].strip() if i < size else "" for name, i in self.read}

    def number(self, line: int, row: dict[str, str], column: str) -> float:
        """A number cell (empty is 0); NaN, infinity and negatives are refused."""
        text = row.get(column, "")
        if not text:
            return 0.0
        if self.decimal_comma:
            text = text.replace(",", ".")
        try:
            value = float(text)
        except ValueError:
            raise InvalidCsv(f"line {line}: {column} {text!r} is not a number") from None
        if not math.isfinite(value) or value < 0:
            raise InvalidCsv(f"line {line}: {column} {text!r} must be 0 or more")
        return value

    def count(self, line: int, row: dict[str, str], column: str) -> int:
        value = self.number(line, row, column)
        if value != int(value) or value > MAX_COUNT:
            raise InvalidCsv(f"line {line}: {column} {row[column]!r} must be a whole number "
                             f"up to {MAX_COUNT}")
        return int(value)

    def rpe(self, line: int, row: dict[str, str], column: str) -> float | None:
        if not row.get(column, ""):
            return None
        value = self.number(line, row, column)
        if value == 0:
            return None  # some exports write 0 for "not rated"
        if not 1 <= value <= 10:
            raise InvalidCsv(f"line {line}: {column} {row[column]!r} must be within 1-10")
        return value


def _time(line: int, column: str, text: str, formats: tuple[str, ...],
          zone: ZoneInfo) -> dt.datetime:
    cleaned = " ".join(text.replace("\u202f", " ").split())  # iOS puts a thin space before PM
    for layout in formats:
        try:
            naive = dt.datetime.strptime(cleaned, layout)
            break
        except ValueError:
            continue
    else:
        try:
            naive = dt.datetime.fromisoformat(cleaned)
        except ValueError:
            raise InvalidCsv(f"line {line}: {column} {text!r} is not a date and time this "
                             f"export uses") from None
    # To the second, as the workout's idempotency key is: two starts apart by a fraction of
    # a second are one workout, never two with one key (a unique-constraint 500).
    naive = naive.replace(microsecond=0)
    moment = naive if naive.tzinfo else naive.replace(tzinfo=zone)
    try:
        return moment.astimezone(dt.UTC)
    except (OverflowError, ValueError):
        raise InvalidCsv(f"line {line}: {column} {text!r} is out of range") from None


def _pounds(line: int, weight: float, unit: Unit) -> float:
    pounds = weight if unit is Unit.LB else kg_to_lbs(weight)
    if pounds > MAX_WEIGHT_LBS + 1e-6:
        raise InvalidCsv(f"line {line}: weight {weight:g} {unit.value} is over "
                         f"{MAX_WEIGHT_LBS:g} lb")
    return min(pounds, MAX_WEIGHT_LBS)


def _unit_named(line: int, text: str) -> Unit:
    lowered = text.lower()
    if lowered in {"kg", "kgs"}:
        return Unit.KG
    if lowered in {"lb", "lbs"}:
        return Unit.LB
    raise InvalidCsv(f"line {line}: Weight Unit {text!r} is neither kg nor lbs")


class _Times:
    """`_time` once per distinct text: every set row of a workout repeats its times."""

    def __init__(self, formats: tuple[str, ...], zone: ZoneInfo) -> None:
        self.formats = formats
        self.zone = zone
        self.seen: dict[str, dt.datetime] = {}

    def read(self, line: int, column: str, text: str) -> dt.datetime:
        moment = self.seen.get(text)
        if moment is None:
            moment = self.seen[text] = _time(line, column, text, self.formats, self.zone)
        return moment


class _Workouts:
    """Workouts in file order, keyed by their start and title."""

    def __init__(self) -> None:
        self.by_key: dict[tuple[dt.datetime, str], ImportedWorkout] = {}

    def of(self, line: int, started_at: dt.datetime, title: str,
           completed_at: dt.datetime | None = None) -> ImportedWorkout:
        key = (started_at, title)
        workout = self.by_key.get(key)
        if workout is None:
            end = completed_at if completed_at is not None and completed_at >= started_at \
                else started_at
            workout = self.by_key[key] = ImportedWorkout(started_at, end, title, line)
        return workout

    def all(self) -> list[ImportedWorkout]:
        return list(self.by_key.values())


def read_strong(text: str, zone: ZoneInfo, unit: Unit) -> list[ImportedWorkout]:
    """Strong's export; `unit` is the app's unit, for the exports without `Weight Unit`."""
    rows = _Rows(text, ("Date", "Workout Name", "Exercise Name", "Set Order", "Weight", "Reps"),
                 ("Weight Unit", "RPE", "Seconds"))
    workouts = _Workouts()
    times = _Times(_STRONG_TIMES, zone)
    for line, row in rows:
        order = row["Set Order"]
        if order.lower() == _STRONG_REST:
            continue
        warmup = order.upper() == _STRONG_WARMUP
        if not (warmup or order.upper() in _STRONG_WORKING_MARKS or order.isdigit()):
            raise InvalidCsv(f"line {line}: Set Order {order!r} is not a set number, W, D "
                             f"or F")
        name = row["Exercise Name"]
        if not name:
            raise InvalidCsv(f"line {line}: Exercise Name is empty")
        set_unit = _unit_named(line, row["Weight Unit"]) if row.get("Weight Unit") else unit
        record = ImportedSet(
            weight_lbs=_pounds(line, rows.number(line, row, "Weight"), set_unit),
            reps=rows.count(line, row, "Reps"), rpe=rows.rpe(line, row, "RPE"),
            warmup=warmup, seconds=rows.count(line, row, "Seconds"))
        started = times.read(line, "Date", row["Date"])
        workouts.of(line, started, row["Workout Name"]).add(name, record)
    return workouts.all()


def read_hevy(text: str, zone: ZoneInfo) -> list[ImportedWorkout]:
    rows = _Rows(text, ("title", "start_time", "exercise_title", "reps"),
                 ("end_time", "set_type", "weight_kg", "weight_lbs", "rpe", "duration_seconds"))
    if "weight_kg" in rows.columns:
        weight_column, unit = "weight_kg", Unit.KG
    elif "weight_lbs" in rows.columns:
        weight_column, unit = "weight_lbs", Unit.LB
    else:
        raise InvalidCsv("line 1: missing column 'weight_kg' or 'weight_lbs'; is this the "
                         "right source?")
    workouts = _Workouts()
    times = _Times(_HEVY_TIMES, zone)
    for line, row in rows:
        kind = row.get("set_type", "").lower() or "normal"
        if kind not in _HEVY_TYPES:
            raise InvalidCsv(f"line {line}: set_type {row['set_type']!r} is not one of "
                             f"{', '.join(sorted(_HEVY_TYPES))}")
        name = row["exercise_title"]
        if not name:
            raise InvalidCsv(f"line {line}: exercise_title is empty")
        record = ImportedSet(
            weight_lbs=_pounds(line, rows.number(line, row, weight_column), unit),
            reps=rows.count(line, row, "reps"), rpe=rows.rpe(line, row, "rpe"),
            warmup=kind == _HEVY_WARMUP, seconds=rows.count(line, row, "duration_seconds"))
        started = times.read(line, "start_time", row["start_time"])
        ended = times.read(line, "end_time", row["end_time"]) if row.get("end_time") else None
        workouts.of(line, started, row["title"], ended).add(name, record)
    return workouts.all()


READERS: dict[Source, Callable[..., list[ImportedWorkout]]] = {
    Source.STRONG: read_strong, Source.HEVY: lambda text, zone, _unit: read_hevy(text, zone)}


def read_export(source: Source, text: str, zone: ZoneInfo, unit: Unit) -> list[ImportedWorkout]:
    workouts = READERS[source](text, zone, unit)
    if not workouts:
        raise InvalidCsv("the file has a header but no sets")
    return workouts
