"""Conversational cues: why-questions, form and technique, progress and records, greetings,
thanks, motivation, plan requests, and whether the message is a question at all.

"Volume" is recognised in its mistranslated forms too ("trading volume" / "거래량", "search
volume" / "נפח החיפושים"), as the Korean and Hebrew seeds write it. "Perché" / "porque" are
why-questions only in a sentence that asks something.
"""

from __future__ import annotations

from collections.abc import Collection

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.tools import MAX_WEEKS_BACK


class CueFacts(BaseModel):
    model_config = ConfigDict(frozen=True)

    question: bool = False
    asks: bool = False  # a question word anywhere, typed without "?" ("lat machine dove devo…")
    why: bool = False
    form: bool = False
    progress: bool = False  # load progression, plateau, "should I go up in weight"
    # "What weight should I use on X?", "why did my load go up?", "am I ready to go up?":
    # the plan's own load rule answers (`analytics.load_targets`).
    load_target: bool = False
    volume: bool = False
    records: bool = False
    history: bool = False
    weeks_back: int | None = None
    greeting: bool = False
    thanks: bool = False
    motivation: bool = False
    plan_request: bool = False
    start_over: bool = False
    session: bool = False  # "what should I do today?": the session of a day, from the plan

    @property
    def analytics(self) -> bool:
        return self.progress or self.volume or self.records


def _weeks_back(doc: Document) -> int | None:
    for index in range(len(doc.tokens)):
        number = doc.number_at(index)
        unit = doc.hit_at(number[1], "time_unit") if number else None
        if number and unit is not None and unit.key == "week" and 1 <= number[0] <= 52:
            return min(int(number[0]), MAX_WEEKS_BACK)
    return None


def parse_cues(doc: Document, exercise_tokens: Collection[int] = ()) -> CueFacts:
    """`exercise_tokens`: tokens of the exercises (or family words) the message names."""
    question_sentences = {t.sentence for t in doc.tokens if t.text == "?"}
    question_sentences |= {doc.sentence(h.start) for h in doc.best("question_word")
                           if h.start == 0 or doc.tokens[h.start - 1].text in ".!?,;"}
    why = [h for h in doc.best("why") if h.key == "why"
           or doc.sentence(h.start) in question_sentences]
    progress_keys = doc.keys("progress")
    exercise_sentences = {doc.sentence(i) for i in exercise_tokens}
    if any(h.key == "load_exercise" and doc.sentence(h.start) in exercise_sentences
           for h in doc.best("progress")):
        progress_keys.add("load")
    plan_keys = doc.keys("plan_request")
    return CueFacts(
        question=bool(question_sentences),
        asks=bool(question_sentences) or doc.has("question_word"),
        why=bool(why),
        form=doc.has("form"),
        progress=bool({"load", "load_target"} & progress_keys),
        load_target="load_target" in progress_keys,
        volume="volume" in progress_keys,
        records="records" in progress_keys,
        history="history" in progress_keys,
        weeks_back=_weeks_back(doc),
        greeting=doc.has("greeting"),
        thanks=doc.has("thanks"),
        motivation=doc.has("motivation"),
        plan_request="new_plan" in plan_keys,
        start_over="start_over" in plan_keys,
        session=doc.has("session_question"),
    )
