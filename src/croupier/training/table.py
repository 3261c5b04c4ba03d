"""A drill's round, really played: opened by the game's table policy, wagers placed
through the round's typed offers (:mod:`croupier.offers`), moved on by the policy's dealer
steps and timeouts, exactly as a table conducts it. Nothing here knows a game.

A drill never computes a payout: it reads what the engine settled (:class:`Payout`, from
the round's :class:`~croupier.engine.WagerSettled` events, or a game's own payment event
that its training module reads the same way).

>>> from croupier.registry import find
>>> from croupier.rng import ScriptedRng, dice_draws
>>> spec = find("sic-bo")
>>> table = Table.open(spec, spec.rules_type(), ScriptedRng(dice_draws([4, 5, 6])))
>>> table.wager(1, "big", 1000)
>>> table.finish()
>>> [(p.label, p.outcome, p.pays) for p in table.payouts()]
[('Big', 'win', 1000)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

from croupier.engine import DEALER, Actor, Command, Event, LegalCommand, Round, WagerSettled
from croupier.errors import IllegalCommand
from croupier.game import GameSpec, TableState
from croupier.money import Cents, format_cents, format_odds
from croupier.offers import Amount, words
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission

TRAINING_TABLE = "training"
"""The table id of every drill's round (no ledger table: a drill moves no money)."""
STEPS = 500
"""The most steps a drill's round may take before it counts as stuck."""


@dataclass(frozen=True)
class Timings:
    """A training table's timings (:class:`~croupier.game.TableTimings`): no clock on
    the round (the drill keeps its own), RNG dice, no cut offered online."""

    betting_seconds: float | None = None
    decision_seconds: float | None = None
    optional_seconds: float | None = None
    physical_dice: bool = False
    offer_cut: bool = False


@dataclass(frozen=True)
class Payout:
    """One wager's decision as the engine settled it: ``seat``, ``spot`` (as events write
    it) and its ``label`` in words, the stake ``amount``, the ``outcome`` (``win``,
    ``lose``, ``push``...), what the dealer ``pays`` (the winnings in cents, after any
    commission; 0 on a loss or a push), the ``odds`` paid, the ``cite`` of the settlement
    and a ``note`` (a commission, a stake returned) in words."""

    seat: int
    spot: str
    label: str
    amount: Cents
    outcome: str
    pays: Cents
    cite: str
    odds: Fraction | None = None
    note: str = ""

    @property
    def wager(self) -> str:
        """The wager in words: ``"Place 6, $12"``."""
        return f"{self.label}, {format_cents(self.amount)}"

    def how(self) -> str:
        """How it is settled, in words: ``"wins at 7 to 6"``, ``"loses"``, ``"pushes"``."""
        if self.outcome == "win":
            at = f" at {format_odds(self.odds)}" if self.odds is not None else ""
            return f"wins{at}"
        said = {"lose": "loses", "push": "pushes", "void": "is void", "surrender": "surrenders"}
        return said.get(self.outcome, self.outcome)


def settled(event: WagerSettled, label: str, note: str = "") -> Payout:
    """The :class:`Payout` of a :class:`~croupier.engine.WagerSettled` event."""
    return Payout(
        seat=event.seat,
        spot=event.spot,
        label=label,
        amount=event.amount,
        outcome=event.outcome.value,
        pays=event.won,
        cite=event.cite,
        odds=event.odds if event.outcome.value == "win" else None,
        note=note,
    )


def wager_offer(round_: Round[Any], seat: int, spot: str) -> LegalCommand | None:
    """The offer by which ``seat`` may wager on ``spot`` now (one whose ``spot`` field
    offers it and that takes an amount), or ``None``."""
    for legal in round_.legal_commands(seat):
        if spot in legal.spots and isinstance(legal.fields.get("amount"), Amount):
            return legal
    return None


def allowed(amount: Amount, cents: Cents) -> Cents:
    """``cents`` moved to the nearest amount ``amount`` allows, on whole dollars where its
    step allows them: up to its least, down to its most, up to a multiple of its step."""
    step = math.lcm(amount.step, 100)  # whole dollars in the step
    value = max(cents, amount.least)
    value = -(-value // step) * step
    most = amount.most
    if most is not None and value > most:
        value = most // step * step
        if value < amount.least:
            value = most
    return value


Decide = Callable[[Round[Any], int, list[LegalCommand]], Command | None]
"""A trainee's players' decisions (a hit, a fold): the command a seat sends from its
offers, or ``None`` to let the table's timeout act for it."""


@dataclass
class Table:
    """One round of a drill at a training table (see the module docstring)."""

    spec: GameSpec
    round: Round[Any]
    labels: dict[str, str] = field(default_factory=dict)
    mark: int = 0
    """Where the events not yet read by :meth:`payouts` begin."""

    @classmethod
    def open(
        cls,
        spec: GameSpec,
        rules: RulesSubmission,
        rng: Rng,
        *,
        seats: dict[int, str] | None = None,
        state: TableState | None = None,
        physical_dice: bool = False,
    ) -> Table:
        """A round of ``spec``'s game under ``rules`` at a training table, drawing from
        ``rng``, opened by the game's policy (its opening dealer steps taken). ``seats``:
        seat -> trainee's player (default one player at seat 1); ``state``: what the table
        keeps between rounds (default a fresh one where the game keeps any);
        ``physical_dice``: dice thrown by hand and read in (an irregularity drill's: only
        physical dice can leave the table), else drawn by ``rng``."""
        seats = seats or {1: "player"}
        kind = spec.policy.state_type
        if state is None and kind is not None:
            state = kind.begin(rules, TRAINING_TABLE, datetime(2026, 1, 1, 12, tzinfo=UTC))
        round_ = spec.policy.open_round(
            spec.round_type,
            rules,
            Timings(physical_dice=physical_dice),
            table_id=TRAINING_TABLE,
            round_id="drill",
            seats=seats,
            rng=rng,
            state=state,
        )
        labels = {info.value: info.label for info in spec.spots_of(rules)}
        return cls(spec, round_, labels)

    def label(self, spot: str) -> str:
        """``spot`` in words, as the game's layout names it."""
        return self.labels.get(spot) or words(spot)

    def send(self, actor: Actor, offer: LegalCommand, **choice: Any) -> list[Event]:
        """Build ``offer`` with ``choice`` and send it for ``actor``; the events."""
        return self.round.handle(self.round.build(offer, **choice), actor)

    def command(self, actor: Actor, name: str, **choice: Any) -> list[Event]:
        """Send the command ``name`` offered to ``actor`` now, with ``choice``; raises
        :class:`~croupier.errors.IllegalCommand` where it is not offered."""
        for legal in self.round.legal_commands(actor):
            if legal.command == name:
                return self.send(actor, legal, **choice)
        raise IllegalCommand(f"{words(name)} is not offered to {actor} now", "training")

    def wager(self, seat: int, spot: str, cents: Cents) -> None:
        """Wager ``cents`` (moved to what the offer allows, :func:`allowed`) on ``spot``
        for ``seat`` through the round's offer; raises
        :class:`~croupier.errors.IllegalCommand` where no offer takes it."""
        legal = wager_offer(self.round, seat, spot)
        if legal is None:
            raise IllegalCommand(f"no wager on {self.label(spot)} is offered now", "training")
        amount = legal.fields["amount"]
        assert isinstance(amount, Amount)
        self.send(seat, legal, spot=spot, amount=allowed(amount, cents))

    def step(self, decide: Decide | None = None) -> bool:
        """Move the round one step as its table does: a player's decision (``decide``,
        asked once the betting is closed), else the policy's dealer step, else its timeout.
        ``False``: nothing moved it."""
        round_, policy = self.round, self.spec.policy
        if decide is not None and not policy.betting_open(round_):
            for seat in sorted(round_.opened.seats):
                offers = round_.legal_commands(seat)
                chosen = decide(round_, seat, offers) if offers else None
                if chosen is not None:
                    round_.handle(chosen, seat)
                    return True
        own = policy.dealer_step(round_)
        if own is not None:
            round_.handle(own, DEALER)
            return True
        for actor, command in policy.timeout_steps(round_):
            round_.handle(command, actor)
            return True
        return False

    def finish(
        self, decide: Decide | None = None, *, until: Callable[[], bool] | None = None
    ) -> None:
        """Play on (:meth:`step`) until the round is over, or ``until()`` holds; raises
        :class:`RuntimeError` where the round is stuck."""
        for _ in range(STEPS):
            if self.round.finished or (until is not None and until()):
                return
            if not self.step(decide):
                break
        if not self.round.finished and not (until is not None and until()):
            phase = getattr(self.round.state, "phase", "?")
            raise RuntimeError(f"{self.round.game}: a drill's round is stuck in phase {phase}")

    def new_events(self) -> list[Event]:
        """The events since the last call (or the opening), marking them read."""
        found = self.round.events[self.mark :]
        self.mark = len(self.round.events)
        return found

    def payouts(self, events: Sequence[Event] | None = None) -> list[Payout]:
        """The wagers settled in ``events`` (default: the whole round), as the engine
        settled them, voids left out."""
        chosen = self.round.events if events is None else events
        return [
            settled(event, self.label(event.spot))
            for event in chosen
            if isinstance(event, WagerSettled) and event.outcome.value != "void"
        ]
