"""What a question about the plan is about: supersets, the sets of one exercise, or a muscle
group (or exercise) the week seems to lack. Pure: the words are loaded once at import.

The model says *that* a message asks about the plan (`ModelIntent.PLAN_QUESTION`); this says
*what* it asks, and None means the plan answerer has nothing specific to say (the message
then goes on to the other rules, "what's on today?" to the session rule).
"""

from __future__ import annotations

from enum import StrEnum
from importlib import resources

import yaml

from fitcoach.brain.providers.embedded.nlu.analysis import MessageAnalysis
from fitcoach.brain.providers.embedded.nlu.text import normalize


class PlanTopic(StrEnum):
    SUPERSET = "superset"  # "what's a superset?", "why are rows paired with the bench?"
    SETS = "sets"  # "why only two sets of rows?"
    ABSENT = "absent"  # "why no biceps this week?", "where are the deadlifts?"
    COVERAGE = "coverage"  # "which day is leg day?", "anything for calves this week?"
    REST_DAY = "rest_day"  # "why is wednesday empty?"


def _load() -> dict[str, dict[str, tuple[str, ...]]]:
    text = resources.files("fitcoach.brain.providers.embedded").joinpath(
        "data", "plan_topics.yaml").read_text("utf-8")
    raw = yaml.load(text, Loader=yaml.BaseLoader)
    return {topic: {language: tuple(normalize(w).strip() for w in words)
                    for language, words in by_language.items()}
            for topic, by_language in raw.items()}


_WORDS = _load()


def _says(text: str, topic: str) -> bool:
    padded = f" {text} "
    for words in _WORDS[topic].values():
        for word in words:
            # Latin-script words whole; Hebrew and Korean ones as word starts (prefixes and
            # particles attach to them).
            if word.isascii() and f" {word} " in padded:
                return True
            if not word.isascii() and (f" {word}" in padded):
                return True
    return False


def plan_topic(analysis: MessageAnalysis) -> PlanTopic | None:
    text = " ".join(normalize(analysis.text).replace("?", " ").split())
    if _says(text, PlanTopic.SUPERSET.value):
        return PlanTopic.SUPERSET
    if analysis.exercises.slugs and _says(text, PlanTopic.SETS.value):
        return PlanTopic.SETS
    if (analysis.body.groups or analysis.exercises.slugs) and _says(text, PlanTopic.ABSENT.value):
        return PlanTopic.ABSENT
    if (analysis.body.groups or analysis.exercises.slugs) and analysis.cues.question \
            and _says(text, PlanTopic.COVERAGE.value):
        return PlanTopic.COVERAGE
    if len(analysis.time.weekdays) == 1 and analysis.cues.question \
            and _says(text, PlanTopic.REST_DAY.value):
        return PlanTopic.REST_DAY
    return None


# Topics a question answers from the plan whatever the model reads: they name what they ask
# about (an exercise's sets, a muscle's days, a day off) and ask it.
ANSWERABLE = frozenset({PlanTopic.SETS, PlanTopic.COVERAGE, PlanTopic.REST_DAY})
