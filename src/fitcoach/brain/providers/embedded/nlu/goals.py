"""Goal, experience, priority muscle groups, and the focus asked for a day.

- Priority groups are the muscle groups named after a priority cue ("especially chest and
  delts", "soprattutto petto e deltoidi", "특히 가슴과 삼각근") within the same clause.
- A day focus is read per weekday: the body groups or focus words between that weekday and the
  next one (or, failing that, just before it in its clause), when the sentence carries a focus
  cue ("make Saturday an arms-and-shoulders day", "dedica il sabato alle braccia e alle
  spalle", "토요일은 팔과 어깨 운동에 집중하는 날로"). Groups map onto the engine's `Focus`.
- "Keep the chest focus" gives the group to keep when a day is trimmed.
- A named split ("push pull legs", "upper/lower", "무분할") is the sequence of day focuses the
  training days take in order.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.body import BodyMention
from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.lexicon import LEXICON
from fitcoach.brain.providers.embedded.nlu.time import TimeFacts
from fitcoach.catalog.vocabulary import Experience, Goal, MuscleGroup, Weekday
from fitcoach.programming.focus import Focus

G = MuscleGroup
_ARMS = frozenset({G.BICEPS, G.TRICEPS})
_LEGS = frozenset({G.QUADS, G.HAMSTRINGS, G.GLUTES, G.CALVES})
# Group sets → the engine's named focuses, most specific first.
FOCUS_OF_GROUPS: tuple[tuple[frozenset[MuscleGroup], Focus], ...] = (
    (_ARMS | {G.SHOULDERS}, Focus.ARMS_SHOULDERS),
    (frozenset({G.CHEST, G.SHOULDERS, G.TRICEPS}), Focus.PUSH),
    (frozenset({G.BACK, G.BICEPS}), Focus.PULL),
    (frozenset({G.CHEST, G.BACK}), Focus.CHEST_BACK),
    (frozenset({G.GLUTES, G.HAMSTRINGS}), Focus.GLUTES_HAMSTRINGS),
    (_LEGS, Focus.LEGS),
    (_ARMS, Focus.ARMS),
    (frozenset({G.SHOULDERS}), Focus.SHOULDERS),
    (frozenset({G.CHEST}), Focus.CHEST),
    (frozenset({G.BACK}), Focus.BACK),
)


class GoalFacts(BaseModel):
    model_config = ConfigDict(frozen=True)

    goal: Goal | None = None
    experience: Experience | None = None
    priority_groups: tuple[MuscleGroup, ...] = ()
    day_focus: dict[Weekday, Focus] = {}
    keep_focus: MuscleGroup | None = None
    split: tuple[Focus, ...] = ()  # "push pull legs": each training day's focus, repeating


def focus_for(groups: set[MuscleGroup]) -> Focus | None:
    """The named focus that best fits a set of groups (exact match first, then containment)."""
    if not groups:
        return None
    for wanted, focus in FOCUS_OF_GROUPS:
        if groups == wanted:
            return focus
    if groups <= _LEGS:
        return Focus.LEGS
    for wanted, focus in FOCUS_OF_GROUPS:
        if wanted <= groups:
            return focus
    return Focus.FULL_BODY


def _day_focus(doc: Document, time: TimeFacts, mentions: tuple[BodyMention, ...]
               ) -> dict[Weekday, Focus]:
    cue_sentences = {doc.sentence(h.start) for h in doc.best("focus_cue")}
    condition_clauses = {doc.clause(h.start) for h in doc.best("condition_word")}
    # "Push thursday's workout back": the verb of a move names no push day.
    moving = {i for h in doc.best("move_days") for i in range(h.start, h.end)}
    words = [w for w in doc.best("focus_word") if w.start not in moving]
    starts = sorted({(d.position, d.weekday) for d in time.days if not d.reference})

    def focus_between(lo: int, hi: int, sentence: int, clause: int | None) -> Focus | None:
        """The focus named by groups or focus words strictly between two token positions."""
        groups = {
            g for m in mentions
            if lo < m.position < hi and m.sentence == sentence
            and (clause is None or m.clause == clause) and m.clause not in condition_clauses
            for g in m.groups
        }
        named = [w for w in words if lo < w.start < hi and doc.sentence(w.start) == sentence
                 and (clause is None or doc.clause(w.start) == clause)]
        if named:
            return Focus(LEXICON.section("focus_word")[named[0].key]["focus"])
        return focus_for(groups)

    result: dict[Weekday, Focus] = {}
    for index, (position, weekday) in enumerate(starts):
        sentence = doc.sentence(position)
        if sentence not in cue_sentences:
            continue
        following = starts[index + 1][0] if index + 1 < len(starts) else len(doc.tokens)
        previous = starts[index - 1][0] if index else -1
        focus = focus_between(position, following, sentence, None) or focus_between(
            previous, position, sentence, doc.clause(position)
        )
        if focus is not None:
            result[weekday] = focus
    return result


def parse_goals(doc: Document, time: TimeFacts, mentions: tuple[BodyMention, ...]) -> GoalFacts:
    goals = doc.best("goal")
    experience = doc.best("experience")
    cues = doc.best("priority_cue")
    priority: list[MuscleGroup] = []
    goal_sentences = {doc.sentence(h.start) for h in goals}
    for cue in cues:
        if cue.key == "especially" and doc.sentence(cue.start) not in goal_sentences:
            continue
        for mention in mentions:
            if mention.clause == doc.clause(cue.start) and mention.position >= cue.start:
                priority.extend(g for g in mention.groups if g not in priority)
    keep: MuscleGroup | None = None
    for cue in doc.best("keep_cue"):
        near = [m for m in mentions if m.clause == doc.clause(cue.start) and m.groups]
        if near:
            keep = min(near, key=lambda m: abs(m.position - cue.start)).groups[0]
            break
    return GoalFacts(
        goal=Goal(goals[0].key) if goals else None,
        experience=Experience(experience[0].key) if experience else None,
        priority_groups=tuple(priority),
        day_focus=_day_focus(doc, time, mentions),
        keep_focus=keep,
        split=tuple(Focus(f) for f in LEXICON.section("split")[splits[0].key]["focuses"])
        if (splits := doc.best("split")) else (),
    )
