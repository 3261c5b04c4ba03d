"""Stored command answers have a retention window (issue #33): kept whole for
``answers_kept`` (24 hours by default), their JSON then forgotten; a command sent again
with its ``Idempotency-Key`` after that is answered from its stored events with the very
same JSON, and moves no money. Other requests' answers (a deposit) are kept whole. The
server's clock is a fake one, moved by the test (SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_api import Api, Clock, ScriptedRng
from sqlalchemy import text

from croupier.server.app import forget_old_answers


@pytest.fixture
def kept(db_url: str, scripted: ScriptedRng) -> Iterator[Api]:
    client = Api(db_url, rng=scripted, clock=Clock())
    yield client
    client.close()


def _whole(api: Api) -> dict[str, bool]:
    """Each stored answer's key -> whether its JSON is still kept."""
    with api.engine.connect() as connection:
        rows = connection.execute(
            text("SELECT key, response_json IS NOT NULL FROM idempotency_keys")
        ).all()
    return {key: bool(whole) for key, whole in rows}


def test_a_command_sent_again_after_the_window_is_answered_from_its_events(
    kept: Api, scripted: ScriptedRng
) -> None:
    api = kept
    assert api.clock is not None
    api.table()
    ann, ann_auth = api.player("ann", deposit=10_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann_auth, 1)
    wager = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", "amount": 500}
    first_wager = api.send(ann_auth, wager, key="ann-1")
    assert first_wager.status_code == 200, first_wager.text
    # Four aces: Pip Street ace pays 3 to 1 (675a.5(a)): $15 and the $5 back.
    scripted.dice(1, 1, 1, 1, 2, 3, 4, 5, 6, 2)
    first_close = api.send(dealer, {"type": "AnnounceNoMoreBets"}, key="dee-1")
    assert first_close.status_code == 200, first_close.text
    assert first_close.json()["round_status"] == "completed"
    assert api.wallets()[ann] == 10_000 - 500 + 2_000
    before = api.snapshot()
    # Within the window (23 hours on): nothing is forgotten.
    api.clock.advance(23 * 3600)
    assert forget_old_answers(api.app) == 0
    assert api.send(ann_auth, wager, key="ann-1").text == first_wager.text
    # Past it (25 hours): the two command answers lose their JSON; the deposit keeps its.
    api.clock.advance(2 * 3600)
    assert forget_old_answers(api.app) == 2
    whole = _whole(api)
    assert whole["ann-1"] is False and whole["dee-1"] is False
    assert sum(whole.values()) == 1  # the deposit's answer (Api.player's key)
    # Sent again: the same JSON, rebuilt from the events; no money moved, nothing stored.
    again_wager = api.send(ann_auth, wager, key="ann-1")
    assert again_wager.status_code == 200
    assert again_wager.text == first_wager.text
    again_close = api.send(dealer, {"type": "AnnounceNoMoreBets"}, key="dee-1")
    assert again_close.status_code == 200
    assert again_close.text == first_close.text
    assert api.snapshot() == before
    assert api.wallets()[ann] == 11_500
    # The key still refuses another request.
    other = {**wager, "amount": 1_000}
    refused = api.send(ann_auth, other, key="ann-1")
    assert refused.status_code == 422 and "different request" in refused.text


def test_the_window_must_be_positive(db_url: str) -> None:
    from datetime import timedelta

    from croupier.server.app import create_app

    with pytest.raises(ValueError, match="answers_kept must be positive"):
        create_app(db_url, answers_kept=timedelta(0))
