"""The money of a Pai Gow player bank (58 Pa. Code 621a.11), for
:func:`croupier.ledger.repository.round_postings`.

``round_postings`` posts every wager against the table: a losing wager goes from escrow
to the table inventory, a winning one is paid from the inventory (less the vigorish).
Against a player bank the other side of those wagers is the bank, not the house
(621a.11(o), (r)); the engine accounts for it in one event, :class:`BankSettled`, whose
``net`` is the bank's result: the centre (losing and surrendered wagers, a losing
dealer's wager) less what it paid (winning wagers, a winning dealer's wager), less the
vigorish on a surplus (621a.11(o), (q)), with the house's half under co-banking
(621a.11(r)). So:

- :class:`BankTaken`: the chips the bank puts up to cover the wagers (621a.11(d)(2))
  move from its wallet to the table's escrow (refused, like a wager, where the wallet
  does not hold them);
- :class:`BankSettled`: the chips come back from escrow with ``net`` (a loss is at most
  the chips: they cover every wager, the dealer's included), and the inventory, which
  the wagers' postings made the bank's counterparty, gives or takes ``net``. What stays
  in the inventory is then exactly the house's: the players' vigorish, the vigorish on
  the bank's surplus, the dealer's wager won or lost (621a.11(h), (n), (p)) and, under
  co-banking, the house's half (621a.11(r));
- :class:`RoundVoided` after :class:`BankTaken` (no settlement): the chips go back.

The hook in ``round_postings``' loop (``events``, ``index``, ``seats`` as there)::

    elif isinstance(event, BANK_EVENTS):
        moves += bank_moves(events, index, seats)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from croupier.engine import Event, RoundVoided
from croupier.games.pai_gow import BankSettled, BankTaken
from croupier.ledger.models import ESCROW, INVENTORY, WALLET
from croupier.money import Cents

Move = tuple[tuple[str, str | None], Cents]
"""((account kind, player id or ``None`` for the table's accounts), signed cents)."""

BANK_EVENTS = (BankTaken, BankSettled, RoundVoided)
"""The events :func:`bank_moves` may post for."""


def _taken(events: Sequence[Event], index: int) -> BankTaken | None:
    """The bank taken before ``events[index]``, if any."""
    return next((e for e in events[:index] if isinstance(e, BankTaken)), None)


def bank_moves(events: Sequence[Event], index: int, seats: Mapping[int, str]) -> list[Move]:
    """The money ``events[index]`` moves for a player bank (empty for any other event)."""
    event = events[index]
    if isinstance(event, BankTaken):
        bank = seats[event.seat]
        return [((WALLET, bank), -event.chips), ((ESCROW, None), event.chips)]
    if isinstance(event, BankSettled):
        taken = _taken(events, index)
        chips = taken.chips if taken is not None else 0
        bank = seats[event.seat]
        return [
            ((ESCROW, None), -chips),
            ((WALLET, bank), chips + event.net),
            ((INVENTORY, None), -event.net),
        ]
    if isinstance(event, RoundVoided):
        taken = _taken(events, index)
        if taken is None or any(isinstance(e, BankSettled) for e in events[:index]):
            return []
        return [((ESCROW, None), -taken.chips), ((WALLET, seats[taken.seat]), taken.chips)]
    return []


__all__ = ["BANK_EVENTS", "Move", "bank_moves"]
