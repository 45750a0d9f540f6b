"""Judging a coach's message without a model: sentences, language, the numbers it cites.

Deliberately independent of the embedded brain's own language tools, so the suite never
grades a brain with the brain's own ruler.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from fitcoach.brain.ports import Locale

# A sentence ends at . ! ? … (or their full-width forms) followed by a space or the end of a
# line; every non-empty line (a list item, a heading) is a sentence of its own.
_SENTENCE_END = re.compile(r"(?<=[.!?…。！？])\s+")
_ABBREVIATIONS = ("e.g.", "i.e.", "vs.", "etc.", "approx.", "p.ej.", "es.", "ecc.", "min.")
_BULLET = re.compile(r"^\s*(?:[-*•➔]|\d+[.)])\s+")


def _has_letter(text: str) -> bool:
    return any(unicodedata.category(ch).startswith("L") for ch in text)


def sentences(message: str) -> list[str]:
    """The message's sentences; fragments without a letter (an emoji, "3x10") don't count."""
    found: list[str] = []
    for line in message.splitlines():
        line = _BULLET.sub("", line).strip()
        if not line:
            continue
        pending = ""
        for piece in _SENTENCE_END.split(line):
            pending = f"{pending} {piece}".strip() if pending else piece
            words = pending.casefold().split()
            if words and words[-1].lstrip("([{\"'«¿¡") in _ABBREVIATIONS:
                continue
            if _has_letter(pending):
                found.append(pending)
            pending = ""
        if pending and _has_letter(pending):
            found.append(pending)
    return found


def sentence_count(message: str) -> int:
    return len(sentences(message))


def question_count(message: str) -> int:
    """How many of the message's sentences ask something (end in, or hold, a question mark:
    "¿…?" and the full-width "？" count)."""
    return sum(("?" in sentence or "？" in sentence) for sentence in sentences(message))


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Function words that mark a language; the exercise names (English in every language) carry
# none of them.
_FUNCTION_WORDS: dict[Locale, frozenset[str]] = {
    Locale.EN: _words(
        "the and you your to of is it for on with this that today keep do instead are be "
        "will we i my me if can what at from into after before then it's you're don't let's "
        "should was were has have a an"),
    Locale.ES: _words(
        "el la los las de del que y en con para tu tus es por un una hoy lo se más pero al "
        "muy esta este estas estos hacer haz mantén sin tienes puedes semana día días "
        "cuando como o ya bien descanso series"),
    Locale.IT: _words(
        "il lo gli le di del della dei delle che e è in con per tuo tua tuoi tue un una oggi "
        "non più ma al alla sul sulla questo questa fai tieni senza hai puoi settimana giorno "
        "giorni quando come o già bene riposo serie la se a sia ancora vuoi così tocca anche "
        "sono ho perché dopo prima ogni ci"),
}
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)


def _script_share(text: str, first: int, last: int) -> float:
    letters = [ch for ch in text if unicodedata.category(ch).startswith("L")]
    if not letters:
        return 0.0
    return sum(first <= ord(ch) <= last for ch in letters) / len(letters)


def _script_words(message: str, first: int, last: int) -> int:
    return sum(any(first <= ord(ch) <= last for ch in word) for word in message.split())


def detect_language(message: str) -> Locale | None:
    """The message's language, or None when it cannot tell (no letters, no function words).

    A reply in Hebrew or Korean names exercises in English ("Push-Up"), so two words in the
    script, or a fifth of the letters, decide."""
    for locale, first, last in ((Locale.HE, 0x0590, 0x05FF), (Locale.KO, 0xAC00, 0xD7A3)):
        if _script_words(message, first, last) >= 2 or _script_share(message, first, last) >= 0.2:
            return locale
    text = message.casefold()
    for abbreviation in _ABBREVIATIONS:
        text = text.replace(abbreviation, " ")
    words = _WORD.findall(text)
    scores = {lang: sum(w in vocabulary for w in words)
              for lang, vocabulary in _FUNCTION_WORDS.items()}
    best = max(scores.values(), default=0)
    if best == 0:
        return None
    winners = [lang for lang, score in scores.items() if score == best]
    return winners[0] if len(winners) == 1 else None


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def number_readings(token: str) -> set[float]:
    """Every value a written number may mean: "1,200" and "1.200" are 1200 or 1.2;
    "22,5" is 22.5 (or 225)."""
    readings: set[float] = set()
    for decimal, thousands in ((".", ","), (",", ".")):
        text = token.replace(thousands, "")
        if text.count(decimal) > 1:
            continue
        try:
            readings.add(float(text.replace(decimal, ".")))
        except ValueError:
            continue
    return readings


def numbers_in(message: str) -> set[float]:
    return {value for token in _NUMBER.findall(message) for value in number_readings(token)}


def missing_numbers(message: str, expected: Iterable[float], tolerance: float = 0.051
                    ) -> list[float]:
    """The expected numbers the message does not cite (to `tolerance`, so 45.0 is 45)."""
    found = numbers_in(message)
    return [value for value in expected
            if not any(abs(value - seen) <= tolerance for seen in found)]


def missing_words(message: str, expected: Iterable[str]) -> list[str]:
    """The expected words the message does not contain (case-insensitive, as written)."""
    text = message.casefold()
    return [word for word in expected if word.casefold() not in text]
