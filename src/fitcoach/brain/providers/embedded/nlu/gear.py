"""Equipment: what the user owns, lacks, just bought, or finds taken right now.

- Owned gear is gear named in a sentence that says so ("I have", "tengo", "יש לי", "있어") or
  that sets where they train ("I train at home with…"); "a full gym" gives every tag.
- A negation before the gear ("no barbell", "non ho il bilanciere", "אין לי מוט") or after it
  in Korean ("바벨은 없어") removes it.
- Gear in a clause that says it is taken ("the bench is taken", "הספסל תפוס", "벤치에 사람이
  앉아 있어") is *busy*: reported apart, never added to or removed from the inventory.
- "bought / new / heavier / ahora tengo" next to gear marks an equipment *change* (a Tier 1
  UPDATE rather than a CREATE).
The heaviest load written in a sentence that names dumbbells (else in the sentence right after
one, if it names no other gear) is their maximum.
"""

from __future__ import annotations

from collections.abc import Collection

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.lexicon import LEXICON, Hit
from fitcoach.brain.providers.embedded.nlu.quantities import Load
from fitcoach.catalog.vocabulary import FULL_GYM, GearTag, Unit

NEGATION_WINDOW = 6
KOREAN_NEGATION_WINDOW = 3


class GearFacts(BaseModel):
    model_config = ConfigDict(frozen=True)

    owned: frozenset[GearTag] = frozenset()
    removed: frozenset[GearTag] = frozenset()
    busy: frozenset[GearTag] = frozenset()
    max_dumbbell_lbs: float | None = None
    dumbbell_unit: Unit | None = None
    full_gym: bool = False
    home: bool = False
    bodyweight_only: bool = False
    only: bool = False  # "only a pull-up bar": the list is the whole inventory
    change: bool = False  # bought, upgraded, sold: an update of the equipment fact
    mentioned: bool = False  # any equipment phrase at all

    @property
    def states_inventory(self) -> bool:
        """Whether the message says what the user trains with (owned, lacking or none)."""
        return bool(self.owned or self.removed or self.full_gym or self.bodyweight_only)


def _tags(hit: Hit) -> frozenset[GearTag]:
    return frozenset(GearTag(t) for t in LEXICON.section("gear_item")[hit.key]["tags"])


def _negated(doc: Document, hit: Hit, negations: list[Hit]) -> bool:
    clause = doc.clause(hit.start)
    for neg in negations:
        if doc.clause(neg.start) != clause:
            continue
        if 0 <= hit.start - neg.end <= NEGATION_WINDOW and doc.tokens[neg.start].script != "hangul":
            return True
        if doc.tokens[neg.start].script == "hangul" and 0 <= neg.start - hit.end <= \
                KOREAN_NEGATION_WINDOW:
            return True
    return False


def _part_of_longer_name(hit: Hit, exercise_tokens: Collection[int]) -> bool:
    return (hit.start - 1) in exercise_tokens or hit.end in exercise_tokens


def parse_gear(doc: Document, loads: tuple[Load, ...] = (),
               exercise_tokens: Collection[int] = ()) -> GearFacts:
    """Gear facts; `exercise_tokens` are tokens inside exercise names (not ownership)."""
    items = doc.best("gear_item", "full_gym", "home", "busy_cue", "bodyweight")
    busy_clauses = {doc.clause(h.start) for h in items if h.section == "busy_cue"}
    negations = doc.best("neg_cue")
    own_sentences = {doc.sentence(h.start) for h in doc.best("own_cue")}
    home = any(h.section == "home" for h in items)
    full_gym_hits = [h for h in items if h.section == "full_gym"]
    setting_sentences = {doc.sentence(h.start) for h in items if h.section in ("home", "full_gym")}
    change_sentences = {doc.sentence(h.start) for h in doc.best("change_cue")}
    owned: set[GearTag] = set()
    removed: set[GearTag] = set()
    busy: set[GearTag] = set()
    change = False
    dumbbell_sentences: set[int] = set()
    for hit in items:
        if hit.section != "gear_item":
            continue
        tags = _tags(hit)
        sentence = doc.sentence(hit.start)
        if doc.clause(hit.start) in busy_clauses:
            busy |= tags
            continue
        if _negated(doc, hit, negations):
            removed |= tags
            change = change or sentence in change_sentences
            continue
        inside = [i in exercise_tokens for i in range(hit.start, hit.end)]
        if any(inside) and _part_of_longer_name(hit, exercise_tokens):
            continue  # "bench" in "incline bench press" names the exercise, not owned gear
        if sentence in own_sentences or sentence in setting_sentences \
                or sentence in change_sentences:
            owned |= tags
            change = change or sentence in change_sentences
            if GearTag.DUMBBELLS in tags:
                dumbbell_sentences.add(sentence)
    full_gym = any(
        not _negated(doc, h, negations) and doc.clause(h.start) not in busy_clauses
        for h in full_gym_hits
    )
    if full_gym:
        owned |= FULL_GYM
        change = change or any(doc.sentence(h.start) in change_sentences for h in full_gym_hits)
    dumbbell_loads = [load for load in loads if doc.sentence(load.position) in dumbbell_sentences]
    if not dumbbell_loads and dumbbell_sentences:
        # "I bought new dumbbells. Now they go up to 35 kg": the next sentence goes on about
        # them, unless it names other gear.
        gear_sentences = {doc.sentence(h.start) for h in items if h.section == "gear_item"}
        follow = {s + 1 for s in dumbbell_sentences} - gear_sentences
        dumbbell_loads = [load for load in loads if doc.sentence(load.position) in follow]
    heaviest = max(dumbbell_loads, key=lambda load: load.lbs, default=None)
    bodyweight = any(h.section == "bodyweight" for h in items)
    return GearFacts(
        owned=frozenset(owned),
        removed=frozenset(removed - owned),
        busy=frozenset(busy),
        max_dumbbell_lbs=heaviest.lbs if heaviest else None,
        dumbbell_unit=heaviest.unit if heaviest else None,
        full_gym=full_gym,
        home=home,
        bodyweight_only=bodyweight and not owned,
        only=doc.has("only") and bool(owned or bodyweight),
        change=change,
        mentioned=bool(items) or bool(removed),
    )
