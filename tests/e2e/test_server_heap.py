"""The served app stops the collector scanning its start-up heap (`api.heap`); an app built
by a test (many per process) leaves the collector as it is."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fitcoach.api import app as app_module
from fitcoach.api.app import create_app
from fitcoach.api.heap import THRESHOLDS
from fitcoach.settings import Settings
from fitcoach.store.database import Database


@pytest.fixture
def collector() -> Iterator[None]:
    """Whatever a test does to the collector is undone after it."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def _started(freeze_heap: bool) -> tuple[int, tuple[int, int, int]]:
    app = create_app(Settings(db="sqlite://"), database=Database("sqlite://"),
                     web_directory=None, freeze_heap=freeze_heap)
    with TestClient(app):  # runs the lifespan: the brain is built, then the heap frozen
        return gc.get_freeze_count(), gc.get_threshold()


@pytest.mark.usefixtures("collector")
def test_a_served_app_freezes_its_start_up_heap() -> None:
    gc.unfreeze()
    frozen, thresholds = _started(freeze_heap=True)
    assert frozen > 0
    assert thresholds == THRESHOLDS


@pytest.mark.usefixtures("collector")
def test_an_app_built_by_a_test_leaves_the_collector_alone() -> None:
    gc.unfreeze()
    before = gc.get_threshold()
    assert _started(freeze_heap=False) == (0, before)


def test_the_server_factory_asks_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: dict[str, Any] = {}
    monkeypatch.setattr(app_module, "create_app",
                        lambda settings, **options: asked.update(options))
    monkeypatch.setattr(app_module, "configure_logging", lambda *_, **__: None)
    app_module.app_from_environment()
    assert asked == {"freeze_heap": True}
