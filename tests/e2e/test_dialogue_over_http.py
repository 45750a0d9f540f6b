"""The dialogue over HTTP with the embedded brain (DESIGN §4, D9): a clarifying answer carries
`suggested_replies` as an extra key (the seed's keys unchanged, and absent otherwise), and a
staged change turned down in words is rejected as the Reject button would reject it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.e2e.conftest import sign_up
from tests.e2e.test_embedded_brain_over_http import client, onboard

__all__ = ["client"]  # the embedded-brain app fixture, reused


def test_a_clarifying_answer_carries_suggested_replies_and_others_do_not(
        client: TestClient) -> None:
    api = sign_up(client, locale="en", units="kg")
    onboarded = onboard(api, "en")
    assert "suggested_replies" not in onboarded
    assert api.accept(onboarded["proposal"]["id"]).status_code == 200

    unsure = api.chat("hmm the thing from before")
    assert set(unsure) == {"message", "proposal", "memory_mutations", "meta",
                           "suggested_replies"}
    assert unsure["proposal"]["type"] == "NONE"
    assert unsure["memory_mutations"] == []
    replies = unsure["suggested_replies"]
    assert 2 <= len(replies) <= 3
    assert all(isinstance(r, str) and r for r in replies)
    # A tapped reply is an ordinary message, and it is understood.
    tapped = api.chat(replies[0])
    assert "suggested_replies" not in tapped


def test_no_thanks_in_words_rejects_the_staged_change(client: TestClient) -> None:
    api = sign_up(client, locale="en", units="kg")
    api.accept(onboard(api, "en")["proposal"]["id"])
    before = api.get("/api/plans/current").json()
    staged = api.chat("I only have 30 minutes today")
    assert staged["proposal"]["type"] == "UPDATE_DAY"

    answer = api.chat("nah, leave my plan as it is")
    assert answer["proposal"]["type"] == "NONE"
    assert answer["memory_mutations"] == []
    refused = api.accept(staged["proposal"]["id"])
    assert refused.status_code == 409
    assert "rejected" in refused.text
    assert api.get("/api/plans/current").json() == before
