"""A chat message with no visible character: the schema's pattern and the server agree on what
blank means (CI on 2026-12-03: the fuzzer sent "\\u001d", which Python's `strip` removes but an
ECMAScript `\\s` does not match, so the schema allowed what the server refused)."""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fitcoach.api.text import BLANK_CHARACTERS, VISIBLE_TEXT_PATTERN, is_blank
from fitcoach.store.database import Database
from tests.e2e.conftest import Api, row_counts

# Every character either side calls space: Python's str.isspace, and ECMAScript's \s
# (ECMA-262 WhiteSpace and LineTerminator: the Zs category, TAB, VT, FF, FEFF, LF, CR,
# U+2028, U+2029).
PYTHON_SPACE = {chr(c) for c in range(sys.maxunicode + 1)
                if not 0xD800 <= c < 0xE000 and chr(c).isspace()}
ECMASCRIPT_SPACE = ({"\t", "\x0b", "\x0c", "\ufeff", "\n", "\r", "\u2028", "\u2029"}
                    | {chr(c) for c in range(sys.maxunicode + 1)
                       if unicodedata.category(chr(c)) == "Zs"})


def test_blank_covers_both_meanings_of_space() -> None:
    assert PYTHON_SPACE | ECMASCRIPT_SPACE <= BLANK_CHARACTERS


@given(st.text(alphabet=st.sampled_from([*sorted(BLANK_CHARACTERS), "a", "ß", "한", "\x00"]),
               max_size=6))
def test_the_pattern_and_the_validator_agree(text: str) -> None:
    if "\x00" in text:
        return
    assert bool(re.fullmatch(VISIBLE_TEXT_PATTERN, text)) is (not is_blank(text))


@pytest.mark.parametrize("message", ["\x1d", "\x85 ", "\ufeff", "\u3000\t"])
def test_a_blank_message_is_422_and_writes_nothing(new_user: Callable[..., Api],
                                                  database: Database, message: str) -> None:
    api = new_user()
    before = row_counts(database)
    response = api.post("/api/coach/chat", {"message": message})
    assert response.status_code == 422, response.text
    assert "empty" in response.text
    assert row_counts(database) == before
