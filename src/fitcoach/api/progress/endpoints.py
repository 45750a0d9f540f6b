"""GET /api/progress."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from fitcoach.api.dependencies import CallerDep, DatabaseDep, NowDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES, error_responses
from fitcoach.api.progress import service
from fitcoach.api.progress.schemas import ExerciseHistoryView, ProgressView

router = APIRouter(prefix="/api/progress", tags=["progress"],
                   responses=AUTH_ERROR_RESPONSES)


@router.get("", response_model=ProgressView)
def read_progress(caller: CallerDep, database: DatabaseDep, now: NowDep,
                  weeks: Annotated[int, Query(ge=1, le=service.MAX_WEEKS)] = (
                      service.DEFAULT_WEEKS)) -> ProgressView:
    """The caller's last `weeks` calendar weeks (Monday to Sunday in their time zone, the
    current week last): each exercise's estimated 1RM per session, and per week the hard sets,
    fractional hard sets (secondary groups count 0.5) and tonnage of each muscle group
    trained, against the 10-20 hard-set band. Loads are in the caller's unit."""
    return service.progress_of(database, caller, weeks, now)


@router.get("/exercises/{slug}", response_model=ExerciseHistoryView,
            responses=error_responses({404: "no such exercise"}))
def read_exercise_history(slug: str, caller: CallerDep, database: DatabaseDep
                          ) -> ExerciseHistoryView:
    """One exercise over the caller's whole history: each session's best reliable estimated
    1RM (oldest first, in the caller's unit, as `GET /api/progress` computes them), the count
    of sessions, and the catalog's form cues in the caller's language. Only the caller's own
    logs are read; an exercise they never logged answers no points; a slug not in the
    encyclopedia is a 404."""
    return service.exercise_history_of(database, caller, slug)
