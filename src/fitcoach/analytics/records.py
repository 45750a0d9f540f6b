"""Personal records: best estimated 1RM, heaviest set, best weight for each rep count.

The store keeps one `PersonalRecords` per user and exercise and calls `update_records` with
each logged workout; `records_from_history` computes the same thing from scratch, and the two
always agree (a property test proves it), whatever order the logs arrive in.

Which set holds a record is decided by a total order, so the answer never depends on the
order logs were written:
- estimated 1RM: higher e1RM (reliable estimates only, see `strength`);
- heaviest set: heavier weight, then more reps at that weight;
- rep record for r reps: heavier weight at exactly r reps;
and on a tie, the earlier `achieved_at`, then the smaller `log_id`, then the earlier set of
the log. Sets with 0 reps lifted nothing and never hold a record.

What is announced as a new record (`new_prs`) is stricter than what is stored:
- the value must beat the previous record strictly: an equal value is not a new record (a
  backfilled log that ties an old record earlier in time takes the record over silently);
- the first log of an exercise sets the baseline and announces nothing: a record needs
  something to beat;
- a rep record is announced only if no record at more reps is at least as heavy (a new 5-rep
  best of 100 lb is no news when 8 reps at 110 lb are on file), and never for unloaded sets
  except as a rep count never reached before (bodyweight progress is more reps);
- a heaviest-set record needs load: 0 lb is never "the heaviest".
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Annotated

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.strength import estimated_1rm


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RecordSet(_Model):
    weight_lbs: float
    reps: int
    rpe: float | None
    estimated_1rm: float | None
    log_id: str
    achieved_at: AwareDatetime


class PersonalRecords(_Model):
    """`model_dump(mode="json")` minus `exercise_id` is the body of `GET /api/prs/{slug}`."""

    exercise_id: str
    estimated_1rm: RecordSet | None = None
    max_weight_set: RecordSet | None = None
    rep_records: dict[Annotated[int, Field(ge=1)], RecordSet] = Field(default_factory=dict)

    @property
    def is_empty(self) -> bool:
        return self.max_weight_set is None and not self.rep_records


class RecordKind(StrEnum):
    ESTIMATED_1RM = "estimated_1rm"
    MAX_WEIGHT = "max_weight"
    REP_RECORD = "rep_record"


class NewRecord(_Model):
    kind: RecordKind
    exercise_id: str
    reps: int
    weight_lbs: float
    value: float  # the e1RM for estimated_1rm, the weight for max_weight and rep_record
    previous_value: float | None
    log_id: str


class RecordUpdate(_Model):
    records: PersonalRecords
    new_prs: list[NewRecord]


def _record_set(record: SetRecord, log_id: str, achieved_at: dt.datetime) -> RecordSet:
    return RecordSet(
        weight_lbs=record.weight_lbs,
        reps=record.reps,
        rpe=record.rpe,
        estimated_1rm=estimated_1rm(record.weight_lbs, record.reps, record.rpe),
        log_id=log_id,
        achieved_at=achieved_at,
    )


# Sort keys: smaller is better. Ties fall through to time and log id, then set order.
def _e1rm_key(r: RecordSet) -> tuple[float, dt.datetime, str]:
    assert r.estimated_1rm is not None
    return (-r.estimated_1rm, r.achieved_at, r.log_id)


def _max_weight_key(r: RecordSet) -> tuple[float, int, dt.datetime, str]:
    return (-r.weight_lbs, -r.reps, r.achieved_at, r.log_id)


def _rep_key(r: RecordSet) -> tuple[float, dt.datetime, str]:
    return (-r.weight_lbs, r.achieved_at, r.log_id)


def _fold(current: PersonalRecords, candidates: Sequence[RecordSet]) -> PersonalRecords:
    """Fold candidates into records; strict comparison keeps the earlier set of a log."""
    best_e1rm = current.estimated_1rm
    best_weight = current.max_weight_set
    rep_records = dict(current.rep_records)
    for c in candidates:
        if c.estimated_1rm is not None and (
            best_e1rm is None or _e1rm_key(c) < _e1rm_key(best_e1rm)
        ):
            best_e1rm = c
        if best_weight is None or _max_weight_key(c) < _max_weight_key(best_weight):
            best_weight = c
        held = rep_records.get(c.reps)
        if held is None or _rep_key(c) < _rep_key(held):
            rep_records[c.reps] = c
    return PersonalRecords(
        exercise_id=current.exercise_id,
        estimated_1rm=best_e1rm,
        max_weight_set=best_weight,
        rep_records=dict(sorted(rep_records.items())),
    )


def _announcements(
    before: PersonalRecords, after: PersonalRecords, log_id: str
) -> list[NewRecord]:
    if before.is_empty:
        return []
    announced: list[NewRecord] = []

    def announce(kind: RecordKind, held: RecordSet, value: float, previous: float | None) -> None:
        announced.append(
            NewRecord(
                kind=kind,
                exercise_id=after.exercise_id,
                reps=held.reps,
                weight_lbs=held.weight_lbs,
                value=value,
                previous_value=previous,
                log_id=held.log_id,
            )
        )

    held, old = after.estimated_1rm, before.estimated_1rm
    if held is not None and held.estimated_1rm is not None and held.log_id == log_id:
        previous = old.estimated_1rm if old else None
        if previous is None or held.estimated_1rm > previous:
            announce(RecordKind.ESTIMATED_1RM, held, held.estimated_1rm, previous)

    held, old = after.max_weight_set, before.max_weight_set
    if held is not None and held.weight_lbs > 0 and held.log_id == log_id:
        previous = old.weight_lbs if old else None
        if previous is None or held.weight_lbs > previous:
            announce(RecordKind.MAX_WEIGHT, held, held.weight_lbs, previous)

    for reps, held in after.rep_records.items():
        if held.log_id != log_id:
            continue
        old = before.rep_records.get(reps)
        previous = old.weight_lbs if old else None
        improved = previous is None or held.weight_lbs > previous
        outdone = any(
            other_reps > reps and other.weight_lbs >= held.weight_lbs
            for other_reps, other in after.rep_records.items()
        )
        if improved and not outdone:
            announce(RecordKind.REP_RECORD, held, held.weight_lbs, previous)
    return announced


def update_records(
    current: PersonalRecords | None,
    exercise_id: str,
    sets: Iterable[SetRecord],
    log_id: str,
    achieved_at: dt.datetime,
) -> RecordUpdate:
    """The records after one more log of this exercise, and the records it broke."""
    if current is not None and current.exercise_id != exercise_id:
        raise ValueError(f"records of {current.exercise_id!r} updated with {exercise_id!r}")
    before = current or PersonalRecords(exercise_id=exercise_id)
    candidates = [_record_set(s, log_id, achieved_at) for s in sets if s.reps >= 1]
    after = _fold(before, candidates)
    return RecordUpdate(records=after, new_prs=_announcements(before, after, log_id))


def records_from_history(
    exercise_id: str, sessions: Iterable[ExerciseSession]
) -> PersonalRecords:
    """The records computed from the whole history at once (any order of sessions)."""
    # Each candidate carries its position in its log, the last tie-breaker.
    candidates = [
        (position, _record_set(s, session.log_id, session.completed_at))
        for session in sessions
        for position, s in enumerate(session.sets)
        if s.reps >= 1
    ]
    with_e1rm = [(p, c) for p, c in candidates if c.estimated_1rm is not None]
    best_e1rm = min(with_e1rm, key=lambda pc: (_e1rm_key(pc[1]), pc[0]), default=None)
    best_weight = min(candidates, key=lambda pc: (_max_weight_key(pc[1]), pc[0]), default=None)
    by_reps: dict[int, list[tuple[int, RecordSet]]] = {}
    for p, c in candidates:
        by_reps.setdefault(c.reps, []).append((p, c))
    return PersonalRecords(
        exercise_id=exercise_id,
        estimated_1rm=best_e1rm[1] if best_e1rm else None,
        max_weight_set=best_weight[1] if best_weight else None,
        rep_records={
            reps: min(group, key=lambda pc: (_rep_key(pc[1]), pc[0]))[1]
            for reps, group in sorted(by_reps.items())
        },
    )
