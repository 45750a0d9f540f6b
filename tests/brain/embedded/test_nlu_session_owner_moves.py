"""A day's own session done on another day is a move, whichever day comes first and with
verbs that are no move verbs alone ("can I do friday's workout on sunday?", "hago lo del
martes el domingo", "anticipa", "당겨"); words of a move phrase ("push … back") name no body
part and no push day. Phrasings written for this test, in all five languages."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.nlu.analysis import analyze
from fitcoach.catalog.vocabulary import Weekday

MONDAY = dt.date(2026, 9, 14)
FRI, SUN, TUE = Weekday.FRIDAY, Weekday.SUNDAY, Weekday.TUESDAY


@pytest.mark.parametrize(("locale", "text", "move"), [
    (Locale.EN, "could I do friday's workout on sunday instead this week?", (FRI, SUN)),
    (Locale.EN, "on sunday can I have the friday session?", (FRI, SUN)),
    (Locale.ES, "¿puedo hacer el entreno del viernes el domingo?", (FRI, SUN)),
    (Locale.ES, "el domingo hago lo del viernes, ¿vale?", (FRI, SUN)),
    (Locale.IT, "posso fare l'allenamento di venerdì domenica?", (FRI, SUN)),
    (Locale.IT, "domenica faccio quello di venerdì", (FRI, SUN)),
    (Locale.HE, "אפשר לעשות את האימון של שישי בראשון?", (FRI, SUN)),
    (Locale.KO, "금요일 운동을 일요일에 해도 돼요?", (FRI, SUN)),
    (Locale.KO, "금요일 운동을 화요일로 당겨 주세요", (FRI, TUE)),
    (Locale.IT, "anticipa l'allenamento di venerdì a martedì", (FRI, TUE)),
])
def test_a_days_session_done_on_another_day_is_a_move(locale: Locale, text: str,
                                                      move: tuple[Weekday, Weekday]) -> None:
    analysis = analyze(text, today=MONDAY, locale=locale)
    assert analysis.time.moves == (move,)


def test_a_comparison_of_two_days_moves_nothing() -> None:
    analysis = analyze("is friday's workout longer than tuesday's?", today=MONDAY,
                       locale=Locale.EN)
    assert analysis.time.moves == ()


def test_push_back_names_no_back_and_no_push_day() -> None:
    analysis = analyze("push friday's session back to sunday", today=MONDAY, locale=Locale.EN)
    assert analysis.time.moves == ((FRI, SUN),)
    assert not analysis.body.mentions
    assert not analysis.goals.day_focus
