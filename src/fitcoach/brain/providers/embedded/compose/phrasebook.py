"""The coach's phrasebook: every sentence the embedded brain can say, as data.

One YAML file per concern in `data/phrases/`, all five languages side by side:

    staged.week:
      en: ["… {days} …", "another way to say it"]
      es: […]

A key may carry tone-specific variants as `key@tough_love`, `key@gentle`, `key@scientific` or
`key@brief`; they are used when the user asked for that tone and fall back to the plain key.
Where a human coach would vary the wording, a key lists several variants; one is chosen by a
stable hash of the key and a salt (the user's message), so the same message always gets the
same answer and two different messages rarely get the same wording. Never random.
"""

from __future__ import annotations

import hashlib
import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml

from fitcoach.memory.entries import Tone

LANGUAGES: tuple[str, ...] = ("en", "es", "it", "he", "ko")
DEFAULT_LANGUAGE = "en"
PHRASE_DIR = Path(__file__).resolve().parent.parent / "data" / "phrases"
TONE_SEPARATOR = "@"


class PhrasebookError(ValueError):
    """A phrase file is malformed; the message names the file and the key."""


class HollowPhrase(ValueError):
    """A sentence was asked for with an empty value in one of its slots."""


_FORMATTER = string.Formatter()


def stable_index(seed: str, size: int) -> int:
    """A deterministic choice in range(size): the same seed always picks the same variant."""
    digest = hashlib.blake2b(seed.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % size


def placeholders(template: str) -> frozenset[str]:
    """The `{names}` a template fills."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


@dataclass(frozen=True)
class Phrasebook:
    entries: Mapping[str, Mapping[str, tuple[str, ...]]]

    def __contains__(self, key: object) -> bool:
        return key in self.entries

    def __iter__(self) -> Iterator[str]:
        return iter(self.entries)

    def keys(self) -> tuple[str, ...]:
        return tuple(self.entries)

    def variants(self, key: str, language: str) -> tuple[str, ...]:
        try:
            by_language = self.entries[key]
        except KeyError:
            raise KeyError(f"no phrase {key!r}") from None
        return by_language.get(language) or by_language[DEFAULT_LANGUAGE]

    def resolve(self, key: str, tone: Tone | None) -> str:
        """The key to use for a tone: its tone variant when the phrasebook has one."""
        if tone is not None:
            toned = f"{key}{TONE_SEPARATOR}{tone.value}"
            if toned in self.entries:
                return toned
        return key

    def say(self, key: str, language: str, *, tone: Tone | None = None, salt: str = "",
            **values: object) -> str:
        """One variant of `key` in `language`, filled with `values`."""
        resolved = self.resolve(key, tone)
        options = self.variants(resolved, language)
        template = options[stable_index(f"{resolved}|{salt}", len(options))]
        hollow = sorted(name for _, name, _, _ in _FORMATTER.parse(template)
                        if name and not str(values.get(name, "")).strip())
        if hollow:
            # "I'll look after your  until ." reads as broken: a caller that has nothing to
            # fill a slot with must choose another sentence (Reply drops this one).
            raise HollowPhrase(f"{resolved}.{language}: nothing to say for {', '.join(hollow)}")
        return template.format(**values)


def _as_variants(path: Path, key: str, language: str, raw: object) -> tuple[str, ...]:
    values = [raw] if isinstance(raw, str) else raw
    if not isinstance(values, list) or not values or \
            not all(isinstance(v, str) and v.strip() for v in values):
        raise PhrasebookError(f"{path.name}: {key}.{language} must be a non-empty string or "
                              "a list of non-empty strings")
    return tuple(v.strip() for v in values)


def load_phrasebook(directory: Path = PHRASE_DIR) -> Phrasebook:
    entries: dict[str, dict[str, tuple[str, ...]]] = {}
    for path in sorted(directory.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if not isinstance(data, dict):
            raise PhrasebookError(f"{path.name}: the top level must be a mapping of keys")
        for key, by_language in data.items():
            if key in entries:
                raise PhrasebookError(f"{path.name}: {key!r} is defined in two files")
            if not isinstance(by_language, dict) or DEFAULT_LANGUAGE not in by_language:
                raise PhrasebookError(f"{path.name}: {key!r} needs at least an English text")
            unknown = sorted(set(by_language) - set(LANGUAGES))
            if unknown:
                raise PhrasebookError(f"{path.name}: {key!r} has unknown languages {unknown}")
            entries[key] = {language: _as_variants(path, key, language, raw)
                            for language, raw in by_language.items()}
    return Phrasebook(entries)


PHRASES: Phrasebook = load_phrasebook()
