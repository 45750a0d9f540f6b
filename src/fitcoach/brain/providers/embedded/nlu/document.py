"""A message prepared once for every analyser: normalised text, tokens and lexicon hits.

Each analyser reads a `Document` rather than the raw string, so the message is normalised,
tokenised and scanned against the lexicons exactly once per turn.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from fitcoach.brain.providers.embedded.nlu.frames import Framing, find_framing, visible_hits
from fitcoach.brain.providers.embedded.nlu.lexicon import LEXICON, Hit, best_hits
from fitcoach.brain.providers.embedded.nlu.text import Token, normalize

MAX_MESSAGE_CHARS = 4000
# Hebrew names weekdays by a letter and a geresh ("א׳" Sunday … "ו׳" Friday, "ש׳" Saturday),
# often with a glued prefix ("בג׳", "וה׳"). Normalising drops the geresh, leaving a bare
# letter, so the letter is spelled out as "יום X" first, which the weekday lexicon knows.
_HEBREW_DAY_LETTER = re.compile(
    r"(?<![\u05d0-\u05ea])(?<!יום )([ובלמ]?)([אבגדהוש])\s?[׳'](?![\u05d0-\u05ea])")


def expand_hebrew_day_letters(text: str) -> str:
    def spell(match: re.Match[str]) -> str:
        prefix, letter = match.group(1), match.group(2)
        return f"{prefix}יום {'שבת' if letter == 'ש' else letter}"
    return _HEBREW_DAY_LETTER.sub(spell, text)



@dataclass
class Document:
    text: str
    normalized: str
    tokens: list[Token]
    hits: list[Hit]
    framing: Framing = field(default_factory=lambda: Framing(frozenset(), frozenset(),
                                                             frozenset()))
    _best_cache: dict[tuple[str, ...], list[Hit]] = field(default_factory=dict, repr=False)
    _numbers: dict[int, tuple[float, int] | None] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, text: str) -> Document:
        normalized = normalize(expand_hebrew_day_letters(text[:MAX_MESSAGE_CHARS]))
        tokens = LEXICON.tokenize(normalized)
        hits = LEXICON.scan(tokens)
        # Hypothetical, injected and reported text is hidden here, once, from every analyser.
        framing = find_framing(tokens, hits)
        return cls(text, normalized, tokens, visible_hits(hits, framing), framing)

    def best(self, *sections: str) -> list[Hit]:
        """Non-overlapping hits of these sections (longest first), in text order."""
        cached = self._best_cache.get(sections)
        if cached is None:
            cached = best_hits(self.hits, *sections)
            self._best_cache[sections] = cached
        return cached

    def has(self, *sections: str) -> bool:
        return bool(self.best(*sections))

    def keys(self, *sections: str) -> set[str]:
        return {hit.key for hit in self.best(*sections)}

    @cached_property
    def hits_at(self) -> dict[int, list[Hit]]:
        """Token index → every hit starting there."""
        table: dict[int, list[Hit]] = defaultdict(list)
        for hit in self.hits:
            table[hit.start].append(hit)
        return table

    def hit_at(self, index: int, *sections: str) -> Hit | None:
        """The longest hit of these sections starting at token `index`."""
        wanted = [h for h in self.hits_at.get(index, ()) if h.section in sections]
        return max(wanted, key=lambda h: h.size) if wanted else None

    @cached_property
    def hits_ending(self) -> dict[int, list[Hit]]:
        """Token index → every hit ending right before it."""
        table: dict[int, list[Hit]] = defaultdict(list)
        for hit in self.hits:
            table[hit.end].append(hit)
        return table

    def hit_ending_at(self, end: int, *sections: str) -> Hit | None:
        """The longest hit of these sections that ends right before token `end`."""
        wanted = [h for h in self.hits_ending.get(end, ()) if h.section in sections]
        return max(wanted, key=lambda h: h.size) if wanted else None

    def clause(self, index: int) -> int:
        return self.tokens[index].clause if 0 <= index < len(self.tokens) else -1

    def sentence(self, index: int) -> int:
        return self.tokens[index].sentence if 0 <= index < len(self.tokens) else -1

    def number_at(self, index: int) -> tuple[float, int] | None:
        """The number written at token `index` (digits or a number word) and the index after it."""
        if index not in self._numbers:
            self._numbers[index] = self._read_number(index)
        return self._numbers[index]

    def _read_number(self, index: int) -> tuple[float, int] | None:
        if not 0 <= index < len(self.tokens):
            return None
        token = self.tokens[index]
        if token.is_number:
            try:
                return float(token.text.replace(",", ".")), index + 1
            except ValueError:  # pragma: no cover - the tokenizer only yields digits here
                return None
        hit = self.hit_at(index, "number")
        if hit is None:
            return None
        value = LEXICON.section("number")[hit.key]["value"]
        return float(value), hit.end
