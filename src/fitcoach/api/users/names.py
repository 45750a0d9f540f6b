"""Display names: one normal form, and which characters count as seen.

Sign-up (`POST /api/users`) uses it through `schemas.DisplayName`, and so should anything
else that sets a name (`PATCH /api/users/me`). A name is normalised first, then checked:

1. characters that show nothing are removed: controls (C0, C1, DEL), format characters
   (bidi embeddings, overrides and isolates, LRM/RLM, zero-width spaces and joiners,
   the BOM, tags), surrogates, the other default-ignorable code points that are letters by
   category but render blank (the Hangul fillers), and the blank Braille pattern U+2800
   (a symbol that shows as a space); variation selectors stay, they only choose a glyph;
2. runs of whitespace become one space, and none is left at either end;
3. Unicode NFC, so one name has one spelling ("e" + combining acute is "é");
4. what is left must hold at least one seen character and at most `MAX_LENGTH`.

A right-to-left name (Hebrew) needs none of the removed characters to display: its
letters carry their own direction.
"""

from __future__ import annotations

import re
import sys
import unicodedata

MAX_LENGTH = 100

# Default-ignorable code points (Unicode's DerivedCoreProperties) whose category is not
# already a control or format one, and the blank Braille cell; variation selectors
# (FE00-FE0F, E0100-E01EF) are left.
_BLANK_LETTERS = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0"
    + "".join(map(chr, range(0xFFF0, 0xFFF9))))
_REMOVED_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})
_SPACE_CATEGORIES = frozenset({"Zs", "Zl", "Zp"})


def _removed(character: str) -> bool:
    return (unicodedata.category(character) in _REMOVED_CATEGORIES
            or character in _BLANK_LETTERS)


def _blank(character: str) -> bool:
    return (character.isspace() or unicodedata.category(character) in _SPACE_CATEGORIES
            or _removed(character))


_WHITESPACE_RUN = re.compile(r"\s+")


class DisplayNameError(ValueError):
    pass


def normalise_display_name(raw: str) -> str:
    """The name as stored and shown; DisplayNameError when nothing seen is left or the
    normal form is longer than `MAX_LENGTH`."""
    kept = "".join(character for character in raw
                   if character.isspace() or not _removed(character))
    # Composed last: a removed joiner between a letter and its accent would otherwise
    # leave the two uncomposed. Composing creates no spaces and nothing removable.
    name = unicodedata.normalize("NFC", _WHITESPACE_RUN.sub(" ", kept).strip())
    if not any(not _blank(character) for character in name):
        raise DisplayNameError("display_name must contain a visible character (not only "
                               "spaces, control, zero-width or direction characters)")
    if len(name) > MAX_LENGTH:
        raise DisplayNameError(f"display_name must be at most {MAX_LENGTH} characters")
    return name


# Every character `_blank` is true of (and NUL), as ranges: what the schema's pattern
# excludes. Scanning all of Unicode takes seconds, so it is written out here and a test
# checks it against `_blank` over every code point (Unicode 14.0, Python 3.11).
BLANK_RANGES = (
    (0x0000, 0x0020), (0x007F, 0x00A0), (0x00AD, 0x00AD), (0x034F, 0x034F),
    (0x0600, 0x0605), (0x061C, 0x061C), (0x06DD, 0x06DD), (0x070F, 0x070F),
    (0x0890, 0x0891), (0x08E2, 0x08E2), (0x115F, 0x1160), (0x1680, 0x1680),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x2000, 0x200F), (0x2028, 0x202F),
    (0x205F, 0x2064), (0x2066, 0x206F), (0x2800, 0x2800), (0x3000, 0x3000),
    (0x3164, 0x3164), (0xD800, 0xDFFF), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0x13430, 0x13438),
    (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001), (0xE0020, 0xE007F),
)


def blank_ranges_of_this_python() -> list[tuple[int, int]]:
    """`BLANK_RANGES` computed from this Python's Unicode database (slow: for the test)."""
    ranges: list[tuple[int, int]] = []
    for code in range(sys.maxunicode + 1):
        if code == 0 or _blank(chr(code)):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return ranges


def _class_item(low: int, high: int) -> str:
    def one(code: int) -> str:
        # \uXXXX for the BMP; astral characters as themselves (JSON escapes them).
        return f"\\u{code:04x}" if code <= 0xFFFF else chr(code)

    return one(low) if low == high else f"{one(low)}-{one(high)}"


# The JSON Schema pattern of the same rule: no NUL anywhere (refused, not removed, as in
# every text field), and at least one character that is not blank.
VISIBLE_NAME_PATTERN = ("^[^\\x00]*[^" + "".join(_class_item(*r) for r in BLANK_RANGES)
                        + "][^\\x00]*$")
