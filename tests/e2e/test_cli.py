"""`fitcoach db upgrade` and the settings checks `fitcoach serve` starts with."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from fitcoach.cli import app
from fitcoach.store.database import Database
from fitcoach.store.migrate import current_tables
from fitcoach.store.models import Base


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    # `serve` writes its overrides into os.environ (for uvicorn's workers); registering each
    # variable with monkeypatch first makes teardown restore it, so nothing leaks.
    for name in ("FITCOACH_DB", "FITCOACH_HOST", "FITCOACH_PORT"):
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    return CliRunner()


def test_db_upgrade_creates_the_schema_and_is_repeatable(runner: CliRunner,
                                                         tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    for _ in range(2):
        result = runner.invoke(app, ["db", "upgrade", "--db", url])
        assert result.exit_code == 0, result.output
        assert "newest schema" in result.output
    database = Database(url)
    try:
        assert {t.name for t in Base.metadata.sorted_tables} <= current_tables(database)
    finally:
        database.dispose()


@pytest.mark.parametrize(("args", "fragment"), [
    (["db", "upgrade", "--db", "mysql://root@localhost/x"], "FITCOACH_DB"),
    (["serve", "--port", "70000"], "port"),
])
def test_nonsense_settings_stop_the_command(runner: CliRunner, args: list[str],
                                            fragment: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert fragment in result.output
