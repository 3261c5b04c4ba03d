"""The observed-decisions figure of Double Back Jack (58 Pa. Code ch. 673a): scripted
rounds valued against the dealer's hole card and draws enumerated here, card by card,
from the shoe's known remaining composition."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from croupier.engine import DEALER
from croupier.equipment.cards import parse_cards
from croupier.games.double_back_jack import (
    DealCards,
    Decide,
    DoubleBackJackRound,
    PlaceWager,
    PlayDealerHand,
    ReadHoleCard,
    RoundSetup,
    SettleWagers,
)
from croupier.reports.observed import round_observed
from croupier.rng import SeededRng
from croupier.rules.double_back_jack import DoubleBackJackRules

STAKE = 1000


def one_deck_less(*seen: str) -> list[int]:
    """The card values (1 ace to 10) of one 52-card deck less the ``seen`` ranks."""
    values = [v for v in range(1, 10) for _ in range(4)] + [10] * 16
    for rank in seen:
        values.remove({"A": 1, "T": 10, "K": 10, "Q": 10, "J": 10}.get(rank) or int(rank))
    return values


def dealer_finals(cards: list[int], unseen: list[int]) -> dict[int, Fraction]:
    """The dealer's final total (23 for any bust) holding ``cards``, drawing one card at a
    time from ``unseen`` (equally likely) to 16 and standing on all 17s, soft included."""
    hard = sum(cards)
    total = hard + 10 if 1 in cards and hard + 10 <= 21 else hard
    if total >= 17:
        return {min(total, 23): Fraction(1)}
    out: dict[int, Fraction] = {}
    for i, value in enumerate(unseen):
        rest = unseen[:i] + unseen[i + 1 :]
        for final, p in dealer_finals([*cards, value], rest).items():
            out[final] = out.get(final, Fraction(0)) + p / len(unseen)
    return out


def play(hands: str, dealer: str, draws: str, decisions: list[str], insurance: int = 0) -> Any:
    player, up_hole = parse_cards(hands), parse_cards(dealer)
    stack = [player[0], up_hole[0], player[1], up_hole[1], *parse_cards(draws)]
    filler = parse_cards("2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s")
    rnd = DoubleBackJackRound.open(
        DoubleBackJackRules(decks=1),
        table_id="T1",
        round_id="R1",
        seats={1: "ann"},
        rng=SeededRng(0),
        setup=RoundSetup(
            batch="red",
            shuffling="manual",
            shoe=(*stack, *filler),
            cover_at=len(filler),
            cite="673a.7(a)",
        ),
    )
    rnd.handle(PlaceWager(seat=1, spot="blackjack", amount=STAKE), 1)
    rnd.handle(DealCards(), DEALER)
    if insurance:
        rnd.handle(PlaceWager(seat=1, spot="insurance", amount=insurance), 1)
    if rnd.state.phase == "reader":
        rnd.handle(ReadHoleCard(), DEALER)
    for decision in decisions:
        rnd.handle(Decide(seat=1, decision=decision), 1)
    if not rnd.finished:
        rnd.handle(PlayDealerHand(), DEALER)
        rnd.handle(SettleWagers(), DEALER)
    assert rnd.finished
    return rnd


def test_a_stand_on_20_against_a_ten_is_worth_the_dealers_draws_by_hand() -> None:
    """20 stands against a ten-value up card; the card reader found no Blackjack, so the
    hole card is any of the 49 unseen cards but the 3 aces left (673a.7(h)). The player
    wins on 17 to 19 and 23+, ties 20 and a dealer 22 (673a.7(q)(1)), loses to 21."""
    rnd = play("Tc Qd", "Th 7c", "", ["stand"])
    unseen = one_deck_less("T", "Q", "T")
    holes = [i for i, v in enumerate(unseen) if v != 1]
    finals: dict[int, Fraction] = {}
    for i in holes:
        rest = unseen[:i] + unseen[i + 1 :]
        for final, p in dealer_finals([10, unseen[i]], rest).items():
            finals[final] = finals.get(final, Fraction(0)) + p / len(holes)
    player = sum(p for t, p in finals.items() if t < 20 or t == 23) - finals.get(21, 0)
    value, why = round_observed(rnd, None)
    assert why == ""
    assert value == -STAKE * player
    assert 0 < player < 1  # a real expectation, not the round's actual win of $10


def test_a_declined_bust_is_lost_and_insurance_worth_the_tens_left() -> None:
    """A hit to 25 with the Second Chance Wager declined loses the wager (673a.7(l)); the
    Insurance Wager on a dealer ace pays 2 to 1 on a ten-value hole card (673a.12(c)):
    15 of the 49 cards unseen at the deal (one ten-value card in the hand)."""
    rnd = play("Tc 5d", "As 9c", "Kh", ["hit", "decline_second_chance"], insurance=500)
    tens = Fraction(15, 49)
    value, why = round_observed(rnd, None)
    assert why == ""
    assert value == STAKE - 500 * (2 * tens - (1 - tens))


def test_a_second_chance_hand_under_21_is_worth_the_dealers_draws_by_hand() -> None:
    """Hard 16 hits a king (26) and takes the Second Chance Wager; the second chance card
    8 leaves 18 standing (673a.7(l)). Against a 9 up (no card reader) the hole card and
    draws are any of the 47 unseen cards: a win returns the Blackjack Wager and pays the
    Second Chance Wager 1 to 1, a tie or a dealer 22 returns both, a loss loses both."""
    rnd = play("Tc 6d", "9h 7c", "Kh 8s 5c", ["hit", "second_chance"])
    assert rnd.state.hands[(1, 0)].total == 18
    finals = dealer_finals([9], one_deck_less("T", "6", "K", "8", "9"))
    win = sum(p for t, p in finals.items() if t < 18 or t == 23)
    lose = sum(p for t, p in finals.items() if 18 < t < 22)
    value, why = round_observed(rnd, None)
    assert why == ""
    assert value == -STAKE * win + 2 * STAKE * lose
