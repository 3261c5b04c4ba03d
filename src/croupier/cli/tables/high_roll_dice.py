"""`croupier play high-roll-dice`: one player (seat 1) at a High Roll Dice table; the
program deals as the dealer (ch. 675a, 675a.6, 593)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from rich.console import Console
from rich.table import Table

from croupier.cli.tables.base import SEAT, Choice, Terminal, core_lines, play_command
from croupier.cli.tables.terminal import amount_range, dealer_steps, signed
from croupier.engine import DEALER, Command, Event, LegalCommand, Outcome, WagerSettled
from croupier.equipment.dice import FACE_NAMES
from croupier.errors import IllegalCommand
from croupier.games.high_roll_dice import (
    EXTRA_ROLL,
    AnnounceNoMoreBets,
    DiceThrown,
    ExtraRollCalled,
    ExtraRollCollected,
    HighRollDiceRound,
    PlaceWager,
    ResultCalled,
    WagerHeld,
)
from croupier.games.high_roll_dice.spots import HighRollDiceSpot
from croupier.money import Cents, format_cents, format_odds, parse_dollars, require_cents
from croupier.rng import Rng
from croupier.rules.high_roll_dice import MILLIONAIRE_ROW_MAXIMUM, NO_MATCH, HighRollDiceRules

HELP = """\
How High Roll Dice plays: you wager on the layout's spots as the layout names them,
for example bet pip street ace 5, bet like kind 4 5, bet extra roll 5,
bet millionaire row 10 1: AMOUNT in dollars (cents may be given: 12.50). A wager placed
may not be removed here: it stays on the layout until the round is settled. On roll the
dealer throws, calls and settles."""

GRAMMAR = core_lines(dice=True)
"""The usage of each command the table reads (:attr:`~Terminal.grammar`)."""

WAGER_WORDS = {
    "pip_street": "a Pip Street Wager",
    "like_kind": "a Like Kind Boulevard Wager",
    "extra_roll": "the purchase of an Extra Roll",
    "millionaire_row": "a Millionaire Row Wager",
}
"""The wagers as the layout of 675a.2(e) names them, by the first part of a spot."""


def _kind(count: int) -> str:
    return "no match" if count == NO_MATCH else f"{count} of a kind"


def _faces(count: int, face: int) -> str:
    """``"fives"``, ``"ace"`` (one), ``"sixes"``: the face's name for ``count`` dice."""
    name = FACE_NAMES[face]
    return name if count == 1 else f"{name}{'es' if face == 6 else 's'}"


class HighRollDiceTable(Terminal[HighRollDiceRules, HighRollDiceRound]):
    """One player (seat 1) with a wallet at a High Roll Dice table; the program deals."""

    help = HELP
    grammar = GRAMMAR

    def __init__(
        self, rules: HighRollDiceRules, rng: Rng, balance: Cents, console: Console
    ) -> None:
        super().__init__(rules, rng, balance, console)
        self.results: list[tuple[str, ...]] = []
        """The round's results so far, a row per wager (:meth:`end` prints them)."""
        self.wagered: Cents = 0
        self.net: Cents = 0

    def limits(self) -> str:
        rules = self.rules
        equal = "Like Kind Boulevard Wagers"
        if rules.extra_roll_odds is not None:
            equal += " and an Extra Roll"
        line = (
            f"Table limits: a Pip Street Wager {format_cents(rules.minimum_wager)} to "
            f"{format_cents(rules.maximum_wager)} (all Pip Street Wagers, {equal} of "
            f"equal value, {rules.sections.equal_value})"
        )
        if rules.millionaire_row_prizes is not None:
            low, high = rules.millionaire_row_minimum, MILLIONAIRE_ROW_MAXIMUM
            shown = format_cents(high)
            if low < high:
                shown = f"{format_cents(low)} to {shown}"
            line += f"; a Millionaire Row Wager {shown}"
        return line + "."

    def open_round(self) -> HighRollDiceRound:
        return self.next_round(HighRollDiceRound)

    def begin(self, round_: HighRollDiceRound) -> None:
        self.console.rule(f"Round {round_.opened.round_id}")
        self.show_legal(round_)

    def leave(self, round_: HighRollDiceRound) -> None:
        self.console.print(
            "Your wagers are in play: a player who has wagered stays seated until the "
            f"round is completed ({self.rules.sections.seated_only})."
        )
        self.roll(round_)

    def command(self, round_: HighRollDiceRound, line: str) -> None:
        self.unknown(line)  # the table has no words of its own beyond the core grammar

    dice = True

    def deal_now(self, round_: HighRollDiceRound) -> None:
        self.roll(round_)

    def place_on(self, round_: HighRollDiceRound, spot: str, amount: str) -> None:
        self.bet(round_, spot, amount)

    def layout_cite(self, round_: HighRollDiceRound) -> str:
        return self.rules.sections.wagers  # the layout's wagers (675a.2(e))

    def removal_refused(self) -> str:
        return (
            "the rules of High Roll Dice provide for no wager to be taken down once placed; "
            f"it stays on the layout until the round is settled ({self.rules.sections.wagers})"
        )

    def has_wagers(self, round_: HighRollDiceRound) -> bool:
        view = round_.view(SEAT)
        return bool(view["wagers"] or view["extra_rolls"])

    def wagers_down(self, round_: HighRollDiceRound) -> dict[str, Cents]:
        """The wagers on the layout and the Extra Roll bought (675a.4(a)), which the
        round keeps apart from them."""
        bought = round_.view(SEAT)["extra_rolls"].get(str(SEAT))
        extra = {EXTRA_ROLL: bought} if bought else {}
        return super().wagers_down(round_) | extra

    def choice(self, round_: HighRollDiceRound, command: LegalCommand) -> Iterable[Choice]:
        if command.command != "PlaceWager":
            return
        kinds = dict.fromkeys(HighRollDiceSpot.parse(spot).kind for spot in command.spots)
        named = " or ".join(WAGER_WORDS.get(kind, kind) for kind in kinds)
        yield Choice(
            "bet SPOT AMOUNT",
            f"{named} (SPOT: {self.spot_names(command.spots)})",
            amount_range(command),
            command.cite,
        )

    def dealer_choices(self, round_: HighRollDiceRound) -> Iterable[Choice]:
        for command in round_.legal_commands(DEALER):
            if command.command == "AnnounceNoMoreBets":
                yield Choice("roll", '"no more bets": the dealer throws the dice', "", command.cite)

    def bet(self, round_: HighRollDiceRound, typed: str, text: str) -> None:
        """A wager on the spot ``typed`` (by its name on the layout, or its own); an amount
        that is no amount, or not more than zero, is refused before the spot is looked at."""
        spot = self.example_spot(typed) or typed
        cite = self.rules.sections.wagers
        try:
            amount = require_cents(parse_dollars(text, cite), "a wager", cite)
            self.check_covered(amount, cite)
            events = round_.handle(PlaceWager(seat=SEAT, spot=spot, amount=amount), SEAT)
        except IllegalCommand as error:
            self.refuse(error)
            return
        self.wallet.apply(round_, events)
        self.console.print(
            f"{format_cents(amount)} on {self.spot_name(spot)}. "
            f"Balance: {format_cents(self.wallet.balance)}",
            markup=False,
        )

    def roll(self, round_: HighRollDiceRound) -> None:
        """Deal as the dealer: no more bets, then throw and call until the round is over."""
        try:
            self.deal(round_, AnnounceNoMoreBets())
        except IllegalCommand as error:
            self.refuse(error)
            return
        for step in dealer_steps(round_):  # the throws and calls, as the server takes them
            self.deal(round_, step)

    def deal(self, round_: HighRollDiceRound, command: Command) -> None:
        events = round_.handle(command, DEALER)
        self.wallet.apply(round_, events)
        self.show(events)

    def shown(self, round_: HighRollDiceRound, events: list[Event]) -> None:
        self.show(events)

    def show(self, events: list[Event]) -> None:
        for event in events:
            match event:
                case DiceThrown(roll=roll, faces=faces):
                    dice = " ".join(str(face) for face in faces)
                    self.console.print(f"Dice ({roll} roll): {dice}")
                case ResultCalled(face=face, count=count):
                    called = f"{count} {_faces(count, face)}, {_kind(count)}"
                    self.console.print(f"Call: {called} ({event.cite})")
                case WagerHeld(spot=spot):
                    self.console.print(
                        f"{self.spot_name(spot)} stays on the layout for the Extra Roll"
                    )
                case ExtraRollCollected(amount=amount):
                    self.console.print(
                        f"Extra Roll {format_cents(amount)} goes to the table inventory "
                        f"({event.cite})"
                    )
                    if event.seat == SEAT:  # the purchase is spent, whatever the roll
                        row = ("Extra Roll", "bought", "", format_cents(amount))
                        self.results.append((*row, signed(-amount), event.cite))
                        self.wagered += amount
                        self.net -= amount
                case ExtraRollCalled(face=face, additional=additional, total=total):
                    self.console.print(
                        f"Extra Roll call: {additional} more {_faces(additional, face)}, "
                        f"{_kind(total)} ({event.cite})"
                    )
                case WagerSettled() if event.seat == SEAT:
                    self.results.append(self.settlement_row(event))
                    self.wagered += event.amount
                    self.net += event.returned + event.won - event.amount

    def end(self, round_: HighRollDiceRound) -> None:
        """The round's results, one row per wager (the Extra Roll bought too), and their
        total: what was wagered and what the round won or lost."""
        if self.results:
            table = Table("Spot", "Outcome", "Odds", "Wager", "Result", "Rule")
            for row in self.results:
                table.add_row(*row)
            table.add_section()
            table.add_row("Total", "", "", format_cents(self.wagered), signed(self.net), "")
            self.console.print(table)
        self.results, self.wagered, self.net = [], 0, 0

    def fraction_said(self, event: WagerSettled) -> str:
        """Where the odds on the wager come to a fraction of a cent (3 to 5 on $5.01 is
        $3.006), what they come to and that the fraction was paid down (or up), as the
        Rules Submission rounds it (docs/interpretations.md, "Rounding — 675a.5");
        ``""`` for a payout of whole cents."""
        if event.odds is None:
            return ""
        exact = event.amount * Fraction(event.odds)
        if exact.denominator == 1:
            return ""
        way = "up" if str(self.rules.payout_rounding).endswith("up") else "down"
        dollars = f"{float(exact / 100):.4f}".rstrip("0")
        return (
            f" ({format_odds(event.odds)} on {format_cents(event.amount)} is ${dollars}: "
            f"the fraction of a cent is paid {way}, docs/interpretations.md, "
            '"Rounding — 675a.5")'
        )

    def settlement_row(self, event: WagerSettled) -> tuple[str, str, str, str, str, str]:
        if event.outcome is Outcome.WIN:
            result = signed(event.won)
            if event.withheld:
                result += f" ({format_cents(event.withheld)} over the payout limit)"
            else:
                result += self.fraction_said(event)
        elif event.outcome is Outcome.LOSE:
            result = signed(-event.amount)
        else:
            result = f"{format_cents(event.returned)} returned"
        odds = "" if event.odds is None else format_odds(event.odds)
        spot, amount = self.spot_name(event.spot), format_cents(event.amount)
        return spot, str(event.outcome), odds, amount, result, event.cite


play = play_command(
    HighRollDiceRules,
    HighRollDiceTable,
    "Play High Roll Dice at seat 1 with play money; commands are read from stdin.",
)
