"""How a Craps table conducts its rounds (the :class:`~croupier.game.TablePolicy` of ch.
623a).

A round is one turn of the dice around the table, a come-out roll to a seven-out
(docs/architecture.md, Craps); the table steps around it:

- **The dealer's steps**: at an RNG table, once "no more bets" is called the secure
  generator throws and the roll is called and settled (623a.8, 623a.9); at a physical
  table the stickperson offers a new shooter five dice (623a.7) and the dealer enters
  the reading, calls the roll or calls it no roll; with no shooter left the stickperson
  selects the dice.
- **Waits**: betting before each roll is timed from the roll before (a new wait each
  roll: the wagers standing from the last roll are in play at once), and the shooter's
  choice of dice is a decision (his time out: the first two dice offered).
- **Leaving** (623a.4, 623a.10): a player may leave between rolls; his leaving returns
  what he may take down and passes the dice on, and his contract wagers keep working,
  settled to him. While a roll is under way (after "no more bets") a seat with a wager
  or the dice stays until it is settled.
- **The next round** carries the seat whose turn ended last (:class:`ShooterRotation`):
  the dice go on clockwise from it.
- **Money** beyond a wager placed and settled: a commission charged up front (wallet to
  the table) or returned; a wager taken down (escrow to wallet); a win paid while the
  wager stays up (the table to the wallet; the stake stays in escrow).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from croupier.engine import DEALER, Command, Event, Outcome, Round, WagerPlaced, WagerSettled
from croupier.errors import IllegalCommand
from croupier.game import (
    ESCROW,
    INVENTORY,
    WALLET,
    GameSpec,
    Move,
    Previous,
    TablePolicy,
    TableTimings,
    Wait,
    offered,
)
from croupier.games.craps import words
from croupier.games.craps.commands import (
    CallRoll,
    EndTurn,
    LeaveTable,
    OfferDice,
    SelectDice,
    ThrowDice,
)
from croupier.games.craps.events import (
    CommissionCollected,
    CommissionReturned,
    RollCalled,
    WagerPaid,
    WagerRemoved,
)
from croupier.games.craps.layout import LAYOUT_CITES, layout_spots
from croupier.games.craps.round import CrapsRound
from croupier.games.craps.spots import CrapsSpot
from croupier.games.craps.state import Phase
from croupier.games.craps.wagers import kind_of, number_of
from croupier.money import Cents
from croupier.rng import DiceDraw, Draw
from croupier.rules.base import RulesSubmission
from croupier.rules.craps import DICE, THROW

NO_SHOOTER = (
    "the betting time ran out before the first come-out roll with no shooter holding a Pass "
    "or Don't Pass wager (623a.10): every wager is returned"
)


def _craps(round_: Round[Any]) -> CrapsRound:
    assert isinstance(round_, CrapsRound)
    return round_


class CrapsPolicy(TablePolicy):
    physical_dice: ClassVar[bool] = True
    timeout_cite: ClassVar[str] = DICE

    def betting_held(self, round_: Round[Any]) -> str:
        """Why "no more bets" cannot be called: on a come-out, no shooter holds a Pass or
        Don't Pass wager and no wager stands for the stickperson (623a.10)."""
        if not self.betting_open(round_):
            return ""
        try:
            _craps(round_).check_no_more_bets(DEALER)
        except IllegalCommand as refused:
            return f"The dice wait: {refused.told}."
        return ""

    def dealer_step(self, round_: Round[Any], *, proceed: bool = False) -> Command | None:
        state = _craps(round_).state
        if state.physical_dice:
            if state.phase is Phase.THROW and not state.dice_ready:
                return OfferDice()
            if state.phase is Phase.OFFERED and state.shooter is None:
                return SelectDice(first=1, second=2)
            return None
        if state.phase is Phase.THROW:
            return ThrowDice()
        if state.phase is Phase.THROWN:
            return CallRoll()
        return None

    # -- betting and waits ------------------------------------------------------------------
    def empty_void(self, round_: Round[Any]) -> Command | None:
        """A come-out nobody can shoot when its betting time runs out (no wager at all, or
        none making a shooter, 623a.10): before the first roll the round is voided, every
        wager returned; after rolls the turn of the dice ends instead, the wagers it
        decided staying decided and those on the layout returned. Wagers standing from
        earlier rolls keep it going (the stickperson throws for them)."""
        state = _craps(round_).state
        if not self.betting_open(round_):
            return None
        if state.rolls and offered(round_, "EndTurn") is not None:
            return EndTurn()
        if state.wagers:
            return self._no_shooter_void(round_)
        return super().empty_void(round_)

    @staticmethod
    def _no_shooter_void(round_: Round[Any]) -> Command | None:
        """The void of a round whose first come-out nobody can shoot (no player holds a
        Pass or Don't Pass wager and nothing stands for the stickperson, 623a.10) when its
        betting time runs out: every wager is returned, and the players seated since it
        opened play the next round (docs/interpretations.md, "A come-out nobody can shoot
        is voided when the betting time runs out")."""
        craps = _craps(round_)
        if craps.state.rolls or craps.may_close() or offered(round_, "VoidRound") is None:
            return None
        void: Command = craps.command_adapter.validate_python(
            {"type": "VoidRound", "reason": NO_SHOOTER}
        )
        return void

    def has_wager(self, round_: Round[Any], seat: int) -> bool:
        """A seat stays while a roll is under way and it has a wager or the dice; between
        rolls its player may leave (his contract wagers keep working)."""
        state = _craps(round_).state
        if state.phase is Phase.BETTING:
            return False
        return seat in state.wagers or state.shooter == seat

    def wait(self, round_: Round[Any], timings: TableTimings) -> Wait | None:
        """The default waits, but each roll's betting is a wait of its own, timed from the
        roll before (before the first roll, from the first wager) whatever the wagers."""
        found = super().wait(round_, timings)
        if found is not None and found.kind == "betting":
            state = _craps(round_).state
            # Once a wager has been made the betting time runs whatever the wagers are: a
            # line wager made later in it, or every wager taken back, does not restart it.
            made = state.wagers or state.rolls or _any_wager(round_)
            key = "betting" if made else found.key
            return Wait(found.kind, f"{key}:{len(state.rolls)}", found.seconds)
        return found

    def timeout_action(self, round_: Round[Any], seat: int) -> Command | None:
        """A shooter out of time keeps the first two dice offered (623a.7)."""
        state = _craps(round_).state
        if state.phase is Phase.OFFERED and state.shooter == seat:
            return SelectDice(seat=seat, first=1, second=2)
        return None

    def leaving_action(self, round_: Round[Any], seat: int) -> Command | None:
        """A player gone from his seat has left the table (623a.4, 623a.10), recorded at
        the first moment between rolls."""
        state = _craps(round_).state
        if round_.finished or seat not in state.seats or seat in state.departed:
            return None
        if state.phase is not Phase.BETTING and (seat in state.wagers or state.shooter == seat):
            return None
        return LeaveTable(seat=seat)

    # -- the next round ---------------------------------------------------------------------
    def carried_over(
        self,
        rules: RulesSubmission,
        previous: Previous,
        seats: dict[int, str],
        timings: TableTimings,
        *,
        ahead: bool,
    ) -> dict[str, Any]:
        """The seat whose turn with the dice ended the last round (623a.10)."""
        last = previous()
        if last is None:
            return {}
        return {"after": _craps(last).state.last_shooter}

    # -- the par sheet of a round -----------------------------------------------------------
    def drop(self, round_: Round[Any]) -> Cents:
        """Every decision's stake: the wagers settled, and each win paid on a wager that
        stays up (Place, Buy, Lay, Big 6 and 8, the hardways: a new decision of the same
        stake, 623a.9)."""
        return sum(stake for _, stake in self.par_wagers(round_))

    def par_wagers(self, round_: Round[Any]) -> list[tuple[str, Cents]]:
        """Each decision of a wager as the par sheet names it
        (:mod:`croupier.analysis.exact.craps`): a Come or Don't Come wager on its number is
        the Come or Don't Come wager; odds are the odds on the point or number they stand
        behind (``odds:N``, laid: ``lay_odds:N``); a win paid while a wager stays up is
        one decision of it."""
        found: list[tuple[str, Cents]] = []
        point: int | None = None
        called: int | None = None
        for event in round_.events:
            match event:
                case RollCalled():
                    called, point = point, event.point
                case WagerPaid(spot=spot, amount=amount):
                    found.append((spot, amount))
                case WagerSettled(spot=spot, amount=amount, outcome=outcome) if (
                    outcome is not Outcome.VOID
                ):
                    found.append((_par_name(spot, called), amount))
        return found

    # -- money ------------------------------------------------------------------------------
    def random_draws(self, rules: RulesSubmission) -> tuple[Draw, ...]:
        """The two dice of each roll at an RNG table (623a.7, 623a.8)."""
        return (DiceDraw("the dice", 2, f"{DICE}; {THROW}"),)

    def moves(
        self, events: Sequence[Event], index: int, seats: Mapping[int, str]
    ) -> list[Move] | None:
        event = events[index]
        match event:
            case CommissionCollected(seat=seat, amount=amount):
                return [((WALLET, seats[seat]), -amount), ((INVENTORY, None), amount)]
            case CommissionReturned(seat=seat, amount=amount):
                return [((INVENTORY, None), -amount), ((WALLET, seats[seat]), amount)]
            case WagerRemoved(seat=seat, amount=amount, commission=charged):
                moved: list[Move] = [((ESCROW, None), -amount)]
                if charged:
                    moved.append(((INVENTORY, None), -charged))
                return [*moved, ((WALLET, seats[seat]), amount + charged)]
            case WagerPaid(seat=seat, won=won):
                return [((INVENTORY, None), -won), ((WALLET, seats[seat]), won)]
        return None

    def taken_back(self, event: Event) -> tuple[int, Cents] | None:
        """A wager taken down (623a) comes back unplayed, with the commission returned
        beside it (a Buy or Lay charged up front)."""
        if isinstance(event, WagerRemoved):
            return event.seat, event.amount + event.commission
        return super().taken_back(event)


def _any_wager(round_: Round[Any]) -> bool:
    """Whether a wager has been made in ``round_`` (taken back since or not)."""
    return any(isinstance(event, WagerPlaced) for event in round_.events)


def _par_name(spot: str, point: int | None) -> str:
    """The par sheet's wager for a settled ``spot``, ``point`` the puck's before the roll
    that settled it."""
    kind, number = kind_of(spot), number_of(spot)
    if kind in ("come", "dont_come"):
        return kind
    if kind in ("pass_odds", "come_odds"):
        return f"odds:{number if number is not None else point}"
    if kind in ("dont_pass_odds", "dont_come_odds"):
        return f"lay_odds:{number if number is not None else point}"
    return spot


SPEC = GameSpec(
    round_type=CrapsRound,
    policy=CrapsPolicy(),
    title="Craps",
    chapter="623a",
    variants={"mini-craps": {"table": "mini_craps"}},
    layout="craps",
    layout_spots=layout_spots,
    spot_type=CrapsSpot,
    layout_cites=LAYOUT_CITES,
    sign="croupier.games.craps.sign",
    analysis="croupier.analysis.exact.craps",
    simulation="croupier.analysis.simulation.craps",
    terminal="croupier.cli.tables.craps",
    training="croupier.games.craps.training",
    words=words.WORDS,
    how_to_play=words.HOW_TO_PLAY,
    timeouts=words.TIMEOUTS,
)
