"""Each NLU analyser run on one string, as the unit tests call them, and one whole turn.

In production the analysers share one prepared `Document` and each other's facts
(`nlu.analysis.analyze`); these wrappers prepare a document per call.
"""

from __future__ import annotations

import asyncio
import datetime as dt

from fitcoach.brain.ports import Locale, RouteContext
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.brain.providers.embedded.nlu.body import BodyFacts, parse_body
from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.exercises import ExerciseFacts, parse_exercises
from fitcoach.brain.providers.embedded.nlu.gear import GearFacts, parse_gear
from fitcoach.brain.providers.embedded.nlu.quantities import QuantityFacts, parse_quantities
from fitcoach.brain.providers.embedded.nlu.time import TimeFacts, parse_time
from fitcoach.evals.states import load_states
from fitcoach.local.coach import LocalCoach
from fitcoach.local.turns import TurnRecord

SEED_MONDAY = dt.date(2026, 9, 14)
SEED_NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def seed_session(state: str, language: str, now: dt.datetime = SEED_NOW) -> LocalCoach:
    """A chat for a seed state with the embedded brain, the same session the evals use."""
    return load_states()[state].session(Locale(language), now, EmbeddedBrain(), None)


def send(session: LocalCoach, text: str, now: dt.datetime = SEED_NOW) -> TurnRecord:
    """One more turn of that chat (the earlier turns are its history)."""
    return asyncio.run(session.send(text, route=RouteContext(), now=now))


def seed_turn(state: str, language: str, text: str, now: dt.datetime = SEED_NOW) -> TurnRecord:
    """One embedded-brain turn for a seed state, through the same session the evals use."""
    return send(seed_session(state, language, now), text, now)


def time_facts(text: str, today: dt.date) -> TimeFacts:
    return parse_time(Document.of(text), today)


def quantity_facts(text: str) -> QuantityFacts:
    return parse_quantities(Document.of(text))


def gear_facts(text: str) -> GearFacts:
    doc = Document.of(text)
    return parse_gear(doc, parse_quantities(doc).loads)


def exercise_facts(text: str) -> ExerciseFacts:
    return parse_exercises(Document.of(text))


def body_facts(text: str, today: dt.date = SEED_MONDAY,
               event_present: bool = False) -> BodyFacts:
    doc = Document.of(text)
    return parse_body(doc, parse_time(doc, today), (), event_present)
