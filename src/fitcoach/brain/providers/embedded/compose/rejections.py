"""Honest answers when the pipeline refused the change (SPEC §2: never pretend).

The pipeline hands back its reasons as text (`decision.notes["rejected"]`): an edit the engine
refused (`plan edit rejected: <code>: <why>`), a rule the edited plan would break (`the edited
plan breaks a rule: <CODE>: <why>`), a memory mutation that did not fit (`memory mutation <i>:
<code>: <why>`), or a malformed decision. The codes pick the explanation in the user's
language; the exercise and the day are read back from the engine's wording (catalog names and
English weekday names, the engine's own vocabulary) so the answer says what could not change.
Internal codes never reach the user.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from fitcoach.brain.providers.embedded.compose import language as lx
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.reply import Reply
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday

EDIT_PREFIX = "plan edit rejected:"
RULE_PREFIX = "the edited plan breaks a rule:"
MEMORY_PREFIX = "memory mutation"

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
_NAMES = sorted(((e.name, e.slug) for e in CATALOG), key=lambda pair: -len(pair[0]))
_CODE = re.compile(r"^\s*([A-Za-z0-9_]+)\s*:")


def reason_key(problem: str) -> str:
    """The phrasebook reason for one of the pipeline's problem texts."""
    text = problem.strip()
    if text.startswith(EDIT_PREFIX):
        match = _CODE.match(text[len(EDIT_PREFIX):])
        code = match.group(1).lower() if match else ""
        return code if code in _EDIT_REASONS else "generic"
    if text.startswith(RULE_PREFIX):
        match = _CODE.match(text[len(RULE_PREFIX):])
        return _RULE_GROUPS.get(match.group(1), "generic") if match else "generic"
    if text.startswith(MEMORY_PREFIX):
        return "memory"
    return "generic"


def named_exercise(problems: Sequence[str]) -> str | None:
    text = " ".join(problems)
    return next((slug for name, slug in _NAMES if name in text), None)


def named_day(problems: Sequence[str]) -> Weekday | None:
    text = " ".join(problems)
    return next((day for day in WEEKDAYS if re.search(rf"\b{day.display_name}\b", text)), None)


def rejection_reply(reply: Reply, view: TurnView, problems: Sequence[str], *,
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
