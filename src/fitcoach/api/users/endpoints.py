"""POST /api/users (the only route without a token), GET /api/users/me, and the caller's
token: POST /api/users/me/token rotates it, DELETE /api/users/me/token revokes it."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response, status

from fitcoach.api.auth import bearer_token, hash_token
from fitcoach.api.dependencies import CallerDep, DatabaseDep, NowDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES, error_responses
from fitcoach.api.limits.rate_limit import RATE_LIMIT_RESPONSES, Action, client_key
from fitcoach.api.users import service
from fitcoach.api.users.schemas import (
    CreatedUser,
    CreateUserRequest,
    UpdateUserRequest,
    UserProfile,
)

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


@router.patch("/me", response_model=UserProfile, responses={
    **AUTH_ERROR_RESPONSES,
    **error_responses({422: "a setting is invalid (checked as at sign-up), or none is given"})})
def update_me(body: UpdateUserRequest, caller: CallerDep,
              database: DatabaseDep) -> UserProfile:
    """Change the caller's display name, language, units or time zone."""
    return service.update_settings(database, caller, body)


def _presented_hash(request: Request) -> str:
    token = bearer_token(request.headers.get("authorization"))
    assert token is not None  # the caller dependency authenticated it
    return hash_token(token)


@router.post("/me/token", response_model=CreatedUser, responses=AUTH_ERROR_RESPONSES)
def rotate_token(caller: CallerDep, database: DatabaseDep, now: NowDep,
                 request: Request) -> CreatedUser:
    """A new bearer token (shown this once); the token used for this request, and any other
    of the user's, stops working."""
    return service.rotate_token(database, caller, _presented_hash(request), now)


@router.delete("/me/token", status_code=status.HTTP_204_NO_CONTENT,
               response_class=Response, responses=AUTH_ERROR_RESPONSES)
def revoke_token(caller: CallerDep, database: DatabaseDep, now: NowDep,
                 request: Request) -> Response:
    """Revoke the caller's bearer token (every token of the user): nothing authenticates as
    this user any more."""
    service.revoke_tokens(database, caller, _presented_hash(request), now)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
