"""What every terminal table of ``croupier play`` shares, whatever the game: a
:class:`Wallet` that money moves in and out of by the round's own events (the ledger's
rule), reading lines from stdin, and amount formatting. The command itself is
:mod:`croupier.cli.play`; the tables are ``croupier.cli.tables.<game>`` and
:mod:`croupier.cli.tables.generic`.
"""

from __future__ import annotations

import re
import signal
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rich.console import Console

from croupier.citations import shown
from croupier.engine import (
    Command,
    Event,
    LegalCommand,
    Outcome,
    Round,
    RoundVoided,
    WagerSettled,
)
from croupier.equipment.cards import Card, Rank
from croupier.errors import InvalidAmount
from croupier.game import EMPTY_ROUND, WALLET, event_moves, stakes_taken_back
from croupier.money import Cents, format_cents, format_odds
from croupier.offers import Amount
from croupier.quoting import visible
from croupier.registry import find

SUIT_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
"""Each suit's symbol, as the browser draws it: clubs, diamonds, hearts, spades."""


def card_said(card: Card | str) -> str:
    """A card as a player reads it at every card table: its rank as printed on the card
    (2 to 10, J, Q, K, A) and its suit's symbol: ``"10\u2660"`` for ``Ts``,
    ``"A\u2665"`` for ``Ah``. A card that is no card raises ``ValueError``."""
    card = card if isinstance(card, Card) else Card.parse(card)
    rank = "10" if card.rank is Rank.TEN else card.rank.symbol
    return rank + SUIT_SYMBOLS[card.suit.value]


def cards_said(cards: Iterable[Card | str]) -> str:
    """Cards as a player reads them (:func:`card_said`), one space between each."""
    return " ".join(card_said(card) for card in cards)


@dataclass
class Wallet:
    """The play money (cents) of the player at ``seat``; it never goes negative.

    Money moves only by the round's events, by the same rule as the table server's
    ledger (:func:`croupier.game.event_moves`, the game's table policy): a wager leaves
    the wallet when the round records it placed, a settlement brings back
    ``returned + won``, a withdrawn wager comes back, and so on. So the wallet agrees
    with the round, and with the server, by construction.
    """

    seat: int
    balance: Cents
    wagered: Cents = 0
    """Every cent wagered from this wallet, less the stakes taken back unplayed (the
    reminder's figure, 814a.1; :meth:`~croupier.game.TablePolicy.taken_back`)."""

    def check(self, amount: Cents, cite: str) -> None:
        """Raise :class:`InvalidAmount` (citing ``cite``) if ``amount`` is more than the
        balance."""
        if amount > self.balance:
            raise InvalidAmount(
                f"a wager of {format_cents(amount)} is more than your balance of "
                f"{format_cents(self.balance)}",
                cite,
            )

    def apply(self, round_: Round[Any], events: Sequence[Event]) -> None:
        """Move the money ``events`` (the last events of ``round_``) move to or from this
        seat's wallet."""
        seats = round_.opened.seats
        player = seats.get(self.seat)
        policy = find(round_.game).policy
        self.wagered -= stakes_taken_back(policy, events, seats).get(player, 0) if player else 0
        for moves in self._moves(round_, len(events)):
            for cents in moves:
                if self.balance + cents < 0:
                    raise ValueError(f"seat {self.seat} cannot cover {-cents} cents")
                self.balance += cents
                self.wagered += max(0, -cents)

    def balances_after(self, round_: Round[Any], events: Sequence[Event]) -> list[Cents]:
        """The balance just after each of ``events`` (the last events of ``round_``, which
        :meth:`apply` has moved already): what a line said of one of them tells."""
        moved = [sum(moves) for moves in self._moves(round_, len(events))]
        balance = self.balance - sum(moved)
        after = []
        for cents in moved:
            balance += cents
            after.append(balance)
        return after

    def _moves(self, round_: Round[Any], count: int) -> Iterator[list[Cents]]:
        """For each of the last ``count`` events of ``round_``, the cents it moves to
        (positive) or from (negative) this seat's wallet."""
        seats = round_.opened.seats
        player = seats.get(self.seat)
        policy = find(round_.game).policy
        everything = round_.events
        for index in range(len(everything) - count, len(everything)):
            moves = event_moves(policy, everything, index, seats)
            yield [cents for (kind, owner), cents in moves if kind == WALLET and owner == player]


class CtrlC:
    """Ctrl-C as the terminal tables take it (:func:`ctrl_c_taken_at_the_prompt`): at the
    prompt it breaks the read (a quit); while the table works it is only remembered and
    taken at the next prompt, so it never lands in the middle of the table's work, where
    Python may swallow it (an exception raised inside a finalizer is only printed) or
    leave a round half moved."""

    reading = False
    pending = False


def _on_ctrl_c(signum: int, frame: object) -> None:
    if CtrlC.reading:
        raise KeyboardInterrupt
    CtrlC.pending = True


@contextmanager
def ctrl_c_taken_at_the_prompt() -> Iterator[None]:
    """Install :class:`CtrlC`'s handling of SIGINT for a session (in the main thread;
    elsewhere Python's own stays), and put the one before it back after."""
    try:
        before = signal.signal(signal.SIGINT, _on_ctrl_c)
    except ValueError:  # not the main thread: signals cannot be handled here
        yield
        return
    CtrlC.pending = False
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def read_line(console: Console) -> str | None:
    """The next line of stdin after a prompt, or ``None`` at end of input or on Ctrl-C
    (a quit, so that the round in play is played out and the session summed up); a
    Ctrl-C pressed while the table worked is taken here (:class:`CtrlC`).

    At a terminal the line is read by Python's :mod:`readline` (line editing, the arrow
    keys, and the history of this session's lines with up and down), never echoing the
    arrow keys' escape codes; a line read from a pipe is echoed so that the transcript
    reads like a session."""
    CtrlC.reading = True
    try:
        if CtrlC.pending:
            raise KeyboardInterrupt
        if sys.stdin.isatty() and _line_editing():
            try:
                return input("> ").strip()
            except EOFError:
                console.print()
                return None
        console.print("> ", end="")
        line = sys.stdin.readline()
    except KeyboardInterrupt:
        CtrlC.pending = False
        console.print()
        console.print("Interrupted: you leave the table.")
        return None
    finally:
        CtrlC.reading = False
    if not line:
        console.print()
        return None
    if not sys.stdin.isatty():
        console.print(echoed(line.rstrip("\r\n")), markup=False)
    return line.strip()


def echoed(line: str) -> str:
    r"""``line`` as read from a pipe, echoed with each control or invisible formatting
    character written as its escape (``\x1b``, ``\t``, ``\u200b``) rather than sent raw
    to the terminal, where an escape code would move the cursor or recolour the
    transcript; a byte the terminal could not decode (read as a lone surrogate) as
    ``\xff``; a line over :data:`ECHO` characters cut short, its length said.

    >>> print(echoed("bet 5\x1b[A\t\udcff"))
    bet 5\x1b[A\t\xff
    >>> echoed("q" * 3000).endswith("q… (3,000 characters)")
    True
    """
    shown = visible(line[:ECHO])
    return shown if len(line) <= ECHO else f"{shown}… ({len(line):,} characters)"


ECHO = 100
"""The most characters of a line read from a pipe that the transcript echoes."""


def _line_editing() -> bool:
    """Whether :mod:`readline` edits the lines typed (loaded once; absent on a platform
    without it, where lines are read plain)."""
    try:
        import readline  # noqa: F401  (imported for its effect on input())
    except ImportError:
        return False
    return True


def amount_range(command: LegalCommand) -> str:
    """``"$5"`` or ``"$5 to $500"`` for a legal command's amount (its first field in
    cents)."""
    amount = next((f for f in command.fields.values() if isinstance(f, Amount)), None)
    if amount is None or amount.high is None:
        return ""
    low, high = amount.low, amount.high
    return format_cents(low) if low == high else f"{format_cents(low)} to {format_cents(high)}"


def signed(amount: Cents) -> str:
    """``"+$5"``, ``"-$5"`` or ``"$0"``."""
    return ("+" if amount > 0 else "") + format_cents(amount)


def result_and_odds(event: WagerSettled) -> tuple[str, str]:
    """What a settlement did, in words (``"+$10.00"``, ``"-$5.00"``, ``"$5.00 returned"``),
    and its odds (``""`` where none)."""
    if event.outcome is Outcome.WIN:
        result = signed(event.won)
    elif event.outcome is Outcome.LOSE:
        result = signed(-event.amount)
    else:
        result = f"{format_cents(event.returned)} returned"
    return result, "" if event.odds is None else format_odds(event.odds)


def dealer_steps(round_: Round[Any]) -> Iterator[Command]:
    """The dealer's steps that involve no one's choice, exactly as the table server takes
    them (the game's :meth:`~croupier.game.TablePolicy.dealer_steps`), one at a time."""
    return find(round_.game).policy.dealer_steps(round_)


MONEY_FIELDS = frozenset({"amount", "returned", "won", "withheld", "balance", "chips"})
"""Event fields printed as dollars (the engine's wager and settlement fields)."""

SKIPPED_FIELDS = frozenset({"type", "cite"})


def words(name: str) -> str:
    """A type name in words: ``"DieThrown"`` -> ``"Die thrown"``."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).lower()
    return spaced[:1].upper() + spaced[1:]


def shown_value(name: str, value: Any) -> str:
    """A field's value as printed: amounts in dollars, odds as "1 to 1", lists spaced."""
    if name in MONEY_FIELDS and isinstance(value, int) and not isinstance(value, bool):
        return format_cents(value)
    if name == "odds" and isinstance(value, str):
        try:
            return format_odds(Fraction(value))
        except (ValueError, ZeroDivisionError):
            return value
    if isinstance(value, list | tuple):
        return " ".join(str(item) for item in value) or "-"
    if value is None:
        return "hidden"
    return str(value)


PLAIN_REASONS = {EMPTY_ROUND: "no wager was placed while the betting was open"}
"""A void's reason, where the round records it in the server's words, in plain ones."""


def void_reason(events: Iterable[Event]) -> str | None:
    """Why the round of ``events`` is void, in plain words (:data:`PLAIN_REASONS`): its
    :class:`RoundVoided`'s reason, ``""`` where it records none; ``None`` for a round
    not voided."""
    found = next((e for e in events if isinstance(e, RoundVoided)), None)
    return None if found is None else PLAIN_REASONS.get(found.reason, found.reason)


def voided(event: RoundVoided) -> str:
    """A round voided, said with its reason in plain words (:data:`PLAIN_REASONS`) and
    that whatever is on the table comes back."""
    reason = PLAIN_REASONS.get(event.reason, event.reason)
    cite = f" ({shown(event.cite)})" if event.cite else ""
    return f"The round is void: {reason}; whatever is on the table comes back{cite}"


def describe(event: Event, hidden: dict[str, Any], spots: Mapping[str, str] | None = None) -> str:
    """``event`` in plain words, its ``hidden`` fields blanked, a field at its default
    (``None``, a zero) left out, its ``spot`` as ``spots`` names it (the layout's names
    by spot: ``{"pai_gow": "Pai Gow Wager"}``) or in words, on its "betting area" (the
    chapters' word): "Die thrown: face 3 (its rule)"."""
    if isinstance(event, RoundVoided):
        return voided(event)
    data = {**event.model_dump(mode="json"), **hidden}
    if isinstance(data.get("spot"), str):
        data["spot"] = (spots or {}).get(data["spot"]) or re.sub(r"[_:]+", " ", data["spot"])
    model = type(event).model_fields
    fields = [
        f"{'betting area' if name == 'spot' else name.replace('_', ' ')} {shown_value(name, value)}"
        for name, value in data.items()
        if name not in SKIPPED_FIELDS
        and (name in hidden or (name in model and value != model[name].default))
    ]
    text = words(str(data.get("type", type(event).__name__)))
    if fields:
        text += ": " + ", ".join(fields)
    cite = data.get("cite")
    return f"{text} ({shown(cite)})" if cite else text
