"""`croupier play high-roll-dice`: one player (seat 1) at a High Roll Dice table; the
program deals as the dealer (ch. 675a, 675a.6, 593)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from croupier.cli.play import Wallet, amount_range, read_line, signed
from croupier.cli.rules import load_or_exit
from croupier.engine import DEALER, Command, Event, Outcome, WagerSettled
from croupier.equipment.dice import FACE_NAMES
from croupier.errors import IllegalCommand
from croupier.games.high_roll_dice import (
    AnnounceNoMoreBets,
    CallResult,
    DiceThrown,
    ExtraRollCalled,
    ExtraRollCollected,
    HighRollDiceRound,
    PlaceWager,
    ResultCalled,
    ThrowDice,
    WagerHeld,
)
from croupier.money import Cents, format_cents, format_odds, parse_dollars
from croupier.rng import Rng, SecureRng, SeededRng
from croupier.rules.high_roll_dice import NO_MATCH, HighRollDiceRules

SEAT = 1

HELP = """\
Commands:
  bet SPOT AMOUNT  bet pip_street:ace 5, bet like_kind:4 5, bet extra_roll 5,
                   bet millionaire_row:10 1 (dollars; cents allowed: 2.50)
  roll             no more bets: the dealer throws, calls and settles
  help             what you may bet now
  quit             leave the table (once the round you have wagered on is over)"""


def _kind(count: int) -> str:
    return "no match" if count == NO_MATCH else f"{count} of a kind"


def _faces(count: int, face: int) -> str:
    """``"fives"``, ``"ace"`` (one), ``"sixes"``: the face's name for ``count`` dice."""
    name = FACE_NAMES[face]
    return name if count == 1 else f"{name}{'es' if face == 6 else 's'}"


class HighRollDiceTable:
    """One player (seat 1) with a wallet at a High Roll Dice table; the program deals."""

    def __init__(self, rules: HighRollDiceRules, rng: Rng, balance: Cents, console: Console):
        self.rules, self.rng, self.console = rules, rng, console
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
            if not self.play_round(f"r{self.rounds + 1:04d}"):
                break
        self.summary()

    def play_round(self, round_id: str) -> bool:
        """Play one round; ``False`` once the player has left the table."""
        round_ = HighRollDiceRound.open(
            self.rules, table_id="play", round_id=round_id, seats={SEAT: "you"}, rng=self.rng
        )
        before = self.wallet.balance
        self.console.rule(f"Round {round_id}")
        self.show_legal(round_)
        leaving = False
        while not round_.finished:
            line = read_line(self.console)
            if line is None or line in ("quit", "exit"):
                if not self.has_wagers(round_):
                    return False
                self.console.print(
                    "Your wagers are in play: a player who has wagered stays seated until the "
                    f"round is completed ({self.rules.sections.seated_only})."
                )
                self.roll(round_)
                leaving = True
            else:
                self.command(round_, line)
        self.rounds += 1
        net = self.wallet.balance - before
        self.console.print(
            f"Balance: {format_cents(self.wallet.balance)} (this round {signed(net)})"
        )
        return not leaving

    def command(self, round_: HighRollDiceRound, line: str) -> None:
        match line.split():
            case []:
                pass
            case ["help"]:
                self.console.print(HELP, markup=False)
                self.show_legal(round_)
            case ["bet", spot, amount]:
                self.bet(round_, spot, amount)
            case ["roll"]:
                self.roll(round_)
            case _:
                self.console.print(f"Unknown command {line!r}; type help.", markup=False)

    @staticmethod
    def has_wagers(round_: HighRollDiceRound) -> bool:
        view = round_.view(SEAT)
        return bool(view["wagers"] or view["extra_rolls"])

    def show_legal(self, round_: HighRollDiceRound) -> None:
        table = Table(title=f"Balance {format_cents(self.wallet.balance)}. You may bet:")
        for column in ("Spots", "Amount", "Rule"):
            table.add_column(column)
        for command in round_.legal_commands(SEAT):
            table.add_row(", ".join(command.spots), amount_range(command), command.cite)
        self.console.print(table)

    def refuse(self, error: IllegalCommand) -> None:
        self.console.print(f"[red]Refused:[/red] {escape(str(error))}")

    def bet(self, round_: HighRollDiceRound, spot: str, text: str) -> None:
        cite = self.rules.sections.wagers
        try:
            amount = parse_dollars(text, cite)
            self.wallet.check(amount, cite)
            events = round_.handle(PlaceWager(seat=SEAT, spot=spot, amount=amount), SEAT)
        except IllegalCommand as error:
            self.refuse(error)
            return
        self.wallet.apply(events)
        self.console.print(
            f"{format_cents(amount)} on {spot}. Balance: {format_cents(self.wallet.balance)}",
            markup=False,
        )

    def roll(self, round_: HighRollDiceRound) -> None:
        """Deal as the dealer: no more bets, then throw and call until the round is over."""
        try:
            self.deal(round_, AnnounceNoMoreBets())
        except IllegalCommand as error:
            self.refuse(error)
            return
        while not round_.finished:
            legal = {command.command for command in round_.legal_commands(DEALER)}
            self.deal(round_, ThrowDice() if "ThrowDice" in legal else CallResult())

    def deal(self, round_: HighRollDiceRound, command: Command) -> None:
        events = round_.handle(command, DEALER)
        self.wallet.apply(events)
        self.show(events)

    def show(self, events: list[Event]) -> None:
        settlements = Table("Spot", "Outcome", "Odds", "Wager", "Result", "Rule")
        for event in events:
            match event:
                case DiceThrown(roll=roll, faces=faces):
                    dice = " ".join(str(face) for face in faces)
                    self.console.print(f"Dice ({roll} roll): {dice}")
                case ResultCalled(face=face, count=count):
                    called = f"{count} {_faces(count, face)}, {_kind(count)}"
                    self.console.print(f"Call: {called} ({event.cite})")
                case WagerHeld(spot=spot):
                    self.console.print(f"{spot} stays on the layout for the Extra Roll")
                case ExtraRollCollected(amount=amount):
                    self.console.print(
                        f"Extra Roll {format_cents(amount)} goes to the table inventory "
                        f"({event.cite})"
                    )
                case ExtraRollCalled(face=face, additional=additional, total=total):
                    self.console.print(
                        f"Extra Roll call: {additional} more {_faces(additional, face)}, "
                        f"{_kind(total)} ({event.cite})"
                    )
                case WagerSettled() if event.seat == SEAT:
                    settlements.add_row(*self.settlement_row(event))
        if settlements.row_count:
            self.console.print(settlements)

    @staticmethod
    def settlement_row(event: WagerSettled) -> tuple[str, str, str, str, str, str]:
        if event.outcome is Outcome.WIN:
            result = signed(event.won)
            if event.withheld:
                result += f" ({format_cents(event.withheld)} over the payout limit)"
        elif event.outcome is Outcome.LOSE:
            result = signed(-event.amount)
        else:
            result = f"{format_cents(event.returned)} returned"
        odds = "" if event.odds is None else format_odds(event.odds)
        spot, amount = event.spot, format_cents(event.amount)
        return spot, str(event.outcome), odds, amount, result, event.cite

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
    """Play High Roll Dice at seat 1 with play money; commands are read from stdin."""
    rules = HighRollDiceRules() if rules_file is None else load_or_exit(rules_file)
    if not isinstance(rules, HighRollDiceRules):
        typer.echo(f"{rules_file} is a Rules Submission for {rules.game}", err=True)
        raise typer.Exit(2)
    rng: Rng = SecureRng() if seed is None else SeededRng(seed)
    HighRollDiceTable(rules, rng, balance, Console(highlight=False, soft_wrap=True)).session(rounds)
