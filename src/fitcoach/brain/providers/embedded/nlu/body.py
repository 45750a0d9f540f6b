"""Body parts, complaints and what to keep away from.

Rules, clause by clause (clauses end at sentence marks and at "but / pero / ma / אבל / -는데"):
- a condition word attaches to the body words of its clause (else the nearest of its sentence;
  else, unless it says tired, the last body word named before it: "I tweaked my lower back.
  Still stiff"); with no body word at all, only soreness and tiredness are whole-body, and a
  word that also means "taken" ("תפוס") next to gear or an exercise is about the gear.
  Its class decides the seed's Tier 2 condition: strain words → minor_strain,
  soreness words → soreness, fatigue words → fatigue; pain and tightness are a strain on a joint
  (shoulder, knee, lower back…) and soreness on a muscle. Several words on one part: the most
  serious wins (minor_strain > soreness > fatigue).
- chronic vs acute: a strong chronic cue ("old injury", "bad knee", "always", "hernia") or a
  named diagnosis ("impingement", "knee problems", "pinzamiento", "충돌 증후군") makes it
  chronic; a recurring cue ("bothers me on heavy deadlifts", "every time", "da mesi", "때마다")
  or a complaint said as a trait of the part ("my lower back hates heavy deadlifts", "my knees
  are bad", "무릎이 안 좋아요", "la rodilla mal") makes it chronic unless the sentence also
  dates it ("today", "since yesterday", "after Monday's session"); anything else is acute,
  including a bare trigger ("when I do lunges my knee hurts") and a slight sprain.
- a negated condition ("not sore") is no complaint; in a clause that says it is over ("fine
  now", "ya no me duele", "다 나았어") it becomes a *resolution*;
- in a sentence that asks to keep parts fresh for an event ("make sure my back isn't fried"),
  body words are parts to *protect* and condition words are no complaint;
- a clause with an avoid cue ("no overhead work", "nothing heavy on incline", "no debería hacer
  press militar") lists patterns, exercises and whether only heavy work is meant, and the body
  parts it keeps out ("keep my shoulders out of Thursday", "sin hombros el jueves").
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.faults import FormFault, parse_faults
from fitcoach.brain.providers.embedded.nlu.lexicon import LEXICON, Hit
from fitcoach.brain.providers.embedded.nlu.time import TimeFacts
from fitcoach.catalog.registry import default_catalog
from fitcoach.catalog.vocabulary import AcuteCondition, BodyPart, MuscleGroup, Pattern

Side = str  # "left" | "right"
_SEVERITY = {AcuteCondition.MINOR_STRAIN: 3, AcuteCondition.SORENESS: 2, AcuteCondition.FATIGUE: 1}
_SIDE_AFTER_LANGS = ("es", "it", "he")


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True)


class BodyMention(_Model):
    term: str
    parts: tuple[BodyPart, ...]
    groups: tuple[MuscleGroup, ...]
    side: Side | None = None
    position: int
    clause: int
    sentence: int


class ConditionReport(_Model):
    body_part: BodyPart
    condition: AcuteCondition
    side: Side | None = None
    chronic: bool = False
    dated: bool = False  # "today", "since yesterday": the sentence says when it started
    trigger_exercises: tuple[str, ...] = ()  # "bothers me on heavy deadlifts"
    trigger_patterns: tuple[Pattern, ...] = ()
    heavy_only: bool = False


class AvoidFacts(_Model):
    patterns: tuple[Pattern, ...] = ()
    exercises: tuple[str, ...] = ()
    body_parts: tuple[BodyPart, ...] = ()  # "no shoulder work", "sin hombros", "어깨 운동 빼"
    positions: tuple[int, ...] = ()  # where those body words are (no day focus, no priority)
    overhead: bool = False
    heavy_only: bool = False

    @property
    def any(self) -> bool:
        return bool(self.patterns or self.exercises or self.body_parts or self.overhead)


class Resolution(_Model):
    body_part: BodyPart | None = None
    condition: AcuteCondition | None = None


class BodyFacts(_Model):
    mentions: tuple[BodyMention, ...] = ()
    conditions: tuple[ConditionReport, ...] = ()
    avoid: AvoidFacts = AvoidFacts()
    resolved: tuple[Resolution, ...] = ()
    protect: tuple[BodyPart, ...] = ()
    faults: tuple[FormFault, ...] = ()  # "my knees cave in": a technique question

    @property
    def acute(self) -> tuple[ConditionReport, ...]:
        return tuple(c for c in self.conditions if not c.chronic)

    @property
    def chronic(self) -> tuple[ConditionReport, ...]:
        return tuple(c for c in self.conditions if c.chronic)

    @property
    def groups(self) -> tuple[MuscleGroup, ...]:
        seen: list[MuscleGroup] = []
        for mention in self.mentions:
            seen.extend(g for g in mention.groups if g not in seen)
        return tuple(seen)


class ExerciseSpan(_Model):
    """What body analysis needs of an exercise mention."""

    slug: str
    start: int
    end: int
    family: tuple[str, ...] = ()  # a generic name ("deadlifts"): every member it may mean


def _triggers(spans: Sequence[ExerciseSpan], heavy: bool) -> tuple[str, ...]:
    """The exercises a lasting complaint is about. "Heavy deadlifts" names the heavy members
    of the family (the barbell deadlifts), not the light dumbbell hinge."""
    slugs: list[str] = []
    for span in spans:
        heavy_members = [m for m in span.family if default_catalog().get(m).heavy_compound]
        slugs += heavy_members if heavy and heavy_members else [span.slug]
    return tuple(dict.fromkeys(slugs))


def _side(doc: Document, hit: Hit, sides: list[Hit]) -> Side | None:
    for side in sides:
        if side.end == hit.start:
            return side.key
        if side.start == hit.end and side.lang in _SIDE_AFTER_LANGS:
            return side.key
    return None


def _mentions(doc: Document) -> list[BodyMention]:
    sides = doc.best("side")
    section = LEXICON.section("body_term")
    # "Push thursday's workout back": a word inside a move phrase is no body part.
    moving = {i for h in doc.best("move_days") for i in range(h.start, h.end)}
    return [
        BodyMention(
            term=hit.key,
            parts=tuple(BodyPart(p) for p in section[hit.key]["parts"]),
            groups=tuple(MuscleGroup(g) for g in section[hit.key].get("groups") or ()),
            side=_side(doc, hit, sides),
            position=hit.start,
            clause=doc.clause(hit.start),
            sentence=doc.sentence(hit.start),
        )
        for hit in doc.best("body_term") if hit.start not in moving
    ]


_LASTING_CLASSES = frozenset({"aversion", "lasting"})
_DIAGNOSIS = "diagnosis"  # "impingement", "knee problems": chronic whatever the sentence dates


def _condition_of(hit: Hit, joint: bool) -> AcuteCondition:
    kind = _class_of(hit)
    if kind in ("strain", _DIAGNOSIS) or (kind in ("pain", "tight", *_LASTING_CLASSES)
                                          and joint):
        return AcuteCondition.MINOR_STRAIN
    if kind == "fatigue":
        return AcuteCondition.FATIGUE
    return AcuteCondition.SORENESS


def _negated(doc: Document, hit: Hit, negations: list[Hit]) -> bool:
    for neg in negations:
        if doc.clause(neg.start) != doc.clause(hit.start):
            continue
        if 0 <= hit.start - neg.end <= 2 and neg.lang != "ko":
            return True
        if neg.lang == "ko" and 0 <= neg.start - hit.end <= 2:
            return True
    return False


def _targets(mentions: list[BodyMention], hit: Hit, doc: Document,
             settled: set[int]) -> list[BodyMention]:
    """The body words a condition word is about: its clause's, else the nearest in its
    sentence, else (for anything but tiredness) the last one named before it, as in "I tweaked
    my lower back. Still stiff" — never one in a clause that says it is fine (`settled`)."""
    clause = [m for m in mentions if m.clause == doc.clause(hit.start)]
    if _class_of(hit) == "aversion":  # the part is the subject: "my lower back hates …"
        return [m for m in clause if m.position < hit.start]
    if clause:
        return clause
    sentence = [m for m in mentions if m.sentence == doc.sentence(hit.start)]
    if sentence:
        nearest = min(sentence, key=lambda m: abs(m.position - hit.start))
        return [nearest]
    if _class_of(hit) not in ("fatigue", _DIAGNOSIS):
        earlier = [m for m in mentions if m.position < hit.start and m.clause not in settled]
        if earlier:
            return [earlier[-1]]
    return []


# Korean 당기다 is both "feels tight" ("팔꿈치가 당겨요") and "to pull": asked "where to" or with
# an object particle ("팔꿈치 어디로 당겨요", "팔꿈치를 당겨요") it is the pull of a rep.
_KOREAN_PULL_VERBS = ("당겨", "당기", "땡겨")
_KOREAN_PULL_ASKED = ("어디로", "어디까지", "어떻게", "끝까지", "쪽으로")
_KOREAN_OBJECT_PARTICLES = ("을", "를")


def _korean_pull_of_a_rep(doc: Document, hit: Hit) -> bool:
    if hit.lang != "ko" or _class_of(hit) != "tight" or hit.start == 0:
        return False
    if not doc.tokens[hit.start].text.startswith(_KOREAN_PULL_VERBS):
        return False
    # The tokenizer splits some particles off ("어디", "로"): read the two tokens before.
    before = "".join(t.text for t in doc.tokens[max(0, hit.start - 2):hit.start])
    return before.endswith(_KOREAN_PULL_ASKED) or before.endswith(_KOREAN_OBJECT_PARTICLES)


def _class_of(hit: Hit) -> str:
    return str(LEXICON.section("condition_word")[hit.key]["class"])


def _is_joint(mention: BodyMention | None) -> bool:
    if mention is None:
        return False
    return bool(LEXICON.section("body_term")[mention.term].get("joint"))


def _dated_sentences(doc: Document, time: TimeFacts) -> set[int]:
    dated = {r.sentence for r in time.relative if r.offset in (0, -1)}
    dated |= {d.sentence for d in time.days if d.reference}
    dated |= {doc.sentence(h.start) for h in doc.best("acute_cue")}
    return dated


def _movement_facts(doc: Document, hits: Sequence[Hit]) -> tuple[list[Pattern], list[str], bool]:
    patterns: list[Pattern] = []
    exercises: list[str] = []
    overhead = False
    section = LEXICON.section("movement")
    # "Press overhead" / "distensioni sopra la testa": the overhead words say which presses.
    said_overhead = any(section[h.key].get("overhead") for h in hits)
    for hit in hits:
        meta = section[hit.key]
        if said_overhead and hit.key == "pressing":
            continue
        for name in meta.get("patterns") or ():
            if Pattern(name) not in patterns:
                patterns.append(Pattern(name))
        exercises.extend(e for e in meta.get("exercises") or () if e not in exercises)
        overhead = overhead or bool(meta.get("overhead"))
    return patterns, exercises, overhead


def parse_body(doc: Document, time: TimeFacts, exercises: Sequence[ExerciseSpan] = (),
               event_present: bool = False) -> BodyFacts:
    # "My calves are back to normal": the "back" of a resolution is no body part.
    cue_tokens = {i for h in doc.best("resolution_cue") for i in range(h.start, h.end)}
    mentions = [m for m in _mentions(doc) if m.position not in cue_tokens]
    faults = parse_faults(doc, [(m.position, m.parts) for m in mentions],
                          {i for e in exercises for i in range(e.start, e.end)})
    fault_sentences = {f.sentence for f in faults}
    # "My knees cave in, is that a problem?": a question about a rep, not a diagnosis told.
    conditions = [h for h in doc.best("condition_word")
                  if (doc.sentence(h.start) not in fault_sentences
                      or _class_of(h) not in ("diagnosis", "aversion"))
                  and not _korean_pull_of_a_rep(doc, h)]
    negations = doc.best("condition_negation")
    busy = doc.best("busy_cue")
    busy_clauses = {doc.clause(h.start) for h in busy}
    busy_tokens = {i for h in busy for i in range(h.start, h.end)}
    gear_clauses = {doc.clause(h.start) for h in doc.best("gear_item")}
    exercise_clauses = {doc.clause(e.start) for e in exercises}
    body_clauses = {m.clause for m in mentions}
    protect_sentences = (
        {doc.sentence(h.start) for h in doc.best("protect_cue")} if event_present else set()
    )
    resolution_clauses = {doc.clause(h.start) for h in doc.best("resolution_cue")}
    strong_chronic = {doc.sentence(h.start) for h in doc.best("chronic_cue") if h.key == "strong"}
    heavy_sentences = {doc.sentence(h.start) for h in doc.best("heavy")}
    # A trigger is a standing rule only about a kind of load ("bothers me on heavy deadlifts",
    # "si hago peso muerto pesado"); "when I do lunges my knee hurts" alone is acute.
    conditional = {doc.sentence(h.start) for h in doc.best("chronic_cue")
                   if h.key == "recurring"
                   or (h.key == "trigger" and doc.sentence(h.start) in heavy_sentences)}
    dated = _dated_sentences(doc, time)
    movements = doc.best("movement")
    heavy_clauses = {doc.clause(h.start) for h in doc.best("heavy")}

    reports: dict[tuple[BodyPart, bool], ConditionReport] = {}
    report_sentences: dict[tuple[BodyPart, bool], int] = {}
    resolved: list[Resolution] = []
    for hit in conditions:
        clause, sentence = doc.clause(hit.start), doc.sentence(hit.start)
        if sentence in protect_sentences:
            continue
        if clause in busy_clauses and clause in gear_clauses:
            continue  # "הספסל תפוס": the bench is taken, not a tight back
        if hit.start in busy_tokens and clause in exercise_clauses \
                and clause not in body_clauses:
            continue  # "הסקוואט תפוס": the squat (rack) is taken
        targets = _targets(mentions, hit, doc, resolution_clauses)
        if clause in resolution_clauses:
            named = [(p, m) for m in targets for p in m.parts]
            for part, mention in named if named else [(None, None)]:
                resolved.append(Resolution(body_part=part,
                                           condition=_condition_of(hit, _is_joint(mention))))
            continue
        if _negated(doc, hit, negations):
            continue
        lasting = sentence in conditional or _class_of(hit) in _LASTING_CLASSES
        chronic = sentence in strong_chronic or _class_of(hit) == _DIAGNOSIS \
            or (lasting and sentence not in dated)
        clause_exercises = _triggers([e for e in exercises if doc.clause(e.start) == clause],
                                     heavy=clause in heavy_clauses)
        # A lasting complaint rules out what its sentence says to avoid ("pinzamiento en el
        # hombro, nada de press por encima de la cabeza"), not only its own clause.
        clause_moves = [m for m in movements if doc.clause(m.start) == clause
                        or (chronic and doc.sentence(m.start) == sentence)]
        patterns, move_exercises, _ = _movement_facts(doc, clause_moves)
        triggers = tuple(dict.fromkeys(clause_exercises + tuple(move_exercises))) if chronic else ()
        if not targets and _class_of(hit) not in ("soreness", "fatigue"):
            continue  # "stiff", "it hurts" with no body part named anywhere: not whole-body
        for mention in targets if targets else [None]:
            condition = _condition_of(hit, _is_joint(mention))
            parts = mention.parts if mention else (BodyPart.WHOLE_BODY,)
            for part in parts:
                key = (part, chronic)
                previous = reports.get(key)
                if previous and _SEVERITY[previous.condition] >= _SEVERITY[condition]:
                    continue
                reports[key] = ConditionReport(
                    body_part=part,
                    condition=condition,
                    side=mention.side if mention else None,
                    chronic=chronic,
                    dated=sentence in dated,
                    trigger_exercises=triggers,
                    trigger_patterns=tuple(patterns) if chronic else (),
                    heavy_only=chronic and clause in heavy_clauses,
                )
                report_sentences[key] = sentence
    # "I have shoulder impingement, overhead pressing bothers it": the pain word says what
    # sets the standing condition off, in its sentence; it is no strain of today as well.
    for (part, chronic), report in list(reports.items()):
        standing = report_sentences.get((part, True))
        if not chronic and not report.dated and standing is not None \
                and report_sentences[(part, False)] == standing:
            del reports[(part, False)]
    # "I have a bad knee", "old shoulder injury": lasting, even with no condition word.
    condition_clauses = {doc.clause(h.start) for h in conditions}
    for mention in mentions:
        if mention.sentence in strong_chronic and mention.clause not in condition_clauses \
                and mention.clause not in resolution_clauses \
                and mention.sentence not in protect_sentences:
            for part in mention.parts:
                reports.setdefault((part, True), ConditionReport(
                    body_part=part, condition=AcuteCondition.MINOR_STRAIN, side=mention.side,
                    chronic=True,
                ))
    # "My shoulder is 100% fine now": a resolution with no condition word.
    for mention in mentions:
        if mention.clause in resolution_clauses and not any(
            r.body_part in mention.parts for r in resolved
        ):
            resolved.extend(Resolution(body_part=p) for p in mention.parts)

    protect: list[BodyPart] = []
    for mention in mentions:
        if mention.sentence in protect_sentences:
            protect.extend(p for p in mention.parts if p not in protect)

    return BodyFacts(
        mentions=tuple(mentions),
        conditions=tuple(reports.values()),
        avoid=_avoid(doc, exercises, movements, heavy_clauses, resolution_clauses,
                     _avoided(doc, mentions, condition_clauses, exercises)),
        resolved=tuple(dict.fromkeys(resolved)),
        protect=tuple(protect),
        faults=faults,
    )


_AVOID_REACH = 2  # tokens between an avoid word and the body word it keeps out
_VERB_FINAL = frozenset({"ko"})  # "어깨 운동 빼 줘": the avoid word follows


def _avoided(doc: Document, mentions: Sequence[BodyMention], condition_clauses: set[int],
             exercises: Sequence[ExerciseSpan] = ()) -> list[BodyMention]:
    """Body words the message keeps out ("keep my shoulders out of Thursday", "no shoulder
    work", "sin hombros", "בלי כתפיים", "어깨 운동 빼 줘"): an avoid word right before the body
    word (right after it in Korean), or around it ("keep … out"). A clause that reports a
    condition ("no pain in my shoulder") is a complaint, not a request, and a body word inside
    an exercise's name ("drop the shoulder press") is the exercise."""
    cues = doc.best("avoid_cue")
    named = {i for e in exercises for i in range(e.start, e.end)}
    found: list[BodyMention] = []
    for mention in mentions:
        if mention.clause in condition_clauses or mention.position in named:
            continue
        for cue in cues:
            if doc.clause(cue.start) != mention.clause:
                continue
            around = cue.start < mention.position < cue.end - 1
            before = 0 <= mention.position - cue.end <= _AVOID_REACH
            after = cue.lang in _VERB_FINAL and 0 <= cue.start - mention.position <= \
                _AVOID_REACH + 1
            if around or before or after:
                found.append(mention)
                break
    return found


def _avoid(doc: Document, exercises: Sequence[ExerciseSpan], movements: list[Hit],
           heavy_clauses: set[int], resolution_clauses: set[int],
           avoided: Sequence[BodyMention] = ()) -> AvoidFacts:
    avoid_clauses = {doc.clause(h.start) for h in doc.best("avoid_cue")} - resolution_clauses
    if not avoid_clauses:
        return AvoidFacts()
    kept_out = [m for m in avoided if m.clause in avoid_clauses]
    parts = tuple(dict.fromkeys(p for m in kept_out for p in m.parts))
    moves = [m for m in movements if doc.clause(m.start) in avoid_clauses]
    patterns, move_exercises, overhead = _movement_facts(doc, moves)
    named = [e.slug for e in exercises if doc.clause(e.start) in avoid_clauses]
    slugs = tuple(dict.fromkeys(named + move_exercises))
    return AvoidFacts(
        patterns=tuple(patterns),
        exercises=slugs,
        body_parts=parts,
        positions=tuple(m.position for m in kept_out),
        overhead=overhead,
        heavy_only=bool(avoid_clauses & heavy_clauses) and bool(patterns or slugs or overhead),
    )
