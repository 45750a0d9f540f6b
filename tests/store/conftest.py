"""Store tests run against SQLite and PostgreSQL alike."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fitcoach.store.database import Database
from tests.store.databases import BACKENDS, provision


@pytest.fixture(scope="session", params=BACKENDS)
def database(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with provision(request.param, tmp_path_factory.mktemp(request.param)) as database:
        yield database
