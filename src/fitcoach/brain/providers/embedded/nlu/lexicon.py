"""The lexicons: YAML data files loaded once at import, compiled into one token trie.

Every data file maps a section (a concern, e.g. `weekday`) to keys (e.g. `monday`), and each key
to its phrases in the five languages side by side plus any metadata the analyser needs:

    weekday:
      monday:
        index: 0
        en: [monday, mondays, mon]
        ...

Phrase syntax, kept small on purpose:
- words are separated by spaces and normalised like messages (case, accents, quotes);
- `word*` matches any word starting with `word` (inflections: "tweak*" → tweaked, tweaking);
- ` ... ` lets up to six tokens stand between two parts ("go ... easy on me").
Hebrew words also match with glued prefixes (ו/ה/ב/ל/מ/ש/כ); Korean words match with particles
attached, because tokens are segmented against the Hangul vocabulary gathered here.

One trie over all files means one pass over the message finds every phrase of every concern;
a big regex alternation was measured at ~50 ms per message, the trie at well under 1 ms.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

from fitcoach.brain.providers.embedded.nlu.text import Token, normalize, script_of, tokenize
from fitcoach.catalog.models import LANGUAGES
from fitcoach.catalog.registry import default_catalog

DATA_PACKAGE = "fitcoach.brain.providers.embedded"
DATA_FILES = (
    "language", "numbers", "time", "quantities", "gear", "body", "goals", "events",
    "exercise_words", "tone", "cues", "requests", "frames",
)
GAP = "\x00gap"
END = "\x00end"
MAX_GAP_WORDS = 6


@dataclass(frozen=True, slots=True)
class Hit:
    """One phrase found in a message: `tokens[start:end]` matched `section.key` in `lang`."""

    section: str
    key: str
    lang: str
    start: int
    end: int

    @property
    def size(self) -> int:
        return self.end - self.start


def _phrase_tokens(phrase: str) -> list[tuple[str, bool]]:
    """(word, is_stem) pairs of one phrase; GAP marks a `...`."""
    parts: list[tuple[str, bool]] = []
    for index, chunk in enumerate(phrase.split("...")):
        if index:
            parts.append((GAP, False))
        words = tokenize(normalize(chunk), ())
        for word in words:
            if word.text == "*" and parts:
                parts[-1] = (parts[-1][0], True)
            elif word.text != "*":
                parts.append((word.text, False))
    return parts


class Lexicon:
    """All sections of all data files, with their metadata and the compiled trie."""

    def __init__(self, documents: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> None:
        self._sections: dict[str, dict[str, dict[str, Any]]] = {}
        self._trie: dict[str, Any] = {}
        self._stems: set[str] = set()
        hangul: set[str] = set()
        for document in documents.values():
            for section, keys in document.items():
                if section in self._sections:
                    raise ValueError(f"section {section!r} defined twice")
                self._sections[section] = {}
                for key, body in keys.items():
                    key = str(key)
                    meta = {k: v for k, v in body.items() if k not in LANGUAGES}
                    self._sections[section][key] = meta
                    for lang in LANGUAGES:
                        for phrase in body.get(lang, ()) or ():
                            hangul.update(self._insert(str(phrase), (section, key, lang)))
        for exercise in default_catalog():
            for alias in exercise.aliases.get("ko", ()):
                hangul.update(w for w in normalize(alias).split() if script_of(w) == "hangul")
        self.hangul_vocabulary = frozenset(hangul)
        self.longest_hangul = max((len(w) for w in hangul), default=1)

    def _insert(self, phrase: str, value: tuple[str, str, str]) -> list[str]:
        parts = _phrase_tokens(phrase)
        if not parts or parts[0][0] == GAP:
            raise ValueError(f"empty or gap-first phrase {phrase!r} in {value}")
        node = self._trie
        for word, stem in parts:
            key = word + "*" if stem else word
            if stem:
                self._stems.add(key)
            node = node.setdefault(key, {})
        node.setdefault(END, []).append(value)
        return [w for w, _ in parts if w != GAP and script_of(w) == "hangul"]

    def section(self, name: str) -> dict[str, dict[str, Any]]:
        """key → metadata of one section."""
        return self._sections[name]

    def tokenize(self, normalized: str) -> list[Token]:
        return tokenize(normalized, self.hangul_vocabulary, self.longest_hangul)

    def _lookup_keys(self, token: Token) -> Iterator[str]:
        for key in token.keys:
            yield key
            if self._stems and len(key) >= 3 and token.script in ("latin", "hebrew"):
                for size in range(len(key), 2, -1):
                    stem = key[:size] + "*"
                    if stem in self._stems:
                        yield stem

    def scan(self, tokens: list[Token]) -> list[Hit]:
        """Every phrase occurrence in the tokens (overlaps included), in one pass."""
        hits: list[Hit] = []
        for start in range(len(tokens)):
            self._walk(tokens, start, start, self._trie, hits)
        return hits

    def _walk(self, tokens: list[Token], start: int, index: int, node: dict[str, Any],
              hits: list[Hit]) -> None:
        if END in node and index > start:
            hits.extend(Hit(s, k, lang, start, index) for s, k, lang in node[END])
        if index >= len(tokens):
            return
        token = tokens[index]
        for key in self._lookup_keys(token):
            child = node.get(key)
            if child is not None:
                self._walk(tokens, start, index + 1, child, hits)
        gap = node.get(GAP)
        if gap is not None and index > start:
            sentence = tokens[index - 1].sentence
            for skip in range(1, MAX_GAP_WORDS + 1):
                position = index + skip
                if position >= len(tokens) or tokens[position - 1].sentence != sentence:
                    break
                self._walk(tokens, start, position, gap, hits)
            self._walk(tokens, start, index, gap, hits)


def best_hits(hits: Iterable[Hit], *sections: str) -> list[Hit]:
    """Non-overlapping hits of the given sections, longest first, then in text order."""
    chosen: list[Hit] = []
    taken: set[int] = set()
    wanted = set(sections)
    for hit in sorted((h for h in hits if h.section in wanted), key=lambda h: (-h.size, h.start)):
        span = range(hit.start, hit.end)
        if taken.isdisjoint(span):
            chosen.append(hit)
            taken.update(span)
    return sorted(chosen, key=lambda h: h.start)


class _PhraseLoader(yaml.SafeLoader):
    """YAML without YAML 1.1 booleans: "on", "no", "yes", "off" are words here, not flags."""


_PhraseLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _load() -> Lexicon:
    documents = {}
    folder = resources.files(DATA_PACKAGE).joinpath("data")
    for name in DATA_FILES:
        text = folder.joinpath(f"{name}.yaml").read_text("utf-8")
        documents[name] = yaml.load(text, Loader=_PhraseLoader) or {}
    return Lexicon(documents)


LEXICON = _load()
