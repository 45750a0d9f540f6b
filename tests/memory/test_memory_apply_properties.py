"""Properties of `apply_mutations` over random batches drawn from small pools of facts.

Small pools make repeats, case variants, stale ids and cross-tier ids frequent, which is where
dedup and the all-or-nothing rule can go wrong.
"""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from fitcoach.memory.apply import MemoryMutationError, apply_mutations
from fitcoach.memory.entries import MemoryItem, MemoryMutation, Operation, Tier
from fitcoach.memory.equivalence import equivalent
from fitcoach.memory.render import active_items, render_memory_profile

START = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
ZONES = ["UTC", "America/New_York", "Asia/Seoul"]

staples = st.one_of(
    st.fixed_dictionaries({
        "category": st.sampled_from(["goal", "preference", "chronic_condition"]),
        "fact": st.sampled_from(["Hypertrophy", "hypertrophy.", "Get stronger", "GET STRONGER!"]),
    }),
    st.fixed_dictionaries({
        "category": st.just("equipment"),
        "fact": st.sampled_from(["Dumbbells at home", "DBs and a bench", "dumbbells at home"]),
        "gear": st.lists(st.sampled_from(["dumbbells", "flat_bench", "pull_up_bar"]),
                         unique=True, max_size=3),
        "max_dumbbell_lbs": st.sampled_from([50, 80]),
    }),
)
acute_states = st.fixed_dictionaries(
    {
        "body_part": st.sampled_from(["hamstrings", "shoulders"]),
        "condition": st.sampled_from(["soreness", "fatigue", "minor_strain"]),
        "fact": st.sampled_from(["Sore", "Tight", "Tired"]),
    },
    optional={"expires_at": st.sampled_from(["2026-09-14T09:00:00Z", "2026-09-15T12:00:00Z"])},
)
events = st.fixed_dictionaries(
    {
        "event": st.sampled_from(["Golf tournament", "golf tournament", "Trip"]),
        "fact": st.sampled_from(["Saturday", "Away"]),
        "week_start_date": st.just("2026-09-14"),
        "event_date": st.sampled_from(["2026-09-19", "2026-09-20"]),
    },
    optional={"end_date": st.just("2026-09-20")},
)
ENTRIES = {Tier.STAPLES: staples, Tier.PHYSIOLOGICAL: acute_states, Tier.SITUATIONAL: events}
CHANGES = {
    Tier.STAPLES: st.fixed_dictionaries({"fact": st.sampled_from(["Hypertrophy", "Get fit"])}),
    Tier.PHYSIOLOGICAL: st.one_of(
        st.fixed_dictionaries({"condition": st.sampled_from(["soreness", "minor_strain"])}),
        st.fixed_dictionaries({"body_part": st.sampled_from(["hamstrings", "shoulders"])}),
    ),
    Tier.SITUATIONAL: st.fixed_dictionaries(
        {"event": st.sampled_from(["Trip", "golf tournament"])}),
}
tiers = st.sampled_from(list(Tier))


@st.composite
def creates(draw: st.DrawFn) -> MemoryMutation:
    tier = draw(tiers)
    return MemoryMutation(operation=Operation.CREATE, target_tier=tier,
                          entry=draw(ENTRIES[tier]), reason="p")


@st.composite
def any_mutation(draw: st.DrawFn, items: tuple[MemoryItem, ...]) -> MemoryMutation:
    """Mostly well-aimed mutations, sometimes a ghost id or the wrong tier."""
    operation = draw(st.sampled_from(list(Operation)))
    if operation is Operation.CREATE or not items:
        return draw(creates())
    target = draw(st.sampled_from(items))
    memory_id, tier = target.memory_id, target.tier
    if draw(st.integers(0, 9)) == 0:
        memory_id = "mem_ghost"
    if draw(st.integers(0, 9)) == 0:
        tier = draw(tiers)
    entry = draw(CHANGES[tier]) if operation is Operation.UPDATE else None
    return MemoryMutation(operation=operation, target_tier=tier, memory_id=memory_id,
                          entry=entry, reason="p")


def counter_ids() -> Any:
    counter = itertools.count(1)
    return lambda: f"mem_{next(counter):02d}"


def equivalent_pairs(items: list[MemoryItem] | tuple[MemoryItem, ...],
                     now: dt.datetime) -> list[tuple[str, str]]:
    active = active_items(items, now)
    return [(a.memory_id, b.memory_id) for a, b in itertools.combinations(active, 2)
            if equivalent(a.entry, b.entry)]


@settings(max_examples=300, deadline=None)
@given(batch=st.lists(creates(), max_size=12), zone=st.sampled_from(ZONES))
def test_creates_alone_never_store_two_equivalent_active_facts(
    batch: list[MemoryMutation], zone: str
) -> None:
    outcome = apply_mutations([], batch, START, counter_ids(), tz=zone)
    assert equivalent_pairs(outcome.items, START) == []
    assert len(outcome.applied) + len(outcome.dropped) == len(batch)
    assert [m.memory_id for m in outcome.applied] == [i.memory_id for i in outcome.created]


@settings(max_examples=400, deadline=None)
@given(data=st.data(), first=st.lists(creates(), max_size=8), zone=st.sampled_from(ZONES),
       hours_later=st.sampled_from([0, 20, 50, 100, 200]))
def test_any_second_batch_keeps_facts_unique_or_changes_nothing(
    data: st.DataObject, first: list[MemoryMutation], zone: str, hours_later: int
) -> None:
    ids = counter_ids()
    items = apply_mutations([], first, START, ids, tz=zone).items
    later = START + dt.timedelta(hours=hours_later)  # some acute states have expired by then
    known = [i.memory_id for i in items]
    batch = data.draw(st.lists(any_mutation(items), min_size=1, max_size=8))
    given_items = list(items)
    snapshot = [item.model_copy(deep=True) for item in given_items]
    context_before = render_memory_profile(given_items, later)
    try:
        outcome = apply_mutations(given_items, batch, later, ids, tz=zone)
    except MemoryMutationError as error:
        event("batch refused")
        # Nothing was applied: the caller's list and every item in it are as they were.
        assert given_items == snapshot
        assert render_memory_profile(given_items, later) == context_before
        indexes = [p.index for p in error.problems]
        assert indexes == sorted(set(indexes))
        assert all(0 <= i < len(batch) for i in indexes)
        return
    event("batch applied" if outcome.applied else "nothing to apply")
    assert equivalent_pairs(outcome.items, later) == []
    assert len(outcome.applied) + len(outcome.dropped) == len(batch)
    # No item is ever lost: deletions keep the row as history.
    assert [i.memory_id for i in outcome.items][: len(items)] == known
    assert all(i.invalidated_at == later for i in outcome.invalidated)
