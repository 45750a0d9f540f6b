"""The coach's phrasebook: complete in five languages, consistent placeholders, every key the
composer can ask for present, variants chosen deterministically, and the register the brief
asks for (Korean 해요체, one-sentence staging lines)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fitcoach.analytics.progression import AdviceReason, OverloadAction
from fitcoach.analytics.volume import LandmarkStatus, TrendDirection
from fitcoach.brain.providers.embedded.compose.change import Skip
from fitcoach.brain.providers.embedded.compose.form import PATTERN_FAMILY
from fitcoach.brain.providers.embedded.compose.phrasebook import (
    LANGUAGES,
    PHRASES,
    PhrasebookError,
    load_phrasebook,
    placeholders,
    stable_index,
)
from fitcoach.brain.providers.embedded.compose.rejections import _EDIT_REASONS, _RULE_GROUPS
from fitcoach.brain.providers.embedded.compose.reply import count_sentences
from fitcoach.brain.providers.embedded.nlu.lexicon import LEXICON
from fitcoach.catalog.vocabulary import AcuteCondition, Experience, Goal
from fitcoach.memory.entries import StapleCategory, Tone

# Keys holding names, facts and reasons rather than chat sentences.
# Not the coach's own sentences: facts, fragments, and chips (the user's words, as a user
# would type them: "목요일에도 어깨 운동 빼 줘", like the engine's own suggested edits).
NOT_CHAT = ("fact.", "reason.", "gear.", "side.", "date.", "noted.", "event.kind.",
            "event.sport.", "event.with_sport", "onboarding.outline", "chip.")


def test_every_key_speaks_all_five_languages() -> None:
    missing = [(key, language) for key in PHRASES for language in LANGUAGES
               if language not in PHRASES.entries[key]]
    assert missing == []


@pytest.mark.parametrize("key", list(PHRASES))
def test_every_language_fills_the_same_placeholders(key: str) -> None:
    wanted = {language: frozenset().union(*(placeholders(v) for v in
                                            PHRASES.entries[key][language]))
              for language in LANGUAGES}
    assert len(set(wanted.values())) == 1, wanted


REQUIRED = (
    [f"fact.tone.{t.value}" for t in Tone] + [f"memory.tone.{t.value}" for t in Tone]
    + [f"fact.goal.{g.value}" for g in Goal] + [f"fact.goal.{e.value}" for e in Experience]
    + [f"fact.acute.{c.value}" for c in AcuteCondition]
    + [f"fact.acute.{c.value}.general" for c in AcuteCondition]
    + [f"reason.acute.{c.value}" for c in AcuteCondition]
    + [f"reason.{c.value}.{phase}" for c in StapleCategory
       for phase in ("onboarding", "create", "update")]
    + [f"noted.{c.value}" for c in (StapleCategory.EQUIPMENT, StapleCategory.GOAL,
                                    StapleCategory.PREFERENCE)]
    + [f"event.kind.{kind}" for kind in LEXICON.section("event_kind")]
    + [f"event.sport.{sport}" for sport in LEXICON.section("sport")]
    + [f"event.noted.{mood}" for mood in ("compete", "travel", "other")]
    + [f"skip.{skip.value}" for skip in Skip]
    + [f"rejected.reason.{code}" for code in sorted(_EDIT_REASONS | set(_RULE_GROUPS.values()))]
    + [f"form.why.{family}" for family in sorted(set(PATTERN_FAMILY.values()))]
    + [f"progress.volume.{d.value}" for d in TrendDirection
       if d is not TrendDirection.INSUFFICIENT_DATA]
    + [f"progress.landmark.{s.value}" for s in LandmarkStatus if s is not LandmarkStatus.WITHIN]
    + [f"progress.advice.{a.value}" for a in OverloadAction
       if a not in (OverloadAction.HOLD, OverloadAction.PROGRESS_WITHOUT_LOAD,
                    OverloadAction.NO_HISTORY)]
    + [f"progress.advice.hold.{r.value}" for r in (
        AdviceReason.LATER_SETS_BELOW_RANGE, AdviceReason.MAX_EFFORT,
        AdviceReason.TOP_OF_RANGE_EFFORT_TOO_HIGH, AdviceReason.NO_LIGHTER_LOAD)]
    + ["progress.advice.progress_without_load.at_max_load",
       "progress.advice.progress_without_load.no_external_load"]
    + ["onboarding.ask." + "_".join(combo) for combo in (
        ("gear",), ("days",), ("time",), ("gear", "days"), ("gear", "time"),
        ("days", "time"), ("gear", "days", "time"))]
    + ["rejected.reason.generic", "rejected.reason.memory", "staged.week", "staged.day",
       "swap.live"]
)


@pytest.mark.parametrize("key", REQUIRED)
def test_every_key_the_composer_can_ask_for_exists(key: str) -> None:
    assert key in PHRASES


def test_variants_are_chosen_by_a_stable_hash_never_at_random() -> None:
    assert stable_index("talk.greeting|hello", 2) == stable_index("talk.greeting|hello", 2)
    first = PHRASES.say("talk.greeting", "en", salt="hello")
    assert all(PHRASES.say("talk.greeting", "en", salt="hello") == first for _ in range(5))
    # Different messages get different wordings where a coach would vary.
    seen = {PHRASES.say("talk.greeting", "en", salt=f"message {i}") for i in range(40)}
    assert len(seen) == len(PHRASES.variants("talk.greeting", "en")) >= 2


def test_a_tone_variant_is_used_when_there_is_one_and_the_plain_key_otherwise() -> None:
    tough = PHRASES.say("staged.week", "en", tone=Tone.TOUGH_LOVE)
    assert tough == PHRASES.variants("staged.week@tough_love", "en")[0]
    assert PHRASES.resolve("day.rest", Tone.TOUGH_LOVE) == "day.rest"


@pytest.mark.parametrize("key", ["staged.week", "staged.day", "swap.live", "staged.week@brief",
                                 "swap.live@tough_love", "acute.noted", "event.protected"])
def test_staging_and_swap_lines_are_one_sentence(key: str) -> None:
    for language in LANGUAGES:
        for variant in PHRASES.variants(key, language):
            filled = variant.format(**dict.fromkeys(placeholders(variant), "X"))
            assert count_sentences(filled) == 1, (language, variant)


KOREAN_POLITE = re.compile(r"(요|니다)[.!?]$")


@pytest.mark.parametrize("key", [k for k in PHRASES if not k.startswith(NOT_CHAT)])
def test_korean_chat_lines_end_in_the_polite_haeyo_style(key: str) -> None:
    for variant in PHRASES.variants(key, "ko"):
        assert KOREAN_POLITE.search(variant), variant


@pytest.mark.parametrize("key", [k for k in PHRASES if not k.startswith(NOT_CHAT)])
def test_hebrew_chat_lines_avoid_gendered_second_person_verbs(key: str) -> None:
    # The masculine and feminine imperatives of the verbs the coach would use most; the
    # lines use infinitives, plural or impersonal forms instead.
    gendered = ("תלחץ", "תלחצי", "תעשה ", "תעשי ", "תנסה", "תנסי", "תשמור", "תשמרי")
    for variant in PHRASES.variants(key, "he"):
        assert not any(word in variant for word in gendered), variant


def test_a_malformed_phrase_file_fails_with_its_name(tmp_path: Path) -> None:
    (tmp_path / "broken.yaml").write_text("greeting:\n  es: [hola]\n", encoding="utf-8")
    with pytest.raises(PhrasebookError, match=r"broken\.yaml.*English"):
        load_phrasebook(tmp_path)
    (tmp_path / "broken.yaml").write_text("greeting:\n  en: []\n", encoding="utf-8")
    with pytest.raises(PhrasebookError, match="non-empty"):
        load_phrasebook(tmp_path)
    (tmp_path / "broken.yaml").write_text("greeting:\n  en: hi\n  fr: salut\n",
                                          encoding="utf-8")
    with pytest.raises(PhrasebookError, match="unknown languages"):
        load_phrasebook(tmp_path)


def test_a_key_defined_twice_is_refused(tmp_path: Path) -> None:
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text("greeting:\n  en: hi\n", encoding="utf-8")
    with pytest.raises(PhrasebookError, match="two files"):
        load_phrasebook(tmp_path)
