"""GET /api/prs/{slug}."""

from __future__ import annotations

from fastapi import APIRouter

from fitcoach.api.dependencies import CallerDep, DatabaseDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES, error_responses
from fitcoach.api.records import service
from fitcoach.api.records.schemas import RecordsView

router = APIRouter(prefix="/api/prs", tags=["records"],
                   responses=AUTH_ERROR_RESPONSES)


@router.get("/{slug}", response_model=RecordsView,
            responses=error_responses({404: "no such exercise"}))
def read_records(slug: str, caller: CallerDep, database: DatabaseDep) -> RecordsView:
    """All-time records for one exercise: best estimated 1RM, heaviest set, and the heaviest
    weight per rep count. Nulls and {} when the exercise was never logged."""
    return service.records_of(database, caller.user_id, slug)
