"""`croupier play criss-cross-poker`: one player (seat 1) at a Criss-Cross Poker table;
the program deals as the dealer (ch. 674a).

The program shuffles, cuts (a manual shuffle, 674a.5(d)), deals the cross and the
player's two cards, handles the stub (counted every round, as the server counts it,
674a.8(f)), turns up the community cards and settles; the player places the antes (and
the Five Card Bonus where offered), then makes the Across, Down and Middle Bets or folds.
``hint`` gives the optimal decision, computed exactly for the cards in view.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from rich.console import Console
from rich.table import Table

from croupier.citations import shown
from croupier.cli.tables import offered
from croupier.cli.tables.base import (
    SEAT,
    CardTerminal,
    Choice,
    core_lines,
    play_command,
    typed_dollars,
)
from croupier.cli.tables.terminal import amount_range, card_said, cards_said
from croupier.engine import Command, Event, LegalCommand, WagerPlaced, WagerSettled
from croupier.equipment.cards import Card
from croupier.errors import IllegalCommand
from croupier.games.criss_cross_poker import (
    DECISION_PHASES,
    AnnounceNoMoreBets,
    CardDiscarded,
    CommunityCardsTurned,
    CrissCrossPokerRound,
    CrissCrossPokerTable,
    CutCards,
    Fold,
    HandsTurnedUp,
    PlaceAntes,
    PlaceWager,
    StubDiscarded,
    WagerWithdrawn,
    WithdrawWager,
)
from croupier.money import Cents, format_cents
from croupier.rng import Rng
from croupier.rules.criss_cross_poker import (
    BET_SECTIONS,
    SECTIONS,
    SPOT_LABELS,
    CrissCrossPokerRules,
    Spot,
)

HELP = """\
How Criss-Cross Poker plays: you place the Ante Across and Ante Down, equal wagers
of AMOUNT dollars each (cents may be given: 12.50), and the Five Card Bonus where the
table offers it; before the deal the Ante Across (both antes) or the Five Card Bonus may
be taken back. The dealer shuffles, cuts and deals; then you make the bet asked now (bet
across AMOUNT, then down, then middle) at one to three times the ante, or fold: the antes
and bets are forfeited (a Five Card Bonus stays). A hint gives the optimal decision now, exact (the
first hint compiles, about 10 s)."""

DECISIONS = ("fold",)
"""The decisions the rounds offer, typed by the one rule (:attr:`~Terminal.decisions`);
the Across, Down and Middle Bets the dealer asks for are wagers, ``bet across AMOUNT``."""
GRAMMAR = (*core_lines(dice=False, lone=True), *DECISIONS)
"""The usage of each command the table reads (:attr:`~Terminal.grammar`)."""

BET_WORDS = {
    Spot.ACROSS: "the Across Bet: one to three times the Ante Across Wager",
    Spot.DOWN: "the Down Bet: one to three times the Ante Down Wager",
    Spot.MIDDLE: "the Middle Bet: one to three times the Ante Across or Ante Down Wager",
}
"""The three bets as 674a.11(b), (d) and (f) ask for them."""


class CrissCrossPokerTerminal(CardTerminal[CrissCrossPokerRules, CrissCrossPokerRound]):
    """One player (seat 1) with a wallet at a Criss-Cross Poker table; the program deals."""

    help = HELP
    grammar = GRAMMAR
    decisions = DECISIONS
    worded_with = frozenset({"PlaceAntes"})  # bet antes AMOUNT, bet AMOUNT
    own = (("hint", "the optimal decision now"),)
    seated_only = SECTIONS.seated_only
    most_when_left_out = frozenset(BET_WORDS)  # one to three times the ante (674a.11)

    def __init__(
        self, rules: CrissCrossPokerRules, rng: Rng, balance: Cents, console: Console
    ) -> None:
        super().__init__(rules, rng, balance, console)
        self.table = CrissCrossPokerTable.start(rules, "play", datetime.now(UTC))

    def limits(self) -> str:
        rules = self.rules
        line = (
            f"Table limits: each Ante Wager {format_cents(rules.minimum_wager)} to "
            f"{format_cents(rules.maximum_wager)}"
        )
        if rules.five_card_bonus:
            low, high = rules.bonus_limits()
            line += f"; Five Card Bonus Wager {format_cents(low)} to {format_cents(high)}"
        return line + "."

    def below_minimum(self) -> str | None:
        if self.wallet.balance < 2 * self.rules.minimum_wager:
            return "Your balance is below two table-minimum antes."
        return None

    def command(self, round_: CrissCrossPokerRound, line: str) -> None:
        match line.split():
            case []:
                pass
            case ["hint"]:
                self.hint(round_)
            case _:
                self.unknown(line)

    def deal_now(self, round_: CrissCrossPokerRound) -> None:
        self.deal(round_)

    def example_spot(self, typed: str) -> str | None:
        """A spot by its name on the layout, ``antes`` (or ``ante``: both antes) or
        ``bonus`` (the Five Card Bonus); the Five Card Bonus by its name even where this
        table does not offer it, so the round says why (674a.7(e))."""
        said = {"antes": "antes", "ante": "antes", "bonus": Spot.FIVE_CARD_BONUS}
        said |= {offered.key(SPOT_LABELS[Spot.FIVE_CARD_BONUS]): Spot.FIVE_CARD_BONUS}
        return said.get(offered.key(typed)) or super().example_spot(typed)

    def amount_example(self, round_: CrissCrossPokerRound) -> str:
        """The wager open now as it is typed, its spot named: ``bet antes 5`` (674a.7(d)),
        ``bet across 10`` (674a.11(b)); ``bet 5`` names no spot."""
        first = next(iter(self.open_spots(round_)), None)
        if first is None:
            return super().amount_example(round_)
        typed = "antes" if first == "antes" else self.spot_name(first).lower()
        return f"bet {typed} {typed_dollars(self.least_amount(round_, first))}"

    def open_spots(self, round_: CrissCrossPokerRound) -> list[str]:
        antes = any(c.command == "PlaceAntes" for c in round_.legal_commands(SEAT))
        return ["antes"] * antes + super().open_spots(round_)

    def place_on(self, round_: CrissCrossPokerRound, spot: str, amount: str) -> None:
        if spot in ("antes", Spot.ANTE_ACROSS, Spot.ANTE_DOWN):
            self.wager(round_, "antes", amount)
        elif spot == Spot.FIVE_CARD_BONUS:
            self.wager(round_, spot, amount)
        elif spot in BET_WORDS:  # the bet the dealer asks for (674a.11), or refused
            stake = self.money(amount, BET_SECTIONS[Spot(spot)])
            if stake is not None:
                self.decide(round_, PlaceWager(seat=SEAT, spot=spot, amount=stake))
        else:
            super().place_on(round_, spot, amount)

    def unnamed_removals(self, round_: CrissCrossPokerRound) -> list[str]:
        """The Ante Across and the Ante Down are one choice, ``antes``: either name takes
        both back (674a.7(d)); the Five Card Bonus another."""
        antes = (Spot.ANTE_ACROSS, Spot.ANTE_DOWN)
        spots = ("antes" if spot in antes else spot for spot in self.removable_spots(round_))
        return list(dict.fromkeys(spots))

    def removal_later(self, round_: CrissCrossPokerRound) -> str:
        """The antes, where the Five Card Bonus is down with them before "no more bets":
        they may be withdrawn too (674a.7(c)), but after the Five Card Bonus, which is made
        after them (674a.7(e)); a bare ``remove`` asks, naming both."""
        now = self.removable_spots(round_)
        down = self.wagers_down(round_)
        if Spot.FIVE_CARD_BONUS not in now or Spot.ANTE_ACROSS in now:
            return ""
        if Spot.ANTE_ACROSS not in down:
            return ""
        return (
            f"your antes (Ante Across {format_cents(down[Spot.ANTE_ACROSS])}, Ante Down "
            f"{format_cents(down.get(Spot.ANTE_DOWN, 0))}) may be taken down too, after the "
            "Five Card Bonus, which is made only after them "
            f"({shown(SECTIONS.five_card_bonus)})"
        )

    def take_down(self, round_: CrissCrossPokerRound, typed: str) -> None:
        """The antes (both, by either, or by ``across``/``down`` where no Across or Down
        Bet may be withdrawn) or the Five Card Bonus withdrawn (674a.7(c)), every cent
        that came back said with the balance."""
        spot = self.example_spot(typed) or typed
        removable = self.removable_spots(round_)
        if spot in (Spot.ACROSS, Spot.DOWN) and spot not in removable:
            spot = "antes" if Spot.ANTE_ACROSS in removable else spot
        spot = Spot.ANTE_ACROSS if spot == "antes" else spot
        before = self.wallet.balance
        events = self.act(round_, WithdrawWager(seat=SEAT, spot=spot)) or []
        taken = [
            f"{format_cents(e.amount)} from the {self.spot_name(e.spot)}"
            for e in events
            if isinstance(e, WagerWithdrawn)
        ]
        if taken:
            self.console.print(
                f"{' and '.join(taken)} withdrawn: "
                f"{format_cents(self.wallet.balance - before)} came back to your balance. "
                f"Balance: {format_cents(self.wallet.balance)}",
                markup=False,
            )

    def choice(self, round_: CrissCrossPokerRound, command: LegalCommand) -> Iterable[Choice]:
        amount = amount_range(command)
        match command.command, command.spots:
            case "PlaceAntes", _:
                yield Choice(
                    "bet antes AMOUNT",
                    "the Ante Across and Ante Down Wagers, AMOUNT each",
                    amount,
                    command.cite,
                )
            case "PlaceWager", (Spot.FIVE_CARD_BONUS,):
                yield Choice("bet bonus AMOUNT", "the Five Card Bonus Wager", amount, command.cite)
            case "PlaceWager", (spot,):
                typed = f"bet {self.spot_name(spot)} AMOUNT"
                yield Choice(typed, BET_WORDS[Spot(spot)], amount, command.cite)
            case "Fold", _:
                bet = str(DECISION_PHASES.get(round_.state.phase, Spot.ACROSS)).title()
                yield Choice(
                    "fold",
                    f"no {bet} Bet: the antes and bets are collected (a Five Card Bonus stays)",
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

    def wager(self, round_: CrissCrossPokerRound, spot: str, text: str) -> None:
        cite = SECTIONS.antes if spot == "antes" else SECTIONS.five_card_bonus
        amount = self.money(text, cite, times=2 if spot == "antes" else 1)
        if amount is None:
            return
        command: Command = (
            PlaceAntes(seat=SEAT, ante_across=amount, ante_down=amount)
            if spot == "antes"
            else PlaceWager(seat=SEAT, spot=spot, amount=amount)
        )
        before = self.wallet.balance
        if self.act(round_, command) is not None:
            placed = (
                f"{format_cents(amount)} on the Ante Across and {format_cents(amount)} on "
                "the Ante Down"
                if spot == "antes"
                else f"{format_cents(amount)} on the {self.spot_name(spot)}"
            )
            held = round_.state.wagers[SEAT].get(Spot.ANTE_ACROSS) if spot == "antes" else None
            if held is not None and held != amount:  # added to antes already placed
                placed += f", {format_cents(held)} on each ante now"
            left = format_cents(before - self.wallet.balance)
            self.console.print(
                f"{placed}: {left} left your balance. Balance: {format_cents(self.wallet.balance)}",
                markup=False,
            )

    def announce(self, round_: CrissCrossPokerRound, step: Command) -> None:
        if isinstance(step, CutCards):
            self.console.print(
                f"Cut: the cover card {step.position} cards in from the top "
                f"({round_.events[-1].cite})"
            )

    def deal(self, round_: CrissCrossPokerRound) -> None:
        try:
            self.dealer(round_, AnnounceNoMoreBets())
        except IllegalCommand as error:
            self.refuse(error)
            return
        self.dealer_steps(round_)  # shuffle, cut, deal, the stub
        hand = round_.view(SEAT)["hands"][str(SEAT)]
        self.console.print(
            f"Your cards: {cards_said(hand[:2])}. {self.asked(round_)}", markup=False
        )

    def asked(self, round_: CrissCrossPokerRound) -> str:
        """The bet the dealer asks for now, as typed: ``Across Bet: bet across AMOUNT (one
        to three times the ante) or fold?``."""
        bet = DECISION_PHASES.get(round_.state.phase, Spot.ACROSS)
        name = self.spot_name(bet)
        return f"{name} Bet: bet {name.lower()} AMOUNT (one to three times the ante) or fold?"

    def decided(self, round_: CrissCrossPokerRound, command: Command) -> None:
        self.decide(round_, command)

    def decide(self, round_: CrissCrossPokerRound, command: Command) -> None:
        events = self.act(round_, command)
        if events is None:
            return
        self.show(events)
        self.dealer_steps(round_)  # community cards turned once everyone has decided
        if round_.state.to_act() == SEAT:
            self.console.print(self.asked(round_), markup=False)

    def abandon(self, round_: CrissCrossPokerRound) -> None:
        if round_.state.phase == "betting":
            self.deal(round_)
        if round_.state.to_act() == SEAT:
            self.decide(round_, Fold(seat=SEAT))

    def hint(self, round_: CrissCrossPokerRound) -> None:
        from croupier.analysis.exact.criss_cross_poker import (
            across_value,
            down_value,
            middle_value,
        )

        state = round_.state
        if state.to_act() != SEAT:
            self.console.print("There is no decision to make now.")
            return
        view = round_.view(SEAT)
        own = view["hands"][str(SEAT)]
        player = (int(Card.parse(own[0])), int(Card.parse(own[1])))
        cross = view["cross"]
        ante = state.wagers[SEAT]["ante_across"]  # type: ignore[index]
        made = {s: a // ante for s, a in state.wagers[SEAT].items()}
        if state.phase == "across":
            choice, value = across_value(player)
        else:
            left, right = int(Card.parse(cross["left"])), int(Card.parse(cross["right"]))
            a = made["across"]  # type: ignore[index]
            if state.phase == "down":
                choice, value = down_value(player, (left, right), a)
            else:
                far, near = int(Card.parse(cross["far"])), int(Card.parse(cross["near"]))
                d = made["down"]  # type: ignore[index]
                choice, value = middle_value(player, (left, right), (far, near), a, d)
        bet = self.spot_name(DECISION_PHASES.get(state.phase, Spot.ACROSS)).lower()
        advice = "fold" if choice == 0 else f"bet {bet} {typed_dollars(choice * ante)}"
        self.console.print(
            f"Optimal: {advice} (expected net {float(value):+.4f} antes for the round)."
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
                case CommunityCardsTurned(positions=positions, cards=cards):
                    shown = ", ".join(
                        f"{p}: {card_said(c)}" for p, c in zip(positions, cards, strict=True)
                    )
                    self.console.print(f"Turned up {shown} ({event.cite})")
                case HandsTurnedUp(seat=seat, across=across, down=down) if seat == SEAT:
                    self.console.print(f"Across Hand: {across}; Down Hand: {down}")
                case WagerPlaced(seat=seat, spot=spot, amount=amount) if seat == SEAT:
                    self.confirm_placed(amount, self.spot_name(spot), event.cite)
                case WagerSettled() if event.seat == SEAT:
                    settlements.add_row(*self.settlement_row(event))
        if settlements.row_count:
            self.console.print(settlements)


play = play_command(
    CrissCrossPokerRules,
    CrissCrossPokerTerminal,
    "Play Criss-Cross Poker at seat 1 with play money; commands are read from stdin.",
)
