"""Honest answers when the pipeline refused the change (SPEC §2: never pretend).

The pipeline hands back its reasons as data (`decision.notes.problems`, each a
`brain.decision.Problem`): an edit the engine refused (source `edit`, the engine's refusal
code), a rule the edited plan would break (`rule`, the validator's code), a memory mutation
that did not fit (`memory`), or a malformed decision (`decision`). The codes pick the
explanation in the user's language; the problem's `exercise_id` and `day` say what could not
change. Internal codes never reach the user, and nothing is read back from the wording.
"""

from __future__ import annotations

from collections.abc import Sequence

from fitcoach.brain.decision import Problem, ProblemSource
from fitcoach.brain.providers.embedded.compose import language as lx
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.reply import Reply
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Weekday

_EDIT_REASONS = frozenset({
    "no_plan", "not_in_day", "already_in_day", "rest_day", "event_day", "missing_gear",
    "excluded", "recovery", "no_substitute", "no_room", "nothing_fits", "invalid_result",
    "day_done", "day_past", "outside_week",
})
_RULE_GROUPS: dict[str, str] = {
    "EQUIPMENT_MISSING": "equipment", "EQUIPMENT_LOAD": "equipment",
    "SESSION_VOLUME_CAP": "volume", "WEEKLY_VOLUME_HIGH": "volume",
    "WEEKLY_VOLUME_LOW": "volume", "RECOVERY_48H": "recovery",
    "LOWER_BACK_CONSECUTIVE": "recovery", "SEQUENCE_PRIORITY": "structure",
    "SUPERSET_PAIRING": "structure", "SUPERSET_SPINAL": "structure",
    "CHRONIC_CONDITION": "conditions", "ACUTE_STATE": "conditions",
    "EVENT_PROTECTION": "conditions", "DURATION_OVER_BUDGET": "duration",
    "DURATION_MISMATCH": "duration",
}


def reason_key(problem: Problem) -> str:
    """The phrasebook reason for one of the pipeline's problems."""
    if problem.source is ProblemSource.EDIT:
        return problem.code if problem.code in _EDIT_REASONS else "generic"
    if problem.source is ProblemSource.RULE:
        return _RULE_GROUPS.get(problem.code, "generic")
    if problem.source is ProblemSource.MEMORY:
        return "memory"
    return "generic"


def named_exercise(problems: Sequence[Problem]) -> str | None:
    return next((p.exercise_id for p in problems if p.exercise_id in CATALOG), None)


def named_day(problems: Sequence[Problem]) -> Weekday | None:
    return next((p.day for p in problems if p.day is not None), None)


def rejection_reply(reply: Reply, view: TurnView, problems: Sequence[Problem], *,
                    memory_kept: bool) -> None:
    exercise, day = named_exercise(problems), named_day(problems)
    if exercise is not None:
        reply.add("rejected.lead_exercise", exercise=lx.exercise(exercise))
    elif day is not None:
        reply.add("rejected.lead_day", day=lx.weekday(view.language, day))
    else:
        reply.add("rejected.lead")
    keys = list(dict.fromkeys(reason_key(p) for p in problems)) or ["generic"]
    reply.add(f"rejected.reason.{keys[0]}")
    reply.add("rejected.unchanged_memory_kept" if memory_kept else "rejected.unchanged")
