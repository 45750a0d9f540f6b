"""The plan texts of every supported language, one module per language, as plain data."""

from fitcoach.programming.text.phrasebook import en, es, he, it, ko

PHRASEBOOK: dict[str, dict[str, str]] = {
    "en": en.PHRASES,
    "es": es.PHRASES,
    "it": it.PHRASES,
    "he": he.PHRASES,
    "ko": ko.PHRASES,
}
DEFAULT_LANGUAGE = "en"
