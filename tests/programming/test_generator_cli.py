"""`fitcoach plan`: options in, a readable week or the seed's JSON out."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from fitcoach.cli import app
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.validator import validate_week_document

runner = CliRunner()
SEED_WEEK = ["--week-start", "2026-09-14"]


def test_json_is_the_seeds_weekly_plan_and_passes_the_validator() -> None:
    result = runner.invoke(app, ["plan", "--json", "--max-dumbbell", "22kg", "--priority",
                                 "chest,delts", "--condition", "lower_back", *SEED_WEEK])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    plan = WeeklyPlan.model_validate(document)
    assert plan.week_start_date.isoformat() == "2026-09-14"
    assert [d.weekday.value for d in plan.training_days] == ["monday", "tuesday", "thursday",
                                                              "friday"]
    assert validate_week_document(document).errors == ()


def test_the_readable_week_shows_days_blocks_and_the_headline() -> None:
    result = runner.invoke(app, ["plan", "--days", "mon,wed,fri", "--gear", "full-gym",
                                 "--minutes", "60", *SEED_WEEK])
    assert result.exit_code == 0, result.output
    assert "Generated 3-Day Full Gym Split (Mon/Wed/Fri) • Full Body Focus" in result.output
    assert "Monday 2026-09-14" in result.output
    assert "Primary Compound" in result.output


def test_bodyweight_only_reports_its_gaps() -> None:
    result = runner.invoke(app, ["plan", "--gear", "bodyweight", "--days", "3", *SEED_WEEK])
    assert result.exit_code == 0, result.output
    assert "gap:" in result.output
    assert "dumbbells would unlock" in result.output


def test_kilograms_show_loads_in_kilograms_and_day_focus_is_honoured() -> None:
    result = runner.invoke(app, ["plan", "--days", "mon,wed,fri,sat", "--focus",
                                 "saturday=arms_shoulders", "--unit", "kg", "--language", "it",
                                 "--json", *SEED_WEEK])
    assert result.exit_code == 0, result.output
    saturday = json.loads(result.output)["days"]["saturday"]
    assert saturday["title"].startswith("Braccia e spalle")


def test_unknown_options_are_refused_with_the_known_values() -> None:
    result = runner.invoke(app, ["plan", "--gear", "laser", *SEED_WEEK])
    assert result.exit_code == 2
    assert "full-gym" in result.output


def test_a_week_start_that_is_not_a_date_is_refused_without_a_traceback() -> None:
    result = runner.invoke(app, ["plan", "--week-start", "2026-13-01"])
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "'2026-13-01' is not a date written YYYY-MM-DD" in result.output


def test_any_day_of_a_week_stands_for_its_monday() -> None:
    result = runner.invoke(app, ["plan", "--json", "--week-start", "2026-09-17"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["week_start_date"] == "2026-09-14"


def test_an_unsupported_language_is_refused() -> None:
    result = runner.invoke(app, ["plan", "--language", "xx", *SEED_WEEK])
    assert result.exit_code == 2
    assert "unsupported language 'xx'" in result.output
    assert "en, es, it, he, ko" in result.output


def test_an_ambiguous_or_unknown_day_is_refused() -> None:
    ambiguous = runner.invoke(app, ["plan", "--days", "mon,t", *SEED_WEEK])
    assert ambiguous.exit_code == 2
    assert "ambiguous day 't': tuesday or thursday" in ambiguous.output
    unknown = runner.invoke(app, ["plan", "--days", "monkey", *SEED_WEEK])
    assert unknown.exit_code == 2
    assert "unknown day 'monkey'" in unknown.output


def test_short_unambiguous_days_are_read() -> None:
    result = runner.invoke(app, ["plan", "--json", "--days", "mo,th,sa", *SEED_WEEK])
    assert result.exit_code == 0, result.output
    days = json.loads(result.output)["days"]
    assert [name for name, day in days.items() if not day["is_rest_day"]] == [
        "monday", "thursday", "saturday"]


def _error_text(args: list[str]) -> str:
    result = runner.invoke(app, ["plan", *args, *SEED_WEEK])
    assert result.exit_code == 2, result.output
    return " ".join(result.output.replace("│", " ").split())


def test_a_day_count_outside_the_week_is_refused_in_a_sentence() -> None:
    for count in ("0", "8"):
        text = _error_text(["--days", count])
        assert f"a week holds 1 to 7 training days; {count} is not one of them" in text
        assert "pydantic" not in text
        assert "greater_than" not in text
        assert "less_than" not in text


def test_a_day_named_twice_is_refused_in_a_sentence() -> None:
    text = _error_text(["--days", "mon,wed,monday"])
    assert "monday is named twice" in text
    assert "pydantic" not in text


def test_other_profile_limits_read_without_pydantic_codes() -> None:
    text = _error_text(["--max-dumbbell", "0"])
    assert "max dumbbell lbs: Input should be greater than 0" in text
    assert "errors.pydantic.dev" not in text
    assert "type=" not in text
