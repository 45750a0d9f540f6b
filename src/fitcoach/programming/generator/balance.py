"""Pulling balance: a session that presses and may pull rows and pulls at least 0.8 set for
every press set.

The greedy fills muscle groups, and groups do not see patterns: a deadlift credits the back a
full set, the presses credit the shoulders, so a full-body day of a squat, a bench press, a
deadlift and an overhead press can meet the back's number without a single row. A coach
counts patterns too. After the session is filled, while its horizontal and vertical pulls
are under `PULL_RATIO` × its presses (flyes and hinges count neither way), this pass adds a
pull set (one more set of a pull already there, else a new pull exercise) and, when time or
a cap stops it, frees the time by taking a set from the press with the most sets (never
under two) or, failing that, dropping the least important press that is not the session's
first. It stops when the balance holds, or when nothing it may change would help.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from fitcoach.catalog.vocabulary import MuscleGroup, Pattern
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.items import Item
from fitcoach.programming.generator.options import Option
from fitcoach.programming.generator.site import EPSILON

if TYPE_CHECKING:
    from fitcoach.programming.generator.session import SessionBuilder

PULL_RATIO = 0.8
PRESSES = frozenset({Pattern.HORIZONTAL_PUSH, Pattern.VERTICAL_PUSH})
PULLS = frozenset({Pattern.HORIZONTAL_PULL, Pattern.VERTICAL_PULL})
_MAX_STEPS = 24  # sets only move one at a time; a session holds far fewer
ACCESSORY_PRIORITY = 3  # isolation and core: the catalog's sequencing priorities 3-4


def pattern_sets(items: list[Item], patterns: frozenset[Pattern]) -> int:
    return sum(item.sets for item in items if item.option.exercise.pattern in patterns)


def pulls_short(items: list[Item], week: tuple[int, int] = (0, 0)) -> bool:
    """Are the session's pulls under PULL_RATIO × its presses, or too few for the week's
    (`week`: the other days' press and pull sets)?"""
    presses, pulls = pattern_sets(items, PRESSES), pattern_sets(items, PULLS)
    other_presses, other_pulls = week
    wanted = max(PULL_RATIO * presses, PULL_RATIO * (presses + other_presses) - other_pulls)
    return pulls < wanted - EPSILON


def balance_pulls(builder: SessionBuilder, week: tuple[int, int] = (0, 0)) -> None:
    """Move the session toward pulls ≥ PULL_RATIO × presses, and the week's (`week`: the
    other days' press and pull sets) toward the same; see the module."""
    if MuscleGroup.BACK not in builder.ctx.groups or not (
            pattern_sets(builder.items, PULLS) or _pull_options(builder)):
        return
    for _ in range(_MAX_STEPS):
        if not pulls_short(builder.items, week):
            return
        if _add_pull(builder):
            continue
        # The back's session cap stops the pull: a hinge crediting the back a full set (a
        # conventional deadlift) gives way to one that credits it less, or a hinge set goes.
        # Else fewer presses are the balance (the freeing below trims presses first).
        if _back_full(builder) and (_lighter_hinge(builder) or _trim_hinge(builder)) \
                and _add_pull(builder):
            continue
        # Free time (or an exercise slot) step by step until a pull fits; if none ever
        # does, put everything back.
        undos = []
        while (undo := _free_time(builder, week)) is not None:
            undos.append(undo)
            if _add_pull(builder):
                break
            if not pulls_short(builder.items, week):
                # Fewer presses were the balance: the time they freed goes to pulls.
                while _add_pull(builder):
                    pass
                return
        else:
            for undo in reversed(undos):
                undo()
            # Nothing left to free: every lift is at two sets. For the session's own balance
            # (not the week's: another day may drop a press instead), a barbell press's
            # ramp-up sets may still be the time a pull needs (a 31-minute strength session
            # of a squat and a bench press): it gives way to a press without them.
            if pulls_short(builder.items) and _quicker_press(builder):
                continue
            return


def _back_full(builder: SessionBuilder) -> bool:
    back = MuscleGroup.BACK
    return builder.credits[back] + 1 > builder.limit(back) + EPSILON


def _lighter_hinge(builder: SessionBuilder) -> bool:
    """Swap a hinge that credits the back fully for one that credits it less (a Romanian
    deadlift for a conventional one), at as many sets as fit; False if none can."""
    from fitcoach.programming.generator.session import Outcome

    back, hamstrings = MuscleGroup.BACK, MuscleGroup.HAMSTRINGS
    heavy_back = [item for item in builder.items if item.option.exercise.pattern is
                  Pattern.HINGE and item.option.credit(back) >= 1]
    if not heavy_back:
        return False
    item = heavy_back[0]
    builder.remove(item)
    lighter = [option for option in builder.ranked(hamstrings)
               if option.exercise.pattern is Pattern.HINGE and option.credit(back) < 1]
    if lighter and builder.add_exercise(hamstrings, lighter) is Outcome.GROWN:
        return True
    builder.restore(item)
    return False


def _trim_hinge(builder: SessionBuilder) -> bool:
    """A set off the hinge with the most sets above two (its half back set gives the pull
    room under the back's cap); False if none has one to spare."""
    hinges = [item for item in builder.items if item.option.exercise.pattern is Pattern.HINGE
              and item.option.credit(MuscleGroup.BACK) > 0 and item.sets > rx.MIN_SETS
              and not item.option.primary & builder.ctx.priority]
    if not hinges:
        return False
    builder.change_sets(max(hinges, key=lambda item: (item.sets, item.rank)), -1)
    return True


def _quicker_press(builder: SessionBuilder) -> bool:
    """Swap a press with ramp-up sets (not the session's first exercise, not a priority's)
    for one of the same main group without them, at as many sets, and add a pull in the
    time that frees; False, and the session as it was, if no such swap lets a pull in."""
    from fitcoach.programming.generator.session import Outcome

    items = builder.items
    first = min(items, key=lambda item: (item.priority, item.rank), default=None)
    ramped = sorted((item for item in items if item is not first
                     and item.option.exercise.pattern in PRESSES and item.option.ramp_seconds
                     and not item.option.primary & builder.ctx.priority),
                    key=lambda item: -item.rank)
    for item in ramped:
        group = item.option.main_group
        if group is None:
            continue
        builder.remove(item)
        quicker = [option for option in builder.ranked(group)
                   if option.main_group is group and option.exercise.pattern in PRESSES
                   and not option.ramp_seconds]
        if quicker and builder.add_exercise(group, quicker, sets=item.sets) is Outcome.GROWN:
            swapped = builder.items[-1]
            if _add_pull(builder):
                return True
            builder.remove(swapped)
        builder.restore(item)
    return False


def _pull_options(builder: SessionBuilder) -> list[Option]:
    return [option for option in builder.ranked(MuscleGroup.BACK)
            if option.exercise.pattern in PULLS]


def _add_pull(builder: SessionBuilder) -> bool:
    from fitcoach.programming.generator.session import Outcome

    back = MuscleGroup.BACK
    present = [item for item in builder.items if item.option.exercise.pattern in PULLS]

    def grown(extra: int) -> bool:
        for item in sorted(present, key=lambda item: (item.sets, item.rank)):
            if item.sets < rx.max_sets(builder.ctx.goal, item.option.exercise) + extra and \
                    builder.add_set(item, back) is Outcome.GROWN:
                return True
        return False

    if grown(0):
        return True
    candidates = _pull_options(builder)
    if candidates and builder.add_exercise(back, candidates) is Outcome.GROWN:
        return True
    # When no other pull fits, a pull already there may take one set more than usual.
    return grown(1)


def _free_time(builder: SessionBuilder,
               week: tuple[int, int] = (0, 0)) -> Callable[[], None] | None:
    """One step that frees time for a pull, and how to undo it; None when none is left.

    The user's priorities never give way; the session's first exercise and its main press
    give way last. In order: a set off
    another press with more than two (while the session's own presses outweigh its pulls);
    a set off an exercise above the three sets a main movement needs; a set off an accessory
    with more than two; the least important press (while presses outweigh pulls and another
    press stays); the least important accessory; a set off the main press, down to three;
    and last, for the session's own balance only, any main lift, presses first, down to
    two."""
    items = builder.items
    # The session's first exercise as arranged, and its main press: the first press.
    first = min(items, key=lambda item: (item.priority, item.rank), default=None)
    main_press = min((item for item in items if item.option.exercise.pattern in PRESSES),
                     key=lambda item: (item.priority, item.rank), default=None)
    # The user's priorities never give way to the balance.
    rest = [item for item in items if item is not first
            and item.option.exercise.pattern not in PULLS
            and not item.option.primary & builder.ctx.priority]
    presses = [item for item in rest if item.option.exercise.pattern in PRESSES
               and item is not main_press]
    accessories = [item for item in rest if item.option.exercise.pattern not in PRESSES
                   and item.priority >= ACCESSORY_PRIORITY]
    own = pulls_short(items, week)  # presses outweigh pulls, here or over the week
    for pool, above in ((presses if own else [], rx.MIN_SETS), (rest, rx.FOUNDATION_SETS),
                        (accessories, rx.MIN_SETS)):
        trimmable = [item for item in pool if item.sets > above]
        if trimmable:
            return _trim(builder, max(trimmable, key=lambda item: (item.rank, item.sets)))
    for pool in ((presses if own and _another_press(items, presses) else []), accessories):
        if pool:
            return _drop(builder, max(pool, key=lambda item: item.rank))
    if main_press is not None and own and main_press.sets > rx.FOUNDATION_SETS \
            and not main_press.option.primary & builder.ctx.priority:
        return _trim(builder, main_press)
    if pulls_short(items):
        # Last, while the session's own presses outweigh its pulls: the main lifts
        # themselves, down to two sets, presses first (a short session of a squat and a
        # press makes room for a row this way).
        mains = [item for item in items if item.option.exercise.pattern not in PULLS
                 and item.sets > rx.MIN_SETS and not item.option.primary & builder.ctx.priority]
        if mains:
            return _trim(builder, max(mains, key=lambda item: (
                item.option.exercise.pattern in PRESSES, item.sets, item.rank)))
    return None


def _another_press(items: list[Item], droppable: list[Item]) -> bool:
    return sum(1 for item in items if item.option.exercise.pattern in PRESSES) >= 2 and \
        bool(droppable)


def _trim(builder: SessionBuilder, item: Item) -> Callable[[], None]:
    builder.change_sets(item, -1)
    return lambda: builder.change_sets(item, +1)


def _drop(builder: SessionBuilder, item: Item) -> Callable[[], None]:
    builder.remove(item)
    return lambda: builder.restore(item)
