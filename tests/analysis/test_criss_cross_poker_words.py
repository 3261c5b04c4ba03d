"""The Criss-Cross Poker return as the lobby and the help say it (issue 34): what is
wagered and how it is played, in a player's words; it read "outcomes are decision paths,
each split into won (net above zero) and not won, with their expected nets"."""

from __future__ import annotations

from fractions import Fraction

from croupier.analysis.exact.criss_cross_poker import Solution, antes_figures
from croupier.analysis.returns import wager_return

JARGON = ("decision path", "net above zero", "outcomes", "per unit", "optimally", "not won")


def test_the_antes_return_is_said_in_a_players_words() -> None:
    solution = Solution(
        value=Fraction(-1, 25),
        across={},
        paths={("1x", "1x", "3x"): Fraction(1)},
        path_nets={("1x", "1x", "3x"): Fraction(-2, 25)},
        second_moment=Fraction(4),
        path_wins={},
    )
    said = wager_return(antes_figures(solution))["words"]
    assert not [word for word in JARGON if word in said.lower()], said
    for named in ("Ante Across", "Ante Down", "Across, Down and Middle Bet", "fold", "dollar"):
        assert named in said, said
    assert "674a.7(d)" in said
