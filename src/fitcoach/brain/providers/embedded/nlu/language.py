"""Which of en/es/it/he/ko a message is written in, and which to answer in.

Hebrew and Hangul are told by their script; English, Spanish and Italian by function words.
Short or unclear messages fall back to the user's locale. A mixed message ("La panchina è
occupata. What can I do instead…") is answered in the locale when the locale's language is one of
those present, else in the dominant one.
"""

from __future__ import annotations

from collections.abc import Collection

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.nlu.document import Document

SCRIPT_SHARE = 0.3  # share of letters that makes Hebrew or Korean present
MIN_WORD_VOTES = 2  # function words needed to call a Latin language confidently
DOMINANCE = 1.5  # the winner must beat the runner-up by this factor


class LanguageFacts(BaseModel):
    model_config = ConfigDict(frozen=True)

    language: Locale
    reply_language: Locale
    confident: bool
    mixed: bool = False
    present: tuple[Locale, ...] = ()


def detect_language(doc: Document, locale: Locale,
                    ignore: Collection[int] = ()) -> LanguageFacts:
    """`ignore`: tokens inside exercise names, which are English in every language and say
    nothing about the language the user writes in."""
    letters = {"hebrew": 0, "hangul": 0, "latin": 0}
    for index, token in enumerate(doc.tokens):
        if token.script in letters and index not in ignore:
            letters[token.script] += len(token.text)
    total = sum(letters.values())
    if total == 0:
        return LanguageFacts(language=locale, reply_language=locale, confident=False)
    votes = {Locale.EN: 0, Locale.ES: 0, Locale.IT: 0}
    # A word two languages share ("mi", "lo", "le") votes for both: the lexicon keeps one hit
    # per span, and counting only that one would hand every shared word to one language.
    spans = {(h.start, h.end) for h in doc.best("function_word") if h.start not in ignore}
    for start, end in spans:
        for lang in {h.key for h in doc.hits_at.get(start, ())
                     if h.section == "function_word" and h.end == end}:
            votes[Locale(lang)] += 1
    present: list[Locale] = []
    if letters["hebrew"] / total >= SCRIPT_SHARE:
        present.append(Locale.HE)
    if letters["hangul"] / total >= SCRIPT_SHARE:
        present.append(Locale.KO)
    ranked = sorted(votes.items(), key=lambda item: -item[1])
    best_votes, second_votes = ranked[0][1], ranked[1][1]
    latin_share = letters["latin"] / total
    if latin_share >= SCRIPT_SHARE or not present:
        present += [lang for lang, count in ranked if count >= MIN_WORD_VOTES]
    if not present:
        # A few Latin words with no clear language: trust the locale.
        return LanguageFacts(language=locale, reply_language=locale, confident=False)
    if len(present) == 1 and present[0] is not locale and votes.get(locale, 0) >= 1 \
            and present[0] in votes:
        # A few words of the user's own language beside another one: a mixed message.
        return LanguageFacts(language=present[0], reply_language=locale, confident=True,
                             mixed=True, present=(present[0], locale))
    if len(present) == 1:
        language = present[0]
        confident = language in (Locale.HE, Locale.KO) or (
            best_votes >= MIN_WORD_VOTES and best_votes >= DOMINANCE * max(second_votes, 1)
        )
        if language not in (Locale.HE, Locale.KO) and not confident \
                and locale in votes and votes[locale] > 0:
            language = locale
        return LanguageFacts(language=language, reply_language=language if confident else locale,
                             confident=confident, present=tuple(present))
    dominant = max(present, key=lambda lang: letters["hebrew"] if lang is Locale.HE else
                   letters["hangul"] if lang is Locale.KO else votes[lang] * 6)
    reply = locale if locale in present else dominant
    return LanguageFacts(language=dominant, reply_language=reply, confident=True, mixed=True,
                         present=tuple(present))
