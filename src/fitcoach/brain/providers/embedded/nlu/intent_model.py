"""The statistical intent model: a message → a probability per intent (DESIGN D9).

A multinomial logistic regression over hashed features (character n-grams inside words, and
words and word pairs), trained by `scripts/train_intent_model.py` on the corpus in
`data/corpus/<language>/intents.yaml`. Serving needs no numerical library: the artifact
(`data/models/intent.v1.bin`) holds the weights of the features that matter, quantised to
one signed byte, and scoring a message is a sum of a few hundred small integer rows in
plain Python. The featuriser lives here so that training and serving read text identically.

The model is a reader, not a decider: the router's high-precision rules stay in charge, and
the model decides only where they have nothing confident to say (`router._model_route`).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import unicodedata
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from itertools import pairwise

ARTIFACT = "intent.v1.bin"
FORMAT = "fitcoach-intent-model/2"
# Each kept bucket's weights are stored as one row of LANE_BITS-bit lanes (weight + 128), so
# scoring a message adds one Python integer per feature instead of one number per label.
LANE_BITS = 20
LANE_OFFSET = 128
MAX_FEATURES = (1 << LANE_BITS) // 256 - 1  # lanes cannot overflow below this many rows
HASH_BITS = 20  # 1M buckets before pruning: collisions are rare at this corpus size
CHAR_SIZES = (2, 3, 4)

_TOKEN = re.compile(r"[^\W_]+|\?", re.UNICODE)
_DIGIT = re.compile(r"\d")


class ModelIntent(StrEnum):
    """What the model reads a message as: the router's intents, plus the dialogue acts that
    only make sense against the last turns and the questions about the plan itself."""

    ONBOARDING = "onboarding"
    DAY_CHANGE = "day_change"
    WEEK_OVERHAUL = "week_overhaul"
    GYM_SWAP = "gym_swap"
    ACUTE_STATE = "acute_state"
    SITUATIONAL_EVENT = "situational_event"
    PROGRESS_REVIEW = "progress_review"
    FORM_QA = "form_qa"
    MEMORY_UPDATE = "memory_update"
    CONVERSATION = "conversation"
    PLAN_QUESTION = "plan_question"  # "why no biceps this week?", "what's a superset?"
    CONFIRM = "confirm"  # "ok yeah, do that" after the coach offered something
    REJECT = "reject"  # "no thanks, keep it as it was" while a change is staged
    UNDO = "undo"  # "undo that", "put Monday back"
    FOLLOW_UP = "follow_up"  # "and Friday too?", "no, the other one"


def normalize(text: str) -> str:
    """Case, accents and digits folded: "Mañana 25 MIN" and "manana 30 min" read alike.
    Hangul survives: its syllables decompose into jamo (letters, not marks) and recompose."""
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text).casefold())
    bare = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    return _DIGIT.sub("0", unicodedata.normalize("NFC", bare))


def features(text: str) -> list[int]:
    """The message's distinct feature buckets."""
    tokens = _TOKEN.findall(normalize(text))
    grams: set[str] = set()
    for token in tokens:
        grams.add("w:" + token)
        padded = f" {token} "
        for size in CHAR_SIZES:
            for start in range(max(len(padded) - size + 1, 1)):
                grams.add("c:" + padded[start:start + size])
    for first, second in pairwise(tokens):
        grams.add(f"b:{first} {second}")
    mask = (1 << HASH_BITS) - 1
    return sorted({zlib.crc32(g.encode("utf-8")) & mask for g in grams})


@dataclass(frozen=True)
class IntentReading:
    """The model's probabilities, best first."""

    ranked: tuple[tuple[ModelIntent, float], ...]

    @property
    def top(self) -> ModelIntent:
        return self.ranked[0][0]

    @property
    def confidence(self) -> float:
        return self.ranked[0][1]

    def probability(self, intent: ModelIntent) -> float:
        return next((p for i, p in self.ranked if i is intent), 0.0)


class IntentModel:
    """The loaded artifact: bias per label, and a row of quantised weights per kept bucket."""

    def __init__(self, labels: Iterable[ModelIntent], bias: list[float], scale: float,
                 buckets: array[int], rows: bytes, version: str) -> None:
        self.labels = tuple(labels)
        self.bias = bias
        self.scale = scale
        self.version = version
        self.corpus_sha256 = ""
        # Sorted bucket ids, searched by bisection: building a dict of ~10^4 rows would cost
        # more at start-up than a day's lookups together.
        self._buckets = buckets
        self._rows = rows
        self._row_bytes = row_bytes(len(self.labels))

    @classmethod
    def from_bytes(cls, blob: bytes) -> IntentModel:
        raw = zlib.decompress(blob)
        head_end = raw.index(b"\n")
        head = json.loads(raw[:head_end])
        if head.get("format") != FORMAT:
            raise ValueError(f"not an intent model artifact: {head.get('format')!r}")
        count = head["buckets"]
        buckets = array("I")
        buckets.frombytes(raw[head_end + 1:head_end + 1 + 4 * count])
        rows = raw[head_end + 1 + 4 * count:]
        if len(rows) != count * row_bytes(len(head["labels"])):
            raise ValueError("intent model artifact is truncated")
        model = cls([ModelIntent(x) for x in head["labels"]], head["bias"], head["scale"],
                    buckets, rows, head["version"])
        model.corpus_sha256 = head.get("corpus_sha256", "")
        return model

    def read(self, text: str) -> IntentReading:
        buckets = features(text)
        total, found = 0, 0
        kept, rows, size, count = self._buckets, self._rows, self._row_bytes, len(self._buckets)
        for bucket in buckets:
            i = bisect_left(kept, bucket)
            if i < count and kept[i] == bucket and found < MAX_FEATURES:
                total += int.from_bytes(rows[i * size:(i + 1) * size], "little")
                found += 1
        mask = (1 << LANE_BITS) - 1
        sums = [((total >> (k * LANE_BITS)) & mask) - LANE_OFFSET * found
                for k in range(len(self.labels))]
        # Features are binary and the vector L2-normalised, as in training.
        norm = self.scale / math.sqrt(len(buckets)) if found else 0.0
        logits = [b + s * norm for b, s in zip(self.bias, sums, strict=True)]
        peak = max(logits)
        exps = [math.exp(v - peak) for v in logits]
        mass = sum(exps)
        ranked = sorted(((label, e / mass) for label, e in zip(self.labels, exps,
                                                                strict=True)),
                        key=lambda pair: -pair[1])
        return IntentReading(ranked=tuple(ranked))


def corpus_sha256(folder: Traversable) -> str:
    """The digest of the training corpus (every language's file, in name order)."""
    digest = hashlib.sha256()
    for language in sorted(f.name for f in folder.iterdir() if f.is_dir()):
        digest.update(language.encode("utf-8"))
        digest.update(folder.joinpath(language, "intents.yaml").read_bytes())
    return digest.hexdigest()


def row_bytes(labels: int) -> int:
    return (labels * LANE_BITS + 7) // 8


def pack_row(weights: Iterable[int]) -> bytes:
    """One bucket's int8 weights (one per label, in label order) as lanes."""
    packed, count = 0, 0
    for k, weight in enumerate(weights):
        packed |= (int(weight) + LANE_OFFSET) << (k * LANE_BITS)
        count += 1
    return packed.to_bytes(row_bytes(count), "little")


@cache
def default_model() -> IntentModel:
    blob = resources.files("fitcoach.brain.providers.embedded").joinpath(
        "data", "models", ARTIFACT).read_bytes()
    return IntentModel.from_bytes(blob)


def read_intent(text: str) -> IntentReading:
    return default_model().read(text)
