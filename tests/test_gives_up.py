"""Offers that give the hand up say so (issue 34): a surrender offered on its own before
the card reader (673a.9) is flagged ``gives_up``, so a page never puts it first (at a
phone's Double Back Jack the turn's focus went to "Surrender": Enter surrendered); the
play offered (Hit, Stand, Double) is not."""

from __future__ import annotations

import random

from croupier.games.double_back_jack import DoubleBackJackRound
from croupier.rng import SeededRng
from croupier.rules.double_back_jack import DoubleBackJackRules
from dbj_driver import step


def _offers(rounds: int) -> list[tuple[str, tuple[object, ...], bool]]:
    """Each offer made to a seat over ``rounds`` random rounds: (command, the decisions it
    offers, gives_up)."""
    seen = []
    choose = random.Random(5)
    for n in range(rounds):
        round_ = DoubleBackJackRound.open(
            DoubleBackJackRules(),
            table_id="T",
            round_id=f"R{n}",
            seats={1: "a", 2: "b"},
            rng=SeededRng(n),
        )
        for _ in range(2000):
            if round_.finished:
                break
            for seat in (1, 2):
                for legal in round_.legal_commands(seat):
                    field = legal.fields.get("decision")
                    values = tuple(getattr(field, "values", ()))
                    seen.append((legal.command, values, legal.gives_up))
            command, actor = step(round_, choose)
            round_.handle(command, actor)
    return seen


def test_a_surrender_alone_gives_up_and_no_play_does() -> None:
    seen = _offers(60)
    alone = {gives for command, values, gives in seen if values == ("surrender",)}
    assert alone == {True}
    plays = {gives for command, values, gives in seen if values and "hit" in values}
    assert plays == {False}
    assert {(c, v) for c, v, gives in seen if gives} == {("Decide", ("surrender",))}
