"""`croupier play sic-bo`: one player (seat 1) at a Sic Bo table with an automated shaker
(ch. 625a); the program deals as the dealer.

A Sic Bo player puts chips on many areas in one round, so one line takes several wagers,
separated by commas, each ``bet SPOT AMOUNT`` with the spot as the layout names it:
``bet big 10, bet total 10 5, bet Two Dice Combination 1 and 2 5``. A line is placed
whole or not at all: every wager of it is tried on a copy of the round first, and the
first refused is told with its rule.
``roll`` announces "no more bets"; the shaker's dice, the areas lit and every
settlement follow (625a.5, 625a.6).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rich.table import Table

from croupier.citations import shown
from croupier.cli.tables import offered
from croupier.cli.tables.base import SEAT, Choice, Terminal, core_lines, play_command
from croupier.cli.tables.terminal import dealer_steps, signed
from croupier.engine import DEALER, Event, LegalCommand, Outcome, WagerSettled
from croupier.errors import IllegalCommand, InvalidWager
from croupier.games.sic_bo import (
    ROUND,
    AnnounceNoMoreBets,
    DiceThrown,
    PlaceWager,
    ResultShown,
    SicBoRound,
    is_triple,
    label,
)
from croupier.money import Cents, format_cents, format_odds, parse_dollars
from croupier.quoting import typed_back
from croupier.rules.sic_bo import PAYOUTS, WAGERS, SicBoRules, SicBoSpot

HELP = """\
How Sic Bo plays: you wager on the layout, bet SPOT AMOUNT with the spot as the layout
names it (several wagers on one line, separated by commas: bet big 10, bet total 10 5,
bet Two Dice Combination 1 and 2 5): Small, a total of 4 to 10, and Big, 11 to 17,
neither on three of a kind; a Total Value 4 to 17; Three of a Kind, a number on all
three dice, or Any Three of a Kind; Two of a Kind, a number on two dice; a Two Dice
Combination, A and B both showing; One of a Kind, a number on one or more dice, paid per
die. AMOUNT in dollars (cents may be given: 12.50). On roll no more bets are taken: the
shaker's dice, the result and settlement."""

GRAMMAR = core_lines(dice=True)
"""The usage of each command the table reads (:attr:`~Terminal.grammar`): the core
lines alone, every wager a ``bet SPOT AMOUNT`` on a spot as the layout names it."""


ODDS_ROWS = {
    "small": "Small",
    "big": "Big",
    "three_of_a_kind": "Three of a Kind (a number on all three dice)",
    "any_three_of_a_kind": "Any Three of a Kind",
    "two_of_a_kind": "Two of a Kind (a number on two dice)",
    "combination": "Two Dice Combination",
}
"""The paytable's rows that are not one per number, as the sign names them."""


_ROWS_BEFORE_TOTALS = ("small", "big", "three_of_a_kind", "any_three_of_a_kind", "two_of_a_kind")
"""The paytable's rows before the totals, in the order of :meth:`Paytable.rows`."""


def parse_wager(text: str, labels: Mapping[str, str] | None = None) -> tuple[str, str]:
    """One wager as typed, ``bet SPOT AMOUNT`` with the spot as the layout names it, any
    case, among ``labels`` (``"bet Total 10 5"``), or by its own name (``"bet total:10
    5"``), as (its spot, its amount as typed). Raises :class:`InvalidWager` (625a.3) for
    words that are not a wager; a spot that is not on the layout is the round's to
    refuse."""
    words = text.lower().split()
    named = offered.key(" ".join(words[1:-1]))
    for spot, name in (labels or {}).items():
        if (
            words[:1] == ["bet"]
            and len(words) > 2
            and named in (offered.key(spot), offered.key(name))
        ):
            return spot, words[-1]
    if words[:1] == ["bet"] and len(words) == 3 and ":" in words[1]:
        return words[1], words[2]
    for spot, name in (labels or {}).items():  # a member of a family the layout lacks
        family, _, member = spot.partition(":")
        head = offered.key(name).split()[: -len(member.split()) or None]
        typed = named.split()
        whole = member and words[:1] == ["bet"] and len(typed) == len(head) + 1
        if whole and typed[: len(head)] == head:  # "total 3": for the round to refuse
            return f"{family}:{typed[-1]}", words[-1]
    raise InvalidWager(
        f"{typed_back(text.strip())} is not a wager: write it as bet SPOT AMOUNT, SPOT as "
        "the layout names it: bet Small 5, bet Total 10 5, bet Three of a Kind 4 5 (help "
        "lists them)",
        WAGERS,
    )


class SicBoTable(Terminal[SicBoRules, SicBoRound]):
    """One player (seat 1) with a wallet at a Sic Bo table; the program shakes."""

    help = HELP
    grammar = GRAMMAR
    several_at_once = True  # a line of several wagers: all of them or none

    def limits(self) -> str:
        rules = self.rules
        line = f"Table limits: {rules.describe_limits()} ({shown(WAGERS)})"
        if rules.payout_limit is not None:
            line += (
                f"; payout limit {format_cents(rules.payout_limit)} per player per round "
                f"({shown(PAYOUTS)})"
            )
        return line + "."

    def open_round(self) -> SicBoRound:
        return self.next_round(SicBoRound)

    def begin(self, round_: SicBoRound) -> None:
        self.console.rule(f"Round {round_.opened.round_id}")
        self.show_legal(round_)

    def leave(self, round_: SicBoRound) -> None:
        self.console.print("Your wagers are on the layout: the dice are shaken before you leave.")
        self.shake(round_)

    def command(self, round_: SicBoRound, line: str) -> None:
        match line.split():
            case []:
                pass
            case _ if "," in line:  # several wagers on a line, each bet SPOT AMOUNT
                self.bet(round_, line)
            case _:
                self.unknown(line)

    dice = True

    def deal_now(self, round_: SicBoRound) -> None:
        self.shake(round_)

    def place(self, round_: SicBoRound, typed: str, amount: str) -> None:
        self.bet(round_, f"bet {typed} {amount}")  # the layout's words, or the spot's own

    # -- what the player may bet ----------------------------------------------------------
    def removal_refused(self) -> str:
        return (
            "the procedures of a Sic Bo round provide for no wager to be taken down once "
            "placed; it stays on the layout until the dice are shaken and it is settled "
            f"({shown(ROUND)})"
        )

    def choices(self, round_: SicBoRound) -> Iterable[Choice]:
        """One row per wager of 625a.3 with what may still go on it (the most any of its
        areas takes now), then ``roll`` once something is on the layout."""
        room: dict[str, Cents] = {}
        low = self.rules.minimum_wager
        for legal in round_.legal_commands(SEAT):
            for spot in legal.spots:
                kind = SicBoSpot.parse(spot).kind
                room[kind] = max(
                    room.get(kind, 0),
                    legal.amount.high if legal.amount and legal.amount.high else 0,
                )
        rows = [
            ("small", "bet Small AMOUNT", "Small (a total of 4 to 10, not a triple)"),
            ("big", "bet Big AMOUNT", "Big (a total of 11 to 17, not a triple)"),
            ("total", "bet Total T AMOUNT", "Total Value T, 4 to 17"),
            ("three_of_a_kind", "bet Three of a Kind N AMOUNT", "Three of a Kind, N 1 to 6"),
            ("any_three_of_a_kind", "bet Any Three of a Kind AMOUNT", "Any Three of a Kind"),
            ("two_of_a_kind", "bet Two of a Kind N AMOUNT", "Two of a Kind, N 1 to 6"),
            (
                "combination",
                "bet Two Dice Combination A and B AMOUNT",
                "Two Dice Combination, A lower than B",
            ),
            (
                "one_of_a_kind",
                "bet One of a Kind N AMOUNT",
                "One of a Kind, N 1 to 6, paid per die",
            ),
        ]
        for kind, typed, does in rows:
            if kind in room:
                most = room[kind]
                amount = f"{format_cents(low)} to {format_cents(most)}"
                yield Choice(typed, does, format_cents(low) if most == low else amount, WAGERS)
        for legal in round_.legal_commands(DEALER):
            if legal.command == "AnnounceNoMoreBets":
                yield Choice("roll", '"no more bets": the dice are shaken', "", legal.cite)

    def choice(self, round_: SicBoRound, command: LegalCommand) -> Iterable[Choice]:
        return ()  # :meth:`choices` groups the areas by wager

    def paytable(self) -> None:
        self.show_odds()

    def show_odds(self) -> None:
        """The payout odds posted (625a.1), one row per row of the paytable."""
        table = Table("Wager", "Pays", title=f"Paytable {self.rules.paytable} ({shown(PAYOUTS)})")
        paytable = self.rules.odds
        rows = [(ODDS_ROWS[kind], getattr(paytable, kind)) for kind in _ROWS_BEFORE_TOTALS]
        rows += [(SicBoSpot("total", (t,)).label, odds) for t, odds in paytable.totals.items()]
        rows.append((ODDS_ROWS["combination"], paytable.combination))
        rows += [
            (f"One of a Kind, {count} {'die shows' if count == 1 else 'dice show'} it", odds)
            for count, odds in paytable.one_of_a_kind.items()
        ]
        for name, odds in rows:
            table.add_row(name, format_odds(odds))
        self.console.print(table)

    # -- wagers -----------------------------------------------------------------------------
    def bet(self, round_: SicBoRound, line: str) -> None:
        """Place every wager of ``line`` (comma-separated), all of them or none."""
        items = [item for item in line.split(",") if item.strip()]
        try:
            commands = []
            for item in items:
                spot, amount = parse_wager(item, self.spot_labels)
                commands.append(
                    PlaceWager(seat=SEAT, spot=spot, amount=parse_dollars(amount, WAGERS))
                )
            trial = SicBoRound.replay(round_.events)  # the round as it is, to try the line on
            for command in commands:  # its limits first: no balance makes one over them legal
                trial.handle(command, SEAT)
            self.wallet.check(sum(int(c.amount) for c in commands), WAGERS)
        except IllegalCommand as error:
            self.refuse(error)
            if len(items) > 1:
                self.console.print("Nothing on that line was placed.")
            return
        for command in commands:
            self.wallet.apply(round_, round_.handle(command, SEAT))
        placed = ", ".join(f"{format_cents(c.amount)} on {label(c.spot)}" for c in commands)
        on_layout = sum(round_.state.wagers.get(SEAT, {}).values())
        self.console.print(
            f"Placed {placed}. On the layout: {format_cents(on_layout)}. "
            f"Balance: {format_cents(self.wallet.balance)}",
            markup=False,
        )

    # -- the shake ----------------------------------------------------------------------------
    def shake(self, round_: SicBoRound) -> None:
        """No more bets; the table shakes, shows and settles, as the server does."""
        try:
            events = round_.handle(AnnounceNoMoreBets(), DEALER)
        except IllegalCommand as error:
            self.refuse(error)
            return
        self.wallet.apply(round_, events)
        for step in dealer_steps(round_):
            events = round_.handle(step, DEALER)
            self.wallet.apply(round_, events)
            self.show(events)

    def shown(self, round_: SicBoRound, events: list[Event]) -> None:
        self.show(events)

    def show(self, events: list[Event]) -> None:
        settlements = Table("Wager", "Outcome", "Odds", "Amount", "Result", "Rule")
        for event in events:
            match event:
                case DiceThrown(faces=faces):
                    self.console.print(f"The dice: {' '.join(str(face) for face in faces)}")
                case ResultShown(faces=faces, total=total, winning=winning):
                    small = "Small" if total <= 10 else "Big"
                    what = "three of a kind" if is_triple(faces) else small
                    lit = ", ".join(label(spot) for spot in winning)
                    self.console.print(f"Total {total}, {what} ({shown(event.cite)}). Lit: {lit}.")
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
        else:
            result = signed(-event.amount)
        words = {Outcome.WIN: "wins", Outcome.LOSE: "loses"}
        outcome = words.get(event.outcome, str(event.outcome))
        odds = "" if event.odds is None else format_odds(event.odds)
        rule = shown(event.cite)
        return label(event.spot), outcome, odds, format_cents(event.amount), result, rule


play = play_command(
    SicBoRules,
    SicBoTable,
    "Play Sic Bo at seat 1 with play money: several wagers on one line (bet big 10, bet "
    "total 10 5), then roll; commands are read from stdin.",
)
