"""The web client's five language files agree: same keys, same placeholders, same plural
forms, nothing left empty (tests/browser because the catalogs belong to the web client;
no browser needed)."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import catalog

LANGUAGES = ("en", "es", "it", "he", "ko")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _placeholders(value: object) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for name in PLACEHOLDER.findall(str(text))}


@pytest.mark.parametrize("code", LANGUAGES[1:])
def test_every_language_has_every_key(code: str) -> None:
    english, other = catalog("en"), catalog(code)
    assert sorted(set(english) - set(other)) == []
    assert sorted(set(other) - set(english)) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_values_are_filled_and_placeholders_match_english(code: str) -> None:
    english, other = catalog("en"), catalog(code)
    for key, value in other.items():
        if isinstance(value, dict):
            assert set(value) >= {"other"}, key
            assert all(str(text).strip() for text in value.values()), key
        else:
            assert str(value).strip(), key
        # A translation may leave out {count} where its grammar says the number in words.
        assert _placeholders(value) - {"count"} == _placeholders(english[key]) - {"count"}, key
