"""`errors_introduced`: the one definition of the errors a plan change answers for, used by
the edit guard, the turn pipeline and the evaluation suite alike."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fitcoach.catalog.vocabulary import WEEKDAYS
from fitcoach.programming.validator import (
    Code,
    Severity,
    ValidationReport,
    Violation,
    errors_introduced,
)

violations = st.builds(
    Violation,
    code=st.sampled_from([Code.RECOVERY_48H, Code.SESSION_VOLUME_CAP, Code.EQUIPMENT_MISSING]),
    severity=st.sampled_from(Severity),
    message=st.sampled_from(["a", "b"]),
    day=st.one_of(st.none(), st.sampled_from(WEEKDAYS[:3])),
    exercise_id=st.one_of(st.none(), st.sampled_from(["goblet-squat", "push-up"])),
)
reports = st.builds(ValidationReport, violations=st.lists(violations, max_size=8).map(tuple))
changed_days = st.lists(st.sampled_from(WEEKDAYS[:3]), max_size=3, unique=True).map(tuple)


@given(after=reports, before=reports, changed=changed_days)
def test_new_errors_and_errors_on_changed_days(after: ValidationReport,
                                               before: ValidationReport,
                                               changed: tuple) -> None:
    found = errors_introduced(after, before, changed)
    old_keys = {v.key for v in before.errors}
    expected = [v for v in after.errors if v.key not in old_keys or v.day in changed]
    assert list(found) == list(dict.fromkeys(expected))
    assert all(v.severity is Severity.ERROR for v in found)
    assert len(set(found)) == len(found)


@given(after=reports, changed=changed_days)
def test_a_first_plan_answers_for_every_error(after: ValidationReport, changed: tuple) -> None:
    assert set(errors_introduced(after, None, changed)) == set(after.errors)


@given(report=reports)
def test_an_unchanged_plan_introduces_nothing(report: ValidationReport) -> None:
    assert errors_introduced(report, report) == ()
