"""The procedure drill (issue #35): the dealer's steps of a round taken in the table
policy's order are all taken; a step out of order is refused by the round with the
section that orders it, and changes nothing."""

from __future__ import annotations

import pytest

from croupier.registry import GAMES
from croupier.training.drill import drills_of
from croupier.training.procedure import ProcedureDrill, step_name


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_s_steps_in_order_are_taken(game: str) -> None:
    drill = ProcedureDrill(game, seed=5)
    while not drill.finished:
        verdict = drill.take(step_name(drill.steps[drill.next]))
        assert verdict.right, verdict.words
    assert drill.score.right == drill.score.asked == len(drill.steps)
    assert "procedure" in drills_of(drill.spec)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_step_out_of_order_is_refused_with_its_section_and_changes_nothing(game: str) -> None:
    drill = ProcedureDrill(game, seed=5)
    due = step_name(drill.steps[0])
    last = step_name(drill.steps[-1])
    if last == due:
        pytest.skip(f"{game}'s first and last steps have one name")
    before = list(drill.round.events)
    verdict = drill.take(last)
    assert not verdict.right
    assert verdict.words.startswith(f"Refused: {last}: ")
    assert verdict.cite and verdict.cite.split(".")[0] in verdict.words
    assert verdict.words.endswith(f" The step due: {due}.")  # corrected, not only refused
    assert drill.round.events == before
    assert drill.take(due).right
    [wrong, right] = drill.results
    assert (wrong.expected, wrong.given, wrong.right) == (due, last, False)
    assert (right.expected, right.given, right.right) == (due, due, True)


def test_a_name_that_is_no_step_is_refused_in_words() -> None:
    drill = ProcedureDrill("go-fore-it", seed=1)
    with pytest.raises(ValueError, match="no step of this round"):
        drill.take("spin the wheel")
    assert drill.results == []


def test_go_fore_it_deals_after_the_shuffle_and_cut() -> None:
    # 676a.5, 676a.8: no more bets, the shuffle and the cut come before the deal.
    drill = ProcedureDrill("go-fore-it", seed=3)
    assert [step_name(s) for s in drill.steps[:4]] == [
        "Announce no more bets",
        "Shuffle cards",
        "Cut cards",
        "Deal cards",
    ]
    drill.take("Announce no more bets")
    refused = drill.take("Deal cards")
    assert not refused.right and "676a.8" in refused.words
