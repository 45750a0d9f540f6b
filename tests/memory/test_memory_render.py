from __future__ import annotations

import datetime as dt
from typing import Any

from fitcoach.memory.apply import apply_mutations
from fitcoach.memory.entries import MemoryItem, MemoryMutation, Operation, Tier, parse_entry
from fitcoach.memory.render import (
    active_items,
    by_tier,
    iso_z,
    render_memory_profile,
    render_runtime_context,
)

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def utc(*parts: int) -> dt.datetime:
    return dt.datetime(*parts, tzinfo=dt.UTC)


def item(memory_id: str, tier: Tier, entry: dict[str, Any], created_at: dt.datetime,
         **lifecycle: Any) -> MemoryItem:
    return MemoryItem(memory_id=memory_id, tier=tier, entry=parse_entry(tier, entry),
                      created_at=created_at, updated_at=created_at, **lifecycle)


SEED_PROFILE = [
    item("mem_01", Tier.STAPLES,
         {"category": "equipment",
          "fact": "Home gym with dumbbells up to 50 lbs and adjustable bench."},
         utc(2026, 9, 1, 9, 0)),
    item("mem_02", Tier.STAPLES,
         {"category": "goal", "fact": "Hypertrophy with chest/shoulder emphasis."},
         utc(2026, 9, 1, 9, 0)),
    item("mem_03", Tier.PHYSIOLOGICAL,
         {"body_part": "hamstrings", "condition": "soreness", "fact": "Hamstring soreness",
          "effective_date": "2026-09-13", "expires_at": "2026-09-16T00:00:00Z"},
         utc(2026, 9, 13, 18, 0)),
]

# SPEC §3, with the example's choices made: coach tab, Monday selected, no plan yet.
SEED_BLOCK = """\
[RUNTIME CONTEXT BLOCK]
CURRENT TIMESTAMP: 2026-09-14T10:00:00Z
CURRENT DATE: Monday, 2026-09-14
ACTIVE TAB: coach
SELECTED DAY IN ROUTE: monday
ACTIVE USER MEMORY PROFILE (Unexpired Only):
- Tier 1 Staples:
  • [id: mem_01] [equipment] Home gym with dumbbells up to 50 lbs and adjustable bench.
  • [id: mem_02] [goal] Hypertrophy with chest/shoulder emphasis.
- Tier 2 Physiological:
  • [id: mem_03] Hamstring soreness (effective: 2026-09-13, expires: 2026-09-16T00:00:00Z)
- Tier 3 Situational:
  • (None active)
ACTIVE WEEKLY TRAINING PLAN:
(none yet: no weekly plan has been accepted)
[USER MESSAGE / CHIP INPUT]
"User's input string\""""


def render(items: list[MemoryItem], now: dt.datetime = NOW, **overrides: Any) -> str:
    arguments: dict[str, Any] = {
        "now": now, "timezone": "UTC", "active_tab": "coach", "selected_day": "monday",
        "items": items, "plan": None, "message": "User's input string"}
    return render_runtime_context(**{**arguments, **overrides})


def test_the_seed_example_block_verbatim() -> None:
    assert render(SEED_PROFILE) == SEED_BLOCK


def test_item_order_does_not_depend_on_the_input_order() -> None:
    assert render(list(reversed(SEED_PROFILE))) == SEED_BLOCK


def test_no_selected_day_is_written_null() -> None:
    assert "\nSELECTED DAY IN ROUTE: null\n" in render(SEED_PROFILE, selected_day=None)


def test_plan_is_compact_json_in_its_own_order() -> None:
    plan = {"week_start_date": "2026-09-14", "theme": "Upper/Lower", "summary": {"frequency": 4}}
    block = render(SEED_PROFILE, plan=plan)
    assert ("ACTIVE WEEKLY TRAINING PLAN:\n"
            '{"week_start_date":"2026-09-14","theme":"Upper/Lower","summary":{"frequency":4}}\n'
            "[USER MESSAGE / CHIP INPUT]") in block


def test_current_date_is_the_users_local_date() -> None:
    late = utc(2026, 9, 14, 20, 30)  # 05:30 on Tuesday in Seoul
    block = render(SEED_PROFILE, now=late, timezone="Asia/Seoul")
    assert "CURRENT TIMESTAMP: 2026-09-14T20:30:00Z\nCURRENT DATE: Tuesday, 2026-09-15\n" in block


def test_message_is_quoted_on_one_line() -> None:
    block = render(SEED_PROFILE, message='Bench is "taken"\nwhat now?')
    assert block.endswith('[USER MESSAGE / CHIP INPUT]\n"Bench is \\"taken\\"\\nwhat now?"')


def test_hebrew_and_korean_text_stays_readable() -> None:
    block = render(SEED_PROFILE, message="הכתף כואבת")
    assert block.endswith('"הכתף כואבת"')


class TestEviction:
    def test_acute_note_is_shown_up_to_its_expiry_instant(self) -> None:
        block = render(SEED_PROFILE, now=utc(2026, 9, 16, 0, 0))
        assert "[id: mem_03]" in block

    def test_acute_note_leaves_the_context_once_now_passes_expires_at(self) -> None:
        block = render(SEED_PROFILE, now=utc(2026, 9, 16, 0, 0, 1))
        assert "mem_03" not in block
        assert "- Tier 2 Physiological:\n  • (None active)\n- Tier 3 Situational:" in block

    def test_invalidated_items_never_appear(self) -> None:
        deleted_goal = SEED_PROFILE[1].model_copy(
            update={"invalidated_at": NOW, "invalidation_reason": "goal changed"})
        block = render([SEED_PROFILE[0], deleted_goal, SEED_PROFILE[2]])
        assert "mem_02" not in block
        assert "[id: mem_01]" in block


def test_event_line_shows_event_dates_and_expiry() -> None:
    golf = item("mem_04", Tier.SITUATIONAL,
                {"event": "Golf tournament", "fact": "36 holes; keep back and forearms fresh",
                 "week_start_date": "2026-09-14", "event_date": "2026-09-19",
                 "expires_at": "2026-09-20T04:00:00Z"}, utc(2026, 9, 14, 9, 0))
    trip = item("mem_05", Tier.SITUATIONAL,
                {"event": "Work trip", "fact": "Hotel gym", "week_start_date": "2026-09-21",
                 "event_date": "2026-09-22", "end_date": "2026-09-24",
                 "expires_at": "2026-09-25T00:00:00Z"}, utc(2026, 9, 14, 9, 5))
    assert render_memory_profile([trip, golf], NOW).splitlines()[-3:] == [
        "- Tier 3 Situational:",
        "  • [id: mem_04] [Golf tournament] 36 holes; keep back and forearms fresh "
        "(week of: 2026-09-14, event: 2026-09-19, expires: 2026-09-20T04:00:00Z)",
        "  • [id: mem_05] [Work trip] Hotel gym "
        "(week of: 2026-09-21, event: 2026-09-22 to 2026-09-24, expires: 2026-09-25T00:00:00Z)",
    ]


def test_a_fact_with_line_breaks_stays_on_its_line() -> None:
    pref = item("mem_09", Tier.STAPLES,
                {"category": "preference", "fact": "Short answers.\nNo fluff."},
                utc(2026, 9, 2, 9, 0))
    assert "  • [id: mem_09] [preference] Short answers. No fluff.\n" in render([pref])


def test_active_items_sort_by_creation_then_id_and_drop_inactive() -> None:
    same_time = utc(2026, 9, 1, 9, 0)
    b = item("mem_b", Tier.STAPLES, {"category": "goal", "fact": "B"}, same_time)
    a = item("mem_a", Tier.STAPLES, {"category": "goal", "fact": "A"}, same_time)
    first = item("mem_z", Tier.STAPLES, {"category": "goal", "fact": "Z"}, utc(2026, 8, 1))
    expired = SEED_PROFILE[2]
    later = utc(2026, 9, 20)
    assert [i.memory_id for i in active_items([b, expired, a, first], later)] == [
        "mem_z", "mem_a", "mem_b"]


def test_by_tier_lists_every_tier() -> None:
    groups = by_tier(SEED_PROFILE[2:])
    assert list(groups) == [Tier.STAPLES, Tier.PHYSIOLOGICAL, Tier.SITUATIONAL]
    assert groups[Tier.STAPLES] == groups[Tier.SITUATIONAL] == ()
    assert [i.memory_id for i in groups[Tier.PHYSIOLOGICAL]] == ["mem_03"]


def test_iso_z_converts_to_utc_and_drops_fractions() -> None:
    rome = dt.timezone(dt.timedelta(hours=2))
    assert iso_z(dt.datetime(2026, 9, 14, 12, 0, 5, 999_999, tzinfo=rome)) == (
        "2026-09-14T10:00:05Z")


def test_a_default_ttl_note_leaves_the_context_five_days_later() -> None:
    # The seed's intent 5 end to end: CREATE without times, then render as the days pass.
    shoulder = MemoryMutation(
        operation=Operation.CREATE, target_tier=Tier.PHYSIOLOGICAL, reason="acute",
        entry={"body_part": "shoulders", "condition": "minor_strain",
               "fact": "Right shoulder tight and irritated"})
    items = apply_mutations([], [shoulder], NOW, lambda: "mem_07").items
    line = ("  • [id: mem_07] Right shoulder tight and irritated "
            "(effective: 2026-09-14, expires: 2026-09-19T10:00:00Z)")
    assert line in render_memory_profile(items, utc(2026, 9, 19, 10, 0)).splitlines()
    assert "mem_07" not in render_memory_profile(items, utc(2026, 9, 19, 10, 0, 1))
