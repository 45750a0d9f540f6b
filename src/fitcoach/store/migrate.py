"""Bring a database to the newest schema with the migrations shipped in the package."""

from __future__ import annotations

from importlib import resources

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, inspect

from fitcoach.store.database import Database


def alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option(
        "script_location", str(resources.files("fitcoach.store").joinpath("migrations"))
    )
    # Kept for `alembic` commands run by hand; '%' must be doubled for configparser.
    url = engine.url.render_as_string(hide_password=False).replace("%", "%%")
    config.set_main_option("sqlalchemy.url", url)
    return config


def upgrade(database: Database, revision: str = "head") -> None:
    """Apply every pending migration in one transaction per migration run."""
    config = alembic_config(database.engine)
    with database.engine.connect() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
        connection.commit()


def current_tables(database: Database) -> set[str]:
    return set(inspect(database.engine).get_table_names())
