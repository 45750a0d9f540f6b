"""What the schemathesis run found, pinned as plain tests so it cannot come back unseen."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fitcoach.store.database import Database
from tests.e2e.conftest import Api, one_set, row_counts


@pytest.mark.parametrize("completed_at", [
    "0001-01-01T00:00:00+00:01",  # valid ISO-8601 whose UTC time would be in year 0: was a 500
    "9999-12-31T23:00:00-05:00",  # past year 9999 in UTC
    "1969-12-31T23:59:59Z",
])
def test_a_completed_at_out_of_range_is_422_not_500(new_user: Callable[..., Api],
                                                    database: Database,
                                                    completed_at: str) -> None:
    api = new_user()
    before = row_counts(database)
    response = api.log(one_set(completed_at=completed_at))
    assert response.status_code == 422, response.text
    assert "completed_at" in response.json()["error"]["message"]
    assert row_counts(database) == before


def test_the_first_moment_of_1970_as_written_is_accepted(new_user: Callable[..., Api]) -> None:
    # The schema's pattern reads the year as written; so does the service.
    assert new_user().log(one_set(completed_at="1970-01-01T00:00:00+05:00")).status_code == 201
