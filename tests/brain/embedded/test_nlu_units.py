"""Each analyser alone: time, quantities, gear, body, exercises, language, tone, cues."""

from __future__ import annotations

import datetime as dt

import pytest
from nlu_helpers import body_facts, exercise_facts, gear_facts, quantity_facts, time_facts

from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.nlu import analyze
from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.brain.providers.embedded.nlu.exercises import exercise_candidates
from fitcoach.brain.providers.embedded.nlu.language import detect_language
from fitcoach.brain.providers.embedded.nlu.tone import parse_tone
from fitcoach.catalog.vocabulary import FULL_GYM, AcuteCondition, BodyPart, GearTag, Unit
from fitcoach.catalog.vocabulary import Weekday as Wd
from fitcoach.memory.entries import Tone

MONDAY = dt.date(2026, 9, 14)
D = dt.date


@pytest.mark.parametrize(("text", "days"), [
    ("Mon, Wed, Fri and Sat", [Wd.MONDAY, Wd.WEDNESDAY, Wd.FRIDAY, Wd.SATURDAY]),
    ("los lunes y los jueves", [Wd.MONDAY, Wd.THURSDAY]),
    ("del lunes al jueves", [Wd.MONDAY, Wd.TUESDAY, Wd.WEDNESDAY, Wd.THURSDAY]),
    ("Monday to Thursday", [Wd.MONDAY, Wd.TUESDAY, Wd.WEDNESDAY, Wd.THURSDAY]),
    ("da lunedì a mercoledì", [Wd.MONDAY, Wd.TUESDAY, Wd.WEDNESDAY]),
    ("월요일부터 수요일까지", [Wd.MONDAY, Wd.TUESDAY, Wd.WEDNESDAY]),
    ("월/수/금", [Wd.MONDAY, Wd.WEDNESDAY, Wd.FRIDAY]),
    ("לימי שני, רביעי, שישי ושבת", [Wd.MONDAY, Wd.WEDNESDAY, Wd.FRIDAY, Wd.SATURDAY]),
    ("ביום שלישי", [Wd.TUESDAY]),
    ("on sat", [Wd.SATURDAY]),
    ("I sat down and the sun was out", []),
    ("fri-sun", [Wd.FRIDAY, Wd.SATURDAY, Wd.SUNDAY]),
])
def test_weekdays(text: str, days: list[Wd]) -> None:
    assert list(time_facts(text, MONDAY).weekdays) == days


@pytest.mark.parametrize(("text", "date"), [
    ("this Saturday", D(2026, 9, 19)),
    ("next Monday", D(2026, 9, 21)),
    ("el próximo lunes", D(2026, 9, 21)),
    ("questo sabato", D(2026, 9, 19)),
    ("sabato prossimo", D(2026, 9, 19)),
    ("이번 주 토요일", D(2026, 9, 19)),
    ("다음 주 수요일", D(2026, 9, 23)),
    ("בשבת הקרובה", D(2026, 9, 19)),
    ("monday", D(2026, 9, 14)),
])
def test_resolved_dates(text: str, date: dt.date) -> None:
    assert time_facts(text, MONDAY).dates == (date,)


@pytest.mark.parametrize(("text", "offset"), [
    ("today", 0), ("tomorrow", 1), ("hoy", 0), ("mañana", 1), ("domani", 1), ("מחר", 1),
    ("내일", 1), ("오늘 밤", 0), ("stasera", 0),
])
def test_relative_days(text: str, offset: int) -> None:
    assert [r.offset for r in time_facts(text, MONDAY).relative] == [offset]


def test_spanish_morning_is_not_tomorrow() -> None:
    assert time_facts("entreno por la mañana", MONDAY).relative == ()


def test_week_spans() -> None:
    assert time_facts("next week", MONDAY).span == (D(2026, 9, 21), D(2026, 9, 27))
    assert time_facts("this weekend", MONDAY).span == (D(2026, 9, 19), D(2026, 9, 20))
    assert time_facts("סוף השבוע", MONDAY).span == (D(2026, 9, 19), D(2026, 9, 20))


def test_past_references() -> None:
    [mention] = time_facts("since Monday my knee hurts", D(2026, 9, 17)).days
    assert mention.reference
    assert mention.date == D(2026, 9, 14)


@pytest.mark.parametrize(("text", "minutes"), [
    ("45 minutes", 45), ("an hour", 60), ("1h30", 90), ("1 h 30 min", 90), ("45분", 45),
    ("45 דקות", 45), ("mezz'ora", 30), ("media hora", 30), ("un'ora e mezza", 90),
    ("한 시간", 60), ("1시간 반", 90), ("שעה וחצי", 90), ("90mins", 90), ("half an hour", 30),
])
def test_durations(text: str, minutes: int) -> None:
    assert time_facts(text, MONDAY).minutes == minutes


@pytest.mark.parametrize(("text", "minutes", "previous"), [
    # "da"/"de"/"from" alone introduce a session's length, not the old one...
    ("4 giorni a settimana da 45 minuti", 45, None),
    ("entreno tres días, sesiones de 50 minutos", 50, None),
    ("שלושה אימונים בשבוע מ-40 דקות", 40, None),
    # ...and mark the old value only when the new one is given too.
    ("da 45 a 30 minuti", 30, 45),
    ("de 45 a 30 minutos el lunes", 30, 45),
    ("cut it to 30 min from 45", 30, 45),
    ("45분에서 30분으로 줄여줘", 30, 45),
    ("30 minutes instead of 45", 30, 45),
])
def test_a_starting_point_is_the_old_duration_only_beside_a_new_one(
        text: str, minutes: int, previous: int | None) -> None:
    facts = time_facts(text, MONDAY)
    assert (facts.minutes, facts.previous_minutes) == (minutes, previous)


@pytest.mark.parametrize(("text", "count"), [
    ("4 days a week", 4), ("cuatro días a la semana", 4), ("tre volte a settimana", 3),
    ("ארבעה ימים בשבוע", 4), ("주 4일", 4), ("일주일에 3번", 3), ("twice a week", 2),
    ("I can train five days", 5), ("פעמיים בשבוע", 2), ("a 4-day split", 4),
])
def test_days_per_week(text: str, count: int) -> None:
    assert time_facts(text, MONDAY).days_per_week == count


def test_a_trip_length_is_not_a_frequency() -> None:
    assert time_facts("I'm away for 5 days", MONDAY).days_per_week is None


@pytest.mark.parametrize(("text", "value", "unit", "lbs"), [
    ("22 kg", 22, Unit.KG, 48.5), ("50 lb", 50, Unit.LB, 50.0), ("50lbs", 50, Unit.LB, 50.0),
    ("50 libras", 50, Unit.LB, 50.0), ("22 chili", 22, Unit.KG, 48.5),
    ("50파운드", 50, Unit.LB, 50.0), ("22 킬로", 22, Unit.KG, 48.5),
    ('22 ק"ג', 22, Unit.KG, 48.5), ("22,5 kg", 22.5, Unit.KG, 49.6),
])
def test_loads(text: str, value: float, unit: Unit, lbs: float) -> None:
    [load] = quantity_facts(text).loads
    assert (load.value, load.unit, load.lbs) == (value, unit, lbs)


@pytest.mark.parametrize(("text", "age"), [
    ("I'm 32", 32), ("tengo 32 años", 32), ("ho 32 anni", 32), ("32세", 32), ("32살이에요", 32),
    ("אני בת 32", 32), ("I'm 5 minutes away", None), ("I am 45 kg lighter", None),
])
def test_ages(text: str, age: int | None) -> None:
    assert quantity_facts(text).age == age


@pytest.mark.parametrize(("text", "owned"), [
    # A bare list of gear states what the user has (D9); a question about gear does not.
    ("an adjustable bench", {GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH}),
    ("an adjustable bench?", set()),
    ("should I buy an adjustable bench", set()),
    ("I have an adjustable bench", {GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH}),
    ("I only have a pull-up bar", {GearTag.PULL_UP_BAR}),
    ("I train at a commercial gym", set(FULL_GYM)),
    ("home gym with a squat rack, barbell and dumbbells, no bench",
     {GearTag.SQUAT_RACK, GearTag.BARBELL, GearTag.DUMBBELLS}),
    ("tengo mancuernas y una barra de dominadas", {GearTag.DUMBBELLS, GearTag.PULL_UP_BAR}),
    ("ho un bilanciere e un rack", {GearTag.BARBELL, GearTag.SQUAT_RACK}),
    ("יש לי מוט וכלוב", {GearTag.BARBELL, GearTag.SQUAT_RACK}),
    ("집에 덤벨이랑 철봉 있어", {GearTag.DUMBBELLS, GearTag.PULL_UP_BAR}),
])
def test_owned_gear(text: str, owned: set[GearTag]) -> None:
    assert gear_facts(text).owned == owned


def test_negated_gear_is_removed() -> None:
    facts = gear_facts("I have dumbbells but no barbell")
    assert facts.owned == {GearTag.DUMBBELLS}
    assert facts.removed == {GearTag.BARBELL}
    assert gear_facts("non ho il bilanciere").removed == {GearTag.BARBELL}
    assert gear_facts("바벨은 없어요").removed == {GearTag.BARBELL}


def test_bodyweight_only() -> None:
    facts = gear_facts("I train at home with just my bodyweight")
    assert facts.bodyweight_only
    assert facts.home
    assert facts.owned == frozenset()


@pytest.mark.parametrize("text", [
    "the bench is taken", "el banco está ocupado", "la panchina è occupata", "הספסל תפוס",
    "벤치에 사람이 앉아 있어",
])
def test_busy_gear(text: str) -> None:
    facts = gear_facts(text)
    assert facts.busy == {GearTag.FLAT_BENCH}
    assert facts.owned == frozenset()


@pytest.mark.parametrize(("text", "busy"), [
    ("המתקן של הסקוואט תפוס, מה לעשות במקום סקוואט?", GearTag.SQUAT_RACK),
    ("הראק תפוס", GearTag.SQUAT_RACK),
    ("벤치 자리가 다 찼어요 ㅠ", GearTag.FLAT_BENCH),
    ("케이블 머신 다 찼네요", GearTag.CABLE_MACHINE),
    ("tutti i bilancieri sono occupati", GearTag.BARBELL),
    ("todas las jaulas están ocupadas", GearTag.SQUAT_RACK),
])
def test_taken_gear_is_busy_and_no_tight_muscle(text: str, busy: GearTag) -> None:
    assert gear_facts(text).busy == {busy}
    assert body_facts(text).conditions == ()


def test_taken_is_a_condition_when_it_says_so_of_a_body_part() -> None:
    [report] = body_facts("הגב שלי תפוס").conditions
    assert report.body_part is BodyPart.BACK
    # "The squat is taken": an exercise, no body part, so the squat rack, not a stiff body.
    assert body_facts("הסקוואט תפוס").conditions == ()


def test_korean_polite_request_endings_are_not_a_week_and_a_number() -> None:
    facts = time_facts("운동 추천해 주세요", MONDAY)
    assert (facts.days_per_week, facts.counts) == (None, ())


@pytest.mark.parametrize(("text", "lbs"), [
    ("덤벨 새로 샀어. 이제 최대 35kg까지 있어", 77.2),
    ("I bought new dumbbells. They go up to 30 kg now.", 66.1),
    ("קניתי משקולות חדשות, עכשיו יש לי עד 30 קילו", 66.1),
])
def test_a_dumbbell_limit_in_the_next_sentence(text: str, lbs: float) -> None:
    facts = gear_facts(text)
    assert GearTag.DUMBBELLS in facts.owned
    assert facts.change
    assert facts.max_dumbbell_lbs == pytest.approx(lbs, abs=0.1)


def test_a_load_next_to_other_gear_is_not_the_dumbbell_limit() -> None:
    assert gear_facts("I bought new dumbbells. The barbell goes to 100 kg").max_dumbbell_lbs \
        is None


@pytest.mark.parametrize(("text", "part", "condition"), [
    # A stiffness or pain with no body word in its sentence is about the part named before...
    ("허리를 살짝 삐끗했어요. 아직 좀 뻐근해요", BodyPart.LOWER_BACK, AcuteCondition.MINOR_STRAIN),
    ("I tweaked my lower back yesterday. Still stiff today.", BodyPart.LOWER_BACK,
     AcuteCondition.MINOR_STRAIN),
    # ...and a back that "locked up" lifting a box is a strain, not soreness.
    ("ieri mi sono bloccato con la schiena sollevando uno scatolone, è ancora rigida",
     BodyPart.BACK, AcuteCondition.MINOR_STRAIN),
    ("mi si è bloccata la schiena", BodyPart.BACK, AcuteCondition.MINOR_STRAIN),
    ("se me bloqueó la espalda", BodyPart.BACK, AcuteCondition.MINOR_STRAIN),
    ("I threw my back out", BodyPart.BACK, AcuteCondition.MINOR_STRAIN),
    # Soreness and tiredness with no body word at all are the whole body's.
    ("I'm sore all over", BodyPart.WHOLE_BODY, AcuteCondition.SORENESS),
])
def test_a_condition_finds_its_body_part(text: str, part: BodyPart,
                                         condition: AcuteCondition) -> None:
    [report] = body_facts(text).conditions
    assert (report.body_part, report.condition) == (part, condition)


@pytest.mark.parametrize("text", ["so stiff today", "it hurts a bit", "아직 좀 결려요"])
def test_no_whole_body_strain_is_invented_from_a_sentence_naming_no_body_part(text: str) -> None:
    assert body_facts(text).conditions == ()


@pytest.mark.parametrize(("text", "part", "condition", "chronic"), [
    ("my lower back bothers me on heavy deadlifts", BodyPart.LOWER_BACK,
     AcuteCondition.MINOR_STRAIN, True),
    ("I have a bad knee", BodyPart.KNEES, AcuteCondition.MINOR_STRAIN, True),
    ("old shoulder injury", BodyPart.SHOULDERS, AcuteCondition.MINOR_STRAIN, True),
    ("my quads are sore today", BodyPart.QUADS, AcuteCondition.SORENESS, False),
    ("tengo agujetas en los gemelos", BodyPart.CALVES, AcuteCondition.SORENESS, False),
    ("ho i femorali indolenziti", BodyPart.HAMSTRINGS, AcuteCondition.SORENESS, False),
    ("יש לי כאב בגב התחתון היום", BodyPart.LOWER_BACK, AcuteCondition.MINOR_STRAIN, False),
    ("허리가 결려", BodyPart.LOWER_BACK, AcuteCondition.MINOR_STRAIN, False),
    ("my hamstrings are tight", BodyPart.HAMSTRINGS, AcuteCondition.SORENESS, False),
    ("I'm wiped out", BodyPart.WHOLE_BODY, AcuteCondition.FATIGUE, False),
    # D9: a bare trigger is acute; a heavy load or a recurring word makes it a standing rule.
    ("my knee hurts when I squat", BodyPart.KNEES, AcuteCondition.MINOR_STRAIN, False),
    ("my knee hurts when I squat heavy", BodyPart.KNEES, AcuteCondition.MINOR_STRAIN, True),
    ("my knee hurts every time I squat", BodyPart.KNEES, AcuteCondition.MINOR_STRAIN, True),
    ("my knee hurt today when I squatted", BodyPart.KNEES, AcuteCondition.MINOR_STRAIN, False),
])
def test_conditions(text: str, part: BodyPart, condition: AcuteCondition, chronic: bool) -> None:
    [report] = body_facts(text).conditions
    assert (report.body_part, report.condition, report.chronic) == (part, condition, chronic)


@pytest.mark.parametrize(("text", "part"), [
    ("espalda baja", BodyPart.LOWER_BACK), ("zona lumbar", BodyPart.LOWER_BACK),
    ("lombare", BodyPart.LOWER_BACK), ("גב תחתון", BodyPart.LOWER_BACK),
    ("허리", BodyPart.LOWER_BACK), ("lats", BodyPart.UPPER_BACK), ("quads", BodyPart.QUADS),
    ("forearms", BodyPart.FOREARMS), ("팔뚝", BodyPart.FOREARMS), ("האמות", BodyPart.FOREARMS),
])
def test_body_words(text: str, part: BodyPart) -> None:
    assert [p for m in body_facts(text).mentions for p in m.parts] == [part]


def test_resolution_is_not_a_complaint() -> None:
    facts = body_facts("ya no me duele la espalda")
    assert facts.conditions == ()
    assert [r.body_part for r in facts.resolved] == [BodyPart.BACK]


def test_avoid_facts() -> None:
    avoid = body_facts("no overhead work and nothing heavy on incline").avoid
    assert avoid.overhead
    assert avoid.heavy_only
    assert avoid.exercises == ("incline-db-bench-press",)


@pytest.mark.parametrize(("text", "slug"), [
    ("press de banca inclinado con mancuernas", "incline-db-bench-press"),
    ("dumbbell rows", "single-arm-db-row"),
    ("덤벨 로우", "single-arm-db-row"),
    ("inclne dumbel press", "incline-db-bench-press"),
    ("bench press incline dumbbell", "incline-db-bench-press"),
    ("the lat pulldown", "lat-pulldown"),
    ("stacchi rumeni con manubri", "db-romanian-deadlift"),
    ("שכיבות סמיכה", "push-up"),
    ("face-pulls", "face-pull"),
    ("skullcrushers", "skull-crusher"),
    ("인클라인덤벨벤치프레스", "incline-db-bench-press"),
])
def test_exercise_mentions(text: str, slug: str) -> None:
    assert exercise_facts(text).slugs == (slug,)


@pytest.mark.parametrize("text", ["dumbbells", "the bench", "press", "my back", "a barbell"])
def test_no_exercise_is_invented_from_gear_or_generic_words(text: str) -> None:
    assert exercise_facts(text).slugs == ()


@pytest.mark.parametrize("text", ["quita las aperturas del lunes", "sácame las aperturas",
                                  "togli le croci", "תוריד את הפרפר", "플라이 빼줘",
                                  "drop the flyes"])
def test_a_bare_family_word_is_a_family_mention_never_an_invented_exercise(text: str) -> None:
    facts = exercise_facts(text)
    assert facts.slugs == ()
    [family] = facts.families
    assert family.head == "fly"
    assert {"db-chest-flye", "cable-chest-flye"} <= set(family.slugs)
    # In context: the one flye a day holds, none when it holds two.
    assert family.resolve(["cable-chest-flye", "push-up"]) == "cable-chest-flye"
    assert family.resolve(["push-up"]) is None
    assert family.resolve(["cable-chest-flye", "db-chest-flye"]) is None


def test_a_family_word_with_its_modifier_is_the_exercise() -> None:
    facts = exercise_facts("quita las aperturas en polea")
    assert (facts.slugs, facts.families) == (("cable-chest-flye",), ())


def test_a_family_word_takes_its_swap_role() -> None:
    facts = exercise_facts("cambia las aperturas por flexiones")
    assert facts.wanted == "push-up"
    assert facts.family_out is not None
    assert facts.family_out.head == "fly"


def test_swap_roles() -> None:
    facts = exercise_facts("replace squats with leg press")
    assert (facts.out, facts.wanted) == ("barbell-back-squat", "leg-press")
    facts = exercise_facts("can I do pull-ups instead of lat pulldowns?")
    assert (facts.out, facts.wanted) == ("lat-pulldown", "pull-up")
    facts = exercise_facts("스쿼트 대신 레그 프레스")
    assert (facts.out, facts.wanted) == ("barbell-back-squat", "leg-press")


def test_candidates_rank_but_never_invent() -> None:
    candidates = exercise_candidates("incline press")
    assert candidates[0].slug == "incline-db-bench-press"
    assert all(c.score < candidates[0].score for c in candidates[1:])


@pytest.mark.parametrize(("text", "locale", "language", "reply"), [
    ("What can I do instead of squats?", Locale.ES, Locale.EN, Locale.EN),
    ("¿Qué puedo hacer en lugar de sentadillas hoy?", Locale.EN, Locale.ES, Locale.ES),
    ("Cosa posso fare al posto dello squat oggi?", Locale.EN, Locale.IT, Locale.IT),
    ("מה אפשר לעשות במקום סקוואט?", Locale.EN, Locale.HE, Locale.HE),
    ("스쿼트 대신 뭐 해?", Locale.EN, Locale.KO, Locale.KO),
    ("ok", Locale.KO, Locale.KO, Locale.KO),
    ("👍", Locale.HE, Locale.HE, Locale.HE),
])
def test_language(text: str, locale: Locale, language: Locale, reply: Locale) -> None:
    facts = detect_language(Document.of(text), locale)
    assert (facts.language, facts.reply_language) == (language, reply)


@pytest.mark.parametrize(("text", "tone"), [
    ("be tough on me", Tone.TOUGH_LOVE), ("go easy on me", Tone.GENTLE),
    ("give me the science", Tone.SCIENTIFIC), ("keep it short", Tone.BRIEF),
    ("sé duro conmigo", Tone.TOUGH_LOVE), ("vacci piano con me", Tone.GENTLE),
    ("תהיה קשוח איתי", Tone.TOUGH_LOVE), ("짧게 해줘", Tone.BRIEF),
])
def test_tone_requests(text: str, tone: Tone) -> None:
    assert parse_tone(Document.of(text)).requested is tone


def test_cues() -> None:
    cues = analyze("why should I do face pulls?", today=MONDAY, locale=Locale.EN).cues
    assert cues.why
    assert cues.question
    cues = analyze("perché", today=MONDAY, locale=Locale.IT).cues
    assert not cues.why  # "perché" without a question is "because"
    cues = analyze("what's my best bench? 1RM?", today=MONDAY, locale=Locale.EN).cues
    assert cues.records
    cues = analyze("지난 3주 동안의 거래량은?", today=MONDAY, locale=Locale.KO).cues
    assert cues.volume
    assert cues.weeks_back == 3
    cues = analyze("make me a plan", today=MONDAY, locale=Locale.EN).cues
    assert cues.plan_request
