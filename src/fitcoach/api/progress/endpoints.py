"""GET /api/progress."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from fitcoach.api.dependencies import CallerDep, DatabaseDep, NowDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES
from fitcoach.api.progress import service
from fitcoach.api.progress.schemas import ProgressView

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
