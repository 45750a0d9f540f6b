"""Display names (issue 15): normalised first (NFC, nothing that shows nothing, one space
between words), then checked; the OpenAPI pattern says the same as the server."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from fitcoach.api.users.names import (
    BLANK_RANGES,
    VISIBLE_NAME_PATTERN,
    DisplayNameError,
    blank_ranges_of_this_python,
    normalise_display_name,
)
from fitcoach.store.database import Database
from tests.e2e.conftest import Api, row_counts

INVISIBLE_ONLY = {
    "zero-width-spaces": "\u200b\u200b\u200b",
    "zero-width-joiners": "\u200d\u200c\u2060",
    "bidi-overrides": "\u202e\u202d\u202c",
    "bidi-isolates": "\u2066\u2067\u2069",
    "direction-marks": "\u200e\u200f\u061c",
    "byte-order-mark": "\ufeff",
    "hangul-fillers": "\u3164\u115f\uffa0",
    "blank-braille": "\u2800\u2800",
    "controls": "\x07\x1b\x7f\x85",
    "tags": "\U000e0041\U000e0042",
    "spaces-and-invisibles": " \u200b \u2028 \u3000 ",
}


@pytest.mark.parametrize("name", [
    *[pytest.param(value, id=key) for key, value in INVISIBLE_ONLY.items()],
    pytest.param(" " * 50 + "a" * 100, id="padded-past-100"),
    pytest.param("a" * 50 + "\u200b" * 51, id="past-100-with-invisibles"),
])
def test_names_that_show_nothing_or_are_too_long_are_422_and_write_nothing(
        client: TestClient, database: Database, name: str) -> None:
    before = row_counts(database)
    response = client.post("/api/users", json={"display_name": name})
    assert response.status_code == 422, response.text
    assert response.json()["error"]["message"].startswith("display_name:")
    assert row_counts(database) == before


@pytest.mark.parametrize(("sent", "stored"), [
    ("  Ann   Lee ", "Ann Lee"),
    ("Ann\u200bLee", "AnnLee"),
    ("\u202eAnna\u202c", "Anna"),
    ("Jose\u0301", "Jos\u00e9"),  # decomposed é, stored composed
    ("\u05e9\u05e8\u05d4", "\u05e9\u05e8\u05d4"),  # Hebrew needs no direction marks
    ("\uc9c0\ubbfc", "\uc9c0\ubbfc"),
    ("Ann\tLee\n", "Ann Lee"),
    ("x" * 100, "x" * 100),
])
def test_names_are_stored_in_their_normal_form(new_user: Callable[..., Api],
                                               sent: str, stored: str) -> None:
    api = new_user(display_name=sent)
    assert api.get("/api/users/me").json()["display_name"] == stored


def test_the_blank_ranges_match_this_pythons_unicode() -> None:
    # Fails after a Python upgrade changes the Unicode database: update BLANK_RANGES.
    assert list(BLANK_RANGES) == blank_ranges_of_this_python()


def test_the_openapi_pattern_is_the_servers(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["CreateUserRequest"]
    name = schema["properties"]["display_name"]
    assert name["pattern"] == VISIBLE_NAME_PATTERN
    assert (name["minLength"], name["maxLength"]) == (1, 100)


def _accepted(name: str) -> bool:
    try:
        normalise_display_name(name)
    except DisplayNameError:
        return False
    return True


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\x00"),
               max_size=12)
       | st.lists(st.sampled_from([" ", "\u200b", "\u202e", "\u3164", "\t", "a", "\u05d0",
                                   "\u0301", "\U000e0041"]), max_size=6).map("".join))
def test_the_pattern_accepts_exactly_what_the_normaliser_keeps(name: str) -> None:
    assert bool(re.match(VISIBLE_NAME_PATTERN, name)) == _accepted(name)


@given(st.text(max_size=40))
def test_normal_forms_are_stable_and_composed(name: str) -> None:
    if "\x00" in name or not _accepted(name):
        return
    normal = normalise_display_name(name)
    assert normalise_display_name(normal) == normal
    assert unicodedata.is_normalized("NFC", normal)
    assert normal == normal.strip()
    assert "  " not in normal
