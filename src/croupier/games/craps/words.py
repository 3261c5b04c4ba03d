"""Craps (623a) in the browser's words: ``WORDS`` and ``TIMEOUTS`` as
:attr:`croupier.game.GameSpec.words` and :attr:`~croupier.game.GameSpec.timeouts` describe them."""

from __future__ import annotations

WORDS: dict[str, str] = {
    # the wagers of the par sheet as the layout and 623a name them
    "dont_pass": "Don't Pass",
    "dont_come": "Don't Come",
    "pass_with_odds": "Pass with odds",
    "dont_pass_with_odds": "Don't Pass with odds laid",
    "c_and_e": "C and E",
    "any_seven": "Any Seven",
    "any_craps": "Any Craps",
    "big_6": "Big 6",
    "big_8": "Big 8",
    "fire_bet": "Fire Bet",
    "all_small": "All Small",
    "all_tall": "All Tall",
    "make_em_all": "Make 'Em All",
}
TIMEOUTS = {
    "SelectDice": (
        "you keep the first two dice offered",
        "seat N keeps the first two dice offered",
        "kept the first two dice offered",
    ),
    "EndTurn": (
        None,
        "the dealer ends the shooter's turn with the dice",
        "the dealer ended the shooter's turn with the dice",
    ),
}

HOW_TO_PLAY = (
    "A shooter throws two dice. The first throw of a turn is the come-out: on the Pass "
    "Line 7 or 11 wins and 2, 3 or 12 loses; any other total becomes the point, and the "
    "Pass Line then wins if the point is thrown again before a 7 (623a.5). Don't Pass "
    "wins and loses the other way round, with 12 (or 2, as the table bars) a push.",
    "Come and Don't Come work like the Pass Line and Don't Pass from the next throw; odds "
    "may be taken behind a line wager once it has a point, paid at true odds up to the "
    "table's odds limit (623a.6). Place, Buy and Lay wagers are on a number against the 7; "
    "the Field and the propositions are decided by one throw (623a.3).",
    "The turn ends when the shooter throws a 7 after a point (a seven-out); the dice then "
    "pass to the next player (623a.10). Every wager pays as the table below says.",
)

__all__ = ["HOW_TO_PLAY", "TIMEOUTS", "WORDS"]
