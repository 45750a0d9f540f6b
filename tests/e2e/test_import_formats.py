"""The CSV readers and the name matcher of the imports, without HTTP."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from fitcoach.analytics.units import KG_PER_LB
from fitcoach.api.imports.formats import Source, read_export, read_hevy, read_strong
from fitcoach.api.imports.names import catalog_slug
from fitcoach.api.imports.rows import InvalidCsv
from fitcoach.catalog.vocabulary import Unit

UTC = ZoneInfo("UTC")


@pytest.mark.parametrize(("name", "slug"), [
    ("Bench Press (Barbell)", "flat-bb-bench-press"),
    ("Bench Press (Dumbbell)", "flat-db-bench-press"),
    ("Incline Bench Press (Dumbbell)", "incline-db-bench-press"),
    ("Squat (Barbell)", "barbell-back-squat"),
    ("Deadlift (Barbell)", "conventional-deadlift"),
    ("Lat Pulldown (Cable)", "lat-pulldown"),
    ("Lying Leg Curl (Machine)", "lying-hamstring-curl"),
    ("Romanian Deadlift (Dumbbell)", "db-romanian-deadlift"),
    ("Triceps Pushdown (Cable - Straight Bar)", "cable-rope-tricep-pushdown"),
    ("Pull Up", "pull-up"),
    ("Plank", "plank"),
    ("Dumbbel Bench Pres", "flat-db-bench-press"),  # a typo, matched fuzzily
    # Outside the catalog: kept as unmapped, never guessed onto a differently loaded lift.
    ("Incline Bench Press (Barbell)", None),
    ("Bench Press (Smith Machine)", None),
    ("Goblet Squat (Kettlebell)", None),
    ("Hip Thrust (Barbell)", None),
    ("Running", None),
])
def test_app_names_map_to_catalog_slugs(name: str, slug: str | None) -> None:
    assert catalog_slug(name) == slug


def test_a_hevy_pound_account_and_a_european_strong_file() -> None:
    hevy = ('title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,'
            'set_index,set_type,weight_lbs,reps,distance_miles,duration_seconds,rpe\n'
            'Legs,"1 Sep 2026, 18:00","1 Sep 2026, 19:00",,Leg Press,,,0,dropset,300,12,,,9.5\n')
    [workout] = read_hevy(hevy, UTC)
    [entry] = workout.exercises
    assert (entry.sets[0].weight_lbs, entry.sets[0].rpe, entry.sets[0].warmup) == (300, 9.5,
                                                                                  False)
    assert workout.completed_at == dt.datetime(2026, 9, 1, 19, tzinfo=dt.UTC)
    strong = ("Date;Workout Name;Exercise Name;Set Order;Weight;Reps;RPE\n"
              "2026-09-01 18:00:00;Push;Lateral Raise (Dumbbell);1;7,5;15;\n")
    [workout] = read_strong(strong, UTC, Unit.KG)
    assert workout.exercises[0].sets[0].weight_lbs == pytest.approx(7.5 / KG_PER_LB)


@pytest.mark.parametrize(("text", "message"), [
    ("Date;Workout Name;Exercise Name;Set Order;Weight;Reps\n"
     "2026-09-01 18:00:00;Push;Plank;1;0;-5\n", "line 2: Reps '-5' must be 0 or more"),
    ("Date;Workout Name;Exercise Name;Set Order;Weight;Reps\n"
     "2026-09-01 18:00:00;Push;Plank;X;0;5\n", "line 2: Set Order 'X'"),
    ("Date;Workout Name;Exercise Name;Set Order;Weight;Reps\n"
     "2026-09-01 18:00:00;Push;;1;0;5\n", "line 2: Exercise Name is empty"),
    ("Date;Workout Name;Exercise Name;Set Order;Weight;Reps\n"
     "2026-09-01 18:00:00;Push;Squat;1;nan;5\n", "line 2: Weight 'nan'"),
    ("Date;Workout Name;Exercise Name;Set Order;Weight;Reps\n"
     "2026-09-01 18:00:00;Push;Squat;1;5000;5\n", "line 2: weight 5000 kg is over"),
    ("Date;Workout Name;Exercise Name;Set Order;Weight;Reps\n"
     "2026-09-01 18:00:00;Push;Squat;1;50;5;extra;fields\n", "line 2: 8 fields"),
    ("Date;Workout Name;Exercise Name;Set Order;Weight;Reps\n", "no sets"),
])
def test_a_malformed_strong_file_names_its_line(text: str, message: str) -> None:
    with pytest.raises(InvalidCsv) as refused:
        read_export(Source.STRONG, text, UTC, Unit.KG)
    assert message in refused.value.message
