"""Repair recovery conflicts after sessions moved: lighten the less central lift.

A conflict is a heavy compound whose groups took heavy work on a day less than 48 h away, or a
heavy lower-back lift the day after another (Sunday → Monday included). The day that gives
way is the one where the conflicting lift is not the session's anchor (the later one when
both or neither are); its lift is swapped for a substitute the recovery rules allow, or
removed when none exists.
"""

from __future__ import annotations

from fitcoach.catalog.vocabulary import WEEKDAYS
from fitcoach.programming.edits.context import EditContext, normalized
from fitcoach.programming.edits.rework import Change
from fitcoach.programming.edits.room import substitute
from fitcoach.programming.generator.items import Item
from fitcoach.programming.generator.site import DaySite
from fitcoach.programming.generator.substitutes import locate
from fitcoach.programming.rules.recovery import too_close

MAX_REPAIRS = 21  # at most three heavy lifts on each of seven days


def _conflicting(site: DaySite) -> list[Item]:
    return [item for item in site.items()
            if (item.option.heavy or item.option.heavy_lower_back)
            and site.ledger.heavy_conflict(item.option, site.weekday.index)]


def _partners(site: DaySite, item: Item) -> set[int]:
    ledger, index = site.ledger, site.weekday.index
    days = {other for group in item.option.heavy for other in ledger.heavy_days.get(group, ())
            if too_close(index, other)}
    if item.option.heavy_lower_back:
        days |= {other for other in ledger.lower_back_days if too_close(index, other)}
    return days


def _first_conflict(ctx: EditContext) -> tuple[DaySite, list[Item]] | None:
    for weekday in ctx.training_days():
        site = ctx.site(weekday)
        items = _conflicting(site)
        if not items:
            continue
        anchor = site.blocks[0][0]
        if anchor in items:
            for partner_index in sorted(_partners(site, anchor)):
                partner = ctx.site(WEEKDAYS[partner_index])
                partner_items = _conflicting(partner)
                if partner_items and partner.blocks[0][0] not in partner_items:
                    return partner, partner_items
        return site, items
    return None


def repair_recovery(ctx: EditContext) -> list[Change]:
    changes: list[Change] = []
    for _ in range(MAX_REPAIRS):
        found = _first_conflict(ctx)
        if found is None:
            break
        site, items = found
        for item in items:
            position = locate(site.blocks, item.slug)
            if position is None:
                continue
            replaced = substitute(site, position, gear=ctx.profile.gear)
            if replaced is not None:
                before = {i.slug for i in site.items()}
                new = next(i for b in replaced for i in b if i.slug not in before)
                site.blocks = replaced
                changes.append(Change(item.option.exercise, new.option.exercise))
            else:
                site.blocks[position[0]] = [i for i in site.blocks[position[0]] if i is not item]
                site.blocks = normalized(site.blocks)
                changes.append(Change(item.option.exercise, None))
        ctx.put({site.weekday: ctx.finish(site.weekday, site.blocks)})
    return changes
