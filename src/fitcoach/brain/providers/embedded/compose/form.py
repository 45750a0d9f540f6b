"""Form and technique answers from the catalog's cues (SPEC §4 intent 8).

The exercise is the one the user names (a family word, "el remo", is the member of it they
do); failing that, the one in their plan (else the first they can do) that trains the muscle
they talk about ("I can't feel my lats" → their row).
The catalog keeps the same cues in the same order in every language, so relevance is judged
once on the English cues and the chosen cues are read in the user's language: a cue that
names the body part the user feels working instead of the target ("mostly in my biceps") is
the fix they need, so it comes first.
"""

from __future__ import annotations

from dataclasses import dataclass

from fitcoach.brain.providers.embedded.compose import language as lx
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.phrasebook import HollowPhrase
from fitcoach.brain.providers.embedded.compose.reply import Reply
from fitcoach.brain.providers.embedded.nlu.router import Brevity
from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import BODY_PART_MUSCLES, BodyPart, Pattern
from fitcoach.memory.entries import Tone
from fitcoach.programming.text import phrases as tx

_STEM = 5  # "forearms" and "forearm", "biceps" and "bicep" share their first letters
PATTERN_FAMILY: dict[Pattern, str] = {
    Pattern.HORIZONTAL_PUSH: "push", Pattern.VERTICAL_PUSH: "push", Pattern.CHEST_FLY: "push",
    Pattern.HORIZONTAL_PULL: "pull", Pattern.VERTICAL_PULL: "pull", Pattern.REAR_DELT: "pull",
    Pattern.SQUAT: "squat", Pattern.LUNGE: "squat", Pattern.KNEE_EXTENSION: "squat",
    Pattern.HINGE: "hinge", Pattern.KNEE_FLEXION: "hinge", Pattern.CALF_RAISE: "isolation",
    Pattern.ELBOW_FLEXION: "isolation", Pattern.ELBOW_EXTENSION: "isolation",
    Pattern.LATERAL_RAISE: "isolation", Pattern.CORE_FLEXION: "core",
    Pattern.CORE_ANTI_EXTENSION: "core", Pattern.CORE_ROTATION: "core",
}


@dataclass(frozen=True)
class FormFacts:
    slug: str
    cue_order: tuple[int, ...]
    inferred: bool  # chosen from the muscle the user named, not named itself


def form_facts(view: TurnView) -> FormFacts | None:
    slugs = view.analysis.exercises.slugs or _family_in_plan(view)
    inferred = not slugs
    slug = slugs[0] if slugs else _exercise_for_muscles(view)
    if slug is None:
        return None
    exercise = CATALOG.get(slug)
    return FormFacts(slug=slug, cue_order=_cue_order(view, exercise), inferred=inferred)


def _family_in_plan(view: TurnView) -> tuple[str, ...]:
    """A family word ("siento el remo en los brazos"): the member the user actually does,
    today's first, else the week's, else the most typical one."""
    families = view.analysis.exercises.families
    if not families:
        return ()
    members = families[0].slugs
    days = [view.plan.days[view.today_weekday], *view.plan.days.values()] if view.plan else []
    planned = [e.exercise_id for day in days for e in day.exercises]
    return (next((slug for slug in planned if slug in members), members[0]),)


def _exercise_for_muscles(view: TurnView) -> str | None:
    groups = view.analysis.body.groups
    if not groups:
        return None
    target = groups[0]
    planned = [e.exercise_id for day in (view.plan.days.values() if view.plan else ())
               for e in day.exercises]
    for slug in planned:
        if target in CATALOG.get(slug).primary_groups:
            return slug
    gear = frozenset(view.profile.gear)
    mentioned = view.analysis.gear.owned | view.analysis.gear.busy
    candidates = [e for e in CATALOG.targeting(target) if target in e.primary_groups]
    doable = [e for e in candidates if e.doable_with(gear)] or candidates
    preferred = [e for e in doable if any(mentioned & option for option in e.gear_options)]
    chosen = (preferred or doable)
    return chosen[0].slug if chosen else None


def _cue_order(view: TurnView, exercise: Exercise) -> tuple[int, ...]:
    cues = [cue.casefold() for cue in exercise.cues_for("en")]
    primary = exercise.primary_groups
    weights: dict[str, int] = {}
    for mention in view.analysis.body.mentions:
        # Feeling it in a muscle the exercise is not about is the classic complaint: its
        # cue is worth more than one about the target itself.
        off_target = not (set(mention.groups) & primary)
        for part in mention.parts:
            for word in _english_words(part):
                weights[word[:_STEM]] = max(weights.get(word[:_STEM], 0), 2 if off_target else 1)

    def score(index: int) -> int:
        return sum(weight for stem, weight in weights.items() if stem in cues[index])

    return tuple(sorted(range(len(cues)), key=lambda i: (-score(i), i)))


def _english_words(part: BodyPart) -> list[str]:
    words = [tx.say("en", f"part.{part.value}")]
    words += [m.value.replace("_", " ") for m in BODY_PART_MUSCLES[part]]
    return [w for w in words if len(w) >= 3]


# Korean particles written both ways in the phrases ("{part}이(가)"): the one the noun takes,
# by whether its last syllable ends in a consonant (무릎이, 허리가).
_KO_PARTICLES = {"이(가)": ("이", "가"), "을(를)": ("을", "를"), "과(와)": ("과", "와")}


def _korean_particles(text: str) -> str:
    for both, (after_consonant, after_vowel) in _KO_PARTICLES.items():
        while both in text:
            at = text.index(both)
            last = text[at - 1] if at else ""
            closed = "가" <= last <= "힣" and (ord(last) - ord("가")) % 28 != 0
            text = text[:at] + (after_consonant if closed else after_vowel) \
                + text[at + len(both):]
    return text


def _fault(reply: Reply, view: TurnView) -> None:
    """The fix for the fault the user told, naming the part they asked about."""
    for fault in view.analysis.body.faults[:1]:
        try:
            text = reply.say(f"form.fault.{fault.kind}",
                             part=tx.say(view.language, f"part.{fault.body_part.value}"))
        except HollowPhrase:
            continue  # a missing phrase drops the sentence, as `Reply.add` does
        reply.add_text(_korean_particles(text) if view.language == "ko" else text)


def form_reply(reply: Reply, view: TurnView, facts: FormFacts | None) -> None:
    if facts is None:
        _fault(reply, view)
        reply.add("form.which_exercise", optional=bool(view.analysis.body.faults))
        return
    exercise = CATALOG.get(facts.slug)
    name = lx.exercise(facts.slug)
    reply.add("form.intro_inferred" if facts.inferred else "form.intro", exercise=name)
    _fault(reply, view)
    cues = exercise.cues_for(view.language)
    explain = view.routing.brevity is Brevity.EXPANDED or view.tone is Tone.SCIENTIFIC
    for position, index in enumerate(facts.cue_order):
        reply.add_text(cues[index], optional=position > 0 and not explain)
    if explain:
        reply.add(f"form.why.{PATTERN_FAMILY[exercise.pattern]}", exercise=name)
