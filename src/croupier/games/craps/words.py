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
}

__all__ = ["TIMEOUTS", "WORDS"]
