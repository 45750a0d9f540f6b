"""The cache registry (in memory and over the store's table) and the brain factory."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest

from fitcoach.brain import factory
from fitcoach.brain.providers.gemini import GeminiBrain
from fitcoach.brain.providers.llm_common.cache_registry import (
    CacheRecord,
    CacheRegistry,
    InMemoryCacheRegistry,
)
from fitcoach.brain.providers.openai_compat import OpenAICompatBrain
from fitcoach.settings import Settings
from fitcoach.store.cache_registry import SqlCacheRegistry
from fitcoach.store.database import Database
from fitcoach.store.models import Base

from .turns import NOW, FallbackBrain


def record(name: str, prompt_hash: str = "h1") -> CacheRecord:
    return CacheRecord(key="gemini:m:combined", provider="gemini", model="m",
                       prompt_hash=prompt_hash, cache_name=name,
                       expires_at=NOW + dt.timedelta(hours=1))


@pytest.fixture(params=["memory", "sql"])
def registry(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[CacheRegistry]:
    if request.param == "memory":
        yield InMemoryCacheRegistry()
        return
    database = Database(f"sqlite:///{tmp_path / 'registry.db'}")
    Base.metadata.create_all(database.engine)
    yield SqlCacheRegistry(database)
    database.dispose()


def test_a_saved_record_is_read_back_and_replaced(registry: CacheRegistry) -> None:
    assert registry.get("gemini:m:combined") is None
    registry.save(record("cachedContents/a"))
    assert registry.get("gemini:m:combined") == record("cachedContents/a")
    registry.save(record("cachedContents/b", prompt_hash="h2"))
    assert registry.get("gemini:m:combined") == record("cachedContents/b", prompt_hash="h2")


def test_forget_spares_a_record_another_process_already_replaced(
        registry: CacheRegistry) -> None:
    registry.save(record("cachedContents/new"))
    registry.forget("gemini:m:combined", "cachedContents/old")
    assert registry.get("gemini:m:combined") is not None
    registry.forget("gemini:m:combined", "cachedContents/new")
    assert registry.get("gemini:m:combined") is None


def settings(**values: object) -> Settings:
    return Settings(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(("values", "expected"), [
    ({}, "embedded"),
    ({"gemini_api_key": "g"}, "gemini"),
    ({"openai_base_url": "http://127.0.0.1:8080/v1"}, "openai"),
    ({"openai_api_key": "o"}, "openai"),
    ({"gemini_api_key": "g", "brain": "embedded"}, "embedded"),
    ({"gemini_api_key": "g", "openai_base_url": "http://x/v1", "brain": "openai"}, "openai"),
])
def test_the_brain_is_chosen_explicitly_or_by_what_is_configured(
        values: dict[str, object], expected: str) -> None:
    assert factory.chosen_brain(settings(**values)) == expected


@pytest.mark.parametrize(("brain", "variable"), [("gemini", "FITCOACH_GEMINI_API_KEY"),
                                                 ("openai", "FITCOACH_OPENAI_BASE_URL")])
def test_an_llm_brain_without_credentials_names_the_missing_variable(
        monkeypatch: pytest.MonkeyPatch, brain: str, variable: str) -> None:
    monkeypatch.setattr(factory, "_embedded", FallbackBrain)
    with pytest.raises(factory.BrainConfigurationError, match=variable):
        factory.build_brain(settings(brain=brain))


def test_build_brain_pairs_the_llm_brain_with_the_embedded_fallback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(factory, "_embedded", FallbackBrain)
    gemini, fallback = factory.build_brain(settings(gemini_api_key="g",
                                                    gemini_base_url="http://127.0.0.1:9"))
    assert isinstance(gemini, GeminiBrain)
    assert isinstance(fallback, FallbackBrain)
    openai_brain, _ = factory.build_brain(settings(openai_base_url="http://127.0.0.1:9/v1"))
    assert isinstance(openai_brain, OpenAICompatBrain)
    embedded, same = factory.build_brain(settings())
    assert embedded is same
