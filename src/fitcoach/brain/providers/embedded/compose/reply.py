"""A reply under construction: sentences in order, each essential or optional, and the budget
that decides how many of them the user reads (SPEC §2 verbosity).

Budgets: at most 3 sentences by default; under 2 for live gym swaps (the user is holding
weights); more only when the user asked why, for a breakdown, or is planning a week. A user
who asked for brief answers gets at most 2; one who asked for the science gets one more.
Essential sentences are always kept (they are written to fit); optional ones fill what is
left, in order.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

from fitcoach.brain.providers.embedded.compose.phrasebook import PHRASES, HollowPhrase
from fitcoach.brain.providers.embedded.nlu.router import Brevity
from fitcoach.memory.entries import Tone

log = logging.getLogger(__name__)

DEFAULT_BUDGET = 3
ULTRA_BRIEF_BUDGET = 1
EXPANDED_BUDGET = 6
BRIEF_TONE_BUDGET = 2

# A sentence ends at . ! ? (or their full-width forms) followed by a space or the end. Decimal
# points ("22.5 kg") and names ("DB / Barbell Skull Crusher") are not followed by a space.
_SENTENCE_END = re.compile(r"[.!?。！？](?=\s|$)")


def count_sentences(text: str) -> int:
    stripped = text.strip()
    if not stripped:
        return 0
    ends = len(_SENTENCE_END.findall(stripped))
    return ends if _SENTENCE_END.search(stripped[-1:] + " ") else ends + 1


def budget_for(brevity: Brevity, tone: Tone | None) -> int:
    if brevity is Brevity.ULTRA_BRIEF:
        return ULTRA_BRIEF_BUDGET
    budget = EXPANDED_BUDGET if brevity is Brevity.EXPANDED else DEFAULT_BUDGET
    if tone is Tone.BRIEF:
        return min(budget, BRIEF_TONE_BUDGET)
    if tone is Tone.SCIENTIFIC and brevity is Brevity.BRIEF:
        return budget + 1
    return budget


@dataclass
class Reply:
    language: str
    tone: Tone | None
    salt: str
    parts: list[tuple[str, bool]] = field(default_factory=list)

    def say(self, key: str, **values: object) -> str:
        return PHRASES.say(key, self.language, tone=self.tone, salt=self.salt, **values)

    def add(self, key: str, *, optional: bool = False, **values: object) -> Reply:
        try:
            text = self.say(key, **values)
        except HollowPhrase as hollow:
            # Better one sentence fewer than a sentence with a hole; the suite's messages are
            # checked for this, so it is a bug to fix, not a path to rely on.
            log.warning("embedded reply dropped a sentence: %s", hollow)
            return self
        return self.add_text(text, optional=optional)

    def add_text(self, text: str, *, optional: bool = False) -> Reply:
        if text.strip():
            self.parts.append((text.strip(), not optional))
        return self

    def render(self, budget: int) -> str:
        used = sum(count_sentences(text) for text, essential in self.parts if essential)
        kept: list[str] = []
        for text, essential in self.parts:
            if essential:
                kept.append(text)
                continue
            size = count_sentences(text)
            if used + size <= budget:
                kept.append(text)
                used += size
        return " ".join(kept)
