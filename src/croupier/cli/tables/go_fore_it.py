"""`croupier play go-fore-it`: one player (seat 1) at a Go Fore It table; the program
deals as the dealer (ch. 676a).

The program shuffles, cuts (a manual shuffle, 676a.5(d)), deals, handles the stub
(counted when due, 676a.8(d)) and settles; the player places the Front 9, Skins and
Gopher Wagers, then, seeing his two front cards, makes the Back 9 Wager or folds.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from croupier.cli.play import Wallet, amount_range, read_line, signed
from croupier.cli.rules import load_or_exit
from croupier.engine import DEALER, Command, Event, Outcome, WagerSettled
from croupier.errors import IllegalCommand
from croupier.games.go_fore_it import (
    AnnounceNoMoreBets,
    CardDiscarded,
    CountStub,
    CutCards,
    DealCards,
    DealerHandRevealed,
    DiscardStub,
    Fold,
    GoForeItRound,
    GoForeItTable,
    HandTurnedUp,
    PlaceWager,
    RevealDealerHand,
    ShuffleCards,
    StubDiscarded,
    WagerWithdrawn,
    WithdrawWager,
)
from croupier.money import Cents, format_cents, format_odds, parse_dollars
from croupier.rng import Rng, SecureRng, SeededRng
from croupier.rules.go_fore_it import SECTIONS, GoForeItRules, Spot

SEAT = 1

HELP = """\
Commands:
  bet SPOT AMOUNT   bet front_9 5, bet skins 5, bet gopher 5 (dollars; cents allowed:
                    2.50); a second bet on a spot adds to it
  withdraw SPOT     take a wager back before the deal
  deal              no more bets: the dealer shuffles, cuts and deals
  back9             make the Back 9 Wager (equal to your Front 9) and play on
  fold              fold: forfeit the Front 9 (Skins and Gopher stay)
  hint              the optimal decision for your two front cards
  help              what you may do now
  quit              leave the table (once the round you have wagered on is over)"""


class GoForeItTerminal:
    """One player (seat 1) with a wallet at a Go Fore It table; the program deals."""

    def __init__(self, rules: GoForeItRules, rng: Rng, balance: Cents, console: Console):
        self.rules, self.rng, self.console = rules, rng, console
        self.table = GoForeItTable.start(rules, "play", datetime.now())
        self.wallet = Wallet(SEAT, balance)
        self.start = balance
        self.rounds = 0

    def session(self, max_rounds: int | None) -> None:
        """Play rounds until ``quit``, end of input, ``max_rounds`` or an empty wallet."""
        self.console.print(HELP, markup=False)
        while max_rounds is None or self.rounds < max_rounds:
            if self.wallet.balance < self.rules.minimum_wager:
                self.console.print("Your balance is below the table minimum.")
                break
            if not self.play_round():
                break
        self.summary()

    def play_round(self) -> bool:
        """Play one round; ``False`` once the player has left the table."""
        round_ = self.table.open_round({SEAT: "you"}, self.rng)
        before = self.wallet.balance
        self.console.rule(f"Round {round_.opened.round_id} ({round_.state.deck} deck)")
        self.show_legal(round_)
        leaving = False
        while not round_.finished:
            line = read_line(self.console)
            if line is None or line in ("quit", "exit"):
                if not round_.view(SEAT)["wagers"]:
                    return False
                self.console.print(
                    "Your wagers are in play: a player who has wagered and received cards stays "
                    f"seated until the round is completed ({SECTIONS.seated_only}); your hand "
                    "is played out as a fold."
                )
                self.abandon(round_)
                leaving = True
            else:
                self.command(round_, line)
        for notice in self.table.finish(round_, datetime.now()):
            self.console.print(f"Floor: {notice}", markup=False)
        self.rounds += 1
        net = self.wallet.balance - before
        self.console.print(
            f"Balance: {format_cents(self.wallet.balance)} (this round {signed(net)})"
        )
        return not leaving

    def command(self, round_: GoForeItRound, line: str) -> None:
        match line.split():
            case []:
                pass
            case ["help"]:
                self.console.print(HELP, markup=False)
                self.show_legal(round_)
            case ["bet", spot, amount]:
                self.bet(round_, spot, amount)
            case ["withdraw", spot]:
                for event in self.act(round_, WithdrawWager(seat=SEAT, spot=spot)) or []:
                    if isinstance(event, WagerWithdrawn):
                        self.console.print(
                            f"{format_cents(event.amount)} withdrawn from {spot}. Balance: "
                            f"{format_cents(self.wallet.balance)}",
                            markup=False,
                        )
            case ["deal"]:
                self.deal(round_)
            case ["back9" | "back_9" | "play"]:
                front = round_.view(SEAT)["wagers"].get(str(SEAT), {}).get(Spot.FRONT_9, 0)
                self.decide(round_, PlaceWager(seat=SEAT, spot=Spot.BACK_9, amount=front))
            case ["fold"]:
                self.decide(round_, Fold(seat=SEAT))
            case ["hint"]:
                self.hint(round_)
            case _:
                self.console.print(f"Unknown command {line!r}; type help.", markup=False)

    def show_legal(self, round_: GoForeItRound) -> None:
        legal = round_.legal_commands(SEAT)
        if not legal:
            return
        table = Table(title=f"Balance {format_cents(self.wallet.balance)}. You may:")
        for column in ("Command", "Spots", "Amount", "Rule"):
            table.add_column(column)
        for command in legal:
            table.add_row(
                command.command, ", ".join(command.spots), amount_range(command), command.cite
            )
        self.console.print(table)

    def refuse(self, error: IllegalCommand) -> None:
        self.console.print(f"[red]Refused:[/red] {escape(str(error))}")

    def apply(self, events: list[Event]) -> None:
        """Move the money of ``events`` (a withdrawn wager comes back to the wallet)."""
        self.wallet.apply(events)
        for event in events:
            if isinstance(event, WagerWithdrawn) and event.seat == SEAT:
                self.wallet.balance += event.amount

    def act(self, round_: GoForeItRound, command: Command) -> list[Event] | None:
        try:
            events = round_.handle(command, SEAT)
        except IllegalCommand as error:
            self.refuse(error)
            return None
        self.apply(events)
        return events

    def bet(self, round_: GoForeItRound, spot: str, text: str) -> None:
        cite = SECTIONS.wagers
        try:
            amount = parse_dollars(text, cite)
            self.wallet.check(amount, cite)
        except IllegalCommand as error:
            self.refuse(error)
            return
        if self.act(round_, PlaceWager(seat=SEAT, spot=spot, amount=amount)) is not None:
            self.console.print(
                f"{format_cents(amount)} on {spot}. Balance: {format_cents(self.wallet.balance)}",
                markup=False,
            )

    def deal(self, round_: GoForeItRound) -> None:
        """As the dealer: no more bets, shuffle, cut, deal, the stub; then show the front
        cards and ask for the Back 9."""
        try:
            self.dealer(round_, AnnounceNoMoreBets())
        except IllegalCommand as error:
            self.refuse(error)
            return
        self.dealer(round_, ShuffleCards())
        if round_.state.phase == "cut":
            position = 10 + self.rng.randbelow(42)
            self.dealer(round_, CutCards(position=position))
            self.console.print(f"Cut: the cover card {position} cards in from the top (676a.5(d))")
        self.dealer(round_, DealCards(all_remaining=True))
        stub = CountStub() if round_.state.stub_count_due else DiscardStub()
        self.dealer(round_, stub)
        hand = round_.view(SEAT)["hands"][str(SEAT)]
        self.console.print(f"Your front cards: {hand[0]} {hand[1]}  (hole cards face down)")
        self.console.print("Back 9 (equal to your Front 9) or fold? Type back9 or fold.")

    def decide(self, round_: GoForeItRound, command: Command) -> None:
        events = self.act(round_, command)
        if events is None:
            return
        self.show(events)
        if round_.state.to_act() is None and not round_.finished:
            self.dealer(round_, RevealDealerHand())

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

    def dealer(self, round_: GoForeItRound, command: Command) -> None:
        events = round_.handle(command, DEALER)
        self.apply(events)
        self.show(events)

    def show(self, events: list[Event]) -> None:
        settlements = Table("Spot", "Outcome", "Odds", "Wager", "Result", "Rule")
        for event in events:
            match event:
                case CardDiscarded(card=card):
                    self.console.print(f"Card found face up and discarded: {card} ({event.cite})")
                case StubDiscarded(cards=cards):
                    self.console.print(f"Stub of {cards} cards to the discard rack ({event.cite})")
                case DealerHandRevealed(cards=cards, total=total):
                    shown = " ".join(str(card) for card in cards)
                    self.console.print(f"Dealer: {shown} (total {total}) ({event.cite})")
                case HandTurnedUp(seat=seat, cards=cards, total=total, score=score) if seat == SEAT:
                    shown = " ".join(str(card) for card in cards)
                    named = score.value.replace("_", " ")
                    self.console.print(f"You: {shown} (total {total}, {named})")
                case WagerSettled() if event.seat == SEAT:
                    settlements.add_row(*self.settlement_row(event))
        if settlements.row_count:
            self.console.print(settlements)

    @staticmethod
    def settlement_row(event: WagerSettled) -> tuple[str, str, str, str, str, str]:
        if event.outcome is Outcome.WIN:
            result = signed(event.won)
        elif event.outcome is Outcome.LOSE:
            result = signed(-event.amount)
        else:
            result = f"{format_cents(event.returned)} returned"
        odds = "" if event.odds is None else format_odds(event.odds)
        return event.spot, str(event.outcome), odds, format_cents(event.amount), result, event.cite

    def summary(self) -> None:
        end, net = self.wallet.balance, self.wallet.balance - self.start
        self.console.print(
            f"Session over after {self.rounds} round(s). Started with "
            f"{format_cents(self.start)}, ended with {format_cents(end)} ({signed(net)})."
        )
        self.console.print(f"Final balance: {format_cents(end)}")


def play(
    rules_file: Annotated[
        Path | None,
        typer.Option("--rules", exists=True, dir_okay=False, help="A Rules Submission (TOML)."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed a reproducible RNG (default: the secure one).")
    ] = None,
    balance: Annotated[int, typer.Option(min=0, help="Starting play money in cents.")] = 100_000,
    rounds: Annotated[int | None, typer.Option(min=1, help="Stop after this many rounds.")] = None,
) -> None:
    """Play Go Fore It at seat 1 with play money; commands are read from stdin."""
    rules = GoForeItRules() if rules_file is None else load_or_exit(rules_file)
    if not isinstance(rules, GoForeItRules):
        typer.echo(f"{rules_file} is a Rules Submission for {rules.game}", err=True)
        raise typer.Exit(2)
    rng: Rng = SecureRng() if seed is None else SeededRng(seed)
    GoForeItTerminal(rules, rng, balance, Console(highlight=False, soft_wrap=True)).session(rounds)
