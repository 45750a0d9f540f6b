"""Properties: `analyze` never raises on arbitrary text, and every slug it returns exists."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from fitcoach.brain.ports import ActiveTab, Locale
from fitcoach.brain.providers.embedded.nlu import analyze
from fitcoach.brain.providers.embedded.nlu.router import route
from fitcoach.catalog.registry import default_catalog
from fitcoach.catalog.vocabulary import Weekday

SLUGS = set(default_catalog().slugs)
WORDS = st.sampled_from([
    "bench", "taken", "instead", "of", "incline", "db", "press", "22", "kg", "lunes", "sabato",
    "שבת", "토요일", "어깨", "아파", "sore", "today", "not", "anymore", "tournament", "45",
    "minutes", "4", "days", "a", "week", "mancuernas", "manubri", "משקולות", "덤벨", "로우",
    "row", "curl", "squat", "?", ",", ".", "🏋️", "dumbel", "inclne", "remo", "panchina",
])


def _check(text: str, locale: Locale, day: Weekday | None, tab: ActiveTab, plan: bool) -> None:
    analysis = analyze(text, today=dt.date(2026, 9, 14), locale=locale, selected_day=day,
                       active_tab=tab)
    slugs = set(analysis.exercises.slugs) | set(analysis.body.avoid.exercises)
    slugs |= {s for c in analysis.body.conditions for s in c.trigger_exercises}
    assert slugs <= SLUGS
    decision = route(analysis, has_plan=plan)
    assert decision.proposal_type.value in ("NONE", "UPDATE_DAY", "UPDATE_WEEK")
    if decision.proposal_type.value != "UPDATE_DAY":
        assert decision.target_day is None
    else:
        assert decision.target_day is not None
    if decision.swap is not None:
        assert {decision.swap.exercise_out, decision.swap.exercise_in} - {None} <= SLUGS


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300), st.sampled_from(list(Locale)),
       st.one_of(st.none(), st.sampled_from(list(Weekday))), st.sampled_from(list(ActiveTab)),
       st.booleans())
def test_arbitrary_unicode_never_raises(text: str, locale: Locale, day: Weekday | None,
                                        tab: ActiveTab, plan: bool) -> None:
    _check(text, locale, day, tab, plan)


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=30).map(" ".join), st.sampled_from(list(Locale)),
       st.booleans())
def test_domain_word_salad_never_invents_a_slug(text: str, locale: Locale, plan: bool) -> None:
    _check(text, locale, None, ActiveTab.COACH, plan)
