"""`croupier play double-back-jack`: one player (box 1) at a Double Back Jack table; the
program deals as the dealer (ch. 673a).

The program shuffles, offers the player the cut (673a.5(c)(1): the first player to
arrive; afterwards as 673a.5(c) says), cuts when the player refuses, loads the shoe and
burns a card (673a.7(c)), deals, reads the hole card on an ace or ten-value up card
(673a.7(h)), plays its hand and settles. The player places the Blackjack Wager, takes
Insurance or surrenders when offered, then hits, stands, doubles down, splits or
surrenders, and on a bust places the Second Chance Wager or declines it (673a.7(l)).
``hint`` (or ``--hint``) gives the basic-strategy decision for the cards in view.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from croupier.citations import shown as cite_words
from croupier.cli.tables.base import (
    SEAT,
    Choice,
    Terminal,
    between_rounds,
    core_lines,
    play_command,
    typed_dollars,
)
from croupier.cli.tables.terminal import (
    amount_range,
    card_said,
    cards_said,
    dealer_steps,
    result_and_odds,
    signed,
)
from croupier.engine import (
    DEALER,
    Command,
    Event,
    LegalCommand,
    Outcome,
    WagerPlaced,
    WagerSettled,
)
from croupier.errors import IllegalCommand
from croupier.games.double_back_jack import (
    AcceptCut,
    CardBurned,
    CardDealt,
    CardDiscarded,
    CoverCardReached,
    CutRefused,
    DealCards,
    DealerHandComplete,
    Decide,
    Decision,
    DeckCut,
    DeckShuffled,
    DoubleBackJackRound,
    DoubleBackJackTable,
    Hand,
    HoleCardRead,
    HoleCardTurned,
    Phase,
    PlaceWager,
    PlayerDecided,
    ReadHoleCard,
    RefuseCut,
    ShoeExhausted,
)
from croupier.hands.blackjack import BLACKJACK_TOTAL, card_value, hand_value, is_blackjack
from croupier.money import Cents, format_cents
from croupier.quoting import typed_back
from croupier.rng import Rng
from croupier.rules.double_back_jack import (
    MIN_CUT,
    SECTIONS,
    SPOT_WORDS,
    DoubleBackJackRules,
    HandSpot,
    Spot,
    spot_name,
)

if TYPE_CHECKING:
    from croupier.analysis.exact.double_back_jack import BasicStrategy


HELP = """\
How Double Back Jack plays: when the cut is offered to you, you place the cover card at
least ten cards from the top or bottom (cut N), or refuse cut and the dealer cuts. You
make the Blackjack Wager, AMOUNT in dollars (cents may be given: 12.50), and the dealer
deals. On a dealer ace you may make the Insurance Wager, at most half the first
Blackjack Wager (bet insurance AMOUNT); it pays 2 to 1 if the hole card is a king, queen, jack or
10. You hit or stand; you may double down on your first two cards, also after a split: at
most the Blackjack Wager (default: all of it), then one card only. You may split two
cards of identical value into two hands, no more (a wager equal to the first on the
second hand); split aces are played as any pair, each drawing, standing or doubling; an
ace and a 10 value card after a split is 21, not a Blackjack; each hand is settled on its
own line. Before any other decision you may surrender: give up half the wager (all of it
if the dealer, showing an ace or a 10 value card, has Blackjack). On a bust you may make
the Second Chance Wager (second chance, equal to the hand's wager) or decline second
chance. A card the dealer missed you may take late, or call the hand dead."""

DECISIONS = (
    "refuse cut",
    "hit",
    "stand",
    "split",
    "surrender",
    "double [AMOUNT]",
    "second chance",
    "decline second chance",
)
"""The decisions the rounds offer at this table, typed by the one rule
(:attr:`~Terminal.decisions`); a card refused or taken late (673a.13) is typed by it too
(``refuse card``, ``take late card``, ``decline late card``), but no dealer error happens
here."""
EXTRAS = ("cut N",)
"""The cut accepted, N cards in (673a.5(d)): the table's own words."""
GRAMMAR = (*core_lines(dice=False, lone=True), *DECISIONS, *EXTRAS)
"""The usage of each command the table reads (:attr:`~Terminal.grammar`)."""

DECISION_WORDS: dict[Decision, tuple[str, str, str | None]] = {
    Decision.HIT: ("hit", "draw an additional card", SECTIONS.hit),
    Decision.STAND: ("stand", "stand: no more cards", SECTIONS.decisions),
    Decision.SPLIT: (
        "split",
        "split the pair: a wager equal to the Blackjack Wager on the second hand",
        SECTIONS.split,
    ),
    Decision.SURRENDER: ("surrender", "surrender: give up half the wager", SECTIONS.surrender),
    Decision.DOUBLE: (
        "double [AMOUNT]",
        "double down: up to the Blackjack Wager, one more card",
        SECTIONS.double,
    ),
    Decision.SECOND_CHANCE: (
        "second chance",
        "the Second Chance Wager, equal to the Blackjack Wager: one more card, its value "
        "subtracted",
        SECTIONS.second_chance,
    ),
    Decision.DECLINE_SECOND_CHANCE: (
        "decline second chance",
        "no Second Chance Wager: the bust hand loses",
        SECTIONS.second_chance,
    ),
    Decision.REFUSE_CARD: (
        "refuse card",
        "refuse the card drawn in error: no more cards this round",
        SECTIONS.exposed_in_error,
    ),
    Decision.TAKE_LATE_CARD: ("take late card", "take the card the dealer missed, late", None),
    Decision.DECLINE_LATE_CARD: (
        "decline late card",
        "call the hand dead: its Blackjack Wager is returned",
        None,
    ),
}
"""What the player types for each decision (its label, by the one rule), what it does and
its section (``None``: the section the round gives, 673a.13(g) or (h))."""


class DoubleBackJackTerminal(Terminal[DoubleBackJackRules, DoubleBackJackRound]):
    """One player (box 1) with a wallet at a Double Back Jack table; the program deals."""

    help = HELP
    grammar = GRAMMAR
    decisions = DECISIONS
    extras = EXTRAS
    own = (("hint", "the basic-strategy decision for your hand"),)
    worded_with = frozenset({"AcceptCut"})  # "cut N", listed with the cut refused
    most_when_left_out = frozenset({str(Spot.INSURANCE)})  # up to half the wager (673a.8)

    def spot_name(self, spot: object) -> str:
        """The spot as the layout names it, and once the box is split a first hand's
        wager named with its hand too ("Double (hand 1)"), as the second's is ("Double
        (hand 2)"): after a split every wager says whose hand it is on (673a.11)."""
        name = super().spot_name(spot)
        text, round_ = str(spot), self.current
        if round_ is None or not HandSpot.is_spot(text) or "(hand" in name:
            return name
        if HandSpot.parse(text).kind is Spot.INSURANCE:
            return name  # on the box, not a hand (673a.8)
        spots = [str(getattr(event, "spot", "")) for event in round_.events]
        split = any(HandSpot.is_spot(one) and HandSpot.parse(one).hand > 0 for one in spots)
        return f"{name} (hand 1)" if split else name

    def __init__(
        self,
        rules: DoubleBackJackRules,
        rng: Rng,
        balance: Cents,
        console: Console,
        hints: bool = False,
    ) -> None:
        super().__init__(rules, rng, balance, console)
        self.hints = hints
        self.table = DoubleBackJackTable.start(rules, "play", datetime.now(UTC), first_player=SEAT)
        self.strategy: BasicStrategy | None = None

    # -- the round ----------------------------------------------------------------------------
    def open_round(self) -> DoubleBackJackRound:
        """The next round from the table's shoe (the cut offered to the player, 673a.5(c)),
        a batch in use 24 hours changed first (673a.3(c))."""
        between_rounds(self, self.table)
        return self.table.open_round({SEAT: "you"}, self.rng, round_id=self.round_id)

    def begin(self, round_: DoubleBackJackRound) -> None:
        state = round_.state
        shoe = f", {len(state.shoe)} cards in the shoe" if state.shoe else ", a new shoe"
        self.console.rule(
            f"Round {round_.opened.round_id} ({self.rules.decks} "
            f"{'deck' if self.rules.decks == 1 else 'decks'}, {state.batch} backs{shoe})"
        )
        self.proceed(round_)

    def has_wagers(self, round_: DoubleBackJackRound) -> bool:
        return bool(round_.state.boxes or round_.state.wagers)

    def leave(self, round_: DoubleBackJackRound) -> None:
        self.console.print(
            "Your wager is in play: a decision must be rendered before it is removed "
            f"({SECTIONS.before_deal}); your hand is played out standing."
        )
        self.abandon(round_)

    def limits(self) -> str:
        low, high = self.rules.minimum_wager, self.rules.maximum_wager
        return (
            f"Table limits: a Blackjack Wager {format_cents(low)} to {format_cents(high)} "
            f"({SECTIONS.blackjack_wager})."
        )

    def end(self, round_: DoubleBackJackRound) -> None:
        for notice in self.table.take_in(round_, datetime.now(UTC)):
            self.console.print(f"Floor: {notice}", markup=False)

    def command(self, round_: DoubleBackJackRound, line: str) -> None:
        match line.lower().split():
            case []:
                pass
            case ["cut", position]:
                self.cut(round_, position)
            case ["hint"]:
                self.hint(round_)
            case _:
                self.unknown(line.lower())

    first_spot = Spot.BLACKJACK

    def amount_example(self, round_: DoubleBackJackRound) -> str:
        """Insurance, when it is offered, as it is typed: ``bet insurance 0.01``
        (673a.8(b)); else the Blackjack Wager's ``bet 5``."""
        if Spot.INSURANCE not in self.open_spots(round_):
            return super().amount_example(round_)
        return f"bet insurance {typed_dollars(self.least_amount(round_, Spot.INSURANCE))}"

    def deal_now(self, round_: DoubleBackJackRound) -> None:
        hand = round_.state.to_act()
        if round_.state.phase is Phase.READER:  # no Insurance or surrender: the dealer goes on
            self.read(round_)
        elif hand is not None and hand.seat == SEAT:
            self.decide_first(round_, hand)
        else:
            self.deal(round_)

    def decide_first(self, round_: DoubleBackJackRound, hand: Hand) -> None:
        """``deal`` while a decision on the player's hand is his to make: refused, saying
        what he may type now (the Second Chance Wager offered on a bust hand, 673a.7(l);
        hit or stand and the rest in his turn) and the section that offers it."""
        offered = [
            choice
            for command in round_.legal_commands(SEAT)
            if command.command == "Decide"
            for choice in self.choice(round_, command)
        ]
        if not offered:
            self.deal(round_)
            return
        typed = [choice.typed for choice in offered]
        said = ", ".join(typed[:-1]) + f" or {typed[-1]}" if len(typed) > 1 else typed[0]
        self.refused(
            f"the dealer deals no further until you decide on hand {hand.index + 1}: type {said}",
            offered[0].cite,
        )

    def decided(self, round_: DoubleBackJackRound, command: Command) -> None:
        """A decision the player typed: its wager checked against the balance first (a
        split's second hand, a Second Chance Wager)."""
        if isinstance(command, Decide) and command.decision is not Decision.DOUBLE:
            self.decide(round_, command.decision)
        else:
            self.act(round_, command)

    def place_on(self, round_: DoubleBackJackRound, spot: str, amount: str) -> None:
        if spot == Spot.BLACKJACK:
            self.bet(round_, amount)
        elif spot == Spot.INSURANCE:
            self.insure(round_, amount)
        else:
            super().place_on(round_, spot, amount)

    def wager_cite(self, round_: DoubleBackJackRound) -> str:
        return super().wager_cite(round_) or SECTIONS.blackjack_wager  # during the cut offer

    def removal_refused(self) -> str:
        return (
            "a player may not handle, remove or alter a wager once made until a decision "
            "has been rendered on it; it stays on the layout until it is settled "
            f"({SECTIONS.before_deal})"
        )

    # -- the player's commands ------------------------------------------------------------
    def act(
        self, round_: DoubleBackJackRound, command: Command, said: str | None = None
    ) -> list[Event] | None:
        """Send the player's ``command``; print a refusal (nothing changes) or the events
        (and ``said``), then let the dealer carry on."""
        try:
            events = round_.handle(command, SEAT)
        except IllegalCommand as error:
            self.refuse(error)
            return None
        self.wallet.apply(round_, events)
        self.show(round_, events)
        if said is not None:
            self.console.print(said, markup=False)
        self.proceed(round_)
        return events

    def cut(self, round_: DoubleBackJackRound, text: str) -> None:
        """The player accepts the cut offered to him: the cover card ``text`` cards in
        (673a.5(d)); the dealer then reinserts it at least 1/4 from the bottom."""
        state = round_.state
        if state.cut_offered_to() != SEAT:
            self.refuse(IllegalCommand("the cut is not offered to you now", SECTIONS.cut_order))
            return
        if not (text.isascii() and text.isdigit()):
            self.refuse(
                IllegalCommand(f"cut at a number of cards, not {typed_back(text)}", SECTIONS.cut)
            )
            return
        try:
            events = round_.handle(AcceptCut(seat=SEAT, position=int(text)), SEAT)
        except IllegalCommand as error:
            self.refuse(error)
            return
        self.show(round_, events)
        self.proceed(round_)

    def bet(self, round_: DoubleBackJackRound, text: str) -> None:
        if round_.state.phase is Phase.CUT and round_.state.cut_offered_to() == SEAT:
            size = len(round_.state.stack)
            self.refuse(
                IllegalCommand(
                    "the cut is offered to you: take it or refuse it before wagering (type "
                    f"cut N, N from {MIN_CUT} to {size - MIN_CUT}, or refuse cut)",
                    SECTIONS.cut_offered,  # the stack offered to be cut before play
                )
            )
            return
        amount = self.money(text, SECTIONS.blackjack_wager)
        if amount is None:
            return
        self.act(
            round_,
            PlaceWager(seat=SEAT, spot=Spot.BLACKJACK, amount=amount),
            f"{format_cents(amount)} Blackjack Wager. Balance: "
            f"{format_cents(self.wallet.balance - amount)}",
        )

    def deal(self, round_: DoubleBackJackRound) -> None:
        if round_.state.phase is Phase.CUT and round_.state.cut_offered_to() == SEAT:
            self.refuse(
                IllegalCommand(
                    "the cut is offered to you first: type cut N or refuse cut",
                    SECTIONS.cut_offered,
                )
            )
            return
        try:
            events = round_.handle(DealCards(), DEALER)
        except IllegalCommand as error:
            self.refuse(error)
            return
        self.wallet.apply(round_, events)
        up = round_.state.up_card
        shows = "no card" if up is None else card_said(up)
        self.console.print(f"Dealer shows {shows}, hole card face down ({SECTIONS.deal})")
        self.show(round_, events)
        self.proceed(round_)

    def insure(self, round_: DoubleBackJackRound, text: str | None) -> None:
        limit = next(
            (
                c.amount.high
                for c in round_.legal_commands(SEAT)
                if Spot.INSURANCE in c.spots and c.amount is not None
            ),
            None,
        )
        amount = self.money(text, SECTIONS.insurance_limit, default=limit or 0)
        if amount is not None:
            self.act(round_, PlaceWager(seat=SEAT, spot=Spot.INSURANCE, amount=amount))

    def decide(self, round_: DoubleBackJackRound, decision: Decision) -> None:
        hand = round_.state.to_act()
        needed = 0
        if decision is Decision.SPLIT:
            needed = self.wager_on(round_, hand, Spot.BLACKJACK)
        elif decision is Decision.SECOND_CHANCE:
            needed = self.wager_on(round_, hand, Spot.BLACKJACK) + self.wager_on(
                round_, hand, Spot.DOUBLE
            )
        cite = SECTIONS.split if decision is Decision.SPLIT else SECTIONS.second_chance
        if needed and self.money(None, cite, default=needed) is None:
            return
        self.act(round_, Decide(seat=SEAT, decision=decision))

    @staticmethod
    def wager_on(round_: DoubleBackJackRound, hand: Hand | None, kind: Spot) -> Cents:
        if hand is None:
            return 0
        return round_.state.wagers.get(SEAT, {}).get(spot_name(kind, hand.index), 0)

    def abandon(self, round_: DoubleBackJackRound) -> None:
        """Play out a round the player leaves: deal if a wager is placed, stand (or
        decline the Second Chance Wager), and let the dealer finish."""
        state = round_.state
        if state.phase is Phase.CUT and state.cut_offered_to() == SEAT:
            self.act(round_, RefuseCut(seat=SEAT))
        if state.phase is Phase.BETTING and state.wagers:
            self.deal(round_)
        if state.phase is Phase.READER:
            self.read(round_)
        while (hand := state.to_act()) is not None:
            bust = hand.total > BLACKJACK_TOTAL
            choice = Decision.DECLINE_SECOND_CHANCE if bust else Decision.STAND
            self.act(round_, Decide(seat=SEAT, decision=choice))

    # -- the dealer ---------------------------------------------------------------------------
    def dealer(self, round_: DoubleBackJackRound, command: Command) -> None:
        events = round_.handle(command, DEALER)
        self.wallet.apply(round_, events)
        self.show(round_, events)

    def read(self, round_: DoubleBackJackRound) -> None:
        self.dealer(round_, ReadHoleCard())
        self.proceed(round_)

    def proceed(self, round_: DoubleBackJackRound) -> None:
        """Do the dealer's steps until the player must act, exactly as the table server
        takes them (the game's :meth:`~croupier.game.TablePolicy.dealer_step`): shuffle,
        cut (the box's cut when the player accepts it, else the dealer's), load the shoe
        and burn, read the hole card once the player is done with Insurance, play the
        dealer's hand and settle. Then say what the player may do."""
        for step in dealer_steps(round_):
            self.dealer(round_, step)
        state = round_.state
        if state.phase is Phase.CUT and state.cut_offered_to() == SEAT:
            size = len(state.stack)
            self.console.print(
                f"The cut is offered to you ({SECTIONS.cut_order}): type cut N "
                f"(N from {MIN_CUT} to {size - MIN_CUT}) or refuse cut."
            )
            return
        if not round_.finished:
            self.prompt(round_)

    # -- what the player sees -------------------------------------------------------------------
    def prompt(self, round_: DoubleBackJackRound) -> None:
        state = round_.state
        if self.leaving:  # his hand is played out for him: nothing to offer
            return
        if state.phase is Phase.READER:
            typed = [t for t, _ in self.reader_options(round_)]
            self.console.print(
                "The dealer shows an ace or ten-value card: "
                f"{' or '.join((', '.join(typed), 'deal')) if typed else 'deal'}; "
                f"then the dealer checks the hole card ({SECTIONS.card_reader})."
            )
        hand = state.to_act()
        if hand is not None and hand.seat == SEAT:
            self.console.print(f"Your turn on {self.hand_line(hand)}")
            if self.hints:
                self.hint(round_)
        self.show_legal(round_)

    def choice(self, round_: DoubleBackJackRound, command: LegalCommand) -> Iterable[Choice]:
        amount = amount_range(command)
        match command.command, command.spots:
            case "RefuseCut", _:
                size = len(round_.state.stack)
                yield Choice(
                    "cut N",
                    f"cut: the cover card N cards in from the top, N from {MIN_CUT} to "
                    f"{size - MIN_CUT}",
                    "",
                    SECTIONS.cut,
                )
                yield Choice("refuse cut", "refuse the cut: the dealer cuts", "", command.cite)
            case "PlaceWager", (Spot.BLACKJACK,):
                yield Choice("bet AMOUNT", "the Blackjack Wager", amount, command.cite)
            case "PlaceWager", (Spot.INSURANCE,):
                yield Choice(
                    "bet insurance AMOUNT",
                    "the Insurance Wager: up to half the Blackjack Wager, rounded up to "
                    f"a whole {format_cents(self.rules.chip)} chip (Insurance to the next "
                    "chip, docs/interpretations.md); left out, the most",
                    amount,
                    command.cite,
                )
            case "Decide", _:
                hand = round_.state.to_act()
                for option in command.values("decision"):
                    decision = Decision(option)
                    typed, does, cite = DECISION_WORDS[decision]
                    money = amount
                    if decision is Decision.SECOND_CHANCE:
                        money = format_cents(
                            self.wager_on(round_, hand, Spot.BLACKJACK)
                            + self.wager_on(round_, hand, Spot.DOUBLE)
                        )
                    yield Choice(typed, does, money, cite or command.cite)

    def choices(self, round_: DoubleBackJackRound) -> Iterable[Choice]:
        yield from super().choices(round_)
        if round_.state.phase is Phase.READER and round_.legal_commands(SEAT):
            nouns = " or ".join(n for _, n in self.reader_options(round_))
            yield Choice(
                "deal",
                f"{'no ' + nouns + ': ' if nouns else ''}the dealer checks the hole card",
                "",
                SECTIONS.card_reader,
            )

    @staticmethod
    def reader_options(round_: DoubleBackJackRound) -> list[tuple[str, str]]:
        """What the player may still type before the card reader checks the hole card
        (673a.7(h)), with its noun: the Insurance Wager on an ace not yet made (673a.8),
        the surrender (673a.9(a))."""
        legal = round_.legal_commands(SEAT)
        options = []
        if any(Spot.INSURANCE in c.spots for c in legal if c.command == "PlaceWager"):
            options.append(("bet insurance AMOUNT (on an ace)", "Insurance"))
        if any(
            Decision.SURRENDER.value in c.values("decision") for c in legal if c.command == "Decide"
        ):
            options.append(("surrender", "surrender"))
        return options

    def dealer_choices(self, round_: DoubleBackJackRound) -> Iterable[Choice]:
        for command in round_.legal_commands(DEALER):
            if command.command == "DealCards":
                yield Choice("deal", "the dealer deals", "", command.cite)

    @staticmethod
    def hand_line(hand: Hand) -> str:
        """``Hand 1: 10♣ 5♦ 9♥ - 4♣ (20)``: the cards as a player
        reads them, a second chance card after ``-``, and the total (673a.7(l)): ``soft
        17`` where an ace counts 11 (673a.3(d)(3)), ``24, bust`` over 21."""
        shown = cards_said(hand.cards)
        if hand.second_chance_card is not None:
            shown += f" - {card_said(hand.second_chance_card)}"
        return f"Hand {hand.index + 1}: {shown} ({DoubleBackJackTerminal.total_said(hand)})"

    @staticmethod
    def total_said(hand: Hand) -> str:
        """A hand's total in words: ``17``, ``soft 17`` (an ace counted 11, 673a.3(d)(3)),
        ``24, bust``."""
        total = hand.total
        if total > BLACKJACK_TOTAL:
            return f"{total}, bust"
        soft = hand.second_chance_card is None and hand_value(hand.cards).soft
        return f"soft {total}" if soft else str(total)

    def shown(self, round_: DoubleBackJackRound, events: list[Event]) -> None:
        self.show(round_, events)

    def show(self, round_: DoubleBackJackRound, events: list[Event]) -> None:
        state = round_.state
        settlements = Table("Hand", "Spot", "Outcome", "Odds", "Wager", "Result", "Rule")
        results: list[str] = []
        hands_changed = False
        for event in events:
            if isinstance(event, WagerSettled) and event.seat == SEAT:
                settlements.add_row(*self.settlement_row(event))
                results.append(self.settled_line(round_, event))
            elif (isinstance(event, CardDealt) and event.hand == SEAT) or (
                isinstance(event, PlayerDecided) and event.seat == SEAT
            ):
                hands_changed = True
            elif isinstance(event, WagerPlaced) and event.seat == SEAT:
                self.placed(event)
            elif (line := self.line(round_, event)) is not None:
                self.console.print(line)
        completed = any(isinstance(e, DealerHandComplete) for e in events)
        if state.hole_turned and state.dealer_blackjack and not completed:
            shown = cards_said(state.dealer)
            total = hand_value(state.dealer).total
            self.console.print(f"Dealer: {shown} (total {total}) ({SECTIONS.card_reader})")
        if hands_changed and state.hands:
            for hand in state.ordered():
                if hand.cards:
                    self.console.print(self.hand_line(hand), markup=False)
        if settlements.row_count:
            self.console.print(settlements)
        for line in results:
            self.console.print(line, markup=False)

    def placed(self, event: WagerPlaced) -> None:
        """A wager the player made after the first (Insurance, a double, a split's hand,
        the Second Chance Wager) confirmed: its amount, spot and the balance; the first
        Blackjack Wager is confirmed by :meth:`bet`."""
        spot = HandSpot.parse(event.spot)
        if spot == HandSpot(Spot.BLACKJACK):
            return
        self.confirm_placed(event.amount, self.spot_name(event.spot), event.cite)

    def line(self, round_: DoubleBackJackRound, event: Event) -> str | None:
        """The line ``event`` tells the player about the cards and the dealer, if any."""
        state = round_.state
        match event:
            case DeckShuffled():
                return f"The dealer shuffles the cards ({event.cite})."
            case CutRefused():
                return f"You refuse the cut ({event.cite})."
            case DeckCut(position=position, cover_from_bottom=below, cutter=cutter):
                who = "The dealer" if cutter == DEALER else f"Box {cutter}"
                return (
                    f"{who} cuts {position} cards in; the cover card goes {below} cards "
                    f"from the bottom ({event.cite})."
                )
            case CardBurned():
                return f"One card burned face down ({event.cite})."
            case CoverCardReached():
                return (
                    f"The cover card appears: the cards are reshuffled after this round "
                    f"({event.cite})."
                )
            case ShoeExhausted():
                return f"No cards left: the discard rack is shuffled and cut ({event.cite})."
            case CardDiscarded(card=card):
                return f"{card_said(card)} goes to the discard rack ({event.cite})."
            case HoleCardRead(blackjack=blackjack):
                said = "Blackjack" if blackjack else "no Blackjack"
                return f"Card reader: {said} ({event.cite})."
            case DealerHandComplete(total=total):
                shown = cards_said(state.dealer)
                soft = hand_value(state.dealer) == (total, True) and not state.dealer_blackjack
                said = f"soft {total}" if soft else str(total)  # an ace counted 11
                return f"Dealer: {shown} (total {said}) ({event.cite})"
            case HoleCardTurned(card=card) if not state.dealer_blackjack:
                return f"The dealer turns up the hole card: {card_said(card)} ({event.cite})."
        return None

    def settled_line(self, round_: DoubleBackJackRound, event: WagerSettled) -> str:
        """A wager of the player's settled, in a line with its amount: ``You lose hand 1:
        -$10 on the Blackjack Wager (your 17 against the dealer's 20; 673a.7(r)(3)(ii))``,
        ``You win hand 1: +$10 on the Blackjack Wager (...)``, ``Hand 1 is a push: your $10
        on the Blackjack Wager is returned to you (...)``."""
        index, spot = HandSpot.parse(event.spot).hand, HandSpot.parse(event.spot).kind
        on = f"on the {SPOT_WORDS[spot]} Wager"
        why = f"({self.why_settled(round_, event)}{cite_words(event.cite)})"
        if spot is Spot.INSURANCE and event.outcome in (Outcome.WIN, Outcome.LOSE):
            verb = "wins" if event.outcome is Outcome.WIN else "loses"
            amount = event.won if event.outcome is Outcome.WIN else -event.amount
            return f"Your Insurance Wager {verb}: {signed(amount)} ({cite_words(event.cite)})"
        hand = f"hand {index + 1}"
        match event.outcome:
            case Outcome.WIN:
                return f"You win {hand}: {signed(event.won)} {on} {why}"
            case Outcome.LOSE:
                return f"You lose {hand}: {signed(-event.amount)} {on} {why}"
            case Outcome.SURRENDER:
                return (
                    f"You surrender {hand}: {signed(event.returned - event.amount)} {on}, "
                    f"{format_cents(event.returned)} of your {format_cents(event.amount)} "
                    f"returned {why}"
                )
        said = "is a push" if event.outcome is Outcome.PUSH else "is void"
        return (
            f"{hand[:1].upper()}{hand[1:]} {said}: your {format_cents(event.returned)} {on} "
            f"is returned to you {why}"
        )

    def why_settled(self, round_: DoubleBackJackRound, event: WagerSettled) -> str:
        """Why a hand's wager settled as it did, ending ``"; "``: a bust, the dealer's
        Blackjack or the totals compared (``""`` where none of these says it)."""
        state = round_.state
        hand = state.hands.get((SEAT, HandSpot.parse(event.spot).hand))
        if hand is not None and hand.total > BLACKJACK_TOTAL:
            return f"your hand is bust at {hand.total}; "
        if hand is not None and is_blackjack(hand.cards, split=hand.split):
            return (
                "your Blackjack and the dealer's; "
                if state.dealer_blackjack
                else "your Blackjack; "
            )
        if state.dealer_blackjack:
            return "the dealer has Blackjack; "
        if hand is not None and state.hole_turned and event.outcome is not Outcome.SURRENDER:
            dealer = hand_value(state.dealer).total
            if dealer > BLACKJACK_TOTAL and event.outcome is Outcome.WIN:
                return f"your {self.total_said(hand)} against the dealer's bust {dealer}; "
            return f"your {self.total_said(hand)} against the dealer's {dealer}; "
        return ""

    @staticmethod
    def settlement_row(event: WagerSettled) -> tuple[str, ...]:
        """Hand, spot (as the layout names it: ``Blackjack``), outcome, odds, wager,
        result and rule of a settlement."""
        result, odds = result_and_odds(event)
        placed = HandSpot.parse(event.spot)
        hand, name = str(placed.hand + 1), SPOT_WORDS[placed.kind]
        return (
            hand,
            name,
            str(event.outcome),
            odds,
            format_cents(event.amount),
            result,
            cite_words(event.cite),
        )

    # -- the hint ---------------------------------------------------------------------------------
    def hint(self, round_: DoubleBackJackRound) -> None:
        """The basic-strategy decision for the hand in turn (``analysis.exact``)."""
        state = round_.state
        hand = state.to_act()
        up = state.up_card
        if state.phase is Phase.READER and round_.legal_commands(SEAT):
            self.console.print(
                "Insurance or surrender first (or no: the dealer checks the hole card); the "
                "hint is for the decision that follows."
            )
            return
        if hand is None or hand.seat != SEAT or up is None or len(hand.cards) < 2:
            self.console.print("There is no decision to make now.")
            return
        strategy = self.basic_strategy()
        if strategy is None:
            self.console.print("hint unavailable")
            return
        values = [card_value(card) for card in hand.cards]
        upv = card_value(up)
        if hand.total > BLACKJACK_TOTAL:
            take = strategy.second_chance(values, upv, after_split=hand.split)
            advice = "place the Second Chance Wager" if take else "decline the Second Chance"
        else:
            options = self.options(round_.legal_commands(SEAT))
            advice = strategy.decide(
                values,
                upv,
                can_double=Decision.DOUBLE in options,
                can_split=Decision.SPLIT in options,
                can_surrender=Decision.SURRENDER in options,
                after_split=hand.split,
            )
        self.console.print(f"Basic strategy: {advice}.")

    @staticmethod
    def options(legal: list[LegalCommand]) -> set[str]:
        return {
            option
            for command in legal
            if command.command == "Decide"
            for option in command.values("decision")
        }

    def basic_strategy(self) -> BasicStrategy | None:
        """The strategy for the rules' decks, computed once; ``None`` if the analysis
        module cannot provide it."""
        if self.strategy is None:
            try:
                from croupier.analysis.exact.double_back_jack import basic_strategy
            except ImportError:
                return None
            self.console.print("Computing the basic strategy for this shoe (once)...")
            self.strategy = basic_strategy(self.rules.decks)
        return self.strategy


play = play_command(
    DoubleBackJackRules,
    DoubleBackJackTerminal,
    "Play Double Back Jack at box 1 with play money; commands are read from stdin.",
    hints="Show the basic-strategy decision at each turn.",
)
