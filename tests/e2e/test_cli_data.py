"""`fitcoach import` and `fitcoach export` (DESIGN D11): the same application code as the HTTP
routes, on the same database, for the user the token names; clear errors, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from fitcoach.api.app import create_app
from fitcoach.cli import app
from fitcoach.settings import Settings
from fitcoach.store.database import Database
from tests.e2e.conftest import Api, one_set, row_counts, sign_up
from tests.e2e.test_imports import EXPORTS


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.db'}"


@pytest.fixture
def served(sqlite_url: str) -> tuple[Database, TestClient]:
    runner = CliRunner()
    assert runner.invoke(app, ["db", "upgrade", "--db", sqlite_url]).exit_code == 0
    database = Database(sqlite_url)
    settings = Settings(db=sqlite_url, dev_clock=True, rate_limit_signup_per_minute=0)
    return database, TestClient(create_app(settings, database=database, web_directory=None))


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_import_then_export_through_the_command_line(served: tuple[Database, TestClient],
                                                     sqlite_url: str, tmp_path: Path) -> None:
    database, client = served
    ann: Api = sign_up(client, units="kg", timezone="Europe/Rome")
    bob: Api = sign_up(client)
    bob.log(one_set())
    code, out, err = _run("import", "--source", "strong", "--db", sqlite_url,
                          "--token", ann.token, str(EXPORTS / "strong_semicolon.csv"))
    assert code == 0, err
    assert out.startswith("imported 2 workouts, 7 sets (1 warm-ups)")
    assert "Incline Bench Press (Barbell) (1 sets)" in out
    # The HTTP view sees exactly what the command line brought in.
    logs = ann.get("/api/workouts/logs").json()
    assert len(logs) == 2
    again = _run("import", "--source", "strong", "--db", sqlite_url, "--token", ann.token,
                 str(EXPORTS / "strong_semicolon.csv"))
    assert again[1].startswith("imported 0 workouts, 0 sets")

    code, out, err = _run("export", "--db", sqlite_url, "--token", ann.token)
    assert code == 0, err
    exported = json.loads(out)
    assert exported == {**ann.get("/api/export").json(), "exported_at": exported["exported_at"]}
    assert {log["id"] for log in exported["workout_logs"]} == {log["log_id"] for log in logs}
    target = tmp_path / "logs.csv"
    code, _, err = _run("export", "--logs-csv", "-o", str(target), "--db", sqlite_url,
                        "--token", ann.token)
    assert code == 0, err
    assert target.read_text() == ann.get("/api/export/logs.csv").text
    database.dispose()


@pytest.mark.parametrize(("args", "code", "fragment"), [
    (["--source", "fitbod"], 2, "use strong or hevy"),
    (["--source", "strong", "--unit", "stone"], 2, "use kg or lb"),
    (["--source", "strong", "--token", "nope"], 2, "no user has that token"),
    (["--source", "strong", "--token", ""], 2, "no token"),
    (["--source", "hevy"], 1, "line 1: missing column"),
])
def test_bad_input_is_one_clear_line_and_writes_nothing(
        served: tuple[Database, TestClient], sqlite_url: str, args: list[str], code: int,
        fragment: str) -> None:
    database, client = served
    ann = sign_up(client)
    before = row_counts(database)
    token = [] if "--token" in args else ["--token", ann.token]
    exit_code, _, err = _run("import", "--db", sqlite_url, *token, *args,
                             str(EXPORTS / "strong_semicolon.csv"))
    assert exit_code == code
    assert err.startswith("error: ")
    assert fragment in err
    assert row_counts(database) == before
    database.dispose()


def test_a_database_without_the_schema_says_what_to_do(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    code, _, err = _run("export", "--db", url, "--token", "anything")
    assert code == 1
    assert "fitcoach db upgrade" in err
