"""Payout drills judged by the engine's own settlement (issue #35): for fixed situations
the drill's right answer equals a hand calculation, a wrong answer is judged wrong and
its correction gives the amount and the section."""

from __future__ import annotations

import random

import pytest

from croupier.errors import InvalidAmount
from croupier.games.craps.training import fire_situation, play
from croupier.registry import GAMES
from croupier.rng import ScriptedRng, SeededRng, dice_draws
from croupier.rules.craps import CrapsRules
from croupier.training.drill import PayoutDrill, judge, judge_total, read_answer
from croupier.training.situation import LEVELS, Level

CRAPS = CrapsRules()


def only(situation, spot):  # type: ignore[no-untyped-def]
    found = [p for p in situation.payouts if p.spot == spot]
    assert len(found) == 1, situation.payouts
    return found[0]


@pytest.mark.parametrize(
    ("spot", "amount", "point", "roll", "pays"),
    [
        # Place 6 at 7 to 6: $12 / 6 * 7 = $14.
        ("place:6", 1200, (2, 2), (3, 3), 1400),
        # Place 5 at 7 to 5 on an odd amount: $7 / 5 * 7 = $9.80.
        ("place:5", 700, (2, 2), (1, 4), 980),
        # Buy 4 at true odds 2 to 1, less 5% of the $20 wager: $40 - $1 = $39.
        ("buy:4", 2000, (3, 3), (1, 3), 3900),
        # Odds behind the Pass Line on a point of 5, 3 to 2 on an odd amount: $15 -> $22.50.
        ("pass_odds", 1500, (2, 3), (1, 4), 2250),
        # Odds on a point of 6 at 6 to 5: $15 -> $18.
        ("pass_odds", 1500, (2, 4), (1, 5), 1800),
        # Odds on a point of 10 at 2 to 1: $15 -> $30.
        ("pass_odds", 1500, (4, 6), (5, 5), 3000),
        # Lay 4 at 1 to 2 on a seven: $40 -> $20 (its 5% of $20 collected when made).
        ("lay:4", 4000, (3, 3), (3, 4), 2000),
        # Propositions: Any Seven 4 to 1, Eleven 15 to 1, Hard 8 9 to 1.
        ("any_seven", 500, (3, 3), (3, 4), 2000),
        ("eleven", 500, (3, 3), (5, 6), 7500),
        ("hard:8", 500, (3, 3), (4, 4), 4500),
        # A Place 6 that loses on a seven pays nothing.
        ("place:6", 1200, (2, 2), (3, 4), 0),
    ],
)
def test_craps_payouts_equal_the_hand_calculation(spot, amount, point, roll, pays) -> None:  # type: ignore[no-untyped-def]
    situation = play(CRAPS, [(spot, amount)], point=point, roll=roll)
    payout = only(situation, spot)
    assert payout.amount == amount
    assert payout.pays == pays
    assert judge(payout, pays).right
    assert situation.scene[-1].startswith(f"The roll: {roll[0]} and {roll[1]}")


def test_a_lay_wager_s_commission_is_said() -> None:
    situation = play(CRAPS, [("lay:4", 4000)], point=(3, 3), roll=(3, 4))
    assert "its $1 commission was collected when it was made" in only(situation, "lay:4").note


def test_a_buy_wager_paid_on_win_is_net_of_its_commission() -> None:
    on_win = CrapsRules(buy_commission="on_win")
    payout = only(play(on_win, [("buy:10", 2000)], point=(3, 3), roll=(4, 6)), "buy:10")
    assert payout.pays == 4000 - 100  # 2 to 1, less 5% of $20
    assert "less the $1 commission" in payout.note


def test_a_wrong_answer_is_corrected_with_the_amount_and_the_section() -> None:
    payout = only(play(CRAPS, [("place:6", 1200)], point=(2, 2), roll=(3, 3)), "place:6")
    verdict = judge(payout, 1200)
    assert not verdict.right
    assert verdict.expected == 1400
    assert "$14" in verdict.words and "not $12" in verdict.words
    assert f"{payout.cite.split(';')[0]}" in verdict.words and "(inferred)" in verdict.words


def test_the_fire_bet_pays_by_the_points_made() -> None:
    # Paytable A: four different points made pay 24 to 1 (623a.11): $5 -> $120.
    situation = fire_situation(CRAPS, [4, 5, 6, 8], random.Random(1), amount=500)
    assert [(p.outcome, p.pays) for p in situation.payouts] == [("win", 12000)]
    # Three points pay nothing.
    lost = fire_situation(CRAPS, [4, 5, 6], random.Random(1), amount=500)
    assert [(p.outcome, p.pays) for p in lost.payouts] == [("lose", 0)]


def test_sic_bo_big_and_a_total() -> None:
    # 4, 5, 6: a total of 15 is Big (1 to 1); the total 15 pays 6 to 1 on the default table.
    drill = PayoutDrill("sic-bo", seed=1, rng=ScriptedRng(dice_draws([4, 5, 6])))
    from croupier.training.table import Table

    table = Table.open(drill.spec, drill.spec.rules_type(), ScriptedRng(dice_draws([4, 5, 6])))
    table.wager(1, "big", 1000)
    table.wager(1, "small", 1000)
    table.finish()
    found = {p.spot: p.pays for p in table.payouts()}
    assert found == {"big": 1000, "small": 0}


def test_the_total_is_judged_too() -> None:
    situation = play(CRAPS, [("place:6", 1200), ("place:8", 600)], point=(2, 2), roll=(3, 3))
    assert situation.total == 1400
    assert judge_total(situation, 1400).right
    wrong = judge_total(situation, 1300)
    assert not wrong.right and "$14" in wrong.words and "(inferred)" in wrong.words


def test_an_answer_that_is_no_amount_is_refused_saying_what_an_answer_is() -> None:
    assert read_answer("14") == 1400 and read_answer("$9.80") == 980 and read_answer("0") == 0
    with pytest.raises(InvalidAmount, match="dollars and cents"):
        read_answer("fourteen")
    with pytest.raises(InvalidAmount, match="less than nothing"):
        read_answer("-5")
    with pytest.raises(ValueError, match="1, 2 or 3"):
        Level(4)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_deals_settled_situations_at_every_level(game: str, level: int) -> None:
    drill = PayoutDrill(game, level=Level(level), seed=level, rng=SeededRng(level))
    for _ in range(3):
        item = drill.deal()
        assert item.payouts and item.scene
        for index, payout in enumerate(item.payouts):
            assert payout.cite
            wrong = drill.answer(index, f"{(payout.pays + 1) / 100:.2f}")
            assert not wrong.right and "Wrong" in wrong.words
        assert len(item.payouts) <= max(Level(level).wagers, 8)
    assert drill.score.right == 0 and drill.score.asked > 0
