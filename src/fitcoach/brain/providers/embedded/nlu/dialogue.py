"""The last turns of the chat, as the router reads a follow-up against them (DESIGN D9).

The service hands the brain the last chat lines (`TurnInput.history`) and whether a change is
staged and waiting for Accept (`TurnInput.pending_proposal_id`). From them: the user's last
message (what "and Friday too?" repeats on another day), the coach's last reply, and the words
that reply offered to send ("…send “Keep my shoulders out of Thursday too” and I'll do the
same there"), which "ok yeah, do that" confirms.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.ports import ChatLine, ChatRole

# The phrasebook quotes the words it offers with typographic or straight double quotes.
_OFFER = re.compile(r"[“\"«]([^”\"»]{3,200})[”\"»]")
# How far back a follow-up of a follow-up reaches for the question it repeats.
RECENT_USERS = 3


class Dialogue(BaseModel):
    model_config = ConfigDict(frozen=True)

    last_user: str | None = None
    last_coach: str | None = None
    pending_proposal: bool = False
    # The user's last few messages, newest first (what "and calves?" after "what about
    # legs?" reaches back through to find the question both follow).
    recent_users: tuple[str, ...] = ()

    @property
    def offer(self) -> str | None:
        """The message the coach's last reply offered the user to send, if it offered one."""
        if not self.last_coach:
            return None
        found = _OFFER.findall(self.last_coach)
        return found[-1].strip() if found else None

    @classmethod
    def of(cls, history: Sequence[ChatLine], pending_proposal_id: str | None) -> Dialogue:
        last_user = next((line.text for line in reversed(history)
                          if line.role is ChatRole.USER), None)
        last_coach = next((line.text for line in reversed(history)
                           if line.role is ChatRole.COACH), None)
        recent = tuple(line.text for line in reversed(history)
                       if line.role is ChatRole.USER)[:RECENT_USERS]
        return cls(last_user=last_user, last_coach=last_coach,
                   pending_proposal=pending_proposal_id is not None, recent_users=recent)
