"""Exercise mentions → catalog slugs, fuzzy but never invented.

Every alias of the catalog (`CATALOG.alias_index`, all five languages, plus slugs and names) is
turned into a bag of *concept tokens*: words are normalised like messages, filler words
("the", "con", "di", "עם", particles) are dropped, variants map onto one concept ("mancuernas",
"manubri", "משקולות יד", "덤벨" → `db`; "rows" → `row`), Hebrew prefixes are stripped and Latin
words misspelt by a letter or two are corrected against the alias vocabulary (difflib).

A bare family word with nothing to pin it down ("quita las aperturas", "drop the curls", "togli
le croci") names no one exercise, and the catalog rightly has no such alias. It is kept as a
*family mention*: the head concept (marked `family: true` in `ex_synonym`) and every slug whose
aliases contain it, narrowed by the exercise words right next to it ("db curls"). The composer,
which sees the plan, resolves it to the one member the day actually holds.

A message is matched sentence by sentence: for each alias sharing a token with the sentence, the
best window of the sentence is scored by the share of the alias's weight it covers (weights are
inverse document frequencies over slugs, so "arnold" counts more than "press") minus a small
penalty for foreign words inside the window. Word order is free. A mention is accepted only at
`ACCEPT_SCORE` or above; overlapping mentions keep the one that covers more words. The result
is always a slug of the catalog.
"""

from __future__ import annotations

import difflib
import math
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.lexicon import LEXICON
from fitcoach.brain.providers.embedded.nlu.text import HEBREW_PREFIX_LETTERS
from fitcoach.catalog.registry import default_catalog

ACCEPT_SCORE = 0.75
# Equipment words: a match made only of these ("덤벨과 조절식 벤치") names gear, not an exercise.
GEAR_CONCEPTS = frozenset({"db", "bb", "bench", "cable"})
INTRUDER_PENALTY = 0.08
_LIST_BREAKS = frozenset({",", ";"})
EXTRA_WINDOW = 2
FUZZY_CUTOFF = 0.8

Role = Literal["out", "in"]
# Head concepts that name a family of exercises when they stand alone.
FAMILY_HEADS = frozenset(key for key, meta in LEXICON.section("ex_synonym").items()
                         if meta.get("family"))


class ExerciseCandidate(BaseModel):
    model_config = ConfigDict(frozen=True)

    slug: str
    score: float


class ExerciseMention(BaseModel):
    model_config = ConfigDict(frozen=True)

    slug: str
    score: float
    start: int  # token span in the message
    end: int
    role: Role | None = None  # "out": the exercise to replace; "in": the one wanted instead
    family: tuple[str, ...] = ()  # named by a family word alone: any of these in context

    def resolve(self, present: Collection[str]) -> str | None:
        """This exercise if `present` (a day's exercises) holds it, else the one member of its
        family there, if exactly one."""
        if self.slug in present or not self.family:
            return self.slug if self.slug in present else None
        members = [slug for slug in self.family if slug in present]
        return members[0] if len(members) == 1 else None


class FamilyMention(BaseModel):
    """A family word standing alone ("aperturas"): any of `slugs`, best guess first."""

    model_config = ConfigDict(frozen=True)

    head: str
    slugs: tuple[str, ...]
    start: int
    end: int
    role: Role | None = None

    def resolve(self, present: Collection[str]) -> str | None:
        """The one member of the family among `present` (a day's exercises), if exactly one."""
        members = [slug for slug in self.slugs if slug in present]
        return members[0] if len(members) == 1 else None


class ExerciseFacts(BaseModel):
    model_config = ConfigDict(frozen=True)

    mentions: tuple[ExerciseMention, ...] = ()
    families: tuple[FamilyMention, ...] = ()
    swap_requested: bool = False  # "instead of", "replace", "en lugar de", "대신"…

    @property
    def slugs(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(m.slug for m in self.mentions))

    @property
    def out(self) -> str | None:
        return next((m.slug for m in self.mentions if m.role == "out"), None)

    @property
    def wanted(self) -> str | None:
        return next((m.slug for m in self.mentions if m.role == "in"), None)

    @property
    def family_out(self) -> FamilyMention | None:
        return next((f for f in self.families if f.role == "out"), None)


@dataclass(frozen=True, slots=True)
class _Concept:
    word: str
    start: int  # token index range in the document
    end: int
    sentence: int


def _hebrew_canonical(word: str) -> str:
    """Strip up to two glued prefixes, consistently on both sides (aliases and messages)."""
    for _ in range(2):
        if len(word) > 3 and word[0] in HEBREW_PREFIX_LETTERS:
            word = word[1:]
    return word


def _plain_stem(word: str) -> str:
    if len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _concepts(doc: Document, fuzzy: bool) -> list[_Concept]:
    concepts: list[_Concept] = []
    synonyms = {h.start: h for h in doc.best("ex_synonym", "ex_stopword")}
    # Words some lexicon knows ("panchina", "occupata") are not misspelt exercise words.
    known = {i for h in doc.hits for i in range(h.start, h.end)} if fuzzy else set()
    index = 0
    while index < len(doc.tokens):
        hit = synonyms.get(index)
        token = doc.tokens[index]
        if hit is not None:
            if hit.section == "ex_synonym":
                concepts.append(_Concept(hit.key, hit.start, hit.end, token.sentence))
            index = hit.end
            continue
        index += 1
        if not token.is_word and not token.is_number:
            continue
        word = token.text
        if token.script == "hebrew":
            word = _hebrew_canonical(word)
        elif token.script == "latin":
            word = _plain_stem(word)
            if fuzzy and word not in _INDEX.vocabulary and index - 1 not in known:
                word = _corrected(word)
        concepts.append(_Concept(word, index - 1, index, token.sentence))
    return concepts


@lru_cache(maxsize=8192)
def _corrected(word: str) -> str:
    """The alias-vocabulary word a misspelt Latin word stands for (or the word itself)."""
    if len(word) < 4:
        return word
    bucket = _INDEX.buckets.get(word[0], ())
    close = difflib.get_close_matches(word, bucket, n=1, cutoff=FUZZY_CUTOFF)
    return close[0] if close else word


@dataclass(frozen=True, slots=True)
class _Alias:
    slug: str
    words: frozenset[str]
    weight: float


class _AliasIndex:
    def __init__(self) -> None:
        self.aliases: list[_Alias] = []
        self.vocabulary: set[str] = set()
        self.buckets: dict[str, tuple[str, ...]] = {}
        self.by_word: dict[str, list[int]] = defaultdict(list)
        self.weights: dict[str, float] = {}
        self.words_of: dict[str, frozenset[str]] = {}

    def build(self) -> None:
        catalog = default_catalog()
        bags: list[tuple[str, frozenset[str]]] = []
        for alias, slug in catalog.alias_index.items():
            words = frozenset(c.word for c in _concepts(Document.of(alias), fuzzy=False))
            if words:
                bags.append((slug, words))
        slugs_of: dict[str, set[str]] = defaultdict(set)
        for slug, words in bags:
            for word in words:
                slugs_of[word].add(slug)
        total = len(catalog)
        self.weights = {w: math.log(1 + total / len(s)) for w, s in slugs_of.items()}
        seen: set[tuple[str, frozenset[str]]] = set()
        for slug, words in bags:
            if (slug, words) in seen:
                continue
            seen.add((slug, words))
            weight = sum(self.weights[w] for w in words)
            self.aliases.append(_Alias(slug, words, weight))
            for word in words:
                self.by_word[word].append(len(self.aliases) - 1)
        self.vocabulary = set(self.weights)
        words_of: dict[str, set[str]] = defaultdict(set)
        for slug, words in bags:
            words_of[slug] |= words
        self.words_of = {slug: frozenset(words) for slug, words in words_of.items()}
        buckets: dict[str, list[str]] = defaultdict(list)
        for word in self.vocabulary:
            if word.isascii() and word.isalpha():
                buckets[word[0]].append(word)
        self.buckets = {k: tuple(sorted(v)) for k, v in buckets.items()}


_INDEX = _AliasIndex()
_INDEX.build()


@dataclass(slots=True)
class _Scored:
    slug: str
    score: float
    start: int
    end: int
    covered: int
    intruders: int = 0


def _score_sentence(concepts: list[_Concept]) -> list[_Scored]:
    found: list[_Scored] = []
    positions: dict[str, list[int]] = defaultdict(list)
    for position, concept in enumerate(concepts):
        positions[concept.word].append(position)
    present = set(positions)
    candidate_ids = {i for word in present for i in _INDEX.by_word.get(word, ())}
    for alias_id in candidate_ids:
        alias = _INDEX.aliases[alias_id]
        # Cheap bound first: even a perfect window cannot beat the words the sentence lacks.
        if sum(_INDEX.weights[w] for w in alias.words & present) < ACCEPT_SCORE * alias.weight:
            continue
        hits = sorted(p for w in alias.words for p in positions.get(w, ()))
        width = len(alias.words) + EXTRA_WINDOW
        best: _Scored | None = None
        for first in hits:
            inside: list[int] = []
            words: set[str] = set()
            for position in hits:  # the shortest window from `first` covering what it can
                word = concepts[position].word
                if first <= position < first + width and word not in words:
                    inside.append(position)
                    words.add(word)
            last = max(inside)
            intruders = (last - first + 1) - len(inside)
            if words <= GEAR_CONCEPTS and (intruders or not alias.words <= GEAR_CONCEPTS):
                continue
            weight = sum(_INDEX.weights[w] for w in sorted(words & alias.words))
            # Rounded: sums over word sets must not rank differently from run to run.
            score = round(weight / alias.weight - INTRUDER_PENALTY * intruders, 9)
            if best is None or score > best.score:
                best = _Scored(alias.slug, score, concepts[first].start, concepts[last].end,
                               len(words), intruders)
        if best is not None and best.score >= ACCEPT_SCORE:
            found.append(best)
    return found


def _match(doc: Document, concepts: list[_Concept]) -> list[_Scored]:
    by_sentence: dict[int, list[_Concept]] = defaultdict(list)
    for concept in concepts:
        by_sentence[concept.sentence].append(concept)
    scored = [s for concepts in by_sentence.values() for s in _score_sentence(concepts)]
    chosen: list[_Scored] = []
    taken: set[int] = set()
    # Words covered count, minus the words a window had to skip: "DB Goblet Squat for
    # Bulgarian Split Squat" is two exercises, not one "DB Bulgarian Split Squat" spread over
    # both names.
    for item in sorted(scored, key=lambda s: (-(s.covered - s.intruders), -s.score, s.start,
                                              s.end, s.slug)):
        span = set(range(item.start, item.end))
        if any(doc.tokens[i].text in _LIST_BREAKS for i in span):
            continue  # "a barbell, a squat rack" lists two things, not a barbell squat
        if taken.isdisjoint(span):
            chosen.append(item)
            taken |= span
    return sorted(chosen, key=lambda s: s.start)


@dataclass(slots=True)
class _Family:
    head: str
    slugs: tuple[str, ...]
    start: int
    end: int


def _families(all_concepts: list[_Concept], found: list[_Scored]) -> list[_Family]:
    """Family words outside every accepted mention, with the slugs they may stand for."""
    taken = {i for s in found for i in range(s.start, s.end)}
    concepts = [c for c in all_concepts if c.start not in taken]
    families: list[_Family] = []
    for index, concept in enumerate(concepts):
        if concept.word not in FAMILY_HEADS:
            continue
        members = _family_members(concept.word)
        # The exercise words right beside it narrow the family: "db curls", "cable flyes".
        for near in (index - 1, index + 1):
            if 0 <= near < len(concepts) and concepts[near].sentence == concept.sentence \
                    and abs(concepts[near].start - concept.start) == 1 \
                    and concepts[near].word not in FAMILY_HEADS:
                narrowed = tuple(slug for slug in members
                                 if concepts[near].word in _INDEX.words_of.get(slug, ()))
                members = narrowed or members
        if members and (not families or families[-1].end <= concept.start):
            families.append(_Family(concept.word, tuple(members), concept.start, concept.end))
    return families


@lru_cache(maxsize=64)
def _family_members(head: str) -> tuple[str, ...]:
    """Slugs with an alias built on `head`, the most typical first (its share of the alias)."""
    best: dict[str, float] = {}
    for alias_id in _INDEX.by_word.get(head, ()):
        alias = _INDEX.aliases[alias_id]
        share = _INDEX.weights[head] / alias.weight
        best[alias.slug] = max(best.get(alias.slug, 0.0), share)
    return tuple(sorted(best, key=lambda slug: (-round(best[slug], 9), slug)))


Span = _Scored | _Family


def _roles(doc: Document, found: list[Span]) -> tuple[list[Role | None], bool]:
    roles: list[Role | None] = [None] * len(found)
    cues = doc.best("swap_cue")
    for cue in cues:
        sentence = doc.sentence(cue.start)
        after = [i for i, s in enumerate(found) if s.start >= cue.end
                 and doc.sentence(s.start) == sentence]
        before = [i for i, s in enumerate(found) if s.end <= cue.start
                  and doc.sentence(s.start) == sentence]
        if cue.key == "instead_of" and after:
            roles[after[0]] = "out"
            if before and roles[before[-1]] is None:
                roles[before[-1]] = "in"
        elif cue.key == "replace" and after:
            roles[after[0]] = "out"
            if len(after) > 1:
                roles[after[1]] = "in"
        elif cue.key == "instead_after" and before:
            roles[before[-1]] = "out"
            if after and roles[after[0]] is None:
                roles[after[0]] = "in"
        elif cue.key == "replace_after" and before:
            roles[before[0]] = "out"
            if len(before) > 1:
                roles[before[-1]] = "in"
    return roles, bool(cues)


def _head_only(concepts: list[_Concept], found: _Scored) -> tuple[str, ...]:
    """The family a mention may stand for when its words are a generic name: a family head
    alone ("curls" read as the catalog's plain curl), or words every member's name contains
    ("bench press", "벤치프레스": the barbell, dumbbell and incline bench presses). A day, a
    plan or a log holding another member means that one."""
    words = frozenset(c.word for c in concepts if found.start <= c.start < found.end)
    if len(words) == 1 and (head := next(iter(words))) in FAMILY_HEADS:
        return _family_members(head)
    pattern = default_catalog().get(found.slug).pattern
    members = [slug for slug in _generic_members(words)
               if default_catalog().get(slug).pattern is pattern]  # the same movement
    if len(members) > 1 and found.slug in members:
        return (found.slug, *(slug for slug in members if slug != found.slug))
    return ()


@lru_cache(maxsize=1024)
def _generic_members(words: frozenset[str]) -> tuple[str, ...]:
    """Slugs with an alias containing all of `words`, the closest names first (fewest words
    beyond them)."""
    extra: dict[str, int] = {}
    for alias_id in _INDEX.by_word.get(next(iter(words)), ()) if words else ():
        alias = _INDEX.aliases[alias_id]
        if words <= alias.words:
            extra[alias.slug] = min(extra.get(alias.slug, 99), len(alias.words - words))
    return tuple(sorted(extra, key=lambda slug: (extra[slug], slug)))


def parse_exercises(doc: Document) -> ExerciseFacts:
    concepts = _concepts(doc, fuzzy=True)
    found = _match(doc, concepts)
    spans: list[Span] = sorted([*found, *_families(concepts, found)], key=lambda s: s.start)
    roles, swap = _roles(doc, spans)
    mentions: list[ExerciseMention] = []
    families: list[FamilyMention] = []
    for span, role in zip(spans, roles, strict=True):
        if isinstance(span, _Family):
            families.append(FamilyMention(head=span.head, slugs=span.slugs, start=span.start,
                                          end=span.end, role=role))
        else:
            mentions.append(ExerciseMention(slug=span.slug, score=round(min(span.score, 1.0), 3),
                                            start=span.start, end=span.end, role=role,
                                            family=_head_only(concepts, span)))
    return ExerciseFacts(mentions=tuple(mentions), families=tuple(families), swap_requested=swap)


def exercise_candidates(phrase: str, limit: int = 5) -> list[ExerciseCandidate]:
    """Best-scoring slugs for a phrase that names one exercise, accepted or not (for tools)."""
    concepts = _concepts(Document.of(phrase), fuzzy=True)
    words = {c.word for c in concepts}
    scores: dict[str, float] = {}
    for word in words:
        for alias_id in _INDEX.by_word.get(word, ()):
            alias = _INDEX.aliases[alias_id]
            covered = sum(_INDEX.weights[w] for w in alias.words & words)
            extra = len(words - alias.words)
            score = covered / alias.weight - INTRUDER_PENALTY * extra
            scores[alias.slug] = max(scores.get(alias.slug, -1.0), score)
    ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:limit]
    return [ExerciseCandidate(slug=slug, score=round(score, 3)) for slug, score in ranked]
