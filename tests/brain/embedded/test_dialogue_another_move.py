"""A second move told as a follow-up ("and tuesday's to wednesday?") right after a first one:
one proposal that holds both moves, since the new proposal replaces the staged one.
Phrasings written for this test."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from fitcoach.brain.ports import Locale, RouteContext
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.evals.plan_checks import proposed_days
from fitcoach.evals.states import load_states

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)  # home_db_user trains Mon/Tue/Thu/Fri


@pytest.mark.parametrize(("locale", "first", "second"), [
    (Locale.EN, "please shift friday's session to saturday", "and tuesday's to wednesday?"),
    (Locale.ES, "mueve el entreno del viernes al sábado", "¿y el del martes al miércoles?"),
    (Locale.IT, "sposta l'allenamento di venerdì a sabato", "e quello di martedì a mercoledì?"),
    (Locale.KO, "금요일 운동을 토요일로 옮겨 주세요", "화요일 거는 수요일로요?"),
])
def test_a_second_move_joins_the_first(locale: Locale, first: str, second: str) -> None:
    session = load_states()["home_db_user"].session(locale, NOW, EmbeddedBrain(), None)
    asyncio.run(session.send(first, route=RouteContext(), now=NOW))
    record = asyncio.run(session.send(second, route=RouteContext(), now=NOW))
    proposal = record.outcome.result.proposal
    assert proposal.type.value == "UPDATE_WEEK"
    days = proposed_days(proposal)
    training = {day.value for day, plan in days.items() if plan.is_training_day}
    assert training == {"monday", "wednesday", "thursday", "saturday"}
