"""Tone preferences: "be tough on me" → `Tone.TOUGH_LOVE`; "you can stop being so harsh" revokes.

A revocation names the tone it ends through an adjective after it in its clause ("stop being so
harsh" → tough love); a softening ("tone it down", "meno duro", "פחות קשוח") ends tough love by
itself; "talk normally" / "tono normale" ends whatever is recorded (`revoked_any`). A request
for another tone beside a revocation is a switch, not a revocation ("tone it down, be gentler"
→ gentle, an UPDATE of the stored preference); a request for the revoked tone itself is none.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.memory.entries import Tone


class ToneFacts(BaseModel):
    model_config = ConfigDict(frozen=True)

    requested: Tone | None = None
    revoked: Tone | None = None
    revoked_any: bool = False

    @property
    def any(self) -> bool:
        return self.requested is not None or self.revoked is not None or self.revoked_any


def parse_tone(doc: Document) -> ToneFacts:
    tone_words = doc.best("tone_adjective", "tone_request")
    # Adjectives a revocation can be about; a request phrase is never what is revoked.
    adjectives = [h for h in tone_words if h.section == "tone_adjective"]
    revoked: Tone | None = None
    for revocation in doc.best("tone_revoke"):
        if revocation.key == "soften":
            revoked = revoked or Tone.TOUGH_LOVE
        elif revocation.key == "revoke":
            clause = doc.clause(revocation.start)
            about = [a for a in adjectives if doc.clause(a.start) == clause
                     and a.start >= revocation.start]
            if about:
                revoked = revoked or Tone(about[0].key)
    # "Tone it down, be gentler", "più gentile, meno duro": the request is the new tone.
    requests = [h for h in tone_words if h.section == "tone_request"
                and Tone(h.key) is not revoked]
    return ToneFacts(
        requested=Tone(requests[0].key) if requests else None,
        revoked=revoked,
        revoked_any=any(h.key == "reset" for h in doc.best("tone_revoke")),
    )
