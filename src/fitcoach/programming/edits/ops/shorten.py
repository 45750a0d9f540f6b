"""Shorten a day to N minutes, the way a coach would cut a session.

Keep the anchor compound (the first lift, or the first that trains `keep_focus`), then, one
step at a time until the metrics time model fits: shorten every rest to about two thirds;
fold accessories into antagonistic or non-competing supersets with a 15 s transition; trim
sets from whatever has the most (the anchor down to 3, the rest down to 2); drop the least
important exercises, those outside the kept focus first; and only then cut the kept focus
and the anchor itself.
"""

from __future__ import annotations

from collections.abc import Callable

from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.programming.edits.context import EditContext, base_title
from fitcoach.programming.edits.operations import ShortenDay
from fitcoach.programming.edits.ops import checks
from fitcoach.programming.edits.result import EditRejected, RejectCode
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.arrange import arrange
from fitcoach.programming.generator.items import Item
from fitcoach.programming.generator.site import EPSILON, Blocks, budget_seconds, seconds_of
from fitcoach.programming.text import phrases as tx

ANCHOR_MIN_SETS = 3
ACCESSORY_MIN_SETS = 2


class _Compressor:
    def __init__(self, items: list[Item], anchor: Item, keep: MuscleGroup | None,
                 budget: float, paired: bool) -> None:
        self.items = items
        self.anchor = anchor
        self.keep = keep
        self.budget = budget
        self.pairing = paired
        self.dropped: list[Item] = []
        self.blocks = self._arranged()

    def _arranged(self) -> Blocks:
        # The anchor leads whatever its rank was: it is what the day is kept for.
        self.anchor.rank = -1
        return arrange(self.items, pair=self.pairing, transition=rx.COMPRESSED_TRANSITION_REST)

    def fits(self) -> bool:
        self.blocks = self._arranged()
        return seconds_of(self.blocks) <= self.budget + EPSILON

    def kept(self, item: Item) -> bool:
        return self.keep is not None and self.keep in item.option.primary

    def run(self) -> bool:
        if self.fits():
            return True
        for item in self.items:
            item.base_rest = rx.compressed_rest(
                item.base_rest, rx.heavy_set(item.option.exercise, item.option.reps))
        if self.fits():
            return True
        self.pairing = True
        if self.fits():
            return True
        steps: tuple[Callable[[], bool], ...] = (
            lambda: self._trim(protect_kept=True, anchor_floor=ANCHOR_MIN_SETS,
                               floor=ACCESSORY_MIN_SETS),
            lambda: self._drop(protect_kept=True),
            lambda: self._trim(protect_kept=False, anchor_floor=ANCHOR_MIN_SETS, floor=1),
            lambda: self._drop(protect_kept=False),
            lambda: self._trim(protect_kept=False, anchor_floor=1, floor=1),
        )
        for step in steps:
            while step():
                if self.fits():
                    return True
        return self.fits()

    def _trim(self, *, protect_kept: bool, anchor_floor: int, floor: int) -> bool:
        """One set off whatever has the most sets above its floor (least important first)."""
        best: Item | None = None
        for item in self.items:
            limit = anchor_floor if item is self.anchor else floor
            if item.sets <= limit or (protect_kept and self.kept(item) and item is not
                                      self.anchor):
                continue
            if best is None or (item.sets, item.rank) > (best.sets, best.rank):
                best = item
        if best is None:
            return False
        best.sets -= 1
        return True

    def _drop(self, *, protect_kept: bool) -> bool:
        """Remove the least important exercise that is neither the anchor nor protected."""
        candidates = [item for item in self.items if item is not self.anchor
                      and not (protect_kept and self.kept(item))]
        if not candidates:
            return False
        victim = max(candidates, key=lambda item: (not self.kept(item), item.rank))
        self.items.remove(victim)
        self.dropped.append(victim)
        return True


def shorten_day(ctx: EditContext, op: ShortenDay) -> str:
    day = checks.training_day(ctx, op.day)
    name = tx.weekday(ctx.language, op.day)
    if day.duration_minutes <= op.minutes:
        return tx.say(ctx.language, "diff.no_change",
                      reason=tx.say(ctx.language, "reason.already_short", day=name,
                                    minutes=op.minutes))
    site = ctx.site(op.day)
    items = site.items()
    anchor = items[0]
    if op.keep_focus is not None:
        anchor = next((i for i in items if op.keep_focus in i.option.primary), anchor)
    supersets_before = sum(1 for block in site.blocks if len(block) > 1)
    compressor = _Compressor(items, anchor, op.keep_focus, budget_seconds(op.minutes),
                             paired=supersets_before > 0)
    if not compressor.run():
        raise EditRejected(RejectCode.NO_ROOM,
                           f"{op.day.display_name} cannot fit in {op.minutes} minutes, even with "
                           "one set of its main lift")
    title = tx.say(ctx.language, "title.express", title=base_title(day.title),
                   minutes=op.minutes)
    shortened = ctx.finish(op.day, compressor.blocks, title=title)
    ctx.put({op.day: shortened})
    parts = [tx.say(ctx.language, "diff.compressed", day=name, before=day.duration_minutes,
                    after=shortened.duration_minutes)]
    if sum(1 for block in compressor.blocks if len(block) > 1) > supersets_before:
        parts.append(tx.say(ctx.language, "diff.superset"))
    if compressor.dropped:
        parts.append(tx.say(ctx.language, "diff.dropped", exercises=tx.exercise_names(
            ctx.language, [item.option.exercise for item in compressor.dropped])))
    return " • ".join(parts)
