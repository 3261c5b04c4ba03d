"""`croupier play <game>` for a registered game whose spec names no terminal module.

The generic table knows nothing of the game: what the player (seat 1) may type comes from
the round's ``legal_commands`` (each command's fields from the JSON Schema of the game's
commands), what the dealer does alone from the game's :class:`~croupier.game.TablePolicy`
(:meth:`~croupier.game.TablePolicy.run_dealer_steps`,
:meth:`~croupier.game.TablePolicy.closing_step`, and
:meth:`~croupier.game.TablePolicy.timeout_steps` to play out the round of a player who
leaves), and each event is printed in plain words: its type name as words, then its
fields (amounts in dollars), with whatever the policy hides from seat 1 blanked. The
play-money wallet moves by the money the ledger's rule gives each event
(:func:`croupier.game.event_moves`: a wager placed leaves it, a settlement brings back
``returned + won``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from functools import cache
from typing import Any

from pydantic import TypeAdapter, ValidationError
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from croupier.citations import shown
from croupier.cli.tables.base import (
    SEAT,
    Choice,
    NoTimings,
    Terminal,
    play_command,
    within_balance,
)
from croupier.cli.tables.terminal import (
    amount_range,
    describe,
    words,
)
from croupier.engine import DEALER, Command, Event, LegalCommand, Round, RoundOpened
from croupier.errors import IllegalCommand
from croupier.game import WALLET, GameSpec, Viewer, event_moves, offered
from croupier.money import Cents, format_cents, parse_dollars
from croupier.offers import field_words
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission
from croupier.spots import Spot

PLAYER = "you"
"""The player id of seat 1 in the rounds this table opens."""

HELP = """\
How this table plays: the program deals by the game's rules. You type a listed command
by its name or its number (#) with what it takes, COMMAND [FIELD=VALUE ...]: amount= in
dollars (cents may be given: 12.50), seat= is yours unless given; e.g. PlaceWager
spot=SPOT amount=5, or bet SPOT AMOUNT for a wager on SPOT by the listed command that
takes it.
On deal no more bets are taken: the dealer closes the betting and plays on."""

GRAMMAR = ("bet SPOT AMOUNT", "remove SPOT", "deal", "COMMAND [FIELD=VALUE ...]")
"""The usage of each command the table reads (:attr:`~Terminal.grammar`)."""


def _ranges(numbers: list[int]) -> str:
    """``[1, 2, 3, 5]`` -> ``"1 to 3, 5"``: runs of consecutive numbers."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]} to {r[-1]}" for r in runs)


def spot_list(spots: Iterable[Spot | str]) -> str:
    """Spots as a player reads them, every one still there but each family of typed
    spots (:meth:`~croupier.spots.Spot.family`) written once: ``total:N (N 4 to 17)``
    where its members are numbers, ``combination:X (X 1-2, 1-3, ...)`` otherwise; the
    others (and spots given as text: a game with no spot type) as they are, in order."""
    groups: dict[str, list[Spot | str]] = {}
    for spot in spots:
        family = spot.family() if isinstance(spot, Spot) else None
        groups.setdefault(str(spot) if family is None else f"{family[0]}:", []).append(spot)
    shown = []
    for head, members in groups.items():
        parts = [family[1] for m in members if isinstance(m, Spot) and (family := m.family())]
        if len(members) < 2:
            shown.append(str(members[0]))
        elif all(part.isascii() and part.isdecimal() for part in parts):
            shown.append(f"{head}N (N {_ranges([int(part) for part in parts])})")
        else:
            shown.append(f"{head}X (X {', '.join(parts)})")
    return ", ".join(shown)


@cache
def command_fields(adapter: TypeAdapter[Any]) -> dict[str, tuple[tuple[str, ...], frozenset[str]]]:
    """Command name -> (its fields besides ``type``, in order; the required ones), read
    from the JSON Schema of a game's commands."""
    schema = adapter.json_schema()
    found: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {}
    for model in [schema, *schema.get("$defs", {}).values()]:
        properties = model.get("properties", {})
        name = properties.get("type", {}).get("const")
        if isinstance(name, str):
            fields = tuple(field for field in properties if field != "type")
            found[name] = (fields, frozenset(model.get("required", ())))
    return found


class GenericTable(Terminal[RulesSubmission, Round[Any]]):
    """One player (seat 1) with a wallet at a table of ``spec``'s game; the program deals
    by the game's policy."""

    help = HELP
    grammar = GRAMMAR

    def __init__(
        self, spec: GameSpec, rules: RulesSubmission, rng: Rng, balance: Cents, console: Console
    ) -> None:
        super().__init__(rules, rng, balance, console)
        self.spec, self.policy = spec, spec.policy
        self.last: Round[Any] | None = None
        kind = self.policy.state_type
        self.state = None if kind is None else kind.begin(rules, "play", datetime.now(UTC))
        """What the table keeps between rounds (the game's, as the server keeps it)."""
        self.seen = 0
        """How many of the round's events have been shown and moved the wallet."""
        self.last_wager: LegalCommand | None = None
        """The last wager command offered, to send a wager the round no longer takes."""

    # -- the round --------------------------------------------------------------------
    def open_round(self) -> Round[Any]:
        last = self.last
        if self.state is not None:  # the text's rules between rounds (a deck's hours)
            for notice in self.state.between(datetime.now(UTC)):
                self.console.print(notice, markup=False)
        round_ = self.policy.open_round(
            self.spec.round_type,
            self.rules,
            NoTimings(),
            table_id="play",
            round_id=self.round_id,
            seats={SEAT: PLAYER},
            rng=self.rng,
            previous=None if last is None else (lambda: last),
            state=self.state,
        )
        self.seen = 0
        return round_

    def begin(self, round_: Round[Any]) -> None:
        self.console.rule(f"Round {round_.opened.round_id}")
        self.catch_up(round_)
        self.show_legal(round_)

    def end(self, round_: Round[Any]) -> None:
        self.last = round_
        if self.state is not None:
            for notice in self.state.take_in(round_, datetime.now(UTC)):
                self.console.print(notice, markup=False)

    def has_wagers(self, round_: Round[Any]) -> bool:
        return SEAT in self.policy.seats_wagered(round_)

    def leave(self, round_: Round[Any]) -> None:
        """Play the round out as the server would for a player whose time ran out."""
        self.console.print("Your wagers are in play: the round is played out before you leave.")
        self.play_out(round_)

    # -- what the player types ----------------------------------------------------------
    def command(self, round_: Round[Any], line: str) -> None:
        match line.split():
            case []:
                pass
            case [name, *pairs] if self.named(round_, name) is not None and all(
                "=" in pair for pair in pairs
            ):
                legal = self.named(round_, name)
                assert legal is not None
                fields = dict(pair.split("=", 1) for pair in pairs)
                self.send(round_, legal, fields)
            case [name, *_] if self.named(round_, name) is not None:
                self.console.print("usage: COMMAND [FIELD=VALUE ...]", markup=False)
            case _:
                self.unknown(line)

    def deal_now(self, round_: Round[Any]) -> None:
        self.deal(round_)

    def place(self, round_: Round[Any], typed: str, amount: str) -> None:
        self.bet(round_, self.example_spot(typed) or typed, amount)

    def legal(self, round_: Round[Any]) -> list[LegalCommand]:
        legal = round_.legal_commands(SEAT)
        self.last_wager = next((c for c in legal if c.spots), self.last_wager)
        return legal

    def named(self, round_: Round[Any], name: str) -> LegalCommand | None:
        """The player's legal command ``name`` (any case) or numbered ``name`` now."""
        legal = self.legal(round_)
        if name.isdecimal() and 1 <= int(name) <= len(legal):
            return legal[int(name) - 1]
        return next((c for c in legal if c.command.lower() == name.lower()), None)

    def bet(self, round_: Round[Any], spot: str, amount: str) -> None:
        """The wager command that lists ``spot``; for a spot none lists, the first that
        takes spots (or, with none now, the last one offered), so that the round refuses
        it with its own reason and rule."""
        wagers = [c for c in self.legal(round_) if c.spots]
        legal = next((c for c in wagers if spot in c.spots), wagers[0] if wagers else None)
        legal = legal or self.last_wager
        if legal is None:
            self.console.print("No wager may be placed now; type help for what you may do.")
            return
        self.last_wager = legal
        self.send(round_, legal, {"spot": spot, "amount": amount})

    def build(self, name: str, fields: dict[str, Any]) -> Command:
        """The command ``name`` with ``fields`` (validated by the game's model)."""
        command: Command = self.round_type.command_adapter.validate_python({"type": name, **fields})
        return command

    @property
    def round_type(self) -> type[Round[Any]]:
        return self.spec.round_type

    def send(self, round_: Round[Any], legal: LegalCommand, typed: dict[str, str]) -> None:
        """Send the player's ``legal`` command with the ``typed`` fields (``amount`` in
        dollars; ``seat`` filled in where the command takes one), then the dealer's
        steps; a refusal changes nothing."""
        names, _required = command_fields(self.round_type.command_adapter).get(
            legal.command, ((), frozenset())
        )
        fields: dict[str, Any] = dict(typed)
        if "seat" in names:
            fields.setdefault("seat", SEAT)
        try:
            if "amount" in fields:
                fields["amount"] = parse_dollars(str(fields["amount"]), legal.cite)
                self.check_covered(fields["amount"], legal.cite)
            command = self.build(legal.command, fields)
            round_.handle(command, SEAT)
        except IllegalCommand as error:
            self.refuse(error)
            return
        except ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc'][1:]) or legal.command}: {e['msg']}"
                for e in error.errors()
            )
            self.console.print(f"[red]Refused:[/red] {escape(problems)}")
            return
        self.policy.run_dealer_steps(round_)
        self.after(round_)

    def played_out(self, round_: Round[Any], events: list[Event]) -> None:
        self.catch_up(round_)

    def take(self, round_: Round[Any], command: Command) -> None:
        """The player's ``command`` (an offer typed in the one grammar), then the
        dealer's steps; a refusal changes nothing."""
        before = self.wallet.balance
        try:
            round_.handle(command, SEAT)
        except IllegalCommand as error:
            self.refuse(error)
            return
        self.policy.run_dealer_steps(round_)
        self.catch_up(round_)
        self.moved(before)
        if not round_.finished:
            self.show_legal(round_)

    def deal(self, round_: Round[Any]) -> None:
        """The player asks the dealer to close the betting; the dealer plays on."""
        step = self.policy.closing_step(round_)
        if step is None:
            why = "no one has wagered" if self.policy.betting_open(round_) else "betting is over"
            self.console.print(f"The dealer cannot close the betting now: {why}.")
            return
        round_.handle(step, DEALER)
        self.policy.run_dealer_steps(round_)
        self.after(round_)

    def after(self, round_: Round[Any]) -> None:
        self.catch_up(round_)
        if not round_.finished:
            self.show_legal(round_)

    # -- what the player sees -----------------------------------------------------------
    def catch_up(self, round_: Round[Any]) -> None:
        """Show the events since the last shown, as seat 1 may see them, and move the
        wallet by the money each moves to or from seat 1's wallet."""
        events, seats = round_.events, round_.opened.seats
        viewer = Viewer.of(SEAT, seats)
        for index in range(self.seen, len(events)):
            event = events[index]
            for (kind, owner), cents in event_moves(self.policy, events, index, seats):
                if kind == WALLET and owner == PLAYER:
                    self.wallet.balance += cents
            if not isinstance(event, RoundOpened):
                text = describe(event, self.policy.hidden(event, viewer))
                self.console.print(text, markup=False)
        self.seen = len(events)

    def show_legal(self, round_: Round[Any]) -> None:
        """The numbered "You may:" table (the number may be typed for the command); none
        once the player has left (:attr:`~Terminal.leaving`)."""
        rows = [] if self.leaving else list(self.choices(round_))
        if not rows:
            return
        table = Table(title=f"Balance {format_cents(self.wallet.balance)}. You may:")
        for column in ("#", "Type", "To", "Amount"):
            table.add_column(column)
        table.add_column("Rule", no_wrap=True)  # a citation and its "(inferred)" on one line
        numbered = len(self.legal(round_))
        for number, row in enumerate((within_balance(r, self.wallet.balance) for r in rows), 1):
            mark = str(number) if number <= numbered else ""
            table.add_row(*map(Text, (mark, row.typed, row.does, row.amount, shown(row.cite))))
        self.console.print(table)

    def choice(self, round_: Round[Any], command: LegalCommand) -> Iterable[Choice]:
        names, required = command_fields(self.round_type.command_adapter).get(
            command.command, ((), frozenset())
        )
        typed = [command.command]
        for name in names:
            if name == "seat":
                continue
            slot = f"{name}={name.upper()}"
            typed.append(slot if name in required else f"[{slot}]")
        does = [words(command.command).lower()]
        if command.spots:
            does.append(f"SPOT: {spot_list(self.typed_spots(command.spots))}")
        does += [
            f"{name.replace('_', ' ')}: {offered}"
            for name, field in command.fields.items()
            if name != "spot" and (offered := field_words(field))
        ]
        yield Choice(" ".join(typed), "; ".join(does), amount_range(command), command.cite)

    def typed_spots(self, spots: Iterable[Any]) -> list[Spot | str]:
        """An offer's spots read once as the game's typed spots (as text where the game
        has no spot type)."""
        spot_type = self.spec.spot_type
        if spot_type is None:
            return [str(spot) for spot in spots]
        return [spot_type.parse(spot) for spot in spots]

    def dealer_choices(self, round_: Round[Any]) -> Iterable[Choice]:
        step = self.policy.closing_step(round_)
        if step is None:
            return
        name = str(getattr(step, "type", type(step).__name__))
        legal = offered(round_, name)
        cite = legal.cite if legal is not None else ""
        yield Choice("deal", f"{words(name).lower()}: the dealer plays on", "", cite)


def play_for(spec: GameSpec) -> Callable[..., None]:
    """The ``croupier play <game>`` command of ``spec`` at the generic table."""

    def table(rules: RulesSubmission, rng: Rng, balance: Cents, console: Console) -> GenericTable:
        return GenericTable(spec, rules, rng, balance, console)

    return play_command(
        spec.rules_type,
        table,
        f"Play {spec.title} at seat 1 with play money (the generic table: the game's "
        "commands by name); commands are read from stdin.",
    )


__all__ = [
    "HELP",
    "GenericTable",
    "NoTimings",
    "command_fields",
    "describe",
    "play_for",
    "spot_list",
    "words",
]
