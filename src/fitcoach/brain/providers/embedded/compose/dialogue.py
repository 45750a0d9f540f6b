"""Replies of the dialogue (DESIGN D9): the clarifying question and its suggested replies, a
staged change turned down or confirmed in words, and questions about the plan itself,
answered from the plan (which exercises, on which days), never from a script.
"""

from __future__ import annotations

from collections.abc import Iterable

from fitcoach.brain.providers.embedded.compose import language as lang
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.reply import Reply
from fitcoach.brain.providers.embedded.nlu.intent_model import ModelIntent
from fitcoach.brain.providers.embedded.nlu.plan_topics import PlanTopic, plan_topic
from fitcoach.brain.providers.embedded.nlu.router import NOTHING_STAGED, NOTHING_TO_UNDO, Intent
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, MuscleGroup, Weekday
from fitcoach.programming.plan import Block, DayPlan, PlannedExercise, WeeklyPlan

# The answer each reading offers when the coach asks; every one reads unambiguously by the
# rules when tapped (tests/brain/embedded/test_dialogue.py sends them).
_CHIPS: dict[ModelIntent, str] = {
    ModelIntent.DAY_CHANGE: "chip.clarify.day_change",
    ModelIntent.WEEK_OVERHAUL: "chip.clarify.week_overhaul",
    ModelIntent.PLAN_QUESTION: "chip.clarify.session",
    ModelIntent.CONVERSATION: "chip.clarify.conversation",
}
_DEFAULT_CHIPS = ("chip.clarify.session", "chip.clarify.day_change",
                  "chip.clarify.conversation")
MAX_CHIPS = 3


def suggested_replies(view: TurnView) -> tuple[str, ...]:
    """For a clarifying question: the answers of the model's likeliest readings first, then
    the defaults, three at most."""
    if view.routing.intent is not Intent.CLARIFY:
        return ()
    keys = [_CHIPS[i] for i, _ in view.routing.reading or () if i in _CHIPS]
    keys += list(_DEFAULT_CHIPS)
    chosen = list(dict.fromkeys(keys))[:MAX_CHIPS]
    return tuple(_say(view, key) for key in chosen)


def _say(view: TurnView, key: str) -> str:
    return Reply(view.language, None, view.salt).say(key)


def dialogue_reply(reply: Reply, view: TurnView) -> None:
    intent = view.routing.intent
    if intent is Intent.CLARIFY:
        reply.add("dialogue.clarify")
    elif intent is Intent.REJECT_PROPOSAL:
        if NOTHING_TO_UNDO in view.routing.rules:
            reply.add("dialogue.nothing_to_undo")
            return
        nothing = NOTHING_STAGED in view.routing.rules
        reply.add("dialogue.nothing_staged" if nothing else "dialogue.rejected")
    elif intent is Intent.CONFIRM_STAGED:
        reply.add("dialogue.confirm_staged")


# -- questions about the plan -----------------------------------------------------------------
def plan_question_reply(reply: Reply, view: TurnView) -> None:
    plan, language = view.plan, view.language
    topic = plan_topic(view.analysis)
    if plan is None or topic is None:  # the router routes here only with both
        reply.add("dialogue.clarify")
        return
    if topic is PlanTopic.SUPERSET:
        reply.add("plan.superset_what")
        pairs = [(day, block.exercises) for day, d in _days(plan)
                 for block in d.blocks if block.is_superset]
        if pairs:
            text = lang.join(language, [
                f"{' + '.join(e.name for e in exercises)} ({lang.weekday(language, day)})"
                for day, exercises in pairs[:3]])
            reply.add("plan.superset_pairs", pairs=text)
        else:
            reply.add("plan.superset_none")
        return
    if topic is PlanTopic.REST_DAY:
        _rest_day_answer(reply, view, plan)
        return
    slugs = view.analysis.exercises.slugs
    if topic is PlanTopic.SETS and _sets_answer(reply, view, plan, slugs[0]):
        return
    if slugs:
        days = [day for day, d in _days(plan) if any(e.exercise_id == slugs[0]
                                                     for e in _exercises(d.blocks))]
        name = lang.exercise(slugs[0])
        if days:
            reply.add("plan.exercise_on", exercise=name, days=lang.weekdays(language, days))
        else:
            reply.add("plan.exercise_absent", exercise=name)
        return
    for group in view.analysis.body.groups[:2]:
        _group_answer(reply, view, plan, group)


def _rest_day_answer(reply: Reply, view: TurnView, plan: WeeklyPlan) -> None:
    """"Why is Wednesday empty?": the day off and the days that train, from the plan."""
    language = view.language
    day = view.analysis.time.weekdays[0]
    training = [d for d, _ in _days(plan)]
    if day in training:
        session = plan.days[day]
        reply.add("plan.day_trains", day=lang.weekday(language, day), title=session.title,
                  exercises=lang.join(language, [e.name for e in _exercises(session.blocks)][:4]))
        return
    reply.add("plan.rest_day", day=lang.weekday(language, day),
              days=lang.weekdays(language, training))


def _group_answer(reply: Reply, view: TurnView, plan: WeeklyPlan, group: MuscleGroup) -> None:
    language = view.language
    name = lang.groups(language, [group])
    primary = _trained(plan, group, secondary=False)
    if primary:
        reply.add("plan.group_trained", group=name,
                  days=lang.weekdays(language, dict.fromkeys(d for d, _ in primary)),
                  exercises=lang.join(language, list(dict.fromkeys(e.name for _, e in
                                                                    primary))[:4]))
        return
    secondary = _trained(plan, group, secondary=True)
    if secondary:
        reply.add("plan.group_secondary", group=name,
                  days=lang.weekdays(language, dict.fromkeys(d for d, _ in secondary)),
                  exercises=lang.join(language, list(dict.fromkeys(e.name for _, e in
                                                                    secondary))[:3]))
    else:
        reply.add("plan.group_absent", group=name)
    training = [day for day, d in _days(plan)]
    if training:
        reply.add("plan.group_add", optional=True, group=name,
                  day=lang.weekday(language, training[-1]))


def _sets_answer(reply: Reply, view: TurnView, plan: WeeklyPlan, slug: str) -> bool:
    """"Why only two sets of rows?": the sets it has, and the week's hard sets for its main
    group, counted from the plan."""
    placed = [(day, e) for day, d in _days(plan) for e in _exercises(d.blocks)
              if e.exercise_id == slug]
    if not placed:
        return False
    groups = sorted(CATALOG.get(slug).primary_groups)
    if not groups:
        return False
    group = groups[0]
    weekly = [(day, e.target_sets) for day, e in _trained(plan, group, secondary=False)]
    language = view.language
    day, exercise = placed[0]
    reply.add("plan.sets", exercise=exercise.name, sets=exercise.target_sets,
              day=lang.weekday(language, day), group=lang.groups(language, [group]),
              weekly=sum(sets for _, sets in weekly),
              days=lang.weekdays(language, dict.fromkeys(d for d, _ in weekly)))
    return True


def _days(plan: WeeklyPlan) -> list[tuple[Weekday, DayPlan]]:
    return [(day, plan.days[day]) for day in WEEKDAYS
            if day in plan.days and not plan.days[day].is_rest_day]


def _exercises(blocks: Iterable[Block]) -> list[PlannedExercise]:
    return [e for block in blocks for e in block.exercises]


def _trained(plan: WeeklyPlan, group: MuscleGroup,
             secondary: bool) -> list[tuple[Weekday, PlannedExercise]]:
    found = []
    for day, d in _days(plan):
        for e in _exercises(d.blocks):
            if e.exercise_id not in CATALOG:
                continue
            entry = CATALOG.get(e.exercise_id)
            groups = entry.secondary_groups if secondary else entry.primary_groups
            if group in groups:
                found.append((day, e))
    return found
