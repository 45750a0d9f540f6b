"""The export: all of a user's data as one JSON document, and their logs as a CSV file in
Strong's layout (which Strong, Hevy and our own import read back)."""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Any
from zoneinfo import ZoneInfo

from fitcoach.analytics.units import display_weight
from fitcoach.api.export.repository import ExportRepository
from fitcoach.brain.ports import UserSettings
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Unit
from fitcoach.store.database import Database

EXPORT_FORMAT = 1

# Strong's older, self-describing layout: the unit is in every row.
STRONG_COLUMNS = ("Date", "Workout Name", "Exercise Name", "Set Order", "Weight", "Weight Unit",
                  "Reps", "RPE", "Distance", "Distance Unit", "Seconds", "Notes",
                  "Workout Notes", "Workout Duration")


def export_all(database: Database, caller: UserSettings, now: dt.datetime) -> dict[str, Any]:
    with database.read() as session:
        repository = ExportRepository(session)
        data: dict[str, Any] = {"format": EXPORT_FORMAT, "exported_at": now,
                                "user": repository.user(caller.user_id)}
        for name in repository.tables():
            data[name] = repository.table(name, caller.user_id)
    return data


def _unit_label(unit: Unit) -> str:
    return "kg" if unit is Unit.KG else "lbs"


def export_logs_csv(database: Database, caller: UserSettings) -> str:
    with database.read() as session:
        rows = ExportRepository(session).log_sets(caller.user_id)
    zone = ZoneInfo(caller.timezone)
    unit = caller.units
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\n")
    writer.writerow(STRONG_COLUMNS)
    numbers: dict[tuple[str, int], int] = {}
    for (completed_at, log_id, day, slug, name, position, _index, weight_lbs, reps, rpe,
         warmup) in rows:
        exercise = CATALOG.find(slug) if slug else None
        timed = exercise is not None and exercise.timed
        if warmup:
            order = "W"
        else:  # working sets numbered from 1 within each exercise of the workout
            numbers[(log_id, position)] = numbers.get((log_id, position), 0) + 1
            order = str(numbers[(log_id, position)])
        writer.writerow((
            completed_at.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S"), day.capitalize(),
            exercise.name if exercise else name, order,
            f"{display_weight(weight_lbs, unit):g}", _unit_label(unit),
            0 if timed else reps, "" if rpe is None else f"{rpe:g}", "", "",
            reps if timed else 0, "", "", ""))
    return out.getvalue()
