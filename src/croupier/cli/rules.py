"""`croupier rules check | show`: validate a Rules Submission and print its table sign.

``check FILE`` loads and validates a submission (exit 2 with the cited error if the
regulation does not allow it). ``show FILE`` prints what the table's sign must say.

- High Roll Dice: the payout odds of every wager offered (675a.1(b)(3), 675a.6(b),
  593.1(b)(3)), the equal-value inscription (675a.1(b)(2)(iv), 675a.6(b)(3),
  593.1(b)(2)(iv)), the aggregate payout limit where one is set (675a.1(b)(4)) and the
  table limits.
- Go Fore It: the payout odds of every wager with the Gopher paytable selected
  (676a.2(b)(3), 676a.12) and the Skins tie inscription (676a.2(b)(4)).
- Criss-Cross Poker: the payout odds of every wager offered, the Ante Across and Ante
  Down Wagers (674a.12(a)), the Across, Down and Middle Bets (674a.12(b)) and, where
  offered, the Five Card Bonus Wager (674a.12(c)) (674a.2(b)(5)); the aggregate payout
  limit where one is set (674a.2(b)(6), 674a.12(d)); and the table limits.
- Double Back Jack: the inscriptions of 673a.2(b)(4)(i)-(iii) (Blackjack and Insurance
  pay 2 to 1; the dealer draws to 16 and stands on all 17s; a dealer 22 pushes, player
  21 pays right away, Second Chance pays even money) and the payout odds of every wager
  (673a.2(b)(5), 673a.12), with the double down, split, surrender and Insurance limits.
- Pai Gow: ch. 621a requires no payout sign or inscription (621a.2(b) asks the layout
  for the name or logo, the betting areas and the Dead Hand only); ``show`` prints the
  payout the rules set, 1 to 1 less the vigorish (621a.10(g)-(k), 621a.11), saying so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from croupier.errors import RulesSubmissionError
from croupier.money import FixedPrize, format_cents, format_odds
from croupier.rules import RulesSubmission, load
from croupier.rules.criss_cross_poker import (
    ANTE_ODDS,
    BET_ODDS,
    BONUS_ODDS,
    MAX_BET_MULTIPLE,
    PAYLINE_ORDER,
    CrissCrossPokerRules,
    Payline,
)
from croupier.rules.double_back_jack import (
    BLACKJACK_ODDS,
    DEALER_PUSH_TOTAL,
    DEALER_STANDS_ON,
    INSURANCE_ODDS,
    MAX_HANDS,
    SECOND_CHANCE_ODDS,
    WIN_ODDS,
    DoubleBackJackRules,
)
from croupier.rules.go_fore_it import (
    BACK_9_ODDS,
    FRONT_9_ODDS,
    PAR,
    SCORE_BOUNDS,
    SKINS_ODDS,
    GoForeItRules,
    Spot,
)
from croupier.rules.high_roll_dice import NO_MATCH, HighRollDiceRules, Variant
from croupier.rules.pai_gow import PAYOUT_ODDS, PaiGowRules
from croupier.rules.pai_gow import SECTIONS as PAI_GOW_SECTIONS

RulesFile = Annotated[
    Path,
    typer.Argument(exists=True, dir_okay=False, readable=True, help="A Rules Submission (TOML)."),
]


def load_or_exit(path: Path) -> RulesSubmission:
    """The submission in ``path``; prints the cited error and exits 2 if it is refused."""
    try:
        return load(path)
    except RulesSubmissionError as error:
        message = str(error)
    except (OSError, UnicodeDecodeError) as error:
        message = f"cannot read the file: {error}"
    typer.echo(f"{path}: {message}", err=True)
    raise typer.Exit(2)


# --- High Roll Dice --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Sign:
    """What a variant's text requires the sign to say, and where."""

    title: str
    odds_cite: str
    limit_cite: str | None
    inscription: str


_HIGH_ROLL_DICE_SIGNS: dict[Variant, _Sign] = {
    Variant.TEN_DICE: _Sign(
        title="High Roll Dice (58 Pa. Code ch. 675a)",
        odds_cite="675a.1(b)(3)",
        limit_cite="675a.1(b)(4)",
        inscription="All Pip Street and Like Kind Boulevard Wagers and the purchase "
        "of an Extra Roll must be of equal value.",
    ),
    Variant.SIX_DICE: _Sign(
        title="High Roll Dice, six-dice variation (58 Pa. Code 675a.6)",
        odds_cite="675a.6(b); 675a.1(b)(3)",
        limit_cite="675a.6(b); 675a.1(b)(4)",
        inscription="All wagers must be of equal value.",
    ),
    Variant.TEN_DICE_2014: _Sign(
        title="High Roll Dice, 2014 rules (58 Pa. Code ch. 593)",
        odds_cite="593.1(b)(3)",
        limit_cite=None,
        inscription="All Pip Street, Like Kind Boulevard and Extra Roll Wagers must be "
        "of equal value.",
    ),
}

_PIP_NAMES = {1: "One/ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}
_COUNT_NAMES = {NO_MATCH: "No matches"} | {
    count: f"{name}-of-a-kind"
    for count, name in zip(
        range(2, 11),
        ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"),
        strict=True,
    )
}


def _paytable(
    title: str, heading: str, rows: list[tuple[str, str]], payout: str = "Payout odds"
) -> Group:
    table = Table(show_edge=False)
    table.add_column(heading)
    table.add_column(payout, justify="right")
    for label, odds in rows:
        table.add_row(label, odds)
    return Group(Text(""), Text(title, style="bold"), table)


def _odds_rows(odds: dict[int, Fraction], names: dict[int, str]) -> list[tuple[str, str]]:
    return [(names[key], format_odds(value)) for key, value in odds.items()]


def _prize_rows(prizes: dict[int, FixedPrize]) -> list[tuple[str, str]]:
    return [(_COUNT_NAMES[count], str(prize)) for count, prize in prizes.items()]


def high_roll_dice_sign(rules: HighRollDiceRules) -> RenderableType:
    """The table sign of a High Roll Dice submission (payout odds, inscription, limits)."""
    sign, s = _HIGH_ROLL_DICE_SIGNS[rules.variant], rules.sections
    parts: list[RenderableType] = [
        Text(sign.title, style="bold"),
        Text("Rules Submission sha256"),
        Text(rules.sha256()),
        Text(""),
        Text(f"PAYOUT ODDS ({sign.odds_cite})", style="bold"),
        _paytable(
            f"Pip Street Wager ({s.pip_street_odds})",
            "Die value with most matches",
            _odds_rows(rules.pip_street_odds, _PIP_NAMES),
        ),
        _paytable(
            f"Like Kind Boulevard Wager ({s.like_kind_odds})",
            "Most matching dice",
            _odds_rows(rules.like_kind_odds, _COUNT_NAMES),
        ),
    ]
    if rules.extra_roll_odds is not None:
        parts.append(
            _paytable(
                f"Like Kind Boulevard Wager on the Extra Roll ({s.extra_roll_odds})",
                "Matching dice after the Extra Roll",
                _odds_rows(rules.extra_roll_odds, _COUNT_NAMES),
            )
        )
    if rules.millionaire_row_prizes is not None:
        parts.append(
            _paytable(
                f"Millionaire Row Wager, First Roll Side Bet ({s.millionaire_row_prizes})",
                "Matching dice on the first roll",
                _prize_rows(rules.millionaire_row_prizes),
                payout="Payout",
            )
        )
    parts += [Text(""), Text(f"{sign.inscription} ({s.equal_value})", style="bold")]
    if rules.payout_limit is not None:
        assert sign.limit_cite is not None and s.payout_limit is not None
        excluded = ", Millionaire Row Wagers excluded" if rules.millionaire_row_prizes else ""
        parts.append(
            Text(
                f"Payout limit: {format_cents(rules.payout_limit)} per player per round of "
                f"play{excluded} ({sign.limit_cite}; {s.payout_limit})"
            )
        )
    limits = (
        f"Table limits: {format_cents(rules.minimum_wager)} minimum, "
        f"{format_cents(rules.maximum_wager)} maximum"
    )
    if rules.millionaire_row_prizes is not None:
        low, top = format_cents(rules.millionaire_row_minimum), format_cents(100)
        row = top if low == top else f"{low} to {top}"
        limits += f"; Millionaire Row {row} ({s.millionaire_row})"
    parts.append(Text(limits))
    return Group(*parts)


# --- Go Fore It --------------------------------------------------------------------------
GO_FORE_IT_SKINS_TIE = "Skins Wager loses if the dealer's hand and the player's hand tie."
"""The inscription of 676a.2(b)(4)."""

_ACE_NAMES = {4: "Four aces", 3: "Three aces", 2: "Two aces", 1: "One ace"}


def _limits(low: int, high: int) -> str:
    return f"{format_cents(low)} to {format_cents(high)}"


def go_fore_it_sign(rules: GoForeItRules) -> RenderableType:
    """The table sign of a Go Fore It submission: the payout odds of every wager, the
    Gopher paytable selected (676a.2(b)(3), 676a.12), the Skins tie inscription
    (676a.2(b)(4)) and the table limits."""
    s = rules.sections
    fewest = min(low for low, _ in SCORE_BOUNDS.values())
    back_rows = []
    for score, odds in BACK_9_ODDS.items():
        low, high = SCORE_BOUNDS[score]
        totals = f"{high} or less" if low == fewest else f"{low} to {high}"
        name = score.value.replace("_", " ").title()
        back_rows.append((f"{name} ({totals})", format_odds(odds)))
    paytable = rules.gopher_paytable.value.upper()
    front = _limits(*rules.limits(Spot.FRONT_9))
    return Group(
        Text("Go Fore It (58 Pa. Code ch. 676a)", style="bold"),
        Text("Rules Submission sha256"),
        Text(rules.sha256()),
        Text(""),
        Text("PAYOUT ODDS (676a.2(b)(3))", style="bold"),
        _paytable(
            f"Front 9 Wager ({s.front_9_odds})",
            "Player's hand",
            [(f"Total of {PAR} or less", format_odds(FRONT_9_ODDS))],
        ),
        _paytable(f"Back 9 Wager ({s.back_9_odds})", "Player's score (total)", back_rows),
        _paytable(
            f"Skins Wager ({s.skins_odds})",
            "Player's hand",
            [("Total less than the dealer's", format_odds(SKINS_ODDS))],
        ),
        _paytable(
            f"Gopher Wager, paytable {paytable} ({s.gopher_odds})",
            "Aces in the player's hand",
            _odds_rows(rules.gopher_odds, _ACE_NAMES),
        ),
        Text(""),
        Text(f"{GO_FORE_IT_SKINS_TIE} (676a.2(b)(4); {s.lose_skins})", style="bold"),
        Text(
            f"Table limits: Front 9 and Back 9 {front}; "
            f"Skins {_limits(*rules.limits(Spot.SKINS))}; "
            f"Gopher {_limits(*rules.limits(Spot.GOPHER))}"
        ),
    )


# --- Criss-Cross Poker ---------------------------------------------------------------------
_HAND_NAMES: dict[Payline, str] = {
    Payline.ROYAL_FLUSH: "Royal flush",
    Payline.STRAIGHT_FLUSH: "Straight flush",
    Payline.FOUR_OF_A_KIND: "Four-of-a-kind",
    Payline.FULL_HOUSE: "Full house",
    Payline.FLUSH: "Flush",
    Payline.STRAIGHT: "Straight",
    Payline.THREE_OF_A_KIND: "Three-of-a-kind",
    Payline.TWO_PAIR: "Two pair",
    Payline.JACKS_OR_BETTER: "Pair of jacks, queens, kings or aces",
    Payline.SIXES_TO_TENS: "Pair of 6s through 10s",
}
_OR_BETTER: dict[Payline, str] = {
    Payline.JACKS_OR_BETTER: "Pair of jacks or better",
    Payline.SIXES_TO_TENS: "Pair of 6s or better",
}


def _poker_rows(odds: Mapping[Payline, Fraction | None]) -> list[tuple[str, str]]:
    """The rows of a 674a.12 paytable, best hand first (``None`` is a push). Adjacent
    lines that pay alike down to a pair are one row, "Pair of ... or better", as the
    regulation prints them (674a.12(a), (c))."""
    rows: list[tuple[str, str]] = []
    lines = sorted(odds, key=PAYLINE_ORDER.index, reverse=True)
    for payout, group in groupby(lines, key=lambda line: odds[line]):
        run = list(group)
        text = "Push" if payout is None else format_odds(payout)
        if len(run) > 1 and run[-1] in _OR_BETTER:
            rows.append((_OR_BETTER[run[-1]], text))
        else:
            rows += [(_HAND_NAMES[line], text) for line in run]
    return rows


def criss_cross_poker_sign(rules: CrissCrossPokerRules) -> RenderableType:
    """The table sign of a Criss-Cross Poker submission: the payout odds of every
    permissible wager (674a.2(b)(5)): the antes (674a.12(a)), the Across, Down and Middle
    Bets (674a.12(b)) and, where offered, the Five Card Bonus (674a.12(c)); the aggregate
    payout limit where one is set (674a.2(b)(6), 674a.12(d)); and the table limits."""
    s = rules.sections
    parts: list[RenderableType] = [
        Text("Criss-Cross Poker (58 Pa. Code ch. 674a)", style="bold"),
        Text("Rules Submission sha256"),
        Text(rules.sha256()),
        Text(""),
        Text("PAYOUT ODDS (674a.2(b)(5))", style="bold"),
        _paytable(
            f"Ante Across and Ante Down Wagers ({s.ante_odds})",
            "Across Hand or Down Hand",
            _poker_rows(ANTE_ODDS),
        ),
        _paytable(
            f"Across, Down and Middle Bets ({s.bet_odds})",
            "Across Hand, Down Hand, or the higher of the two for the Middle Bet",
            _poker_rows(BET_ODDS),
        ),
    ]
    if rules.five_card_bonus:
        parts.append(
            _paytable(
                f"Five Card Bonus Wager ({s.bonus_odds})",
                "The five community cards",
                _poker_rows(BONUS_ODDS),
            )
        )
    parts += [
        Text(""),
        Text(
            "A hand less than a pair of 6s loses (674a.11(h)(1)(i), (h)(2)(i)); the Middle "
            "Bet loses if neither hand is a pair of 6s or better (674a.11(h)(3))."
        ),
    ]
    if rules.payout_limit is not None:
        parts.append(
            Text(
                f"Payout limit: {format_cents(rules.payout_limit)} per player per round of "
                f"play (674a.2(b)(6); {s.payout_limit})",
                style="bold",
            )
        )
    antes = _limits(rules.minimum_wager, rules.maximum_wager)
    limits = (
        f"Table limits: Ante Across and Ante Down {antes} each; Across, Down and Middle "
        f"Bets 1 to {MAX_BET_MULTIPLE} times the ante ({s.across}, {s.down}, {s.middle})"
    )
    if rules.five_card_bonus:
        limits += f"; Five Card Bonus {_limits(*rules.bonus_limits())}"
    parts.append(Text(limits))
    return Group(*parts)


# --- Pai Gow ------------------------------------------------------------------------------
def pai_gow_sign(rules: PaiGowRules) -> RenderableType:
    """What a Pai Gow submission pays. Ch. 621a requires no payout sign or inscription
    (621a.2(b): the name or logo, the betting areas, the Dead Hand), so this says so and
    prints the payout the rules set: 1 to 1 less the 5% vigorish (621a.10(j)-(k)), a tie
    returned, the vigorish on a player bank's surplus (621a.11(q))."""
    s = PAI_GOW_SECTIONS
    rounding = (
        "rounded up to 25 cents or the next multiple of 25 cents"
        if rules.vigorish_to_quarter
        else "to the cent"
    )
    rows = [
        ("Both hands rank higher", f"{format_odds(PAYOUT_ODDS)} less 5% vigorish"),
        ("One hand higher, one not (a tie)", "Wager returned"),
        ("Neither hand higher", "Wager loses"),
    ]
    parts: list[RenderableType] = [
        Text("Pai Gow (58 Pa. Code ch. 621a)", style="bold"),
        Text("Rules Submission sha256"),
        Text(rules.sha256()),
        Text(""),
        Text(
            "Ch. 621a requires no payout sign or inscription at the table (621a.2(b)); "
            "the payout below is what the rules pay."
        ),
        _paytable(
            f"Pai Gow Wager ({s.lose}; {s.tie}; {s.win}; {s.vigorish})",
            "Against the dealer's (or the bank's) hands",
            rows,
            payout="Payout",
        ),
        Text(""),
        Text(f"Vigorish: 5% of the amount won, {rounding} ({s.vigorish})"),
        Text("Copy hands and zero-zero go to the dealer or the bank (621a.4(b), (e))"),
    ]
    if rules.player_banking:
        co = "; co-banking offered" if rules.co_banking else ""
        parts.append(
            Text(
                f"Player bank offered ({s.bank_offered}){co}: the bank pays 5% vigorish on "
                f"its surplus ({s.bank_vigorish})"
            )
        )
    parts.append(Text(f"Table limits: {rules.describe_limits()}"))
    return Group(*parts)


# --- Double Back Jack ---------------------------------------------------------------------
DOUBLE_BACK_JACK_INSCRIPTIONS: tuple[str, str, str] = (
    f"Blackjack and Insurance pays {format_odds(BLACKJACK_ODDS)}.",
    f"Dealer shall draw to {DEALER_STANDS_ON - 1} and stand on all {DEALER_STANDS_ON}s.",
    "Blackjack Wagers will push if the dealer's hand has a total point count of "
    f"{DEALER_PUSH_TOTAL}, player 21 pays right away, Second Chance pays even money.",
)
"""The three inscriptions of 673a.2(b)(4)(i)-(iii), in the regulation's words."""


def double_back_jack_sign(rules: DoubleBackJackRules) -> RenderableType:
    """The table sign of a Double Back Jack submission: the inscriptions of
    673a.2(b)(4)(i)-(iii), the payout odds of every permissible wager (673a.2(b)(5),
    673a.12(a)-(c)) with surrender (673a.9), double down (673a.10) and split pairs
    (673a.11), and the table limits."""
    s = rules.sections
    assert INSURANCE_ODDS == BLACKJACK_ODDS  # one inscription states both (673a.2(b)(4)(i))
    blackjack_rows = [
        ("Player Blackjack (first two cards, not after a split)", format_odds(BLACKJACK_ODDS)),
        ("Player 21, paid right away", format_odds(WIN_ODDS)),
        ("Any other hand higher than the dealer's, or the dealer busts", format_odds(WIN_ODDS)),
        (f"Dealer's hand totals {DEALER_PUSH_TOTAL}", "Push"),
        ("Tie with the dealer's hand", "Push"),
    ]
    second_rows = [
        ("Hand wins or totals 21 after the second chance card", format_odds(SECOND_CHANCE_ODDS)),
        ("Blackjack Wager on that hand", "Returned"),
        (f"Dealer's hand totals {DEALER_PUSH_TOTAL}, or a tie", "Push"),
    ]
    insurance_rows = [
        ("Dealer's hole card is a king, queen, jack or 10", format_odds(INSURANCE_ODDS)),
    ]
    half = format_cents(rules.chip)
    return Group(
        Text("Double Back Jack (58 Pa. Code ch. 673a)", style="bold"),
        Text("Rules Submission sha256"),
        Text(rules.sha256()),
        Text(""),
        *(
            Text(f"{text} (673a.2(b)(4)({numeral}))", style="bold")
            for text, numeral in zip(DOUBLE_BACK_JACK_INSCRIPTIONS, ("i", "ii", "iii"), strict=True)
        ),
        Text(""),
        Text("PAYOUT ODDS (673a.2(b)(5))", style="bold"),
        _paytable(f"Blackjack Wager ({s.blackjack_odds})", "Player's hand", blackjack_rows),
        _paytable(
            f"Second Chance Wager ({s.second_chance_odds}; {s.second_chance_21}; "
            f"{s.win_with_second_chance})",
            "After a bust, one card subtracted (an ace counts 1)",
            second_rows,
        ),
        _paytable(f"Insurance Wager ({s.insurance_odds})", "Dealer shows an ace", insurance_rows),
        Text(""),
        Text(
            f"Double down: one additional wager of at most the original Blackjack Wager, one "
            f"card, paid with the hand ({s.double}); also after a split ({s.double_after_split})."
        ),
        Text(
            f"Split pairs: cards of identical value, at most {MAX_HANDS} hands, the second "
            f"wager equal to the original; an ace and a 10 value card after a split pays as "
            f"21, not a Blackjack ({s.split}; {s.split_order})."
        ),
        Text(
            f"Surrender: half the wager returned, the whole wager lost to a dealer Blackjack "
            f"when the dealer shows an ace or 10 value card ({s.surrender})."
        ),
        Text(
            f"Second Chance Wager: equal to the current Blackjack Wager ({s.second_chance}); "
            f"Insurance Wager: at most half the initial Blackjack Wager, or the next amount in "
            f"{half} chips ({s.insurance_limit})."
        ),
        Text(
            f"Table limits: Blackjack Wager {_limits(rules.minimum_wager, rules.maximum_wager)}"
            f"; {rules.decks} deck{'s' if rules.decks > 1 else ''} ({s.decks})"
        ),
    )


# --- commands ----------------------------------------------------------------------------
def payout_limit_line(rules: RulesSubmission) -> str | None:
    """What ``check`` says of the submission's aggregate payout limit: the limit against
    the least the chapter allows, which is the greater of $50,000 and the most one player
    can win in a round betting the minimum (674a.12(d), 675a.5(e), 675a.6(l)); ``None``
    where no limit is set. Raises :class:`RulesSubmissionError` for a limit under the
    least (the models refuse one already; this holds any game that declares a limit)."""
    limit = getattr(rules, "payout_limit", None)
    least, most, cite = (
        rules.least_payout_limit(),
        rules.most_won_at_minimum(),
        rules.payout_limit_cite(),
    )
    if limit is None or least is None or most is None or cite is None:
        return None
    if limit < least:
        raise RulesSubmissionError(
            f"the aggregate payout limit {format_cents(limit)} is less than "
            f"{format_cents(least)}, the least allowed",
            cite,
        )
    return (
        f"payout limit {format_cents(limit)} per player per round: at least "
        f"{format_cents(least)}, the greater of $50,000 and {format_cents(most)}, the most "
        f"one player can win in a round betting the minimum ({cite})"
    )


def check(file: RulesFile) -> None:
    """Load and validate a Rules Submission: "ok" with its game, variant and sha256; where
    it sets an aggregate payout limit, the limit against the most one player can win in a
    round betting the minimum (:func:`payout_limit_line`)."""
    rules = load_or_exit(file)
    variant = getattr(rules, "variant", None)
    what = rules.game if variant is None else f"{rules.game} {variant}"
    try:
        limit = payout_limit_line(rules)
    except RulesSubmissionError as error:
        typer.echo(f"{file}: {error}", err=True)
        raise typer.Exit(2) from error
    typer.echo(f"ok: {what} sha256 {rules.sha256()}")
    if limit is not None:
        typer.echo(limit)


def show(file: RulesFile) -> None:
    """Print the table sign the regulation requires for a Rules Submission."""
    rules = load_or_exit(file)
    if isinstance(rules, HighRollDiceRules):
        sign = high_roll_dice_sign(rules)
    elif isinstance(rules, GoForeItRules):
        sign = go_fore_it_sign(rules)
    elif isinstance(rules, PaiGowRules):
        sign = pai_gow_sign(rules)
    elif isinstance(rules, CrissCrossPokerRules):
        sign = criss_cross_poker_sign(rules)
    elif isinstance(rules, DoubleBackJackRules):
        sign = double_back_jack_sign(rules)
    else:
        typer.echo(f"no table sign is drawn for {rules.game} yet", err=True)
        raise typer.Exit(2)
    Console(highlight=False).print(sign)


CHECK_HELP = (
    'Load and validate a Rules Submission: "ok" with its game, variant and sha256; where it '
    "sets an aggregate payout limit, also the limit against the most one player can win in a "
    "round betting the minimum. Exit code 2 if the submission is refused."
)
"""The help of `rules check` (one paragraph, no reST markup: the docstring is for
developers)."""

SHOW_HELP = "Print the table sign the regulation requires for a Rules Submission."
"""The help of `rules show`."""


def register(app: typer.Typer) -> None:
    """Add `rules check` and `rules show` to the command line."""
    group = typer.Typer(
        help="Check Rules Submissions and show their table signs.", no_args_is_help=True
    )
    group.command("check", help=CHECK_HELP)(check)
    group.command("show", help=SHOW_HELP)(show)
    app.add_typer(group, name="rules")
