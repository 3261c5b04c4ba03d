"""How a Pai Gow table conducts its rounds (the :class:`~croupier.game.TablePolicy` of
ch. 621a).

- **Dealer steps**: mix and stack (621a.6(c)-(f)), the shake or the RNG number
  (621a.8(a)), the deal, the dealer's hands by the house way (621a.10(c)-(d)), exposure
  and settlement once no player has a surrender left to send. Around a player bank the
  table takes only the dealer's steps: the bank's cut, the delivery style and the shake
  are the bank's commands (621a.11(g), (i)).
- **Betting** is open while the tiles are mixed and the wagers taken (621a.7(c)); a
  player bank places no wager (621a.11(f)).
- **Optional choices**: surrender before the hands are exposed has no command to decline
  it; the dealer goes on after the wait.
- **Timeouts** (621a.10(b); 621a.11(c), (g), (i); 621a.12(d)): the bank passed; a player
  bank makes no cut and shakes with the standard delivery; an exposed tile's hand
  voided; hands set by the house way.
- **The next round** takes the table's context (621a.6(b), (g), 621a.11(b)-(d), (h)) from
  the table's state, :class:`PaiGowTable` (:attr:`~croupier.game.TablePolicy.state_type`);
  where player banking is offered, it opens as soon
  as the last ends, so that the bank offer is shown and timed.
- **Hidden**: the stacks' order, the tiles delivered to another position, hands set (or
  the house way shown) for another position.
- **Money** of a player bank (621a.11): see :func:`bank_moves`; a wager withdrawn before
  "no more bets" (621a.7(c)) returns to the wallet and is not counted as wagered
  (:class:`~croupier.games._wagering_policy.WithdrawingPolicy`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from croupier.engine import Actor, Command, Event, LegalCommand, Round, RoundVoided
from croupier.equipment.tiles import SET
from croupier.game import (
    ESCROW,
    INVENTORY,
    WALLET,
    GameSpec,
    Move,
    TableState,
    TableTimings,
    Viewer,
    offered,
    settled_wagers,
)
from croupier.games._wagering_policy import WithdrawingPolicy
from croupier.games.pai_gow import (
    BankSettled,
    BankTaken,
    DealTiles,
    DrawNumber,
    HandsSet,
    HouseWayShown,
    MixTiles,
    PaiGowRound,
    PaiGowTable,
    Phase,
    RequestHouseWay,
    SetDealerHands,
    SettleWagers,
    ShakeDice,
    TableContext,
    TilesDelivered,
    TilesMixed,
    words,
)
from croupier.games.pai_gow.commands import SPOT, SPOT_LABEL
from croupier.money import Cents
from croupier.rng import DiceDraw, Draw, NumberDraw, ShuffleDraw
from croupier.rules.base import RulesSubmission
from croupier.rules.pai_gow import RNG_NUMBERS, SECTIONS, PaiGowRules, StartingPosition
from croupier.spots import SpotInfo


class PaiGowPolicy(WithdrawingPolicy):
    betting_phases: ClassVar[tuple[str, ...]] = ("mixing", "betting")
    """Pai Gow also takes wagers while a player bank decides its cut (621a.11(g)), but
    that wait is the bank's decision, timed as one."""
    timeout_cite: ClassVar[str] = "621a.10(b); 621a.11(c), (g), (i); 621a.12(d)"
    physical_dice: ClassVar[bool] = True
    state_type: ClassVar[type[TableState] | None] = PaiGowTable
    asides: ClassVar[frozenset[str]] = frozenset({"HouseWayShown"})
    """The house way shown on request (621a.10(b)) answers no decision: the hands are
    still to be set, in the time the decision had."""

    def answered_before(self, round_: Round[Any], command: Command, actor: Actor) -> bool:
        """A player who asks again how the house sets the hands of an area it has been
        shown for (621a.10(b)): the house way is in his view, and the same tiles give the
        same answer, so nothing is recorded again."""
        assert isinstance(round_, PaiGowRound)
        if not isinstance(command, RequestHouseWay) or command.seat not in round_.state.shown:
            return False
        legal = offered(round_, "RequestHouseWay", actor)
        return legal is not None and command.seat in legal.values("seat")

    def par_wagers(self, round_: Round[Any]) -> list[tuple[str, Cents]]:
        """Where the dealer banks, each player's wager as ``pai_gow:house_way`` (the
        players taken to set their hands by the house way, 621a.10(b)); where a player
        banks, none: the players' wagers are against the bank, not the house
        (621a.11)."""
        assert isinstance(round_, PaiGowRound)
        if round_.state.bank is not None:
            return []
        return [("pai_gow:house_way", event.amount) for event in settled_wagers(round_.events)]

    def random_draws(self, rules: RulesSubmission) -> tuple[Draw, ...]:
        """The 32 tiles mixed (621a.6(d)); the starting position drawn by the RNG
        (621a.8(a)(1)) or the three dice shaken (621a.8(a)(2)), which a player bank
        shakes at any table (621a.11(i))."""
        assert isinstance(rules, PaiGowRules)
        s = SECTIONS
        draws: list[Draw] = [ShuffleDraw("the tiles", SET, s.mix)]
        if rules.starting_position is StartingPosition.RNG:
            draws.append(NumberDraw("the starting position", *RNG_NUMBERS, s.rng))
        if rules.starting_position is StartingPosition.DICE or rules.player_banking:
            draws.append(DiceDraw("the three dice", 3, s.dice))
        return tuple(draws)

    def dealer_step(self, round_: Round[Any], *, proceed: bool = False) -> Command | None:
        assert isinstance(round_, PaiGowRound)
        state = round_.state
        phase = state.phase
        if phase is Phase.MIXING:
            return MixTiles()
        if phase is Phase.SHAKE and state.bank is None:
            if offered(round_, "DrawNumber"):
                return DrawNumber()
            return None if state.physical_dice else ShakeDice()
        if phase is Phase.SHOWN:
            return DealTiles()
        if phase is Phase.DEALER_SETTING:
            return SetDealerHands()
        if phase is Phase.SURRENDER:
            return SettleWagers() if proceed or not self.players_waiting(round_) else None
        return None

    def wagering_players(self, round_: Round[Any]) -> set[str]:
        assert isinstance(round_, PaiGowRound)
        seats = round_.opened.seats
        expected = set(seats.values())
        if round_.state.bank is not None:
            expected.discard(seats[round_.state.bank])  # the bank places no wager (621a.11(f))
        return expected

    def optional_phase(self, round_: Round[Any]) -> bool:
        """Surrender before the hands are exposed."""
        assert isinstance(round_, PaiGowRound)
        return round_.state.phase is Phase.SURRENDER

    def timeout_action(self, round_: Round[Any], seat: int) -> Command | None:
        """A Pai Gow player's safest action: the bank passed (621a.11(c)); a player bank
        makes no cut (621a.11(g): "If the bank does not wish to cut the tiles, there may
        not be a cut") and shakes with the standard delivery (621a.11(i): "If the bank
        does not choose a style of delivery, the dealer shall use the procedure in
        § 621a.8(d)"); an exposed tile's hand voided (621a.12(d)); hands set by the house
        way (621a.10(b))."""
        assert isinstance(round_, PaiGowRound)
        offers: dict[str, LegalCommand] = {
            legal.command: legal for legal in round_.legal_commands(seat)
        }
        for name in ("PassBank", "DeclineCut", "ShakeDice"):
            if name in offers:
                return round_.build(offers[name])
        if "DecideExposedHand" in offers:
            return round_.build(offers["DecideExposedHand"], void=True)
        if "SetHands" in offers:
            area = offers["SetHands"].values("seat")[0]
            setting = round_.rules.dealer_way.set(round_.tiles_of(area))
            together = (setting.high[0].code, setting.high[1].code)
            return round_.build(offers["SetHands"], together=together)
        return None

    def opens_ahead(self, rules: RulesSubmission, timings: TableTimings) -> bool:
        """The bank is offered in rotation where the Rules Submission offers it
        (621a.11(c))."""
        assert isinstance(rules, PaiGowRules)
        return rules.player_banking

    def hidden(self, event: Event, viewer: Viewer) -> dict[str, Any]:
        if isinstance(event, TilesMixed):
            return {"stacks": []}
        if isinstance(event, TilesDelivered):
            return {
                "deliveries": [
                    delivery.model_dump(mode="json")
                    if viewer.owns(delivery.position)
                    else {**delivery.model_dump(mode="json"), "tiles": None}
                    for delivery in event.deliveries
                ]
            }
        if isinstance(event, HandsSet | HouseWayShown) and not viewer.owns(event.seat):
            return {"high": None, "low": None}
        return {}

    def players_named(self, event: Event) -> set[str]:
        """The last round's banker and the players who wagered against the dealer in the
        last round without a player bank (:class:`TableContext`, 621a.11(b)-(d))."""
        if not isinstance(event, TableContext):
            return set()
        banker = {event.previous_bank} if event.previous_bank is not None else set()
        return banker | set(event.last_dealer_round_wagers)

    def moves(
        self, events: Sequence[Event], index: int, seats: Mapping[int, str]
    ) -> list[Move] | None:
        if isinstance(events[index], BankTaken | BankSettled | RoundVoided):
            return bank_moves(events, index, seats)
        return super().moves(events, index, seats)  # a wager withdrawn (621a.7(c))


def _taken(events: Sequence[Event], index: int) -> BankTaken | None:
    """The bank taken before ``events[index]``, if any."""
    return next((e for e in events[:index] if isinstance(e, BankTaken)), None)


def bank_moves(events: Sequence[Event], index: int, seats: Mapping[int, str]) -> list[Move]:
    """The money ``events[index]`` moves for a player bank (621a.11; empty for any other
    event). Every wager is posted against the table: a losing wager goes from escrow to
    the inventory, a winning one is paid from it (less the vigorish). Against a player
    bank the other side of those wagers is the bank, not the house (621a.11(o), (r)); the
    engine accounts for it in one event, :class:`BankSettled`, whose ``net`` is the bank's
    result (the centre less what it paid, less the vigorish on a surplus, 621a.11(o),
    (q), with the house's half under co-banking, 621a.11(r)). So:

    - :class:`BankTaken`: the chips the bank puts up to cover the wagers (621a.11(d)(2))
      move from its wallet to the table's escrow (refused, like a wager, where the wallet
      does not hold them);
    - :class:`BankSettled`: the chips come back from escrow with ``net`` (a loss is at
      most the chips: they cover every wager, the dealer's included), and the inventory,
      which the wagers' postings made the bank's counterparty, gives or takes ``net``.
      What stays in the inventory is then exactly the house's: the players' vigorish, the
      vigorish on the bank's surplus, the dealer's wager won or lost (621a.11(h), (n),
      (p)) and, under co-banking, the house's half (621a.11(r));
    - :class:`RoundVoided` after :class:`BankTaken` (no settlement): the chips go back.
    """
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


def layout_spots(rules: Any) -> list[SpotInfo]:
    """A Pai Gow position holds one wager (621a.7(a)): the Pai Gow Wager, as the table
    sign names it (``sign.py``)."""
    return [SpotInfo(value=SPOT, label=SPOT_LABEL, cite="621a.7(a)")]


SPEC = GameSpec(
    round_type=PaiGowRound,
    policy=PaiGowPolicy(),
    title="Pai Gow",
    chapter="621a",
    layout="pai-gow",
    layout_spots=layout_spots,
    sign="croupier.games.pai_gow.sign",
    analysis="croupier.analysis.exact.pai_gow",
    chart="croupier.analysis.charts.pai_gow",
    simulation="croupier.analysis.simulation.pai_gow",
    terminal="croupier.cli.tables.pai_gow",
    training="croupier.games.pai_gow.training",
    words=words.WORDS,
    how_to_play=words.HOW_TO_PLAY,
    timeouts=words.TIMEOUTS,
)
