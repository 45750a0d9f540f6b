"""An acute report from someone with no plan yet: the coach still says what it noted and for
how long (the body part and the day it lasts until), in every language, with no empty slot
and no sentence dropped for want of a value."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging

import pytest

from fitcoach.brain.ports import Locale, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.local.coach import LocalCoach

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)  # a Monday
# Each message reports a shoulder strain; with it, how the language names the shoulder and
# Saturday, the day the 5-day acute expiry (DESIGN D4) from this Monday falls on.
REPORTS = {
    Locale.EN: ("my right shoulder is tweaked", "shoulder", "Saturday"),
    Locale.ES: ("me duele el hombro derecho", "hombro", "sábado"),
    Locale.IT: ("mi fa male la spalla destra", "spall", "sabato"),
    Locale.HE: ("כואבת לי הכתף", "כתפ", "שבת"),
    Locale.KO: ("어깨가 아파요", "어깨", "토요일"),
}


@pytest.mark.parametrize("locale", list(REPORTS))
def test_the_note_names_the_part_and_the_day(locale: Locale,
                                             caplog: pytest.LogCaptureFixture) -> None:
    message, part, saturday = REPORTS[locale]
    brain = EmbeddedBrain()
    session = LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=locale), brain=brain,
                                 fallback=brain, clock=lambda: NOW)
    with caplog.at_level(logging.WARNING):
        record = asyncio.run(session.send(message))
    reply = record.outcome.result.message
    assert part in reply, reply
    assert saturday in reply, reply
    for hole in ("  ", " .", " ,"):
        assert hole not in reply, reply
    assert not [r for r in caplog.records if "dropped a sentence" in r.getMessage()]
    tier_2 = [m for m in record.memory.applied if m.target_tier.value == "tier_2_physiological"]
    assert tier_2, "the state is remembered"
