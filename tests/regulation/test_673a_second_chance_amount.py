"""673a.7(l): the Second Chance Wager after a double down is "the amount of the player's
current Blackjack Wager"; the Rules Submission's ``second_chance_amount = "original"``
makes it the original Blackjack Wager alone (docs/interpretations.md, "The Second Chance
Wager"). The amounts are the text's, worked here."""

from __future__ import annotations

from dbj_table import FIVE, decide, finish, net, of_type, open_round, settled

from croupier.engine import DEALER, Outcome, WagerPlaced

NINE_EIGHT = "9s 8h"
"""The dealer's 17."""


def test_the_second_chance_wager_is_the_original_wager_where_the_submission_says() -> None:
    """8-6 doubled for $5 draws a king (24) and takes a Second Chance for the original $5
    alone: a 4 makes 20, which beats the dealer's 17: the Blackjack Wager and the double
    are returned and the Second Chance Wager wins $5 (673a.7(s)(1)(i), 1 to 1)."""
    rnd = open_round(
        {1: "8c 6d", DEALER: NINE_EIGHT}, draws="Kh 4h", second_chance_amount="original"
    )
    decide(rnd, 1, "double", FIVE)
    events = decide(rnd, 1, "second_chance")
    assert of_type(events, WagerPlaced)[0].amount == FIVE
    finish(rnd)
    result = settled(rnd)
    assert result["second_chance"].outcome is Outcome.WIN and result["second_chance"].won == FIVE
    assert net(rnd) == FIVE


def test_a_doubled_second_chance_that_stays_over_21_loses_three_units() -> None:
    """24 less a 2 is 22, still over 21 (673a.7(l)(1)): the Blackjack Wager, the double
    and the Second Chance Wager of the original $5 are collected: $15."""
    rnd = open_round(
        {1: "8c 6d", DEALER: NINE_EIGHT}, draws="Kh 2h", second_chance_amount="original"
    )
    decide(rnd, 1, "double", FIVE)
    decide(rnd, 1, "second_chance")
    finish(rnd)
    assert net(rnd) == -3 * FIVE
