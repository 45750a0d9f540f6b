"""Shutting the service down closes what its brains hold open: an LLM brain keeps keep-alive
connections to its server, and a graceful stop should end them rather than leave them to the
process's exit."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fitcoach.api.app import create_app
from fitcoach.api.dependencies import Brains, get_brain
from fitcoach.settings import Settings
from fitcoach.store.database import Database


class ClosableBrain:
    name = "closable"

    def __init__(self) -> None:
        self.closed = 0

    async def aclose(self) -> None:
        self.closed += 1


class BrainWithoutClient:
    """As the embedded brain: nothing to close, and no `aclose` to call."""

    name = "embedded"


def _app(database: Database):
    settings = Settings(db=database.url.render_as_string(hide_password=False))
    return create_app(settings, database=database, web_directory=None)


def test_the_lifespan_closes_every_brain_it_holds_once_at_shutdown(database: Database) -> None:
    app = _app(database)
    primary = ClosableBrain()
    app.state.brains = Brains(primary, BrainWithoutClient())
    with TestClient(app) as client:
        assert client.get("/healthz").status_code == 200
        assert primary.closed == 0
    assert primary.closed == 1


def test_an_app_whose_brain_is_overridden_builds_none_and_shuts_down_cleanly(
        database: Database) -> None:
    app = _app(database)
    app.dependency_overrides[get_brain] = lambda: Brains(BrainWithoutClient())
    with TestClient(app):
        pass
    assert getattr(app.state, "brains", None) is None
