"""A shortened (or deloaded) day carries one mark in its title, however many times and in
whichever languages it was shortened: marks never stack ("Push (Express 30m) (Exprés 20m)")."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fitcoach.programming.edits import EditRejected, apply_edit
from fitcoach.programming.edits.context import MARK_KEYS, base_title
from fitcoach.programming.edits.operations import Deload, ShortenDay
from fitcoach.programming.generator import generate_week
from fitcoach.programming.text import phrases as tx
from fitcoach.programming.text.phrasebook import PHRASEBOOK
from tests.programming.strategies import WEEK_START, languages, profiles

PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _mark_count(title: str) -> int:
    """How many marks (any language) wrap the title, counted by peeling them one by one."""
    count = 0
    while True:
        for language in PHRASEBOOK:
            for key in MARK_KEYS:
                template = tx.say(language, key, title="\x00", minutes="\x01")
                pattern = re.escape(template).replace("\x00", "(?P<t>.*?)").replace(
                    "\x01", r"\d+")
                match = re.fullmatch(pattern, title, re.DOTALL)
                if match and match.group("t").strip():
                    title, count = match.group("t"), count + 1
                    break
            else:
                continue
            break
        else:
            return count


@PROPERTY
@given(profiles(), st.data())
def test_shortening_a_day_n_times_leaves_one_mark(profile, data) -> None:
    plan = generate_week(profile, WEEK_START, "en").plan
    training = [d for d, day in plan.days.items() if day.is_training_day]
    assume(training)
    weekday = data.draw(st.sampled_from(training), label="day")
    original = base_title(plan.days[weekday].title)
    steps = data.draw(st.lists(st.tuples(languages, st.integers(10, 90),
                                         st.booleans()), min_size=1, max_size=5),
                      label="steps")
    current, shortened = plan, False
    for language, minutes, deload in steps:
        op = Deload(day=weekday) if deload else ShortenDay(day=weekday, minutes=minutes)
        try:
            result = apply_edit(current, op, profile, week_start=WEEK_START,
                                language=language)
        except EditRejected:
            continue
        current = result.plan
        day = current.days[weekday]
        if not day.is_training_day:
            break
        title = day.title
        assert _mark_count(title) <= 1, title
        if weekday in result.changed_days:
            shortened = isinstance(op, ShortenDay)  # the last change marks the title
    day = current.days[weekday]
    if shortened and day.is_training_day:
        assert _mark_count(day.title) == 1, day.title
    assert base_title(day.title) == original or not day.is_training_day


def test_stacked_marks_in_any_language_are_peeled_to_the_base() -> None:
    assert base_title("Push (Express 30m) (Exprés 20m) (익스프레스 15분)") == "Push"
    assert base_title("Push (Deload) (Express 30m)") == "Push"
    assert base_title("Lower Body") == "Lower Body"
