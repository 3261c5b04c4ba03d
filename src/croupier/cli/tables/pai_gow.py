"""`croupier play pai-gow`: one player (seat 1) at a Pai Gow table; the program deals as
the dealer and banks (ch. 621a).

The program mixes and stacks the tiles, shakes the dice, delivers in the standard way
(or a style of 621a.9 the player names), sets the dealer's hands by the house way and
settles with the 5% vigorish. The player wagers, sets his four tiles (``set 6-6 4-5``
puts those two together), may ask how the house would set them (621a.10(b)) or for the
optimal setting against this house way (``hint``, from the exact analysis), and may
surrender before his hands are exposed (621a.10(e)).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from croupier.cli.tables import offered
from croupier.cli.tables.base import SEAT, Choice, Terminal, core_lines, open_with, play_command
from croupier.cli.tables.terminal import amount_range, dealer_steps, signed
from croupier.engine import (
    DEALER,
    Command,
    Event,
    LegalCommand,
    Outcome,
    RoundCompleted,
    WagerSettled,
)
from croupier.errors import IllegalCommand, InvalidAmount
from croupier.games.pai_gow import (
    SPOT,
    AnnounceNoMoreBets,
    BankNotTaken,
    BankOffered,
    BankPassed,
    BankSettled,
    BankTaken,
    ChooseDelivery,
    CutDeclined,
    DealerHandsReset,
    DealerHandsSet,
    DealerTilesTurnedOver,
    DealerWagerPlaced,
    DealerWagerSettled,
    DeliveryChosen,
    DiceShaken,
    HandsExposed,
    HandsSet,
    HouseWayShown,
    NoMoreBets,
    NoRoll,
    NumberDrawn,
    PaiGowRound,
    PaiGowTable,
    Phase,
    PlaceWager,
    RequestHouseWay,
    SetHands,
    SettleWagers,
    ShakerCovered,
    StacksCollected,
    StartingPositionCounted,
    Surrender,
    TableContext,
    TilesCut,
    TilesDelivered,
    TilesDisplayed,
    TilesMixed,
    TilesRemixed,
    VigorishCollected,
    WagerWithdrawn,
    WithdrawWager,
)
from croupier.hands.paigow import WAY_RULES, rank_hand
from croupier.money import Cents, format_cents
from croupier.quoting import typed_back
from croupier.rng import Rng
from croupier.rules.pai_gow import SECTIONS, STYLE_NAMES, DeliveryStyle, PaiGowRules

if TYPE_CHECKING:
    from croupier.analysis.exact.pai_gow import SettingAdvice

HELP = """\
How Pai Gow plays: you wager on your betting area, AMOUNT in dollars (cents may be given:
12.50), and may choose a delivery style of 621a.9 for the round (e.g. style jung quat).
The dice are shaken and the tiles delivered; you put two tiles together (e.g. set 6-6
4-5), the higher hand your high hand, or ask how the house would set them (request house
way, 621a.10(b)).
A hint gives the optimal setting of your tiles against the house way, with the expected
result of each setting. You may surrender once your hands are set and the dealer's are
set, giving up your wager before the hands are exposed (621a.10(e)); deal once the hands
are set: expose them and settle (621a.10(f)).
Where the table offers you the bank (621a.11(c)), take bank CHIPS puts CHIPS dollars in
value chips on the table to cover the wagers against you (take bank 50 co-bank yes: the
house covers half of them, 621a.11(e)); pass bank passes it on. As the bank you may cut
the tiles once (cut tiles RIGHT LEFT, the stacks by number from the dealer's right, or
decline cut, 621a.11(g)); direct dealer wager AMOUNT lowers the dealer's wager against
you, or 0 for none (621a.11(h)); after "no more bets" you may choose the delivery style
and you shake the dice (shake dice, 621a.11(i))."""

DECISIONS = (
    "take bank CHIPS [co-bank=no|yes]",
    "pass bank",
    "request house way",
    "surrender",
    "shake dice",
    "cut tiles RIGHT LEFT",
    "decline cut",
    "direct dealer wager [AMOUNT]",
)
"""The decisions the rounds offer the player, typed by the one rule
(:attr:`~Terminal.decisions`): the bank offered (621a.11(c)), the house way asked for,
the surrender, and a banking player's shake, cut and the dealer's wager directed
(621a.11); his style is ``style NAME``, as every player's."""
EXTRAS = ("set T1 T2", "style NAME")
"""Setting two tiles together as they are shown (621a.10) and choosing a delivery style
of 621a.9: the table's own words."""
GRAMMAR = (*core_lines(dice=False, lone=True), *DECISIONS, *EXTRAS)
"""The usage of each command the table reads (:attr:`~Terminal.grammar`)."""

PLAYER_WORDS = {
    "PlaceWager": ("bet AMOUNT", "a wager on your betting area"),
    "SetHands": (
        "set T1 T2",
        "set your tiles: name two of your tiles as they are shown (e.g. set 6-6 4-5); those "
        "two make one hand, the other two the other",
    ),
    "RequestHouseWay": ("request house way", "ask how the house would set your tiles"),
    "Surrender": ("surrender", "surrender your wager before your hands are exposed"),
    "WithdrawWager": (
        "remove SPOT",
        'take back your wager before "no more bets" (SPOT: Pai Gow Wager)',
    ),
}
"""What the player types for his commands at this table (taking or passing the bank is
worded by :meth:`PaiGowPlay.choice`; a banking player's other commands, the cut and the
dealer's wager directed, are typed in the one grammar of :mod:`croupier.cli.tables.offered`)."""


WORDED = (
    DiceShaken,
    NumberDrawn,
    StartingPositionCounted,
    HouseWayShown,
    DealerHandsSet,
    DealerHandsReset,
    HandsExposed,
    VigorishCollected,
    WagerSettled,
)
"""The events :meth:`PaiGowPlay.show` words itself."""


def _style(style: DeliveryStyle) -> str:
    """A delivery style as the player types it: ``"jung quat"``."""
    return style.value.replace("_", " ")


def _delivered(style: DeliveryStyle) -> str:
    """How the tiles are delivered, in 621a's words: ``"in the standard way"``, ``"by
    Jung Quat"``."""
    return "in the standard way" if style is DeliveryStyle.STANDARD else f"by {STYLE_NAMES[style]}"


def _named_style(name: str) -> DeliveryStyle | None:
    """The style ``name`` types, as the player types it or by its name in 621a (any case;
    ``_`` or ``-`` for a space; ``standard delivery`` or ``the standard delivery`` too)."""
    wanted = re.sub(r"[\s_-]+", " ", name.strip().lower()).removeprefix("the ")
    for style in DeliveryStyle:
        names = {_style(style), STYLE_NAMES[style].lower().removeprefix("the ")}
        if wanted in names:
            return style
    return None


BANK_WORDS = {
    "CutTiles": (
        "as the bank, have the dealer cut the tiles once: the stacks numbered RIGHT (1 to 8 "
        "from the dealer's right) move to the right end, those numbered LEFT to the left end"
    ),
    "DeclineCut": "as the bank, leave the tiles uncut",
    "DirectDealerWager": (
        "as the bank, have the dealer wager less against you (AMOUNT), or nothing (0)"
    ),
    "ShakeDice": "as the bank, shake the dice: their total counts to the first stack's position",
}
"""What a banking player's decisions do (621a.11(g)-(i)), in plain words."""


def _way_rule(rule: str) -> str:
    """The section of the house way's rule that set a hand (``"621a.10(d)(3)"``), or
    ``"the house way"`` for a rule the regulation does not number."""
    found = WAY_RULES.get(rule)
    return found.cite if found is not None and found.cite else "the house way"


def _position(position: str) -> str:
    """A position as 621a.8(c) names it: ``"the dealer"``, ``"the Dead Hand"`` or
    ``"the betting position at seat 1"`` (positions ``"dealer"``, ``"dead_hand"``, ``"1"``)."""
    if position == "dealer":
        return "the dealer"
    if position == "dead_hand":
        return "the Dead Hand"
    return f"the betting position at seat {position}"


def _bank_round(event: Event) -> str | None:
    """A bank round's event (621a.11) in 621a's words, said to the player at seat 1;
    ``None`` for an event that is not one of them."""
    you = "You" if getattr(event, "seat", None) == SEAT else f"Seat {getattr(event, 'seat', '')}"
    match event:
        case BankOffered():
            whom = "you" if you == "You" else you
            return f"The dealer offers the bank to {whom}: be the bank, or pass it ({event.cite})"
        case BankPassed(reason=reason):
            why = f": {reason}" if reason else ""
            return f"{you} pass{'' if you == 'You' else 'es'} the bank{why} ({event.cite})"
        case BankTaken(chips=chips, co_bank=co_bank):
            covered = ", the house covering half of the wagers (co-banking)" if co_bank else ""
            return (
                f"{you} {'are' if you == 'You' else 'is'} the bank, with "
                f"{format_cents(chips)} to cover the wagers{covered} ({event.cite})"
            )
        case BankNotTaken():
            return f"No player takes the bank: the dealer banks this round ({event.cite})"
        case TilesMixed() | TilesRemixed():
            return f"The tiles are mixed and formed into stacks ({event.cite})"
        case TilesCut():
            return f"The bank cuts the tiles ({event.cite})"
        case CutDeclined():
            return f"The bank does not cut the tiles ({event.cite})"
        case DealerWagerPlaced(amount=amount):
            return f"The dealer wagers {format_cents(amount)} against the bank ({event.cite})"
        case NoMoreBets():
            return f"No more bets ({event.cite})."
        case DeliveryChosen(style=style):
            return f"The tiles will be delivered {_delivered(style)} ({event.cite})"
        case NoRoll():
            return f"No roll: the dice are shaken again ({event.cite})"
        case StacksCollected():
            return f"Stacks with no wager go unseen to the Dead Hand ({event.cite})"
        case ShakerCovered():
            return f"The dealer covers and shakes the shaker once ({event.cite})"
    return _bank_hands(event)


def _bank_hands(event: Event) -> str | None:
    """:func:`_bank_round` once the tiles are delivered: the hands set and settled."""
    match event:
        case HandsSet(seat=seat, high=high, low=low):
            whose = "You set your hands" if seat == SEAT else "The bank sets its hands"
            return (
                f"{whose}: high {_hand([t.code for t in high])}, low "
                f"{_hand([t.code for t in low])} ({event.cite})"
            )
        case DealerTilesTurnedOver(tiles=tiles):
            return (
                f"The dealer turns over his tiles: {' '.join(t.code for t in tiles)} ({event.cite})"
            )
        case HandsExposed(seat=seat, high=high, low=low) if seat != SEAT:
            return (
                f"The bank's hands: high {_hand([t.code for t in high])}, low "
                f"{_hand([t.code for t in low])} ({event.cite})"
            )
        case DealerWagerSettled(amount=amount, outcome=outcome, won=won):
            result = f"wins {format_cents(won)}" if outcome is Outcome.WIN else _VERB[outcome]
            staked = format_cents(amount)
            return f"The dealer's wager of {staked} against the bank {result} ({event.cite})"
        case BankSettled(seat=seat, net=net, vigorish=vigorish):
            whose = "Your bank" if seat == SEAT else "The bank"
            vig = f", after {format_cents(vigorish)} vigorish on its surplus" if vigorish else ""
            return f"{whose} settles {signed(net)}{vig} ({event.cite})"
        case TableContext() | TilesDisplayed() | TilesDelivered() | RoundCompleted():
            return ""  # the round's end: its balance line, as on every path (close_round)
    return None


_VERB = {
    Outcome.LOSE: "loses",
    Outcome.PUSH: "is a tie",
    Outcome.SURRENDER: "is surrendered",
    Outcome.VOID: "is void",
}
"""A wager's outcome as a verb (a win is worded with its amount)."""


def _distinct_settings(advice: SettingAdvice) -> list[tuple[str, str, str, str]]:
    """The rows of a hint (:func:`~croupier.analysis.exact.pai_gow.optimal_setting`'s
    ``advice``): each distinct setting once (two tiles alike make two of the three ways
    to set four tiles the same hands), its hands, expected result and notes."""
    rows: dict[tuple[tuple[str, ...], ...], tuple[str, str, str]] = {}
    notes: dict[tuple[tuple[str, ...], ...], list[str]] = {}
    for index, setting in enumerate(advice.settings):
        high, low = [t.code for t in setting.high], [t.code for t in setting.low]
        key = (tuple(sorted(high)), tuple(sorted(low)))
        rows.setdefault(key, (_hand(high), _hand(low), f"{float(advice.expected[index]):+.4f}"))
        said = notes.setdefault(key, [])
        said += ["optimal"] if index == advice.best else []
        said += ["house way"] if index == advice.house_way else []
    return [(*row, ", ".join(notes[key])) for key, row in rows.items()]


def _hand(tiles: tuple[str, ...] | list[str]) -> str:
    """Two tiles and their rank, the tiles said once: ``"5-6 1-5 (value 7)"``,
    ``"5-5 5-5 (pair of Tens)"``, ``"6-6 2-6 (Gong (Twelve and Eight))"``."""
    text = rank_hand(tiles[0], tiles[1]).text
    named = re.fullmatch(r"(.*?) \((.*)\)", text)
    if named is None:
        return f"{' '.join(tiles)} ({text})"
    inside = named[2].split(", ")
    kept = [part for part in inside if not set(part.split()) <= set(tiles)]
    if len(kept) == len(inside):  # no tile named in it: "Gong (Twelve and Eight)"
        return f"{' '.join(tiles)} ({text})"
    rank = f"value {named[1]}" if named[1].isdigit() else named[1]
    return f"{' '.join(tiles)} ({', '.join([rank, *kept])})"


class PaiGowPlay(Terminal[PaiGowRules, PaiGowRound]):
    """One player (seat 1) with a wallet at a Pai Gow table; the program deals and banks."""

    help = HELP
    grammar = GRAMMAR
    decisions = DECISIONS
    extras = EXTRAS
    worded_with = frozenset({"SetHands", "ChooseDelivery"})  # set T1 T2, style NAME
    own = (("hint", "the optimal setting of your tiles against the house way"),)

    def __init__(self, rules: PaiGowRules, rng: Rng, balance: Cents, console: Console) -> None:
        super().__init__(rules, rng, balance, console)
        self.table = PaiGowTable(rules, table_id="play")
        self.style: DeliveryStyle | None = None

    def open_round(self) -> PaiGowRound:
        round_ = open_with(self, self.table)  # mixed and stacked by the dealer's steps
        assert isinstance(round_, PaiGowRound)
        return round_

    def begin(self, round_: PaiGowRound) -> None:
        self.style = None
        self.console.rule(f"Round {round_.opened.round_id}")
        self.console.print(
            f"The tiles are mixed and stacked ({SECTIONS.mix}). Balance "
            f"{format_cents(self.wallet.balance)}; wagers {self.rules.describe_limits()}."
        )
        for event in round_.events:  # the bank offered as the round opened (621a.11(c))
            if isinstance(event, BankOffered) and event.seat == SEAT:
                self.console.print(_bank_round(event), markup=False)
        self.show_legal(round_)  # what he may do as the round opens, as every table says

    def has_wagers(self, round_: PaiGowRound) -> bool:
        """A wager in play, or the bank taken (its chips on the table, 621a.11(d))."""
        return bool(round_.view(SEAT)["wagers"]) or round_.state.bank == SEAT

    def leave(self, round_: PaiGowRound) -> None:
        if round_.state.bank == SEAT:
            self.console.print(
                "You hold the bank: the round is played out as the table plays it for a "
                f"player whose time runs out ({SECTIONS.seated_only}) before you leave."
            )
            self.play_out(round_)
            return
        how = (
            "your hand is played out as you set it"
            if SEAT in round_.state.settings
            else "your hand is set by the house way and played out"
        )
        self.console.print(f"{self.why_it_stays(round_)}; {how}.")
        self.finish_by_house_way(round_)

    def why_it_stays(self, round_: PaiGowRound) -> str:
        """Why the wager of a player who leaves stays in play: before "no more bets" he
        has taken it back as he quit (621a.7(c), :meth:`~Terminal.take_back`), so it is
        after it, and he has received tiles: he stays seated until the round is completed
        (621a.7(b))."""
        return (
            "Your wager is in play: a player who has wagered and received tiles stays "
            f"seated until the round is completed ({SECTIONS.seated_only})"
        )

    def end(self, round_: PaiGowRound) -> None:
        self.table.take_in(round_, datetime.now(UTC))

    def command(self, round_: PaiGowRound, line: str) -> None:
        match line.split():
            case []:
                pass
            case ["style", *name] if name:
                self.choose_style(round_, " ".join(name))
            case ["set", a, b]:
                self.set_hands(round_, a, b)
            case ["hint"]:
                self.hint(round_)
            case _:
                self.unknown(line)

    first_spot = SPOT

    def deal_now(self, round_: PaiGowRound) -> None:
        """``deal``: "no more bets" and the deal; once the hands are set, the dealer goes
        on: the hands exposed and the wagers settled (621a.10(f))."""
        if any(c.command == "SettleWagers" for c in round_.legal_commands(DEALER)):
            self.act(round_, SettleWagers(), DEALER)
        elif round_.state.phase is Phase.BANK_OFFER and round_.state.offered == SEAT:
            self.refused(
                "the bank is offered to you: answer the offer first, take bank CHIPS to be "
                "the bank or pass bank to pass it; the deal follows",
                SECTIONS.bank_rotation,
            )
        elif round_.state.phase is Phase.SETTING and round_.tiles_of(SEAT):
            self.refused(self.set_first(round_), SECTIONS.set_hands)
        else:
            self.deal(round_)

    def set_first(self, round_: PaiGowRound) -> str:
        """Why ``deal`` waits while the player's tiles are unset (621a.10(a)), and how he
        sets them: two tiles named together, as the house would put them."""
        way = self.rules.dealer_way.set(round_.tiles_of(SEAT))
        return (
            "each player sets his hands before they are exposed: name two of your tiles "
            f"to make one hand (set T1 T2; by the house way: set {way.high[0].code} "
            f"{way.high[1].code}), or request house way to see how the house sets them"
        )

    def decided(self, round_: PaiGowRound, command: Command) -> None:
        if isinstance(command, RequestHouseWay | Surrender):
            self.act(round_, command, SEAT)
        else:
            self.take(round_, command)

    def decision(self, round_: PaiGowRound, line: str) -> bool:
        """As every table's, with the co-bank also typed ``co-bank yes``, ``cobank yes`` or
        ``co bank yes`` (621a.11(e)), and a ``take bank`` the table cannot read answered
        with its usage in words."""
        if not re.match(r"take\s+bank\b", line.strip(), re.I):
            return super().decision(round_, line)
        found = re.fullmatch(
            r"take\s+bank\s+(\S+)(?:\s+co[\s-]?bank\s*[=\s]\s*(yes|no))?",
            line.strip(),
            re.I,
        )
        if found is None:
            self.console.print(
                "usage: take bank CHIPS, CHIPS the dollars in value chips that cover the "
                "wagers (e.g. take bank 50); add co-bank yes to have the house cover half of "
                f"them ({SECTIONS.co_bank})",
                markup=False,
            )
            return True
        co_bank = f" co-bank={found[2].lower()}" if found[2] else ""
        return super().decision(round_, f"take bank {found[1]}{co_bank}")

    def check_wallet(self, typed: offered.Typed) -> None:
        """As every table's, but the bank's chips are not a wager: they are the value
        chips that cover the wagers (621a.11(d)(2)), said so where they are more than the
        balance."""
        chips = typed.data.get("chips") if typed.offer.command == "TakeBank" else None
        if isinstance(chips, int) and chips > self.wallet.balance:
            raise InvalidAmount(
                f"{format_cents(chips)} in value chips to cover the wagers is more than "
                f"your balance of {format_cents(self.wallet.balance)}",
                SECTIONS.bank_covers,
            )
        super().check_wallet(typed)

    def place_on(self, round_: PaiGowRound, spot: str, amount: str) -> None:
        if spot == SPOT:
            self.bet(round_, amount)
        else:
            super().place_on(round_, spot, amount)

    def wagers_closed(self, round_: PaiGowRound) -> tuple[str, str] | None:
        """After "no more bets" (621a.7(c)), or once the player's one wager is placed
        (621a.7(a)), no wager may be made; the bank taken is told by the round."""
        if not round_.betting_open():
            return (
                '"no more bets" has been announced; a wager may not be made after it',
                SECTIONS.no_more_bets,
            )
        if round_.view(SEAT)["wagers"]:
            return (
                "your Pai Gow Wager is already placed, and a player places one wager a round",
                SECTIONS.wagers,
            )
        return None

    def take_down(self, round_: PaiGowRound, typed: str) -> None:
        """``remove SPOT``: the wager on the betting area withdrawn before "no more bets"
        (621a.7(c)); after it, the round's refusal with the rule."""
        spot = self.example_spot(typed) or typed
        before = len(round_.events)
        if not self.act(round_, WithdrawWager(seat=SEAT, spot=spot), SEAT):
            return
        for event in round_.events[before:]:
            if isinstance(event, WagerWithdrawn):
                self.console.print(
                    f"{format_cents(event.amount)} withdrawn from the {self.spot_name(SPOT)}. "
                    f"Balance: {format_cents(self.wallet.balance)}",
                    markup=False,
                )

    def choice(self, round_: PaiGowRound, command: LegalCommand) -> Iterable[Choice]:
        if command.command == "TakeBank":
            typed = ", ".join(offered.decision_usages(command))  # the one rule's words
            does = "be the bank, with CHIPS to cover the wagers"
            if "co_bank" in command.fields:
                does += (
                    "; co-bank with the dealer: yes or no (the house covers 50% of the "
                    f"wagers, {SECTIONS.co_bank})"
                )
            yield Choice(typed, does, "", command.cite)
            return
        if command.command == "ChooseDelivery":
            styles = ", ".join(STYLE_NAMES[DeliveryStyle(v)] for v in command.values("style"))
            yield Choice("style NAME", f"the delivery style (NAME: {styles})", "", command.cite)
            return
        if command.command in BANK_WORDS:
            row = self.typed_choice(command)
            yield Choice(row.typed, BANK_WORDS[command.command], row.amount, row.cite)
            return
        if command.command == "PassBank":
            yield Choice("pass bank", "pass the bank to the next player", "", command.cite)
            return
        words = PLAYER_WORDS.get(command.command)
        if words is not None:
            yield Choice(*words, amount_range(command), command.cite)

    def dealer_choices(self, round_: PaiGowRound) -> Iterable[Choice]:
        for command in round_.legal_commands(DEALER):
            if command.command == "AnnounceNoMoreBets":
                styles = ", ".join(STYLE_NAMES[s] for s in self.rules.allowed_styles)
                yield Choice(
                    "style NAME",
                    f"a delivery style of 621a.9 for this round (NAME: {styles})",
                    "",
                    SECTIONS.styles,
                )
                then = (
                    "you, the bank, then shake the dice (621a.11(i))"
                    if round_.state.bank == SEAT
                    else "the dice are shaken and the tiles delivered"
                )
                yield Choice("deal", f'"no more bets": {then}', "", command.cite)
            elif command.command == "SettleWagers":
                yield Choice("deal", "expose the hands and settle the wagers", "", command.cite)

    def choices(self, round_: PaiGowRound) -> Iterable[Choice]:
        """The round's offers (the house way among them, a player bank's too,
        621a.10(a)-(b)), then, while the player's tiles are to be set, the hint."""
        yield from super().choices(round_)
        state = round_.state
        if state.phase is not Phase.SETTING or SEAT not in state.to_set():
            return
        if SEAT in state.pending or not round_.tiles_of(SEAT):
            return
        yield Choice("hint", self.own[0][1], "", "")

    def show_round(self, round_: PaiGowRound) -> None:
        """``show``: the bank held and its chips, the player's tiles once dealt, then his
        wagers and what he may do (every table's)."""
        if round_.state.bank == SEAT:
            covered = (
                f", the house covering half of the wagers (co-banking, {SECTIONS.co_bank})"
                if round_.state.co_bank
                else ""
            )
            self.console.print(
                f"You are the bank, with {format_cents(round_.state.bank_chips)} to cover "
                f"the wagers{covered} ({SECTIONS.bank_covers}).",
                markup=False,
            )
        self.say_tiles(round_)
        super().show_round(round_)

    def dealer_steps(self, round_: PaiGowRound) -> None:
        """The dealer's steps that involve no one's choice, exactly as the table server
        takes them (the game's :meth:`~croupier.game.TablePolicy.dealer_step`), shown."""
        for step in dealer_steps(round_):
            self.act(round_, step, DEALER)

    def act(self, round_: PaiGowRound, command: Command, actor: int | str) -> bool:
        """Send ``command`` for ``actor``; its events shown in the table's words (a bank's
        round's too, :func:`_bank_round`) and the wallet moved; where it ends a round the
        player banks, the chips that came back said."""
        before = self.wallet.balance
        try:
            events = round_.handle(command, actor)  # type: ignore[arg-type]
        except IllegalCommand as error:
            self.refuse(error)
            return False
        self.wallet.apply(round_, events)
        for event in events:
            if isinstance(event, WORDED):
                self.show([event])
            elif said := _bank_round(event):
                self.say_bank(round_, event, said)
        if round_.finished and round_.state.bank == SEAT:
            self.moved(before)
        return True

    def say_bank(self, round_: PaiGowRound, event: Event, said: str) -> None:
        """A bank round's event said; the player's bank settled says its value chips come
        back with its result (621a.11(o))."""
        if isinstance(event, BankSettled) and event.seat == SEAT:
            chips = format_cents(round_.state.bank_chips)
            words, _, cite = said.rpartition(" (")
            said = f"{words}; its {chips} in value chips come back with it ({cite}"
        self.console.print(said, markup=False)

    def played_out(self, round_: PaiGowRound, events: list[Event]) -> None:
        """The round played out as the player leaves; where he held the bank, what came
        back to his balance said."""
        before = self.wallet.balance
        super().played_out(round_, events)
        if round_.state.bank == SEAT:
            self.moved(before)

    def bet(self, round_: PaiGowRound, text: str) -> None:
        amount = self.money(text, SECTIONS.wagers)
        if amount is None:
            return
        if self.act(round_, PlaceWager(seat=SEAT, amount=amount), SEAT):
            self.console.print(
                f"{format_cents(amount)} wagered. Balance: {format_cents(self.wallet.balance)}"
            )

    def choose_style(self, round_: PaiGowRound, name: str) -> None:
        """The style of 621a.9 named in words (``jung quat``; ``_`` or ``-`` for a space):
        the banking player's choice where the round offers it to him now (621a.11(i)),
        else, while "no more bets" may be announced, the one this round is delivered by;
        a style the table does not allow, or a choice not on offer now, refused."""
        style = _named_style(name)
        if style is None:
            allowed = ", ".join(STYLE_NAMES[s] for s in self.rules.allowed_styles)
            self.refused(
                f"no style {typed_back(name)}; this table allows {allowed}", SECTIONS.styles
            )
            return
        if (refusal := self.rules.style_refusal(style)) is not None:
            self.refused(refusal, SECTIONS.styles)
            return
        if any(o.command == "ChooseDelivery" for o in round_.legal_commands(SEAT)):
            self.take(round_, ChooseDelivery(style=style))
            return
        if round_.state.phase is not Phase.BETTING:
            self.refused(self.no_style_now(round_), SECTIONS.styles)
            return
        self.style = style
        self.console.print(f"The tiles will be delivered {_delivered(style)}.")

    def no_style_now(self, round_: PaiGowRound) -> str:
        """Why no delivery style may be chosen now (it is chosen for the round before its
        deal, 621a.9, or by a player bank after "no more bets", 621a.11(i))."""
        state = round_.state
        if state.phase is Phase.BANK_OFFER and state.offered == SEAT:
            return "the bank is offered to you: take bank CHIPS or pass bank first"
        if state.phase in (Phase.MIXING, Phase.CUT, Phase.BANK_OFFER):
            return "a delivery style is chosen once the tiles are mixed and cut"
        if state.style is not None:
            return f"the tiles are already to be delivered {_delivered(state.style)}"
        return "the delivery style is chosen before the dice are shaken"

    def deal(self, round_: PaiGowRound) -> None:
        """``deal``: "no more bets", the style chosen (by the dealer, or by the player
        as the bank, 621a.11(i)), and the dealer's steps; a player bank shakes next."""
        if not self.act(round_, AnnounceNoMoreBets(), DEALER):
            return
        chooser = SEAT if round_.state.bank == SEAT else DEALER
        if self.style is not None and not self.act(
            round_, ChooseDelivery(style=self.style), chooser
        ):
            self.style = None
        self.dealer_steps(round_)  # the shake (or the RNG number) and the deal
        if not round_.tiles_of(SEAT):  # a player bank shakes first (621a.11(i)): say how
            self.show_legal(round_)
        self.say_tiles(round_)

    def say_tiles(self, round_: PaiGowRound) -> None:
        """The player's four tiles as his view shows them, once dealt, and how to set
        them (621a.10(a)); nothing before they are dealt."""
        tiles = round_.view(SEAT).get("my_tiles", {}).get(str(SEAT), [])
        if len(tiles) < 2:
            return
        how = (
            f" Set them by naming two as shown, e.g. set {tiles[0]} {tiles[1]}: those two "
            "make one hand, the other two the other."
            if SEAT in round_.state.to_set()
            else ""
        )
        self.console.print(f"Your tiles: {' '.join(tiles)}.{how}")

    def set_hands(self, round_: PaiGowRound, a: str, b: str, *, asked: bool = True) -> None:
        """Set the player's tiles ``a`` and ``b`` together; the dealer then sets his hands.
        ``asked``: the player is asked to surrender or show (not when he is leaving and
        his hand is played out for him)."""
        if not self.act(round_, SetHands(seat=SEAT, together=(a, b)), SEAT):
            return
        if round_.state.phase is Phase.DEALER_SETTING:
            self.dealer_steps(round_)  # the dealer's hands by the house way, a bank's settled
            if not asked or round_.finished:
                return
            if any(o.command == "Surrender" for o in round_.legal_commands(SEAT)):
                self.console.print("Surrender, or deal to expose and settle.")
            else:  # a bank's hands: surrender is a wager's (621a.10(e))
                self.console.print("Deal to expose the hands and settle.")

    def hint(self, round_: PaiGowRound) -> None:
        tiles = round_.tiles_of(SEAT)
        if round_.state.phase is not Phase.SETTING or not tiles:
            self.console.print("A hint is for the four tiles you are setting.")
            return
        from croupier.analysis.exact.pai_gow import optimal_setting

        self.console.print("Working out every dealer hand of the 28 other tiles...")
        advice = optimal_setting(tiles, self.rules.dealer_way)
        table = Table(title="Your settings against the house way (expected result per $1)")
        for column in ("High hand", "Low hand", "Expected", ""):
            table.add_column(column)
        for row in _distinct_settings(advice):
            table.add_row(*row)
        self.console.print(table)
        best = advice.setting
        self.console.print(f"Hint: set {best.high[0].code} {best.high[1].code}", markup=False)

    def finish_by_house_way(self, round_: PaiGowRound) -> None:
        """The player leaves: his hand (if any, and not set by him already) is set by the
        house way, and settled."""
        state = round_.state
        if state.phase in (Phase.MIXING, Phase.BETTING):
            self.deal(round_)
        if round_.state.phase is Phase.SETTING:
            setting = self.rules.dealer_way.set(round_.tiles_of(SEAT))
            self.set_hands(round_, setting.high[0].code, setting.high[1].code, asked=False)
        if not round_.finished:
            self.act(round_, SettleWagers(), DEALER)

    def shown(self, round_: PaiGowRound, events: list[Event]) -> None:
        """The events this table words (:meth:`show`) its way, any other in plain words
        (a bank taken or passed, a cut, the dealer's wager); the tiles delivered after a
        player bank's shake, shown to him."""
        for event in events:
            if isinstance(event, WORDED):
                self.show([event])
            elif (said := _bank_round(event)) is not None:
                if said:
                    self.say_bank(round_, event, said)
            else:
                super().shown(round_, [event])
        if any(isinstance(e, TilesDelivered) for e in events) and SEAT not in round_.state.settings:
            self.say_tiles(round_)

    def show(self, events: list[Event]) -> None:
        for event in events:
            match event:
                case DiceShaken(faces=faces, total=total):
                    dice = " ".join(str(face) for face in faces)
                    self.console.print(f"Dice: {dice}, total {total} ({event.cite})")
                case NumberDrawn(number=number):
                    self.console.print(f"The RNG shows {number} ({event.cite})")
                case StartingPositionCounted(position=position):
                    self.console.print(
                        f"The first stack of four tiles goes to {_position(position)} "
                        f"({event.cite})"
                    )
                case HouseWayShown(high=high, low=low, rule=rule):
                    self.console.print(
                        f"The house would set high {_hand([t.code for t in high])}, low "
                        f"{_hand([t.code for t in low])} ({_way_rule(rule)}; {event.cite})",
                        markup=False,
                    )
                case DealerHandsSet(high=high, low=low) | DealerHandsReset(high=high, low=low):
                    self.console.print(
                        f"Dealer: high {_hand([t.code for t in high])}, low "
                        f"{_hand([t.code for t in low])} ({event.cite})",
                        markup=False,
                    )
                case HandsExposed(seat=seat, high=high, low=low, result=result) if seat == SEAT:
                    said = f": {result}" if result else " (the bank's hands)"
                    self.console.print(
                        f"You: high {_hand([t.code for t in high])}, low "
                        f"{_hand([t.code for t in low])}{said}",
                        markup=False,
                    )
                case VigorishCollected(seat=seat, amount=amount) if seat == SEAT:
                    self.console.print(f"Vigorish {format_cents(amount)} ({event.cite})")
                case WagerSettled() if event.seat == SEAT:
                    self.console.print(self.settlement_line(event), markup=False)

    @staticmethod
    def settlement_line(event: WagerSettled) -> str:
        if event.outcome is Outcome.WIN:
            result = f"wins {signed(event.won)}"
        elif event.outcome in (Outcome.LOSE, Outcome.SURRENDER):
            result = f"{event.outcome.value}: {signed(-event.amount)}"
        else:
            result = f"{event.outcome.value}: {format_cents(event.returned)} returned"
        return f"Wager {format_cents(event.amount)} {result} ({event.cite})"


play = play_command(
    PaiGowRules, PaiGowPlay, "Play Pai Gow at seat 1 with play money; commands are read from stdin."
)
