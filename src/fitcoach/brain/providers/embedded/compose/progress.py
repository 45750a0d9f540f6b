"""The analytical path (SPEC §4 intent 7, §6): which read-only tools to call, and what their
results say once the overload rules have read them.

First round: the tool calls. The history limit is raised well above the seed's 3 sessions
because a stall is only visible over 4 or more (`analytics.progression`); the volume window
gets one extra week because the current week is still running and trends compare full weeks.
Second round: the results are turned into numbers the message cites (last loads and reps in
the user's unit, the e1RM, the volume series, the concrete next step) and the reply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fitcoach.analytics.load_targets import LoadDecision, LoadTarget, load_target
from fitcoach.analytics.logs import ExerciseSession
from fitcoach.analytics.progression import (
    AdviceReason,
    OverloadAction,
    OverloadAdvice,
    overload_advice,
    working_sets,
)
from fitcoach.analytics.rep_range import as_rep_range
from fitcoach.analytics.volume import LandmarkStatus, TrendDirection, VolumeTrend
from fitcoach.brain.decision import ToolCall, ToolResult
from fitcoach.brain.providers.embedded.compose import language as lx
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.reply import Reply
from fitcoach.brain.providers.embedded.nlu.router import ToolRequest
from fitcoach.brain.tools import (
    DEFAULT_LIMIT_SESSIONS,
    DEFAULT_WEEKS_BACK,
    HISTORY_TOOL,
    MAX_LIMIT_SESSIONS,
    MAX_WEEKS_BACK,
    RECORDS_TOOL,
    VOLUME_TOOL,
)
from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import LoadKind
from fitcoach.catalog.vocabulary import WEEKDAYS, MuscleGroup

# The embedded coach judges stalls, so it reads more history than the tool's default: a
# long stall (6 sessions) needs one better session before it. A span the user names ("the
# last 10 weeks") asks for as many sessions (about one a week), up to the tool's maximum.
STALL_WINDOW_SESSIONS = 8
DEFAULT_TARGET_RIR = 2


# -- first round: what to look up ---------------------------------------------------------------
OVERVIEW_EXERCISES = 2  # "how am I progressing?": the anchors of the first sessions


def tool_calls(view: TurnView) -> tuple[ToolCall, ...]:
    requests = view.routing.tools or _default_requests(view)
    calls: list[ToolCall] = []
    for request in requests:
        for slug in stand_ins(view, request.exercise_slug) if request.exercise_slug else (None,):
            call = _call(request.model_copy(update={"exercise_slug": slug}))
            if call is not None and call not in calls:
                calls.append(call)
    return tuple(calls)


def _planned_slugs(view: TurnView) -> list[str]:
    plan = view.plan
    if plan is None:
        return []
    return list(dict.fromkeys(e.exercise_id for d in WEEKDAYS for e in plan.days[d].exercises))


def stand_ins(view: TurnView, slug: str) -> tuple[str, ...]:
    """The exercise(s) a name the user wrote stands for. A specific name is itself; a generic
    one ("bench press", "벤치프레스": a family of exercises) is the member the user actually
    does: the one in their plan, else the members their gear allows (whichever their logs
    hold wins once the tools answer), else the name's own reading."""
    mention = next((m for m in view.analysis.exercises.mentions if m.slug == slug), None)
    family = mention.family if mention is not None else ()
    if len(family) < 2:
        return (slug,)
    planned = _planned_slugs(view)
    if slug in planned:
        return (slug,)
    in_plan = [member for member in family if member in planned]
    if in_plan:
        return (in_plan[0],)
    gear = frozenset(view.profile.gear)
    doable = [member for member in family if CATALOG.get(member).doable_with(gear)]
    return tuple(doable[:MAX_STAND_INS]) or (slug,)


MAX_STAND_INS = 3


def overview(view: TurnView) -> bool:
    """"How am I progressing?": a progress question naming no exercise and no muscle group,
    asking neither for volume nor for records."""
    a = view.analysis
    return (view.routing.tools == () and not (a.exercises.mentions or a.exercises.families
                                               or a.body.groups)
            and not (a.cues.volume or a.cues.records) and _echoed_exercise(view) is None)


def _call(request: ToolRequest) -> ToolCall | None:
    if request.name == HISTORY_TOOL and request.exercise_slug:
        wanted = request.limit or DEFAULT_LIMIT_SESSIONS
        limit = min(MAX_LIMIT_SESSIONS, max(wanted, STALL_WINDOW_SESSIONS))
        return ToolCall(name=HISTORY_TOOL, args={"exercise_slug": request.exercise_slug,
                                                 "limit_sessions": limit})
    if request.name == VOLUME_TOOL and request.muscle_group is not None:
        # "The last 3 weeks" means 3 full weeks: one more is fetched, the running week, which
        # a trend leaves out. Without a span, the tool's default.
        weeks = min(MAX_WEEKS_BACK, request.limit + 1) if request.limit else DEFAULT_WEEKS_BACK
        return ToolCall(name=VOLUME_TOOL, args={"muscle_group": request.muscle_group.value,
                                                "weeks_back": weeks})
    if request.name == RECORDS_TOOL and request.exercise_slug:
        return ToolCall(name=RECORDS_TOOL, args={"exercise_slug": request.exercise_slug})
    return None


def _default_requests(view: TurnView) -> list[ToolRequest]:
    """When the router found no exercise ("what's my bench PR?", "how am I doing?"): the
    planned exercise whose name the message echoes, else the anchor lift of the next session,
    looked up the way the question asks (records, history), plus the volume of the group the
    user named, else of their first priority group, when volume is asked or nothing is."""
    cues = view.analysis.cues
    requests: list[ToolRequest] = []
    if overview(view):
        anchors = _anchors(view)[:OVERVIEW_EXERCISES]
        if anchors:
            return [ToolRequest(name=HISTORY_TOOL, exercise_slug=slug) for slug in anchors]
    slug = _echoed_exercise(view) or _next_anchor(view)
    if slug is not None:
        if cues.records:
            requests.append(ToolRequest(name=RECORDS_TOOL, exercise_slug=slug))
        if cues.progress or cues.history or not cues.records:
            requests.append(ToolRequest(name=HISTORY_TOOL, exercise_slug=slug))
    if cues.volume or not requests:
        groups = list(view.analysis.body.groups) or list(view.profile.priority_groups)
        if not groups and slug is not None:
            groups = sorted(CATALOG.get(slug).primary_groups)
        if groups:
            requests.append(ToolRequest(name=VOLUME_TOOL, muscle_group=groups[0]))
    return requests


def _echoed_exercise(view: TurnView) -> str | None:
    """A planned exercise a word of the message names ("bench" → Barbell Bench Press)."""
    if view.plan is None:
        return None
    words = {w for w in view.request.turn.message.casefold().replace("?", " ").split()
             if len(w) >= 4}
    for day in view.plan.days.values():
        for planned in day.exercises:
            if words & set(planned.name.casefold().split()):
                return planned.exercise_id
    return None


def _anchors(view: TurnView) -> list[str]:
    """The first exercise of each training day, in week order, each once."""
    plan = view.plan
    if plan is None:
        return []
    return list(dict.fromkeys(plan.days[d].exercises[0].exercise_id for d in WEEKDAYS
                              if plan.days[d].is_training_day))


def _next_anchor(view: TurnView) -> str | None:
    plan = view.plan
    if plan is None:
        return None
    start = view.today_weekday.index
    for weekday in WEEKDAYS[start:] + WEEKDAYS[:start]:
        day = plan.days[weekday]
        if day.is_training_day:
            return day.exercises[0].exercise_id
    return None


# -- second round: what the numbers say ---------------------------------------------------------
@dataclass(frozen=True)
class VolumeFacts:
    group: MuscleGroup
    trend: VolumeTrend


@dataclass(frozen=True)
class RecordFacts:
    slug: str
    estimated_1rm_lbs: float | None
    max_weight_lbs: float | None
    max_weight_reps: int | None


@dataclass(frozen=True)
class TrendFacts:
    """One exercise over the sessions read: its top load then and now."""

    slug: str
    first_lbs: float
    last_lbs: float
    last_reps: tuple[int, ...]
    sessions: int


@dataclass(frozen=True)
class PlanLoadFacts:
    """The plan's own load for an exercise (`analytics.load_targets`, the rule every plan
    read applies), with the logged numbers it was decided from."""

    slug: str
    target: LoadTarget
    last_weight_lbs: float  # the working load of the session it was decided from
    working_reps: tuple[int, ...]
    low: int
    high: int
    target_rpe: float
    missed: bool  # a working set under the bottom of the range


@dataclass(frozen=True)
class ProgressFacts:
    advice: tuple[OverloadAdvice, ...] = ()
    volumes: tuple[VolumeFacts, ...] = ()
    records: tuple[RecordFacts, ...] = ()
    trends: tuple[TrendFacts, ...] = ()  # an overview ("how am I progressing?")
    # "What weight should I use?", "why did it go up?", "am I ready?": the plan's rule.
    plan_loads: tuple[PlanLoadFacts, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.advice or self.volumes or self.records)


def progress_facts(view: TurnView, results: Sequence[ToolResult]) -> ProgressFacts:
    advice: list[OverloadAdvice] = []
    volumes: list[VolumeFacts] = []
    records: list[RecordFacts] = []
    trends: list[TrendFacts] = []
    plan_loads: dict[str, PlanLoadFacts] = {}
    for result in results:
        data = result.result
        if "error" in data:
            continue
        if result.call.name == HISTORY_TOOL:
            if view.analysis.cues.load_target:
                found = _plan_load(view, data)
                if found is not None:
                    plan_loads[found.slug] = found
            advice.append(_advice(view, data))
            trend = _trend(data)
            if trend is not None:
                trends.append(trend)
        elif result.call.name == VOLUME_TOOL:
            volumes.append(VolumeFacts(group=MuscleGroup(data["muscle_group"]),
                                       trend=VolumeTrend.model_validate(data["trend"])))
        elif result.call.name == RECORDS_TOOL:
            records.append(_records(data))
    advice = _one_per_name(view, advice, lambda a: a.exercise_id,
                           lambda a: a.action is not OverloadAction.NO_HISTORY)
    records = _one_per_name(view, records, lambda r: r.slug,
                            lambda r: r.max_weight_lbs is not None)
    if overview(view):
        return ProgressFacts(advice=tuple(advice), trends=tuple(trends))
    return ProgressFacts(tuple(advice), tuple(volumes), tuple(records),
                         plan_loads=tuple(plan_loads[a.exercise_id] for a in advice
                                          if a.exercise_id in plan_loads))


def _one_per_name(view: TurnView, items: list, slug_of, logged) -> list:  # type: ignore[type-arg,no-untyped-def]
    """A generic name looked up as several exercises keeps the one the user's logs hold
    (else the first): the member they actually do."""
    kept = list(items)
    for mention in view.analysis.exercises.mentions:
        members = stand_ins(view, mention.slug)
        if len(members) < 2:
            continue
        group = [item for item in kept if slug_of(item) in members]
        chosen = next((item for item in group if logged(item)), group[0] if group else None)
        kept = [item for item in kept if item is chosen or item not in group]
    return kept


def _trend(data: dict[str, Any]) -> TrendFacts | None:
    sessions = [s for s in data["sessions"] if any(st.get("reps", 0) > 0 for st in s["sets"])]
    if not sessions:
        return None
    newest, oldest = sessions[0], sessions[-1]

    def top(session: dict[str, Any]) -> float:
        return max(float(st.get("weight_lbs") or 0.0) for st in session["sets"])

    last_top = top(newest)
    reps = tuple(int(st.get("reps", 0)) for st in newest["sets"]
                 if float(st.get("weight_lbs") or 0.0) == last_top)
    return TrendFacts(slug=data["exercise_slug"], first_lbs=top(oldest), last_lbs=last_top,
                      last_reps=reps, sessions=len(sessions))


def _advice(view: TurnView, data: dict[str, Any]) -> OverloadAdvice:
    exercise = CATALOG.get(data["exercise_slug"])
    sessions = [ExerciseSession.model_validate(
        {"log_id": s["log_id"], "completed_at": s["completed_at"], "sets": s["sets"]})
        for s in data["sessions"]]
    rep_range, target_rir = _prescription(view, exercise.slug)
    profile = view.profile
    limit = profile.max_dumbbell_lbs if exercise.load_kind is LoadKind.DUMBBELL else None
    substitutes = [slug for slug in exercise.substitutes
                   if CATALOG.get(slug).doable_with(frozenset(profile.gear))]
    return overload_advice(exercise, sessions, rep_range, view.unit, limit, target_rir,
                           substitutes=substitutes)


def _sessions(data: dict[str, Any]) -> list[ExerciseSession]:
    return [ExerciseSession.model_validate(
        {"log_id": s["log_id"], "completed_at": s["completed_at"], "sets": s["sets"]})
        for s in data["sessions"]]


def _plan_load(view: TurnView, data: dict[str, Any]) -> PlanLoadFacts | None:
    """The load the plan gives this exercise next, by the plan's own rule, or None (no
    loaded session, bodyweight or timed work: the overload advice answers)."""
    exercise = CATALOG.get(data["exercise_slug"])
    sessions = _sessions(data)
    rep_range, target_rir = _prescription(view, exercise.slug)
    limit = view.profile.max_dumbbell_lbs if exercise.load_kind is LoadKind.DUMBBELL else None
    target = load_target(exercise, sessions, rep_range, view.unit, target_rir, limit)
    if target is None:
        return None
    decided = next(s for s in sessions if s.log_id == target.log_id)
    working = working_sets(decided.sets)
    reps = as_rep_range(rep_range)
    return PlanLoadFacts(slug=exercise.slug, target=target,
                         last_weight_lbs=working[0].weight_lbs,
                         working_reps=tuple(s.reps for s in working), low=reps.low,
                         high=reps.high, target_rpe=10 - target_rir,
                         missed=any(s.reps < reps.low for s in working))


def _prescription(view: TurnView, slug: str) -> tuple[str, int]:
    """The rep range and effort the plan asks of this exercise (else the catalog's)."""
    if view.plan is not None:
        for day in view.plan.days.values():
            for planned in day.exercises:
                if planned.exercise_id == slug:
                    return planned.target_reps, planned.target_rir or DEFAULT_TARGET_RIR
    return CATALOG.get(slug).prescriptions[view.profile.goal].reps, DEFAULT_TARGET_RIR


def _records(data: dict[str, Any]) -> RecordFacts:
    best = data.get("estimated_1rm") or {}
    heaviest = data.get("max_weight_set") or {}
    return RecordFacts(slug=data["exercise_slug"],
                       estimated_1rm_lbs=best.get("estimated_1rm"),
                       max_weight_lbs=heaviest.get("weight_lbs"),
                       max_weight_reps=heaviest.get("reps"))


# -- the reply ----------------------------------------------------------------------------------
def progress_reply(reply: Reply, view: TurnView, facts: ProgressFacts) -> None:
    if facts.trends or (overview(view) and facts.advice):
        _overview_lines(reply, view, facts)
        return
    if facts.empty:
        reply.add("progress.nothing_to_look_up")
        return
    planned = {found.slug: found for found in facts.plan_loads}
    for index, advice in enumerate(facts.advice):
        _exercise_lines(reply, view, advice, optional=index > 0,
                        plan_load=planned.get(advice.exercise_id))
    for volume in facts.volumes:
        _volume_lines(reply, view, volume)
    for record in facts.records:
        _record_line(reply, view, record, optional=bool(facts.advice))


def _overview_lines(reply: Reply, view: TurnView, facts: ProgressFacts) -> None:
    """"How am I progressing?": each main lift's top load then and now, and the next step
    for one that is ready for more."""
    if not facts.trends:
        reply.add("progress.overview.none")
        return
    for trend in facts.trends:
        values: dict[str, Any] = {
            "exercise": lx.exercise(trend.slug), "first": _load(view, trend.first_lbs),
            "last": _load(view, trend.last_lbs), "reps": lx.reps(trend.last_reps),
            "sessions": trend.sessions}
        if trend.last_lbs <= 0:
            key = "progress.overview.bodyweight"
        elif trend.last_lbs > trend.first_lbs:
            key = "progress.overview.up"
        elif trend.last_lbs < trend.first_lbs:
            key = "progress.overview.down"
        else:
            key = "progress.overview.steady"
        reply.add(key, **values)
    ready = next((a for a in facts.advice if a.action is OverloadAction.INCREASE_LOAD
                  and (a.suggested_weight_lbs or 0) > (a.last_weight_lbs or 0)), None)
    if ready is not None:
        reply.add("progress.overview.ready", optional=True,
                  exercise=lx.exercise(ready.exercise_id),
                  next=_load(view, ready.suggested_weight_lbs))


def _load(view: TurnView, weight_lbs: float | None) -> str:
    return lx.load(view.language, weight_lbs or 0.0, view.unit)


def _exercise_lines(reply: Reply, view: TurnView, advice: OverloadAdvice, *,
                    optional: bool, plan_load: PlanLoadFacts | None = None) -> None:
    name = lx.exercise(advice.exercise_id)
    if advice.action is OverloadAction.NO_HISTORY:
        reply.add("progress.no_history", exercise=name, optional=optional)
        return
    e1rm = advice.e1rm_trend_lbs[0] if advice.e1rm_trend_lbs else None
    loaded = (advice.last_weight_lbs or 0) > 0
    values = {"exercise": name, "load": _load(view, advice.last_weight_lbs),
              "reps": lx.reps(advice.last_reps)}
    if advice.timed:
        key = "progress.last_session_timed"
    elif not loaded:
        key = "progress.last_session_bodyweight"
    elif e1rm is not None and advice.e1rm_reliable:
        key, values["e1rm"] = "progress.last_session_e1rm", _load(view, e1rm)
    else:
        key = "progress.last_session"
    reply.add(key, optional=optional, **values)
    if plan_load is not None:
        _plan_load_line(reply, view, plan_load, optional=optional)
        return
    advice_key, advice_values = _advice_text(view, advice)
    reply.add(advice_key, optional=optional, **advice_values)


def _plan_load_line(reply: Reply, view: TurnView, found: PlanLoadFacts, *,
                    optional: bool) -> None:
    """The plan's next load and why, from the logged numbers it was decided on."""
    decision = found.target.decision
    key = decision.value
    if decision is LoadDecision.HOLD:
        key = "hold_missed" if found.missed else "hold_too_hard"
    reply.add(f"progress.plan_load.{key}", optional=optional,
              exercise=lx.exercise(found.slug), weight=_load(view, found.last_weight_lbs),
              next=_load(view, found.target.weight_lbs), reps=lx.reps(found.working_reps),
              low=found.low, high=found.high,
              rpe=lx.number(view.language, found.target_rpe))


def _advice_text(view: TurnView, advice: OverloadAdvice) -> tuple[str, dict[str, object]]:
    """The key of the concrete next step, and the numbers it cites."""
    values: dict[str, object] = {
        "weight": _load(view, advice.last_weight_lbs),
        "next": _load(view, advice.suggested_weight_lbs),
        "low": advice.rep_range_low,
        "high": advice.rep_range_high,
        "target": lx.reps(advice.suggested_reps),
        "sets": advice.suggested_sets or len(advice.last_reps),
        "stalled": advice.stalled_sessions,
        "rir": advice.target_rir,
    }
    action, reason = advice.action, advice.reason
    if action is OverloadAction.HOLD:
        return f"progress.advice.hold.{reason.value}", values
    if action is OverloadAction.PROGRESS_WITHOUT_LOAD:
        key = "at_max_load" if reason is AdviceReason.AT_MAX_LOAD else "no_external_load"
        return f"progress.advice.progress_without_load.{key}", values
    if action is OverloadAction.CHANGE_VARIATION:
        if not advice.substitutes:
            return "progress.advice.change_variation_none", values
        values["substitute"] = lx.exercise(advice.substitutes[0])
    return f"progress.advice.{action.value}", values


def _volume_lines(reply: Reply, view: TurnView, volume: VolumeFacts) -> None:
    trend = volume.trend
    group = lx.groups(view.language, [volume.group])
    if trend.direction is TrendDirection.INSUFFICIENT_DATA or not trend.values:
        reply.add("progress.volume.none", group=group, weeks=max(1, trend.weeks_compared))
        return
    series = " → ".join(lx.number(view.language, round(v, 1)) for v in trend.values)
    reply.add(f"progress.volume.{trend.direction.value}", group=group, series=series,
              weeks=trend.weeks_compared,
              change=lx.number(view.language, abs(trend.change_pct or 0.0)))
    if trend.latest_landmark is not None and trend.latest_landmark is not LandmarkStatus.WITHIN:
        reply.add(f"progress.landmark.{trend.latest_landmark.value}", group=group,
                  optional=True)


def _record_line(reply: Reply, view: TurnView, record: RecordFacts, *, optional: bool) -> None:
    name = lx.exercise(record.slug)
    if record.max_weight_lbs is None:
        reply.add("progress.records.none", exercise=name, optional=optional)
        return
    values = {"exercise": name, "load": _load(view, record.max_weight_lbs),
              "reps": record.max_weight_reps or 1}
    if record.estimated_1rm_lbs:
        reply.add("progress.records.e1rm", optional=optional,
                  e1rm=_load(view, record.estimated_1rm_lbs), **values)
    else:
        reply.add("progress.records.best", optional=optional, **values)
