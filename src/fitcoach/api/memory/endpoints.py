"""GET /api/memory and DELETE /api/memory/{memory_id}."""

from __future__ import annotations

from fastapi import APIRouter, Response, status

from fitcoach.api.dependencies import CallerDep, DatabaseDep, NowDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES, error_responses
from fitcoach.api.memory import service
from fitcoach.api.memory.schemas import MemoryListing

router = APIRouter(prefix="/api/memory", tags=["memory"],
                   responses=AUTH_ERROR_RESPONSES)


@router.get("", response_model=MemoryListing)
def read_memory(caller: CallerDep, database: DatabaseDep, now: NowDep,
                include_expired: bool = False) -> MemoryListing:
    """What the coach remembers, by tier. By default only what is still in force; with
    `include_expired=true` also expired and deleted items, each marked by its `status`."""
    return service.list_memory(database, caller.user_id, now, include_expired)


@router.delete("/{memory_id}", status_code=status.HTTP_204_NO_CONTENT,
               responses=error_responses({404: "no such item of the caller"}))
def delete_memory(memory_id: str, caller: CallerDep, database: DatabaseDep,
                  now: NowDep) -> Response:
    """Make the coach forget one item (it is invalidated; the audit keeps the record)."""
    service.delete_memory(database, caller.user_id, memory_id, now)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
