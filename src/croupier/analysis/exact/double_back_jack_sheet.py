"""The Double Back Jack par sheet (58 Pa. Code ch. 673a): the card-by-card figures kept
by :mod:`.double_back_jack_figures` where they are kept for the shoe, otherwise the
approximate analysis of :mod:`.double_back_jack`, with the exact Insurance figures and
the printed chart. Kept apart from :mod:`.double_back_jack`, which the enumeration
itself reads (its chart and shoe), so that no import goes round in a circle."""

from __future__ import annotations

from croupier.analysis.exact.double_back_jack import (
    CARD_BY_CARD,
    GAME,
    METHOD,
    DoubleBackJackParSheet,
    analyze,
    basic_strategy,
    full_shoe,
    insurance_by_tens,
    insurance_figures,
    round_wager,
    second_chance_extra,
)
from croupier.analysis.exact.double_back_jack_figures import stored
from croupier.analysis.exact.double_back_jack_observed import expected_given_decisions
from croupier.analysis.par_sheet import Enumeration, WagerFigures, exact_text
from croupier.rules.double_back_jack import DoubleBackJackRules, SecondChanceAmount


def blackjack_figures(decks: int, original: bool = False) -> WagerFigures:
    """The whole game per initial Blackjack Wager: the best composition-dependent play,
    enumerated card by card, where its figures are kept for ``decks`` decks
    (:mod:`~croupier.analysis.exact.double_back_jack_figures`); otherwise
    :func:`basic_strategy` by :func:`analyze` (its method names the shortcuts).
    ``original``: the Second Chance Wager is the original Blackjack Wager alone
    (673a.7(l)); no card-by-card figures are kept for it."""
    shoe = f"{decks} deck{'s' * (decks != 1)}"
    best = None if original else stored(decks, "optimal")
    if best is not None:
        return round_wager(
            "blackjack",
            best.nets,
            best.average_wager,
            f"the best composition-dependent play, {shoe}: every decision from the cards "
            "out, a split hand from its own cards (a player who also counts the other "
            "split hand can do slightly better)",
            CARD_BY_CARD,
            second_chance_extra(best.tally),
        )
    game = analyze(decks, original)
    amount = ", a Second Chance Wager of the original Blackjack Wager" if original else ""
    return round_wager(
        "blackjack",
        game.nets,
        game.average_wager,
        f"composition-dependent basic strategy (first decision), {shoe}{amount}",
        METHOD,
        (),
    )


def chart_figures(decks: int) -> WagerFigures | None:
    """The whole game per initial Blackjack Wager playing the printed chart
    (:meth:`BasicStrategy.chart`) cell by cell, enumerated card by card; ``None`` where
    its figures are not kept for ``decks`` decks."""
    chart = stored(decks, "chart")
    if chart is None:
        return None
    shoe = f"{decks} deck{'s' * (decks != 1)}"
    return round_wager(
        "blackjack:chart",
        chart.nets,
        chart.average_wager,
        f"the printed chart exactly as printed (by total), {shoe}",
        CARD_BY_CARD,
        second_chance_extra(chart.tally),
    )


def par_sheet(rules: DoubleBackJackRules | None = None) -> DoubleBackJackParSheet:
    """The par sheet of Double Back Jack for the Rules Submission's shoe (``decks``,
    673a.3(a); default :class:`DoubleBackJackRules`): ``blackjack`` (the whole game per
    initial Blackjack Wager, :func:`blackjack_figures`), ``blackjack:chart`` (the printed
    chart, :func:`chart_figures`, where kept), ``insurance`` (per unit insured on a dealer
    ace) and ``insurance:tens_held_N`` (by the ten-value cards the player holds), the
    chart, the element of risk and the average total wager of the best play. Payouts
    are whole odds (2 to 1, 1 to 1) except surrender's half, whose rounding of odd cents
    is ignored."""
    rules = rules if rules is not None else DoubleBackJackRules()
    decks = rules.decks
    original = rules.second_chance_amount is SecondChanceAmount.ORIGINAL
    blackjack = blackjack_figures(decks, original)
    chart = None if original else chart_figures(decks)
    insurance = insurance_figures(decks)
    by_tens = tuple(insurance_by_tens(decks, tens) for tens in range(3))
    strategy = basic_strategy(decks, original)
    average, how = _average_and_method(decks, original, blackjack.method, chart is not None)
    element = float(blackjack.house_edge) / average  # the house's sign, as each wager's
    notes = [how, *_notes(blackjack, chart, insurance, by_tens, element, average)]
    wagers = (blackjack, *(() if chart is None else (chart,)), insurance, *by_tens)
    return DoubleBackJackParSheet(
        game=GAME,
        variant=None,
        wagers=wagers,
        notes=tuple(notes),
        rules_sha256=rules.sha256(),
        decks=decks,
        strategy=strategy.chart(),
        element_of_risk=element,
        average_wager=average,
    )


def _average_and_method(
    decks: int, original: bool, method: str, chart_kept: bool
) -> tuple[float, str]:
    """The average total wager of the best play (initial units a round) and the par
    sheet's note on how its figures were found, for ``decks`` decks, the Second Chance
    Wager the original wager alone (``original``) or not, the blackjack figures found by
    ``method``, the printed chart's figures kept or not."""
    shoe = f"{decks} deck{'s' * (decks != 1)}"
    if method == CARD_BY_CARD:
        kept = stored(decks, "optimal")
        assert kept is not None
        average = kept.average_wager
        how = (
            f"{shoe}, one player from a full shoe, enumerated card by card: the dealer's "
            "results from the shoe less every card out and given the card reader's answer, "
            "both split hands from one shoe (floats; python -m "
            "croupier.analysis.exact.double_back_jack_figures computes them again)."
        )
    elif original:
        average = analyze(decks, original).average_wager
        how = (
            f"{shoe}, one player from a full shoe, the Second Chance Wager the original "
            "Blackjack Wager alone (Rules Submission second_chance_amount = original, "
            f"673a.7(l)): {METHOD.removeprefix('combinatorial (').removesuffix(')')}. The "
            "option changes the return only through a doubled hand that busts, which a "
            "one-card double from a hard 11 or less or a soft total cannot; the strategy "
            "doubles no other, so the figure is that of the default amount's basic strategy."
        )
    else:
        average = analyze(decks).average_wager
        how = (
            f"{shoe}, one player from a full shoe. No current card-by-card figures are "
            f"kept for {shoe} (python -m croupier.analysis.exact.double_back_jack_figures "
            f"--decks {decks} computes them): blackjack is the previous analysis, "
            f"{METHOD.removeprefix('combinatorial (').removesuffix(')')}; at 1, 2, 6 and 8 "
            "decks it runs 0.008 to 0.034 points above the card-by-card figure of the best "
            "play." + ("" if chart_kept else " The printed chart's own figure is not given.")
        )
    return average, how


def _notes(
    blackjack: WagerFigures,
    chart: WagerFigures | None,
    insurance: WagerFigures,
    by_tens: tuple[WagerFigures, ...],
    element: float,
    average: float,
) -> list[str]:
    """The par sheet's notes after the method's: the house edge and the element of risk,
    the printed chart's return where kept, the rules behind the figures, Insurance by
    the ten-value cards held, and the fresh shoe."""
    notes = [
        f"House edge {float(blackjack.house_edge) * 100:.4f}% per initial Blackjack Wager "
        f"({blackjack.strategy}); element of risk {element * 100:.4f}% per total amount "
        f"wagered (average {average:.6f} initial units per round, doubles, splits and "
        "Second Chance Wagers included).",
    ]
    if chart is not None:
        gap = float(blackjack.expected_return - chart.expected_return) * 100
        notes.append(
            f"The printed chart, played exactly as printed, returns "
            f"{float(chart.expected_return) * 100:+.4f}% per initial Blackjack Wager, "
            f"{gap:.4f} points less than the best play."
        )
    notes += [
        "A player Blackjack is paid 2 to 1 at once, before the card reader (673a.7(f)); "
        "a 21 is paid 1 to 1 at once (673a.7(m)); a dealer 22 returns the other hands "
        "(673a.7(q)(1)); surrender after the card reader (673a.9(a)); a declined Second "
        "Chance loses at once (docs/interpretations.md).",
        f"Insurance returns {float(insurance.expected_return):+.6f} per unit "
        f"({exact_text(insurance.expected_return)}) over all the player's cards; by the "
        "ten-value cards the player holds: "
        + ", ".join(f"{k}: {exact_text(w.expected_return)}" for k, w in enumerate(by_tens))
        + ".",
        "These figures are for a fresh shoe each round; a shoe dealt to the cover card "
        "differs (croupier simulate double-back-jack gives it with its interval).",
    ]
    return notes


def enumeration(figures: WagerFigures, rules: DoubleBackJackRules) -> Enumeration | None:
    """An Insurance Wager's counts are out of the dealer's possible hole cards (the lab
    sheet, :mod:`croupier.analysis.lab_sheet`): every card of the shoe but the ace
    showing, and, by the ten-value cards held, the player's two cards as well; the game
    itself (approximate figures) has none."""
    if not figures.wager.startswith("insurance"):
        return None
    cards = sum(full_shoe(rules.decks)) - 1
    shoe = f"{rules.decks}-deck shoe"
    if figures.wager == "insurance":
        return Enumeration(
            cards, f"hole cards: the {cards} cards of the {shoe} but the ace showing"
        )
    return Enumeration(
        cards - 2,
        f"hole cards: the {cards - 2} cards of the {shoe} but the ace showing and the "
        "player's two cards",
    )


__all__ = [
    "blackjack_figures",
    "chart_figures",
    "enumeration",
    "expected_given_decisions",
    "par_sheet",
]
