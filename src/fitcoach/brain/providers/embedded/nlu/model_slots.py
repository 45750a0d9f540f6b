"""Slots the intent model lets the router fill where the rules found the intent but no slot.

The model reads *what kind* of message it is; the rules read the facts. When the model is
sure a message reports a physical state ("me torcí la muñeca", "ho il raffreddore") and the
body analyser named the part but found no condition word it knows, the state is still the
user's: it is recorded with the mildest condition that fits the part (a joint is a minor
strain, a muscle is sore, nothing named is whole-body fatigue), so the plan changes for it
instead of the coach asking what the user meant. Likewise a message the model is sure updates
memory, naming a part the memory holds an active state or condition on ("los isquios ya van
bien"), ends that state; and a question about the plan with no topic the rules know asks what
a day holds. Pure: no I/O.
"""

from __future__ import annotations

from fitcoach.brain.providers.embedded.nlu.analysis import MessageAnalysis
from fitcoach.brain.providers.embedded.nlu.body import ConditionReport, Resolution
from fitcoach.brain.providers.embedded.nlu.memory_view import MemorySummary
from fitcoach.catalog.vocabulary import AcuteCondition, BodyPart

# Parts that are joints or the spine: pain there is a tweak to protect, not muscle soreness.
JOINTS = frozenset({
    BodyPart.ELBOW, BodyPart.WRIST, BodyPart.NECK, BodyPart.KNEES, BodyPart.ANKLES,
    BodyPart.HIPS, BodyPart.LOWER_BACK, BodyPart.BACK, BodyPart.SHOULDERS,
})


def mildest_condition(part: BodyPart) -> AcuteCondition:
    if part is BodyPart.WHOLE_BODY:
        return AcuteCondition.FATIGUE
    return AcuteCondition.MINOR_STRAIN if part in JOINTS else AcuteCondition.SORENESS


def with_model_condition(analysis: MessageAnalysis) -> MessageAnalysis | None:
    """The analysis with an acute report for each body part named (or whole-body fatigue
    when none is), or None when the rules already found a condition or the text is framed
    (a hypothetical pain is no pain)."""
    body = analysis.body
    if body.conditions or body.resolved or analysis.framing:
        return None
    parts: list[BodyPart] = []
    sides = {}
    for mention in body.mentions:
        for part in mention.parts:
            if part not in parts and part not in body.avoid.body_parts:
                parts.append(part)
                sides[part] = mention.side
    if not parts:
        parts = [BodyPart.WHOLE_BODY]
    reports = tuple(ConditionReport(body_part=p, condition=mildest_condition(p),
                                    side=sides.get(p)) for p in parts)
    return analysis.model_copy(update={"body": body.model_copy(update={"conditions": reports})})


def with_model_resolution(analysis: MessageAnalysis,
                          memory: MemorySummary) -> MessageAnalysis | None:
    """The analysis with a resolution of each part named that memory holds a state on, or
    None when there is none (then nothing may be deleted on the model's word)."""
    body = analysis.body
    if body.conditions or body.resolved or analysis.framing:
        return None
    parts = [p for m in body.mentions for p in m.parts if memory.conditions_on(p)]
    if not parts:
        return None
    resolved = tuple(Resolution(body_part=p) for p in dict.fromkeys(parts))
    return analysis.model_copy(update={"body": body.model_copy(update={"resolved": resolved})})


def with_session_question(analysis: MessageAnalysis) -> MessageAnalysis:
    """"What's going on Wednesday?": the question is about what a day of the plan holds."""
    cues = analysis.cues.model_copy(update={"session": True})
    return analysis.model_copy(update={"cues": cues})
