"""Tone preferences: "be tough on me" → `Tone.TOUGH_LOVE`; "you can stop being so harsh" revokes.

A revocation names the tone it ends through an adjective after it in its clause ("stop being so
harsh" → tough love), or a tone phrase right after it ("drop the drill sergeant act"); a
softening ("tone it down", "meno duro", "פחות קשוח") ends tough love by itself; "talk normally"
/ "tono normale" ends whatever is recorded (`revoked_any`). A request for another tone beside a
revocation is a switch, not a revocation ("tone it down, be gentler" → gentle, an UPDATE of the
stored preference); a request for the revoked tone itself is none.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.lexicon import Hit
from fitcoach.memory.entries import Tone


class ToneFacts(BaseModel):
    model_config = ConfigDict(frozen=True)

    requested: Tone | None = None
    revoked: Tone | None = None
    revoked_any: bool = False

    @property
    def any(self) -> bool:
        return self.requested is not None or self.revoked is not None or self.revoked_any


REVOKED_WORD_GAP = 2  # "stop being so harsh", "drop the drill sergeant act"


def _revoked_word(doc: Document, revocation: Hit, tone_words: list[Hit]) -> Hit | None:
    """The tone word a revocation ends: an adjective after it in its clause, or any tone
    phrase right after it (at most two words between, no punctuation): "stop being so harsh",
    "drop the drill sergeant act" — but not the new tone in "stop, be gentler"."""
    clause = doc.clause(revocation.start)
    for word in tone_words:
        if doc.clause(word.start) != clause or word.start < revocation.start:
            continue
        between = doc.tokens[revocation.end:word.start]
        close = len(between) <= REVOKED_WORD_GAP and all(t.is_word for t in between)
        if word.section == "tone_adjective" or close:
            return word
    return None


BODY_WORD_REACH = 3  # "go easy on my shoulders", "어깨는 살살"


def _about_the_body(doc: Document, request: Hit) -> bool:
    """"Go easy on my shoulders on Thursday", "vacci piano con le spalle", "어깨는 살살 해줘":
    a body part right beside a gentle word is what to be gentle with, not how to talk."""
    if request.key != Tone.GENTLE.value:
        return False
    clause = doc.clause(request.start)
    return any(doc.clause(body.start) == clause
               and (0 <= body.start - request.end <= BODY_WORD_REACH
                    or 0 <= request.start - body.end <= BODY_WORD_REACH)
               for body in doc.best("body_term"))


def parse_tone(doc: Document) -> ToneFacts:
    tone_words = doc.best("tone_adjective", "tone_request")
    revoked: Tone | None = None
    ended: set[Hit] = set()
    for revocation in doc.best("tone_revoke"):
        if revocation.key == "soften":
            revoked = revoked or Tone.TOUGH_LOVE
        elif revocation.key == "revoke":
            word = _revoked_word(doc, revocation, tone_words)
            if word is not None:
                revoked = revoked or Tone(word.key)
                ended.add(word)
    # "Tone it down, be gentler", "più gentile, meno duro": the request is the new tone.
    requests = [h for h in tone_words if h.section == "tone_request" and h not in ended
                and Tone(h.key) is not revoked and not _about_the_body(doc, h)]
    return ToneFacts(
        requested=Tone(requests[0].key) if requests else None,
        revoked=revoked,
        revoked_any=any(h.key == "reset" for h in doc.best("tone_revoke")),
    )
