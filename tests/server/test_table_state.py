"""What a table keeps between rounds, at the server (issue #37): the table server keeps the
game's table state (the class the terminal table keeps) and does what the text says
between rounds, by its clock (a fake one here, moved by the test):

- 676a.3(c)(1)-(2), 674a.3(c): a deck is changed at least every four hours dealt by hand,
  eight from a shoe: past its hours the server changes it before the next round and tells
  the floor (``GET /tables/{id}/state``);
- 674a.13(g), 676a.13(g), 674a.9(a)(1), 676a.9(a)(1): a device signed out of order
  stays so, round after round, until signed back in; meanwhile the shuffle is by hand,
  the deck one, and a hand-dealt game deals from a manual shoe;
- 621a.6(g): a Pai Gow table with no gaming activity for the Rules Submission's
  ``idle_minutes`` returns to the start of the game (tiles displayed, no bank offered).

The hours and minutes checked are the regulation's (and the submission's), written here,
not read from the code.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from test_games import GameTable, events_of, player

from croupier.verify_round import check_rounds

HOUR = 3600.0


def setups(table: GameTable, round_id: str) -> dict[str, Any]:
    """The round's ``RoundSetup`` event (the equipment the table set)."""
    events = events_of(table.replay(round_id))
    return next(e for e in events if e["type"] == "RoundSetup")


def state(table: GameTable, auth: dict[str, str] | None = None) -> dict[str, Any]:
    r = table.api.client.get(f"/tables/{table.table_id}/state", headers=auth or table.dealer)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def sign(table: GameTable, auth: dict[str, str], device: str, out: bool) -> Any:
    return table.api.client.post(
        f"/tables/{table.table_id}/equipment",
        json={"device": device, "out_of_order": out},
        headers=auth,
    )


def go_fore_it(url: str, procedure: str, **rules: Any) -> GameTable:
    return GameTable(
        url,
        "go-fore-it",
        2,
        3,
        {"close_when_all_wagered": True},
        rules={
            "shuffling": "automated",
            "decks": 2,
            "back_colors": ["red", "blue"],
            "dealing_procedure": procedure,
            **rules,
        },
    )


@pytest.mark.parametrize(
    ("game", "procedure", "hours", "cite"),
    [
        ("go-fore-it", "hand", 4, "676a.3(c)(1)"),
        ("go-fore-it", "manual_shoe", 8, "676a.3(c)(2)"),
        ("criss-cross-poker", "hand", 4, "674a.3(c)(1)"),
        ("criss-cross-poker", "automated_shoe", 8, "674a.3(c)(2)"),
    ],
)
def test_a_deck_past_its_hours_is_changed_before_the_next_round(
    migrated_sqlite: Callable[[str], str], game: str, procedure: str, hours: int, cite: str
) -> None:
    """The decks are changed at least every four hours dealt by hand, eight from a shoe:
    just short of the time nothing happens; once it has passed, both decks (opened with
    the table's first round) are changed before the next round, the floor is told, and
    the new decks are timed from then."""
    table = GameTable(
        migrated_sqlite("state.sqlite"),
        game,
        2,
        3,
        {"close_when_all_wagered": True},
        rules={
            "shuffling": "automated",
            "decks": 2,
            "back_colors": ["red", "blue"],
            "dealing_procedure": procedure,
        },
    )
    try:
        opened = table.clock()
        first = table.play(player(game))
        assert setups(table, first)["deck"] == "red"
        kept = state(table)
        assert [d["color"] for d in kept["state"]["decks"]] == ["red", "blue"]
        assert {d["opened_at"] for d in kept["state"]["decks"]} == {opened.isoformat()}
        assert kept["notices"] == []
        # Just short of the hours since the decks were opened: no change.
        table.clock.now = opened + timedelta(hours=hours, minutes=-1)
        second = table.play(player(game))
        assert setups(table, second)["deck"] == "blue"
        assert state(table)["notices"] == []
        # Past them: both decks changed before the third round, which takes the red deck.
        table.clock.now = opened + timedelta(hours=hours)
        changed_at = table.clock()
        third = table.play(player(game))
        assert setups(table, third)["deck"] == "red"
        kept = state(table)
        assert {d["opened_at"] for d in kept["state"]["decks"]} == {changed_at.isoformat()}
        texts = [n["text"] for n in kept["notices"]]
        assert len(texts) == 2 and all(f"in use {hours} hours" in t for t in texts), texts
        assert all(cite in t for t in texts)
        assert {n["round"] for n in kept["notices"]} == {3}
        # Timed afresh: an hour later nothing is due.
        table.clock.advance(HOUR)
        table.play(player(game))
        assert len(state(table)["notices"]) == 2
        assert table.api.ledger()["total"] == 0
    finally:
        table.close()


def test_equipment_out_of_order_stays_so_until_signed_back_in(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """676a.13(g): the automated shuffler signed out of order (by the dealer) before
    another method is used; from the next round the cards are shuffled by hand, one deck
    (676a.3(b): two alternate only with a shuffler), and cards once dealt from the hand,
    which needs the shuffler (676a.9(a)(1)), come from a manual shoe. It stays so round
    after round until the floor (an admin) signs it back in; a player may do neither, a
    dealer may not sign it back in."""
    table = go_fore_it(migrated_sqlite("state.sqlite"), "hand")
    try:
        first = table.play(player("go-fore-it"))
        assert (setups(table, first)["shuffling"], setups(table, first)["deck"]) == (
            "automated",
            "red",
        )
        refused = sign(table, table.players[1], "automated_shuffler", True)
        assert refused.status_code == 403 and "dealer or admin" in refused.text
        unknown = sign(table, table.dealer, "roulette_wheel", True)
        assert unknown.status_code == 422 and "roulette_wheel" in unknown.text
        r = sign(table, table.dealer, "automated_shuffler", True)
        assert r.status_code == 200, r.text
        assert any("676a.13(g)" in text for text in r.json()["notices"])
        again = sign(table, table.dealer, "automated_shuffler", True)
        assert again.status_code == 422 and "already" in again.text
        for _ in range(3):  # it stays out of order, round after round
            round_id = table.play(player("go-fore-it"))
            setup = setups(table, round_id)
            assert setup["shuffling"] == "manual"
            assert setup["dealing_procedure"] == "manual_shoe"
            assert setup["out_of_order"] == ["automated_shuffler"]
            assert setup["deck"] == "blue"  # one deck: the one in play when it was signed
            events = events_of(table.replay(round_id))
            assert any(e["type"] == "DeckCut" for e in events)  # a manual shuffle is cut
        assert sign(table, table.dealer, "automated_shuffler", False).status_code == 403
        r = sign(table, table.api.admin, "automated_shuffler", False)
        assert r.status_code == 200, r.text
        back = table.play(player("go-fore-it"))
        setup = setups(table, back)
        assert (setup["shuffling"], setup["dealing_procedure"], setup["out_of_order"]) == (
            "automated",
            "hand",
            [],
        )
        after = table.play(player("go-fore-it"))
        assert setups(table, after)["deck"] != setup["deck"]  # two decks alternate again
        assert table.api.ledger()["total"] == 0
        # Each signing (not the refused ones) is a significant event, before and after.
        r = table.api.client.get(
            "/significant-events", params={"kind": "equipment_signed"}, headers=table.dealer
        )
        signed = [
            (e["before"]["out_of_order"], e["after"]["out_of_order"]) for e in r.json()["events"]
        ]
        assert signed == [(False, True), (True, False)]
        assert "signed automated shuffler at table" in r.json()["events"][0]["words"]
    finally:
        table.close()


def test_a_dealing_shoe_out_of_order_falls_back_to_a_manual_shoe(
    tmp_path: Path, migrated_sqlite: Callable[[str], str]
) -> None:
    """674a.13(g): an automated dealing shoe signed out of order: the cards are dealt from
    a manual shoe until it is signed back in; the shuffler still works, so two decks
    still alternate."""
    table = GameTable(
        migrated_sqlite("state.sqlite"),
        "criss-cross-poker",
        2,
        5,
        {"close_when_all_wagered": True},
        rules={
            "shuffling": "automated",
            "decks": 2,
            "back_colors": ["red", "blue"],
            "dealing_procedure": "automated_shoe",
        },
    )
    try:
        assert sign(table, table.dealer, "automated_dealing_shoe", True).status_code == 200
        decks = []
        for _ in range(2):
            setup = setups(table, table.play(player("criss-cross-poker")))
            assert setup["dealing_procedure"] == "manual_shoe"
            assert setup["out_of_order"] == ["automated_dealing_shoe"]
            decks.append(setup["deck"])
        assert decks == ["red", "blue"]
        # A device this table does not use cannot be signed out of order.
        hand = go_fore_it(migrated_sqlite("other.sqlite"), "hand")
        try:
            r = sign(hand, hand.dealer, "automated_dealing_shoe", True)
            assert r.status_code == 422 and "676a.13(g)" in r.text
        finally:
            hand.close()
    finally:
        table.close()


def test_an_idle_pai_gow_table_returns_to_the_start_of_the_game(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """621a.6(g): with no gaming activity the tiles are turned face up in 16 pairs, and
    the next round is the start of the game (621a.6(b): displayed for the first player;
    621a.11(b): no bank offered). ``idle_minutes`` (here 20) names the time; a shorter
    pause changes nothing."""
    table = GameTable(
        migrated_sqlite("state.sqlite"),
        "pai-gow",
        2,
        4,
        {"close_when_all_wagered": True, "optional_seconds": 5},
        rules={"idle_minutes": 20},
    )
    try:

        def context(round_id: str) -> dict[str, Any]:
            events = events_of(table.replay(round_id))
            found: dict[str, Any] = next(e for e in events if e["type"] == "TableContext")
            assert any(e["type"] == "TilesDisplayed" for e in events) == found["start_of_game"]
            return found

        first = table.play(player("pai-gow"))
        assert context(first)["start_of_game"]
        table.clock.advance(19 * 60)
        second = table.play(player("pai-gow"))
        assert not context(second)["start_of_game"]
        table.clock.advance(20 * 60)
        third = table.play(player("pai-gow"))
        assert context(third)["start_of_game"] and context(third)["cite"] == "621a.6(b)"
        [notice] = state(table)["notices"]
        assert "20 minutes" in notice["text"] and "621a.6(g)" in notice["text"]
        assert notice["round"] == 3
        assert state(table)["state"]["start_of_game"] is False  # the third round took it in
    finally:
        table.close()


@pytest.mark.parametrize(
    ("rules", "batches"),
    [({}, ["red"]), ({"shuffling": "automated", "back_colors": ["red", "blue"]}, ["red", "blue"])],
)
def test_a_double_back_jack_batch_in_use_24_hours_is_changed_before_the_next_shoe(
    migrated_sqlite: Callable[[str], str], rules: dict[str, Any], batches: list[str]
) -> None:
    """673a.3(c): the decks opened at a Double Back Jack table are changed at least once
    every 24 hours. At 23 hours 59 minutes the shoe deals on; at 24 hours the batch in the
    shoe, mid-shoe, is changed after the round then over and before the next: the next
    round shuffles a new shoe (673a.5(a), (f): the floor may have the cards reshuffled
    after any round; the cut offered from the dealer's right, 673a.5(c)(4)); with two
    batches the other comes into play (673a.3(b)(4)) and is changed too, both having
    been opened with the table. The floor is told, naming 673a.3(c); the new decks are
    timed afresh; the shoe in progress is never changed during a round, and each shoe's
    rounds still verify together (sealed draws: the new shoe is drawn from the seed of
    the round it opens)."""
    table = GameTable(migrated_sqlite("state.sqlite"), "double-back-jack", 2, 5, {}, rules=rules)
    try:
        opened = table.clock()
        first = table.play(player("double-back-jack"), True)
        assert setups(table, first)["shuffle_due"] == "the game is beginning"
        kept = state(table)
        assert [b["color"] for b in kept["state"]["batches"]] == batches
        assert {b["opened_at"] for b in kept["state"]["batches"]} == {opened.isoformat()}
        assert "shoe" not in kept["state"]  # sealed until the shoe is reshuffled
        # 23 hours 59 minutes: the shoe deals on, no notice.
        table.clock.now = opened + timedelta(hours=24, minutes=-1)
        second = table.play(player("double-back-jack"), True)
        handed = setups(table, second)
        assert handed["shuffle_due"] is None and handed["shoe"] and handed["batch"] == "red"
        assert state(table)["notices"] == []
        # 24 hours: new decks before the next round, which shuffles them.
        table.clock.now = opened + timedelta(hours=24)
        changed_at = table.clock()
        third = table.play(player("double-back-jack"), True)
        handed = setups(table, third)
        assert handed["shoe"] == [] and handed["batch"] == batches[-1]
        assert handed["shuffle_due"] == f"the {batches[-1]} batch was changed"
        assert handed["cut_offer"] == []  # no cut offered online at this table: the dealer's
        assert any(e["type"] == "DeckShuffled" for e in events_of(table.replay(third)))
        kept = state(table)
        assert {b["opened_at"] for b in kept["state"]["batches"]} == {changed_at.isoformat()}
        texts = [n["text"] for n in kept["notices"]]
        assert len(texts) == len(batches), texts
        assert all("in use 24 hours" in t and t.endswith("(673a.3(c))") for t in texts)
        assert "the shoe in progress ends" in texts[0] and "673a.5(c)(4)" in texts[0]
        assert {n["round"] for n in kept["notices"]} == {3}
        # Timed afresh: an hour later the new shoe deals on.
        table.clock.advance(HOUR)
        fourth = table.play(player("double-back-jack"), True)
        assert setups(table, fourth)["shuffle_due"] is None
        assert len(state(table)["notices"]) == len(batches)
        # The shoe that ended early is revealed, and its rounds verify together.
        reveals = []
        for round_id in (second, first):
            r = table.api.client.get(f"/rounds/{round_id}/reveal", headers=table.players[1])
            assert r.status_code == 200, r.text
            reveals.append(r.json())
        check = check_rounds(reveals)
        assert check.ok, check.problems
        r = table.api.client.get(f"/tables/{table.table_id}/verify", headers=table.dealer)
        assert r.status_code == 200 and r.json()["ok"], r.text
        assert table.api.ledger()["total"] == 0
    finally:
        table.close()


def test_674a_9_a_1_hand_dealing_without_its_shuffler_falls_back_round_after_round(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """674a.9(a)(1): cards dealt from the dealer's hand need an automated shuffler. A
    hand-dealt Criss-Cross Poker table whose shuffler is signed out of order (674a.13(g))
    shuffles by hand and deals from a manual shoe from its next round on, one deck (two
    alternate only with a shuffler, 674a.3(b)), the stub counted every round
    (674a.9(d), docs/interpretations.md), and keeps doing so round after round until the
    floor signs the shuffler back in: then it deals from the hand again, two decks
    alternating."""
    table = GameTable(
        migrated_sqlite("state.sqlite"),
        "criss-cross-poker",
        2,
        5,
        {"close_when_all_wagered": True},
        rules={
            "shuffling": "automated",
            "decks": 2,
            "back_colors": ["red", "blue"],
            "dealing_procedure": "hand",
        },
    )
    try:
        first = setups(table, table.play(player("criss-cross-poker")))
        assert (first["shuffling"], first["dealing_procedure"], first["deck"]) == (
            "automated",
            "hand",
            "red",
        )
        r = sign(table, table.dealer, "automated_shuffler", True)
        assert r.status_code == 200, r.text
        assert any("674a.13(g)" in text for text in r.json()["notices"])
        [words] = state(table)["out_of_order"]
        assert words.startswith("the automated shuffler: the cards are shuffled by hand")
        assert "by hand" in words and "manual dealing shoe" in words
        for _ in range(3):
            round_id = table.play(player("criss-cross-poker"))
            setup = setups(table, round_id)
            assert (setup["shuffling"], setup["dealing_procedure"]) == ("manual", "manual_shoe")
            assert setup["out_of_order"] == ["automated_shuffler"]
            assert setup["deck"] == "blue"  # one deck: the one in play when it was signed
            assert setup["stub_count_due"] is True
            events = events_of(table.replay(round_id))
            assert any(e["type"] == "DeckCut" for e in events)  # a manual shuffle is cut
        r = sign(table, table.api.admin, "automated_shuffler", False)
        assert r.status_code == 200, r.text
        assert state(table)["out_of_order"] == []
        decks = []
        for _ in range(2):
            setup = setups(table, table.play(player("criss-cross-poker")))
            assert (setup["shuffling"], setup["dealing_procedure"]) == ("automated", "hand")
            assert setup["out_of_order"] == []
            decks.append(setup["deck"])
        assert decks[0] != decks[1]  # two decks alternate again (674a.3(b)(3))
        assert table.api.ledger()["total"] == 0
    finally:
        table.close()
