"""Form faults: what goes wrong in a rep, told with the body part it happens to ("my knees
cave in on the way up", "se me redondea la espalda abajo", "le ginocchia vanno verso
l'interno", "הברכיים נכנסות פנימה", "허리가 말리면").

A fault word counts only next to a body part it can be about, in the same clause ("round"
alone is no back rounding), or, when the sentence names an exercise and no body part, for the
part the fault is usually about ("caving in on goblet squats" is the knees). A fault makes
the message a technique question (DESIGN D9): the sentence that tells it reports no
diagnosis, so "is that a problem?" is asked, not a knee problem told.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.lexicon import LEXICON
from fitcoach.catalog.vocabulary import BodyPart


class FormFault(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: str  # a `form_fault` key: cave_in, rounding, flaring, rising, arching, shrugging
    body_part: BodyPart
    sentence: int


def _parts(kind: str) -> tuple[BodyPart, ...]:
    return tuple(BodyPart(p) for p in LEXICON.section("form_fault")[kind]["parts"])


def parse_faults(doc: Document, body_terms: Sequence[tuple[int, tuple[BodyPart, ...]]],
                 exercise_tokens: Collection[int] = ()) -> tuple[FormFault, ...]:
    """`body_terms`: (token position, parts) of each body word the message names."""
    exercise_sentences = {doc.sentence(i) for i in exercise_tokens}
    faults: list[FormFault] = []
    for hit in doc.best("form_fault"):
        allowed = _parts(hit.key)
        clause, sentence = doc.clause(hit.start), doc.sentence(hit.start)
        near = [part for position, parts in body_terms if doc.clause(position) == clause
                for part in parts if part in allowed]
        named_any = any(doc.sentence(position) == sentence for position, _ in body_terms)
        if near:
            part = near[0]
        elif not named_any and sentence in exercise_sentences:
            part = allowed[0]
        else:
            continue
        fault = FormFault(kind=hit.key, body_part=part, sentence=sentence)
        if fault not in faults:
            faults.append(fault)
    return tuple(faults)
