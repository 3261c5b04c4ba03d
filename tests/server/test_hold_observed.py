"""The hold report's theoretical win under the decisions players actually made
(``hold_report(observed=True)``, ``croupier report hold --observed``), through the table
server: a Go Fore It table where seat 1 always makes the Back 9 Wager and seat 2 always
folds, each round's figure found here from its stored cards by enumerating the hole
cards by hand; and Sic Bo, a game without decisions, where both figures coincide."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

import pytest
from server_api import Api, ScriptedRng
from sqlalchemy.orm import Session
from test_games import SETUPS, GameTable, events_of, player
from test_hold_report import expected_theoretical, play_two_rounds
from typer.testing import CliRunner

from croupier.cli import app as cli
from croupier.reports.hold import hold_report

POINTS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10} | {str(v): v for v in range(2, 10)}


def back_9_value(front: list[str]) -> Fraction:
    """The expected net per Front 9 unit of a Back 9 Wager on the two ``front`` cards
    (e.g. ``["Ah", "Td"]``): the hole cards are two of the 50 others; +1 and the Back 9
    odds at par 24 or less (25, 5, 2, 1 to 1 by score), -2 over par (676a.12)."""
    deck = [min(v, 10) for v in range(1, 14) for _ in range(4)]
    for card in front:
        deck.remove(POINTS[card[0]])
    start = sum(POINTS[card[0]] for card in front)
    nets: Counter[int] = Counter()
    for pair in combinations(deck, 2):
        total = start + sum(pair)
        score = 26 if total <= 8 else 6 if total <= 13 else 3 if total <= 18 else 2
        nets[score if total <= 24 else -2] += 1
    return Fraction(sum(net * n for net, n in nets.items()), comb(50, 2))


def observed_by_hand(events: list[dict[str, Any]]) -> Fraction:
    """The house's expected win of one stored round given its decisions."""
    cards: dict[Any, dict[int, str]] = {}
    for event in events:
        if event["type"] == "CardDealt":
            cards.setdefault(event["hand"], {})[event["position"]] = event["card"]
    folded = {event["seat"] for event in events if event["type"] == "Folded"}
    total = Fraction(0)
    for event in events:
        if event["type"] != "WagerSettled" or event["spot"] != "front_9":
            continue
        seat, stake = event["seat"], event["amount"]
        total += (
            stake if seat in folded else -stake * back_9_value([cards[seat][0], cards[seat][1]])
        )
    return total


def test_go_fore_it_observed_against_the_hand_count(migrated_sqlite: Callable[[str], str]) -> None:
    settings, _closes, seed = SETUPS["go-fore-it"]
    url = migrated_sqlite("gfi.sqlite")
    table = GameTable(url, "go-fore-it", 2, seed, settings)
    try:
        expected = Fraction(0)
        for _ in range(3):
            round_id = table.play(player("go-fore-it"))
            expected += observed_by_hand(events_of(table.replay(round_id)))
        with Session(table.api.engine) as session:
            rows = hold_report(session, observed=True)
            plain = hold_report(session)
            session.commit()
        [row] = [row for row in rows if row.level == "table"]
        [before] = [row for row in plain if row.level == "table"]
        assert row.rounds == 3 and row.observed_on
        assert row.observed == expected
        assert row.theoretical == before.theoretical  # the optimal figure is unchanged
        assert row.observed_missing == set()
        [total] = [row for row in rows if row.level == "total"]
        assert total.observed == expected
        result = CliRunner().invoke(cli, ["report", "hold", "--db", url, "--csv", "--observed"])
        assert result.exit_code == 0, result.output
        first = next(csv.DictReader(io.StringIO(result.output)))
        assert float(first["observed_theoretical_win_cents"]) == round(float(expected), 2)
    finally:
        table.close()


def test_sic_bo_observed_is_the_optimal_figure(api: Api, scripted: ScriptedRng) -> None:
    play_two_rounds(api, scripted)
    with Session(api.engine) as session:
        rows = hold_report(session, observed=True)
        session.commit()
    theoretical, _ = expected_theoretical()
    for row in rows:
        assert row.observed == Fraction(1_000, 36) + Fraction(1_000, 8) + Fraction(1_000, 36)
        assert row.theoretical is not None
        assert abs(row.theoretical - theoretical) < 1e-9
        assert row.observed_hold == pytest.approx(row.theoretical_hold, rel=1e-12)


def pai_gow_value(high: list[str], low: list[str], way_name: str) -> Fraction:
    """The expected result per unit of the setting ``high``/``low`` against every dealer
    hand of the other 28 tiles, tile by tile (20,475 hands), the dealer setting by the
    house way: both hands higher wins 1 less the 5% vigorish, neither loses, else a tie
    (621a.10(g)-(k))."""
    from croupier.equipment.tiles import SET, parse_tile
    from croupier.hands.paigow import HOUSE_WAYS, Result, outcome, setting_with

    way = HOUSE_WAYS[way_name]
    player = setting_with([*high, *low], high)
    rest = list(SET)
    for tile in (*high, *low):
        rest.remove(parse_tile(tile))
    nets = {Result.WIN: Fraction(19, 20), Result.LOSE: Fraction(-1), Result.TIE: Fraction(0)}
    hands = list(combinations(rest, 4))
    assert len(hands) == comb(28, 4)
    return sum((nets[outcome(player, way.set(hand))] for hand in hands), Fraction(0)) / len(hands)


def test_pai_gow_observed_against_every_dealer_hand(migrated_sqlite: Callable[[str], str]) -> None:
    settings, _closes, seed = SETUPS["pai-gow"]
    table = GameTable(migrated_sqlite("pg.sqlite"), "pai-gow", 2, seed, settings)
    try:
        round_id = table.play(player("pai-gow"))
        events = events_of(table.replay(round_id))
        set_by = {e["seat"]: e for e in events if e["type"] == "HandsSet"}
        expected = Fraction(0)
        for event in events:
            if event["type"] == "WagerSettled" and event["outcome"] != "void":
                hands = set_by[event["seat"]]
                value = pai_gow_value(list(hands["high"]), list(hands["low"]), "regulation")
                expected -= event["amount"] * value
        with Session(table.api.engine) as session:
            rows = hold_report(session, observed=True)
            session.commit()
        [row] = [row for row in rows if row.level == "table"]
        assert row.observed == expected and row.observed_missing == set()
    finally:
        table.close()


def criss_cross_value(
    cards: list[str], community: dict[str, str], bets: list[Fraction]
) -> Fraction:
    """The expected net in antes of a player who made the Across, Down and Middle Bets
    ``bets`` (in antes) with ``cards`` and the four outer community cards known, the
    middle card one of the 46 others: each ante pays 1 to 1 on jacks or better, pushes on
    6s to 10s, loses below; each bet pays its hand's odds (674a.12(b)), pushes on 6s to
    10s, loses below; the Middle Bet on the higher of the two hands (674a.11(h))."""
    from croupier.equipment.cards import deck, parse_cards
    from croupier.hands.poker import evaluate
    from croupier.rules.criss_cross_poker import ANTE_ODDS, BET_ODDS, PAYLINE_ORDER, payline

    def paid(line: Any, odds: dict[Any, Fraction | None]) -> Fraction:
        if PAYLINE_ORDER.index(line) == 0:  # less than a pair of 6s
            return Fraction(-1)
        return odds[line] or Fraction(0)

    mine = list(parse_cards(" ".join(cards)))
    row = list(parse_cards(f"{community['left']} {community['right']}"))
    column = list(parse_cards(f"{community['far']} {community['near']}"))
    seen = {*mine, *row, *column}
    total = Fraction(0)
    middles = [card for card in deck() if card not in seen]
    assert len(middles) == 46
    a, d, m = bets
    for middle in middles:
        across = payline(evaluate([*mine, *row, middle]))
        down = payline(evaluate([*mine, *column, middle]))
        higher = max(across, down, key=PAYLINE_ORDER.index)
        total += paid(across, ANTE_ODDS) + paid(down, ANTE_ODDS)
        total += a * paid(across, BET_ODDS) + d * paid(down, BET_ODDS) + m * paid(higher, BET_ODDS)
    return total / 46


def test_criss_cross_poker_observed_against_the_middle_cards(
    migrated_sqlite: Callable[[str], str],
) -> None:
    settings, _closes, seed = SETUPS["criss-cross-poker"]
    url = migrated_sqlite("ccp.sqlite")
    table = GameTable(url, "criss-cross-poker", 2, seed, settings)
    try:
        round_id = table.play(player("criss-cross-poker"))
        events = events_of(table.replay(round_id))
        cards: dict[Any, dict[int, str]] = {}
        for event in events:
            if event["type"] == "CardDealt":
                cards.setdefault(event["hand"], {})[event["position"]] = event["card"]
        boxes = ("far", "left", "middle", "right", "near")  # the order they are dealt
        community = {box: cards["community"][i] for i, box in enumerate(boxes)}
        staked: dict[int, dict[str, int]] = {}
        for event in events:
            if event["type"] == "WagerPlaced":
                spots = staked.setdefault(event["seat"], {})
                spots[event["spot"]] = spots.get(event["spot"], 0) + event["amount"]
        folded = {event["seat"] for event in events if event["type"] == "Folded"}
        assert folded == {2}  # seat 2 folds at the Down decision; seat 1 bets every time
        expected = Fraction(sum(staked[2].values()))
        one = staked[1]
        ante = Fraction(one["ante_across"])
        bets = [one[spot] / ante for spot in ("across", "down", "middle")]
        hand = [cards[1][0], cards[1][1]]
        expected -= ante * criss_cross_value(hand, community, bets)
        with Session(table.api.engine) as session:
            # no par sheet computed (minutes): the antes are all the decisions decide
            rows = hold_report(session, observed=True, compute=False)
            session.commit()
        [row] = [row for row in rows if row.level == "table"]
        assert row.observed == expected and row.observed_missing == set()
    finally:
        table.close()
