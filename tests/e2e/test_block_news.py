"""A new training block is said once, in the coach's first reply of the block's first week
(DESIGN D10), in every language, over HTTP with the embedded brain."""

from __future__ import annotations

import datetime as dt

import pytest
from fastapi.testclient import TestClient

from fitcoach.store.database import Database
from tests.e2e.conftest import MONDAY, sign_up
from tests.e2e.test_embedded_brain_over_http import LANGUAGES, embedded_app, onboard

NEWS = {"en": "A new training block starts this week",
        "es": "Esta semana empieza un nuevo bloque",
        "it": "Questa settimana inizia un nuovo blocco",
        "he": "השבוע מתחיל בלוק אימונים חדש",
        "ko": "이번 주에 새 훈련 블록이 시작돼요"}
THANKS = {"en": "thanks!", "es": "¡gracias!", "it": "grazie!", "he": "תודה!", "ko": "고마워!"}


@pytest.fixture
def client(database: Database) -> TestClient:
    return embedded_app(database)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_coach_says_a_new_block_began_once(client: TestClient, language: str) -> None:
    api = sign_up(client, locale=language)
    api.accept(onboard(api, language)["proposal"]["id"])
    same_week = api.chat(THANKS[language], now=MONDAY + dt.timedelta(days=2))
    assert NEWS[language] not in same_week["message"]  # the accepted week has no block yet
    block_start = MONDAY + dt.timedelta(days=8)  # the Tuesday of the week after
    first = api.chat(THANKS[language], now=block_start)
    assert first["message"].startswith(NEWS[language])
    assert "5" in first["message"]  # a 5-week block
    again = api.chat(THANKS[language], now=block_start + dt.timedelta(hours=2))
    assert NEWS[language] not in again["message"]
    week_two = api.chat(THANKS[language], now=block_start + dt.timedelta(days=7))
    assert NEWS[language] not in week_two["message"]
