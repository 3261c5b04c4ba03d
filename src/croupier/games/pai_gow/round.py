"""One round of Pai Gow (621a): :class:`PaiGowRound`.

A short round at one seat, the tiles and dice drawn from a seeded source (a table draws
from its sealed one): the dealer's steps that need no one's choice
(:meth:`~croupier.game.TablePolicy.run_dealer_steps`) mix the tiles; the seat wagers $10,
the dealer announces "no more bets", and the steps shake the dice and deliver the tiles.
The seat asks for the house way and sets its hands so; the dealer sets his by the house
way and settles. The seat's Gong beats the dealer's 8 and its 9 the dealer's 3: the
wager wins, paid 1 to 1 less the 5% vigorish (621a.10(k)), $9.50.

>>> from croupier.engine import DEALER
>>> from croupier.games.pai_gow import AnnounceNoMoreBets, PlaceWager, RequestHouseWay
>>> from croupier.games.pai_gow import SetHands, SettleWagers
>>> from croupier.registry import find
>>> from croupier.rng import SeededRng
>>> from croupier.rules.pai_gow import PaiGowRules
>>> steps = find("pai-gow").policy.run_dealer_steps
>>> round_ = PaiGowRound.open(
...     PaiGowRules(), table_id="T1", round_id="R1", seats={1: "ann"}, rng=SeededRng(15)
... )
>>> [e.type for e in steps(round_) + round_.handle(PlaceWager(seat=1, amount=1000), 1)]
['TilesMixed', 'WagerPlaced']
>>> [e.type for e in round_.handle(AnnounceNoMoreBets(), DEALER) + steps(round_)][:4]
['NoMoreBets', 'DiceShaken', 'StartingPositionCounted', 'TilesDelivered']
>>> [e.type for e in round_.handle(RequestHouseWay(seat=1), 1)]
['HouseWayShown']
>>> high = tuple(str(tile) for tile in round_.state.shown[1].high)
>>> [e.type for e in round_.handle(SetHands(seat=1, together=high), 1) + steps(round_)]
['HandsSet', 'DealerTilesTurnedOver', 'DealerHandsSet']
>>> seat, dealer = round_.state.settings[1], round_.state.dealer_setting
>>> [(s.high_rank.text, s.low_rank.text) for s in (seat, dealer)]
[('Gong (Twelve and Eight)', '9 (2-3 1-3)'), ('8 (5-5 2-6)', '3 (1-6 1-2, Gee Joon as 6)')]
>>> [e.type for e in round_.handle(SettleWagers(), DEALER)]
['HandsExposed', 'VigorishCollected', 'WagerSettled', 'RoundCompleted']
>>> [(s.spot, s.outcome.value, s.returned, s.won) for s in round_.state.settlements]
[('pai_gow', 'win', 1000, 950)]
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Any, ClassVar, Self

from pydantic import TypeAdapter

from croupier.engine import (
    DEALER,
    Actor,
    Command,
    Event,
    LegalCommand,
    Outcome,
    RoundCompleted,
    RoundOpened,
    RoundVoided,
    WagerPlaced,
    WagerSettled,
)
from croupier.equipment.dice import read_dice
from croupier.equipment.tiles import SET, Tile, parse_tile
from croupier.errors import IllegalCommand, InvalidWager, NotYourTurn, OtherSeat, ReplayError
from croupier.games._common import (
    checked,
    dealer_for,
    dealer_only,
    empty_seat,
    expect_phase,
    no_spot,
    passes,
    view_head,
    void_events,
)
from croupier.games._wagering import (
    NOT_SENT,
    BettingSections,
    Bound,
    WageringRound,
    WagerWithdrawn,
)
from croupier.games.pai_gow.commands import (
    SPOT,
    SPOT_LABEL,
    ChooseDelivery,
    CutTiles,
    DealTiles,
    DecideExposedHand,
    DeclareAbandoned,
    DeclareIrregularity,
    DeclineCut,
    DirectDealerWager,
    DrawNumber,
    Irregularity,
    MixTiles,
    PaiGowCommand,
    PassBank,
    RequestHouseWay,
    SetDealerHands,
    SetHands,
    SettleWagers,
    ShakeDice,
    Surrender,
    TakeBank,
)
from croupier.games.pai_gow.delivery import (
    COUNTERCLOCKWISE,
    DEAD_HAND,
    DEALER_POSITION,
    count_positions,
    cut_stacks,
    deliver,
    position_of,
)
from croupier.games.pai_gow.events import (
    BankNotTaken,
    BankOffered,
    BankPassed,
    BankSettled,
    BankTaken,
    CutDeclined,
    DealerHandsReset,
    DealerHandsSet,
    DealerTilesTurnedOver,
    DealerWagerPlaced,
    DealerWagerSettled,
    Delivery,
    DeliveryChosen,
    DiceShaken,
    ExposedHandDecided,
    HandsExposed,
    HandsSet,
    HouseWayShown,
    NoMoreBets,
    NoRoll,
    NumberDrawn,
    PaiGowEvent,
    ShakerCovered,
    StacksCollected,
    StartingPositionCounted,
    TableContext,
    TileExposed,
    TilesCut,
    TilesDelivered,
    TilesDisplayed,
    TilesMixed,
    TilesRemixed,
    VigorishCollected,
)
from croupier.games.pai_gow.state import WAGERING, PaiGowState, Phase
from croupier.hands.paigow import (
    MATCHED_AND_MIXED,
    HandRank,
    Result,
    Setting,
    outcome,
    setting_with,
)
from croupier.money import Cents, format_cents, require_cents, vigorish
from croupier.offers import Amount, Choice, Numbers, Subset, choice, offer
from croupier.quoting import kind_of
from croupier.rng import Rng, ScriptedRng, dice_draws, roll_dice, shuffle, shuffle_draws
from croupier.rules.base import RulesSubmission
from croupier.rules.pai_gow import (
    PAYOUT_ODDS,
    RNG_NUMBERS,
    SECTIONS,
    STACKS,
    STYLE_CITES,
    DeliveryStyle,
    PaiGowRules,
    StartingPosition,
)

VOID_ROUND_CITE = "interpretations:void-round"
S = SECTIONS
BETTING = BettingSections(
    seated=S.seated_only,
    wagers=S.wagers,
    closed=S.no_more_bets,
    no_more_bets=S.no_more_bets,
    void=VOID_ROUND_CITE,
    over=S.expose,
)
"""The sections the shared wagering base cites for Pai Gow's wagers, "no more bets"
and the void."""


_IRREGULARITY_CITES = {
    Irregularity.TILE_TURNED_OVER_WHILE_STACKING: S.remix,
    Irregularity.DICE_NOT_FLAT: S.not_flat,
    Irregularity.DIE_FELL_OUT: S.die_out,
    Irregularity.BANK_REMOVED_LID: S.bank_style,
    Irregularity.WRONG_POSITIONS: S.wrong_count,
    Irregularity.TILE_EXPOSED: S.player_tile_exposed,
}
"""The section each irregularity cites."""


def _setting(high: Sequence[Tile], low: Sequence[Tile]) -> Setting:
    return setting_with([*high, *low], high)


def _codes(tiles: Sequence[Tile]) -> str:
    return " ".join(tile.code for tile in tiles)


def _together(
    tiles: Sequence[Tile], high: tuple[Tile, Tile], low: tuple[Tile, Tile]
) -> tuple[str, str]:
    """The two tiles put together that set ``tiles`` as ``high`` and ``low``, each pair
    in its recorded order: the high pair, or else the low one."""
    for pair in (high, low):
        try:
            setting = setting_with(tiles, pair)
            if (setting.high, setting.low) == (high, low):
                return pair[0].code, pair[1].code
        except ValueError:
            pass
    return high[0].code, high[1].code


class PaiGowRound(WageringRound[PaiGowState]):
    """One round of Pai Gow under a :class:`~croupier.rules.pai_gow.PaiGowRules`.

    Open it with :meth:`open` (a :class:`PaiGowTable` does, carrying the bank rotation);
    drive it with :meth:`handle`. Seats are numbered 1 (the dealer's left) to 6 (the
    dealer's right). The wagers, "no more bets" and the void are the shared base's
    (:mod:`croupier.games._wagering`): one wager per betting area, on its one spot.
    """

    game = "pai-gow"
    rules_type = PaiGowRules
    event_adapter = TypeAdapter(list[PaiGowEvent])
    command_adapter = TypeAdapter(PaiGowCommand)
    betting_sections = BETTING
    betting, closed, completed, voided = Phase.BETTING, Phase.SHAKE, Phase.COMPLETED, Phase.VOIDED
    highest_seat_first = True
    withdrawal_rule = S.no_more_bets
    """621a.7(c): "A wager may not be made, increased or withdrawn after the dealer has
    announced 'no more bets'": before it, a wager placed may be withdrawn (by the player
    of its betting area; the bank places none, and its chips stay on the table:
    docs/interpretations.md, 'A Pai Gow wager may be withdrawn before "no more bets"')."""

    @classmethod
    def open(
        cls,
        rules: RulesSubmission,
        *,
        table_id: str,
        round_id: str,
        seats: dict[int, str],
        rng: Rng,
        physical_dice: bool = False,
        context: TableContext | None = None,
    ) -> Self:
        """A new round at ``table_id`` with ``seats`` (seat -> player id; one player may
        hold adjacent areas, 621a.13) seated.

        ``context`` is what the table carries (default: the start of the game, 621a.6(b)).
        Raises :class:`~croupier.errors.RulesSubmissionError` for a seat the table does
        not have (621a.2(a)) or boxes the submission does not allow (621a.13(a)).
        """
        round_ = super().open(
            rules,
            table_id=table_id,
            round_id=round_id,
            seats=seats,
            rng=rng,
            physical_dice=physical_dice,
        )
        context = context if context is not None else TableContext(cite=S.display)
        for event in round_._opening(context):
            round_.state = round_.evolve(round_.state, event)
            round_.events.append(event)
        return round_

    def opening(self, events: Sequence[Event]) -> Iterator[Event]:
        """On replay: the opening again from the stored TableContext (the table's input)."""
        context = events[1] if len(events) > 1 else None
        if not isinstance(context, TableContext):
            raise ReplayError(
                "event 1 of a Pai Gow round is its TableContext (what the table carries)",
                "engine:replay",
            )
        # The table's input is what it carries; the rule it cites follows from it: the
        # start of the game (621a.6(b)) or the bank's rotation since (621a.11(c)).
        cite = S.display if context.start_of_game else S.bank_rotation
        yield from self._opening(context.model_copy(update={"cite": cite}))

    def play_command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        bank = self.state.bank
        match event:
            case BankPassed(seat=seat, reason=""):
                return PassBank(seat=seat), seat, None
            case BankTaken(seat=seat, chips=chips, co_bank=co_bank):
                return TakeBank(seat=seat, chips=chips, co_bank=co_bank), seat, None
            case TilesMixed(stacks=stacks):
                order = [tile for stack in stacks for tile in stack]
                try:
                    draws = shuffle_draws(SET, order)
                except ValueError as error:
                    raise ReplayError(
                        f"{event!r} is not a mix of the 32 tiles: {error}", "engine:replay"
                    ) from None
                return MixTiles(), DEALER, ScriptedRng(draws)
            case TilesRemixed():
                remix = DeclareIrregularity(
                    irregularity=Irregularity.TILE_TURNED_OVER_WHILE_STACKING
                )
                return remix, DEALER, None
            case TilesCut(right=right, left=left) if bank is not None:
                return CutTiles(seat=bank, right=right, left=left), bank, None
            case CutDeclined() if bank is not None:
                return DeclineCut(seat=bank), bank, None
            case DealerWagerPlaced(amount=amount) if bank is not None:
                return DirectDealerWager(seat=bank, amount=amount), bank, None
            case DeliveryChosen(style=style, by=by):
                return ChooseDelivery(style=style), self._shaker_actor(by), None
            case DiceShaken(faces=faces, by=by, source="reading"):
                return ShakeDice(faces=faces), self._shaker_actor(by), None
            case DiceShaken(faces=faces, by=by):
                return ShakeDice(), self._shaker_actor(by), ScriptedRng(dice_draws(faces))
            case NumberDrawn(number=number):
                return DrawNumber(), DEALER, ScriptedRng([number - RNG_NUMBERS[0]])
            case NoRoll(irregularity=kind):
                return DeclareIrregularity(irregularity=kind), DEALER, None
            case StartingPositionCounted():
                return DealTiles(), DEALER, None
            case TileExposed(position=position, tile=tile):
                exposed = DeclareIrregularity(
                    irregularity=Irregularity.TILE_EXPOSED, position=position, tile=tile.code
                )
                return exposed, DEALER, None
        return self._hands_command_for(event, following)

    def _hands_command_for(
        self, event: Event, following: Sequence[Event]
    ) -> tuple[Command, Actor, Rng | None] | None:
        """:meth:`play_command_for` once the tiles are dealt: the hands set and settled."""
        match event:
            case ExposedHandDecided(seat=seat, void=void):
                return DecideExposedHand(seat=seat, void=void), seat, None
            case HouseWayShown(seat=seat):
                return RequestHouseWay(seat=seat), seat, None
            case HandsSet(seat=seat, high=high, low=low, by_dealer=False):
                together = _together(self.tiles_of(seat), high, low)
                return SetHands(seat=seat, together=together), seat, None
            case HandsSet(by_dealer=True):
                return SetDealerHands(), DEALER, None
            case DealerTilesTurnedOver():
                entered = following[0] if following else None
                if isinstance(entered, DealerHandsSet) and entered.rule == "entered":
                    tiles = self.state.hands.get(DEALER_POSITION, ())
                    together = _together(tiles, entered.high, entered.low)
                    return SetDealerHands(together=together), DEALER, None
                return SetDealerHands(), DEALER, None
            case WagerSettled(seat=seat, outcome=Outcome.SURRENDER):
                return Surrender(seat=seat), seat, None
            case WagerSettled(seat=seat, outcome=Outcome.LOSE):
                return DeclareAbandoned(seat=seat), DEALER, None
            case HandsExposed() | RoundCompleted():
                return SettleWagers(), DEALER, None
            case RoundVoided():  # not the dealer's void (the base's): tiles misdealt
                wrong = DeclareIrregularity(irregularity=Irregularity.WRONG_POSITIONS)
                return wrong, DEALER, None
        return None

    def _shaker_actor(self, by: str) -> Actor:
        """Who shook (or chose the style): the dealer, or the bank's seat (621a.11(i))."""
        bank = self.state.bank
        return bank if by == "bank" and bank is not None else DEALER

    def _opening(self, context: TableContext) -> Iterator[Event]:
        yield context
        if context.start_of_game:
            pairs = tuple(entry.combinations[0] for entry in MATCHED_AND_MIXED)
            yield TilesDisplayed(pairs=pairs, cite=S.display)
        if self.state.phase is Phase.BANK_OFFER:
            yield from self._next_offer()

    @property
    def rules(self) -> PaiGowRules:
        return self.state.rules

    # -- fold -------------------------------------------------------------------------------
    def initial_state(self, opened: RoundOpened, rules: PaiGowRules) -> PaiGowState:
        return PaiGowState(
            rules=rules, seats=dict(opened.seats), physical_dice=opened.physical_dice
        )

    def evolve(self, state: PaiGowState, event: Event) -> PaiGowState:
        """``state`` after ``event``, by the handler :data:`_EVOLVE` names for its class
        (:class:`ReplayError` for an event out of place or of another game), then moved on
        once every hand that must be set is set."""
        for kind in type(event).__mro__:
            handler = self._EVOLVE.get(kind)
            if handler is not None:
                handler(self, state, event)
                self._advance(state)
                return state
        raise ReplayError(f"{event!r} is not a Pai Gow event", "engine:replay")

    def _on_table_context(self, state: PaiGowState, event: TableContext) -> None:
        if state.context is not None:
            raise ReplayError("a round has one TableContext", "engine:replay")
        state.context = event
        offering = (
            state.rules.player_banking
            and not event.start_of_game
            and event.bank_offer_from is not None
        )
        state.phase = Phase.BANK_OFFER if offering else Phase.MIXING

    def _on_tiles_displayed(self, state: PaiGowState, event: TilesDisplayed) -> None:
        state.display = event.pairs

    def _on_bank_offered(self, state: PaiGowState, event: BankOffered) -> None:
        self._expect(state, event, Phase.BANK_OFFER)
        state.offered = event.seat

    def _on_bank_passed(self, state: PaiGowState, event: BankPassed) -> None:
        self._expect(state, event, Phase.BANK_OFFER)
        state.offers.append(event.seat)
        state.offered = None

    def _on_bank_taken(self, state: PaiGowState, event: BankTaken) -> None:
        self._expect(state, event, Phase.BANK_OFFER)
        state.offers.append(event.seat)
        state.offered = None
        state.bank, state.bank_chips, state.co_bank = event.seat, event.chips, event.co_bank
        state.phase = Phase.MIXING

    def _on_bank_not_taken(self, state: PaiGowState, event: BankNotTaken) -> None:
        self._expect(state, event, Phase.BANK_OFFER)
        state.phase = Phase.MIXING

    def _on_tiles_mixed(self, state: PaiGowState, event: TilesMixed) -> None:
        self._expect(state, event, Phase.MIXING)
        state.stacks = [list(stack) for stack in event.stacks]
        state.mixes += 1
        state.phase = Phase.CUT if state.bank is not None else Phase.BETTING

    def _on_tiles_remixed(self, state: PaiGowState, event: TilesRemixed) -> None:
        self._expect(state, event, Phase.CUT, Phase.BETTING)
        state.stacks = None
        state.cut = None
        state.phase = Phase.MIXING

    def _on_tiles_cut(self, state: PaiGowState, event: TilesCut) -> None:
        self._expect(state, event, Phase.CUT)
        assert state.stacks is not None
        state.stacks = cut_stacks(state.stacks, event.right, event.left)
        state.cut = (event.right, event.left)
        state.phase = Phase.BETTING

    def _on_cut_declined(self, state: PaiGowState, event: CutDeclined) -> None:
        self._expect(state, event, Phase.CUT)
        state.phase = Phase.BETTING

    def _on_dealer_wager(self, state: PaiGowState, event: DealerWagerPlaced) -> None:
        self._expect(state, event, Phase.BETTING)
        state.dealer_wager = event.amount

    def _on_wager_placed(self, state: PaiGowState, event: WagerPlaced) -> None:
        self._expect(state, event, *WAGERING)
        state.wagers[event.seat] = event.amount
        state.placed[event.seat] = event.amount

    def _on_wager_withdrawn(self, state: PaiGowState, event: WagerWithdrawn) -> None:
        """A wager withdrawn before "no more bets" (621a.7(c)) leaves the betting area and
        was never one placed against the dealer (621a.11(d)(1), (h))."""
        self._expect(state, event, *WAGERING)
        if state.wagers.get(event.seat) != event.amount:
            raise ReplayError(f"seat {event.seat} has no such wager to withdraw", "engine:replay")
        del state.wagers[event.seat]
        state.placed.pop(event.seat, None)

    def _on_no_more_bets(self, state: PaiGowState, event: NoMoreBets) -> None:
        self._expect(state, event, Phase.BETTING)
        state.phase = Phase.SHAKE

    def _on_delivery_chosen(self, state: PaiGowState, event: DeliveryChosen) -> None:
        self._expect(state, event, Phase.SHAKE)
        state.style = event.style

    def _on_dice_shaken(self, state: PaiGowState, event: DiceShaken) -> None:
        self._expect(state, event, Phase.SHAKE)
        state.dice = event.faces
        state.phase = Phase.SHOWN

    def _on_number_drawn(self, state: PaiGowState, event: NumberDrawn) -> None:
        self._expect(state, event, Phase.SHAKE)
        state.number = event.number
        state.phase = Phase.SHOWN

    def _on_no_roll(self, state: PaiGowState, event: NoRoll) -> None:
        self._expect(state, event, Phase.SHOWN)
        state.dice = None
        state.phase = Phase.SHAKE

    def _on_position_counted(self, state: PaiGowState, event: StartingPositionCounted) -> None:
        self._expect(state, event, Phase.SHOWN)
        state.start, state.counted_from = event.position, event.counted_from

    def _on_tiles_delivered(self, state: PaiGowState, event: TilesDelivered) -> None:
        self._expect(state, event, Phase.SHOWN)
        state.style = event.style
        state.hands = {d.position: tuple(d.tiles) for d in event.deliveries}
        state.stacks = None
        state.phase = Phase.SETTING

    def _on_stacks_collected(self, state: PaiGowState, event: StacksCollected) -> None:
        self._expect(state, event, Phase.SETTING)
        state.collected = event.positions
        state.dead_hand = list(state.hands.get(DEAD_HAND, ()))
        for position in event.positions:
            state.dead_hand += state.hands[position]

    def _on_shaker_covered(self, state: PaiGowState, event: ShakerCovered) -> None:
        pass

    def _on_tile_exposed(self, state: PaiGowState, event: TileExposed) -> None:
        state.exposed_tiles.setdefault(event.position, []).append(event.tile)
        if event.position.isdigit() and int(event.position) in state.wagers:
            state.pending.add(int(event.position))

    def _on_exposed_hand_decided(self, state: PaiGowState, event: ExposedHandDecided) -> None:
        state.pending.discard(event.seat)
        state.decided.add(event.seat)

    def _on_house_way_shown(self, state: PaiGowState, event: HouseWayShown) -> None:
        state.shown[event.seat] = _setting(event.high, event.low)

    def _on_hands_set(self, state: PaiGowState, event: HandsSet) -> None:
        state.settings[event.seat] = _setting(event.high, event.low)

    def _on_dealer_tiles_up(self, state: PaiGowState, event: DealerTilesTurnedOver) -> None:
        self._expect(state, event, Phase.DEALER_SETTING)
        state.dealer_up = True

    def _on_dealer_hands_set(
        self, state: PaiGowState, event: DealerHandsSet | DealerHandsReset
    ) -> None:
        state.dealer_setting = _setting(event.high, event.low)
        state.dealer_rule = event.rule

    def _on_hands_exposed(self, state: PaiGowState, event: HandsExposed) -> None:
        state.exposed[event.seat] = _setting(event.high, event.low)
        if event.result:
            state.results[event.seat] = event.result

    def _on_dealer_wager_settled(self, state: PaiGowState, event: DealerWagerSettled) -> None:
        state.dealer_result = event

    def _on_vigorish(self, state: PaiGowState, event: VigorishCollected) -> None:
        state.vigorish.append(event)

    def _on_wager_settled(self, state: PaiGowState, event: WagerSettled) -> None:
        if state.wagers.pop(event.seat, None) is None:
            raise ReplayError(f"seat {event.seat} has no wager in play", "engine:replay")
        state.pending.discard(event.seat)
        state.settlements.append(event)

    def _on_bank_settled(self, state: PaiGowState, event: BankSettled) -> None:
        state.bank_result = event

    def _on_round_voided(self, state: PaiGowState, event: RoundVoided) -> None:
        state.phase = Phase.VOIDED

    def _on_round_completed(self, state: PaiGowState, event: RoundCompleted) -> None:
        state.phase = Phase.COMPLETED

    _EVOLVE: ClassVar[dict[type[Event], Callable[[Any, PaiGowState, Any], None]]] = {
        TableContext: _on_table_context,
        TilesDisplayed: _on_tiles_displayed,
        BankOffered: _on_bank_offered,
        BankPassed: _on_bank_passed,
        BankTaken: _on_bank_taken,
        BankNotTaken: _on_bank_not_taken,
        TilesMixed: _on_tiles_mixed,
        TilesRemixed: _on_tiles_remixed,
        TilesCut: _on_tiles_cut,
        CutDeclined: _on_cut_declined,
        DealerWagerPlaced: _on_dealer_wager,
        WagerPlaced: _on_wager_placed,
        WagerWithdrawn: _on_wager_withdrawn,
        NoMoreBets: _on_no_more_bets,
        DeliveryChosen: _on_delivery_chosen,
        DiceShaken: _on_dice_shaken,
        NumberDrawn: _on_number_drawn,
        NoRoll: _on_no_roll,
        StartingPositionCounted: _on_position_counted,
        TilesDelivered: _on_tiles_delivered,
        StacksCollected: _on_stacks_collected,
        ShakerCovered: _on_shaker_covered,
        TileExposed: _on_tile_exposed,
        ExposedHandDecided: _on_exposed_hand_decided,
        HouseWayShown: _on_house_way_shown,
        HandsSet: _on_hands_set,
        DealerTilesTurnedOver: _on_dealer_tiles_up,
        DealerHandsSet: _on_dealer_hands_set,
        DealerHandsReset: _on_dealer_hands_set,
        HandsExposed: _on_hands_exposed,
        DealerWagerSettled: _on_dealer_wager_settled,
        VigorishCollected: _on_vigorish,
        WagerSettled: _on_wager_settled,
        BankSettled: _on_bank_settled,
        RoundVoided: _on_round_voided,
        RoundCompleted: _on_round_completed,
    }
    """Per event class, the handler that folds it into the state."""

    @staticmethod
    def _advance(state: PaiGowState) -> None:
        """Move on once every hand that must be set is set (621a.10(a), (c))."""
        if state.phase is Phase.SETTING and not state.to_set() and not state.pending:
            needs_dealer = state.dealer_plays() or state.co_bank
            state.phase = Phase.DEALER_SETTING if needs_dealer else Phase.SURRENDER
        if state.phase is Phase.DEALER_SETTING:
            dealer_done = not state.dealer_plays() or state.dealer_setting is not None
            bank_done = not state.co_bank or state.bank in state.settings
            if dealer_done and bank_done:
                state.phase = Phase.SURRENDER

    _expect = staticmethod(expect_phase)

    # -- commands ---------------------------------------------------------------------------
    def decide_play(self, command: Command, actor: Actor) -> Iterator[Event]:
        match command:
            case TakeBank():
                yield self.check_take_bank(command, actor)
            case PassBank(seat=seat):
                self.check_bank_answer(seat, actor)
                yield BankPassed(seat=seat, cite=S.bank_rotation)
                yield from self._next_offer()
            case MixTiles():
                yield self._mix(actor)
            case CutTiles() | DeclineCut():
                yield from self._cut(command, actor)
            case DirectDealerWager():
                yield self.check_direct(command, actor)
            case ChooseDelivery(style=style):
                yield self.check_delivery(actor, style)
            case ShakeDice(faces=faces):
                yield self._shake(faces, self.check_shake(actor, faces is not None))
            case DrawNumber():
                self.check_draw(actor)
                low, high = RNG_NUMBERS
                yield NumberDrawn(number=low + self.draw().randbelow(high - low + 1), cite=S.rng)
            case DealTiles():
                yield from self._deal(actor)
            case DeclareIrregularity():
                yield from self._irregularity(command, actor)
            case _:
                yield from self._decide_hands(command, actor)

    def _decide_hands(self, command: Command, actor: Actor) -> Iterator[Event]:
        """:meth:`decide_play` once the tiles are dealt: the hands set and settled."""
        match command:
            case DecideExposedHand(seat=seat, void=void):
                self.check_decide_exposed(seat, actor)
                yield from self._decide_exposed(seat, void)
            case RequestHouseWay(seat=seat):
                self.check_house_way(seat, actor)
                yield self._house_way_shown(seat)
            case SetHands(seat=seat, together=together):
                self.check_set(seat, actor)
                yield self._set_hands(seat, together)
            case SetDealerHands(together=together):
                self.check_set_dealer(actor, together is not None)
                yield from self._set_dealer_hands(together)
            case Surrender(seat=seat):
                self.check_surrender(seat, actor)
                yield self._lost(seat, Outcome.SURRENDER, S.surrender)
            case DeclareAbandoned(seat=seat):
                self.check_abandoned(seat, actor)
                yield self._lost(seat, Outcome.LOSE, S.seated_only)
            case SettleWagers():
                self.check_settle(actor)
                if self.state.bank is None:
                    yield from self._settle_dealer_bank()
                else:
                    yield from self._settle_player_bank()
            case _:
                raise NotYourTurn(f"{type(command).__name__} is not a Pai Gow command", S.wagers)

    # -- who may act ----------------------------------------------------------------------
    _dealer_only = staticmethod(dealer_only)

    # The dealer's checks, one per command: each refuses it in decide and, through
    # passes(), decides its offer.
    def check_mix(self, actor: Actor) -> None:
        """Refuse the mix but by the dealer, before the wagers (621a.6)."""
        self._dealer_only(actor, "mix the tiles", S.mix)
        if self.state.phase is not Phase.MIXING:
            raise NotYourTurn("the tiles are not to be mixed now", S.mix)

    def check_no_more_bets(self, actor: Actor) -> None:
        """Refuse "no more bets" but by the dealer, after the mix (and the bank's cut),
        once, with a wager placed."""
        state = self.state
        self._dealer_only(actor, 'announce "no more bets"', S.no_more_bets)
        if state.phase is Phase.BANK_OFFER:
            raise NotYourTurn(
                f"the bank is being offered to seat {state.offered}: the offer is answered "
                '(the bank taken or passed) before "no more bets"',
                S.bank_rotation,
            )
        if state.phase is Phase.MIXING or state.phase is Phase.CUT:
            raise NotYourTurn(
                '"no more bets" follows the mixing and stacking of the tiles'
                + (" and the bank's cut" if state.phase is Phase.CUT else ""),
                S.rng if state.rules.starting_position is StartingPosition.RNG else S.dice,
            )
        if state.phase is not Phase.BETTING:
            raise NotYourTurn('"no more bets" has already been announced', S.no_more_bets)
        if not state.wagers and not state.dealer_wager:
            raise NotYourTurn("no wager has been placed: there is no round to play", S.wagers)

    def check_deal(self, actor: Actor) -> None:
        """Refuse the deal but by the dealer, once the dice (or number) are shown."""
        self._dealer_only(actor, "deal the tiles", S.deal)
        if self.state.phase is not Phase.SHOWN:
            raise NotYourTurn("the tiles are dealt once the dice (or number) are shown", S.deal)

    def check_settle(self, actor: Actor) -> None:
        """Refuse settlement but by the dealer, once every hand is set."""
        self._dealer_only(actor, "settle the wagers", S.expose)
        if self.state.phase is not Phase.SURRENDER:
            raise NotYourTurn(
                "the wagers are settled after every hand is set and the dealer has set his",
                S.expose,
            )

    def _player_for(self, seat: int, actor: Actor, what: str, cite: str) -> None:
        """``actor`` must be the player seated at ``seat`` (one player may hold several
        adjacent areas, 621a.13)."""
        state = self.state
        if actor == DEALER:
            raise OtherSeat(f"only the player at seat {seat} may {what}", cite)
        if self.seat_empty(seat, state.seats):
            raise empty_seat(seat, S.seated_only)
        if state.seats.get(actor) != state.seats.get(seat):
            raise OtherSeat(f"only the player at seat {seat} may {what}", cite)

    def _bank_actor(self, actor: Actor, what: str, cite: str) -> int:
        bank = self.state.bank
        if bank is None:
            raise NotYourTurn(f"there is no player bank to {what}", cite)
        if actor == DEALER or self.state.seats.get(actor) != self.state.seats[bank]:
            raise NotYourTurn(f"only the bank (seat {bank}) may {what}", cite)
        return bank

    # -- the bank (621a.11(b)-(f)) ---------------------------------------------------------
    def _offer_order(self) -> list[int]:
        """Seated players counterclockwise from the seat first offered the bank."""
        state = self.state
        assert state.context is not None and state.context.bank_offer_from is not None
        first = state.context.bank_offer_from
        ring = list(range(6, 0, -1))
        start = ring.index(first)
        ordered = ring[start:] + ring[:start]
        seen: set[str] = set()
        out = []
        for seat in ordered:
            player = state.seats.get(seat)
            if player is not None and player not in seen:
                seen.add(player)
                out.append(seat)
        return out

    def bank_refusal(self, seat: int, to_him: bool = False) -> tuple[str, str] | None:
        """Why the player at ``seat`` may not bank this round, with the rule, or ``None``.
        The player is named by his account id, as :class:`BankPassed` has always stored
        it (a player or spectator reads a stand-in: :mod:`croupier.server.privacy`);
        ``to_him``: said to the player himself, as "you", in a refusal of his answer."""
        state = self.state
        context = state.context
        assert context is not None
        player = state.seats.get(seat)
        if player is None:
            return f"seat {seat} is not occupied", S.seated_only
        who, holds = ("you", "hold") if to_him else (f"player {player!r}", "holds")
        if context.previous_bank == player:
            return (
                f"{who} banked the last round: a player may not bank two consecutive rounds",
                S.bank_rotation,
            )
        if player not in context.last_dealer_round_wagers:
            return (
                f"{who} placed no wager against the dealer in the last round without a player bank",
                S.bank_last_wager,
            )
        if len(state.boxes_of(seat)) > 1:
            return (
                f"{who} {holds} {len(state.boxes_of(seat))} betting areas; the bank may "
                "wager on only one",
                S.bank_one_area,
            )
        return None

    def _next_offer(self) -> Iterator[Event]:
        state = self.state
        done = set(state.offers)
        for seat in self._offer_order():
            if seat in done:
                continue
            refusal = self.bank_refusal(seat)
            if refusal is not None:
                yield BankPassed(seat=seat, reason=refusal[0], cite=refusal[1])
                continue
            yield BankOffered(seat=seat, cite=S.bank_rotation)
            return
        yield BankNotTaken(cite=S.bank_rotation)

    def check_bank_answer(self, seat: int, actor: Actor, take: bool = False) -> None:
        """Refuse an answer to the offer of the bank (``take``: taking it) but by the
        player at ``seat``, while the bank is offered to that seat (621a.11(a)-(d))."""
        state = self.state
        if state.phase is not Phase.BANK_OFFER:
            if not state.rules.player_banking:
                raise NotYourTurn("this table does not offer the bank to players", S.bank_offered)
            context = state.context
            if context is not None and context.start_of_game:
                raise NotYourTurn(
                    "a player may not be the bank at the start of the game", S.no_bank_at_start
                )
            raise NotYourTurn("the bank is not being offered now", S.bank_rotation)
        self._player_for(seat, actor, "answer the offer of the bank", S.bank_rotation)
        if state.offered != seat:
            refusal = self.bank_refusal(seat, to_him=True)
            if refusal is not None and take:
                raise NotYourTurn(*refusal)
            raise NotYourTurn(
                f"the bank is offered to seat {state.offered} now, not seat {seat}",
                S.bank_rotation,
            )

    def check_take_bank(self, command: TakeBank, actor: Actor) -> BankTaken:
        """The bank ``command`` takes: its chips whole cents (refused as such first), then
        :meth:`check_bank_answer`, chips covering a wager of the table minimum, and
        co-banking only where the table offers it (621a.11(d)(2), 621a.11(e))."""
        state, seat = self.state, command.seat
        chips = require_cents(command.chips, "the bank's chips", S.bank_covers)
        self.check_bank_answer(seat, actor, take=True)
        if chips < state.rules.minimum_wager:
            raise InvalidWager(
                f"the bank's {format_cents(chips)} cannot cover a wager of the table minimum "
                f"{format_cents(state.rules.minimum_wager)}",
                S.bank_covers,
            )
        if command.co_bank and not state.rules.co_banking:
            raise InvalidWager("this table does not offer co-banking", S.co_bank)
        return BankTaken(
            seat=seat,
            chips=chips,
            co_bank=command.co_bank,
            cite=S.co_bank if command.co_bank else S.bank_rotation,
        )

    # -- the mix and the cut (621a.6, 621a.11(g)-(h)) -----------------------------------------
    def _mix(self, actor: Actor) -> TilesMixed:
        state = self.state
        self.check_mix(actor)
        tiles = list(SET)
        shuffle(self.draw(), tiles)
        stacks = tuple(tuple(tiles[4 * i : 4 * i + 4]) for i in range(STACKS))
        first = state.context is not None and state.context.start_of_game and state.mixes == 0
        return TilesMixed(stacks=stacks, cite=S.mix if first else S.remix_each_round)

    def check_cut(self, seat: int, actor: Actor) -> None:
        """Refuse a cut (or declining it) but by the bank at ``seat``, once, after the
        tiles are stacked (621a.11(g))."""
        if self.state.phase is not Phase.CUT:
            raise NotYourTurn(
                "the bank may cut once, after the tiles are stacked and before wagering closes",
                S.cut,
            )
        bank = self._bank_actor(actor, "cut the tiles", S.cut)
        if seat != bank:
            raise NotYourTurn(f"only the bank (seat {bank}) may cut the tiles", S.cut)

    def _cut(self, command: CutTiles | DeclineCut, actor: Actor) -> Iterator[Event]:
        state = self.state
        self.check_cut(command.seat, actor)
        if isinstance(command, DeclineCut):
            yield CutDeclined(cite=S.cut)
        else:
            assert state.stacks is not None
            try:
                cut_stacks(state.stacks, command.right, command.left)
            except ValueError as error:
                raise IllegalCommand(str(error).removesuffix(" (621a.11(g))"), S.cut) from None
            yield TilesCut(right=tuple(command.right), left=tuple(command.left), cite=S.cut)
        yield from self._dealer_wager()

    def _dealer_wager(self) -> Iterator[Event]:
        """The dealer's wager against the bank (621a.11(h)), within the bank's cover."""
        state = self.state
        if state.co_bank or state.bank is None:
            return
        context = state.context
        assert context is not None
        player = state.seats[state.bank]
        wanted = state.rules.dealer_wager_against_bank
        if wanted is None:
            wanted = context.last_dealer_round_wagers.get(player, 0)
        room = state.bank_chips - sum(state.wagers.values())
        amount = max(0, min(wanted, room))
        if amount:
            yield DealerWagerPlaced(amount=amount, cite=S.dealer_wager)

    # -- wagers (621a.7, 621a.11(d)(2), 621a.13): the shared base's hooks -----------------
    def check_seat(self, seat: int, actor: Actor) -> None:
        """Refuse a wager on ``seat`` but by a seated player whose area it is (one player
        may hold several adjacent areas, 621a.13), and while the bank is offered
        (621a.11(c))."""
        state = self.state
        if actor == DEALER:
            raise OtherSeat(dealer_for(seat), S.seated_only)
        if self.seat_empty(seat, state.seats):
            raise empty_seat(seat, S.seated_only)
        if state.seats.get(seat) != state.seats.get(actor):
            raise OtherSeat(f"seat {actor} may not wager for seat {seat}", S.seated_only)
        if state.phase is Phase.BANK_OFFER:
            whom = "you" if state.offered == actor else f"seat {state.offered}"
            raise NotYourTurn(
                f"the bank is being offered to {whom}: the offer must be answered first "
                "(take the bank or pass it) before wagers are made",
                S.bank_rotation,
            )

    def betting_open(self) -> bool:
        """Wagers are open from the mix (and the bank's cut) to "no more bets"."""
        return self.state.phase in WAGERING

    def refuse_closed(self, spot: str) -> IllegalCommand:
        return NotYourTurn(
            'wagers are closed: "no more bets" has been announced; a wager may not be '
            "made, increased or withdrawn",
            S.no_more_bets,
        )

    def spots(self) -> tuple[str, ...]:
        return (SPOT,)

    def why_no_spot(self, spot: str) -> str:
        return no_spot(spot, [SPOT_LABEL], sent=[SPOT])

    def wagers_of(self, seat: int) -> dict[str, Cents]:
        """The wager of betting area ``seat``, on its one spot."""
        wagers = self.state.wagers
        return {SPOT: wagers[seat]} if seat in wagers else {}

    def wager_bound(self, seat: int, spot: str) -> Bound | None:
        """The table limits, the most no more than what a player bank covers (the most
        under the least: it covers none); none for the bank's own area (621a.7,
        621a.11(d)(2))."""
        if seat == self.state.bank:
            return None
        rules = self.rules
        return Bound(rules.minimum_wager, min(rules.maximum_wager, self._covered()), S.wagers)

    def why_no_bound(self, seat: int, spot: str) -> tuple[str, str]:
        return "the bank plays its hand against every wager and places none", S.bank_one_area

    def refuse_held(self, seat: int, spot: str, amount: object) -> IllegalCommand:
        """A second wager: its ``amount`` (where sent) first, when no wager could be it
        (:meth:`_table_amount`), as a pit would, ``null`` included; else the wager already
        there (``amount`` :data:`~croupier.games._wagering.NOT_SENT`: the spot alone is
        asked about)."""
        if amount is not NOT_SENT:
            try:
                self._table_amount(amount)
            except IllegalCommand as refused:
                return refused
        return InvalidWager(f"seat {seat} already has a wager", S.wagers)

    def refuse_amount(self, seat: int, spot: str, amount: Cents, bound: Bound) -> IllegalCommand:
        """An amount outside the table limits, else one the player bank cannot cover."""
        try:
            self._table_amount(amount)
        except IllegalCommand as refused:
            return refused
        state, covered = self.state, self._covered()
        return InvalidWager(
            f"the bank's {format_cents(state.bank_chips)} cannot cover this wager: "
            f"it covers {format_cents(covered)} more, so "
            f"{format_cents(amount - covered)} of the {format_cents(amount)} would be "
            "uncovered",
            S.bank_covers,
        )

    def _covered(self) -> Cents:
        """What the player bank covers of further wagers (cents; no bank: no bound)."""
        state = self.state
        if state.bank is None:
            return self.rules.maximum_wager
        return state.bank_chips - sum(state.wagers.values()) - state.dealer_wager

    def _table_amount(self, amount: object) -> Cents:
        """``amount`` as whole cents within the table limits, else its refusal."""
        rules = self.rules
        cents = require_cents(amount, "a wager", S.wagers)
        if not rules.minimum_wager <= cents <= rules.maximum_wager:
            raise InvalidWager(
                f"a wager must be {rules.describe_limits()}, not {format_cents(cents)}",
                "601a.2",
            )
        return cents

    def withdraw_areas(self, seat: int) -> list[int]:
        """Every betting area of the player at ``seat`` (621a.13): each wager his own to
        withdraw before "no more bets" (621a.7(c))."""
        return self.state.boxes_of(seat) if seat in self.state.seats else []

    def nothing_to_withdraw(self, seat: int, spot: str) -> str:
        return f"seat {seat} has no {SPOT_LABEL} to withdraw"

    def wager_offers(self, seat: int) -> list[LegalCommand]:
        """A wager on each betting area of the player at ``seat`` (621a.13) where
        :meth:`check_spot` passes, with the amounts its bound allows."""
        if seat not in self.state.seats:
            return []
        out = []
        for area in self.state.boxes_of(seat):
            bound = checked(self.check_spot, area, SPOT, seat)
            if bound is not None and bound.high >= bound.low:
                amount = Amount(low=bound.low, high=bound.high)
                out.append(offer("PlaceWager", S.wagers, seat=area, spot=SPOT, amount=amount))
        return out

    def check_direct(self, command: DirectDealerWager, actor: Actor) -> DealerWagerPlaced:
        """The dealer's wager the bank directs (``command``): whole cents, zero or more
        (refused as such first, in any phase, as :meth:`check_take_bank` refuses the bank's
        chips), then by the bank, before "no more bets", less than the dealer's wager, or
        none (621a.11(h))."""
        state = self.state
        amount = command.amount
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise InvalidWager(
                "the dealer's wager must be a whole number of cents, zero or more, not "
                f"{kind_of(amount)}",
                S.dealer_wager,
            )
        high = self.check_direct_seat(command.seat, actor)
        if amount > high:
            raise InvalidWager(
                f"the bank may direct a lesser wager than {format_cents(state.dealer_wager)} "
                f"or none, not {format_cents(amount)}",
                S.dealer_wager,
            )
        return DealerWagerPlaced(amount=amount, cite=S.dealer_wager)

    def check_direct_seat(self, seat: int, actor: Actor) -> Cents:
        """The most (cents) the bank at ``seat`` may direct the dealer to wager now: less
        than his wager, or none (with none placed, none); refuses but the bank before "no
        more bets" (621a.11(h))."""
        bank = self._bank_actor(actor, "direct the dealer's wager", S.dealer_wager)
        if seat != bank:
            raise NotYourTurn(f"only the bank (seat {bank}) may direct it", S.dealer_wager)
        if self.state.phase is not Phase.BETTING:
            raise NotYourTurn(
                'the dealer\'s wager may be lowered once it is placed and before "no more bets"',
                S.dealer_wager,
            )
        return max(self.state.dealer_wager - 1, 0)

    # -- the starting position (621a.8(a)-(c), 621a.9, 621a.11(i)-(j)) -------------------------
    def _shaker(self, actor: Actor, what: str) -> str:
        """Who shakes: the dealer, or a player bank (621a.11(i)). Returns ``"dealer"`` or
        ``"bank"``."""
        if self.state.bank is None:
            self._dealer_only(actor, what, S.dice)
            return "dealer"
        self._bank_actor(actor, what, S.bank_style)
        return "bank"

    def check_delivery(self, actor: Actor, style: DeliveryStyle) -> DeliveryChosen:
        """The delivery style ``style`` chosen by the shaker (:meth:`_shaker`), once, after
        "no more bets" and before the shake, among the styles the table allows (621a.9)."""
        state = self.state
        who = self._shaker(actor, "choose the delivery style")
        cite = S.bank_style if who == "bank" else S.styles
        if state.phase is not Phase.SHAKE or state.dice is not None:
            raise NotYourTurn(
                'the delivery style is chosen after "no more bets" and before the shake', cite
            )
        if state.style is not None:
            raise NotYourTurn(f"the delivery style is already {state.style}", cite)
        if (refusal := state.rules.style_refusal(style)) is not None:
            raise InvalidWager(refusal, S.styles)
        return DeliveryChosen(style=style, by=who, cite=STYLE_CITES[style])

    def check_shake(self, actor: Actor, reading: bool) -> str:
        """Who shakes (``"dealer"`` or ``"bank"``), after "no more bets", the dice drawn
        by RNG (no ``reading``) or a ``reading`` of physical dice; refuses the dealer's
        shake where the table draws a number (621a.8(a), 621a.11(i))."""
        state = self.state
        who = self._shaker(actor, "shake the dice")
        cite = S.bank_style if who == "bank" else S.dice
        if state.phase is not Phase.SHAKE:
            raise NotYourTurn('the dice are shaken after "no more bets", once per deal', cite)
        if state.rules.starting_position is StartingPosition.RNG and who == "dealer":
            raise NotYourTurn(
                "this table draws the starting position from its random number generator",
                S.rng,
            )
        if reading and not state.physical_dice:
            raise NotYourTurn("this table shakes its dice by RNG: no reading is taken", cite)
        return who

    def _shake(self, faces: tuple[Any, ...] | None, who: str) -> DiceShaken:
        cite = S.bank_style if who == "bank" else S.dice
        if faces is None:
            rolled = roll_dice(self.draw(), 3)
            return DiceShaken(faces=rolled, total=sum(rolled), by=who, cite=cite)
        reading = read_dice(faces, 3, S.three_dice)
        return DiceShaken(faces=reading, total=sum(reading), by=who, source="reading", cite=cite)

    def check_draw(self, actor: Actor) -> None:
        """Refuse drawing the number but by the dealer, where the table draws it, after
        "no more bets" (621a.8(a)(1))."""
        state = self.state
        self._dealer_only(actor, "draw the number", S.rng)
        if state.rules.starting_position is not StartingPosition.RNG or state.bank is not None:
            raise NotYourTurn("the starting position is determined by the dice", S.dice)
        if state.phase is not Phase.SHAKE:
            raise NotYourTurn('the number is drawn after "no more bets", once per deal', S.rng)

    # -- the delivery (621a.8(c)-(f), 621a.9, 621a.11(j)-(m)) ----------------------------------
    def _deal(self, actor: Actor) -> Iterator[Event]:
        state = self.state
        self.check_deal(actor)
        assert state.stacks is not None
        total = state.number if state.dice is None else sum(state.dice)
        assert total is not None
        banked = state.bank is not None
        first = position_of(state.bank) if state.bank is not None else DEALER_POSITION
        order = count_positions(total, first)
        yield StartingPositionCounted(
            total=total,
            counted_from=first,
            position=order[0],
            cite=S.bank_count if banked else S.count,
        )
        style = state.style or DeliveryStyle.STANDARD
        dealt = deliver(state.stacks, style)
        yield TilesDelivered(
            style=style,
            deliveries=tuple(
                Delivery(position=position, tiles=tiles)
                for position, tiles in zip(order, dealt, strict=True)
            ),
            cite=f"{STYLE_CITES[style]}; {S.bank_deal}" if banked else STYLE_CITES[style],
        )
        empty = [
            position
            for position in COUNTERCLOCKWISE
            if position.isdigit()
            and int(position) not in state.wagers
            and int(position) != state.bank
        ]
        if banked and (state.co_bank or not state.dealer_wager):
            empty.insert(0, DEALER_POSITION)
        yield StacksCollected(
            positions=tuple(empty), cite=S.bank_collect_empty if banked else S.collect_empty
        )
        yield ShakerCovered(cite=S.bank_shaker_after if banked else S.shaker_after)

    # -- irregularities (621a.6(e), 621a.11(i), 621a.12) -----------------------------------------
    def irregularities_now(self) -> tuple[Irregularity, ...]:
        """The irregularities the dealer may declare in this phase."""
        state = self.state
        if state.phase in (Phase.CUT, Phase.BETTING):
            return (Irregularity.TILE_TURNED_OVER_WHILE_STACKING,)
        if state.phase is Phase.SHOWN and state.dice is not None and state.physical_dice:
            # Dice drawn by the RNG always land flat in the shaker: only physical dice can
            # be a "no roll" (621a.12(a)-(b), 621a.11(i)).
            kinds = [Irregularity.DICE_NOT_FLAT, Irregularity.DIE_FELL_OUT]
            if state.bank is not None:
                kinds.append(Irregularity.BANK_REMOVED_LID)
            return tuple(kinds)
        if state.phase is Phase.SETTING:
            if self.exposable_positions():
                return (Irregularity.WRONG_POSITIONS, Irregularity.TILE_EXPOSED)
            return (Irregularity.WRONG_POSITIONS,)
        if state.phase in (Phase.DEALER_SETTING, Phase.SURRENDER):
            return (Irregularity.WRONG_POSITIONS,)
        return ()

    def exposable_positions(self) -> dict[str, tuple[Tile, ...]]:
        """Position -> its tiles still face down that may be declared exposed now: every
        position dealt, except a player's hands once set face down (621a.12(d)-(e))."""
        state = self.state
        if state.phase is not Phase.SETTING:
            return {}
        out: dict[str, tuple[Tile, ...]] = {}
        for position, dealt in state.hands.items():
            if position.isdigit() and int(position) in state.settings:
                continue
            left = list(dealt)
            for seen in state.exposed_tiles.get(position, []):
                left.remove(seen)
            if left:
                out[position] = tuple(left)
        return out

    def check_irregularity(self, kind: Irregularity, actor: Actor) -> str:
        """The section an irregularity ``kind`` declared now cites; refuses it but by the
        dealer, in a phase where it can happen (:meth:`irregularities_now`)."""
        cite = _IRREGULARITY_CITES[kind]
        self._dealer_only(actor, "declare an irregularity", cite)
        if kind not in self.irregularities_now():
            raise NotYourTurn(f"{kind} cannot be declared in phase {self.state.phase}", cite)
        return cite

    def _irregularity(self, command: DeclareIrregularity, actor: Actor) -> Iterator[Event]:
        kind = command.irregularity
        cite = self.check_irregularity(kind, actor)
        if kind is Irregularity.TILE_TURNED_OVER_WHILE_STACKING:
            yield TilesRemixed(cite=cite)
        elif kind in (
            Irregularity.DICE_NOT_FLAT,
            Irregularity.DIE_FELL_OUT,
            Irregularity.BANK_REMOVED_LID,
        ):
            yield NoRoll(irregularity=kind, cite=cite)
        elif kind is Irregularity.WRONG_POSITIONS:
            yield from self._void("the tiles were dealt to the wrong positions", cite)
        else:
            yield from self._exposed(command)

    def check_exposed(self, position: str | None, text: str | None) -> Tile:
        """The tile a declaration of a tile exposed names (``text``, at ``position``):
        dealt there and still face down, of no player's hand set face down already
        (621a.12(d)-(e))."""
        state = self.state
        if position not in state.hands:
            raise IllegalCommand(
                f"name the position whose tile was exposed: one of {', '.join(state.hands)}",
                S.player_tile_exposed,
            )
        try:
            tile = parse_tile(text or "")
        except ValueError as error:
            raise IllegalCommand(str(error), S.player_tile_exposed) from None
        available = list(state.hands[position])
        for seen in state.exposed_tiles.get(position, []):
            available.remove(seen)
        if tile not in available:
            raise IllegalCommand(
                f"{tile.code} is not an unexposed tile dealt to {position}",
                S.player_tile_exposed,
            )
        seat = self._player_area(position)
        if seat is not None and seat in state.settings:
            raise NotYourTurn(
                f"seat {seat} has set its hands face down already", S.player_tile_exposed
            )
        return tile

    def _player_area(self, position: str) -> int | None:
        """The betting area ``position`` is, where a player's wager plays there (not the
        bank's); ``None`` for the dealer, the Dead Hand, an area without a wager."""
        state = self.state
        seat = int(position) if position.isdigit() else None
        if seat is not None and seat in state.wagers and seat != state.bank:
            return seat
        return None

    def _exposed(self, command: DeclareIrregularity) -> Iterator[Event]:
        tile = self.check_exposed(command.position, command.tile)
        position = command.position
        assert position is not None
        if self._player_area(position) is not None:
            yield TileExposed(position=position, tile=tile, cite=S.player_tile_exposed)
            return
        yield TileExposed(position=position, tile=tile, cite=S.other_tile_exposed)
        yield from self._void(f"a tile of {position} was exposed", S.other_tile_exposed)

    def check_decide_exposed(self, seat: int, actor: Actor) -> None:
        """Refuse a decision on an exposed hand but by the player at ``seat``, whose tile
        awaits it (621a.12(d))."""
        self._player_for(seat, actor, "decide on the exposed hand", S.player_tile_exposed)
        if seat not in self.state.pending:
            raise NotYourTurn(f"no tile of seat {seat} awaits a decision", S.player_tile_exposed)

    def _decide_exposed(self, seat: int, void: bool) -> Iterator[Event]:
        yield ExposedHandDecided(seat=seat, void=void, cite=S.player_tile_exposed)
        if void:
            amount = self.state.wagers[seat]
            yield WagerSettled(
                seat=seat,
                spot=SPOT,
                amount=amount,
                outcome=Outcome.VOID,
                returned=amount,
                cite=S.player_tile_exposed,
            )

    # -- setting (621a.10(a)-(d), 621a.11(e), 621a.12(f), 621a.13(b)) --------------------------
    def tiles_of(self, seat: int) -> tuple[Tile, ...]:
        """The four tiles dealt to betting area ``seat`` (empty before the deal)."""
        return self.state.hands.get(position_of(seat), ())

    def next_to_set(self, actor: int) -> int | None:
        """The area of ``actor`` 's player to be set next (621a.13(b)): the larger wager
        first, equal wagers counterclockwise (the higher seat first); the bank's own."""
        state = self.state
        if state.phase is not Phase.SETTING:
            return None
        player = state.seats.get(actor)
        mine = [s for s in state.to_set() if state.seats.get(s) == player]
        if not mine:
            return None
        return min(mine, key=lambda s: (-state.wagers.get(s, 0), -s))

    def check_house_way(self, seat: int, actor: Actor) -> None:
        """Refuse asking how the house sets but by the player at ``seat``, with a hand to
        set and no exposed tile to decide on first (621a.10(b), 621a.12(d))."""
        state = self.state
        self._player_for(seat, actor, "ask how the house sets", S.assistance)
        if state.phase is not Phase.SETTING or seat not in state.to_set():
            raise NotYourTurn(f"seat {seat} has no hand to set now", S.assistance)
        if seat in state.pending:
            raise NotYourTurn(
                f"seat {seat} decides on its exposed tile first, without looking at the others",
                S.player_tile_exposed,
            )

    def _house_way_shown(self, seat: int) -> HouseWayShown:
        choice = self.state.rules.dealer_way.choose(self.tiles_of(seat))
        return HouseWayShown(
            seat=seat,
            high=choice.setting.high,
            low=choice.setting.low,
            rule=choice.rule.name,
            cite=S.assistance,
        )

    def check_set(self, seat: int, actor: Actor) -> None:
        """Refuse setting ``seat``'s hands but by its player, once, after any exposed
        tile's decision, the larger wager's area first (621a.10(a), 621a.13(b))."""
        state = self.state
        self._player_for(seat, actor, "set these hands", S.set_hands)
        if state.phase is not Phase.SETTING:
            raise NotYourTurn("hands are not being set now", S.set_hands)
        if seat not in state.to_set():
            if seat in state.settings:
                raise NotYourTurn(
                    f"seat {seat} has set its hands: they may not be changed", S.adjacent_order
                )
            raise NotYourTurn(f"seat {seat} has no hand to set", S.set_hands)
        if seat in state.pending:
            raise NotYourTurn(
                f"seat {seat} must first decide whether to void the hand", S.player_tile_exposed
            )
        first = self.next_to_set(seat)
        if first is not None and first != seat:
            raise NotYourTurn(
                f"set seat {first} first: the hand with the larger wager, or with equal "
                "wagers the first counterclockwise, is set before the other",
                S.adjacent_order,
            )

    def _set_hands(self, seat: int, together: tuple[str, str]) -> HandsSet:
        dealt = self.tiles_of(seat)
        try:
            setting = setting_with(dealt, together)
        except ValueError:
            raise IllegalCommand(
                f"a setting puts two of seat {seat}'s four tiles ({_codes(dealt)}) together; "
                f"{' and '.join(together)} are not two of them",
                S.set_hands,
            ) from None
        return HandsSet(seat=seat, high=setting.high, low=setting.low, cite=S.set_hands)

    def check_set_dealer(self, actor: Actor, entered: bool = False) -> None:
        """Refuse setting the dealer's hands but by the dealer once every player has set;
        a setting ``entered`` only where the dealer has a hand (621a.10(c)-(d))."""
        state = self.state
        self._dealer_only(actor, "set the dealer's hands", S.dealer_way)
        if state.phase is not Phase.DEALER_SETTING:
            raise NotYourTurn(
                "the dealer sets after every player has set his hands", S.dealer_turns_over
            )
        if entered and not state.dealer_plays():
            raise NotYourTurn("the dealer has no hand in this round", S.bank_collect_empty)

    def _set_dealer_hands(self, together: tuple[str, str] | None) -> Iterator[Event]:
        state = self.state
        if state.dealer_plays():
            tiles = state.hands[DEALER_POSITION]
            entered: Setting | None = None
            if together is not None:
                try:
                    entered = setting_with(tiles, together)
                except ValueError:
                    raise IllegalCommand(
                        f"the dealer's tiles are {_codes(tiles)}; {' and '.join(together)} "
                        "are not two of them",
                        S.dealer_turns_over,
                    ) from None
            choice = state.rules.dealer_way.choose(tiles)
            cite = S.dealer_vs_bank if state.bank is not None else S.dealer_way
            yield DealerTilesTurnedOver(tiles=tiles, cite=S.dealer_turns_over)
            if entered is not None and not entered.same_as(choice.setting):
                yield DealerHandsSet(
                    high=entered.high, low=entered.low, rule="entered", cite=S.dealer_turns_over
                )
                yield DealerHandsReset(
                    high=choice.setting.high,
                    low=choice.setting.low,
                    rule=choice.rule.name,
                    cite=S.dealer_reset,
                )
            else:
                yield DealerHandsSet(
                    high=choice.setting.high,
                    low=choice.setting.low,
                    rule=choice.rule.name,
                    cite=f"{cite}; {choice.rule.cite}" if choice.rule.cite else cite,
                )
        if state.co_bank and state.bank is not None:
            bank_tiles = self.tiles_of(state.bank)
            setting = state.rules.co_bank_house_way.set(bank_tiles)
            yield HandsSet(
                seat=state.bank, high=setting.high, low=setting.low, by_dealer=True, cite=S.co_bank
            )

    def check_surrender(self, seat: int, actor: Actor) -> None:
        """Refuse a surrender but by the player at ``seat`` with a wager in play, after
        the dealer has set and before the hands are exposed (621a.10(e))."""
        state = self.state
        self._player_for(seat, actor, "surrender this wager", S.surrender)
        if state.phase is not Phase.SURRENDER:
            raise NotYourTurn(
                "a player may surrender after the dealer's hands are set and before his own "
                "are exposed",
                S.surrender,
            )
        if seat not in state.wagers:
            raise NotYourTurn(f"seat {seat} has no wager in play", S.surrender)

    def check_abandoned(self, seat: int, actor: Actor) -> None:
        """Refuse declaring ``seat``'s wager abandoned but by the dealer, once the tiles
        are dealt, for a wager in play (621a.7(b))."""
        state = self.state
        self._dealer_only(actor, "declare a wager abandoned", S.seated_only)
        if state.phase not in (Phase.SETTING, Phase.DEALER_SETTING, Phase.SURRENDER):
            raise NotYourTurn(
                "a wager is abandoned when its player leaves after receiving tiles",
                S.seated_only,
            )
        if seat not in state.wagers:
            raise NotYourTurn(f"seat {seat} has no wager in play", S.seated_only)

    def _lost(self, seat: int, outcome: Outcome, cite: str) -> WagerSettled:
        """``seat``'s wager surrendered or abandoned (lost), under rule ``cite``."""
        amount = self.state.wagers[seat]
        return WagerSettled(seat=seat, spot=SPOT, amount=amount, outcome=outcome, cite=cite)

    # -- settlement (621a.10(f)-(k), 621a.11(n)-(r)) -------------------------------------------
    def _order(self) -> list[int]:
        """Counterclockwise from the dealer's right: the highest seat first."""
        return sorted(self.state.wagers, reverse=True)

    def _paid(self, seat: int, amount: Cents, cite: str) -> Iterator[Event]:
        rules = self.rules
        vig = vigorish(amount, to_quarter=rules.vigorish_to_quarter, rounding=rules.payout_rounding)
        yield VigorishCollected(seat=seat, won=amount, amount=vig, cite=cite)
        yield WagerSettled(
            seat=seat,
            spot=SPOT,
            amount=amount,
            outcome=Outcome.WIN,
            odds=PAYOUT_ODDS,
            returned=amount,
            won=amount - vig,
            cite=f"{S.win}; {S.vigorish}",
        )

    def _settle_dealer_bank(self) -> Iterator[Event]:
        state = self.state
        dealer = state.dealer_setting
        assert dealer is not None
        winners: list[int] = []
        for seat in self._order():
            player = state.settings[seat]
            result = outcome(player, dealer)
            yield HandsExposed(
                seat=seat, high=player.high, low=player.low, result=str(result), cite=S.expose
            )
            amount = state.wagers[seat]
            if result is Result.LOSE:
                yield WagerSettled(
                    seat=seat, spot=SPOT, amount=amount, outcome=Outcome.LOSE, cite=S.lose
                )
            elif result is Result.TIE:
                yield WagerSettled(
                    seat=seat,
                    spot=SPOT,
                    amount=amount,
                    outcome=Outcome.PUSH,
                    returned=amount,
                    cite=f"{S.tie}; {S.tie_returned}",
                )
            else:
                winners.append(seat)
        for seat in winners:
            yield from self._paid(seat, state.wagers[seat], S.vigorish)
        yield RoundCompleted(cite=S.win)

    def _settle_player_bank(self) -> Iterator[Event]:
        state, rules = self.state, self.rules
        bank = state.bank
        assert bank is not None
        banker = state.settings[bank]
        cite_settle = S.co_bank_settle if state.co_bank else S.bank_settle
        centre = sum(s.amount for s in state.settlements if s.outcome is Outcome.LOSE)
        centre += sum(s.amount for s in state.settlements if s.outcome is Outcome.SURRENDER)
        paid = 0
        yield HandsExposed(seat=bank, high=banker.high, low=banker.low, cite=S.dealer_vs_bank)
        if state.dealer_plays() and state.dealer_wager:
            paid, lost = yield from self._dealer_wager_settled(banker)
            centre += lost
        lost, winners = yield from self._against_bank(banker, cite_settle)
        centre += lost
        for seat in winners:
            paid += state.wagers[seat]
            yield from self._paid(seat, state.wagers[seat], S.bank_vigorish)
        from_bank, house_share, share = _bank_shares(paid, centre, co_bank=state.co_bank)
        vig = vigorish(share, to_quarter=rules.vigorish_to_quarter, rounding=rules.payout_rounding)
        if vig:
            yield VigorishCollected(seat=None, won=share, amount=vig, cite=f"{cite_settle}")
        yield BankSettled(
            seat=bank,
            centre=centre,
            paid=paid,
            from_bank=from_bank,
            house_share=house_share,
            vigorish=vig,
            net=share - vig - from_bank,
            co_bank=state.co_bank,
            cite=cite_settle,
        )
        yield RoundCompleted(cite=cite_settle)

    def _against_bank(
        self, banker: Setting, cite: str
    ) -> Generator[Event, None, tuple[int, list[int]]]:
        """Each player's hands exposed against the bank's ``banker``, losses and ties
        settled: what the losses bring to the centre, in cents, and the winners' seats."""
        state = self.state
        lost = 0
        winners: list[int] = []
        for seat in self._order():
            player = state.settings[seat]
            result = outcome(player, banker)
            yield HandsExposed(
                seat=seat, high=player.high, low=player.low, result=str(result), cite=cite
            )
            amount = state.wagers[seat]
            if result is Result.LOSE:
                lost += amount
                yield WagerSettled(
                    seat=seat, spot=SPOT, amount=amount, outcome=Outcome.LOSE, cite=cite
                )
            elif result is Result.TIE:
                yield WagerSettled(
                    seat=seat,
                    spot=SPOT,
                    amount=amount,
                    outcome=Outcome.PUSH,
                    returned=amount,
                    cite=cite,
                )
            else:
                winners.append(seat)
        return lost, winners

    def _dealer_wager_settled(self, banker: Setting) -> Generator[Event, None, tuple[int, int]]:
        """The dealer's wager against a player's bank (621a.11): settled, and what it was
        paid and lost to the centre, in cents."""
        dealer, amount = self.state.dealer_setting, self.state.dealer_wager
        assert dealer is not None
        result = outcome(dealer, banker)
        if result is Result.WIN:
            yield DealerWagerSettled(
                amount=amount,
                outcome=Outcome.WIN,
                won=amount,
                cite=f"{S.dealer_vs_bank}; {S.dealer_win_returned}",
            )
            return amount, 0
        if result is Result.TIE:
            yield DealerWagerSettled(amount=amount, outcome=Outcome.PUSH, cite=S.dealer_vs_bank)
            return 0, 0
        yield DealerWagerSettled(amount=amount, outcome=Outcome.LOSE, cite=S.dealer_vs_bank)
        return 0, amount

    def _void(self, reason: str, cite: str) -> Iterator[Event]:
        """Void the round under rule ``cite`` (an irregularity's): every wager still in
        play is returned."""
        yield from void_events(reason, cite, self.in_play())

    # -- what may be done and seen ----------------------------------------------------------
    def play_offers(self, actor: Actor) -> list[LegalCommand]:
        """What ``actor`` may send now besides the wagers, "no more bets" and the void
        (the base's): each command offered exactly where its check passes, for each
        betting area of the actor's player (621a.13), with the values the check allows
        (see :meth:`_seat_commands`, :meth:`_dealer_commands`)."""
        if actor == DEALER:
            return self._dealer_commands()
        if actor not in self.state.seats:
            return []
        return self._seat_commands(actor)

    def _seat_commands(self, actor: int) -> list[LegalCommand]:
        """A player's commands, in the order of a round, after his wagers. The house way
        is offered with the area to set next, a player bank's own hand included (he sets
        it as a player, 621a.10(a)-(b); its check allows any area still to set)."""
        state, rules = self.state, self.rules
        out: list[LegalCommand] = []
        mine = state.boxes_of(actor)
        for seat in mine:
            if passes(self.check_bank_answer, seat, actor, True):
                co_bank = {"co_bank": choice((False, True), optional=True)}
                chips = Amount(low=rules.minimum_wager)
                extra = co_bank if rules.co_banking else {}
                out.append(offer("TakeBank", S.bank_rotation, seat=seat, chips=chips, **extra))
                out.append(offer("PassBank", S.bank_rotation, seat=seat))
        bank = state.bank
        if bank is not None and passes(self.check_cut, bank, actor):
            stacks = Subset(of=tuple(range(1, STACKS + 1)))
            cut = offer("CutTiles", S.cut, seat=bank, right=stacks, left=stacks)
            out.append(
                cut.model_copy(update={"apart": ("right", "left"), "run": ("right", "left")})
            )
            out.append(offer("DeclineCut", S.cut, seat=bank))
        most = None if bank is None else checked(self.check_direct_seat, bank, actor)
        if most is not None and state.dealer_wager:  # with no wager there is none to lower
            amount = Amount(low=0, high=most)
            out.append(offer("DirectDealerWager", S.dealer_wager, seat=bank, amount=amount))
        out += self._shake_commands(actor, S.bank_style)
        for seat in mine:
            if passes(self.check_decide_exposed, seat, actor):
                void = choice((True, False), {True: "Void the hand", False: "Play the hand"})
                out.append(offer("DecideExposedHand", S.player_tile_exposed, seat=seat, void=void))
        for seat in mine:
            if passes(self.check_set, seat, actor):
                together = _settings(self.tiles_of(seat))
                out.append(offer("SetHands", S.set_hands, seat=seat, together=together))
                if passes(self.check_house_way, seat, actor):
                    out.append(offer("RequestHouseWay", S.assistance, seat=seat))
        for seat in mine:
            if passes(self.check_surrender, seat, actor):
                out.append(offer("Surrender", S.surrender, seat=seat).giving_up())
        return out

    def _shake_commands(self, actor: Actor, cite: str) -> list[LegalCommand]:
        """The delivery style, the number or the shake, each where its check passes for
        ``actor`` (the dealer, or a player bank: ``cite``)."""
        out = []
        styles = (DeliveryStyle.STANDARD, *self.rules.delivery_styles)
        allowed = [style for style in styles if passes(self.check_delivery, actor, style)]
        if allowed:
            out.append(offer("ChooseDelivery", S.styles, style=choice(allowed)))
        if passes(self.check_draw, actor):
            out.append(offer("DrawNumber", S.rng))
        if passes(self.check_shake, actor, False):
            if passes(self.check_shake, actor, True):
                faces = Numbers(count=3, low=1, high=6, optional=True)
                out.append(offer("ShakeDice", cite, faces=faces))
            else:
                out.append(offer("ShakeDice", cite))
        return out

    def _exposable_codes(self, position: str, tiles: Sequence[Tile]) -> list[str]:
        """The codes of ``tiles`` at ``position`` whose declaration :meth:`check_exposed`
        passes, each once."""
        codes = dict.fromkeys(tile.code for tile in tiles)
        return [code for code in codes if passes(self.check_exposed, position, code)]

    def _dealer_commands(self) -> list[LegalCommand]:
        """The dealer's commands, each where its check passes, in the order of a round,
        between "no more bets" and the void (the base's: the mix is never offered with
        "no more bets"). A tile exposed is offered for the tiles of
        :meth:`exposable_positions`."""
        state = self.state
        out: list[LegalCommand] = []
        if passes(self.check_mix, DEALER):
            out.append(offer("MixTiles", S.mix))
        out += self._shake_commands(DEALER, S.dice)
        if passes(self.check_deal, DEALER):
            out.append(offer("DealTiles", S.deal))
        irregular = [
            kind
            for kind in Irregularity
            if kind is not Irregularity.TILE_EXPOSED
            and passes(self.check_irregularity, kind, DEALER)
        ]
        if irregular:
            cite = S.wrong_count if state.phase is Phase.SETTING else S.remix
            out.append(offer("DeclareIrregularity", cite, irregularity=choice(irregular)))
        if passes(self.check_irregularity, Irregularity.TILE_EXPOSED, DEALER):
            out += [
                offer(
                    "DeclareIrregularity",
                    S.wrong_count,
                    irregularity=Irregularity.TILE_EXPOSED,
                    position=position,
                    tile=choice(codes, _tile_name),
                )
                for position, tiles in self.exposable_positions().items()
                if (codes := self._exposable_codes(position, tiles))
            ]
        if passes(self.check_set_dealer, DEALER):
            dealer = state.hands.get(DEALER_POSITION, ())
            entered = passes(self.check_set_dealer, DEALER, True)
            optional = {"together": _settings(dealer, optional=True)} if entered else {}
            out.append(offer("SetDealerHands", S.dealer_way, **optional))
        abandoned = [s for s in sorted(state.wagers) if passes(self.check_abandoned, s, DEALER)]
        if abandoned:
            seats = choice(abandoned, lambda seat: f"Seat {seat}")
            out.append(offer("DeclareAbandoned", S.seated_only, seat=seats))
        if passes(self.check_settle, DEALER):
            out.append(offer("SettleWagers", S.expose))
        return out

    def view(self, actor: Actor | None) -> dict[str, Any]:
        """What ``actor`` may see.

        The public view (``None``) has the layout: seats, wagers, the bank, the dice,
        the delivery style, the starting position, which positions received tiles and
        which went to the Dead Hand, exposed tiles, which hands are set, the dealer's
        tiles once turned over, hands exposed at settlement, and the settlements. A
        player also sees the tiles of his own betting areas (not while he decides on an
        exposed tile, 621a.12(d)), his settings and the house way shown to him. The
        dealer's (surveillance) view has everything, the stacks' order included. The
        order of the tiles is in no player's view and in no public view.
        """
        state = self.state
        settings_public = {
            str(seat): (_shown(s) if seat in state.exposed else "set")
            for seat, s in state.settings.items()
        }
        dealer_tiles = _text(state.hands.get(DEALER_POSITION, ())) if state.dealer_up else None
        dealer_setting = state.dealer_setting
        view: dict[str, Any] = {
            **view_head(self, actor),
            "start_of_game": state.context.start_of_game if state.context else True,
            "display": [_text(pair) for pair in state.display]
            if state.phase is Phase.MIXING and state.mixes == 0
            else [],
            "bank": None
            if state.bank is None
            else {"seat": state.bank, "chips": state.bank_chips, "co_bank": state.co_bank},
            "bank_offered_to": state.offered,
            "wagers": {str(k): v for k, v in state.wagers.items()},
            "dealer_wager": state.dealer_wager,
            "stacked": state.stacks is not None,
            "cut": None if state.cut is None else {"right": state.cut[0], "left": state.cut[1]},
            "delivery_style": None if state.style is None else str(state.style),
            "dice": None if state.dice is None else list(state.dice),
            "number": state.number,
            "starting_position": state.start,
            "dealt_to": sorted(state.hands),
            "collected_to_dead_hand": list(state.collected),
            "exposed_tiles": {k: _text(v) for k, v in state.exposed_tiles.items()},
            "awaiting_decision": sorted(state.pending),
            "hands": settings_public,
            "dealer_tiles": dealer_tiles,
            "dealer_hands": None
            if dealer_setting is None
            else {**_shown(dealer_setting), "rule": state.dealer_rule},
            "results": {str(k): v for k, v in state.results.items()},
            "hand_results": self._hand_results(),
            "settlements": [e.model_dump(mode="json") for e in state.settlements],
            "dealer_result": None
            if state.dealer_result is None
            else state.dealer_result.model_dump(mode="json"),
            "bank_result": None
            if state.bank_result is None
            else state.bank_result.model_dump(mode="json"),
        }
        return view | self._hidden_view(actor)

    def _hidden_view(self, actor: Actor | None) -> dict[str, Any]:
        """What :meth:`view` adds for the dealer (everything) or a seated player (his own
        betting areas' tiles and settings, and the house way shown to him)."""
        state = self.state
        if actor == DEALER:
            return {
                "stacks": None if state.stacks is None else [_text(s) for s in state.stacks],
                "tiles": {k: _text(v) for k, v in state.hands.items()},
                "dead_hand": _text(state.dead_hand),
                "settings": {
                    str(k): {"high": _text(s.high), "low": _text(s.low)}
                    for k, s in state.settings.items()
                },
            }
        if not (isinstance(actor, int) and actor in state.seats):
            return {}
        mine = state.boxes_of(actor)
        return {
            "my_tiles": {
                str(seat): _text(self.tiles_of(seat))
                for seat in mine
                if seat not in state.pending
                and self.tiles_of(seat)
                and position_of(seat) not in state.collected
            },
            "my_settings": {
                str(seat): _shown(s) for seat, s in state.settings.items() if seat in mine
            },
            "house_way_shown": {
                str(seat): _shown(s) for seat, s in state.shown.items() if seat in mine
            },
        }

    def _hand_results(self) -> dict[str, dict[str, str]]:
        """Each exposed player hand against the banker's (the dealer's face-up hands, or
        the bank's once exposed): ``{seat: {"high": ..., "low": ...}}``, each ``"win"``
        (higher in rank), ``"lose"`` (lower) or ``"copy"`` (the same rank: the banker
        wins it, 621a.4(b), (e), (g)); empty until both sides are face up."""
        state = self.state
        bank = state.bank
        banker = state.dealer_setting if bank is None else state.exposed.get(bank)
        if banker is None:
            return {}
        out: dict[str, dict[str, str]] = {}
        for seat, setting in state.exposed.items():
            if seat == bank:
                continue
            out[str(seat)] = {
                "high": _against(setting.high_rank.key, banker.high_rank.key),
                "low": _against(setting.low_rank.key, banker.low_rank.key),
            }
        return out


def _bank_shares(paid: int, centre: int, *, co_bank: bool) -> tuple[int, int, int]:
    """A player's bank settled (621a.11(r)): (the shortfall the bank pays, the house's
    share of the shortfall or surplus, the surplus the bank keeps before vigorish), in
    cents, from what the winners were ``paid`` and the losers' ``centre``. A co-bank pays
    half a shortfall, the table inventory the other half, and half a surplus goes to the
    table inventory; an odd cent is the house's (docs/interpretations.md).

    >>> _bank_shares(300, 100, co_bank=False), _bank_shares(100, 301, co_bank=True)
    ((200, 0, 0), (0, 101, 100))
    """
    shortfall, surplus = max(0, paid - centre), max(0, centre - paid)
    if not co_bank:
        return shortfall, 0, surplus
    from_bank = shortfall // 2
    house_share = shortfall - from_bank if shortfall else surplus - surplus // 2
    return from_bank, house_share, surplus // 2


def _text(tiles: Sequence[Tile]) -> list[str]:
    return [tile.code for tile in tiles]


def _shown(setting: Setting) -> dict[str, Any]:
    """A setting shown to whoever sees its tiles: the tiles of each hand and its rank in
    the words of 621a.4 (a pair's name from the table of 621a.4(a), else its value)."""
    return {
        "high": _text(setting.high),
        "low": _text(setting.low),
        "high_rank": _rank_words(setting.high_rank),
        "low_rank": _rank_words(setting.low_rank),
    }


def _rank_words(rank: HandRank) -> str:
    if rank.pair is not None:
        return rank.text  # the name of 621a.4(a)
    gee = f", the Gee Joon tile counted as {rank.gee_joon_as}" if rank.gee_joon_as else ""
    return f"{rank.value} points{gee}"


def _against(mine: int, banker: int) -> str:
    return "win" if mine > banker else "copy" if mine == banker else "lose"


def _tile_name(code: str) -> str:
    """A tile as a person names it, for an offer."""
    return parse_tile(code).name


def _settings(tiles: Sequence[Tile], *, optional: bool = False) -> Choice:
    """The ways to set four ``tiles``: the two that go together (621a.10), each once."""
    pairs = dict.fromkeys(
        tuple(sorted((tiles[i].code, tiles[j].code)))
        for i in range(len(tiles))
        for j in range(i + 1, len(tiles))
    )
    return choice(
        pairs,
        lambda pair: f"{_tile_name(pair[0])} with {_tile_name(pair[1])}",
        optional=optional,
        any_order=True,
    )
