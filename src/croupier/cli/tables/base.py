"""What the terminal tables of ``croupier play`` share.

:class:`Terminal` is one player (seat 1) with a play-money wallet at a table where the
program deals: the session (rounds until ``quit``, end of input, the round limit or a
wallet below the table minimum), one round's loop of typed lines (a player who leaves
with wagers in play has his hand played out), refusals and the closing summary. A game
gives how its rounds open and end and what its player may type. :class:`CardTerminal`
adds what the card tables deal with alike (Go Fore It, Criss-Cross Poker), and
:func:`play_command` makes a game's ``croupier play <game>`` command.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, ClassVar, Generic, TypeVar, cast

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from croupier.analysis import returns
from croupier.citations import shown
from croupier.cli.rules import load_or_exit
from croupier.cli.tables import offered
from croupier.cli.tables.terminal import (
    Wallet,
    amount_range,
    ctrl_c_taken_at_the_prompt,
    dealer_steps,
    describe,
    read_line,
    result_and_odds,
    signed,
    void_reason,
)
from croupier.engine import (
    DEALER,
    Actor,
    Command,
    Event,
    LegalCommand,
    Round,
    WagerSettled,
)
from croupier.errors import IllegalCommand, InvalidAmount
from croupier.game import TableState, Viewer
from croupier.game import offered as offer_of
from croupier.money import Cents, counted, format_cents, parse_dollars
from croupier.offers import SPOT_SENT, SPOTS_SENT, spots_listed
from croupier.quoting import typed_back
from croupier.registry import find, sign_for
from croupier.reminders import SessionClock
from croupier.rng import Rng, SecureRng, SeededRng
from croupier.rules.base import RulesSubmission

SEAT = 1
"""The player's seat (box)."""


EXAMPLE = re.compile(
    r"bet ((?:[a-z_:0-9-]+ )*?[a-z_:0-9-]+) (\d+(?:\.\d\d)?)(,\s*|(?=:|\s\(|[ \t]*$))", re.M
)
"""An example wager in a table's help: ``bet pass 10, `` (the words, the dollars, what
follows)."""
ALWAYS = (
    ("show", "your wagers and what you may do"),
    ("history", "each round's result"),
    ("odds", "the paytable and each wager's theoretical return"),
    ("clock", "time played and amount wagered"),
    ("help", "how the game plays and what you may type now"),
    (
        "quit",
        "leave the table: a wager that may still be taken back comes back to you, any "
        "other is played out first",
    ),
)
"""The commands every table takes at any moment, with what each does."""
AMOUNT = re.compile(r"\$?[\d.,]+")
"""An amount as the one word after ``bet`` (``bet 10``); ``bet pass`` names a spot and no
amount."""
CORE = ("bet SPOT AMOUNT", "remove SPOT", "deal")
"""The usage of the core commands every table reads the same way (:meth:`Terminal.core`):
the one word for the dealer's going on is ``deal`` at a card table and ``roll`` at a dice
table (:func:`core_lines`), and ``bet AMOUNT`` names no spot where one is open."""


def core_lines(*, dice: bool, lone: bool = False) -> tuple[str, ...]:
    """The core usage lines of a table: ``bet SPOT AMOUNT`` (``bet [SPOT] AMOUNT`` where
    ``lone``: one spot is open at a time), ``remove SPOT``, and ``roll`` at a table that
    throws dice (``dice``), else ``deal``: one word for each act."""
    bet = "bet [SPOT] AMOUNT" if lone else "bet SPOT AMOUNT"
    return (bet, "remove SPOT", "roll" if dice else "deal")


RulesT = TypeVar("RulesT", bound=RulesSubmission)
RoundT = TypeVar("RoundT", bound=Round[Any])


@dataclass(frozen=True, slots=True)
class Choice:
    """One row of the "You may:" table: what the player types (``typed``), what it does
    in the regulation's words (``does``), the amount it takes (``amount``, as
    :func:`amount_range` gives it, ``""`` for none) and the section behind it (``cite``)."""

    typed: str
    does: str
    amount: str = ""
    cite: str = ""


def within_balance(choice: Choice, balance: Cents) -> Choice:
    """``choice`` as the "You may:" table shows it to a player with ``balance`` cents: a
    wager whose least amount (the first of its ``amount``, as :func:`amount_range` gives
    it) is more than the balance is marked so in its amount, for he cannot make it."""
    least = choice.amount.split(" to ")[0]
    try:
        short = bool(least) and parse_dollars(least, "") > balance
    except IllegalCommand:
        short = False
    if not short:
        return choice
    said = f"{choice.amount} (the least is more than your balance of {format_cents(balance)})"
    return replace(choice, amount=said)


def typed_dollars(cents: Cents) -> str:
    """``cents`` as a player types them in dollars: ``500`` -> ``"5"``, ``250`` ->
    ``"2.50"``."""
    return f"{cents // 100}" + (f".{cents % 100:02d}" if cents % 100 else "")


def amount_wrong(typed: str) -> str | None:
    """Why ``typed`` is not an amount a wager may be, in words (``"'abc' is not an amount
    in dollars and cents such as 5 or 2.50"``, ``"a wager must be more than zero, not
    -$1"``); ``None`` for an amount of dollars more than zero."""
    try:
        cents = parse_dollars(typed, "")
    except IllegalCommand as error:
        return error.reason
    if cents <= 0:
        return f"a wager must be more than zero, not {format_cents(cents)}"
    return None


def terminal_words(told: str) -> str:
    """A refusal the round gives, as a player at a terminal table reads it: where it says
    the spots are sent as the round's offers name them (the API's words, :data:`SPOTS_SENT`),
    it says the player types each (or the only one) as the layout names it, and leaves
    out the names a command sends, in brackets after each spot's words (``Like Kind 2 to
    8 (like_kind:2…like_kind:8)``): a terminal player types the words."""
    for sent, are, typed in (
        (SPOTS_SENT, "the spots are ", SPOTS_TYPED),
        (SPOT_SENT, "the only spot is ", SPOT_TYPED),
    ):
        head, said, tail = told.rpartition(f", {sent}")
        if said:
            before, are, spots = head.rpartition(are)
            return f"{before}{are}{_SENT_NAMES.sub('', spots)}, {typed}{tail}"
    return told


_SENT_NAMES = re.compile(r" \([^()]*\)")
"""A spot's name as a command sends it, in brackets after its words in a refusal."""


_HELD = re.compile(rf"\bseat {SEAT} already has a wager(?: on (.+?))?(?= \(|$)")
"""The round's refusal of a second wager on a spot seat :data:`SEAT` holds (the
words :meth:`~croupier.games._wagering.WageringRound.why_held` gives), up to the
rule."""

_POSITION = re.compile(r"\bposition (\d+)\b")
"""A betting position as a round's refusal names it ("position 1 has no Front 9 Wager to
withdraw"): the terminal says the seat, as the browser names it ("seat 1")."""

SPOTS_TYPED = "each typed as the layout names it (help lists them)"
"""Where a terminal player finds the spots' names to type: the layout's own words."""
SPOT_TYPED = "typed as the layout names it (help lists it)"
""":data:`SPOTS_TYPED` of a layout of one spot ("the only spot is the Pai Gow Wager")."""


def command_word_lowered(line: str | None) -> str | None:
    """``line`` with its first word, the command's, in lower case, for every command word
    is read in any case (``Show``, ``QUIT``, ``BET FRONT 9 5``); the rest as typed."""
    if not line:
        return line
    word, space, rest = line.partition(" ")
    return f"{word.lower()}{space}{rest}"


def usages(typed: Iterable[str]) -> dict[str, str]:
    """Command word -> its usage, read from what the player types (a "You may" row's
    ``typed``, a table's :attr:`~Terminal.grammar`): ``"bet SPOT AMOUNT"`` gives ``{"bet":
    "bet SPOT AMOUNT"}`` and ``"hit, stand"`` gives ``hit`` and ``stand``; the first
    usage of a word is kept."""
    found: dict[str, str] = {}
    for text in typed:
        for usage in text.split(", "):
            if usage.split():
                found.setdefault(usage.split()[0], usage)
    return found


class Terminal(ABC, Generic[RulesT, RoundT]):
    """One player (seat 1) with a wallet of ``balance`` cents at a table under ``rules``;
    the program deals, drawing from ``rng``, and prints to ``console``."""

    worded_with: ClassVar[frozenset[str]] = frozenset()
    """Offers the table types by its core ``bet`` or one of its :attr:`extras` (Double
    Back Jack's ``cut N``, Pai Gow's ``set T1 T2``), not as decisions: they get no row of
    their own, and the one rule for decisions (:meth:`decision`) leaves them to it."""
    decisions: ClassVar[tuple[str, ...]] = ()
    """The usage line of every decision the table's rounds offer the player, as the one
    rule for decisions types it (:func:`offered.decision_usages`; ``tests/cli/
    test_terminal_grammar.py`` derives them from the offers of seeded rounds)."""
    extras: ClassVar[tuple[str, ...]] = ()
    """The usage lines of the table's own acts, each with no core or decision equivalent
    (Pai Gow's ``set T1 T2``, Double Back Jack's ``cut N``): the one declared place of the
    words only this table reads."""
    help: ClassVar[str]
    """How the game plays, in words (printed at the start and on ``help``): no command
    list, which ``help`` prints from the round's offers (:meth:`show_legal`) and
    :meth:`anytime`."""
    grammar: ClassVar[tuple[str, ...]] = ()
    """The usage of each command the table reads at some moment of its rounds
    (``"bet SPOT AMOUNT"``, ``"hit"``; words typed for the same command joined by ``", "``:
    ``"roll, shoot, deal"``): the usage line a command typed with the wrong arguments gets
    (:meth:`unknown`), before the form of an offer of the moment. Every word
    :meth:`command` dispatches on is the first word of a line here or taken at any moment
    (:meth:`anytime`), and every line is read as its command
    (``tests/cli/test_terminal_grammar.py``)."""
    own: ClassVar[tuple[tuple[str, str], ...]] = ()
    """The table's own commands it takes at any moment besides :data:`ALWAYS` (a hint,
    the layout), with what each does."""

    def __init__(self, rules: RulesT, rng: Rng, balance: Cents, console: Console) -> None:
        self.rules, self.rng, self.console = rules, rng, console
        self.wallet = Wallet(SEAT, balance)
        self.start = balance
        self.rounds = 0
        self.clock = SessionClock()
        """The session's clocks and the reminder (814a.1); ``clock`` prints them."""
        self.sheet: Any = None
        """The exact par sheet of the rules, once ``odds`` has worked it out."""
        self.current: RoundT | None = None
        """The round in play (``None`` between rounds)."""
        self.balance_before = balance
        """The balance when the round in play began (its net is measured from it)."""
        self.spot_labels = {
            str(info.value): info.label for info in find(rules.game).spots_of(rules)
        }
        """Each spot of the layout by its name on the layout (the game's
        :attr:`~croupier.game.GameSpec.layout_spots`): ``{"front_9": "Front 9"}``."""
        self.history: list[str] = []
        """A line for each round played this session (``history``)."""
        self.legal_shown: tuple[str, int] | None = None
        """The round and the count of its events when "You may" was last shown."""
        self.remembered: dict[tuple[str, ...], LegalCommand] = {}
        """Each decision offered this session, by its usage lines (:meth:`decision`)."""
        self.leaving = False
        """Whether the player has left and his round is played out for him: nothing is
        offered him then (no "You may:" table, no prompt), for he cannot act."""

    def spot_name(self, spot: object) -> str:
        """``spot`` as the layout names it (``"like_kind:5"`` -> ``"Like Kind 5"``); a spot
        the layout does not list is said as its words (``_`` and ``:`` as spaces)."""
        text = str(spot)
        return self.spot_labels.get(text) or re.sub(r"[_:]+", " ", text)

    def spot_names(self, spots: Iterable[object]) -> str:
        """Spots as the layout names them, listed: ``"Front 9, Skins"``."""
        return ", ".join(self.spot_name(spot) for spot in spots)

    # -- the session ----------------------------------------------------------------------
    def session(self, max_rounds: int | None) -> None:
        """Play rounds until ``quit``, end of input, ``max_rounds`` or an empty wallet."""
        with ctrl_c_taken_at_the_prompt():  # Ctrl-C is a quit, taken at the prompt
            self.print_help()
            while max_rounds is None or self.rounds < max_rounds:
                short = self.below_minimum()
                if short is not None:
                    self.console.print(short)
                    break
                if not self.play_round():
                    break
        self.summary()

    def print_help(self, round_: RoundT | None = None) -> None:
        """How the game plays (:meth:`help_text`) and the table's limits (:meth:`limits`);
        then what the player may type: during a round the "You may:" table of its offers
        (:meth:`show_legal`), then the commands taken at any moment (:meth:`anytime`),
        each listed once. The text is one paragraph, wrapped by the terminal."""
        self.console.print(" ".join(self.help_text().split()), markup=False)
        self.console.print(self.limits(), markup=False)
        if round_ is not None:
            self.show_legal(round_)
        listed = {} if round_ is None else usages(c.typed for c in self.choices(round_))
        said = [f"{word} ({does})" for word, does in self.anytime() if word not in listed]
        self.console.print(f"At any moment: {', '.join(said)}.", markup=False)

    def anytime(self) -> tuple[tuple[str, str], ...]:
        """The commands the table takes at any moment, with what each does: its
        :attr:`own`, then :data:`ALWAYS`."""
        return self.own + ALWAYS

    def help_text(self) -> str:
        """:attr:`help` with only the example wagers this table takes: an example
        ``bet SPOT AMOUNT`` whose spot the layout of this Rules Submission has not is
        left out, and its amount is raised to the least the table takes
        (:meth:`example_spot`, :meth:`example_amount`)."""
        spec = find(self.rules.game)
        if spec.layout_spots is None:
            return self.help
        spots = {str(info.value) for info in spec.layout_spots(self.rules)}

        def example(match: re.Match[str]) -> str:
            spot = self.example_spot(match[1])
            if spot is None or spot not in spots:
                return ""
            cents = self.example_amount(spot, round(float(match[2]) * 100))
            return f"bet {match[1]} {typed_dollars(cents)}{match[3]}"

        text = EXAMPLE.sub(example, self.help)
        return re.sub(r",\s*(:|\()", lambda m: m[1] if m[1] == ":" else " (", text)

    def example_spot(self, typed: str) -> str | None:
        """The spot an example of the help names, by its value or its name on the layout
        in words, any case (``"front 9"``: ``"front_9"``); ``None``: none of the layout."""
        wanted = offered.key(typed)
        for value, label in self.spot_labels.items():
            if wanted in (offered.key(value), offered.key(label)):
                return value
        return None

    def names_a_spot(self, words: list[str]) -> bool:
        """Whether ``words`` name one spot: a single word (the round refuses one off the
        layout with its rule), or several that are a spot's name on the layout."""
        return len(words) == 1 or (
            len(words) > 1 and self.example_spot(" ".join(words)) is not None
        )

    def example_amount(self, spot: str, cents: Cents) -> Cents:
        """The amount an example of the help wagers on ``spot``, at least what the table
        takes (it is ``cents`` unless a table raises it)."""
        return cents

    def limits(self) -> str:
        """The table's wager limits as a line of the help (amounts are typed in dollars;
        cents may be given too, as in 12.50, but no wager may be under the minimum)."""
        low, high = self.rules.minimum_wager, self.rules.maximum_wager
        return f"Table limits: a wager {format_cents(low)} to {format_cents(high)}."

    def odds(self) -> None:
        """``odds``: the table's paytable (:meth:`paytable`), then the theoretical return
        of every wager this table offers, from the game's exact par sheet under its Rules
        Submission: the figures the browser's help shows, worked out once per Rules
        Submission and software version on this machine (:mod:`croupier.analysis.returns`)."""
        self.paytable()
        if find(self.rules.game).analysis is None:
            self.console.print("No exact par sheet is worked out for this game.")
            return
        try:
            if self.sheet is None:
                self.sheet = returns.lookup(self.rules)
            if self.sheet is None:
                self.console.print("Working out the exact return of every wager (once)...")
                self.sheet = returns.lookup(self.rules, wait=3600)
        except returns.Failed as failed:
            self.console.print(f"The exact return could not be worked out: {failed}")
            return
        table = Table(title="Theoretical return (the exact par sheet of this table's rules)")
        for column in ("Wager", "Return to the player", "House edge"):
            table.add_column(column)
        for figures in self.sheet or ():
            said = self.par_wager_name(figures)
            edge = figures["house_edge"]
            if edge.startswith("-"):  # below zero: the player's edge, as the browser says
                edge = f"the player's edge {edge[1:]}"
            table.add_row(said, figures["to_player"], edge)
        self.console.print(table)

    def par_wager_name(self, figures: Mapping[str, Any]) -> str:
        """A par sheet row's wager as the table names it (:func:`returns.wager_said`); one
        the layout does not name (a wager with an Extra Roll, a way of playing) is said by the
        par sheet's own words without their citation, with the way of playing assumed."""
        return returns.wager_said(
            self.rules, figures["wager"], figures.get("words"), figures.get("strategy")
        )

    def paytable(self) -> None:
        """The paytable: the table sign of the Rules Submission, as the game draws it
        (nothing where the regulation asks for none)."""
        sign = sign_for(self.rules)
        if sign is not None:
            self.console.print(sign)

    def below_minimum(self) -> str | None:
        """Why the wallet cannot cover another round, or ``None`` if it can."""
        if self.wallet.balance < self.rules.minimum_wager:
            return "Your balance is below the table minimum."
        return None

    def play_round(self) -> bool:
        """Play one round; ``False`` once the player has left the table."""
        round_ = self.open_round()
        self.current = round_
        self.balance_before = self.wallet.balance
        self.begin(round_)
        if self.unworded(round_) and self.legal_shown != self.moment(round_):
            self.show_legal(round_)  # an offer the table's own words do not announce
        leaving = False
        while not round_.finished:
            if self.void_if_empty(round_):
                break
            reminder = self.clock.due(self.wallet.wagered)
            if reminder is not None:
                self.console.print(reminder, markup=False)
            line = command_word_lowered(read_line(self.console))
            if line == "clock":
                self.console.print(self.clock.line(self.wallet.wagered), markup=False)
                continue
            if line == "odds":
                self.odds()
                continue
            if line == "history":
                self.show_history()
                continue
            if line == "help":  # what the table accepts now, from the round's offers
                self.print_help(round_)
                continue
            if line == "show" and not self.lists(round_, "show"):
                self.show_round(round_)
                continue
            if line is None or line in ("quit", "exit"):
                self.take_back(round_)  # what may still come back does, before he leaves
                if not self.has_wagers(round_):
                    self.settled_as_left(round_)
                    return False
                self.leaving = True  # from here on he is offered nothing
                self.leave(round_)
                if not round_.finished:  # as the server would, or say it cannot: no loop
                    self.play_out(round_)
                leaving = True
            elif line:  # an empty line asks nothing: no answer
                self.typed(round_, line)
        self.close_round(round_)
        return not leaving

    several_at_once: ClassVar[bool] = False
    """Whether the table's own words take a line of several wagers all together, all or
    none (Sic Bo); else each wager of such a line is taken in turn (:meth:`typed`)."""

    def typed(self, round_: RoundT, line: str) -> None:
        """A line the player typed, in the core grammar (:meth:`core`), as a decision
        (:meth:`decision`) or in the table's own words (:meth:`command`). A line of several
        wagers, ``bet pass 10, bet field 5`` (``bet`` may be left out after the first),
        is taken wager by wager, each answered in turn, where the table does not take
        it all together (:attr:`several_at_once`)."""
        items = [item.strip() for item in line.split(",") if item.strip()]
        several = len(items) > 1 and line.split()[0] == "bet" and not self.several_at_once
        for item in items if several else [line]:
            if several and round_.finished:
                break
            if several and item.split()[0].lower() != "bet":
                item = f"bet {item}"
            if several:
                self.console.print(f"{item}:", markup=False)
            item = command_word_lowered(item) or ""
            if not self.core(round_, item) and not self.decision(round_, item):
                self.command(round_, item)

    def close_round(self, round_: RoundT) -> None:
        """The round is over: the table takes it in, and its net goes to the history."""
        self.end(round_)
        net = self.wallet.balance - self.balance_before
        unplayed = self.not_played(round_)
        if unplayed is not None and not net:
            self.console.print(
                f"{unplayed}: it does not count as a round. Balance: "
                f"{format_cents(self.wallet.balance)}",
                markup=False,
            )
            return
        self.rounds += 1
        why = void_reason(round_.events)
        void = "" if why is None else f" void{f' ({why})' if why else ''},"
        self.history.append(
            f"Round {self.rounds}:{void} {signed(net)}, balance {format_cents(self.wallet.balance)}"
        )
        self.console.print(
            f"Balance: {format_cents(self.wallet.balance)} (this round {signed(net)})"
        )

    def not_played(self, round_: RoundT) -> str | None:
        """Why the round over was never played, in words (a dice table's turn with no
        roll); ``None``: it was. A round never played and with no money won or lost is not
        counted (no history line, not in the summary's rounds)."""
        return None

    def settled_as_left(self, round_: RoundT) -> None:
        """The player leaves with nothing on the layout, in a round whose wagers were
        settled as it went on (a dice table's turn): where money moved, the round counts
        as played, said with its net, so the summary and the history agree with the
        balance."""
        net = self.wallet.balance - self.balance_before
        if not net:
            return
        self.rounds += 1
        self.history.append(
            f"Round {self.rounds} (settled as you left): {signed(net)}, balance "
            f"{format_cents(self.wallet.balance)}"
        )
        self.console.print(
            f"The round in play was settled as you left: {signed(net)}. Balance: "
            f"{format_cents(self.wallet.balance)}"
        )

    def lists(self, round_: RoundT, typed: str) -> bool:
        """Whether the "You may" table lists ``typed`` as a command of its own now (a
        table's own command wins over the word every table takes)."""
        return any(typed in choice.typed.split(", ") for choice in self.choices(round_))

    def show_history(self) -> None:
        """``history``: each round played this session, its net and the balance after it."""
        if not self.history:
            self.console.print("No round has ended yet this session.")
        for line in self.history:
            self.console.print(line, markup=False)

    def show_round(self, round_: RoundT) -> None:
        """``show``: the player's wagers in play, as the layout names their spots, and
        what he may do now."""
        placed = [
            f"{self.spot_name(spot) + ' ' if spot else ''}{format_cents(amount)}"
            for spot, amount in self.wagers_down(round_).items()
        ]
        self.console.print(
            f"Your wagers in play: {', '.join(placed) if placed else 'none'}. "
            f"Balance {format_cents(self.wallet.balance)}.",
            markup=False,
        )
        self.show_legal(round_)

    def wagers_down(self, round_: RoundT) -> dict[str, Cents]:
        """Every wager the player has down, by its spot (its value; ``""`` for a round
        of one wager): those the round's view lists as his ``wagers`` (a table adds any
        its view keeps apart)."""
        wagers = round_.view(SEAT).get("wagers") or {}
        mine = wagers.get(str(SEAT), {}) if isinstance(wagers, dict) else {}
        if isinstance(mine, int):
            mine = {"": mine}
        return {
            str(spot): amount
            for spot, amount in (mine.items() if isinstance(mine, dict) else ())
            if isinstance(amount, int) and amount
        }

    @abstractmethod
    def open_round(self) -> RoundT:
        """The next round, the player seated."""

    @property
    def round_id(self) -> str:
        """The id of the next round at every terminal table, whatever the game:
        ``"r0001"``, ``"r0002"``, ... (the rounds played this session, plus one)."""
        return f"r{self.rounds + 1:04d}"

    def next_round(self, game: type[RoundT]) -> RoundT:
        """The next round of ``game`` at the terminal's table (``play``, rounds ``r0001``
        on), the player seated, dealt from the terminal's random source: what
        :meth:`open_round` gives where a game opens its rounds with nothing carried."""
        return game.open(
            self.rules,
            table_id="play",
            round_id=self.round_id,
            seats={SEAT: "you"},
            rng=self.rng,
        )

    @abstractmethod
    def begin(self, round_: RoundT) -> None:
        """Announce the round (and let the dealer do what comes first)."""

    def has_wagers(self, round_: RoundT) -> bool:
        """Whether the player has wagers in play (then he stays until the round ends)."""
        return bool(round_.view(SEAT)["wagers"])

    @abstractmethod
    def leave(self, round_: RoundT) -> None:
        """The player leaves with wagers in play that may not be taken back (those that
        may are, first: :meth:`take_back`): say why he stays, play his hand out."""

    def take_back(self, round_: RoundT) -> None:
        """A player who quits takes back every wager the round still lets him (each spot
        of its offers that withdraw or remove a wager, :func:`offered.is_removal`: Go Fore
        It's before "no more bets", 676a.7(c)), each said in plain words with its rule,
        and what came back to his balance; a wager no offer takes back stays in play."""
        before = self.wallet.balance
        for _ in range(100):  # each pass takes one back; a wager taken is no longer offered
            taken = self.take_one_back(round_)
            if taken is None:
                break
            for event in taken:
                amount, spot = getattr(event, "amount", None), getattr(event, "spot", None)
                if getattr(event, "seat", None) == SEAT and amount and spot is not None:
                    self.console.print(
                        f"Taken back as you leave: your {format_cents(amount)} wager on "
                        f"{self.spot_name(spot)}, returned to you ({shown(event.cite)}).",
                        markup=False,
                    )
        self.moved(before)

    def take_one_back(self, round_: RoundT) -> list[Event] | None:
        """Send the first removal the round offers the player now that it accepts, the
        wallet moved by its events; ``None`` where none is offered (or accepted)."""
        for offer in round_.legal_commands(SEAT):
            if not offered.is_removal(offer):
                continue
            for spot in offer.spots:
                command = round_.command_adapter.validate_python(offer.build(spot=spot))
                try:
                    events = round_.handle(command, SEAT)
                except IllegalCommand:
                    continue  # another spot first (a wager that needs this one)
                self.wallet.apply(round_, events)
                return events
        return None

    @abstractmethod
    def command(self, round_: RoundT, line: str) -> None:
        """Do what the player typed in the table's own words (the core grammar,
        :meth:`core`, has not taken it)."""

    # -- the core grammar every table reads the same way ---------------------------------
    dice: ClassVar[bool] = False
    """Whether the table throws dice (``roll`` is then ``deal``'s word too)."""

    def core(self, round_: RoundT, line: str) -> bool:
        """Take ``line`` where it is in the core grammar every table reads the same way,
        before its own words (:data:`CORE`): ``deal`` (and ``roll`` at a dice table) asks
        the dealer to close the betting and deal (:meth:`deal_now`); ``bet [SPOT] AMOUNT``
        a wager on the spot named by its name on the layout in words, any case, SPOT left
        out where one spot is open to the player (:meth:`place`); ``bet`` and a word that is
        neither a spot nor an amount more than zero (``bet -1``, ``bet 0``, ``bet abc``) is
        refused saying what an amount is (:meth:`not_an_amount`), and a spot named with no
        amount after it (``bet skins``, ``bet front 9``) is asked for its amount
        (:meth:`no_amount`); ``remove SPOT`` takes a wager down where the game lets it
        (:meth:`remove`). ``False``: not a core line (a line of several wagers, ``bet A 5,
        bet B 5``, is the table's own)."""
        words = line.split() or [""]
        lowered = [word.lower() for word in words]
        if lowered == ["roll" if self.dice else "deal"]:
            self.deal_now(round_)
        elif (
            lowered[:1] == ["bet"]
            and len(words) == 2
            and "," not in line
            and self.example_spot(words[1]) is None
            and (wrong := amount_wrong(words[1])) is not None
        ):
            self.not_an_amount(round_, wrong)
        elif lowered[:1] == ["bet"] and len(words) == 2 and not AMOUNT.fullmatch(words[1]):
            self.no_amount(round_, words[1])
        elif (
            lowered[:1] == ["bet"]
            and len(words) > 2
            and self.example_spot(" ".join(words[1:])) is not None
            and self.example_spot(" ".join(words[1:-1])) is None
        ):
            self.no_amount(round_, " ".join(words[1:]))  # "bet front 9": a spot, no amount
        elif (
            lowered[:1] == ["bet"]
            and len(words) > 2
            and "," not in line
            and (
                AMOUNT.fullmatch(words[-1].lstrip("-"))
                or self.example_spot(" ".join(words[1:-1])) is not None
            )
            and (wrong := amount_wrong(words[-1])) is not None
        ):
            self.not_an_amount(round_, wrong, spotted=True)  # "bet front 9 0"
        elif lowered[:1] == ["bet"] and len(words) >= 2 and "," not in line:
            spot = " ".join(words[1:-1]) or self.lone_spot(round_)
            if spot is not None:
                self.place(round_, spot, words[-1])
        elif lowered[:1] == ["remove"] and len(words) >= 2:
            self.remove(round_, " ".join(words[1:]))
        elif lowered == ["remove"] and self.removal_refused() is not None:
            self.remove(round_, "")  # no wager is ever taken down here: its rule, not usage
        elif lowered == ["remove"]:
            self.remove_unnamed(round_)
        else:
            return False
        return True

    @abstractmethod
    def deal_now(self, round_: RoundT) -> None:
        """``deal`` (``roll``): the dealer closes the betting and deals or throws."""

    first_spot: ClassVar[str | None] = None
    """The spot ``bet AMOUNT`` is on where no spot is open now, for the round to refuse
    with its rule (the Blackjack Wager during the cut offer); ``None``: none."""

    def no_amount(self, round_: RoundT, typed: str) -> None:
        """``bet`` and a spot's name with no amount after it: said so, with an example
        (:meth:`amount_example`); ``bet`` and one word that names no spot and is no amount:
        the usage line (a table may say more)."""
        spot = self.example_spot(typed)
        if spot is None:
            self.unknown(f"bet {typed}")
            return
        name = self.spot_name(spot)
        as_typed = typed if typed.lower() == name.lower() else self.typed_spot(spot)
        omitted = self.omitted_amount(round_, spot)
        if omitted is not None:
            cents, why = omitted
            self.console.print(
                f"No amount given: {name} takes {format_cents(cents)}, {why}.", markup=False
            )
            self.place(round_, typed, typed_dollars(cents))
            return
        example = f"bet {as_typed} {typed_dollars(self.least_amount(round_, spot))}"
        self.refused(
            f"a wager on {name} needs an amount: type bet {as_typed} AMOUNT, AMOUNT in "
            f"dollars (e.g. {example})",
            self.spot_cite(round_, spot),
        )

    most_when_left_out: ClassVar[frozenset[str]] = frozenset()
    """The spots (their values) of the bets whose amount the rules bound to another
    wager (Criss-Cross Poker's Across, Down and Middle Bets, one to three times the ante):
    ``bet SPOT`` with the amount left out is the most the offer allows, as a decision's
    amount left out is (:mod:`~croupier.cli.tables.offered`)."""

    def omitted_amount(self, round_: RoundT, spot: str) -> tuple[Cents, str] | None:
        """The amount ``bet SPOT`` with none typed takes, with why in words: the one
        amount the offer on ``spot`` allows now, else its most where the rules bound it
        (:attr:`most_when_left_out`); ``None`` where the player must name it (a wager on
        the layout of any amount within the table's limits)."""
        for offer in round_.legal_commands(SEAT):
            amount = offer.first_amount
            if amount is None or spot not in [str(s) for s in offer.spots]:
                continue
            if offered.is_removal(offer) or amount.most is None:
                continue
            if amount.least == amount.most:
                return amount.least, "the only amount it takes now"
            if spot in self.most_when_left_out:
                return amount.most, "the most the rules allow it now (an amount left out)"
        return None

    def spot_cite(self, round_: RoundT, spot: str) -> str:
        """The rule of the offer naming ``spot`` (its value) now, else of the wagers
        offered (:meth:`wager_cite`)."""
        named = [
            c.cite
            for c in round_.legal_commands(SEAT)
            if c.cite and spot in [str(one) for one in c.spots]
        ]
        return named[0] if named else self.wager_cite(round_)

    def not_an_amount(self, round_: RoundT, wrong: str, *, spotted: bool = False) -> None:
        """``bet`` and a word that is neither a spot nor an amount more than zero (``bet
        -1``, ``bet 0``, ``bet abc``), or a spot and no amount more than zero (``bet front
        9 0``, ``spotted``): refused in one sentence shape, saying what was ``wrong`` and
        what an amount is, with an example this table takes now (:meth:`amount_example`)
        and the rule of the wagers offered, or (``spotted``) of the layout's spots
        (:meth:`layout_cite`), which the round cites for such an amount."""
        self.refused(
            f"{wrong}: an amount is a positive number of dollars (cents may be given, as in "
            f"12.50), e.g. {self.amount_example(round_)}",
            self.layout_cite(round_) if spotted else self.wager_cite(round_),
        )

    def refused(self, words: str, rule: str) -> None:
        """Print the refusal ``words``, with the rule broken (``rule``; ``""``: none named)."""
        cite = f" ({shown(rule)})" if rule else ""
        self.console.print(f"Refused: {self.in_table_words(words)}{cite}", markup=False)

    def in_table_words(self, told: str) -> str:
        """A refusal the round gives, as the player at this table reads it
        (:func:`terminal_words`), and a second wager on a spot he holds said as his wager
        already placed and what he may do about it (the round's "seat 1 already has a
        wager on Pip Street ace" names a seat, as the API does; a betting position the
        round names, "position 1", is said as the seat, as the browser says it): that it
        stays until it is settled where the table takes no wager down
        (:meth:`removal_refused`), else that it may be taken down where the rules allow;
        and that show says what he may do."""
        told = _POSITION.sub(r"seat \1", terminal_words(told))
        found = _HELD.search(told)
        if found is None:
            return told
        on = f" on {found[1]}" if found[1] else ""
        where = "the spot" if on else "the betting area"
        how = (
            f"{where} takes one wager a round and it stays until it is settled"
            if self.removal_refused() is not None
            else f"{where} takes one wager; to change it, take it down where the rules allow"
        )
        how += "; type show for your wagers and what you may do now"
        return (
            f"{told[: found.start()]}your wager{on} is already placed: {how}{told[found.end() :]}"
        )

    def wager_cite(self, round_: RoundT) -> str:
        """The rule of the wagers offered now (the first offer that takes an amount);
        ``""`` where none is offered (a table may name its wager's rule then)."""
        offers = [c for c in round_.legal_commands(SEAT) if c.cite and (c.spots or c.first_amount)]
        return offers[0].cite if offers else ""

    def amount_example(self, round_: RoundT) -> str:
        """A wager this table takes now, as typed: ``bet Pip Street ace 5`` (the first spot
        open, by :meth:`typed_spot`, at the least amount offered on it), or ``bet 5`` where
        ``bet AMOUNT`` names the one spot open (:meth:`lone_spot`)."""
        open_now = self.open_spots(round_)
        first = next(iter(open_now), self.first_spot or next(iter(self.spot_labels), None))
        dollars = typed_dollars(self.least_amount(round_, first))
        if first is None or len(open_now) == 1 or (not open_now and self.first_spot):
            return f"bet {dollars}"
        return f"bet {self.typed_spot(first)} {dollars}"

    def least_amount(self, round_: RoundT, spot: str | None) -> Cents:
        """The least amount the round offers on ``spot`` now (the first offer naming it,
        else the first that takes an amount), else the table minimum."""
        offers = [c for c in round_.legal_commands(SEAT) if c.first_amount is not None]
        named = [c for c in offers if spot in [str(one) for one in c.spots]]
        for offer in named or offers:
            amount = offer.first_amount
            if amount is not None:
                return amount.least
        return self.rules.minimum_wager

    def typed_spot(self, spot: str) -> str:
        """``spot`` as the player types it in a wager (its name on the layout)."""
        return self.spot_name(spot)

    def open_spots(self, round_: RoundT) -> list[str]:
        """The spots the player may wager on now (the spots of his wager offers, not of an
        offer that takes a wager back: :func:`offered.is_removal`)."""
        spots = (
            str(s)
            for c in round_.legal_commands(SEAT)
            if c.spots and not offered.is_removal(c)
            for s in c.spots
        )
        return list(dict.fromkeys(spots))

    def lone_spot(self, round_: RoundT) -> str | None:
        """The spot a ``bet AMOUNT`` naming none is on: the one spot open to the player,
        as the layout names it; ``None``, said, where none or several are open."""
        spots = self.open_spots(round_)
        if len(spots) == 1:
            return self.spot_name(spots[0])
        if not spots and self.first_spot is not None:
            return self.spot_name(self.first_spot)
        if not spots:
            self.console.print("No wager may be placed now; type show for what you may do.")
        else:
            self.console.print(
                f"Name the spot: bet SPOT AMOUNT, SPOT one of {self.spot_names(spots)}.",
                markup=False,
            )
        return None

    def place(self, round_: RoundT, typed: str, amount: str) -> None:
        """``bet SPOT AMOUNT``: the spot ``typed`` names (:meth:`example_spot`) wagered
        on (:meth:`place_on`); a spot this layout has not is refused, with the spots open
        now in the layout's words (:meth:`no_spot`), and two amounts get the usage line.
        A spot typed by its own value is sent to the round only where the game lists no
        layout (its refusal then names the spots)."""
        spot = self.example_spot(typed)
        if spot is None and len(typed.split()) == 1 and not self.spot_labels:
            spot = typed  # no layout listed: the round refuses a spot off it
        if spot is None and (
            AMOUNT.fullmatch(typed) or self.example_spot(typed.rpartition(" ")[0]) is not None
        ):
            self.console.print(f"usage: {self.usage(round_, 'bet')}", markup=False)
            return  # two amounts, or a spot and two amounts
        if spot is None:
            self.no_spot(round_, typed)
            return
        self.place_on(round_, spot, amount)

    def place_on(self, round_: RoundT, spot: str, amount: str) -> None:
        """A wager of ``amount`` dollars on ``spot`` (its value): by default the offer
        that lists it, typed in the one grammar (:mod:`~croupier.cli.tables.offered`)."""
        self.unknown(f"bet {spot} {amount}")

    def no_spot(self, round_: RoundT, typed: str) -> None:
        """``bet`` naming no spot of this layout: say so, with the spots open now and the
        rule of the layout's spots (:meth:`layout_cite`)."""
        spots = self.open_spots(round_)
        closed = None if spots else self.wagers_closed(round_)
        if closed is not None:
            why, rule = closed
            self.refused(
                f"there is no spot {typed_back(typed)} on this layout, and no wager may be "
                f"made now: {why}",
                rule,
            )
            return
        named = [self.spot_name(spot) for spot in spots]
        listed = (
            spots_listed(
                named,
                "the spots you may bet on now, as the layout names them:",
                "the only spot you may bet on now is",
            )
            if spots
            else "the spots you may bet on now, as the layout names them: none is open now"
        )
        every = self.every_spot()
        self.refused(
            f"there is no spot {typed_back(typed)} on this layout; {listed}"
            f"{f'; {every}' if every else ''}",
            self.layout_cite(round_),
        )

    def every_spot(self) -> str:
        """Every spot of this table as the player types it, for the refusal of a spot the
        layout has not (:meth:`no_spot`), where a table lists them all; ``""``: only the
        spots open now are listed (a layout of many spots)."""
        return ""

    def wagers_closed(self, round_: RoundT) -> tuple[str, str] | None:
        """Why no wager may be made now, in words, and the rule that says so, where the
        table can say it (a wager already placed, "no more bets" called); ``None``: not
        said (a table says it)."""
        return None

    def layout_cite(self, round_: RoundT) -> str:
        """The rule that names the layout's spots, which a wager on a spot the layout has
        not is refused under: by default the rule of the wagers offered now
        (:meth:`wager_cite`)."""
        return self.wager_cite(round_)

    def removal_refused(self) -> str | None:
        """Why no wager may ever be taken down at this table, with its rule (the refusal
        ``remove`` gets); ``None`` where the game takes wagers down at some moment."""
        return None

    def remove(self, round_: RoundT, typed: str) -> None:
        """``remove SPOT``: where the game takes no wager down, the refusal with its rule
        (:meth:`removal_refused`); else the wager on the spot taken down
        (:meth:`take_down`)."""
        refused = self.removal_refused()
        if refused is not None:
            self.console.print(f"Refused: a wager may not be removed: {refused}", markup=False)
            return
        self.take_down(round_, typed)

    def removable_spots(self, round_: RoundT) -> list[str]:
        """The spots of the player's wagers he may take down now: those of the round's
        offers that withdraw or remove a wager (:func:`offered.is_removal`)."""
        spots = (
            str(s) for c in round_.legal_commands(SEAT) if offered.is_removal(c) for s in c.spots
        )
        return list(dict.fromkeys(spots))

    def remove_unnamed(self, round_: RoundT) -> None:
        """``remove`` naming no spot: the one wager the player has down, where he may take
        it down now, taken down, said as ``remove SPOT`` says it (:meth:`remove`); where
        he may take down several, or one now and another after it (:meth:`removal_later`),
        he is asked which, each named; where none, he is told so (:meth:`none_removable`)."""
        spots = self.unnamed_removals(round_)
        later = self.removal_later(round_)
        if not spots:
            self.none_removable(round_)
            return
        if len(spots) == 1 and not later:
            self.remove(round_, self.typed_spot(spots[0]))
            return
        named = (
            f"remove {self.spot_name(spots[0])}"
            if len(spots) == 1
            else f"remove SPOT, SPOT one of {self.spot_names(spots)}"
        )
        self.console.print(
            f"Name the wager to take down: {named}{f'; {later}' if later else ''}.",
            markup=False,
        )

    def removal_later(self, round_: RoundT) -> str:
        """A wager the player has down that he may take down only after another, said with
        its rule, for the question a bare ``remove`` asks (:meth:`remove_unnamed`); ``""``
        where none (a table says it)."""
        return ""

    def none_removable(self, round_: RoundT) -> None:
        """A bare ``remove`` where the player has no wager he may take down now: said
        plainly, with why (:meth:`why_none_removable`) and what he may do."""
        down = self.wagers_down(round_)
        if not down:
            why = "you have no wager on the layout"
        else:
            held = ", ".join(
                f"{self.spot_name(spot) + ' ' if spot else ''}{format_cents(amount)}"
                for spot, amount in down.items()
            )
            reason = self.why_none_removable(round_)
            why = f"your wagers in play ({held}) stay on the layout" + (
                f": {reason[0]} ({shown(reason[1])})" if reason else ""
            )
        self.console.print(
            f"You have no wager that may be taken down now: {why}; type show for what you "
            "may do now.",
            markup=False,
        )

    def why_none_removable(self, round_: RoundT) -> tuple[str, str] | None:
        """Why the player's wagers down may not be taken down now, in words, and the rule
        that says so; ``None``: not said (a table says it)."""
        return None

    def unnamed_removals(self, round_: RoundT) -> list[str]:
        """The wagers a bare ``remove`` chooses among, each a spot ``remove SPOT`` takes:
        by default each spot the player may take down now (:meth:`removable_spots`)."""
        return self.removable_spots(round_)

    def take_down(self, round_: RoundT, typed: str) -> None:
        """The wager on the spot ``typed`` taken down: by default the offer that removes
        or withdraws it, typed in the one grammar; where none does now, said."""
        spot = self.example_spot(typed) or typed
        if self.take_typed(round_, f"remove {spot}"):
            return
        self.console.print(
            f"No wager on {self.spot_name(spot)} may be taken down now; type show for what "
            "you may do now.",
            markup=False,
        )

    def end(self, round_: RoundT) -> None:
        """The round is over (a table takes it in here)."""

    def refuse(self, error: IllegalCommand) -> None:
        self.console.print(f"[red]Refused:[/red] {escape(self.in_table_words(error.told))}")

    def money(
        self, text: str | None, cite: str, *, default: Cents = 0, times: int = 1
    ) -> Cents | None:
        """``text`` dollars as cents (``default`` when ``None``), ``times`` of which the
        wallet must hold; ``None``, the refusal said (citing ``cite``), where it is no
        amount or more than the balance."""
        try:
            amount = default if text is None else parse_dollars(text, cite)
            self.check_covered(amount, cite, times=times)
        except IllegalCommand as error:
            self.refuse(error)
            return None
        return amount

    maximum_cite: ClassVar[str] = "601a.2"
    """The rule that sets the table maximum: the Rules Submission's limits (601a.2)."""

    def check_covered(self, amount: Cents, cite: str, *, times: int = 1) -> None:
        """Raise :class:`InvalidAmount` where ``times`` wagers of ``amount`` are more than
        the balance (citing ``cite``); but first, where ``amount`` is more than the most any
        wager at this table may be (the table maximum, or a wager's own maximum above it),
        say that, with its rule (:attr:`maximum_cite`): no balance could make it a wager."""
        most = max((self.rules.maximum_wager, *self.rules.own_maximums().values()))
        if times * amount > self.wallet.balance and amount > most:
            raise InvalidAmount(
                f"a wager of {format_cents(amount)} is more than the table maximum of "
                f"{format_cents(most)}: no wager over it is taken, whatever your balance",
                self.maximum_cite,
            )
        self.wallet.check(times * amount, cite)

    def unknown(self, line: str) -> None:
        """A line no command of the table took: an offer of the round typed in the
        grammar every table reads (:mod:`croupier.cli.tables.offered`) is taken
        (:meth:`take_typed`); else a known command with the wrong arguments gets its usage
        line (``usage: bet SPOT AMOUNT``), anything else "Unknown command"."""
        current = self.current
        if current is not None and not current.finished and self.take_typed(current, line):
            return
        words = line.split()
        named = self.example_spot(" ".join(words[1:-1])) if len(words) > 2 else None
        if words[:1] == ["bet"] and named is not None:
            self.console.print(
                f"A wager on {self.spot_name(named)} is not offered now; type show for "
                "what you may do now.",
                markup=False,
            )
            return
        usage = self.usage(current, words[0]) if words else None
        if usage is not None:
            self.console.print(f"usage: {usage}", markup=False)
            if words == ["bet"] and current is not None and not current.finished:
                self.console.print(
                    "A wager is typed bet, then its spot as the layout names it (help lists "
                    "them; left out where one spot is open), then its amount in dollars, e.g. "
                    f"{self.amount_example(current)}.",
                    markup=False,
                )
        else:
            self.console.print(f"Unknown command {typed_back(line)}; type help.", markup=False)

    def usage(self, round_: RoundT | None, word: str) -> str | None:
        """The usage of the command ``word`` names: its general form in the table's
        :attr:`grammar`, else as the round offers it now (its "You may" row), else as a
        command taken at any moment; ``None`` for no command of this table."""
        now = usages(c.typed for c in self.choices(round_)) if round_ is not None else {}
        always = usages(typed for typed, _ in self.anytime())
        return (always | now | usages(self.grammar)).get(word)

    def play_out(self, round_: RoundT) -> None:
        """Play the round out as the server would for a player whose time ran out (the
        betting closed, each of his decisions the safest action the game's policy gives,
        the dealer's steps between); void it where nothing else moves it on."""
        policy = find(round_.game).policy
        seen = len(round_.events)
        for _ in range(1000):
            if round_.finished:
                break
            steps = policy.timeout_steps(round_) or self.void_steps(round_)
            try:
                for actor, command in steps:
                    round_.handle(command, actor)
            except IllegalCommand:
                break
            if not steps:
                break
            policy.run_dealer_steps(round_)
        self.played_out(round_, round_.events[seen:])
        if not round_.finished:
            self.console.print("The round cannot be played out without you.")
            raise typer.Exit(1)

    def played_out(self, round_: RoundT, events: list[Event]) -> None:
        """Show the events of a round played out and move the wallet by them."""
        self.wallet.apply(round_, events)
        self.shown(round_, events)

    @staticmethod
    def void_steps(
        round_: Round[Any], why: str = "the player left the table"
    ) -> list[tuple[Actor, Command]]:
        """The dealer's void of the round for the reason ``why``, where it is offered
        now."""
        if offer_of(round_, "VoidRound") is None:
            return []
        command: Command = round_.command_adapter.validate_python(
            {"type": "VoidRound", "reason": why}
        )
        return [(DEALER, command)]

    def void_if_empty(self, round_: RoundT) -> bool:
        """Void a round left with no wager in play and nothing for anyone to do (a bank
        that no one wagers against, its dealer's wager directed to nothing), as the
        server does when the betting time runs out; ``True`` where it was voided."""
        policy = find(round_.game).policy
        if round_.legal_commands(SEAT) or policy.closing_step(round_) is not None:
            return False
        if policy.empty_void(round_) is None:
            return False
        why = "no wager is in play and none can be made"
        self.console.print(
            f"{why[:1].upper()}{why[1:]}: the round is void, and whatever is on the table "
            "comes back."
        )
        ((_, void),) = self.void_steps(round_, why)
        before = self.wallet.balance
        self.wallet.apply(round_, round_.handle(void, DEALER))
        self.moved(before)
        return True

    # -- any offer of the round, typed in the one grammar ----------------------------------
    def decision(self, round_: RoundT, line: str) -> bool:
        """Take ``line`` where it types a decision of the round by the one rule
        (:func:`offered.read_decision`): the decision offered now is sent
        (:meth:`decided`); one offered earlier this session and not now is sent all the
        same, for the round to refuse with its rule; one of the table's decisions never
        offered yet is refused as not offered now. ``False``: no decision."""
        offers = [o for o in round_.legal_commands(SEAT) if o.command not in self.worded_with]
        self.remember(offers)
        try:
            typed = offered.read_decision(offers, line, check=False)  # the round checks
            if typed is None:
                typed = offered.read_decision(list(self.remembered.values()), line, check=False)
            if typed is None:
                return self.not_offered(round_, line)
            self.check_wallet(typed)
            command = type(round_).command_adapter.validate_python(typed.data)
        except IllegalCommand as error:
            self.refuse(error)
            return True
        except offered.TooMany as usage:
            self.console.print(f"usage: {usage}", markup=False)
            return True
        except ValidationError:
            self.console.print(f"usage: {self.usage(round_, line.split()[0])}", markup=False)
            return True
        self.decided(round_, command)
        return True

    def remember(self, offers: Iterable[LegalCommand]) -> None:
        """Keep each decision offered, by its usage lines (:attr:`remembered`)."""
        for offer in offers:
            if offered.is_decision(offer):
                self.remembered[tuple(offered.decision_usages(offer))] = offer

    def not_offered(self, round_: RoundT, line: str) -> bool:
        """A decision of the table's (:attr:`decisions`) not offered now, nor yet this
        session: sent where the game's commands say what it sends
        (:func:`offered.unoffered`), for the round to refuse with its rule, else refused
        as not offered now (``True``); ``False`` for a line that types none."""
        typed = offered.key(line)
        for usage in self.decisions:
            head = offered.key(re.split(r" (?=\[|[A-Z])", usage)[0])
            if typed != head and not typed.startswith(f"{head} "):
                continue
            adapter = type(round_).command_adapter
            command = offered.unoffered(adapter.json_schema(), line, SEAT)
            if len(typed.split()) > len(usage.split()):  # more than it takes
                self.console.print(f"usage: {usage}", markup=False)
            elif command is not None:  # for the round to refuse with its rule
                self.decided(round_, adapter.validate_python(command))
            else:
                self.console.print(
                    f"Refused: {head} is not offered now; type show for what you may do now.",
                    markup=False,
                )
            return True
        return False

    def decided(self, round_: RoundT, command: Command) -> None:
        """Send a decision the player typed (a table shows it its own way)."""
        self.take(round_, command)

    def check_wallet(self, typed: offered.Typed) -> None:
        """Raise :class:`IllegalCommand` where the amount ``typed`` chooses is more than
        the balance."""
        amount = typed.offer.first_amount
        name = next((n for n, f in typed.offer.fields.items() if f is amount), None)
        if name is not None and isinstance(typed.data.get(name), int):
            self.check_covered(typed.data[name], typed.offer.cite or "offer")

    def take_typed(self, round_: RoundT, line: str) -> bool:
        """Take the player's offer that ``line`` types (:func:`offered.read`): ``False``
        where it names none; a value outside the offer, or more than the balance, is
        refused with its rule."""
        try:
            typed = offered.read(round_.legal_commands(SEAT), line)
            if typed is None:
                return False
            self.check_wallet(typed)
        except IllegalCommand as error:
            self.refuse(error)
            return True
        command = type(round_).command_adapter.validate_python(typed.data)
        self.take(round_, command)
        return True

    def take(self, round_: RoundT, command: Command) -> None:
        """Send the player's ``command``; then the dealer's steps that involve no one's
        choice, as the server takes them; every event shown (:meth:`shown`) and the wallet
        moved by its money; a refusal changes nothing."""
        before = self.wallet.balance
        try:
            events = round_.handle(command, SEAT)
        except IllegalCommand as error:
            self.refuse(error)
            return
        self.wallet.apply(round_, events)
        self.shown(round_, events)
        for step in dealer_steps(round_):
            events = round_.handle(step, DEALER)
            self.wallet.apply(round_, events)
            self.shown(round_, events)
        self.moved(before)
        if not round_.finished:
            self.show_legal(round_)

    def moved(self, before: Cents) -> None:
        """Say every cent the last command moved between the wallet and the table, where
        it moved any: "$10.00 left your balance" or "$9.50 came back to it"."""
        net = self.wallet.balance - before
        if net < 0:
            said = f"{format_cents(-net)} left your balance"
        elif net > 0:
            said = f"{format_cents(net)} came back to your balance"
        else:
            return
        self.console.print(f"{said}: it is {format_cents(self.wallet.balance)}.", markup=False)

    def confirm_placed(self, amount: Cents, name: str, cite: str = "") -> None:
        """Confirm a wager placed, every cent of it: ``"$20 on Across (674a.11(b)).
        Balance: $960"``, ``name`` the spot as the layout names it, with its rule where
        given and the balance after it."""
        rule = f" ({shown(cite)})" if cite else ""
        self.console.print(
            f"{format_cents(amount)} on {name}{rule}. Balance: {format_cents(self.wallet.balance)}",
            markup=False,
        )

    def shown(self, round_: RoundT, events: list[Event]) -> None:
        """Print what ``events`` show the player: each in plain words, with what the
        game's policy hides from him blanked (a table shows them its own way)."""
        policy = find(round_.game).policy
        viewer = Viewer.of(SEAT, round_.opened.seats)
        for event in events:
            said = describe(event, policy.hidden(event, viewer), self.spot_labels)
            self.console.print(said, markup=False)

    def show_legal(self, round_: RoundT) -> None:
        """The "You may:" table: what the player may type now (:meth:`choices`); none
        once he has left (:attr:`leaving`)."""
        choices = [] if self.leaving else list(self.choices(round_))
        if not choices:
            return
        table = Table(title=f"Balance {format_cents(self.wallet.balance)}. You may:")
        for column in ("Type", "To", "Amount"):
            table.add_column(column)
        table.add_column("Rule", no_wrap=True)  # a citation and its "(inferred)" on one line
        for choice in (within_balance(c, self.wallet.balance) for c in choices):
            rule = shown(choice.cite)  # each as Text: "[AMOUNT]" is not markup
            table.add_row(*map(Text, (choice.typed, choice.does, choice.amount, rule)))
        self.console.print(table)
        self.legal_shown = self.moment(round_)

    @staticmethod
    def moment(round_: RoundT) -> tuple[str, int]:
        """Where ``round_`` stands: its id and the count of its events."""
        return round_.opened.round_id, len(round_.events)

    def choices(self, round_: RoundT) -> Iterable[Choice]:
        """What the player may type now: :meth:`choice` for each of his legal commands
        and, after them, :meth:`dealer_choices`."""
        for command in round_.legal_commands(SEAT):
            rows = list(self.choice(round_, command))
            if not rows and command.command not in self.worded_with:
                rows = [self.typed_choice(command)]
            yield from rows
        yield from self.dealer_choices(round_)

    def unworded(self, round_: RoundT) -> bool:
        """Whether the player is offered something the table words nothing for (typed
        in the one grammar, :meth:`typed_choice`)."""
        return any(
            not list(self.choice(round_, command)) and command.command not in self.worded_with
            for command in round_.legal_commands(SEAT)
        )

    @staticmethod
    def typed_choice(command: LegalCommand) -> Choice:
        """The row of an offer the table words nothing for: typed in the one grammar
        (:func:`offered.usage`; a decision by the one rule for decisions)."""
        said = offered.command_words(command.command)
        typed = (
            ", ".join(offered.decision_usages(command))
            if offered.is_decision(command)
            else offered.usage(command)
        )
        return Choice(typed, offered.does(command, said), amount_range(command), command.cite)

    @abstractmethod
    def choice(self, round_: RoundT, command: LegalCommand) -> Iterable[Choice]:
        """The rows a legal command of the player shows as (none for one that cannot be
        typed at this table)."""

    def dealer_choices(self, round_: RoundT) -> Iterable[Choice]:
        """Rows for what the player asks the dealer to do (``deal``, ``roll``), where
        the dealer may do it now."""
        return ()

    def summary(self) -> None:
        end, net = self.wallet.balance, self.wallet.balance - self.start
        self.console.print(
            f"Session over after {counted(self.rounds, 'round')}. Started with "
            f"{format_cents(self.start)}, ended with {format_cents(end)} ({signed(net)})."
        )
        self.console.print(f"Final balance: {format_cents(end)}")


@dataclass(frozen=True)
class NoTimings:
    """The timings of a terminal table: no time limits, RNG dice, no cut offered."""

    betting_seconds: float | None = None
    decision_seconds: float | None = None
    optional_seconds: float | None = None
    physical_dice: bool = False
    offer_cut: bool = False


def between_rounds(terminal: Terminal[Any, Any], state: TableState) -> None:
    """The text's rules between rounds applied to the table's ``state`` by the time of
    day (:meth:`~croupier.game.TableState.between`), each change told as the floor is
    told."""
    for notice in state.between(datetime.now(UTC)):
        terminal.console.print(f"Floor: {notice}", markup=False)


def open_with(terminal: Terminal[Any, Any], state: TableState) -> Round[Any]:
    """The terminal's next round, opened by the game's policy with what the table's
    ``state`` hands it, as the server opens it (:func:`between_rounds` first)."""
    between_rounds(terminal, state)
    spec = find(terminal.rules.game)
    return spec.policy.open_round(
        spec.round_type,
        terminal.rules,
        NoTimings(),
        table_id="play",
        round_id=terminal.round_id,
        seats={SEAT: "you"},
        rng=terminal.rng,
        state=state,
    )


class CardTerminal(Terminal[RulesT, RoundT]):
    """A card table whose rounds a table object opens and takes in (Go Fore It,
    Criss-Cross Poker): the legal commands shown as a table, the player's and the
    dealer's commands, the wallet moved by the round's money."""

    table: Any
    """The game's table (``start``, ``open_round``, ``finish``)."""
    seated_only: ClassVar[str]
    """The section that keeps a player who has wagered seated until the round ends."""

    def open_round(self) -> RoundT:
        return cast(RoundT, open_with(self, self.table))

    def begin(self, round_: RoundT) -> None:
        self.console.rule(f"Round {round_.opened.round_id} ({round_.state.deck} deck)")
        self.show_legal(round_)

    def leave(self, round_: RoundT) -> None:
        self.console.print(
            "Your wagers are in play: a player who has wagered and received cards stays "
            f"seated until the round is completed ({self.seated_only}); your hand "
            "is played out as a fold."
        )
        self.abandon(round_)

    @abstractmethod
    def abandon(self, round_: RoundT) -> None:
        """Play out the round of a player who leaves: deal if needed, fold, settle."""

    def end(self, round_: RoundT) -> None:
        for notice in self.table.take_in(round_, datetime.now(UTC)):
            self.console.print(f"Floor: {notice}", markup=False)

    def dealer_choices(self, round_: RoundT) -> Iterable[Choice]:
        for command in round_.legal_commands(DEALER):
            if command.command == "AnnounceNoMoreBets":
                yield Choice(
                    "deal", '"no more bets": the dealer shuffles, cuts and deals', "", command.cite
                )

    def act(self, round_: RoundT, command: Command) -> list[Event] | None:
        """Send the player's ``command``; print a refusal (nothing changes) or move the
        wallet by its events."""
        try:
            events = round_.handle(command, SEAT)
        except IllegalCommand as error:
            self.refuse(error)
            return None
        self.wallet.apply(round_, events)
        return events

    def dealer(self, round_: RoundT, command: Command) -> None:
        """The dealer's ``command``; its events move the wallet and are shown."""
        events = round_.handle(command, DEALER)
        self.wallet.apply(round_, events)
        self.show(events)

    def dealer_steps(self, round_: RoundT) -> None:
        """The dealer's steps that involve no one's choice, exactly as the table server
        takes them (the game's :meth:`~croupier.game.TablePolicy.dealer_step`: shuffle,
        cut at a position drawn within the legal bounds, deal, the stub counted every
        round, the reveals), each shown; the cut is announced."""
        for step in dealer_steps(round_):
            self.dealer(round_, step)
            self.announce(round_, step)

    def announce(self, round_: RoundT, step: Command) -> None:
        """Say what the dealer's ``step`` did where its events do not show it (the cut)."""

    @abstractmethod
    def show(self, events: list[Event]) -> None:
        """Print what ``events`` show the player."""

    def shown(self, round_: RoundT, events: list[Event]) -> None:
        self.show(events)

    def settlement_row(self, event: WagerSettled) -> tuple[str, str, str, str, str, str]:
        """Spot (as the layout names it), outcome, odds, wager, result and rule of a
        settlement."""
        result, odds = result_and_odds(event)
        spot = self.spot_name(event.spot)
        return spot, str(event.outcome), odds, format_cents(event.amount), result, shown(event.cite)


def _balance_or_exit(balance: str) -> Cents:
    """``--balance`` in cents; a balance that is not an amount in dollars exits with 2."""
    try:
        cents = parse_dollars(balance, "--balance")
    except IllegalCommand as error:
        typer.echo(f"--balance is play money in dollars: {error.reason}", err=True)
        raise typer.Exit(2) from None
    if cents < 0:
        typer.echo(f"--balance is play money of $0 or more, not {balance}", err=True)
        raise typer.Exit(2)
    return cents


def _rules_or_exit(rules_type: type[RulesT], rules_file: Path | None) -> RulesT:
    """The Rules Submission of ``--rules`` (default the game's defaults); one for another
    game exits with 2."""
    rules = rules_type.model_validate({}) if rules_file is None else load_or_exit(rules_file)
    if not isinstance(rules, rules_type):
        typer.echo(f"{rules_file} is a Rules Submission for {rules.game}", err=True)
        raise typer.Exit(2)
    return rules


def play_command(
    rules_type: type[RulesT],
    terminal: Callable[..., Terminal[RulesT, Any]],
    doc: str,
    hints: str | None = None,
) -> Callable[..., None]:
    """The ``croupier play <game>`` command: a Rules Submission (``--rules``, default the
    game's defaults), a seed for a reproducible RNG (default the secure one), the starting
    play money in dollars (``--balance 500`` or ``500.00``: $500.00) and a round limit;
    commands are read from stdin. ``hints``, where the table gives them, is the help of
    ``--hint`` (the table is made with ``hints=True``). A Rules Submission for another
    game, or a balance that is not an amount in dollars, exits with status 2."""

    def play(
        rules_file: Annotated[
            Path | None,
            typer.Option("--rules", exists=True, dir_okay=False, help="A Rules Submission (TOML)."),
        ] = None,
        seed: Annotated[
            int | None, typer.Option(help="Seed a reproducible RNG (default: the secure one).")
        ] = None,
        balance: Annotated[
            str,
            typer.Option(
                help="Starting play money in dollars, not cents: 500 or 500.00 is $500.00."
            ),
        ] = "1000",
        rounds: Annotated[
            int | None, typer.Option(min=1, help="Stop after this many rounds.")
        ] = None,
        reminder_minutes: Annotated[
            int,
            typer.Option(
                help="Remind of the time played and the amount wagered every 15, 30 or 60 "
                "minutes (814a.1); type clock for the clocks."
            ),
        ] = 60,
        hint: bool = typer.Option(  # evaluated here: an annotation is read later
            False, "--hint", hidden=hints is None, help=hints or ""
        ),
    ) -> None:
        if reminder_minutes not in (15, 30, 60):
            typer.echo(f"--reminder-minutes is 15, 30 or 60, not {reminder_minutes}", err=True)
            raise typer.Exit(2)
        cents = _balance_or_exit(balance)
        if hint and hints is None:
            typer.echo("this table gives no hints (--hint)", err=True)
            raise typer.Exit(2)
        rules = _rules_or_exit(rules_type, rules_file)
        rng: Rng = SecureRng() if seed is None else SeededRng(seed)
        console = Console(highlight=False, soft_wrap=True)
        extra = {"hints": True} if hint else {}
        table = terminal(rules, rng, cents, console, **extra)
        table.clock = SessionClock(reminder_minutes)
        table.session(rounds)

    play.__doc__ = doc
    setattr(play, "terminal", terminal)  # noqa: B010 (the table it opens, for a test)
    return play
