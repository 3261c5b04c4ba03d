"""`croupier play craps`: one player (seat 1) at a Craps table with RNG dice (ch. 623a);
the program is the stickperson and the dealers, and the player is the shooter.

Wagers are typed in the layout's words, ``bet pass 10``, ``bet place 6 6``, ``bet come
5``, ``bet odds 20`` (behind the Pass or Don't Pass wager), ``bet odds come 9 10``,
``bet hard 8 5``, ``bet fire 5`` (the spots' own names, ``place:6``, work too).
``remove place 6`` takes a wager down, ``off place 6`` and ``working place 6`` call it
(623a.4); ``give up dice`` gives up the dice before a come-out roll. ``roll`` calls "no more
bets": the dice are thrown, the roll is called in words ("Two, craps: Pass loses, Don't
Pass wins") and every wager it decides is settled, one row each with its net. After each
roll the puck, the shooter and the wagers standing are shown; the round ends with a
seven-out (623a.10).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from typing import cast

from rich.table import Table

from croupier.citations import shown
from croupier.cli.tables.base import SEAT, Choice, Terminal, core_lines, play_command
from croupier.cli.tables.terminal import dealer_steps, signed
from croupier.engine import DEALER, Command, Event, LegalCommand, Outcome, WagerSettled
from croupier.errors import IllegalCommand, InvalidWager
from croupier.games.craps import (
    AnnounceNoMoreBets,
    CallWager,
    CommissionCollected,
    CommissionReturned,
    CrapsRound,
    DiceToShooter,
    GiveUpDice,
    LeaveTable,
    NoMoreBets,
    PlaceWager,
    RemoveWager,
    Roll,
    RollCalled,
    ShooterDone,
    VoidRound,
    WagerMoved,
    WagerPaid,
    WagerRemoved,
    all_spots,
    decide,
    spot_words,
)
from croupier.games.craps.round import posted_odds
from croupier.games.craps.wagers import (
    ORDER,
    Result,
    commission,
    commission_up_front,
    kind_of,
    number_of,
    step_reason,
)
from croupier.money import Cents, format_cents, format_odds, parse_dollars
from croupier.quoting import typed_back
from croupier.rules.craps import (
    BONUS,
    FIRE,
    ODDS,
    PAYOUTS,
    POINTS,
    SHOOTER,
    WAGERS,
    CrapsRules,
    TableKind,
    WagerKind,
    true_odds,
)

HELP = f"""\
How Craps plays: you wager on the layout's areas in its words,
for example bet pass 10, bet don't pass 10, bet come 5, bet place 6 6, bet buy 4 20,
bet field 5, bet hard 8 5, bet any seven 5, bet horn 4, bet fire 5, bet all small 5
(layout lists them all with their odds); AMOUNT in dollars (cents may be given: 12.50).
Once a point is on you may take odds behind your Pass or Don't Pass wager, and behind a
Come wager on its number (odds dont come N: laid). A wager the table lets be taken down is removed
with remove, and called off, or working, for the next roll
({shown("623a.4")}). Before a come-out roll you may give up the dice (give up dice)
({shown("623a.10")}). On roll the dice are thrown, called and settled. If you leave,
your Pass and Come wagers with a point keep working."""

DECISIONS = ("give up dice",)
"""The decisions the rounds offer, typed by the one rule (:attr:`~Terminal.decisions`)."""
EXTRAS = ("off SPOT", "working SPOT")
"""Calling a wager off or working for the next roll (623a.4): the table's own words."""
GRAMMAR = (*core_lines(dice=True), *DECISIONS, *EXTRAS)
"""The usage of each command the table reads (:attr:`~Terminal.grammar`)."""

NUMBER_WORDS = {
    2: "Two",
    3: "Three",
    4: "Four",
    5: "Five",
    6: "Six",
    7: "Seven",
    8: "Eight",
    9: "Nine",
    10: "Ten",
    11: "Eleven",
    12: "Twelve",
}
ROLL_WORDS = {
    Roll.NATURAL: "a natural",
    Roll.CRAPS: "craps",
    Roll.POINT_MADE: "the point is made",
    Roll.SEVEN_OUT: "seven-out",
}


def typed_key(text: str) -> str:
    """A wager as typed or written, reduced to the words that name it: ``"Don't Pass"``,
    ``"dont_pass"`` and ``"don't pass"`` are all ``"dont pass"``; ``"odds behind Come on
    9"`` is ``"odds come 9"``; ``"place:6"`` is ``"place 6"``."""
    text = text.lower().replace("'", "").replace("_", " ").replace(":", " ")
    words = [w for w in text.split() if w not in ("the", "on", "behind", "laid", "bet", "wager")]
    return " ".join(words)


def spot_keys() -> dict[str, str]:
    """Every way a spot may be typed -> the spot: its words on the layout, its own name,
    and ``fire`` for the Fire Bet."""
    keys: dict[str, str] = {}
    for spot in all_spots():
        keys[typed_key(spot_words(spot))] = spot
        keys[typed_key(spot)] = spot
    keys["fire"] = "fire_bet"
    keys["c e"] = keys["ce"] = "c_and_e"
    return keys


KEYS = spot_keys()


def parse_spot(words: str, round_: CrapsRound) -> str:
    """The spot ``words`` name (``"place 6"``, ``"odds"``: the odds behind the line wager
    held). Raises :class:`InvalidWager` (623a.3) for words that name no wager."""
    key = typed_key(words)
    if key == "odds":
        held = round_.state.wagers.get(SEAT, {})
        return "dont_pass_odds" if "dont_pass" in held and "pass" not in held else "pass_odds"
    if key in KEYS:
        return KEYS[key]
    examples = [said for kind, said in EXAMPLES if round_.state.rules.offers(kind)]
    raise InvalidWager(
        f"{typed_back(words.strip())} is not a wager on the layout: write it as "
        f"{', '.join(examples)} (layout lists them all)",
        WAGERS,
    )


EXAMPLES = (
    (WagerKind.PASS, "pass"),
    (WagerKind.DONT_PASS, "don't pass"),
    (WagerKind.COME, "come"),
    (WagerKind.PLACE, "place 6"),
    (WagerKind.BUY, "buy 4"),
    (WagerKind.LAY, "lay 10"),
    (WagerKind.FIELD, "field"),
    (WagerKind.BIG_6_8, "big 6"),
    (WagerKind.HARDWAYS, "hard 8"),
    (WagerKind.ANY_SEVEN, "any seven"),
    (WagerKind.HORN, "horn"),
    (WagerKind.FIRE_BET, "fire"),
    (WagerKind.BONUS_CRAPS, "all small"),
)
"""How a spot of each kind of wager is typed, for a refusal's examples: only the kinds
the table's Rules Submission offers (623a.3) are given."""


def step_words(spot: str, step: int, rules: CrapsRules, point: int | None) -> str:
    """Why amounts on ``spot`` go in steps of ``step`` cents, in words and dollars (623a.4)."""
    return f"in multiples of {format_cents(step)} so that {step_reason(spot, rules, point)}"


def amount_words(legal: LegalCommand, round_: CrapsRound) -> str:
    """A legal wager's amounts: ``"$5 to $5,000"`` or ``"$5.04 to $4,999.98, in multiples
    of $0.06 so that 7 to 6 pays whole cents"``."""
    amount = legal.amount
    low, high = (amount.low, amount.high or 0) if amount is not None else (0, 0)
    text = format_cents(low) if low == high else f"{format_cents(low)} to {format_cents(high)}"
    step = round_.amount_step(legal.spots[0])
    if step > 1:
        text += ", " + step_words(legal.spots[0], step, round_.rules, round_.state.point)
    return text


class CrapsTable(Terminal[CrapsRules, CrapsRound]):
    """One player (seat 1), the shooter, with a wallet at a Craps table with RNG dice."""

    help = HELP
    grammar = GRAMMAR
    decisions = DECISIONS
    extras = EXTRAS
    worded_with = frozenset({"CallWager"})  # off SPOT, working SPOT
    own = (("layout", "the layout's areas and the odds each pays"),)

    def spot_name(self, spot: object) -> str:
        """A wager by the one name the layout gives it (``layout``, the offers, the
        confirmations): "Pass", "Don't Pass", "the Field", "Place 6"."""
        said = spot_words(str(spot))
        return said if said != str(spot) else super().spot_name(spot)

    def not_played(self, round_: CrapsRound) -> str | None:
        """A shooter's turn that ended with no roll (the player left before throwing):
        said so, for it is no round played."""
        if any(isinstance(event, RollCalled) for event in round_.events):
            return None
        return "The dice were not rolled this turn"

    def help_text(self) -> str:
        """The help, naming the game the table deals: Mini-Craps at a mini-craps table
        (623a.2), else Craps."""
        text = super().help_text()
        if self.rules.table is TableKind.MINI_CRAPS:
            return text.replace("How Craps plays", "How Mini-Craps plays", 1)
        return text

    def limits(self) -> str:
        rules = self.rules
        line = (
            f"Table limits: a wager {format_cents(rules.minimum_wager)} to "
            f"{format_cents(rules.maximum_wager)} ({shown(WAGERS)}); "
            "odds behind a line wager up to "
            f"{rules.odds_limit} ({shown(ODDS)})"
        )
        if rules.offers(WagerKind.FIRE_BET):
            line += (
                f"; the Fire Bet {format_cents(rules.fire_bet_minimum)} to "
                f"{format_cents(rules.fire_bet_maximum)} ({shown(FIRE)})"
            )
        if rules.offers(WagerKind.BONUS_CRAPS):
            line += (
                f"; each Bonus Craps wager {format_cents(rules.bonus_minimum)} to "
                f"{format_cents(rules.bonus_maximum)} ({shown(BONUS)})"
            )
        return line + ". A wager that pays odds in cents goes in steps that pay whole cents."

    def open_round(self) -> CrapsRound:
        return CrapsRound.open(
            self.rules,
            table_id="play",
            round_id=self.round_id,
            seats={SEAT: "you"},
            rng=self.rng,
            after=SEAT if self.rounds else None,
        )

    def begin(self, round_: CrapsRound) -> None:
        self.console.rule(f"Round {round_.opened.round_id}: a shooter's turn with the dice")
        if not self.rounds:
            self.show_layout()
        self.show_table(round_)
        self.show_legal(round_)

    def has_wagers(self, round_: CrapsRound) -> bool:
        return SEAT in round_.state.wagers

    def take_back(self, round_: CrapsRound) -> None:
        """Nothing before :meth:`leave`: the game's own leaving (``LeaveTable``) takes down
        every wager that may be taken down, and says each."""

    def leave(self, round_: CrapsRound) -> None:
        """Leaving returns what may be taken down; a Pass or Come wager with a point (and
        a Bonus Craps wager once a number is rolled) keeps working, rolled for by the
        stickperson (623a.4, 623a.10)."""
        events = round_.handle(LeaveTable(seat=SEAT), SEAT)
        self.wallet.apply(round_, events)
        self.show(round_, events)
        if SEAT in round_.state.wagers:
            self.console.print(
                "Your wagers that may not be taken down keep working: the stickperson rolls "
                f"for them ({shown(SHOOTER)})."
            )
        while not round_.finished and SEAT in round_.state.wagers and round_.may_close():
            self.roll(round_)
        if not round_.finished:
            self.void_empty(round_)

    def void_empty(self, round_: CrapsRound) -> None:
        """The round ends with nothing of the player's on the layout and no one to roll."""
        events = round_.handle(VoidRound(reason="the player left the table"), DEALER)
        self.wallet.apply(round_, events)

    def command(self, round_: CrapsRound, line: str) -> None:
        words = line.split()
        match [w.lower() for w in words]:
            case []:
                pass
            case ["layout"]:
                self.show_layout()
            case ["off" | "working" as call, *rest] if rest:
                self.call(round_, " ".join(rest), call == "working")
            case _ if self.names_a_wager(round_, line):
                self.console.print(
                    f"A wager needs an amount: type bet {' '.join(words)} AMOUNT (in "
                    "dollars; help lists each wager's limits).",
                    markup=False,
                )
            case _:
                self.unknown(line)

    dice = True

    def deal_now(self, round_: CrapsRound) -> None:
        self.roll(round_)

    def place(self, round_: CrapsRound, typed: str, amount: str) -> None:
        self.bet(round_, f"{self.in_words(typed)} {amount}")

    def lone_spot(self, round_: CrapsRound) -> str:
        return ""  # a wager is always named here: bet says what is missing

    def no_amount(self, round_: CrapsRound, typed: str) -> None:
        self.bet(round_, typed)  # says the amount is missing (623a.3)

    def take_down(self, round_: CrapsRound, typed: str) -> None:
        self.call(round_, self.in_words(typed), None)

    def in_words(self, typed: str) -> str:
        """A wager named by its name on the layout (``Pass Line``) in the table's words
        (``pass``); other words as typed (:func:`parse_spot` reads them)."""
        if typed_key(typed) in KEYS:
            return typed
        spot = super().example_spot(typed)
        return typed if spot is None else spot_words(spot)

    def typed_spot(self, spot: str) -> str:
        return typed_key(spot_words(spot))  # "pass", "place 6"

    @staticmethod
    def names_a_wager(round_: CrapsRound, line: str) -> bool:
        """Whether ``line`` is a wager's name alone (``pass``, ``place 6``)."""
        try:
            parse_spot(line, round_)
        except IllegalCommand:
            return False
        return True

    # -- what the player may do -----------------------------------------------------------
    def choices(self, round_: CrapsRound) -> Iterable[Choice]:
        for legal in round_.legal_commands(SEAT):
            yield from self.choice(round_, legal)
        if any(c.command == "AnnounceNoMoreBets" for c in round_.legal_commands(DEALER)):
            yield Choice("roll", '"no more bets": the dice are thrown and called')

    def choice(self, round_: CrapsRound, command: LegalCommand) -> Iterable[Choice]:
        wagers = ", ".join(spot_words(spot) for spot in command.spots)
        match command.command:
            case "PlaceWager":
                yield Choice("bet SPOT AMOUNT", wagers, amount_words(command, round_), command.cite)
            case "RemoveWager":
                yield Choice("remove SPOT", wagers, "", command.cite)
            case "CallWager":
                working = True in command.values("working")
                typed = "working SPOT" if working else "off SPOT"
                does = f"call {'working' if working else 'off'}: {wagers}"
                yield Choice(typed, does, "", command.cite)
            case "GiveUpDice":
                yield Choice(
                    "give up dice", "give up the dice before the come-out roll", "", SHOOTER
                )

    def show_legal(self, round_: CrapsRound) -> None:
        super().show_legal(round_)
        if self.leaving:
            return
        if round_.state.phase.value == "betting" and not round_.may_close():
            self.console.print(self.why_no_roll(round_))

    def why_no_roll(self, round_: CrapsRound) -> str:
        """What the player must do before the come-out roll (623a.10)."""
        text = (
            "To roll: a come-out roll needs a shooter holding a Pass or Don't Pass wager "
            f"({shown(SHOOTER)}): type bet pass AMOUNT or bet don't pass AMOUNT"
        )
        held = [spot_words(spot) for spot in self.removable_spots(round_)]
        if held:  # only what the round offers to take down (never the Fire Bet, 623a.11)
            text += f". Or take your wagers down ({', '.join(held)}: remove SPOT), or quit"
        return text + "."

    # -- the layout ---------------------------------------------------------------------------
    def paytable(self) -> None:
        self.show_layout()

    def example_spot(self, typed: str) -> str | None:
        return KEYS.get(typed_key(typed))

    def example_amount(self, spot: str, cents: Cents) -> Cents:
        """The least multiple of the example's amount (a Horn of four units, a Place 6
        in sixes) that the table's minimum allows."""
        return max(cents, -(-self.rules.minimum_wager // cents) * cents)

    def show_layout(self) -> None:
        """Each area of the layout in words with the odds it pays (623a.5, 623a.6)."""
        rules = self.rules
        table = Table("Area", "Wins", "Pays", title="The layout")
        bar = rules.dont_bar
        table.add_row("Pass", "7 or 11 on the come-out, then the point before a 7", "1 to 1")
        table.add_row(
            "Don't Pass",
            f"{' or '.join(str(n) for n in (2, 3, 12) if n != bar)} on the come-out ({bar} "
            "ties), then a 7 before the point",
            "1 to 1",
        )
        table.add_row("Come, Don't Come", "as Pass and Don't Pass, from the next roll", "1 to 1")
        odds = ", ".join(f"{n}: {format_odds(true_odds(n))}" for n in POINTS[:3])
        table.add_row(
            "Odds",
            f"behind a line wager with a point, up to {rules.odds_limit}",
            f"true odds ({odds}; laid the reverse)",
        )
        alike: dict[tuple[str, str], list[str]] = {}  # Place 4 or 10 pay alike: one row
        for spot, ratio in posted_odds(rules).items():
            if spot in ORDER:  # not the Field's own odds on 2 and 12 (field:2, field:12)
                alike.setdefault((kind_of(spot) if number_of(spot) else spot, ratio), []).append(
                    spot
                )
        for (_, ratio), spots in alike.items():
            first, numbers = spots[0], " or ".join(str(number_of(s)) for s in spots)
            said = [spot_words(first), self.wins(first)]
            if len(spots) > 1:
                said = [re.sub(rf"\b{number_of(first)}\b", numbers, t, count=1) for t in said]
            table.add_row(*said, format_odds(Fraction(ratio)))
        if rules.offers(WagerKind.HORN):
            table.add_row("the Horn", "2, 3, 11 or 12: a quarter at that number's odds", "")
        if rules.offers(WagerKind.C_AND_E):
            table.add_row("C and E", "any craps or 11: a half at that one's odds", "")
        if rules.offers(WagerKind.FIRE_BET):
            tiers = ", ".join(
                f"{n} points {format_odds(o)}" for n, o in sorted(rules.fire_tiers.items())
            )
            table.add_row("the Fire Bet", "the shooter makes different points", tiers)
        self.console.print(table)

    def wins(self, spot: str) -> str:
        kind, number = kind_of(spot), number_of(spot)
        rules = self.rules
        text = {
            "place": f"{number} before a 7",
            "buy": f"{number} before a 7 (less the commission)",
            "place_to_lose": f"7 before {number}",
            "lay": f"7 before {number} (less the commission)",
            "hard": "the number as a pair (the hard way) before a 7 or the easy way",
            "big_6": "6 before a 7",
            "big_8": "8 before a 7",
            "field": "3, 4, 9, 10 or 11 on the next roll"
            + "".join(f"; {t} pays {format_odds(rules.odds_of(f'field:{t}'))}" for t in (2, 12)),
            "all_small": "2, 3, 4, 5 and 6 all rolled before a 7",
            "all_tall": "8, 9, 10, 11 and 12 all rolled before a 7",
            "make_em_all": "every number 2 to 12 but 7 rolled before a 7",
        }.get(kind)
        return text if text is not None else "on the next roll"

    def show_table(self, round_: CrapsRound) -> None:
        """The puck, the shooter and the player's wagers standing, odds behind."""
        state = round_.state
        puck = (
            "OFF (the next roll is a come-out)" if state.point is None else (f"ON at {state.point}")
        )
        if state.shooter == SEAT:
            shooter = "you (seat 1)"
        elif SEAT in state.departed:
            shooter = "none: the stickperson rolls for the wagers standing"
        else:
            shooter = "none yet (the dice go to you)"
        self.console.print(f"Puck {puck}. Shooter: {shooter}.")
        mine = [(spot, bet) for seat, spot, bet in state.bets() if seat == SEAT]
        if not mine:
            return
        table = Table("Your wager", "Amount", "Next roll", title="On the layout")
        for spot, bet in mine:
            works = "working" if state.working(spot, bet) else "off"
            table.add_row(spot_words(spot), format_cents(bet.amount), works)
        self.console.print(table)

    # -- wagers ----------------------------------------------------------------------------
    def bet(self, round_: CrapsRound, text: str) -> None:
        words, _, amount = text.strip().rpartition(" ")
        try:
            if not words.strip():
                raise InvalidWager(
                    f'bet needs a wager and an amount, not just "{amount}": '
                    "type bet pass 10 (the wager, then dollars)",
                    WAGERS,
                )
            spot = parse_spot(words, round_)
            cents = parse_dollars(amount, WAGERS)
            self.check_covered(cents, WAGERS)
        except IllegalCommand as error:
            self.refuse(error)
            return
        before = self.wallet.balance
        events = self.act(round_, PlaceWager(seat=SEAT, spot=spot, amount=cents))
        if events is not None:
            charged = sum(e.amount for e in events if isinstance(e, CommissionCollected))
            said = f"Placed {format_cents(cents)} on {spot_words(spot)}."
            if charged:
                said += (
                    f" Commission of {format_cents(charged)} taken now, when the wager is "
                    f"made, as this table's rules charge it ({shown(PAYOUTS)}); it comes "
                    "back if you take the wager down before it is decided. "
                    f"{format_cents(before - self.wallet.balance)} left your balance."
                )
            elif kind_of(spot) in ("buy", "lay") and self.rules.commission_percent:
                owed = format_cents(commission(spot, cents, self.rules))
                said += (
                    f" Commission of {owed} is taken only if the wager wins, out of what "
                    f"it wins, as this table's rules charge it ({shown(PAYOUTS)})."
                )
            self.console.print(f"{said} Balance: {format_cents(self.wallet.balance)}", markup=False)

    def call(self, round_: CrapsRound, words: str, working: bool | None) -> None:
        try:
            spot = parse_spot(words, round_)
        except IllegalCommand as error:
            self.refuse(error)
            return
        if working is None:
            command: RemoveWager | CallWager = RemoveWager(seat=SEAT, spot=spot)
        else:
            command = CallWager(seat=SEAT, spot=spot, working=working)
        events = self.act(round_, command)
        if events is not None:
            self.show(round_, events)
            if working is not None:
                self.console.print(
                    f"{spot_words(spot, start=True)} is {'working' if working else 'off'}."
                )

    def decided(self, round_: CrapsRound, command: Command) -> None:
        self.act(round_, cast(GiveUpDice, command))  # the one decision: give up dice

    def act(
        self, round_: CrapsRound, command: PlaceWager | RemoveWager | CallWager | GiveUpDice
    ) -> list[Event] | None:
        try:
            events = round_.handle(command, SEAT)
        except IllegalCommand as error:
            self.refuse(error)
            return None
        self.wallet.apply(round_, events)
        if isinstance(command, GiveUpDice):
            self.show(round_, events)
        return events

    # -- the roll ----------------------------------------------------------------------------
    def roll(self, round_: CrapsRound) -> None:
        """No more bets; the dice are thrown, called and settled, as the server does."""
        if not round_.may_close():
            self.console.print(self.why_no_roll(round_))
            return
        events = round_.handle(AnnounceNoMoreBets(), DEALER)
        self.wallet.apply(round_, events)
        shown = list(events)
        for step in dealer_steps(round_):
            events = round_.handle(step, DEALER)
            self.wallet.apply(round_, events)
            shown += events
        net = self.show(round_, shown)
        self.console.print(
            f"This roll: {signed(net)} on your wagers. Balance: {format_cents(self.wallet.balance)}"
        )
        if not round_.finished:
            self.show_table(round_)
            if SEAT not in round_.state.departed:
                self.show_legal(round_)

    def called(self, round_: CrapsRound, event: RollCalled, point: int | None) -> str:
        """The roll in words: "Two, craps: Pass loses, Don't Pass wins"."""
        name = NUMBER_WORDS[event.total]
        if event.hard and event.total in (4, 6, 8, 10):
            name += " the hard way"
        what = ROLL_WORDS.get(event.roll)
        if event.roll is Roll.POINT_SET:
            what = f"the point is {event.total}"
        head = f"{name} ({event.faces[0]} and {event.faces[1]})"
        if what is not None:
            head += f", {what}"
        verbs = {Result.WIN: "wins", Result.LOSE: "loses", Result.PUSH: "ties"}
        said = [
            f"{spot_words(line)} {verbs[decided.result]}"
            for line in ("pass", "dont_pass")
            if (decided := decide(line, event.total, event.hard, point, self.rules)).result in verbs
        ]
        if said:
            head += ": " + ", ".join(said)
        return head + "."

    def shown(self, round_: CrapsRound, events: list[Event]) -> None:
        self.show(round_, events)

    def show(self, round_: CrapsRound, events: list[Event]) -> Cents:
        """Print what ``events`` show the player; the net of his wagers they settle (a
        win's winnings, a loss's stake, nothing for a tie)."""
        net = 0
        settled = Table("Wager", "Result", "Odds", "Amount", "Net", "Rule")
        point: int | None = None
        for event in round_.events[: len(round_.events) - len(events)]:
            if isinstance(event, RollCalled):
                point = event.point
        balances = self.wallet.balances_after(round_, events)
        for event, balance in zip(events, balances, strict=True):
            if isinstance(event, WagerPaid) and event.seat == SEAT:
                net += event.won
                settled.add_row(*self.paid_row(event))
            elif isinstance(event, WagerSettled) and event.seat == SEAT:
                net += {Outcome.WIN: event.won, Outcome.LOSE: -event.amount}.get(event.outcome, 0)
                settled.add_row(*self.settlement_row(event))
            elif (line := self.line(round_, event, point)) is not None:
                if isinstance(event, WagerRemoved) and event.seat == SEAT:
                    line += f" Balance: {format_cents(balance)}"
                self.console.print(line)
            if isinstance(event, RollCalled):
                point = event.point
        if settled.row_count:
            self.console.print(settled)
        return net

    def line(self, round_: CrapsRound, event: Event, point: int | None) -> str | None:
        """The line ``event`` tells the player, if any (``point``: the point before it)."""
        match event:
            case NoMoreBets():
                return f"No more bets ({shown(event.cite)})."
            case DiceToShooter(seat=seat):
                who = "you" if seat == SEAT else "the stickperson"
                return f"The dice go to {who} ({shown(event.cite)})."
            case RollCalled():
                return self.called(round_, event, point)
            case WagerMoved(spot=spot, to=to) if event.seat == SEAT:
                return f"Your {spot_words(spot)} wager travels to {spot_words(to)}."
            case WagerRemoved(spot=spot, amount=amount, commission=charged) if event.seat == SEAT:
                back = f"{format_cents(amount)} back to you"
                if charged:
                    back = (
                        f"{format_cents(amount + charged)} back to you: the wager and the "
                        f"{format_cents(charged)} commission taken when it was made"
                    )
                return f"{spot_words(spot, start=True)} taken down: {back}."
            case CommissionCollected(spot=spot, amount=amount) if event.seat == SEAT:
                return (
                    f"Commission of {format_cents(amount)} on {spot_words(spot)} taken "
                    f"now, when the wager is made ({shown(event.cite)})."
                )
            case CommissionReturned(spot=spot, amount=amount) if event.seat == SEAT:
                return (
                    f"Commission of {format_cents(amount)} taken when {spot_words(spot)} "
                    "was made comes back to you with the wager."
                )
            case ShooterDone(reason=reason):
                return {
                    "seven_out": "Seven-out: the shooter's turn with the dice ends.",
                    "gave_up": "You give up the dice.",
                    "no_line_wager": "The shooter holds no Pass or Don't Pass wager: "
                    "the dice pass on.",
                    "left": "You leave the table; the dice pass on.",
                }[reason]
        return None

    def paid_row(self, event: WagerPaid) -> tuple[str, str, str, str, str, str]:
        """The settled table's row for a win paid while the wager stays up."""
        won = signed(event.won)
        if event.commission:
            when = (
                "taken from the win to keep it up for its next decision"
                if commission_up_front(self.rules, event.spot)
                else "taken from the win"
            )
            won += f" (after a {format_cents(event.commission)} commission {when})"
        return (
            spot_words(event.spot),
            "wins, stays up",
            format_odds(event.odds),
            format_cents(event.amount),
            won,
            shown(event.cite),
        )

    def settlement_row(self, event: WagerSettled) -> tuple[str, str, str, str, str, str]:
        if event.outcome is Outcome.WIN:
            result, net = "wins", signed(event.won)
            spot, rules = event.spot, self.rules
            if kind_of(spot) in ("buy", "lay") and not commission_up_front(rules, spot):
                taken = commission(spot, event.amount, rules)
                if taken:
                    net += f" (after a {format_cents(taken)} commission taken from the win)"
        elif event.outcome is Outcome.LOSE:
            result, net = "loses", signed(-event.amount)
        else:
            result, net = "ties: returned", "$0"
        odds = "" if event.odds is None else format_odds(event.odds)
        rule = shown(event.cite)
        return spot_words(event.spot), result, odds, format_cents(event.amount), net, rule


play = play_command(
    CrapsRules,
    CrapsTable,
    "Play Craps at seat 1 with play money, as the shooter: wagers in the layout's words "
    "(bet pass 10, bet place 6 6, bet odds 20), then roll; commands are read from stdin.",
)
