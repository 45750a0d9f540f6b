"""Equipment: what the user owns, lacks, just bought, or finds taken right now.

- Owned gear is gear named in a sentence that says so ("I have", "tengo", "יש לי", "있어") or
  that sets where they train ("I train at home with…"); "a full gym" gives every tag.
- A negation before the gear ("no barbell", "niente bilanciere", "אין לי מוט") or after it
  (Korean "바벨은 없어", Italian "il bilanciere non c'è") removes it, and an explicit removal
  wins over what "a gym" implies ("the apartment gym has no barbell or squat rack").
- A gym the user describes item by item is that list, not a full gym: once they name what it
  has *and* say it is small, or "only", or name what it lacks ("the hotel gym has a few
  dumbbells and a bench, no barbell"), the plan may use the named gear and nothing else.
- Korean exclusivity: "X밖에 없어" / "X뿐이야" means *only X*: the negation there is no removal
  but a statement of the whole inventory.
- A sentence that is only a list of gear ("משקולות יד עד 10 קילו, ספסל ומוט מתח", "dumbbells
  and a bench") states what the user has even without a verb.
- Gear outside DESIGN D3's tags (kettlebells, bands, a suspension trainer, a Smith machine) is
  reported as `extra`: stored in the fact, never turned into a tag no exercise of the catalog
  could honour.
- Gear named where the user only is for now (a hotel on a trip, "in trasferta", or any
  message with a travel event) is the trip's: it is reported as `temporary` and never as
  owned, so a week at a hotel with a full gym does not become the home inventory.
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
    extra: frozenset[str] = frozenset()  # owned gear no catalog tag covers ("kettlebell")
    only: bool = False  # "only a pull-up bar": the list is the whole inventory
    change: bool = False  # bought, upgraded, sold: an update of the equipment fact
    mentioned: bool = False  # any equipment phrase at all
    temporary: bool = False  # named where the user only is for now (a trip's hotel gym)

    @property
    def states_inventory(self) -> bool:
        """Whether the message says what the user trains with (owned, lacking or none)."""
        return bool(self.owned or self.removed or self.full_gym or self.bodyweight_only
                    or self.extra)


# Korean endings that turn a following "없어" into "only": "매트밖에 없어", "덤벨뿐이야".
KOREAN_ONLY_ENDINGS = ("밖에", "뿐")
# Words a bare gear list may hold besides the gear, loads and numbers ("two", "and", "of").
LIST_FILLERS = frozenset({
    "and", "a", "an", "two", "pair", "of", "plus", "up", "to", "some", "set", "my", "the",
    "just", "only", "each", "also",
    "y", "e", "un", "una", "unos", "unas", "dos", "par", "de", "hasta", "mis", "el", "la",
    "los", "las", "solo", "tambien", "cada",
    "ed", "uno", "due", "paio", "di", "da", "fino", "i", "gli", "il", "le", "dei", "delle",
    "degli", "anche", "soltanto",
    "ו", "של", "עד", "זוג", "שתי", "שני", "רק", "גם", "קילו", "קג",
    "랑", "이랑", "하고", "와", "과", "개", "두", "한", "쌍", "까지", "그리고", "만",
    # "…, nothing else", "…, y nada más", "…, e basta", "…וזהו", "그게 다예요"
    "nothing", "else", "that", "s", "it", "all", "nada", "mas", "basta", "altro", "niente",
    "זהו", "וזהו", "זה", "הכל", "그게", "다예요", "다에요", "다야",
    # A label before the list: "attrezzatura: manubri, panca", "equipment: a pull-up bar".
    "equipment", "gear", "kit", "attrezzatura", "attrezzi", "attrezzo", "equipaggiamento",
    "equipo", "material", "equipamiento", "ציוד", "장비", "도구",
})
# "Only" words end a negation's reach: "non ho bilanciere né panca, solo manubri".
ONLY_WORDS = frozenset({"just", "only", "solo", "soltanto", "solamente", "רק", "만"})


def _tags(hit: Hit) -> frozenset[GearTag]:
    return frozenset(GearTag(t) for t in LEXICON.section("gear_item")[hit.key]["tags"])


def _extra(hit: Hit) -> str | None:
    extra = LEXICON.section("gear_item")[hit.key].get("extra")
    return str(extra) if extra else None


def _korean_only(doc: Document, neg: Hit) -> bool:
    """"요가매트밖에 없어요": the negation follows an "only" ending, so it is no removal."""
    before = doc.tokens[neg.start - 1].text if neg.start > 0 else ""
    return doc.tokens[neg.start].script == "hangul" and before.endswith(KOREAN_ONLY_ENDINGS)


def _list_sentences(doc: Document, items: list[Hit], loads: tuple[Load, ...]) -> set[int]:
    """Sentences made of gear and nothing else that matters: a list is a statement of
    what the user has ("two 10 kg dumbbells and a mat")."""
    covered = {i for h in items if h.section == "gear_item" for i in range(h.start, h.end)}
    covered |= {i for load in loads for i in range(load.position, load.end)}
    gear_sentences = {doc.sentence(h.start) for h in items if h.section == "gear_item"}
    lists: set[int] = set()
    for sentence in gear_sentences:
        tokens = [(i, t) for i, t in enumerate(doc.tokens) if t.sentence == sentence]
        if any(t.text == "?" for _, t in tokens):
            continue
        stray = [t for i, t in tokens if (t.is_word or t.is_number) and i not in covered
                 and not t.is_number and doc.number_at(i) is None
                 and not set(t.keys) & LIST_FILLERS]
        if not stray:
            lists.add(sentence)
    return lists


# Words a negation reaches across to the next gear of its list ("no barbell *or* squat rack",
# "ni barra ni rack", "바벨이랑 스쿼트랙은 없어요"); any other word ends its scope, so
# "niente sbarra, vado in palestra" keeps the gym.
SCOPE_FILLERS = (LIST_FILLERS - ONLY_WORDS - {"nothing", "niente", "nada"}) | frozenset({
    "or", "nor", "any", "there", "o", "u", "ni", "ningun", "ninguna", "ne", "alcun", "alcuna",
    "או", "אין", "ואין", "שם", "לנו", "להם",
    "은", "는", "이", "가", "도", "나", "이나", "랑", "이랑",
})


# "Non ho: bilanciere, rack, cavi": a colon opens the list a negation reaches, as a comma goes on.
LIST_PUNCT = frozenset({",", ":"})
# Words that may stand between gear and a negation after it: "la panca invece non ce l'ho".
AFTER_GAP = frozenset({"invece", "purtroppo", "proprio", "pero", "though", "sadly",
                       "unfortunately", "lamentablemente", "desgraciadamente", "realmente"})


def _in_scope(doc: Document, start: int, end: int, gear_tokens: Collection[int]) -> bool:
    """Whether tokens[start:end] (what stands between a negation and a gear word) are only
    other gear, list words and commas."""
    for index in range(start, end):
        token = doc.tokens[index]
        if index in gear_tokens or token.text in LIST_PUNCT or set(token.keys) & SCOPE_FILLERS:
            continue
        return False
    return True


# "And" words that join gear back to the gear a "without" hangs on: "un bilanciere senza rack
# *e* dei manubri" owns the dumbbells ("or" words go on negating: "without a bench or rack").
AND_WORDS = frozenset({"and", "plus", "y", "e", "ed", "i", "ו"})
# Hebrew joins with a prefix: "ומשקולות" is "and dumbbells".
HEBREW_AND = "ו"
BUT_WORDS = frozenset({"but", "ma", "pero", "אבל"})


def _hangs_on_gear(doc: Document, neg: Hit, gear_tokens: Collection[int]) -> bool:
    """"Un bilanciere senza rack", "a barbell but no rack", "מוט בלי מתקן": the negation
    follows gear and describes it, rather than opening a list of what is lacking."""
    before = neg.start - 1
    if before >= 0 and doc.tokens[before].text in BUT_WORDS:
        before -= 1  # "un bilanciere ma senza rack"
    return before >= 0 and before in gear_tokens


def _joined_back(doc: Document, neg: Hit, hit: Hit) -> bool:
    """Whether an "and" stands between the negation and this gear (or opens the gear word
    itself, as Hebrew's prefix does), past the first gear the negation reaches."""
    between = range(neg.end, hit.start)
    if any(doc.tokens[i].text in AND_WORDS for i in between):
        return True
    first = doc.tokens[hit.start].text
    return hit.start > neg.end and first.startswith(HEBREW_AND) \
        and doc.tokens[hit.start].script == "hebrew"


def _negated(doc: Document, hit: Hit, negations: list[Hit],
             gear_tokens: Collection[int] = (), owned_tokens: Collection[int] = ()) -> bool:
    """`owned_tokens`: the tokens of gear names, for "X without Y and Z" (Z is owned, like X)."""
    clause = doc.clause(hit.start)
    for neg in negations:
        if doc.clause(neg.start) != clause:
            continue
        if doc.tokens[neg.start].script != "hangul":
            if 0 <= hit.start - neg.end <= NEGATION_WINDOW \
                    and _in_scope(doc, neg.end, hit.start, gear_tokens) \
                    and not (_hangs_on_gear(doc, neg, owned_tokens)
                             and _joined_back(doc, neg, hit)):
                return True
        elif 0 <= neg.start - hit.end <= NEGATION_WINDOW \
                and _in_scope(doc, hit.end, neg.start, gear_tokens):
            return True
    return False


def _negated_after(doc: Document, hit: Hit, after: list[Hit]) -> bool:
    """"il bilanciere non c'è": a negation right after the gear (no word between) that does
    not itself open onto more gear ("no hay barra" negates the barra, not what came before)."""
    for neg in after:
        gap = range(hit.end, neg.start)
        if neg.start < hit.end or len(gap) > 2 or doc.tokens[neg.start].script == "hangul" \
                or any(not set(doc.tokens[i].keys) & AFTER_GAP for i in gap):
            continue
        following = doc.hit_at(neg.end, "gear_item") or doc.hit_at(neg.end + 1, "gear_item")
        if following is None:
            return True
    return False


def _excepted(doc: Document, items: list[Hit], negations: list[Hit],
              gear_tokens: Collection[int]) -> set[int]:
    """Starts of gear named as the one exception to "nothing": "no equipment except a pull-up
    bar", "non ho nessun attrezzo tranne una sbarra", "덤벨 말고는 아무것도 없어요". That gear is
    owned, and the list is the whole inventory ("tutto tranne il rack" stays a removal: no
    negation comes before its "except")."""
    gear = [h for h in items if h.section == "gear_item"]
    owned: set[int] = set()
    for cue in doc.best("except_cue"):
        clause = doc.clause(cue.start)
        if doc.tokens[cue.start].script == "hangul":
            # Korean: the gear comes first, the negation of everything after the cue.
            if any(n.start >= cue.end and doc.clause(n.start) == clause for n in negations):
                owned |= {h.start for h in gear if 0 <= cue.start - h.end <= 1
                          and doc.clause(h.start) == clause}
            continue
        before = [n for n in negations if n.end <= cue.start and doc.clause(n.start) == clause
                  and not any(n.end <= h.start < cue.start for h in gear)]
        if not before:
            continue
        # (A describing word may stand before the gear: "except a doorway pull-up bar".)
        owned |= {h.start for h in gear if doc.clause(h.start) == clause
                  and 0 <= h.start - cue.end <= NEGATION_WINDOW}
    return owned


def _after_only(doc: Document, hit: Hit, only_hits: list[Hit]) -> bool:
    """"…: solo manubri da 14 kg", "just a pull-up bar": gear right after an "only" word (an
    article between at most) is what the user has, even with no verb of owning."""
    for only in only_hits:
        gap = range(only.end, hit.start)
        if 0 <= hit.start - only.end <= 2 and doc.clause(only.start) == doc.clause(hit.start) \
                and all(set(doc.tokens[i].keys) & LIST_FILLERS for i in gap):
            return True
    return False


def _part_of_longer_name(hit: Hit, exercise_tokens: Collection[int]) -> bool:
    return (hit.start - 1) in exercise_tokens or hit.end in exercise_tokens


def busy_hits(doc: Document) -> list[Hit]:
    """"Taken", "out of order", "no … free": a phrase that ends inside a gear name ("no
    barbell, just free weights", "a full gym") is that gear, not a busy cue."""
    names = {i for h in doc.best("gear_item", "full_gym") for i in range(h.start, h.end)}
    return [h for h in doc.best("busy_cue") if h.end - 1 not in names]


def busy_sentences(doc: Document) -> set[int]:
    return {doc.sentence(h.start) for h in busy_hits(doc)}


def _names_an_exercise(doc: Document, hit: Hit, named_tokens: Collection[int]) -> bool:
    """"bodyweight squats are fine", "sentadillas con peso corporal", "맨몸 스쿼트": the word
    describes a lift, not the user's inventory (it must not wipe the stored equipment)."""
    near = range(max(0, hit.start - 3), min(len(doc.tokens), hit.end + 2))
    return any(i in named_tokens for i in near if i not in range(hit.start, hit.end))


def _temporary(doc: Document) -> bool:
    """A hotel or a trip: where the user trains only for now."""
    events = LEXICON.section("event_kind")
    return doc.has("temporary_venue") or any(
        events[h.key].get("travel") for h in doc.best("event_kind"))


LOAD_TAKEN_BACK = frozenset({"not", "no", "non", "ni", "לא", "ולא"})


def _taken_back(doc: Document, load: Load) -> bool:
    """A load said not to be so: "not 50 lb", "no 50", "non 50", "ולא 50"."""
    return load.position > 0 and doc.tokens[load.position - 1].text in LOAD_TAKEN_BACK


def parse_gear(doc: Document, loads: tuple[Load, ...] = (),
               exercise_tokens: Collection[int] = (),
               named_tokens: Collection[int] = ()) -> GearFacts:
    """Gear facts; `exercise_tokens` are tokens inside exercise names (not ownership), and
    `named_tokens` those inside any exercise or exercise-family name."""
    items = [h for h in doc.best("gear_item", "full_gym", "home", "bodyweight")
             if h.section != "bodyweight" or not _names_an_exercise(doc, h, named_tokens)]
    # Busy phrases are read apart from the gear: "no incline bench free", "every rack is
    # full" wrap the gear they are about, and must not hide it.
    busy_clauses = {doc.clause(h.start) for h in busy_hits(doc)}
    all_negations = doc.best("neg_cue")
    after_negations = doc.best("neg_after_cue")
    negations = [n for n in all_negations if not _korean_only(doc, n)]
    exclusive_sentences = {doc.sentence(n.start) for n in all_negations if _korean_only(doc, n)}
    own_sentences = {doc.sentence(h.start) for h in doc.best("own_cue")} | exclusive_sentences
    list_sentences = _list_sentences(doc, items, loads) - busy_sentences(doc)
    own_sentences |= list_sentences
    home = any(h.section == "home" for h in items)
    full_gym_hits = [h for h in items if h.section == "full_gym"]
    setting_sentences = {doc.sentence(h.start) for h in items if h.section in ("home", "full_gym")}
    change_sentences = {doc.sentence(h.start) for h in doc.best("change_cue")}
    gear_tokens = {i for h in items if h.section == "gear_item" for i in range(h.start, h.end)}
    owned: set[GearTag] = set()
    extra: set[str] = set()
    removed: set[GearTag] = set()
    busy: set[GearTag] = set()
    change = False
    dumbbell_sentences: set[int] = set()
    # Overlapping negations ("pero no" + "no tiene", "ma non" + "non ho") keep one hit; the
    # other's words must not end the scope of the one kept.
    scope_tokens = gear_tokens | {i for h in doc.hits if h.section == "neg_cue"
                                  for i in range(h.start, h.end)}
    excepted = _excepted(doc, items, negations, gear_tokens)
    only_hits = doc.best("only")
    mat_only = False  # a mat is owned gear that adds no tag: alone, it is bodyweight training
    for hit in items:
        if hit.section != "gear_item":
            continue
        tags = _tags(hit)
        sentence = doc.sentence(hit.start)
        if doc.clause(hit.start) in busy_clauses and not _after_only(doc, hit, only_hits):
            # ("solo la sala macchine, i pesi liberi sono sempre pieni": what they use is not
            # what is crowded)
            busy |= tags
            continue
        if hit.start in excepted:
            owned |= tags
            if _extra(hit):
                extra.add(str(_extra(hit)))
            if GearTag.DUMBBELLS in tags:
                dumbbell_sentences.add(sentence)
            continue
        if _negated(doc, hit, negations, scope_tokens, gear_tokens) \
                or _negated_after(doc, hit, after_negations):
            removed |= tags
            change = change or sentence in change_sentences
            continue
        inside = [i in exercise_tokens for i in range(hit.start, hit.end)]
        if any(inside) and _part_of_longer_name(hit, exercise_tokens) \
                and sentence not in list_sentences:
            # (In a bare list, "ספסל ומוט מתח" is a bench and a pull-up bar, not a press.)
            continue  # "bench" in "incline bench press" names the exercise, not owned gear
        if sentence in own_sentences or sentence in setting_sentences \
                or sentence in change_sentences or _after_only(doc, hit, only_hits):
            owned |= tags
            mat_only = mat_only or not tags
            if _extra(hit):
                extra.add(str(_extra(hit)))
            change = change or sentence in change_sentences
            if GearTag.DUMBBELLS in tags:
                dumbbell_sentences.add(sentence)
    full_gym = any(
        not _negated(doc, h, negations, gear_tokens) and doc.clause(h.start) not in busy_clauses
        for h in full_gym_hits
    )
    explicit = set(owned)
    owned_sentences = {doc.sentence(h.start) for h in items if h.section == "gear_item"
                       and bool(_tags(h) & explicit)}
    only_here = any(doc.sentence(h.start) in owned_sentences for h in doc.best("only"))
    limited_gym = bool(explicit) and (bool(removed - explicit) or only_here
                                      or doc.has("limited_gym"))
    if full_gym and home and explicit:
        # "La palestra costa troppo, uso quello che ho a casa: manubri e sbarra", "non vado in
        # palestra, mi alleno a casa con due manubri": the home list is the inventory; a gym
        # named beside it may be one the user does not go to, and a plan with gear they lack
        # is the one failure to avoid (D9).
        full_gym = False
    if full_gym and limited_gym:
        # "The hotel gym has dumbbells and a bench": the list is the gym, so "gym" adds nothing
        # the user did not name (a plan with a barbell they lack is the one failure to avoid).
        full_gym = False
    if full_gym:
        # What "a gym" implies gives way to what the user says it lacks; gear they name as
        # owned stays (a contradiction in one message is theirs to resolve, not ours).
        owned |= FULL_GYM - removed
        change = change or any(doc.sentence(h.start) in change_sentences for h in full_gym_hits)
    dumbbell_loads = [load for load in loads if doc.sentence(load.position) in dumbbell_sentences]
    if not dumbbell_loads and dumbbell_sentences:
        # "I bought new dumbbells. Now they go up to 35 kg": the next sentence goes on about
        # them, unless it names other gear.
        gear_sentences = {doc.sentence(h.start) for h in items if h.section == "gear_item"}
        follow = {s + 1 for s in dumbbell_sentences} - gear_sentences
        dumbbell_loads = [load for load in loads if doc.sentence(load.position) in follow]
    # "They only go to 20 kg, not 50 lb": the load the user takes back is not the heaviest.
    dumbbell_loads = [load for load in dumbbell_loads if not _taken_back(doc, load)]
    heaviest = max(dumbbell_loads, key=lambda load: load.lbs, default=None)
    bodyweight = any(h.section == "bodyweight" for h in items) or (mat_only and not extra)
    if items and _temporary(doc):
        # The trip's gear: what is taken still matters for a swap, nothing else is kept.
        return GearFacts(busy=frozenset(busy), mentioned=True, temporary=True)
    return GearFacts(
        owned=frozenset(owned),
        removed=frozenset(removed - explicit),
        busy=frozenset(busy),
        max_dumbbell_lbs=heaviest.lbs if heaviest else None,
        dumbbell_unit=heaviest.unit if heaviest else None,
        full_gym=full_gym and not removed - explicit,
        extra=frozenset(extra),
        home=home,
        bodyweight_only=bodyweight and not owned,
        only=(doc.has("only") or bool(exclusive_sentences) or bool(excepted))
        and bool(owned or bodyweight or extra),
        change=change,
        mentioned=bool(items) or bool(removed),
    )
