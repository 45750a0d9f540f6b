"""Plan edit requests: move days, mix up the week, shorten a day, rest, deload, add or remove
an exercise, and whether the request is about the whole week or one day."""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.document import Document


class RequestFacts(BaseModel):
    model_config = ConfigDict(frozen=True)

    move_days: bool = False
    mix_up: bool = False
    shorten: bool = False
    rest_day: bool = False
    deload: bool = False
    deload_week: bool = False  # said of the week itself: "an easy week", "settimana leggera"
    add_exercise: bool = False
    remove_exercise: bool = False
    week_scope: bool = False  # "my schedule", "the whole week", "training days"
    change: bool = False  # a generic edit verb ("change", "make", "haz", "תהפוך", "바꿔")
    train_verb: bool = False  # "I can train", "posso allenarmi", "운동할 수 있어요"
    lasting: bool = False  # "from now on", "every week": a schedule change meant to stay
    every_session: bool = False  # "all my sessions", "per session": the usual length
    extra_day: bool = False  # "a fifth day", "un giorno in più": one more training day
    new_block: bool = False  # "let's start a new block", "iniziamo un nuovo blocco"
    volume: Literal["more", "less"] | None = None  # "more volume for shoulders"


def move_positions(doc: Document) -> set[int]:
    """Token positions of "move" verbs, which turn "Monday to Thursday" into a move."""
    return {h.start for h in doc.best("move_days")}


NEGATION_REACH = 2  # "no lunges", "sin las zancadas", "niente più affondi"


def _negates_an_exercise(doc: Document, exercise_tokens: Collection[int]) -> bool:
    """"no lunges on friday", "sin zancadas el viernes", "niente affondi", "런지는 안 돼요":
    a negation right before an exercise the message names (right after it in Korean) asks for
    it to go."""
    named = set(exercise_tokens)
    if not named:
        return False
    for neg in doc.best("neg_cue"):
        if doc.tokens[neg.start].script == "hangul":
            if any(neg.start - k in named for k in range(1, NEGATION_REACH + 1)):
                return True
        elif any(neg.end + k in named for k in range(NEGATION_REACH + 1)):
            return True
    return False


def parse_requests(doc: Document, exercise_tokens: Collection[int] = ()) -> RequestFacts:
    """`exercise_tokens`: tokens of exercises (or family words) the message names."""
    exercise_clauses = {doc.clause(i) for i in exercise_tokens}
    rests = doc.best("rest_day")
    skips = [h for h in rests if h.key == "skip" and doc.clause(h.start) in exercise_clauses]
    return RequestFacts(
        move_days=doc.has("move_days"),
        mix_up=doc.has("mix_up"),
        shorten=doc.has("shorten"),
        rest_day=any(h not in skips for h in rests),
        deload=doc.has("deload"),
        deload_week=any(h.section == "deload" and h.key == "deload_week" for h in doc.hits),
        add_exercise=doc.has("add_exercise"),
        remove_exercise=doc.has("remove_exercise") or bool(skips)
        or _negates_an_exercise(doc, exercise_tokens),
        week_scope=doc.has("week_scope"),
        change=doc.has("change_verb"),
        train_verb=doc.has("training_verb"),
        lasting=doc.has("lasting_cue"),
        every_session=doc.has("every_session"),
        extra_day=doc.has("extra_day"),
        new_block=doc.has("new_block"),
        volume=_volume(doc),
    )


def _volume(doc: Document) -> Literal["more", "less"] | None:
    keys = doc.keys("volume_change")
    if keys == {"more"}:
        return "more"
    if keys == {"less"}:
        return "less"
    return None  # none, or both said: nothing to read
