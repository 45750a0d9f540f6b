"""POST /api/users (the only route without a token) and GET /api/users/me."""

from __future__ import annotations

from fastapi import APIRouter, Request, status

from fitcoach.api.dependencies import CallerDep, DatabaseDep, NowDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES
from fitcoach.api.limits.rate_limit import RATE_LIMIT_RESPONSES, Action, client_key
from fitcoach.api.users import service
from fitcoach.api.users.schemas import CreatedUser, CreateUserRequest, UserProfile

router = APIRouter(prefix="/api/users", tags=["users"])


@router.post("", status_code=status.HTTP_201_CREATED, response_model=CreatedUser,
             responses=RATE_LIMIT_RESPONSES)
def create_user(body: CreateUserRequest, database: DatabaseDep, now: NowDep,
                request: Request) -> CreatedUser:
    """Create a user and return their bearer token (shown this once, stored only as a hash).

    Sign-ups are rate limited per client address (`FITCOACH_RATE_LIMIT_SIGNUP_PER_MINUTE`).
    """
    client = client_key(request.client.host if request.client else None)
    request.app.state.rate_limiter.enforce(client, Action.SIGNUP)
    return service.create_user(database, body, now)


@router.get("/me", response_model=UserProfile, responses=AUTH_ERROR_RESPONSES)
def read_me(caller: CallerDep) -> UserProfile:
    """The caller's own settings (locale, units, time zone)."""
    return service.profile_of(caller)
