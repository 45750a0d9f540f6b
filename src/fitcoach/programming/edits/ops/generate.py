"""Generate a whole week, with the operation's schedule overriding the profile's."""

from __future__ import annotations

from pydantic import ValidationError

from fitcoach.programming.edits.context import EditContext
from fitcoach.programming.edits.operations import GenerateWeek
from fitcoach.programming.edits.result import EditRejected, RejectCode
from fitcoach.programming.generator.generate import generate_week
from fitcoach.programming.profile import Profile


def with_changes(profile: Profile, update: dict[str, object]) -> Profile:
    """The profile with an operation's overrides, checked like any profile (an empty or
    repeated list of days is refused, not generated)."""
    if not update:
        return profile
    try:
        return Profile.model_validate({**profile.model_dump(), **update})
    except ValidationError as invalid:
        problem = invalid.errors()[0]["msg"]
        raise EditRejected(RejectCode.BAD_REQUEST, f"that schedule is not possible: {problem}") \
            from None


def profile_for(profile: Profile, op: GenerateWeek) -> Profile:
    update: dict[str, object] = {}
    if op.training_days is not None:
        update |= {"training_days": op.training_days, "days_per_week": None}
    elif op.days_per_week is not None:
        update |= {"training_days": None, "days_per_week": op.days_per_week}
    if op.minutes_per_session is not None:
        update["minutes_per_session"] = op.minutes_per_session
    if op.priority_groups is not None:
        update["priority_groups"] = op.priority_groups
    return with_changes(profile, update)


def generate(ctx: EditContext, op: GenerateWeek) -> str:
    result = generate_week(ctx.profile, ctx.week_start, ctx.language, op.day_focus)
    ctx.plan = result.plan
    ctx.notes.extend(gap.message for gap in result.gaps)
    return result.summary_diff
