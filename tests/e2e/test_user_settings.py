"""PATCH /api/users/me: display name, language, units and time zone, checked as at sign-up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fitcoach.store.database import Database
from tests.e2e.conftest import Api, one_set, row_counts


def test_settings_change_and_every_later_request_sees_them(
        new_user: Callable[..., Api]) -> None:
    api = new_user(display_name="Ann")
    assert api.get("/api/users/me").json()["units"] == "lb"  # cached by the first request
    response = api.patch("/api/users/me", {"display_name": "  Anna ", "locale": "it",
                                           "units": "kg", "timezone": "Asia/Seoul"})
    assert response.status_code == 200, response.text
    expected = {"user_id": api.user_id, "display_name": "Anna", "locale": "it",
                "units": "kg", "timezone": "Asia/Seoul"}
    assert response.json() == expected
    assert api.get("/api/users/me").json() == expected
    # The new zone places a log: 23:30 UTC Monday is Tuesday in Seoul.
    api.log(one_set(completed_at="2026-09-14T23:30:00Z"))
    assert api.get("/api/workouts/logs").json()[0]["day"] == "tuesday"


def test_one_setting_alone_leaves_the_others(new_user: Callable[..., Api]) -> None:
    api = new_user(display_name="Ann", locale="es")
    body = api.patch("/api/users/me", {"units": "kg"}).json()
    assert (body["display_name"], body["locale"], body["units"]) == ("Ann", "es", "kg")


@pytest.mark.parametrize("body", [
    {}, {"display_name": "   "}, {"display_name": "x" * 101}, {"locale": "fr"},
    {"units": "stone"}, {"timezone": "Mars/Olympus"}, {"display_name": None},
    {"user_id": "usr_000000000000000000000000"}, {"display_name": "a\u0000b"},
])
def test_a_bad_change_is_refused_and_writes_nothing(
        new_user: Callable[..., Api], database: Database, body: dict[str, Any]) -> None:
    api = new_user(display_name="Ann")
    before = row_counts(database)
    response = api.patch("/api/users/me", body)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "validation_error"
    assert row_counts(database) == before
    assert api.get("/api/users/me").json()["display_name"] == "Ann"


def test_one_user_changes_only_their_own_settings(new_user: Callable[..., Api]) -> None:
    ann, bob = new_user(display_name="Ann"), new_user(display_name="Bob")
    ann.patch("/api/users/me", {"display_name": "Anna"})
    assert bob.get("/api/users/me").json()["display_name"] == "Bob"
