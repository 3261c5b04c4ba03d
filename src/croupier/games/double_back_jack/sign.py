"""The table sign of Double Back Jack (ch. 673a)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from croupier.money import format_cents, format_odds
from croupier.rules.double_back_jack import (
    BLACKJACK_ODDS,
    DEALER_PUSH_TOTAL,
    DEALER_STANDS_ON,
    INSURANCE_ODDS,
    MAX_HANDS,
    SECOND_CHANCE_ODDS,
    WIN_ODDS,
    DoubleBackJackRules,
)
from croupier.signs import header, limit_range, paytable

INSCRIPTIONS: tuple[str, str, str] = (
    f"Blackjack and Insurance pays {format_odds(BLACKJACK_ODDS)}.",
    f"Dealer shall draw to {DEALER_STANDS_ON - 1} and stand on all {DEALER_STANDS_ON}s.",
    "Blackjack Wagers will push if the dealer's hand has a total point count of "
    f"{DEALER_PUSH_TOTAL}, player 21 pays right away, Second Chance pays even money.",
)
"""The three inscriptions of 673a.2(b)(4)(i)-(iii), in the regulation's words."""


def sign(rules: DoubleBackJackRules) -> RenderableType:
    """The table sign of a Double Back Jack submission: the inscriptions of
    673a.2(b)(4)(i)-(iii), the payout odds of every permissible wager (673a.2(b)(5),
    673a.12(a)-(c)) with surrender (673a.9), double down (673a.10) and split pairs
    (673a.11), and the table limits."""
    s = rules.sections
    assert INSURANCE_ODDS == BLACKJACK_ODDS  # one inscription states both (673a.2(b)(4)(i))
    blackjack_rows = [
        ("Player Blackjack (first two cards, not after a split)", format_odds(BLACKJACK_ODDS)),
        ("Player 21, paid right away", format_odds(WIN_ODDS)),
        ("Any other hand higher than the dealer's, or the dealer busts", format_odds(WIN_ODDS)),
        (f"Dealer's hand totals {DEALER_PUSH_TOTAL}", "Push"),
        ("Tie with the dealer's hand", "Push"),
    ]
    second_rows = [
        ("Hand wins or totals 21 after the second chance card", format_odds(SECOND_CHANCE_ODDS)),
        ("Blackjack Wager on that hand", "Returned"),
        (f"Dealer's hand totals {DEALER_PUSH_TOTAL}, or a tie", "Push"),
    ]
    insurance_rows = [
        ("Dealer's hole card is a king, queen, jack or 10", format_odds(INSURANCE_ODDS)),
    ]
    return Group(
        *header("Double Back Jack (58 Pa. Code ch. 673a)", rules),
        *(
            Text(f"{text} (673a.2(b)(4)({numeral}))", style="bold")
            for text, numeral in zip(INSCRIPTIONS, ("i", "ii", "iii"), strict=True)
        ),
        Text(""),
        Text("PAYOUT ODDS (673a.2(b)(5))", style="bold"),
        paytable(f"Blackjack Wager ({s.blackjack_odds})", "Player's hand", blackjack_rows),
        paytable(
            f"Second Chance Wager ({s.second_chance_odds}; {s.second_chance_21}; "
            f"{s.win_with_second_chance})",
            "After a bust, one card subtracted (an ace counts 1)",
            second_rows,
        ),
        paytable(f"Insurance Wager ({s.insurance_odds})", "Dealer shows an ace", insurance_rows),
        Text(""),
        *_wager_notes(rules),
    )


def _wager_notes(rules: DoubleBackJackRules) -> list[Text]:
    """The sign's lines on double down, split pairs, surrender, the Second Chance and
    Insurance Wagers' amounts, and the table limits."""
    s = rules.sections
    half = format_cents(rules.chip)
    return [
        Text(
            f"Double down: one additional wager of at most the original Blackjack Wager, one "
            f"card, paid with the hand ({s.double}); also after a split ({s.double_after_split})."
        ),
        Text(
            f"Split pairs: cards of identical value, at most {MAX_HANDS} hands, the second "
            f"wager equal to the original; split aces draw, stand or double as any pair; an "
            f"ace and a 10 value card after a split pays as "
            f"21, not a Blackjack ({s.split}; {s.split_order})."
        ),
        Text(
            f"Surrender: half the wager returned, the whole wager lost to a dealer Blackjack "
            f"when the dealer shows an ace or 10 value card ({s.surrender})."
        ),
        Text(
            f"Second Chance Wager: equal to the current Blackjack Wager ({s.second_chance}); "
            f"Insurance Wager: at most half the initial Blackjack Wager, or the next amount in "
            f"{half} chips ({s.insurance_limit})."
        ),
        Text(
            f"Table limits: Blackjack Wager {limit_range(rules.minimum_wager, rules.maximum_wager)}"
            f"; {rules.decks} deck{'s' if rules.decks > 1 else ''} ({s.decks})"
        ),
    ]
