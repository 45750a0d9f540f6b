"""The answer of POST /api/imports."""

from __future__ import annotations

from pydantic import BaseModel


class UnmappedExercise(BaseModel):
    name: str  # as the other app wrote it
    sets: int


class ImportResult(BaseModel):
    import_id: str
    workouts: int  # workouts added (those already imported are not counted)
    sets: int  # sets added: history, warm-ups and unmapped exercises alike
    skipped_duplicates: int  # sets of workouts an earlier import already brought in
    warmup_sets: int  # of `sets`, the warm-ups: kept, but not counted as training
    unmapped: list[UnmappedExercise]  # kept in the history, outside the analytics
