"""Text normalisation and tokenisation shared by every analyser.

Messages and lexicon phrases go through the same `normalize`, so a lexicon written with accents,
capitals or curly quotes matches a message typed without them. Tokens keep their character span
in the normalised text and the sentence and clause they belong to: most facts are only linked
when they sit in the same clause ("the bench is taken" vs "my back is tight").

Two scripts need more than splitting on spaces:
- Hebrew glues one-letter prefixes (and, the, in, to, from, that, as) to the next word, so every
  Hebrew token also offers its prefix-stripped forms as lookup keys.
- Korean glues particles and endings to nouns and stems ("어깨가", "토요일은", "찌릿하고") and
  users often drop spaces ("이번주토요일"); Hangul tokens are segmented against the known
  vocabulary so "토요일은" becomes "토요일" + "은".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Literal

Script = Literal["latin", "hebrew", "hangul", "digit", "punct", "other"]

HEBREW_PREFIX_LETTERS = frozenset("ובהלמשכ")
# Particles and short endings that may follow a Korean noun or stem. A one-syllable word is
# split off a longer token only when what follows is one of these (so "수업" stays whole).
KOREAN_PARTICLES = frozenset({
    "이", "가", "은", "는", "을", "를", "에", "에서", "에게", "께", "로", "으로", "와", "과",
    "도", "만", "의", "랑", "이랑", "하고", "까지", "부터", "요", "야", "이야", "이에요",
    "예요", "밖에", "처럼", "보다", "나", "이나", "든", "이든", "엔", "에는", "에도", "이랑은",
    "만큼", "이면", "면", "마다", "쯤", "정도", "씩", "이라", "라", "이고", "고", "이요",
    "인데", "인가", "인지", "은요", "는요", "을요", "를요", "이가", "께서", "한테", "에다",
})
SENTENCE_PUNCT = frozenset(".!?;\n")
CONTRAST_WORDS = frozenset(
    {"but", "although", "though", "however", "pero", "aunque", "sino", "ma", "però",
     "tuttavia", "anche se", "אבל", "אך", "אולם"}
)
# Korean clause-linking endings: a token ending with one of these closes a clause.
KOREAN_CLAUSE_ENDINGS = ("는데", "은데", "지만", "인데", "니까", "으니까", "는데요")

_QUOTES_AFTER_HEBREW = re.compile(r"(?<=[\u05d0-\u05ea])[\"'](?=[\u05d0-\u05ea\s]|$)")
_TOKEN = re.compile(
    r"\d+(?:[.,]\d+)?"  # numbers, with a decimal point or comma
    r"|[\uac00-\ud7a3\u3131-\u318e]+"  # Hangul runs: "kg까지" is "kg" + "까지"
    r"|[^\W\d_\uac00-\ud7a3\u3131-\u318e]+"  # words in any other script
    r"|%|[^\w\s]",  # one punctuation mark
)
_CHAR_MAP = str.maketrans(
    {
        "’": "'", "‘": "'", "´": "'", "`": "'", "׳": "'", "ʼ": "'",
        "“": '"', "”": '"', "„": '"', "״": '"', "«": '"', "»": '"',
        "־": "-", "–": "-", "—": "-", "‐": "-", "~": "-", "～": "-",
        "¿": " ", "¡": " ", "…": ".",
    }
)


def normalize(text: str) -> str:
    """Case-, accent- and punctuation-variant-insensitive form; Hangul and Hebrew letters kept."""
    text = unicodedata.normalize("NFKC", text).casefold().translate(_CHAR_MAP)
    decomposed = unicodedata.normalize("NFD", text)
    kept: list[str] = []
    for char in decomposed:
        category = unicodedata.category(char)
        if category == "Mn":  # accents, Hebrew points
            continue
        if category[0] in "SC" and char not in "%+&/<>=":  # emoji, symbols, controls
            kept.append("\n" if char == "\n" else " ")
            continue
        kept.append(char)
    text = unicodedata.normalize("NFC", "".join(kept))
    text = _QUOTES_AFTER_HEBREW.sub("", text)  # ק"ג → קג, ג'ים → גים
    text = text.replace("'", " ").replace('"', " ")
    return re.sub(r"[ \t\r\f\v]+", " ", text).strip()


def script_of(word: str) -> Script:
    char = word[0]
    if char.isdigit():
        return "digit"
    if "\u05d0" <= char <= "\u05ea":
        return "hebrew"
    if "\uac00" <= char <= "\ud7a3" or "\u3131" <= char <= "\u318e":
        return "hangul"
    if char.isalpha():
        return "latin" if char.isascii() or "\u00c0" <= char <= "\u024f" else "other"
    return "punct"


@dataclass(slots=True)
class Token:
    text: str
    start: int
    end: int
    script: Script
    sentence: int = 0
    clause: int = 0
    keys: tuple[str, ...] = field(default=())

    @property
    def is_word(self) -> bool:
        return self.script in ("latin", "hebrew", "hangul", "other")

    @property
    def is_number(self) -> bool:
        return self.script == "digit"


def hebrew_keys(word: str) -> tuple[str, ...]:
    """The word and its forms without one to three glued prefix letters ("ובכתף" → "כתף")."""
    keys = [word]
    for cut in range(1, 4):
        if len(word) - cut < 2 or word[cut - 1] not in HEBREW_PREFIX_LETTERS:
            break
        keys.append(word[cut:])
    return tuple(keys)


def segment_hangul(word: str, vocabulary: Collection[str], longest: int) -> list[str]:
    """Split a Hangul token into known words and a trailing remainder (particle or ending)."""
    if word in vocabulary or word in KOREAN_PARTICLES:
        return [word]
    for size in range(min(longest, len(word) - 1), 0, -1):
        head = word[:size]
        if head not in vocabulary:
            continue
        rest = word[size:]
        if rest in KOREAN_PARTICLES:
            return [head, rest]
        tail = segment_hangul(rest, vocabulary, longest)
        if len(tail) > 1 or tail[0] in vocabulary:
            return [head, *tail]
        if size >= 2:
            return [head, rest]
    return [word]


def tokenize(normalized: str, hangul_vocabulary: Collection[str], longest: int = 8) -> list[Token]:
    """Tokens of a normalised text, with sentence and clause numbers (hyphens are separators)."""
    tokens: list[Token] = []
    sentence = clause = 0
    previous_end = 0
    for match in _TOKEN.finditer(normalized):
        if "\n" in normalized[previous_end : match.start()] and tokens:
            sentence += 1  # a line break ends a sentence
            clause += 1
        previous_end = match.end()
        word = match.group()
        script = script_of(word)
        if script == "hangul":
            offset = match.start()
            for piece in segment_hangul(word, hangul_vocabulary, longest):
                tokens.append(Token(piece, offset, offset + len(piece), script, sentence, clause))
                offset += len(piece)
            if word.endswith(KOREAN_CLAUSE_ENDINGS):
                clause += 1
            continue
        if script == "punct" and word in "-":
            continue
        token = Token(word, match.start(), match.end(), script, sentence, clause)
        if script == "punct" and word in SENTENCE_PUNCT:
            tokens.append(token)
            sentence += 1
            clause += 1
            continue
        if word in CONTRAST_WORDS:
            clause += 1
            token.clause = clause
        tokens.append(token)
    for token in tokens:
        token.keys = hebrew_keys(token.text) if token.script == "hebrew" else (token.text,)
    return tokens
