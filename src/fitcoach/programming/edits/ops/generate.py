"""Generate a whole week, with the operation's schedule overriding the profile's."""

from __future__ import annotations

from fitcoach.programming.edits.context import EditContext
from fitcoach.programming.edits.operations import GenerateWeek
from fitcoach.programming.generator.generate import generate_week
from fitcoach.programming.profile import Profile


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
    return profile.model_copy(update=update) if update else profile


def generate(ctx: EditContext, op: GenerateWeek) -> str:
    result = generate_week(ctx.profile, ctx.week_start, ctx.language, op.day_focus)
    ctx.plan = result.plan
    ctx.notes.extend(gap.message for gap in result.gaps)
    return result.summary_diff
