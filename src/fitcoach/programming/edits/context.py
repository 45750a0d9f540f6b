"""The working state of one edit: the plan as it changes, the profile it is judged against,
and the helpers every operation uses to turn built items back into the seed's day objects."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from functools import cache

from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.programming.generator import materialize as mt
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.generate import with_suggestions
from fitcoach.programming.generator.options import OptionPool
from fitcoach.programming.generator.site import Blocks, DaySite, site_of
from fitcoach.programming.plan import DayPlan, WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.programming.text import phrases as tx
from fitcoach.programming.text.phrasebook import PHRASEBOOK

MARK_KEYS = ("title.express", "title.deload")


@cache
def _mark_patterns() -> tuple[re.Pattern[str], ...]:
    """Regexes matching a title wrapped by a mark (e.g. "… (Express 30m)", "… (Descarga)"),
    in every language: a day marked in one language may be edited in another."""
    patterns = []
    for language in PHRASEBOOK:
        for key in MARK_KEYS:
            template = tx.say(language, key, title="\x00", minutes="\x01")
            pattern = re.escape(template).replace("\x00", "(?P<title>.*?)").replace(
                "\x01", r"\d+")
            patterns.append(re.compile(f"^{pattern}$", re.DOTALL))
    return tuple(patterns)


def base_title(title: str) -> str:
    """A title without any express or deload mark earlier edits added, in any language and
    however many were stacked, so an edit that marks a day marks it exactly once."""
    stripped = True
    while stripped:
        stripped = False
        for pattern in _mark_patterns():
            match = pattern.match(title)
            if match and match.group("title").strip():
                title, stripped = match.group("title"), True
    return title


def normalized(blocks: Blocks) -> Blocks:
    """Empty blocks gone; an exercise left alone in its block rests properly again."""
    kept = [list(block) for block in blocks if block]
    for block in kept:
        if len(block) == 1:
            block[0].rest = block[0].base_rest
    return kept


@dataclass(slots=True)
class EditContext:
    plan: WeeklyPlan
    profile: Profile
    pool: OptionPool
    language: str
    week_start: dt.date
    notes: list[str] = field(default_factory=list)
    # Days no operation may change (a logged workout, a date already past): operations that
    # touch several days pass over them (`programming.calendar.settled_days`).
    settled: frozenset[Weekday] = frozenset()
    # The user's local date, when the caller knows it: operations that choose a session
    # themselves (`relieve_acute`) start from it.
    today: dt.date | None = None

    def day(self, weekday: Weekday) -> DayPlan:
        return self.plan.days[weekday]

    def date(self, weekday: Weekday) -> dt.date:
        return self.plan.week_start_date + dt.timedelta(days=weekday.index)

    def training_days(self) -> list[Weekday]:
        return [d for d in WEEKDAYS if self.plan.days[d].is_training_day]

    def site(self, weekday: Weekday, budget_minutes: float | None = None,
             pool: OptionPool | None = None) -> DaySite:
        return site_of(self.plan, weekday, self.profile, pool or self.pool, budget_minutes)

    def rest(self, weekday: Weekday, note: str | None = None) -> DayPlan:
        return mt.rest_day(self.date(weekday), self.language, note)

    def finish(self, weekday: Weekday, blocks: Blocks, title: str | None = None,
               empty_note: str | None = None) -> DayPlan:
        """The seed's day object for built blocks (a rest day when nothing is left)."""
        blocks = normalized(blocks)
        if not blocks:
            return self.rest(weekday, empty_note)
        old = self.plan.days[weekday]
        items = [item for block in blocks for item in block]
        anchor = blocks[0][0].option.exercise
        if title is None:
            title = old.title if old.is_training_day else tx.say(self.language, "title.rest")
        return mt.training_day(
            self.date(weekday), mt.to_blocks(self.language, blocks), title=title,
            language=self.language, profile=self.profile, anchor=anchor,
            light=all(item.rir == rx.LIGHT_RIR for item in items),
        )

    def put(self, changed: dict[Weekday, DayPlan]) -> None:
        self.plan = mt.with_days(self.plan, changed)

    def concluded(self, original: WeeklyPlan | None) -> tuple[WeeklyPlan, tuple[Weekday, ...]]:
        """The final plan, its suggestions refreshed for the days that changed, and those days
        (a day rebuilt exactly as it was does not count as changed)."""

        def content(day: DayPlan) -> DayPlan:
            return day.model_copy(update={"suggested_edits": ()})

        touched = tuple(d for d in WEEKDAYS if original is None
                        or content(self.plan.days[d]) != content(original.days[d]))
        if original is not None:  # untouched days keep their own chips
            self.put({d: original.days[d] for d in WEEKDAYS if d not in touched})
        plan = with_suggestions(self.plan, self.profile, self.pool, self.language, touched)
        changed = tuple(d for d in touched
                        if original is None or plan.days[d] != original.days[d])
        return plan, changed
