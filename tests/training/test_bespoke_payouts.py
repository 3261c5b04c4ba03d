"""Payout situations of the games' own training modules (issue #35): Sic Bo over every spot
of the table's layout under its paytable, each amount the engine's settlement of that exact
situation, checked here against hand calculations from the paytables posted."""

from __future__ import annotations

import random

import pytest

from croupier.games.sic_bo.training import play
from croupier.registry import find
from croupier.rng import SeededRng
from croupier.rules.sic_bo import SicBoRules
from croupier.training.drill import PayoutDrill
from croupier.training.situation import Level

LOW = SicBoRules()  # the default table: the low paytable
HIGH = SicBoRules(paytable="high")


@pytest.mark.parametrize(
    ("rules", "spot", "faces", "pays"),
    [
        # $10 on Big, 4-5-6 (15, no triple): 1 to 1 = $10.
        (LOW, "big", (4, 5, 6), 1000),
        # $10 on Big, 3-3-3: any three of a kind loses Big.
        (LOW, "big", (3, 3, 3), 0),
        # $10 on Total 15, 4-5-6: 14 to 1 (low) = $140; 18 to 1 (high) = $180.
        (LOW, "total:15", (4, 5, 6), 14_000),
        (HIGH, "total:15", (4, 5, 6), 18_000),
        # $10 on Total 4, 1-1-2: 50 to 1 (low) = $500; 60 to 1 (high) = $600.
        (LOW, "total:4", (1, 1, 2), 50_000),
        (HIGH, "total:4", (1, 1, 2), 60_000),
        # $10 on Three of a Kind 3, 3-3-3: 150 to 1 (low) = $1,500; 180 to 1 (high).
        (LOW, "three_of_a_kind:3", (3, 3, 3), 150_000),
        (HIGH, "three_of_a_kind:3", (3, 3, 3), 180_000),
        # $10 on Any Three of a Kind, 6-6-6: 24 to 1 = $240; 30 to 1 (high) = $300.
        (LOW, "any_three_of_a_kind", (6, 6, 6), 24_000),
        (HIGH, "any_three_of_a_kind", (6, 6, 6), 30_000),
        # $10 on Two of a Kind 5, 5-5-2: 8 to 1 = $80; 11 to 1 (high) = $110.
        (LOW, "two_of_a_kind:5", (5, 5, 2), 8_000),
        (HIGH, "two_of_a_kind:5", (5, 5, 2), 11_000),
        # $10 on the combination 2 and 6, 6-1-2: 5 to 1 = $50; 6 to 1 (high) = $60.
        (LOW, "combination:2-6", (6, 1, 2), 5_000),
        (HIGH, "combination:2-6", (6, 1, 2), 6_000),
        # $10 on One of a Kind 5: one die 1 to 1, two dice 2 to 1, three dice 3 to 1.
        (LOW, "one_of_a_kind:5", (5, 1, 2), 1_000),
        (LOW, "one_of_a_kind:5", (5, 5, 2), 2_000),
        (LOW, "one_of_a_kind:5", (5, 5, 5), 3_000),
        (LOW, "one_of_a_kind:5", (4, 1, 2), 0),
    ],
)
def test_sic_bo_pays_as_the_paytable_posted(
    rules: SicBoRules, spot: str, faces: tuple[int, int, int], pays: int
) -> None:
    [paid] = play(rules, [(spot, 1000)], faces).payouts
    assert (paid.amount, paid.pays) == (1000, pays)
    assert paid.cite.startswith("625a.")


def test_every_spot_of_the_layout_is_drilled_under_the_tables_paytable() -> None:
    spec = find("sic-bo")
    layout = {info.value for info in spec.spots_of(HIGH)}
    drill = PayoutDrill("sic-bo", rules=HIGH, level=Level(3), seed=4, rng=SeededRng(4))
    seen: set[str] = set()
    paid = 0
    for _ in range(120):
        item = drill.deal()
        seen |= {p.spot for p in item.payouts}
        paid += bool(item.total)
    assert seen == layout
    assert paid > 90  # mostly a throw that wins one of the wagers


def test_a_situation_is_the_one_its_seed_deals() -> None:
    spec = find("sic-bo")
    from croupier.games.sic_bo.training import situation

    one = situation(spec, LOW, Level(2), random.Random(9), SeededRng(9))
    two = situation(spec, LOW, Level(2), random.Random(9), SeededRng(9))
    assert one == two


def test_high_roll_dice_pays_the_worked_example_of_675a_4() -> None:
    # 675a.4(f)(1): Pip Street on the 5 die and on the 2 die; four 5s, three 6s, two 1s
    # and one 4 thrown: the 2 is collected, the 5 paid at 4 to 1 (675a.5(a), "Five 4 to
    # 1"): $10 -> $40. The Like Kind 4 (four of a kind) pays 1 to 1 (675a.5(b)): $10.
    from croupier.games.high_roll_dice.training import play as roll
    from croupier.rng import ScriptedRng, dice_draws
    from croupier.rules.high_roll_dice import HighRollDiceRules

    faces = (5, 5, 5, 5, 6, 6, 6, 1, 1, 4)
    wagers = [("pip_street:five", 1000), ("pip_street:two", 1000), ("like_kind:4", 1000)]
    found = roll(HighRollDiceRules(), wagers, ScriptedRng(dice_draws(faces)))
    paid = {p.spot: (p.outcome, p.pays) for p in found.payouts}
    assert paid == {
        "pip_street:five": ("win", 4000),
        "pip_street:two": ("lose", 0),
        "like_kind:4": ("win", 1000),
    }


def test_high_roll_dice_deals_the_six_dice_variation_where_the_rules_select_it() -> None:
    from croupier.registry import rules_from_data

    six = rules_from_data({"game": "high-roll-dice", "variant": "six_dice"})
    drill = PayoutDrill("high-roll-dice", rules=six, level=Level(2), seed=2, rng=SeededRng(2))
    for _ in range(5):
        item = drill.deal()
        thrown = next(line for line in item.scene if line.startswith("Dice thrown"))
        assert len(thrown.split(":")[1].split()) in range(1, 7)  # never ten dice
        assert all(p.cite.startswith("675a.6") for p in item.payouts), item.payouts


# 674a.12(c): the Five Card Bonus paytable, as the regulation writes it.
BONUS_ODDS = {
    "royal flush": 250,
    "straight flush": 100,
    "four of a kind": 40,
    "full house": 15,
    "flush": 10,
    "straight": 6,
    "three of a kind": 4,
    "two pair": 3,
    "pair of 6s or better": 1,
}
RANKS = "23456789TJQKA"


def _five_card_hand(cards: list[str]) -> str | None:
    """The hand the five community cards form (674a.6), or ``None`` below a pair of 6s:
    classified here by hand, apart from the game's code."""
    values = sorted((RANKS.index(c[0]) for c in cards), reverse=True)
    counts = sorted((values.count(v) for v in set(values)), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    straight = len(set(values)) == 5 and (values[0] - values[4] == 4 or values == [12, 3, 2, 1, 0])
    if straight and flush:
        return "royal flush" if values[0] == 12 and values[4] == 8 else "straight flush"
    if counts[0] == 4:
        return "four of a kind"
    if counts[:2] == [3, 2]:
        return "full house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if counts[0] == 3:
        return "three of a kind"
    if counts[:2] == [2, 2]:
        return "two pair"
    pair = next((v for v in values if values.count(v) == 2), None)
    return "pair of 6s or better" if pair is not None and pair >= RANKS.index("6") else None


def test_the_five_card_bonus_pays_as_674a_12_c_on_the_community_cards() -> None:
    from pathlib import Path

    from croupier.registry import load

    shipped = Path(__file__).parents[2] / "examples" / "rules" / "criss-cross-poker.toml"
    rules = load(shipped)
    drill = PayoutDrill("criss-cross-poker", rules=rules, level=Level(2), seed=5, rng=SeededRng(5))
    checked = won = 0
    for _ in range(40):
        item = drill.deal()
        bonus = [p for p in item.payouts if p.spot == "five_card_bonus"]
        if not bonus:
            continue
        line = next(x for x in item.scene if x.startswith("Cards to the community: "))
        hand = _five_card_hand(line.removeprefix("Cards to the community: ").split())
        expected = 0 if hand is None else bonus[0].amount * BONUS_ODDS[hand]
        assert bonus[0].pays == expected, (line, hand, bonus[0])
        checked += 1
        won += hand is not None
    assert checked >= 10 and 0 < won < checked


# 676a.12(d): the Gopher Wager's paytables, by the aces among the player's four cards.
GOPHER = {"a": {4: 1000, 3: 50, 2: 5, 1: 2}, "b": {4: 1000, 3: 50, 2: 6, 1: 2}}


@pytest.mark.parametrize("paytable", ["a", "b"])
def test_the_gopher_wager_pays_by_the_aces_as_676a_12_d(paytable: str) -> None:
    from croupier.registry import rules_from_data

    rules = rules_from_data({"game": "go-fore-it", "gopher_paytable": paytable})
    drill = PayoutDrill("go-fore-it", rules=rules, level=Level(1), seed=6, rng=SeededRng(6))
    checked = 0
    kinds: set[str] = set()
    for _ in range(40):
        item = drill.deal()
        kinds |= {p.spot for p in item.payouts}
        for paid in (p for p in item.payouts if p.spot == "gopher"):
            line = next(x for x in item.scene if x.startswith("Cards to seat 1: "))
            aces = sum(card.startswith("A") for card in line.split(": ")[1].split())
            assert paid.pays == paid.amount * GOPHER[paytable].get(aces, 0), (line, paid)
            checked += 1
    assert checked >= 5
    assert {"front_9", "back_9", "skins", "gopher"} <= kinds
