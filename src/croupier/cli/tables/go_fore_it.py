"""`croupier play go-fore-it`: one player (seat 1) at a Go Fore It table; the program
deals as the dealer (ch. 676a).

The program shuffles, cuts (a manual shuffle, 676a.5(d)), deals, handles the stub
(counted every round, as the server counts it, 676a.8(d)) and settles; the player places
the Front 9, Skins and Gopher Wagers, then, seeing his two front cards, makes the Back 9
Wager or folds.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from rich.console import Console
from rich.table import Table

from croupier.citations import shown
from croupier.cli.tables import offered
from croupier.cli.tables.base import SEAT, CardTerminal, Choice, core_lines, play_command
from croupier.cli.tables.terminal import amount_range, card_said, cards_said
from croupier.engine import Command, Event, LegalCommand, WagerPlaced, WagerSettled
from croupier.errors import IllegalCommand
from croupier.games.go_fore_it import (
    AnnounceNoMoreBets,
    CardDiscarded,
    CutCards,
    DealerHandRevealed,
    Fold,
    GoForeItRound,
    GoForeItTable,
    HandTurnedUp,
    PlaceWager,
    StubDiscarded,
    WagerWithdrawn,
    WithdrawWager,
)
from croupier.money import Cents, format_cents
from croupier.rng import Rng
from croupier.rules.go_fore_it import SECTIONS, GoForeItRules, Spot

HELP = """\
How Go Fore It plays: you make the Front 9 Wager, then the Skins and Gopher Wagers if you
like, for example bet front 9 10, bet skins 5, bet gopher 5: AMOUNT in dollars (cents may
be given: 12.50); a second bet on a spot adds to it, and a wager may be taken back before
the deal. The dealer shuffles, cuts and deals; then you make the Back 9 Wager (equal to
your Front 9) and play on, or fold: the Front 9 is forfeited (Skins and Gopher stay)."""

DECISIONS = ("back 9", "fold")
"""The decisions the rounds offer, typed by the one rule (:attr:`~Terminal.decisions`)."""
GRAMMAR = (*core_lines(dice=False), *DECISIONS)
"""The usage of each command the table reads (:attr:`~Terminal.grammar`)."""

WAGER_WORDS = {
    Spot.FRONT_9: "the Front 9 Wager, to take part in the round",
    Spot.SKINS: "the Skins Wager, against the dealer's four cards",
    Spot.GOPHER: "the Gopher Wager: an ace among your four cards",
    Spot.BACK_9: "the Back 9 Wager, equal to the Front 9 Wager, to play on",
}
"""The wagers as 676a.1 and 676a.7(d) name them."""


class GoForeItTerminal(CardTerminal[GoForeItRules, GoForeItRound]):
    """One player (seat 1) with a wallet at a Go Fore It table; the program deals."""

    help = HELP
    grammar = GRAMMAR
    decisions = DECISIONS
    own = (("hint", "the optimal decision for your two front cards"),)
    seated_only = SECTIONS.seated_only

    def __init__(self, rules: GoForeItRules, rng: Rng, balance: Cents, console: Console) -> None:
        super().__init__(rules, rng, balance, console)
        self.table = GoForeItTable.start(rules, "play", datetime.now(UTC))

    def limits(self) -> str:
        def bounds(spot: Spot) -> str:
            low, high = self.rules.limits(spot)
            return f"{format_cents(low)} to {format_cents(high)}"

        return (
            f"Table limits: Front 9 Wager {bounds(Spot.FRONT_9)} (the Back 9 Wager equals "
            f"it); Skins Wager {bounds(Spot.SKINS)}; Gopher Wager {bounds(Spot.GOPHER)}."
        )

    def command(self, round_: GoForeItRound, line: str) -> None:
        match line.split():
            case []:
                pass
            case ["hint"]:
                self.hint(round_)
            case _:
                self.unknown(line)

    def deal_now(self, round_: GoForeItRound) -> None:
        self.deal(round_)

    def not_offered(self, round_: GoForeItRound, line: str) -> bool:
        """``back 9`` when the dealer is not asking for it: sent (at the Front 9 Wager, or
        the table minimum) for the round to refuse with its rule and why (676a.7(c),
        676a.11(b)), as ``fold`` is, not a bare "not offered"."""
        if offered.key(line) != "back 9":
            return super().not_offered(round_, line)
        front = self.wagers_down(round_).get(Spot.FRONT_9, self.rules.minimum_wager)
        self.decide(round_, PlaceWager(seat=SEAT, spot=Spot.BACK_9, amount=front))
        return True

    def place_on(self, round_: GoForeItRound, spot: str, amount: str) -> None:
        offered = any(Spot.BACK_9 in c.spots for c in round_.legal_commands(SEAT))
        if spot == Spot.BACK_9 and not offered:  # the round refuses it with its rule
            cents = self.money(amount, SECTIONS.back_9)
            if cents is not None:
                self.decide(round_, PlaceWager(seat=SEAT, spot=spot, amount=cents))
            return
        if spot == Spot.BACK_9:  # a decision, with its one word (and the dealer goes on)
            self.refused(
                "the Back 9 Wager is the decision to play on, equal to your Front 9 Wager: "
                "type back 9 when it is offered",
                SECTIONS.back_9,
            )
            return
        self.bet(round_, spot, amount)

    def every_spot(self) -> str:
        """The four spots of 676a.7(d) as typed: ``bet front 9 AMOUNT``, ``bet skins
        AMOUNT``, ``bet gopher AMOUNT`` and the Back 9 decision, ``back 9``."""
        front, skins, gopher, back = (
            self.spot_name(spot).lower()
            for spot in (Spot.FRONT_9, Spot.SKINS, Spot.GOPHER, Spot.BACK_9)
        )
        return (
            f"this table's four spots, as you type them: bet {front} AMOUNT, bet {skins} "
            f"AMOUNT, bet {gopher} AMOUNT (the Skins and Gopher with a Front 9), and {back} "
            "once the cards are dealt"
        )

    def take_down(self, round_: GoForeItRound, typed: str) -> None:
        """The wager on the spot ``typed`` withdrawn (676a.7(c))."""
        spot = self.example_spot(typed) or typed
        for event in self.act(round_, WithdrawWager(seat=SEAT, spot=spot)) or []:
            if isinstance(event, WagerWithdrawn):
                self.console.print(
                    f"{format_cents(event.amount)} withdrawn from the {self.spot_name(spot)}. "
                    f"Balance: {format_cents(self.wallet.balance)}",
                    markup=False,
                )

    def removal_later(self, round_: GoForeItRound) -> str:
        """The Front 9 Wager, where the Skins or Gopher Wager is down with it before "no
        more bets": it may be withdrawn too (676a.7(c)), but last, for the others need it
        (676a.7(d)(1))."""
        now = self.removable_spots(round_)
        if not now or Spot.FRONT_9 in now or Spot.FRONT_9 not in self.wagers_down(round_):
            return ""
        return (
            f"your {self.spot_name(Spot.FRONT_9)} Wager may be taken down too, after the "
            "Skins and Gopher Wagers, which need it: it is required to take part in the "
            f"round ({shown(SECTIONS.front_9)})"
        )

    def why_none_removable(self, round_: GoForeItRound) -> tuple[str, str] | None:
        """After "no more bets" no wager may be withdrawn (676a.7(c))."""
        if round_.state.phase == "betting":
            return None
        return (
            'a wager may not be withdrawn after the dealer has announced "no more bets"',
            SECTIONS.before_no_more_bets,
        )

    def choice(self, round_: GoForeItRound, command: LegalCommand) -> Iterable[Choice]:
        amount = amount_range(command)
        match command.command, command.spots:
            case "PlaceWager", (Spot.BACK_9,):
                yield Choice("back 9", WAGER_WORDS[Spot.BACK_9], amount, command.cite)
            case "PlaceWager", (spot,):
                yield Choice(
                    f"bet {self.spot_name(spot)} AMOUNT",
                    WAGER_WORDS[Spot(spot)],
                    amount,
                    command.cite,
                )
            case "Fold", _:
                yield Choice(
                    "fold",
                    "fold: no Back 9 Wager; the Front 9 Wager is forfeited",
                    "",
                    command.cite,
                )
            case "WithdrawWager", spots:
                yield Choice(
                    "remove SPOT",
                    f'take back a wager before "no more bets" (SPOT: {self.spot_names(spots)})',
                    "",
                    command.cite,
                )

    def bet(self, round_: GoForeItRound, typed: str, text: str) -> None:
        """A wager on the spot ``typed`` (by its name on the layout, or its own)."""
        spot = self.example_spot(typed) or typed
        amount = self.money(text, SECTIONS.wagers)
        if amount is None:
            return
        if self.act(round_, PlaceWager(seat=SEAT, spot=spot, amount=amount)) is not None:
            self.console.print(
                f"{format_cents(amount)} on {self.spot_name(spot)}. "
                f"Balance: {format_cents(self.wallet.balance)}",
                markup=False,
            )
            self.warn_back_9(round_)

    def warn_back_9(self, round_: GoForeItRound) -> None:
        """Say so when the balance left cannot cover the Back 9 Wager the round will ask
        for, equal to the Front 9 Wager (676a.7(d)(2)): after the deal, only a fold."""
        front = round_.state.wagers.get(SEAT, {}).get(Spot.FRONT_9, 0)
        if front > self.wallet.balance:
            self.console.print(
                f"Note: a Back 9 Wager must equal your Front 9 ({format_cents(front)}); "
                f"your balance of {format_cents(self.wallet.balance)} cannot cover it, so "
                f"after the deal you could only fold ({SECTIONS.back_9}).",
                markup=False,
            )

    def announce(self, round_: GoForeItRound, step: Command) -> None:
        if isinstance(step, CutCards):
            self.console.print(
                f"Cut: the cover card {step.position} cards in from the top "
                f"({round_.events[-1].cite})"
            )

    def deal(self, round_: GoForeItRound) -> None:
        """As the dealer: no more bets, shuffle, cut, deal, the stub; then show the front
        cards and ask for the Back 9."""
        try:
            self.dealer(round_, AnnounceNoMoreBets())
        except IllegalCommand as error:
            self.refuse(error)
            return
        self.dealer_steps(round_)  # shuffle, cut, deal, the stub
        hand = round_.view(SEAT)["hands"][str(SEAT)]
        self.console.print(
            f"Your front cards: {cards_said(hand[:2])}  (hole cards face down)", markup=False
        )
        if not self.leaving:  # one who has left is folded for: nothing to type
            self.console.print("Back 9 (equal to your Front 9) or fold? Type back 9 or fold.")

    def decided(self, round_: GoForeItRound, command: Command) -> None:
        self.decide(round_, command)

    def decide(self, round_: GoForeItRound, command: Command) -> None:
        events = self.act(round_, command)
        if events is None:
            return
        self.show(events)
        self.dealer_steps(round_)  # the dealer's hand revealed once everyone has decided

    def abandon(self, round_: GoForeItRound) -> None:
        """Play a round the player leaves: deal if needed, fold, settle."""
        if round_.state.phase == "betting":
            self.deal(round_)
        if round_.state.to_act() == SEAT:
            self.decide(round_, Fold(seat=SEAT))

    def hint(self, round_: GoForeItRound) -> None:
        from croupier.analysis.exact.go_fore_it import decide
        from croupier.equipment.cards import Card
        from croupier.rules.go_fore_it import point_value

        if round_.state.to_act() != SEAT:
            self.console.print("There is no decision to make now.")
            return
        front = round_.view(SEAT)["hands"][str(SEAT)][:2]
        values = [point_value(Card.parse(text)) for text in front]
        choice = decide((values[0], values[1]))
        advice = "make the Back 9 Wager" if choice == "back_9" else "fold"
        self.console.print(
            f"Front cards total {sum(values)}: the optimal play is to {advice} "
            "(Back 9 at 14 or less)."
        )

    def show(self, events: list[Event]) -> None:
        settlements = Table("Spot", "Outcome", "Odds", "Wager", "Result", "Rule")
        for event in events:
            match event:
                case CardDiscarded(card=card):
                    self.console.print(
                        f"Card found face up and discarded: {card_said(card)} ({event.cite})"
                    )
                case StubDiscarded(cards=cards):
                    self.console.print(f"Stub of {cards} cards to the discard rack ({event.cite})")
                case DealerHandRevealed(cards=cards, total=total):
                    shown = cards_said(cards)
                    self.console.print(f"Dealer: {shown} (total {total}) ({event.cite})")
                case HandTurnedUp(seat=seat, cards=cards, total=total, score=score) if seat == SEAT:
                    shown = cards_said(cards)
                    named = score.value.replace("_", " ")
                    self.console.print(f"You: {shown} (total {total}, {named})")
                case WagerPlaced(seat=seat, spot=spot, amount=amount) if seat == SEAT:
                    self.confirm_placed(amount, self.spot_name(spot), event.cite)
                case WagerSettled() if event.seat == SEAT:
                    settlements.add_row(*self.settlement_row(event))
        if settlements.row_count:
            self.console.print(settlements)


play = play_command(
    GoForeItRules,
    GoForeItTerminal,
    "Play Go Fore It at seat 1 with play money; commands are read from stdin.",
)
