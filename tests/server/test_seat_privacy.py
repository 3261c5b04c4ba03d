"""Issue #34: another player never reads a seat owner's account id, in GET /tables/{id},
in the table view (the same view the WebSocket sends) or in the round's view: he sees
the seat by its player's name, or "Seat N"; the seat's own player sees his id."""

from __future__ import annotations

from pathlib import Path

from server_api import Api


def test_a_second_player_reads_no_account_id_of_another_seat(tmp_path: Path) -> None:
    api = Api(f"sqlite:///{tmp_path / 'privacy.sqlite'}")
    api.table()
    ann_id, ann = api.player("ann", deposit=1_000)
    bob_id, bob = api.player("bob", deposit=1_000)
    api.sit(ann, 1)
    api.sit(bob, 2)
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    for path in ("/tables/hrd", "/tables/hrd/view", "/tables"):
        answer = api.client.get(path, headers=bob)
        assert answer.status_code == 200 and ann_id not in answer.text, (path, answer.text)
    table = api.client.get("/tables/hrd", headers=bob).json()
    assert table["seats"] == [  # GET /tables/{id} names each seat as the view does
        {"seat": 1, "player_id": None, "name": "ann"},
        {"seat": 2, "player_id": bob_id, "name": "bob"},
    ]
    view = api.client.get("/tables/hrd/view", headers=bob).json()
    assert view["seats"] == [
        {"seat": 1, "player_id": None, "name": "ann"},
        {"seat": 2, "player_id": bob_id, "name": "bob"},
    ]
    assert view["view"]["seats"] == {"1": "ann", "2": bob_id}
    # The seat's own player sees his own id; the staff see every id.
    mine = api.client.get("/tables/hrd/view", headers=ann).json()
    assert mine["view"]["seats"] == {"1": ann_id, "2": "bob"}
    staff = api.client.get("/tables/hrd", headers=api.admin).json()
    assert [s["player_id"] for s in staff["seats"]] == [ann_id, bob_id]


def test_a_rounds_steps_show_another_seat_by_name(tmp_path: Path) -> None:
    """GET /rounds/{id}/steps: the seats and every step's view name another player's seat,
    never its account id (the round's opening event keeps the seats it was dealt to: it
    is what the round's hashes are worked out over)."""
    api = Api(f"sqlite:///{tmp_path / 'privacy.sqlite'}")
    api.table()
    ann_id, ann = api.player("ann", deposit=1_000)
    bob_id, bob = api.player("bob", deposit=1_000)
    api.sit(ann, 1)
    api.sit(bob, 2)
    wager = api.wager(ann, 1, "pip_street:ace", 500).json()
    steps = api.client.get(f"/rounds/{wager['round_id']}/steps", headers=bob).json()
    assert steps["seats"] == [
        {"seat": 1, "player_id": None, "name": "ann"},
        {"seat": 2, "player_id": bob_id, "name": "bob"},
    ]
    assert all(step["view"]["seats"] == {"1": "ann", "2": bob_id} for step in steps["steps"])
    staff = api.client.get(f"/rounds/{wager['round_id']}/steps", headers=api.admin).json()
    assert [s["player_id"] for s in staff["seats"]] == [ann_id, bob_id]
