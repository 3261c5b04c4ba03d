"""Each game's drill items against hand calculations of fixed situations and the
regulations' worked examples (issue #35): the answer is the engine's settlement, a wrong
answer is corrected with the amount and the section."""

from __future__ import annotations

import random

import pytest

from croupier.games.double_back_jack.training import play as deal_blackjack
from croupier.games.pai_gow.training import house_way, payout_round
from croupier.hands.paigow import WAY_RULES
from croupier.registry import find
from croupier.rng import ScriptedRng, SeededRng, dice_draws
from croupier.rules.double_back_jack import DoubleBackJackRules
from croupier.rules.pai_gow import PaiGowRules
from croupier.training.drill import SettingDrill, judge
from croupier.training.setting import InvalidAnswer, judge_setting
from croupier.training.table import Table

DBJ = DoubleBackJackRules()


def pays(situation):  # type: ignore[no-untyped-def]
    return {p.spot: (p.outcome, p.pays) for p in situation.payouts}


def test_a_double_back_jack_blackjack_pays_2_to_1() -> None:
    # 673a.12(a): a player Blackjack is paid at 2 to 1: $10 -> $20.
    found = deal_blackjack(DBJ, "As Kd", "9h 7c", wager=1000)
    assert pays(found) == {"blackjack": ("win", 2000)}
    payout = found.payouts[0]
    assert "673a.12(a)" in payout.cite
    wrong = judge(payout, 1500)  # 3 to 2, another game's blackjack
    assert not wrong.right and "$20" in wrong.words and "673a.12(a)" in wrong.words


def test_insurance_pays_2_to_1_when_the_dealer_has_blackjack() -> None:
    # 673a.12(c): $5 Insurance on a $10 wager, dealer A-K: $10; the Blackjack Wager lost.
    found = deal_blackjack(DBJ, "Tc 7h", "Ad Kh", wager=1000, insurance=500)
    assert pays(found) == {"insurance": ("win", 1000), "blackjack": ("lose", 0)}
    insurance = next(p for p in found.payouts if p.spot == "insurance")
    assert "673a.12(c)" in insurance.cite


def test_the_second_chance_worked_example() -> None:
    # 673a.7(l): 25 with a second chance card of 5 is 20; against the dealer's 18 the
    # hand wins: the Blackjack Wager is returned and the Second Chance paid 1 to 1
    # (673a.7(s)(1)(i), 673a.12(b)).
    found = deal_blackjack(DBJ, "Th 6c", "Td 8s", wager=1000, draws="9h 5d")
    assert pays(found) == {"blackjack": ("push", 0), "second_chance": ("win", 1000)}
    second = next(p for p in found.payouts if p.spot == "second_chance")
    assert "673a.12(b)" in second.cite


def test_a_pai_gow_win_pays_1_to_1_less_the_vigorish() -> None:
    # 621a.10(k): a winning $20 wager is paid $20 less 5%, $19.
    rng = SeededRng(3)
    for _ in range(200):
        found = payout_round(PaiGowRules(), 2000, rng)
        if found.total:
            break
    [payout] = found.payouts
    assert (payout.outcome, payout.pays) == ("win", 1900)
    assert "621a.10(k)" in payout.cite and "$1 vigorish" in payout.note
    assert not judge(payout, 2000).right


def test_sic_bo_spots_equal_the_paytable() -> None:
    # 625a (inferred): dice 2, 2, 5: Small (total 9) 1 to 1; total 9 pays 6 to 1 on the
    # low table; Two of a Kind 2 pays 8 to 1; One of a Kind 5 (one five) pays 1 to 1.
    spec = find("sic-bo")
    table = Table.open(spec, spec.rules_type(), ScriptedRng(dice_draws([2, 2, 5])))
    for spot in ("small", "total:9", "two_of_a_kind:2", "one_of_a_kind:5", "big"):
        table.wager(1, spot, 1000)
    table.finish()
    found = {p.spot: p.pays for p in table.payouts()}
    assert found == {
        "small": 1000,
        "total:9": 6000,
        "two_of_a_kind:2": 8000,
        "one_of_a_kind:5": 1000,
        "big": 0,
    }


def test_high_roll_dice_pip_street_worked_example() -> None:
    # 675a.5(a) (the engine's module example): five fives, the most of any face: $5 on the
    # five wins at 4 to 1, $20.
    spec = find("high-roll-dice")
    dice = ScriptedRng(dice_draws([5, 5, 5, 5, 5, 1, 2, 3, 4, 6]))
    table = Table.open(spec, spec.rules_type(), dice)
    table.wager(1, "pip_street:five", 500)
    table.finish()
    [payout] = table.payouts()
    assert (payout.pays, payout.cite) == (2000, "675a.5(a)")


def test_the_house_way_drill_judges_tile_by_tile_and_names_the_rule() -> None:
    drill = SettingDrill("pai-gow", seed=1, rng=SeededRng(5))
    item = drill.deal()
    assert sorted([*item.first, *item.second]) == sorted(item.pieces)
    right = drill.answer(" ".join(reversed(item.first)))
    assert right.right and item.rule in right.words
    drill.deal()
    wrong_item = drill.item
    assert wrong_item is not None
    wrong = [p for p in wrong_item.pieces if p not in wrong_item.first][:1]
    given = [wrong_item.first[0], *wrong] if wrong else list(wrong_item.second)
    verdict = drill.answer(" ".join(given))
    assert not verdict.right and wrong_item.cite in verdict.words
    assert "belongs in the high hand" in verdict.words
    with pytest.raises(InvalidAnswer, match="name the 2 tiles of the high hand"):
        drill.answer("6-6")
    assert drill.score.asked == 2 and drill.score.right == 1


def test_the_house_way_is_the_regulation_s_by_default() -> None:
    # 621a.10(d)(2): the dealer's 1-4 1-1 4-4 6-6 play the pair of 6-6 4-4 (Gong? no: the
    # regulation's step two plays a pair, Wong or Gong where possible).
    for seed in range(20):
        item = house_way(None, PaiGowRules(), random.Random(seed), SeededRng(seed))
        rule = next(r for r in WAY_RULES.values() if r.text == item.rule)
        assert item.cite == rule.cite and item.cite.startswith("621a.10(d)")
        assert judge_setting(item, " ".join(item.first)).right


def test_go_fore_it_front_and_back_9_through_the_drill_s_reading() -> None:
    # 676a.12(a)-(b): a total of 18 is a Birdie: the Front 9 pays 1 to 1 ($5) and the Back 9
    # 2 to 1 ($10); the round is the regulation tests' stacked deck, read by the drill.
    from regulation.card_table import DEALER, deal, play_out

    spec = find("go-fore-it")
    rnd = deal({1: "9s 5s 2s 2c", DEALER: "Qh Jh Th 9h"}, {1: ["front_9"]})
    play_out(rnd, back_9=[1])
    table = Table(spec, rnd, {i.value: i.label for i in spec.spots_of(rnd.submission)})
    found = {p.spot: (p.pays, p.cite) for p in table.payouts()}
    assert found == {"front_9": (500, "676a.12(a)"), "back_9": (1000, "676a.12(b)")}
    back = next(p for p in table.payouts() if p.spot == "back_9")
    assert judge(back, 1000).right and not judge(back, 500).right


def test_criss_cross_poker_with_the_five_card_bonus_deals_it() -> None:
    from croupier.registry import rules_from_data
    from croupier.training.drill import PayoutDrill
    from croupier.training.situation import Level

    rules = rules_from_data({"game": "criss-cross-poker", "five_card_bonus": True})
    drill = PayoutDrill("criss-cross-poker", rules=rules, level=Level(2), seed=3, rng=SeededRng(3))
    bonus = [p for _ in range(12) for p in drill.deal().payouts if p.spot == "five_card_bonus"]
    assert bonus
    for payout in bonus:
        assert payout.pays == (payout.amount * payout.odds if payout.outcome == "win" else 0)
        assert payout.cite.startswith("674a.")
