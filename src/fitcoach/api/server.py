"""Running the service: migrate the database once, then hand the app factory to uvicorn."""

from __future__ import annotations

import os

import uvicorn
from sqlalchemy.engine import make_url

from fitcoach.settings import Settings
from fitcoach.store.database import Database
from fitcoach.store.migrate import upgrade

APP_FACTORY = "fitcoach.api.app:app_from_environment"
# uvicorn's httptools protocol with read deadlines for slow clients (`slow_clients`).
HTTP_PROTOCOL = "fitcoach.api.slow_clients:DeadlineHttpToolsProtocol"


def settings_with(db: str | None = None, host: str | None = None,
                  port: int | None = None) -> Settings:
    """The environment's settings with command-line overrides. The overrides are written
    back to the environment so every uvicorn worker process builds the same app."""
    for name, value in (("FITCOACH_DB", db), ("FITCOACH_HOST", host),
                        ("FITCOACH_PORT", None if port is None else str(port))):
        if value is not None:
            os.environ[name] = value
    return Settings()


def printable_url(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


def upgrade_database(settings: Settings) -> None:
    database = Database(settings.db)
    try:
        upgrade(database)
    finally:
        database.dispose()


def serve(settings: Settings, workers: int = 1) -> None:
    """Bring the schema up to date, then serve until interrupted."""
    upgrade_database(settings)
    # proxy_headers=False: uvicorn would otherwise believe X-Forwarded-For from 127.0.0.1
    # (its FORWARDED_ALLOW_IPS default), so anyone on this machine, or a proxy passing a
    # client's own header through, could choose the address a sign-up counts against.
    # The app believes them only from FITCOACH_TRUSTED_PROXIES (`app.create_app`).
    uvicorn.run(APP_FACTORY, factory=True, host=settings.host, port=settings.port,
                workers=workers, log_level="info", proxy_headers=False, http=HTTP_PROTOCOL)
