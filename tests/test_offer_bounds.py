"""Offer ranges and refusals from one bound (issue 30): the amounts a Criss-Cross Poker
bet (674a.11(b), (d), (f)), a Go Fore It Back 9 Wager (676a.11(b)) and a Double Back Jack
Insurance Wager (673a.8(b)) are offered are the game's one limit hook's (``wager_bound``),
and that bound is what the regulation allows, read here from the wagers on the table. For
those, a double down (673a.10(a)) and a cut and its cover card (673a.5(d)), each end of
the range offered is accepted and one past it refused: the offer and the refusal read
one bound."""

from __future__ import annotations

import copy
import math
import sys
from pathlib import Path
from typing import Any

import pytest

from contract.play import session, variants
from croupier.engine import DEALER, Actor, Round
from croupier.errors import CroupierError
from croupier.offers import Amount, Integers, LegalCommand
from croupier.rules.double_back_jack import insurance_limit

REGULATION_TESTS = str(Path(__file__).parent / "regulation")
"""Where Double Back Jack's stacked rounds are (``dbj_table``)."""


def _allowed_wager(round_: Any, seat: int, spot: str) -> tuple[int, int] | None:
    """What the regulation allows on ``spot``, from the wagers on the table (``None``: a
    wager this test does not look at)."""
    wagers, game = round_.state.wagers.get(seat, {}), round_.game
    if game == "criss-cross-poker" and spot in ("across", "down", "middle"):
        ante = wagers["ante_across" if spot == "across" else "ante_down"]
        return ante, 3 * ante
    if game == "go-fore-it" and spot == "back_9":
        return wagers["front_9"], wagers["front_9"]
    if game == "double-back-jack" and spot == "insurance":
        return 1, insurance_limit(wagers["blackjack"], round_.rules.chip)
    return None


def _allowed(round_: Any, actor: Actor, legal: LegalCommand) -> dict[str, tuple[int, int]]:
    """The ranges the regulation allows the fields of ``legal`` this test looks at."""
    state = round_.state
    if legal.command == "PlaceWager" and isinstance(actor, int):
        spot = legal.spots[0]
        allowed = _allowed_wager(round_, actor, spot)
        if allowed is None:
            return {}
        hook = round_.wager_bound(actor, spot)
        assert (hook.low, hook.high) == allowed, (round_.game, spot)
        return {"amount": allowed}
    if round_.game != "double-back-jack":
        return {}
    size = len(state.stack)
    cut = (10, size - 10)  # ten cards from the top and from the bottom (673a.5(d))
    if legal.command == "Decide" and "amount" in legal.fields:
        hand = state.to_act()  # its Blackjack Wager: "blackjack", a split's "blackjack_2"
        spot = "blackjack" if hand.index == 0 else f"blackjack_{hand.index + 1}"
        return {"amount": (1, state.wagers[hand.seat][spot])}
    if legal.command == "AcceptCut":
        return {"position": cut}
    if legal.command == "CutCards":
        if state.cut_accepted is not None:
            cut = (state.cut_accepted[1], state.cut_accepted[1])
        return {"position": cut, "cover_from_bottom": (math.ceil(size / 4), size - 1)}
    return {}


def _accepted(round_: Round[Any], data: dict[str, Any], actor: Actor) -> CroupierError | None:
    """Whether the round takes the command ``data`` from ``actor``: ``None``, or its
    refusal (tried on a copy, so ``round_`` is left as it was)."""
    trial = copy.deepcopy(round_)
    try:
        trial.handle(type(trial).command_adapter.validate_python(data), actor)
    except CroupierError as error:
        return error
    return None


def _edges(round_: Round[Any], actor: Actor, legal: LegalCommand, name: str) -> None:
    """Each end of field ``name``'s range is accepted, one past it refused."""
    typed = legal.field(name)
    assert isinstance(typed, Amount | Integers) and typed.high is not None
    chosen: dict[str, Any] = {}
    for other, field in legal.fields.items():
        if other != name and not field.optional:
            values = legal.values(other)
            chosen[other] = values[0] if values else field.low  # type: ignore[union-attr]
    for inside in (typed.low, typed.high):
        command = legal.build(**chosen, **{name: inside})
        assert _accepted(round_, command, actor) is None, (legal.command, name, inside)
    for outside in (typed.low - 1, typed.high + 1):
        if outside > 0:
            command = {**legal.build(**chosen, **{name: typed.low}), name: outside}
            assert _accepted(round_, command, actor) is not None, (legal.command, outside)


SEEN = {
    "criss-cross-poker": {"PlaceWager amount"},
    "go-fore-it": {"PlaceWager amount"},
    "double-back-jack": {
        "PlaceWager amount",
        "Decide amount",
        "AcceptCut position",
        "CutCards position",
        "CutCards cover_from_bottom",
    },
}


def _check(round_: Round[Any], seen: set[str]) -> None:
    """Every range of :func:`_allowed` offered now is the regulation's, ends included."""
    for actor in [*sorted(round_.opened.seats), DEALER]:
        for legal in round_.legal_commands(actor):
            for name, allowed in _allowed(round_, actor, legal).items():
                typed = legal.field(name)
                assert isinstance(typed, Amount | Integers)
                assert (typed.low, typed.high) == allowed, (legal.command, name)
                _edges(round_, actor, legal, name)
                seen.add(f"{legal.command} {name}")


@pytest.mark.parametrize("game", sorted(SEEN))
def test_the_offer_and_the_refusal_read_one_bound(game: str) -> None:
    seen: set[str] = set()
    if game == "double-back-jack":  # Insurance, on a dealer ace (673a.7(g), 673a.8(b))
        if REGULATION_TESTS not in sys.path:
            sys.path.insert(0, REGULATION_TESTS)
        from dbj_table import open_round

        for chip in (100, 50):
            _check(open_round({1: "9c 9d", DEALER: "Ah Kd"}, chip=chip), seen)

    def on_step(round_: Round[Any]) -> None:
        _check(round_, seen)

    rounds = 30 if game == "double-back-jack" else 6
    for index, variant in enumerate(variants(game)):
        for _ in session(game, variant, rounds=rounds, seed=index, on_step=on_step):
            pass
    assert SEEN[game] <= seen, SEEN[game] - seen
