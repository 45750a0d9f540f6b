from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest

from fitcoach.catalog.vocabulary import AcuteCondition, GearTag
from fitcoach.memory.apply import (
    MemoryMutationError,
    apply_mutations,
)
from fitcoach.memory.entries import (
    MemoryItem,
    MemoryMutation,
    Operation,
    Tier,
    parse_entry,
)

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
EARLIER = dt.datetime(2026, 9, 1, 8, 0, tzinfo=dt.UTC)


def utc(*parts: int) -> dt.datetime:
    return dt.datetime(*parts, tzinfo=dt.UTC)


def item(memory_id: str, tier: Tier, entry: dict[str, Any], **lifecycle: Any) -> MemoryItem:
    return MemoryItem(memory_id=memory_id, tier=tier, entry=parse_entry(tier, entry),
                      created_at=lifecycle.pop("created_at", EARLIER),
                      updated_at=lifecycle.pop("updated_at", EARLIER), **lifecycle)


def create(tier: Tier, entry: dict[str, Any], **extra: Any) -> MemoryMutation:
    return MemoryMutation(operation=Operation.CREATE, target_tier=tier, entry=entry,
                          reason="test", **extra)


def update(tier: Tier, memory_id: str, entry: dict[str, Any]) -> MemoryMutation:
    return MemoryMutation(operation=Operation.UPDATE, target_tier=tier, memory_id=memory_id,
                          entry=entry, reason="test")


def delete(tier: Tier, memory_id: str, reason: str = "resolved") -> MemoryMutation:
    return MemoryMutation(operation=Operation.DELETE, target_tier=tier, memory_id=memory_id,
                          reason=reason)


EQUIPMENT = {"category": "equipment",
             "fact": "Home gym with dumbbells up to 50 lbs and adjustable bench.",
             "gear": ["dumbbells", "flat_bench", "incline_bench"], "max_dumbbell_lbs": 50}
GOAL = {"category": "goal", "fact": "Hypertrophy with chest/shoulder emphasis."}
HAMSTRINGS = {"body_part": "hamstrings", "condition": "soreness", "fact": "Hamstring soreness",
              "effective_date": "2026-09-13", "expires_at": "2026-09-16T00:00:00Z"}
GOLF = {"event": "Golf tournament", "fact": "36-hole tournament on Saturday",
        "week_start_date": "2026-09-14", "event_date": "2026-09-19",
        "expires_at": "2026-09-20T00:00:00Z"}


@pytest.fixture
def profile() -> list[MemoryItem]:
    """The seed's example profile (SPEC §3) plus an event."""
    return [
        item("mem_a1", Tier.STAPLES, EQUIPMENT),
        item("mem_a2", Tier.STAPLES, GOAL),
        item("mem_a3", Tier.PHYSIOLOGICAL, HAMSTRINGS),
        item("mem_a4", Tier.SITUATIONAL, GOLF),
    ]


def problems_of(error: pytest.ExceptionInfo[MemoryMutationError]) -> list[tuple[int, str]]:
    return [(p.index, p.code.value) for p in error.value.problems]


class TestCreate:
    def test_seed_onboarding_creates_three_staples(self, new_id: Callable[[], str]) -> None:
        batch = [
            create(Tier.STAPLES, {"category": "equipment", "source": "conversational_onboarding",
                                  "fact": "Home gym with dumbbells up to 50 lbs and adjustable "
                                          "bench."}),
            create(Tier.STAPLES, {"category": "goal", "source": "conversational_onboarding",
                                  "fact": "Hypertrophy focus with priority on chest and delts; "
                                          "4 days/week, 45 min."}),
            create(Tier.STAPLES, {"category": "chronic_condition",
                                  "source": "conversational_onboarding",
                                  "fact": "Lower back sensitivity on heavy deadlifts/unsupported "
                                          "spinal loading."}),
        ]
        outcome = apply_mutations([], batch, NOW, new_id)
        assert [m.memory_id for m in outcome.applied] == ["mem_01", "mem_02", "mem_03"]
        assert [i.memory_id for i in outcome.items] == ["mem_01", "mem_02", "mem_03"]
        assert outcome.created == outcome.items
        assert all(i.created_at == NOW and i.updated_at == NOW for i in outcome.created)
        assert outcome.applied[2].entry == {
            "category": "chronic_condition", "source": "conversational_onboarding",
            "fact": "Lower back sensitivity on heavy deadlifts/unsupported spinal loading."}
        assert outcome.updated == outcome.invalidated == outcome.dropped == ()

    def test_an_id_the_brain_suggests_is_replaced(self, new_id: Callable[[], str]) -> None:
        outcome = apply_mutations([], [create(Tier.STAPLES, GOAL, memory_id="mem_99")], NOW,
                                  new_id)
        assert outcome.applied[0].memory_id == "mem_01"

    def test_new_items_follow_the_given_ones(self, profile: list[MemoryItem],
                                             new_id: Callable[[], str]) -> None:
        preference = {"category": "preference", "fact": "Wants short answers", "tone": "brief"}
        outcome = apply_mutations(profile, [create(Tier.STAPLES, preference)], NOW, new_id)
        assert [i.memory_id for i in outcome.items] == [
            "mem_a1", "mem_a2", "mem_a3", "mem_a4", "mem_01"]

    def test_repeated_staple_is_dropped_despite_case_and_punctuation(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        again = {"category": "goal", "fact": "  hypertrophy WITH chest/shoulder   emphasis!"}
        outcome = apply_mutations(profile, [create(Tier.STAPLES, again)], NOW, new_id)
        assert outcome.applied == outcome.created == ()
        assert outcome.items == tuple(profile)
        (dropped,) = outcome.dropped
        assert (dropped.index, dropped.duplicate_of) == (0, "mem_a2")
        assert "mem_a2" in dropped.reason

    def test_same_structured_equipment_in_other_words_is_dropped(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        same_gear = {"category": "equipment", "fact": "Adjustable bench and DBs to 50 lb",
                     "gear": ["incline_bench", "dumbbells", "flat_bench"], "max_dumbbell_lbs": 50}
        outcome = apply_mutations(profile, [create(Tier.STAPLES, same_gear)], NOW, new_id)
        assert [d.duplicate_of for d in outcome.dropped] == ["mem_a1"]

    def test_different_structured_equipment_is_kept(self, profile: list[MemoryItem],
                                                    new_id: Callable[[], str]) -> None:
        gym = {"category": "equipment", "fact": "Also a commercial gym pass",
               "gear": [tag.value for tag in GearTag]}
        outcome = apply_mutations(profile, [create(Tier.STAPLES, gym)], NOW, new_id)
        assert [i.memory_id for i in outcome.created] == ["mem_01"]

    def test_same_words_in_another_category_is_a_different_fact(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        as_preference = {**GOAL, "category": "preference"}
        outcome = apply_mutations(profile, [create(Tier.STAPLES, as_preference)], NOW, new_id)
        assert len(outcome.created) == 1

    def test_two_identical_creates_in_one_batch_keep_the_first(
        self, new_id: Callable[[], str]
    ) -> None:
        outcome = apply_mutations([], [create(Tier.STAPLES, GOAL), create(Tier.STAPLES, GOAL)],
                                  NOW, new_id)
        assert [i.memory_id for i in outcome.created] == ["mem_01"]
        assert [(d.index, d.duplicate_of) for d in outcome.dropped] == [(1, "mem_01")]

    def test_active_acute_state_of_the_same_part_and_condition_is_not_repeated(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        again = {"body_part": "hamstrings", "condition": "soreness",
                 "fact": "My hamstrings are still sore"}
        outcome = apply_mutations(profile, [create(Tier.PHYSIOLOGICAL, again)], NOW, new_id)
        assert [d.duplicate_of for d in outcome.dropped] == ["mem_a3"]

    def test_other_condition_of_the_same_part_is_a_new_state(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        strain = {"body_part": "hamstrings", "condition": "minor_strain", "fact": "Tweaked it"}
        outcome = apply_mutations(profile, [create(Tier.PHYSIOLOGICAL, strain)], NOW, new_id)
        assert len(outcome.created) == 1

    def test_expired_or_deleted_state_does_not_block_a_new_one(
        self, new_id: Callable[[], str]
    ) -> None:
        expired = item("mem_old", Tier.PHYSIOLOGICAL,
                       {**HAMSTRINGS, "effective_date": "2026-09-01",
                        "expires_at": "2026-09-04T00:00:00Z"})
        deleted = item("mem_gone", Tier.PHYSIOLOGICAL, HAMSTRINGS, invalidated_at=NOW,
                       invalidation_reason="resolved")
        sore = {"body_part": "hamstrings", "condition": "soreness", "fact": "Sore again"}
        outcome = apply_mutations([expired, deleted], [create(Tier.PHYSIOLOGICAL, sore)], NOW,
                                  new_id)
        assert [i.memory_id for i in outcome.created] == ["mem_01"]

    def test_same_event_and_dates_is_dropped_other_dates_are_kept(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        same = {**GOLF, "event": "golf TOURNAMENT", "fact": "Saturday golf"}
        next_week = {**GOLF, "week_start_date": "2026-09-21", "event_date": "2026-09-26",
                     "expires_at": "2026-09-27T00:00:00Z"}
        outcome = apply_mutations(
            profile, [create(Tier.SITUATIONAL, same), create(Tier.SITUATIONAL, next_week)], NOW,
            new_id)
        assert [d.duplicate_of for d in outcome.dropped] == ["mem_a4"]
        assert [i.memory_id for i in outcome.created] == ["mem_01"]

    def test_tier_2_create_without_times_gets_the_ttl_defaults(
        self, new_id: Callable[[], str]
    ) -> None:
        # The seed's intent 5: a tight, irritated shoulder is a minor joint tweak, now + 5 days.
        shoulder = {"body_part": "shoulders", "condition": "minor_strain",
                    "fact": "Right shoulder tight and irritated; no overhead or heavy incline."}
        outcome = apply_mutations([], [create(Tier.PHYSIOLOGICAL, shoulder)], NOW, new_id)
        (created,) = outcome.created
        assert created.entry.effective_date == dt.date(2026, 9, 14)
        assert created.entry.expires_at == utc(2026, 9, 19, 10, 0)
        assert outcome.applied[0].entry == {**shoulder, "effective_date": "2026-09-14",
                                            "expires_at": "2026-09-19T10:00:00Z"}

    def test_effective_date_is_the_users_local_date(self, new_id: Callable[[], str]) -> None:
        late = utc(2026, 9, 14, 20, 0)  # already 05:00 on the 15th in Seoul
        sore = {"body_part": "quads", "condition": "soreness", "fact": "Quads sore"}
        outcome = apply_mutations([], [create(Tier.PHYSIOLOGICAL, sore)], late, new_id,
                                  tz="Asia/Seoul")
        assert outcome.created[0].entry.effective_date == dt.date(2026, 9, 15)
        assert outcome.created[0].entry.expires_at == utc(2026, 9, 17, 20, 0)

    def test_tier_3_create_without_expiry_ends_with_the_event_day(
        self, new_id: Callable[[], str]
    ) -> None:
        trip = {"event": "Work trip", "fact": "Hotel gym only", "week_start_date": "2026-09-14",
                "event_date": "2026-09-16", "end_date": "2026-09-18", "travel": True}
        outcome = apply_mutations([], [create(Tier.SITUATIONAL, trip)], NOW, new_id,
                                  tz="America/New_York")
        assert outcome.created[0].entry.expires_at == utc(2026, 9, 19, 4, 0)

    def test_create_that_is_already_over_is_dropped(self, new_id: Callable[[], str]) -> None:
        past = {**GOLF, "week_start_date": "2026-09-07", "event_date": "2026-09-12",
                "expires_at": "2026-09-13T00:00:00Z"}
        outcome = apply_mutations([], [create(Tier.SITUATIONAL, past)], NOW, new_id)
        assert outcome.created == ()
        assert "expired" in outcome.dropped[0].reason

    def test_invalid_entry_is_refused(self, new_id: Callable[[], str]) -> None:
        cramp = {"body_part": "calves", "condition": "cramp", "fact": "Calf cramp"}
        with pytest.raises(MemoryMutationError) as error:
            apply_mutations([], [create(Tier.PHYSIOLOGICAL, cramp)], NOW, new_id)
        assert problems_of(error) == [(0, "invalid_entry")]
        assert "condition" in error.value.problems[0].message

    def test_an_entry_of_another_tier_is_refused(self, new_id: Callable[[], str]) -> None:
        with pytest.raises(MemoryMutationError) as error:
            apply_mutations([], [create(Tier.PHYSIOLOGICAL, GOAL)], NOW, new_id)
        assert problems_of(error) == [(0, "invalid_entry")]

    def test_an_id_factory_that_repeats_an_id_is_a_bug(self, profile: list[MemoryItem]) -> None:
        with pytest.raises(ValueError, match="already in use"):
            apply_mutations(profile, [create(Tier.STAPLES, {"category": "goal", "fact": "x"})],
                            NOW, lambda: "mem_a1")

    def test_naive_now_is_refused(self, new_id: Callable[[], str]) -> None:
        with pytest.raises(ValueError, match="timezone-aware"):
            apply_mutations([], [], dt.datetime(2026, 9, 14, 10, 0), new_id)


class TestUpdate:
    def test_heavier_dumbbells_update_the_equipment_fact(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        change = {"fact": "Home gym with dumbbells up to 80 lbs and adjustable bench.",
                  "max_dumbbell_lbs": 80}
        outcome = apply_mutations(profile, [update(Tier.STAPLES, "mem_a1", change)], NOW, new_id)
        (updated,) = outcome.updated
        assert updated.memory_id == "mem_a1"
        assert updated.entry.max_dumbbell_lbs == 80
        assert updated.entry.gear == (GearTag.DUMBBELLS, GearTag.FLAT_BENCH,
                                      GearTag.INCLINE_BENCH)
        assert (updated.created_at, updated.updated_at) == (EARLIER, NOW)
        assert outcome.items[0] == updated  # replaced where it stood
        assert outcome.applied[0].memory_id == "mem_a1"
        assert outcome.applied[0].entry == {
            "category": "equipment", "source": "conversation",
            "fact": "Home gym with dumbbells up to 80 lbs and adjustable bench.",
            "gear": ["dumbbells", "flat_bench", "incline_bench"], "max_dumbbell_lbs": 80.0}
        assert outcome.created == ()

    def test_merged_entry_is_revalidated(self, profile: list[MemoryItem],
                                         new_id: Callable[[], str]) -> None:
        batch = [update(Tier.STAPLES, "mem_a1", {"max_dumbbell_lbs": -5}),
                 update(Tier.STAPLES, "mem_a2", {"gear": ["barbell"]})]  # not a goal field
        with pytest.raises(MemoryMutationError) as error:
            apply_mutations(profile, batch, NOW, new_id)
        assert problems_of(error) == [(0, "invalid_entry"), (1, "invalid_entry")]

    def test_a_changed_condition_gets_its_own_ttl_from_now(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        outcome = apply_mutations(
            profile, [update(Tier.PHYSIOLOGICAL, "mem_a3", {"condition": "minor_strain"})], NOW,
            new_id)
        entry = outcome.updated[0].entry
        assert entry.condition is AcuteCondition.MINOR_STRAIN
        assert entry.expires_at == utc(2026, 9, 19, 10, 0)
        assert entry.effective_date == dt.date(2026, 9, 13)

    def test_rewording_keeps_the_expiry(self, profile: list[MemoryItem],
                                        new_id: Callable[[], str]) -> None:
        outcome = apply_mutations(
            profile, [update(Tier.PHYSIOLOGICAL, "mem_a3", {"fact": "Hamstrings a bit sore"})],
            NOW, new_id)
        assert outcome.updated[0].entry.expires_at == utc(2026, 9, 16, 0, 0)

    def test_moving_an_event_moves_its_expiry(self, profile: list[MemoryItem],
                                              new_id: Callable[[], str]) -> None:
        outcome = apply_mutations(
            profile, [update(Tier.SITUATIONAL, "mem_a4", {"end_date": "2026-09-20"})], NOW,
            new_id, tz="Europe/Rome")
        assert outcome.updated[0].entry.expires_at == utc(2026, 9, 20, 22, 0)

    def test_update_that_would_repeat_another_active_fact_is_dropped(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        other = item("mem_a5", Tier.STAPLES, {"category": "goal", "fact": "Get stronger"})
        outcome = apply_mutations(
            [*profile, other], [update(Tier.STAPLES, "mem_a5", {"fact": GOAL["fact"]})], NOW,
            new_id)
        assert outcome.updated == ()
        assert [d.duplicate_of for d in outcome.dropped] == ["mem_a2"]
        assert outcome.items[-1] == other

    def test_update_with_its_own_content_is_not_a_repeat(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        outcome = apply_mutations(profile, [update(Tier.STAPLES, "mem_a2", GOAL)], NOW, new_id)
        assert [i.memory_id for i in outcome.updated] == ["mem_a2"]


class TestDelete:
    def test_delete_invalidates_and_keeps_an_audit_trail(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        batch = [delete(Tier.PHYSIOLOGICAL, "mem_a3", "Hamstrings feel 100% now")]
        outcome = apply_mutations(profile, batch, NOW, new_id)
        (gone,) = outcome.invalidated
        assert gone.memory_id == "mem_a3"
        assert gone.invalidated_at == NOW
        assert gone.invalidation_reason == "Hamstrings feel 100% now"
        assert gone.entry == profile[2].entry
        assert not gone.is_active(NOW)
        assert outcome.items[2] == gone  # still there, as history
        assert outcome.applied[0].model_dump() == {
            "operation": Operation.DELETE, "target_tier": Tier.PHYSIOLOGICAL,
            "memory_id": "mem_a3", "entry": None, "reason": "Hamstrings feel 100% now"}

    def test_update_then_delete_in_one_batch(self, profile: list[MemoryItem],
                                             new_id: Callable[[], str]) -> None:
        batch = [update(Tier.STAPLES, "mem_a2", {"fact": "Strength"}),
                 delete(Tier.STAPLES, "mem_a2")]
        outcome = apply_mutations(profile, batch, NOW, new_id)
        assert outcome.updated == outcome.invalidated
        assert outcome.invalidated[0].entry.fact == "Strength"


class TestTargets:
    def test_unknown_id_which_also_covers_another_users_id(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        batch = [update(Tier.STAPLES, "mem_someone_else", {"fact": "x"}),
                 delete(Tier.STAPLES, "mem_nope")]
        with pytest.raises(MemoryMutationError) as error:
            apply_mutations(profile, batch, NOW, new_id)
        assert problems_of(error) == [(0, "unknown_id"), (1, "unknown_id")]

    def test_id_of_another_tier(self, profile: list[MemoryItem],
                                new_id: Callable[[], str]) -> None:
        with pytest.raises(MemoryMutationError) as error:
            apply_mutations(profile, [delete(Tier.STAPLES, "mem_a3")], NOW, new_id)
        assert problems_of(error) == [(0, "wrong_tier")]

    def test_expired_id(self, profile: list[MemoryItem], new_id: Callable[[], str]) -> None:
        after_expiry = utc(2026, 9, 16, 0, 0, 1)
        with pytest.raises(MemoryMutationError) as error:
            apply_mutations(profile, [delete(Tier.PHYSIOLOGICAL, "mem_a3")], after_expiry,
                            new_id)
        assert problems_of(error) == [(0, "inactive_id")]
        assert "expired" in error.value.problems[0].message

    def test_id_active_until_the_exact_expiry_instant(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        at_expiry = utc(2026, 9, 16, 0, 0)
        outcome = apply_mutations(profile, [delete(Tier.PHYSIOLOGICAL, "mem_a3")], at_expiry,
                                  new_id)
        assert len(outcome.invalidated) == 1

    def test_already_deleted_id_including_earlier_in_the_same_batch(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        deleted = item("mem_d", Tier.STAPLES, {"category": "preference", "fact": "Gentle"},
                       invalidated_at=EARLIER, invalidation_reason="revoked")
        batch = [delete(Tier.STAPLES, "mem_d"),
                 delete(Tier.STAPLES, "mem_a2"),
                 update(Tier.STAPLES, "mem_a2", {"fact": "Strength"})]
        with pytest.raises(MemoryMutationError) as error:
            apply_mutations([*profile, deleted], batch, NOW, new_id)
        assert problems_of(error) == [(0, "inactive_id"), (2, "inactive_id")]


class TestAllOrNothing:
    def test_mixed_batch_reports_every_problem_and_applies_nothing(
        self, profile: list[MemoryItem], new_id: Callable[[], str]
    ) -> None:
        snapshot = list(profile)
        batch = [
            create(Tier.STAPLES, {"category": "preference", "fact": "Tough love", "tone":
                                  "tough_love"}),
            delete(Tier.STAPLES, "mem_missing"),
            delete(Tier.PHYSIOLOGICAL, "mem_a3"),
            create(Tier.PHYSIOLOGICAL, {"body_part": "elbow", "condition": "tendinitis",
                                        "fact": "Elbow"}),
            update(Tier.SITUATIONAL, "mem_a1", {"fact": "x"}),
        ]
        with pytest.raises(MemoryMutationError) as error:
            apply_mutations(profile, batch, NOW, new_id)
        assert problems_of(error) == [(1, "unknown_id"), (3, "invalid_entry"),
                                      (4, "wrong_tier")]
        assert profile == snapshot
        assert all(i.invalidated_at is None for i in profile)
        assert "#1 unknown_id" in str(error.value)

    def test_the_valid_part_alone_applies(self, profile: list[MemoryItem],
                                          new_id: Callable[[], str]) -> None:
        batch = [create(Tier.STAPLES, {"category": "preference", "fact": "Tough love"}),
                 delete(Tier.PHYSIOLOGICAL, "mem_a3")]
        outcome = apply_mutations(profile, batch, NOW, new_id)
        assert [m.operation for m in outcome.applied] == [Operation.CREATE, Operation.DELETE]
        assert [m.memory_id for m in outcome.applied] == ["mem_01", "mem_a3"]

