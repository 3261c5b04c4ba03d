"""Pai Gow (621a) in the browser's words: ``WORDS`` and ``TIMEOUTS`` as
:attr:`croupier.game.GameSpec.words` and :attr:`~croupier.game.GameSpec.timeouts` describe them."""

from __future__ import annotations

from croupier.games.pai_gow.delivery import COUNTERCLOCKWISE, DEAD_HAND, DEALER_POSITION
from croupier.hands.paigow import WAY_RULES


def _position(position: str) -> str:
    """A position as 621a.8 names it: the dealer, the Dead Hand or a seat."""
    return {DEALER_POSITION: "the dealer", DEAD_HAND: "the Dead Hand"}.get(
        position, f"seat {position}"
    )


RECALL = {
    # the recall's captions of events and labels of fields ("label:<field>"; a record's
    # field "label:<field>.<its field>"), in the regulation's words where keys say little
    "event:TableContext": "What the table carries into the round",
    "event:TilesDelivered": "Tiles delivered",
    "label:start_of_game": "the start of the game",
    "label:previous_bank": "the last round's bank",
    "label:bank_offer_from": "the bank offered first to seat",
    "label:last_dealer_round_wagers": "wagers against the dealer in the last round",
    "label:deliveries": "the stacks of four tiles",
    "label:deliveries.position": "to",
    "label:deliveries.tiles": "",
    "label:rule": "set by",
    "label:counted_from": "counted from",
    "label:position": "ending at",
    "label:positions": "from",
    # what a field left empty says: there is none (not that it is hidden, 621a.6(b))
    "empty:previous_bank": "none",
    "empty:bank_offer_from": "none",
    "empty:last_dealer_round_wagers": "none",
    # the positions of 621a.8(d) by the fields that carry them
    **{
        f"{field}:{position}": _position(position)
        for field in ("position", "positions", "counted_from")
        for position in COUNTERCLOCKWISE
    },
}
"""The words game recall (``recall.html``) shows this game's events in, served in
:data:`WORDS`."""

WORDS = {
    **RECALL,
    "bank_offer": "bank offered",
    # the house-way rule that set a hand (HouseWayShown, DealerHandsSet's ``rule``): by
    # its section, or the dealer's own setting
    "rule:entered": "the dealer's own setting",
    **{
        f"rule:{name}": f"the house way ({rule.cite})" if rule.cite else "the house way"
        for name, rule in WAY_RULES.items()
    },
}
TIMEOUTS = {
    "PassBank": ("you pass the bank", "seat N passes the bank", "passed the bank"),
    "DeclineCut": ("you make no cut", "seat N makes no cut", "made no cut"),
    "ShakeDice": (
        None,
        "the dealer shakes with the standard delivery",
        "the dealer shook with the standard delivery",
    ),
    "DecideExposedHand": (
        "your hand with the exposed tile is void",
        "the hand of seat N with the exposed tile is void",
        "had the hand with the exposed tile voided",
    ),
    "SetHands": (
        "your hands are set by the house way",
        "the hands of seat N are set by the house way",
        "had the hands set by the house way",
    ),
}

HOW_TO_PLAY = (
    "Each player places a wager and receives four tiles, which he sets into a high hand "
    "and a low hand of two tiles each; the high hand must rank higher than the low hand "
    "(621a.10). A player may ask for the house way, the setting the dealer would use.",
    "The banker (the dealer, or a player who banks) sets his tiles by the house way. Each "
    "hand is compared with the banker's hand of the same kind; a tie, a copy, goes to the "
    "banker (621a.4).",
    "A player who wins both hands wins his wager, paid 1 to 1 less the commission; one who "
    "loses both loses it; one who wins one and loses the other pushes (621a.10(k)).",
)

__all__ = ["HOW_TO_PLAY", "RECALL", "TIMEOUTS", "WORDS"]
