"""Who may comes before what was asked (issue #34): a stranger who sends a body that
fails validation to another player's limits, reminders or status, or a player who signs
equipment, is refused 403 and learns nothing of the body's form; the player himself is
told what was wrong with it (422). Nothing is stored by either."""

from __future__ import annotations

from typing import Any

import pytest
from server_api import Api

BAD = {
    "limits": {"loss_daily": -5, "no_such_limit": 1},
    "reminders": {"minutes": 7},
    "status": {"status": "on holiday"},
}
"""A body each endpoint's own player is refused 422 for."""


def _send(api: Api, auth: dict[str, str], player_id: str, what: str, body: Any) -> Any:
    method = "PUT" if what in ("limits", "reminders") else "POST"
    kwargs: dict[str, Any] = {"content": body} if isinstance(body, str) else {"json": body}
    headers = {**auth, "Content-Type": "application/json"}
    return api.client.request(method, f"/players/{player_id}/{what}", headers=headers, **kwargs)


@pytest.mark.parametrize("what", sorted(BAD))
def test_a_stranger_is_refused_before_the_body_is_read(api: Api, what: str) -> None:
    ann_id, ann = api.player("ann")
    _, bob = api.player("bob")
    before = api.client.get(f"/players/{ann_id}/limits", headers=ann).json()
    for body in (BAD[what], "{not json"):
        r = _send(api, bob, ann_id, what, body)
        assert r.status_code == 403, r.text
        assert r.json()["detail"] == (  # the sentence whole: it once stopped at "may"
            "only the player himself or an admin may see or change a player's limits, "
            "reminders and status (the operator's rules)"
        )
        mine = _send(api, ann, ann_id, what, body)
        assert mine.status_code == 422, mine.text
    assert api.client.get(f"/players/{ann_id}/limits", headers=ann).json() == before


def test_a_player_signing_equipment_is_refused_before_the_body_is_read(api: Api) -> None:
    api.table()
    _, ann = api.player("ann")
    _, dee = api.player("dee", role="dealer")
    body = {"device": 12, "out_of_order": "perhaps"}
    r = api.client.post("/tables/hrd/equipment", json=body, headers=ann)
    assert r.status_code == 403, r.text
    assert api.client.post("/tables/hrd/equipment", json=body, headers=dee).status_code == 422


def test_a_player_sending_a_dealers_command_is_refused_403_whatever_the_phase(api: Api) -> None:
    """A dealer's command from a player was refused 409, as if the round's state were in
    the way; the README says a role that may not is refused 403. Who may comes first: in
    betting ("no more bets") and out of its phase (throwing the dice while wagers are
    still taken) alike, nothing done."""
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    before = api.snapshot()
    for command, what in (
        ({"type": "AnnounceNoMoreBets"}, 'announce "no more bets" (675a.4(a))'),
        ({"type": "ThrowDice"}, "throw the dice (675a.4(b))"),
    ):
        r = api.send(ann, command)
        assert r.status_code == 403, r.text
        assert r.json()["detail"] == f"only the dealer may {what}", r.text
    assert api.snapshot() == before
