"""How a Double Back Jack table conducts its rounds (the
:class:`~croupier.game.TablePolicy` of ch. 673a).

- **Dealer steps**: the shuffle, the dealer's cut (673a.5(b), (d)) or the record of the
  cut a box accepted (``AcceptCut``: its position, the cover card reinserted at a drawn
  depth, 673a.5(d)), loading the shoe, the burn, the card reader once the players have
  decided (673a.7(h)), the dealer's hand (673a.7(n)-(p)) and settlement.
- **Betting** is closed by the deal (673a.7(e)).
- **Optional choices**: Insurance and surrender before the card reader have no command
  to decline them; the dealer goes on after the wait.
- **Timeouts** (673a.5(b), (c); 673a.7(i), (l)): a box out of time stands; a bust
  declines the Second Chance; a cut offered is refused (the dealer then cuts). Leaving
  the seat refuses a cut offered to the box at once (interpretations.md, "Leaving
  refuses the cut").
- **The next round** opens with the shoe the table's state, a
  :class:`DoubleBackJackTable` (:attr:`state_type`), keeps: the shoe as the last round
  left it (its cards, the cover card, a reshuffle once the cover card appeared,
  673a.7(d); the boxes barred since the shuffle, 673a.6(b)), a batch in use 24 hours
  changed before it (673a.3(c)); where the table's ``offer_cut`` is on, a round that
  begins with a cut opens as soon as the last ends, so that the offer is shown and
  timed.
- **Hidden**: the shoe's order, a card dealt face down (the hole card) and the burned
  card.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from croupier.engine import DEALER, Command, Event, LegalCommand, Round
from croupier.equipment.cards import least_cover_from_bottom, shoe
from croupier.game import (
    GameSpec,
    TablePolicy,
    TableState,
    TableTimings,
    Viewer,
    draw_between,
    offered,
    settled_wagers,
)
from croupier.games.cards import DeckShuffled
from croupier.games.double_back_jack import (
    BurnCard,
    CardBurned,
    CardDealt,
    CutCards,
    Decide,
    Decision,
    DoubleBackJackRound,
    DoubleBackJackTable,
    LoadShoe,
    Phase,
    PlayDealerHand,
    ReadHoleCard,
    RefuseCut,
    RoundSetup,
    SettleWagers,
    ShuffleCards,
    words,
)
from croupier.money import Cents
from croupier.rng import Draw, NumberDraw, ShuffleDraw
from croupier.rules.base import RulesSubmission
from croupier.rules.double_back_jack import (
    COVER_FRACTION,
    MAX_HANDS,
    MIN_CUT,
    SECTIONS,
    DoubleBackJackRules,
    Spot,
    spot_name,
)
from croupier.spots import SpotInfo


def _draw(round_: Round[Any], legal: LegalCommand, field: str) -> int:
    bound = legal.integers(field)
    return draw_between(round_.step_draw(field), bound.low, bound.high)


class DoubleBackJackPolicy(TablePolicy):
    closing_commands: ClassVar[tuple[str, ...]] = ("DealCards",)
    timeout_cite: ClassVar[str] = "673a.5(b), (c); 673a.7(i), (l)"
    options: ClassVar[frozenset[str]] = frozenset({"offer_cut"})
    state_type: ClassVar[type[TableState] | None] = DoubleBackJackTable

    def par_wagers(self, round_: Round[Any]) -> list[tuple[str, Cents]]:
        """The Blackjack Wager (its figures count the double downs, splits, surrender and
        Second Chance Wagers its basic strategy makes, 673a.7) and the Insurance Wager."""
        return [
            (event.spot, event.amount)
            for event in settled_wagers(round_.events)
            if event.spot in ("blackjack", "insurance")
        ]

    def random_draws(self, rules: RulesSubmission) -> tuple[Draw, ...]:
        """The shoe's cards shuffled (673a.5(a); when the shoe runs out mid-round, the
        cards not on the layout, fewer, 673a.13(f)); the dealer's cut drawn at least ten
        cards from the top and bottom, and the cover card's depth at least a quarter of
        the way in from the bottom (673a.5(d))."""
        assert isinstance(rules, DoubleBackJackRules)
        s, cards = SECTIONS, shoe(rules.decks)
        size = len(cards)
        least = least_cover_from_bottom(size, COVER_FRACTION)
        return (
            ShuffleDraw("the shoe", tuple(cards), s.shuffle, fewer=s.insufficient_cards),
            NumberDraw("the cut", MIN_CUT, size - MIN_CUT, s.cut),
            NumberDraw("the cover card's depth from the bottom", least, size - 1, s.cut),
        )

    def dealer_step(self, round_: Round[Any], *, proceed: bool = False) -> Command | None:
        assert isinstance(round_, DoubleBackJackRound)
        state = round_.state
        phase = state.phase
        if phase is Phase.SHUFFLE:
            return ShuffleCards()
        if phase is Phase.CUT:
            cut = offered(round_, "CutCards")
            if cut is None or state.cut_offered_to() is not None:
                return None  # a box offered the cut accepts or refuses it first (673a.5(b))
            accepted = state.cut_accepted
            if accepted is not None:
                # The box placed the cover card (AcceptCut); the dealer records its cut and
                # reinserts the cover card at least 1/4 from the bottom (673a.5(d)).
                seat, position = accepted
                cover = _draw(round_, cut, "cover_from_bottom")
                return CutCards(position=position, cover_from_bottom=cover, cutter=seat)
            position = _draw(round_, cut, "position")
            cover = _draw(round_, cut, "cover_from_bottom")
            return CutCards(position=position, cover_from_bottom=cover, cutter=DEALER)
        if phase is Phase.LOAD:
            return LoadShoe()
        if phase is Phase.BURN:
            return BurnCard()
        if phase is Phase.READER and offered(round_, "ReadHoleCard"):
            return ReadHoleCard() if proceed or not self.players_waiting(round_) else None
        if phase is Phase.PLAY and offered(round_, "PlayDealerHand"):
            return PlayDealerHand()
        if phase is Phase.SETTLE:
            return SettleWagers()
        return None

    def optional_phase(self, round_: Round[Any]) -> bool:
        """Insurance and surrender before the card reader (673a.7(h))."""
        assert isinstance(round_, DoubleBackJackRound)
        return round_.state.phase is Phase.READER

    def timeout_action(self, round_: Round[Any], seat: int) -> Command | None:
        if offered(round_, "RefuseCut", seat) is not None:
            return RefuseCut(seat=seat)  # the dealer then cuts (673a.5(b))
        options = [
            option
            for legal in round_.legal_commands(seat)
            if legal.command == "Decide"
            for option in legal.values("decision")
        ]
        for choice in (Decision.STAND, Decision.DECLINE_SECOND_CHANCE):
            if choice.value in options:
                return Decide(seat=seat, decision=choice)
        return None

    def leaving_action(self, round_: Round[Any], seat: int) -> Command | None:
        """The cut offered to the box is refused (673a.5(c))."""
        assert isinstance(round_, DoubleBackJackRound)
        if round_.state.cut_offered_to() != seat:
            return None
        return RefuseCut(seat=seat)

    def sealed_until_later(self, round_: Round[Any]) -> bool:
        """A shoe game: the cards left in the shoe go on to the next round, so the order
        and the burned cards stay sealed until the shoe is reshuffled (673a.7(d))."""
        assert isinstance(round_, DoubleBackJackRound)
        return bool(next_shoe(round_.rules, round_, dict(round_.opened.seats)).shoe)

    def carried_on(self, round_: Round[Any]) -> bool:
        """A round handed cards left in the shoe (not a shoe to shuffle) deals from what
        the round before it left (673a.7(d))."""
        handed = round_.events[1]
        return isinstance(handed, RoundSetup) and bool(handed.shoe)

    def follows(self, previous: Round[Any], round_: Round[Any]) -> str | None:
        """The shoe ``round_`` was handed must be the one ``previous`` left: the same cards
        in the same order, the cover card as far down, the same batch and the same dues
        (673a.5(d), 673a.7(d)); the cut's offer depends on the table's options and is
        not compared."""
        assert isinstance(previous, DoubleBackJackRound)
        assert isinstance(round_, DoubleBackJackRound)
        handed = round_.events[1]
        assert isinstance(handed, RoundSetup)
        left = next_shoe(previous.rules, previous, dict(round_.opened.seats))
        for name in ("shoe", "cover_at", "batch", "shuffling", "shuffle_due", "burn_due"):
            if getattr(left, name) != getattr(handed, name):
                what = {
                    "shoe": "the cards in the shoe (or their order)",
                    "cover_at": "where the cover card lies",
                    "batch": "the batch of cards in use",
                    "shuffling": "how the cards are shuffled",
                    "shuffle_due": "whether a shuffle is due",
                    "burn_due": "whether a card is to be burned",
                }[name]
                return (
                    f"round {round_.opened.round_id} was not handed the shoe round "
                    f"{previous.opened.round_id} left: {what} differ (673a.7(d))"
                )
        return None

    def opens_ahead(self, rules: RulesSubmission, timings: TableTimings) -> bool:
        return timings.offer_cut

    def hidden(self, event: Event, viewer: Viewer) -> dict[str, Any]:
        if isinstance(event, DeckShuffled):
            return {"stack": []}
        if isinstance(event, RoundSetup):
            return {"shoe": []}
        if isinstance(event, CardDealt):
            return {} if event.face_up else {"card": None}
        if isinstance(event, CardBurned):
            return {"card": None}
        return {}


def next_shoe(
    rules: DoubleBackJackRules, last: DoubleBackJackRound, seats: dict[int, str]
) -> RoundSetup:
    """The shoe ``last`` left, from the round alone (what :meth:`follows` checks and
    :meth:`sealed_until_later` reads): a :class:`DoubleBackJackTable` taken to be as it
    was when it handed ``last`` its shoe, then taking the round in; the boxes barred or
    offered the cut are among ``seats``, those of the new round (a player may have left
    since the last). The clock plays no part in the shoe."""
    table = DoubleBackJackTable.begin(rules, last.opened.table_id, _NO_TIME)
    table.take_in(last, _NO_TIME)
    return table.setup(seats)


_NO_TIME = datetime(2000, 1, 1, tzinfo=UTC)
"""Any time: the batches' hours play no part in the shoe a round left."""
_SPOT_LABELS = {
    Spot.BLACKJACK: ("Blackjack", "673a.6(d)"),
    Spot.SECOND_CHANCE: ("Second Chance", "673a.7(l)"),
    Spot.INSURANCE: ("Insurance", "673a.8"),
    Spot.DOUBLE: ("Double", "673a.10"),
}


def layout_spots(rules: Any) -> list[SpotInfo]:
    """The wagers of a box (673a.2(b)(2)-(3)), named as the layout names them, then those
    of a split's second hand (``blackjack_2``, "Blackjack (hand 2)"), drawn only while a
    wager is on them."""
    out = [
        SpotInfo(value=spot.value, label=label, cite=cite)
        for spot, (label, cite) in _SPOT_LABELS.items()
    ]
    for hand in range(1, MAX_HANDS):
        out += [
            SpotInfo(
                value=spot_name(spot, hand),
                label=f"{label} (hand {hand + 1})",
                cite=cite,
                always=False,
            )
            for spot, (label, cite) in _SPOT_LABELS.items()
            if spot is not Spot.INSURANCE
        ]
    return out


SPEC = GameSpec(
    round_type=DoubleBackJackRound,
    policy=DoubleBackJackPolicy(),
    title="Double Back Jack",
    chapter="673a",
    layout="double-back-jack",
    layout_spots=layout_spots,
    sign="croupier.games.double_back_jack.sign",
    analysis="croupier.analysis.exact.double_back_jack_sheet",
    chart="croupier.analysis.charts.double_back_jack",
    simulation="croupier.analysis.simulation.double_back_jack",
    terminal="croupier.cli.tables.double_back_jack",
    training="croupier.games.double_back_jack.training",
    words=words.WORDS,
    how_to_play=words.HOW_TO_PLAY,
    timeouts=words.TIMEOUTS,
)
