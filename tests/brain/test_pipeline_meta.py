"""A turn's metadata (brain, tools, repairs, fallbacks, timing) is recorded once: on the
outcome, not also on the result inside it."""

from __future__ import annotations

import asyncio
import datetime as dt

from fitcoach.brain.pipeline import run_turn
from fitcoach.brain.ports import TurnInput, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.local.coach import LocalCoach

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def test_the_meta_is_on_the_outcome_once() -> None:
    turn = TurnInput(message="how do I brace for a squat?", now=NOW,
                     settings=UserSettings(user_id="u"))
    chat = LocalCoach.sign_up(settings=UserSettings(user_id="u"), brain=EmbeddedBrain(),
                              clock=lambda: NOW)
    outcome = asyncio.run(run_turn(turn, EmbeddedBrain(), chat.log_reader))
    assert outcome.meta["brain"] == "embedded"
    assert "latency_ms" in outcome.meta
    assert outcome.result.meta is None
    assert "meta" not in outcome.result.seed_json()
