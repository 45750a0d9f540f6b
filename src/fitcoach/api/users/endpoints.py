"""POST /api/users (the only route without a token) and GET /api/users/me."""

from __future__ import annotations

from fastapi import APIRouter, status

from fitcoach.api.dependencies import CallerDep, DatabaseDep, NowDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES
from fitcoach.api.users import service
from fitcoach.api.users.schemas import CreatedUser, CreateUserRequest, UserProfile

router = APIRouter(prefix="/api/users", tags=["users"])


@router.post("", status_code=status.HTTP_201_CREATED, response_model=CreatedUser)
def create_user(body: CreateUserRequest, database: DatabaseDep, now: NowDep) -> CreatedUser:
    """Create a user and return their bearer token (shown this once, stored only as a hash)."""
    return service.create_user(database, body, now)


@router.get("/me", response_model=UserProfile, responses=AUTH_ERROR_RESPONSES)
def read_me(caller: CallerDep) -> UserProfile:
    """The caller's own settings (locale, units, time zone)."""
    return service.profile_of(caller)
