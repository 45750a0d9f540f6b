"""A workout already in the user's history, whatever brought it there (DESIGN D11: importing
the same rows twice adds nothing).

The idempotency key (`plan.workout_key`: app, start, title) catches a second import of the
same app's file. It cannot catch our own export read back (`GET /api/export/logs.csv`, in
Strong's layout): a workout logged here has no app title, and an imported one comes back
under the weekday we write as its name. So a workout is also a duplicate when the user
already has a log at the same second with the same sets: the same exercises (catalog slug,
or the app's name when none matched), reps, RPE and warm-up marks, and loads equal within
what the export's rounding (0.1 of the user's unit) can move them.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from sqlalchemy import select
from sqlalchemy.orm import Session

from fitcoach.api.imports.plan import PlannedWorkout
from fitcoach.store.models import KeptSetRow, WorkoutLogRow, WorkoutSetRow

# 0.1 kg rounds a load by at most 0.05 kg (0.11 lb); two sets closer than this are one set.
WEIGHT_TOLERANCE_LBS = 0.25
NAME_LENGTH = 200  # as kept sets store an app's exercise name


class SetShape(NamedTuple):
    exercise: str  # catalog slug, else the app's name
    warmup: bool
    reps: int
    rpe: float | None
    weight_lbs: float


def _shape(exercise: str, warmup: bool, reps: int, rpe: float | None,
           weight_lbs: float) -> SetShape:
    return SetShape(exercise, warmup, reps, None if rpe is None else round(rpe, 1),
                    weight_lbs)


def _second(moment: dt.datetime) -> dt.datetime:
    return moment.astimezone(dt.UTC).replace(microsecond=0)


def planned_shape(planned: PlannedWorkout) -> list[SetShape]:
    shapes = [_shape(t.exercise_id, False, t.record.reps, t.record.rpe, t.record.weight_lbs)
              for t in planned.tracked]
    shapes += [_shape(k.exercise_id or k.name[:NAME_LENGTH], k.record.warmup, k.record.reps,
                      k.record.rpe, k.record.weight_lbs) for k in planned.kept]
    return sorted(shapes)


def same_sets(ours: Sequence[SetShape], theirs: Sequence[SetShape]) -> bool:
    """Both sorted: the same sets, loads within the export's rounding."""
    return len(ours) == len(theirs) and all(
        a[:4] == b[:4] and abs(a.weight_lbs - b.weight_lbs) <= WEIGHT_TOLERANCE_LBS
        for a, b in zip(ours, theirs, strict=True))


def _logged_shapes(session: Session, user_id: str, times: Iterable[dt.datetime]
                   ) -> dict[dt.datetime, list[list[SetShape]]]:
    """second → the sets of each of the user's logs at that second."""
    wanted = set(times)
    if not wanted:
        return {}
    logs = session.execute(
        select(WorkoutLogRow.id, WorkoutLogRow.completed_at).where(
            WorkoutLogRow.user_id == user_id,
            WorkoutLogRow.completed_at >= min(wanted),
            WorkoutLogRow.completed_at < max(wanted) + dt.timedelta(seconds=1))).all()
    at = {log_id: _second(moment) for log_id, moment in logs if _second(moment) in wanted}
    if not at:
        return {}
    shapes: dict[str, list[SetShape]] = defaultdict(list)
    ids = list(at)
    for start in range(0, len(ids), 500):
        batch = ids[start:start + 500]
        for log_id, slug, weight, reps, rpe in session.execute(
                select(WorkoutSetRow.log_id, WorkoutSetRow.exercise_id,
                       WorkoutSetRow.weight_lbs, WorkoutSetRow.reps, WorkoutSetRow.rpe)
                .where(WorkoutSetRow.log_id.in_(batch))):
            shapes[log_id].append(_shape(slug, False, reps, rpe, weight))
        for kept_log, kept_slug, name, warmup, weight, reps, rpe in session.execute(
                select(KeptSetRow.log_id, KeptSetRow.exercise_id, KeptSetRow.exercise_name,
                       KeptSetRow.warmup, KeptSetRow.weight_lbs, KeptSetRow.reps,
                       KeptSetRow.rpe).where(KeptSetRow.log_id.in_(batch))):
            shapes[kept_log].append(_shape(kept_slug or name, warmup, reps, rpe, weight))
    found: dict[dt.datetime, list[list[SetShape]]] = defaultdict(list)
    for log_id, second in at.items():
        found[second].append(sorted(shapes.get(log_id, [])))
    return found


def already_logged(session: Session, user_id: str, planned: Sequence[PlannedWorkout]
                   ) -> set[int]:
    """The indexes of `planned` workouts the user already has, set for set, at that second."""
    logged = _logged_shapes(session, user_id,
                            (_second(p.workout.completed_at) for p in planned))
    return {i for i, p in enumerate(planned)
            if any(same_sets(planned_shape(p), theirs)
                   for theirs in logged.get(_second(p.workout.completed_at), ()))}
