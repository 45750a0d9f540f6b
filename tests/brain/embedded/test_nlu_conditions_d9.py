"""Conditions reach the plan, and pain is acute unless it is diagnosed or lasting (D9).

Fresh phrasings of issue 10's failure classes in the five languages: a named diagnosis with
a movement to avoid is a chronic condition that rules the movement out of every plan; a
slight sprain or a bare "when I do X it hurts" is an acute state with an expiry.
"""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest
from nlu_helpers import body_facts

from fitcoach.brain.ports import Locale, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import BodyPart, Pattern, Unit
from fitcoach.local.coach import LocalCoach

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)

IMPINGEMENT_NO_OVERHEAD = {
    "en": "I've got shoulder impingement so please no overhead pressing",
    "es": "Tengo pinzamiento en el hombro, nada de press por encima de la cabeza",
    "it": "ho un conflitto subacromiale alla spalla, niente distensioni sopra la testa",
    "he": "יש לי תסמונת צביטה בכתף, בלי לחיצות מעל הראש",
    "ko": "어깨 충돌 증후군이 있어서 머리 위로 드는 운동은 피하고 싶어요",
}


@pytest.mark.parametrize("language", list(IMPINGEMENT_NO_OVERHEAD))
def test_impingement_with_no_overhead_work_is_chronic_and_rules_out_vertical_pushes(
        language: str) -> None:
    [report] = body_facts(IMPINGEMENT_NO_OVERHEAD[language]).conditions
    assert report.body_part is BodyPart.SHOULDERS
    assert report.chronic
    assert report.trigger_patterns == (Pattern.VERTICAL_PUSH,)


STANDING_PROBLEMS = [
    ("en", "I have knee problems, no lunges", BodyPart.KNEES, Pattern.LUNGE),
    ("es", "tengo problemas de rodilla, nada de zancadas", BodyPart.KNEES, Pattern.LUNGE),
    ("it", "ho problemi al ginocchio, niente affondi", BodyPart.KNEES, Pattern.LUNGE),
    ("he", "יש לי בעיות בברך, בלי מכרעים", BodyPart.KNEES, Pattern.LUNGE),
    ("ko", "무릎 연골연화증이 있어서 런지는 빼 주세요", BodyPart.KNEES, Pattern.LUNGE),
    ("en", "my lower back gives me trouble, avoid deadlifts", BodyPart.LOWER_BACK,
     Pattern.HINGE),
    ("es", "tengo una hernia discal en la zona lumbar, nada de peso muerto",
     BodyPart.LOWER_BACK, Pattern.HINGE),
    ("it", "ho problemi alla schiena bassa, niente stacchi", BodyPart.LOWER_BACK, Pattern.HINGE),
    ("he", "יש לי בעיה בגב התחתון, בלי דדליפט", BodyPart.LOWER_BACK, Pattern.HINGE),
    ("ko", "허리 디스크가 있어서 데드리프트는 피하고 싶어요", BodyPart.LOWER_BACK, Pattern.HINGE),
]


@pytest.mark.parametrize(("language", "text", "part", "pattern"), STANDING_PROBLEMS)
def test_knee_and_lower_back_problems_are_chronic_with_what_they_rule_out(
        language: str, text: str, part: BodyPart, pattern: Pattern) -> None:
    reports = [c for c in body_facts(text).conditions if c.body_part is part]
    assert reports
    assert all(c.chronic for c in reports)
    assert pattern in reports[0].trigger_patterns


ACUTE = [
    ("en", "I slightly sprained my wrist", BodyPart.WRIST),
    ("es", "me hice un pequeño esguince en la muñeca", BodyPart.WRIST),
    ("it", "ho preso una leggera distorsione al polso", BodyPart.WRIST),
    ("he", "יש לי נקע קל בשורש כף היד", BodyPart.WRIST),
    ("ko", "손목을 살짝 접질렸어요", BodyPart.WRIST),
    ("en", "when I do lunges my knee hurts", BodyPart.KNEES),
    ("es", "cuando hago zancadas me duele la rodilla", BodyPart.KNEES),
    ("it", "quando faccio gli affondi mi fa male il ginocchio", BodyPart.KNEES),
    ("he", "כשאני עושה מכרעים כואבת לי הברך", BodyPart.KNEES),
    ("ko", "런지 할 때 무릎이 아파요", BodyPart.KNEES),
]


@pytest.mark.parametrize(("language", "text", "part"), ACUTE)
def test_a_slight_sprain_or_a_bare_trigger_is_acute(language: str, text: str,
                                                    part: BodyPart) -> None:
    reports = [c for c in body_facts(text).conditions if c.body_part is part]
    assert reports
    assert not any(c.chronic for c in reports)


@pytest.mark.parametrize("text", ["my knee hurts every time I do lunges",
                                  "my knee has hurt on lunges for months"])
def test_a_recurring_trigger_is_chronic(text: str) -> None:
    [report] = body_facts(text).conditions
    assert report.chronic


ONBOARDING_WITH_IMPINGEMENT = {
    "en": "Dumbbells up to 20 kg and an adjustable bench at home, 3 days a week, 45 minutes. "
          "I've got shoulder impingement so please no overhead pressing.",
    "es": "Tengo mancuernas de hasta 20 kg y un banco ajustable en casa, 3 días a la semana, "
          "45 minutos. Tengo pinzamiento en el hombro, nada de press por encima de la cabeza.",
    "it": "Ho manubri fino a 20 kg e una panca regolabile a casa, 3 giorni a settimana, 45 "
          "minuti. Ho un conflitto subacromiale alla spalla, niente spinte sopra la testa.",
    "he": "יש לי בבית משקולות יד עד 20 קילו וספסל מתכוונן, 3 ימים בשבוע, 45 דקות. "
          "יש לי תסמונת צביטה בכתף, בלי לחיצות מעל הראש.",
    "ko": "집에 20kg까지 되는 덤벨이랑 조절식 벤치가 있어요. 일주일에 3일, 45분 정도 할 수 있어요. "
          "어깨 충돌 증후군이 있어서 머리 위로 드는 운동은 피하고 싶어요.",
}


@pytest.mark.parametrize("language", list(ONBOARDING_WITH_IMPINGEMENT))
def test_the_first_week_has_no_overhead_press_for_an_impinged_shoulder(language: str) -> None:
    session = LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=Locale(language),
                                                       units=Unit.KG),
                                 brain=EmbeddedBrain(), clock=lambda: NOW)
    record = asyncio.run(session.send(ONBOARDING_WITH_IMPINGEMENT[language], now=NOW))
    [chronic] = [m.entry for m in record.memory.applied
                 if (m.entry or {}).get("category") == "chronic_condition"]
    assert chronic["body_parts"] == ["shoulders"]
    assert Pattern.VERTICAL_PUSH.value in chronic["avoid_patterns"]
    plan = record.outcome.result.proposal.data
    assert plan is not None
    slugs = {e.exercise_id for day in plan.days.values() for e in day.exercises}
    assert slugs
    assert not [s for s in slugs if CATALOG.get(s).pattern is Pattern.VERTICAL_PUSH]


@pytest.mark.parametrize(("text", "part"), [
    ("my physio says I have patellar tendinopathy", BodyPart.KNEES),
    ("ho la tendinite al gomito", BodyPart.ELBOW),
    ("tengo ciática desde el año pasado", BodyPart.LOWER_BACK),
    ("יש לי סיאטיקה", BodyPart.LOWER_BACK),
    ("슬개건염 진단을 받았어요", BodyPart.KNEES),
])
def test_a_diagnosis_names_its_part_and_is_chronic(text: str, part: BodyPart) -> None:
    reports = [c for c in body_facts(text).conditions if c.body_part is part]
    assert reports
    assert all(c.chronic for c in reports)
