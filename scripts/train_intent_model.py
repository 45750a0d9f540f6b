"""Train the embedded brain's intent model and write its artifact (DESIGN D9).

    PYTHONPATH=src .venv/bin/python scripts/train_intent_model.py            # train + write
    PYTHONPATH=src .venv/bin/python scripts/train_intent_model.py --cv-only  # just measure

Reads the corpus (`brain/providers/embedded/data/corpus/<language>/intents.yaml`), adds two
deterministic noisy copies of every message (a letter dropped, two letters swapped: people
type fast), fits a multinomial logistic regression on the serving featuriser's hashed
features (`nlu/intent_model.features`), reports stratified 5-fold cross-validated accuracy
on the hand-written messages (noise is added to the training folds only), and writes the
pruned, int8-quantised weights to `data/models/intent.v1.bin`.

Deterministic: no randomness beyond fixed seeds, and lbfgs is deterministic on one thread,
so the same corpus gives the same bytes. scikit-learn is a training dependency only
(`pip install .[train]`); serving reads the artifact with the standard library.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import zlib
from array import array
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np
import yaml
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold

from fitcoach.brain.providers.embedded.nlu.intent_model import (
    ARTIFACT,
    FORMAT,
    HASH_BITS,
    IntentModel,
    ModelIntent,
    corpus_sha256,
    features,
    pack_row,
)

EMBEDDED = Path(__file__).resolve().parents[1] / "src/fitcoach/brain/providers/embedded"
CORPUS = EMBEDDED / "data" / "corpus"
OUTPUT = EMBEDDED / "data" / "models" / ARTIFACT
VERSION = "intent.v1"
C = 30.0  # inverse regularisation, chosen by the cross-validation below (see docs/evals.md)
KEEP = 0.02  # a bucket whose largest |weight| is under this share of the model's largest goes
FOLDS = 5


def load_corpus() -> list[tuple[str, str, ModelIntent]]:
    """(language, message, label) for every hand-written line."""
    rows = []
    for path in sorted(CORPUS.glob("*/intents.yaml")):
        document = yaml.load(path.read_text("utf-8"), Loader=yaml.BaseLoader)
        language = document["language"]
        for label, messages in document["intents"].items():
            intent = ModelIntent(label)
            for message in messages:
                if not isinstance(message, str) or not message.strip():
                    raise ValueError(f"{path}: {label}: not a message: {message!r}")
                rows.append((language, message.strip(), intent))
    return rows


def corpus_digest() -> str:
    """What the artifact was trained on, so a test can tell when it is stale."""
    return corpus_sha256(CORPUS)


def noisy(message: str) -> list[str]:
    """Two typing slips, placed by the message's own hash (so: deterministic)."""
    letters = [i for i, c in enumerate(message) if c.isalpha()]
    if len(letters) < 4:
        return []
    seed = zlib.crc32(message.encode("utf-8"))
    drop = letters[seed % len(letters)]
    swap = letters[(seed // 7) % (len(letters) - 1)]
    if swap + 1 >= len(message):
        swap = letters[0]
    dropped = message[:drop] + message[drop + 1:]
    swapped = message[:swap] + message[swap + 1] + message[swap] + message[swap + 2:]
    return [v for v in (dropped, swapped) if v != message]


class Fitted:
    """A fitted regression over the buckets the training text used (column j = bucket
    `buckets[j]`): a dense 15 x 1M matrix would make every lbfgs step crawl."""

    def __init__(self, model: LogisticRegression, buckets: np.ndarray) -> None:
        self.classes_ = model.classes_
        self.coef_ = model.coef_
        self.intercept_ = model.intercept_
        self.buckets = buckets


def matrix(messages: list[str], columns: dict[int, int]) -> csr_matrix:
    indptr, indices, data = [0], [], []
    for message in messages:
        buckets = features(message)
        weight = 1.0 / np.sqrt(len(buckets)) if buckets else 0.0
        for bucket in buckets:
            if bucket in columns:
                indices.append(columns[bucket])
                data.append(weight)
        indptr.append(len(indices))
    return csr_matrix((data, indices, indptr), shape=(len(messages), len(columns)),
                      dtype=np.float64)


def fit(messages: list[str], labels: list[ModelIntent]) -> Fitted:
    texts, targets = [], []
    for message, label in zip(messages, labels, strict=True):
        for text in [message, *noisy(message)]:
            texts.append(text)
            targets.append(label.value)
    used = sorted({b for text in texts for b in features(text)})
    columns = {bucket: j for j, bucket in enumerate(used)}
    model = LogisticRegression(C=C, max_iter=3000, solver="lbfgs")
    model.fit(matrix(texts, columns), targets)
    return Fitted(model, np.array(used, dtype=np.uint32))


def cross_validate(rows: list[tuple[str, str, ModelIntent]]) -> dict[str, object]:
    messages = [m for _, m, _ in rows]
    labels = [label for _, _, label in rows]
    right: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    confident_right = confident_seen = 0
    per_label: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    folds = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=0)
    for train, test in folds.split(messages, [label.value for label in labels]):
        served = as_served(fit([messages[i] for i in train], [labels[i] for i in train]))
        for i in test:
            reading = served.read(messages[i])
            ok = reading.top is labels[i]
            language = rows[i][0]
            seen[language] += 1
            right[language] += ok
            per_label[labels[i].value][0] += ok
            per_label[labels[i].value][1] += 1
            if reading.confidence >= 0.5:
                confident_seen += 1
                confident_right += ok
    return {
        "accuracy": sum(right.values()) / len(rows),
        "by_language": {k: round(right[k] / seen[k], 3) for k in sorted(seen)},
        "by_label": {k: round(v[0] / v[1], 3) for k, v in sorted(per_label.items())},
        "confident_share": round(confident_seen / len(rows), 3),
        "confident_accuracy": round(confident_right / max(confident_seen, 1), 3),
    }


def artifact(model: Fitted, corpus: str = "") -> bytes:
    labels = [ModelIntent(x) for x in model.classes_]
    weights = model.coef_  # (labels, buckets)
    peak = float(np.abs(weights).max())
    kept = np.flatnonzero(np.abs(weights).max(axis=0) >= KEEP * peak)
    scale = peak / 127.0
    quantised = np.clip(np.rint(weights[:, kept] / scale), -127, 127).astype(np.int8)
    head = {"format": FORMAT, "version": VERSION, "labels": [x.value for x in labels],
            "bias": [round(float(b), 6) for b in model.intercept_], "scale": scale,
            "buckets": len(kept), "hash_bits": HASH_BITS, "corpus_sha256": corpus}
    body = array("I", (int(b) for b in model.buckets[kept])).tobytes() + b"".join(
        pack_row(row) for row in quantised.T.tolist())
    return zlib.compress(json.dumps(head).encode("utf-8") + b"\n" + body, 9)


def as_served(model: Fitted) -> IntentModel:
    """The model as serving will see it: pruned and quantised (what CV must measure)."""
    return IntentModel.from_bytes(artifact(model))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cv-only", action="store_true", help="measure, write nothing")
    parser.add_argument("--out", type=Path, default=OUTPUT, help="where to write the artifact")
    args = parser.parse_args()
    rows = load_corpus()
    counts = Counter(language for language, _, _ in rows)
    print(f"corpus: {len(rows)} messages {dict(sorted(counts.items()))}")
    print("cross-validation:", json.dumps(cross_validate(rows), indent=1))
    if args.cv_only:
        return 0
    model = fit([m for _, m, _ in rows], [label for _, _, label in rows])
    blob = artifact(model, corpus_digest())
    args.out.write_bytes(blob)
    print(f"wrote {args.out}: {len(blob)} bytes, sha256 {hashlib.sha256(blob).hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
