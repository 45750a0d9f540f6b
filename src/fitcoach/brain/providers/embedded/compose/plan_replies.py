"""Messages for staged proposals: the first week, a day change, a week overhaul, a gym swap, an
acute adjustment and an event. Each says what the engine actually changed (read from the
materialised plan, never assumed) and presents it as staged: nothing is done until the user
taps Accept Plan (SPEC §1.3)."""

from __future__ import annotations

from typing import Any

from fitcoach.brain.decision import Materialized
from fitcoach.brain.providers.embedded.compose import language as lx
from fitcoach.brain.providers.embedded.compose.acute import acute_scope, is_fatigue, new_states
from fitcoach.brain.providers.embedded.compose.change import ChangeKind, PlannedChange
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.reply import Reply
from fitcoach.brain.providers.embedded.compose.talk import extra_gear_note
from fitcoach.brain.providers.embedded.nlu.router import Brevity
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, GearTag, Weekday
from fitcoach.memory.entries import StapleCategory, Tone
from fitcoach.programming.edits.operations import ProtectForEvent
from fitcoach.programming.plan import DayPlan, PlannedExercise, WeeklyPlan


def _explains(view: TurnView) -> bool:
    """Whether the user wants the reasoning too: they asked why, or asked for the science."""
    return view.routing.brevity is Brevity.EXPANDED or view.tone is Tone.SCIENTIFIC


def _day_before(view: TurnView, day: Weekday) -> DayPlan | None:
    return view.plan.days[day] if view.plan is not None else None


def _slugs(day: DayPlan | None) -> list[str]:
    return [e.exercise_id for e in day.exercises] if day is not None else []


def _planned(day: DayPlan, slug: str) -> PlannedExercise | None:
    return next((e for e in day.exercises if e.exercise_id == slug), None)


def _removed(before: DayPlan | None, after: DayPlan) -> list[str]:
    kept = set(_slugs(after))
    return [slug for slug in _slugs(before) if slug not in kept]


def _added(before: DayPlan | None, after: DayPlan) -> list[str]:
    old = set(_slugs(before))
    return [slug for slug in _slugs(after) if slug not in old]


def _trimmed(before: DayPlan | None, after: DayPlan) -> list[str]:
    """Exercises still on the day with fewer sets than before."""
    sets = {e.exercise_id: e.target_sets for e in after.exercises}
    return [e.exercise_id for e in (before.exercises if before is not None else ())
            if e.exercise_id in sets and sets[e.exercise_id] < e.target_sets]


def staged(reply: Reply, view: TurnView, day: Weekday | None) -> None:
    """The proposal is staged, not done: the day's or the week's way of saying so."""
    if day is None:
        reply.add("staged.week")
    else:
        reply.add("staged.day", day=lx.weekday(view.language, day))


def _engine_notes(reply: Reply, outcome: Materialized) -> None:
    """What the engine had to tell (a muscle group nothing fits): worth reading, if room."""
    for note in outcome.notes:
        reply.add_text(note, optional=True)


# -- the first week ---------------------------------------------------------------------------
def onboarding_reply(reply: Reply, view: TurnView, change: PlannedChange,
                     outcome: Materialized, noted: list[str]) -> None:
    plan = outcome.plan
    if plan is None:
        return
    language = view.language
    days = [d for d in WEEKDAYS if plan.days[d].is_training_day]
    if noted:
        reply.add("onboarding.noted", noted=lx.join(language, noted))
    else:
        reply.add("onboarding.welcome")
    extra_gear_note(reply, view)
    minutes = view.routing.schedule.minutes or view.profile.minutes_per_session
    reply.add("onboarding.plan", count=len(days), days=lx.day_list(language, days),
              minutes=minutes)
    chronic = [part for c in view.profile.chronic for part in c.body_parts]
    chronic += [a.body_part for a in view.routing.memory_actions
                if a.category is StapleCategory.CHRONIC_CONDITION and a.body_part is not None]
    parts = list(dict.fromkeys(chronic))
    if parts:
        reply.add("onboarding.fit_chronic", parts=lx.body_parts(language, parts))
    elif GearTag.BARBELL not in view.profile.gear:
        reply.add("onboarding.fit")
    outline = "; ".join(f"{lx.weekday(language, d)}: {plan.days[d].title}" for d in days)
    reply.add("onboarding.outline", outline=outline, optional=True)
    _engine_notes(reply, outcome)


# -- one day ----------------------------------------------------------------------------------
def day_reply(reply: Reply, view: TurnView, change: PlannedChange,
              outcome: Materialized) -> None:
    plan = outcome.plan
    if plan is not None and ChangeKind.AVOID in change.kinds:
        _kept_out(reply, view, change, outcome)
        return
    day = change.target_day
    if plan is None or day is None:
        return
    before, after = _day_before(view, day), plan.days[day]
    language = view.language
    name = lx.weekday(language, day)
    first = True
    for kind in change.kinds:
        key, values = _day_sentence(view, kind, change, before, after)
        if key:
            reply.add(key, optional=not first, day=name, **values)
            first = False
    if first:
        reply.add_text(outcome.summary_diff or "", optional=False)
    if _explains(view) and ChangeKind.SHORTEN in change.kinds:
        reply.add("science.shorten", optional=True)


def _kept_out(reply: Reply, view: TurnView, change: PlannedChange,
              outcome: Materialized) -> None:
    """"Keep my shoulders out of Thursday": what left each day, and what came in."""
    plan = outcome.plan
    assert plan is not None
    language = view.language
    parts = lx.body_parts(language, change.parts)
    said = False
    for day in [d for d in change.days if d in outcome.changed_days]:
        before, after = _day_before(view, day), plan.days[day]
        removed, added = _removed(before, after), _added(before, after)
        name = lx.weekday(language, day)
        if removed and added:
            reply.add("acute.avoid_replaced", optional=said, day=name, parts=parts,
                      removed=lx.exercises(language, removed),
                      added=lx.exercises(language, added))
        elif removed:
            reply.add("acute.avoid", optional=said, day=name, parts=parts,
                      removed=lx.exercises(language, removed))
        else:
            continue
        said = True
    if not said:
        reply.add_text(outcome.summary_diff or "")


def _day_sentence(view: TurnView, kind: ChangeKind, change: PlannedChange,
                  before: DayPlan | None, after: DayPlan) -> tuple[str | None, dict[str, object]]:
    language = view.language
    anchor = lx.exercise(after.exercises[0].exercise_id) if after.exercises else ""
    if kind is ChangeKind.SHORTEN:
        target = change.minutes or after.duration_minutes
        if before is not None and before.duration_minutes <= target and not \
                _removed(before, after):
            return "day.shorten_already", {"minutes": target}
        dropped = _removed(before, after)
        if dropped:
            return "day.shorten", {"minutes": target, "anchor": anchor,
                                   "dropped": lx.exercises(language, dropped)}
        return "day.shorten_tightened", {"minutes": target, "anchor": anchor}
    if kind is ChangeKind.FOCUS:
        return "day.focus", {"title": after.title, "anchor": anchor}
    if kind is ChangeKind.ADD:
        added = _added(before, after) or ([change.replacement] if change.replacement else [])
        planned = _planned(after, added[0]) if added else None
        if planned is None:
            return None, {}
        values: dict[str, object] = {"exercise": planned.name, "sets": planned.target_sets,
                                     "reps": planned.target_reps}
        # A full day made room: what gave way is part of the same sentence.
        dropped = [slug for slug in _removed(before, after) if slug not in added]
        trimmed = _trimmed(before, after)
        if trimmed and dropped:
            return "day.add_trimmed_dropped", {**values, "trimmed": lx.exercises(
                language, trimmed), "dropped": lx.exercises(language, dropped)}
        if trimmed:
            return "day.add_trimmed", {**values, "trimmed": lx.exercises(language, trimmed)}
        if dropped:
            return "day.add_dropped", {**values, "dropped": lx.exercises(language, dropped)}
        return "day.add", values
    if kind is ChangeKind.REMOVE:
        removed = _removed(before, after) or ([change.exercise] if change.exercise else [])
        return "day.remove", {"exercise": lx.exercises(language, removed)}
    if kind is ChangeKind.REST:
        return "day.rest", {}
    if kind is ChangeKind.DELOAD:
        return "day.deload", {}
    if kind is ChangeKind.SWAP:
        return _swap_values(change, before, after, "day.swap")
    return None, {}


def _replacement(old: str | None, new: list[str]) -> str | None:
    """Which newcomer took the old exercise's place (busy gear may replace others too): the
    one of the same movement pattern, else one training the same groups, else the first."""
    if not new:
        return None
    if old is None or old not in CATALOG:
        return new[0]
    gone = CATALOG.get(old)
    same = [s for s in new if CATALOG.get(s).pattern == gone.pattern]
    close = [s for s in new if CATALOG.get(s).primary_groups & gone.primary_groups]
    return (same or close or new)[0]


def _swap_values(change: PlannedChange, before: DayPlan | None, after: DayPlan,
                 key: str) -> tuple[str | None, dict[str, Any]]:
    new = _replacement(change.exercise, _added(before, after))
    planned = _planned(after, new) if new else None
    if planned is None:
        return None, {}
    return key, {"old": lx.exercise(change.exercise or ""), "new": planned.name,
                 "sets": planned.target_sets, "reps": planned.target_reps}


# -- live swaps -------------------------------------------------------------------------------
def swap_reply(reply: Reply, view: TurnView, change: PlannedChange,
               outcome: Materialized) -> None:
    plan, day = outcome.plan, change.target_day
    if plan is None or day is None:
        return
    key, values = _swap_values(change, _day_before(view, day), plan.days[day], "swap.live")
    if key is None:
        reply.add_text(outcome.summary_diff or "")
        staged(reply, view, day)
        return
    # One sentence: the swap and its staging together, for someone holding dumbbells.
    reply.add(key, day=lx.weekday(view.language, day), **values)


# -- the week ---------------------------------------------------------------------------------
def week_reply(reply: Reply, view: TurnView, change: PlannedChange,
               outcome: Materialized) -> None:
    plan = outcome.plan
    if plan is None:
        return
    language = view.language
    days = [d for d in WEEKDAYS if plan.days[d].is_training_day]
    focus = view.routing.schedule.day_focus
    if not outcome.changed_days:  # the week asked for is the one the user has: nothing staged
        reply.add("week.unchanged", count=len(days), days=lx.day_list(language, days))
    elif change.moves:
        _moved_sessions(reply, view, change, plan)
    elif ChangeKind.MOVE in change.kinds:
        if focus:
            focus_day = min(focus, key=lambda d: d.index)
            reply.add("week.move_focus", days=lx.weekdays(language, days),
                      focus_day=lx.weekday(language, focus_day),
                      focus=lx.focus(language, focus[focus_day]))
        else:
            reply.add("week.move", days=lx.weekdays(language, days))
        if _explains(view):
            reply.add("science.move", optional=True)
    elif ChangeKind.GENERATE in change.kinds:
        minutes = max((plan.days[d].duration_minutes for d in days), default=0)
        reply.add("week.generate", count=len(days), days=lx.day_list(language, days),
                  minutes=minutes)
        if focus:
            for weekday, day_focus in sorted(focus.items(), key=lambda kv: kv[0].index):
                reply.add("week.focus_day", optional=True, day=lx.weekday(language, weekday),
                          focus=lx.focus(language, day_focus))
    elif ChangeKind.DELOAD in change.kinds:
        reply.add("week.deload")
    elif ChangeKind.BLOCK in change.kinds or ChangeKind.VOLUME in change.kinds:
        # The engine's own summary of the new block or of the sets moved ("Less volume for
        # Quads: 14 ➔ 12 weekly sets"), closed as a sentence.
        text = (outcome.summary_diff or "").strip().replace(" • ", ". ")
        reply.add_text(text if not text or text[-1] in ".!?。" else text + ".")
    elif ChangeKind.FOCUS in change.kinds:
        for index, op_day in enumerate(change.days):
            reply.add("week.focus_day", optional=index > 0,
                      day=lx.weekday(language, op_day), focus=plan.days[op_day].title)
    else:
        reply.add_text(outcome.summary_diff or "")
    _engine_notes(reply, outcome)


def _moved_sessions(reply: Reply, view: TurnView, change: PlannedChange,
                    plan: WeeklyPlan) -> None:
    """One sentence per session moved: where it went, or which two days traded."""
    language = view.language
    for index, (day, to) in enumerate(change.moves):
        before = _day_before(view, to)
        name, other = lx.weekday(language, day), lx.weekday(language, to)
        if before is not None and before.is_training_day:
            reply.add("week.swap_sessions", optional=index > 0, day=name, other=other,
                      title=plan.days[day].title, other_title=plan.days[to].title)
        else:
            reply.add("week.move_session", optional=index > 0, day=name, to=other,
                      title=plan.days[to].title)
    for day, day_focus in sorted(view.routing.schedule.day_focus.items(),
                                 key=lambda kv: kv[0].index):
        reply.add("week.focus_day", optional=True, day=lx.weekday(language, day),
                  focus=lx.focus(language, day_focus))


# -- acute states -----------------------------------------------------------------------------
def acute_reply(reply: Reply, view: TurnView, change: PlannedChange,
                outcome: Materialized | None, noted: bool) -> None:
    language = view.language
    # Without a plan to change there is no change to read them from: the message says them.
    scope_parts, scope_until = (change.parts, change.until) if change.parts else acute_scope(view)
    parts = lx.body_parts(language, scope_parts)
    until = lx.weekday(language, WEEKDAYS[scope_until.weekday()]) if scope_until else ""
    fatigue = is_fatigue(new_states(view))
    if noted:
        # Someone who wants it short reads what changed; the note is said when there is room.
        brief = view.tone is Tone.BRIEF and outcome is not None
        if fatigue:
            reply.add("acute.noted_fatigue", until=until, optional=brief)
        else:
            reply.add("acute.noted", parts=parts, until=until, optional=brief)
    plan = outcome.plan if outcome is not None else None
    day = change.target_day
    if outcome is None or plan is None or day is None:
        return
    before, after = _day_before(view, day), plan.days[day]
    name = lx.weekday(language, day)
    if ChangeKind.SWAP in change.kinds:
        key, values = _swap_values(change, before, after, "acute.swap")
        if key:
            reply.add(key, day=name, **values)
    elif fatigue or ChangeKind.AVOID not in change.kinds:
        # Heavy lifts out and half the sets, or (nothing heavy to drop) the sets alone.
        reply.add("acute.lighter_day" if ChangeKind.AVOID in change.kinds else "day.deload",
                  day=name)
    else:
        removed, added = _removed(before, after), _added(before, after)
        if removed and added:
            reply.add("acute.avoid_replaced", day=name, parts=parts,
                      removed=lx.exercises(language, removed),
                      added=lx.exercises(language, added))
        elif removed:
            reply.add("acute.avoid", day=name, parts=parts,
                      removed=lx.exercises(language, removed))
        else:
            reply.add_text(outcome.summary_diff or "")
    if change.later and outcome.changed_days:
        later_days(reply, view, change)
    reply.add("acute.safety", optional=not _explains(view))


def later_days(reply: Reply, view: TurnView, change: PlannedChange) -> None:
    """The later sessions the state touches, and the words that keep the part out of them
    too; one sentence that also says this day's change is staged (it takes the place of
    `staged`, so the reply stays within its three sentences)."""
    language = view.language
    later = lx.weekdays(language, change.later)
    chip = reply.say("chip.acute_later", parts=lx.bare_body_parts(language, change.parts),
                     later=later)
    day = lx.weekday(language, change.target_day) if change.target_day else ""
    reply.add("acute.later", later=later, parts=lx.body_parts(language, change.parts),
              day=day, chip=chip)


# -- events -----------------------------------------------------------------------------------
_COMPETITIONS = frozenset({"tournament", "race", "match", "competition"})
_TRAVEL = frozenset({"trip", "business_trip", "vacation"})


def event_mood(kind: str | None) -> str:
    """Wish luck for a competition, note a trip's start, simply note anything else."""
    if kind in _COMPETITIONS:
        return "compete"
    return "travel" if kind in _TRAVEL else "other"


def event_reply(reply: Reply, view: TurnView, change: PlannedChange,
                outcome: Materialized) -> None:
    plan = outcome.plan
    if plan is None or change.event_start is None:
        return
    language = view.language
    start, end = change.event_start, change.event_end or change.event_start
    event_days = [d for d in WEEKDAYS if start <= plan.days[d].date <= end]
    first_day = WEEKDAYS[start.weekday()]
    reply.add(f"event.noted.{event_mood(change.event_kind)}", event=change.event or "",
              day=lx.weekday(language, first_day))
    lead = [d for d in outcome.changed_days if d not in event_days]
    parts = lx.body_parts(language, change.parts)
    travel = any(e.travel for e in view.analysis.events)
    if not outcome.changed_days:
        if change.parts:
            reply.add("event.already_fine", day=lx.weekday(language, first_day), parts=parts)
        else:
            reply.add("event.already_fine_plain", day=lx.weekday(language, first_day))
        return
    busy = next((op.busy_minutes for op in change.edits
                 if isinstance(op, ProtectForEvent) and op.busy_minutes is not None), None)
    changed_event_days = [d for d in event_days if d in outcome.changed_days]
    if busy is not None and changed_event_days:
        reply.add("event.busy", days=lx.weekdays(language, changed_event_days), minutes=busy)
    elif travel:
        # Say what the staged week does: a day with nothing doable away is a rest day.
        moved = [d for d in event_days if not plan.days[d].is_rest_day]
        rested = [d for d in changed_event_days if plan.days[d].is_rest_day]
        if moved:
            reply.add("event.travel", days=lx.weekdays(language, moved))
        if rested:
            reply.add("event.travel_rest", days=lx.weekdays(language, rested))
    elif lead and change.parts:
        reply.add("event.protected", day=lx.weekday(language, first_day),
                  lead=lx.weekdays(language, lead), parts=parts)
    else:
        reply.add("event.kept_free", day=lx.weekday(language, first_day))
    if _explains(view):
        reply.add("science.protect", optional=True)
