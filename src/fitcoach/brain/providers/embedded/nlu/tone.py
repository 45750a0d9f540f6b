"""Tone preferences: "be tough on me" → `Tone.TOUGH_LOVE`; "you can stop being so harsh" revokes.

A revocation names the tone it ends through an adjective after it in its clause ("stop being so
harsh" → tough love); "talk normally" / "tono normale" ends whatever is recorded (`revoked_any`).
A request inside a revoking clause is no request ("stop being so tough on me" is not "be tough
on me").
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
    revocations = [h for h in doc.best("tone_revoke") if h.key == "revoke"]
    adjectives = doc.best("tone_adjective", "tone_request")
    revoked: Tone | None = None
    revoke_clauses: set[int] = set()
    for revocation in revocations:
        clause = doc.clause(revocation.start)
        about = [a for a in adjectives if doc.clause(a.start) == clause
                 and a.start >= revocation.start]
        if about:
            revoked = revoked or Tone(about[0].key)
            revoke_clauses.add(clause)
    requests = [h for h in doc.best("tone_request") if doc.clause(h.start) not in revoke_clauses]
    return ToneFacts(
        requested=Tone(requests[0].key) if requests else None,
        revoked=revoked,
        revoked_any=any(h.key == "reset" for h in doc.best("tone_revoke")),
    )
