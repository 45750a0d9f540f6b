"""The statistical intent model (`nlu/intent_model.py`): its serving arithmetic, its artifact,
and what it reads in messages that are not in its training corpus."""

from __future__ import annotations

import json
import math
import zlib
from array import array
from importlib import resources

import pytest

from fitcoach.brain.providers.embedded.nlu.intent_model import (
    ARTIFACT,
    FORMAT,
    IntentModel,
    ModelIntent,
    corpus_sha256,
    default_model,
    features,
    normalize,
    pack_row,
    read_intent,
)

EMBEDDED = resources.files("fitcoach.brain.providers.embedded")


def _artifact(labels: list[str], bias: list[float], scale: float,
              rows: dict[int, list[int]]) -> bytes:
    ordered = sorted(rows)
    head = {"format": FORMAT, "version": "test", "labels": labels, "bias": bias,
            "scale": scale, "buckets": len(ordered)}
    body = array("I", ordered).tobytes() + b"".join(pack_row(rows[b]) for b in ordered)
    return zlib.compress(json.dumps(head).encode() + b"\n" + body)


def test_scoring_is_the_softmax_of_bias_plus_normalised_weights() -> None:
    text = "ok do it"
    buckets = features(text)
    # Three of the message's buckets carry weights (one of them negative); the rest are not
    # in the model, but still count in the vector's norm, as in training.
    rows = {buckets[0]: [10, -3], buckets[1]: [-127, 127], buckets[2]: [0, 5]}
    model = IntentModel.from_bytes(_artifact(["confirm", "reject"], [0.5, -0.25], 0.1, rows))
    norm = 0.1 / math.sqrt(len(buckets))
    logits = [0.5 + (10 - 127 + 0) * norm, -0.25 + (-3 + 127 + 5) * norm]
    expected = [math.exp(v) / sum(math.exp(w) for w in logits) for v in logits]
    reading = model.read(text)
    assert reading.probability(ModelIntent.CONFIRM) == pytest.approx(expected[0], rel=1e-12)
    assert reading.probability(ModelIntent.REJECT) == pytest.approx(expected[1], rel=1e-12)
    assert reading.top is (ModelIntent.CONFIRM if expected[0] > expected[1]
                           else ModelIntent.REJECT)


def test_a_message_with_no_known_feature_reads_as_the_bias_alone() -> None:
    model = IntentModel.from_bytes(_artifact(["confirm", "reject"], [1.0, 0.0], 0.1, {}))
    assert model.read("zzz").probability(ModelIntent.CONFIRM) == pytest.approx(
        math.e / (math.e + 1))


def test_other_files_and_truncated_artifacts_are_refused() -> None:
    with pytest.raises(ValueError, match="not an intent model"):
        IntentModel.from_bytes(zlib.compress(b'{"format": "other"}\n'))
    good = zlib.decompress(_artifact(["confirm"], [0.0], 1.0, {7: [3]}))
    with pytest.raises(ValueError, match="truncated"):
        IntentModel.from_bytes(zlib.compress(good[:-1]))


def test_normalising_folds_case_accents_and_digits_and_keeps_hangul_and_hebrew() -> None:
    assert normalize("Mañana 25 MIN") == normalize("manana 30 min") == "manana 00 min"
    assert normalize("오늘 30분") == "오늘 00분"
    assert normalize("כּוֹאֵב") == "כואב"  # points dropped, letters kept
    assert features("¿Y el VIERNES también?") == features("y el viernes tambien?")


def test_the_shipped_artifact_is_small_and_was_trained_on_the_corpus_as_it_is() -> None:
    blob = EMBEDDED.joinpath("data", "models", ARTIFACT).read_bytes()
    assert len(blob) < 400_000
    # Editing the corpus without running scripts/train_intent_model.py fails here.
    assert default_model().corpus_sha256 == corpus_sha256(EMBEDDED.joinpath("data", "corpus"))
    assert set(default_model().labels) == set(ModelIntent)


def test_probabilities_are_a_ranked_distribution_over_every_intent() -> None:
    reading = read_intent("can we do something else today")
    values = [p for _, p in reading.ranked]
    assert sum(values) == pytest.approx(1.0)
    assert values == sorted(values, reverse=True)
    assert {i for i, _ in reading.ranked} == set(ModelIntent)


# Phrasings written for this test, not copied from the corpus (checked below).
UNSEEN = [
    ("en", "yeah ok, do that one", ModelIntent.CONFIRM),
    ("es", "vale, hazlo entonces", ModelIntent.CONFIRM),
    ("it", "ok, fallo pure", ModelIntent.CONFIRM),
    ("he", "כן, תעשה ככה", ModelIntent.CONFIRM),
    ("ko", "네 그렇게 해 주세요", ModelIntent.CONFIRM),
    ("en", "nah, leave my plan as it is", ModelIntent.REJECT),
    ("es", "no gracias, déjalo como está", ModelIntent.REJECT),
    ("it", "no grazie, lascia tutto com'era", ModelIntent.REJECT),
    ("he", "לא תודה, תשאיר את זה כמו שהיה", ModelIntent.REJECT),
    ("ko", "아니요 괜찮아요, 그냥 원래대로 둬요", ModelIntent.REJECT),
    ("en", "and thursday as well?", ModelIntent.FOLLOW_UP),
    ("es", "¿y el jueves también?", ModelIntent.FOLLOW_UP),
    ("it", "e anche giovedì?", ModelIntent.FOLLOW_UP),
    ("he", "וגם ביום חמישי?", ModelIntent.FOLLOW_UP),
    ("ko", "목요일도요?", ModelIntent.FOLLOW_UP),
    ("en", "what is a superset exactly?", ModelIntent.PLAN_QUESTION),
    ("it", "cos'è esattamente un superset?", ModelIntent.PLAN_QUESTION),
    ("ko", "슈퍼세트가 정확히 뭐예요?", ModelIntent.PLAN_QUESTION),
]


def _corpus_lines() -> set[str]:
    folder = EMBEDDED.joinpath("data", "corpus")
    return {line.strip().lstrip("- ").strip("'\"").casefold()
            for language in ("en", "es", "it", "he", "ko")
            for line in folder.joinpath(language, "intents.yaml").read_text("utf-8").splitlines()}


@pytest.mark.parametrize(("language", "message", "intent"), UNSEEN)
def test_unseen_dialogue_acts_and_plan_questions_are_read_confidently(
        language: str, message: str, intent: ModelIntent) -> None:
    assert message.casefold() not in _corpus_lines()
    reading = read_intent(message)
    assert reading.top is intent, (language, reading.ranked[:3])
    assert reading.confidence >= 0.6  # router.DIALOGUE_CONFIDENT
