"""The par sheet in the form a testing lab prints: combination counts, "1 in N", the
payout distribution and the theoretical hold of a bet mix.

:func:`lab_sheet` turns a :class:`~croupier.analysis.par_sheet.ParSheet` and the Rules
Submission it was computed under into a :class:`LabSheet`. For every wager:

- the **combinations** of every outcome: exact integers out of a stated total, the
  :class:`Enumeration` the game's analysis module declares for the wager (its
  ``enumeration(figures, rules) -> Enumeration | None``: e.g. the 216 ordered throws of
  three dice, the C(52, 4) four-card hands). Where the module declares none (a wager
  whose outcomes are not equally likely combinations of one finite set: a craps
  decision over an unbounded number of rolls, a game played with a strategy whose
  enumeration weighs partial deals) the counts are **weights**: each probability times
  the least common denominator of the wager's probabilities, which the sheet states.
  A wager whose figures are not exact (:attr:`WagerFigures.exact
  <croupier.analysis.par_sheet.WagerFigures.exact>` false) gets no counts: its
  probabilities are floating-point figures, and no count is made from a float.
- the probability and "1 in N" (``N = 1 / probability``, exact) of every outcome;
- the **payout distribution**: the probability (and count) of each net result per unit
  staked, outcomes of equal net merged.

The **bet mix** (:func:`parse_mix`, :func:`mix_hold`) weighs wagers by the share of the
money initially staked on each; its theoretical hold is given two ways, each labelled
(:class:`MixHold`): per unit initially wagered (the weighted house edge) and per unit of
the total amount wagered (where decisions add to the stake: doubles, raises, the Back 9
Wager, odds). Everything is exact :class:`~fractions.Fraction` arithmetic; weights are
read from their decimal or ``p/q`` text, never through a float.

:func:`tables` lays the sheet out as plain tables; :mod:`croupier.analysis.lab_export`
writes them as CSV and XLSX.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.analysis.par_sheet import (
    Enumeration,
    ParSheet,
    WagerFigures,
    element_of_risk,
    exact_text,
    outcome_distribution,
)
from croupier.identity import identity
from croupier.registry import find


@dataclass(frozen=True, slots=True)
class OutcomeLine:
    """One outcome (or, in a payout distribution, one net result) of a wager: its
    ``probability``, its ``net`` per unit staked and its ``count`` out of the wager's
    enumeration total (``None`` where the figures are not exact)."""

    label: str
    net: Fraction
    probability: Fraction
    hit: bool
    count: int | None

    @property
    def one_in(self) -> Fraction:
        """``N`` of "1 in N": ``1 / probability``, exact."""
        return 1 / self.probability


@dataclass(frozen=True, slots=True)
class LabWager:
    """A wager's figures with its ``basis`` (``None`` where not exact), its outcome
    lines and its payout distribution (lowest net first)."""

    figures: WagerFigures
    basis: Enumeration | None
    outcomes: tuple[OutcomeLine, ...]
    payouts: tuple[OutcomeLine, ...]


@dataclass(frozen=True, slots=True)
class MixLine:
    """One wager of a bet mix: its ``share`` of the money initially wagered (the
    weights normalized to sum to one), its house edge per unit staked, its
    ``contribution`` (share times house edge) and ``average_wagered``, the expected
    total amount wagered per unit initially staked (``None`` where the sheet does not
    give it exactly)."""

    wager: str
    share: Fraction
    house_edge: Fraction
    contribution: Fraction
    average_wagered: Fraction | None


HOLD_PER_INITIAL = "theoretical hold per unit initially wagered (house edge basis)"
HOLD_PER_TOTAL = "theoretical hold per unit of total amount wagered (element of risk basis)"


@dataclass(frozen=True, slots=True)
class MixHold:
    """The theoretical hold of a bet mix.

    - ``per_initial`` (:data:`HOLD_PER_INITIAL`): the expected loss per unit of the
      money initially staked, ``sum(share * house_edge)``; it is what a table holds
      of its drop-equivalent initial wagers.
    - ``per_total`` (:data:`HOLD_PER_TOTAL`): the expected loss per unit of all money
      wagered, decisions' additions included, ``sum(share * house_edge) /
      sum(share * average_wagered)``; ``None`` (with ``per_total_note`` saying why)
      where a wager's average amount wagered is not known exactly.
    - ``exact``: whether every wager of the mix has exact figures (otherwise the hold
      carries their approximation).
    """

    lines: tuple[MixLine, ...]
    per_initial: Fraction
    per_total: Fraction | None
    per_total_note: str
    exact: bool


@dataclass(frozen=True, slots=True)
class LabSheet:
    """A par sheet in lab form: the sheet, each wager's :class:`LabWager`, and the bet
    mix's hold if one was asked for."""

    sheet: ParSheet
    wagers: tuple[LabWager, ...]
    mix: MixHold | None = None


# --- combination counts ----------------------------------------------------------------------
def common_denominator(figures: WagerFigures) -> int:
    """The least common denominator of the wager's outcome probabilities."""
    return math.lcm(*(outcome.probability.denominator for outcome in figures.outcomes))


def enumeration(sheet: ParSheet, figures: WagerFigures, rules: Any) -> Enumeration | None:
    """The enumeration ``figures``' counts are out of: the one the game's analysis
    module declares (``enumeration(figures, rules)``), else weights over the least
    common denominator; ``None`` where the figures are not exact. Raises ``ValueError``
    where a declared total does not make every probability a whole number of
    combinations (the declaration is wrong)."""
    if not figures.exact:
        return None
    module = importlib.import_module(find(sheet.game).analysis or "")
    declared = getattr(module, "enumeration", None)
    found: Enumeration | None = declared(figures, rules) if callable(declared) else None
    if found is None:
        denominator = common_denominator(figures)
        return Enumeration(
            denominator,
            "weights, not equally likely combinations: each probability times "
            f"{denominator:,}, the least common denominator of this wager's probabilities",
            equally_likely=False,
        )
    for outcome in figures.outcomes:
        if (outcome.probability * found.total).denominator != 1:
            raise ValueError(
                f"{figures.wager}: {outcome.label!r} has probability "
                f"{exact_text(outcome.probability)}, not a whole number of the "
                f"{found.total:,} combinations declared ({found.what})"
            )
    return found


def _count(probability: Fraction, basis: Enumeration | None) -> int | None:
    if basis is None:
        return None
    count = probability * basis.total
    if count.denominator != 1:  # enumeration() has checked every outcome
        raise ValueError(f"{exact_text(probability)} of {basis.total} is not whole")
    return count.numerator


def lab_wager(sheet: ParSheet, figures: WagerFigures, rules: Any) -> LabWager:
    """The lab form of one wager of ``sheet`` (see :func:`enumeration`)."""
    basis = enumeration(sheet, figures, rules)
    outcomes = tuple(
        OutcomeLine(o.label, o.net, o.probability, o.hit, _count(o.probability, basis))
        for o in figures.outcomes
    )
    payouts = tuple(
        OutcomeLine(_net_words(net), net, p, net > 0, _count(p, basis))
        for net, p in outcome_distribution(figures)
    )
    return LabWager(figures, basis, outcomes, payouts)


def _net_words(net: Fraction) -> str:
    if net == 0:
        return "push (net 0)"
    verb = "win" if net > 0 else "lose"
    return f"{verb} {_plain(abs(net))} per unit staked"


def _plain(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.6g}"


def lab_sheet(sheet: ParSheet, rules: Any, mix: Mapping[str, Fraction] | None = None) -> LabSheet:
    """``sheet`` in lab form under ``rules`` (the Rules Submission it was computed
    under), with the hold of ``mix`` (wager -> weight, :func:`parse_mix`) if given.
    Raises ``ValueError`` as :func:`enumeration` and :func:`mix_hold` do."""
    wagers = tuple(lab_wager(sheet, figures, rules) for figures in sheet.wagers)
    return LabSheet(sheet, wagers, None if mix is None else mix_hold(sheet, mix))


# --- the bet mix -----------------------------------------------------------------------------
class MixError(ValueError):
    """A bet mix that cannot be read or does not fit the par sheet; the message says
    what and why."""


def parse_mix(text: str) -> dict[str, Fraction]:
    """``"pass=0.6,come=0.2,field=0.2"`` -> wager -> weight, each weight read exactly
    from its decimal or ``p/q`` text (``"1/3"``). The weights need not sum to one
    (:func:`mix_hold` normalizes them). Raises :class:`MixError` for an item not of the
    form ``WAGER=WEIGHT``, a weight that is not a number, or not positive, or a wager
    named twice."""
    mix: dict[str, Fraction] = {}
    for item in (part.strip() for part in text.split(",")):
        wager, equals, weight = (piece.strip() for piece in item.partition("="))
        if not item or not equals or not wager or not weight:
            raise MixError(f"bet mix item {item!r} is not WAGER=WEIGHT (e.g. pass=0.6)")
        try:
            value = Fraction(weight)
        except (ValueError, ZeroDivisionError):
            raise MixError(f"bet mix weight {weight!r} of {wager} is not a number") from None
        if value <= 0:
            raise MixError(f"bet mix weight of {wager} is {weight}: a weight must be positive")
        if wager in mix:
            raise MixError(f"bet mix names {wager} twice")
        mix[wager] = value
    return mix


def average_wagered(sheet: ParSheet, figures: WagerFigures) -> Fraction | None:
    """The expected total amount wagered per unit initially staked on ``figures``: 1
    where decisions add nothing (no element of risk apart from the house edge),
    ``house_edge / element_of_risk`` where the sheet gives an exact element of risk;
    ``None`` where it cannot be found exactly (a zero edge, inexact figures)."""
    risk = element_of_risk(sheet, figures)
    if risk is None:
        return Fraction(1)
    if not figures.exact or risk == 0 or figures.house_edge == 0:
        return None
    return figures.house_edge / risk


def mix_hold(sheet: ParSheet, mix: Mapping[str, Fraction]) -> MixHold:
    """The theoretical hold of ``mix`` (wager -> weight, any positive scale) on
    ``sheet``'s figures (see :class:`MixHold` for the two definitions). Raises
    :class:`MixError` for an empty mix or a wager the sheet does not have (naming the
    ones it has)."""
    if not mix:
        raise MixError("the bet mix names no wager")
    known = {figures.wager: figures for figures in sheet.wagers}
    unknown = [wager for wager in mix if wager not in known]
    if unknown:
        raise MixError(
            f"{sheet.game} has no wager {', '.join(unknown)} on its par sheet; "
            f"its wagers: {', '.join(known)}"
        )
    total = sum(mix.values(), Fraction(0))
    lines = []
    for wager, weight in mix.items():
        figures = known[wager]
        share = weight / total
        lines.append(
            MixLine(
                wager,
                share,
                figures.house_edge,
                share * figures.house_edge,
                average_wagered(sheet, figures),
            )
        )
    per_initial = sum((line.contribution for line in lines), Fraction(0))
    missing = [line.wager for line in lines if line.average_wagered is None]
    per_total: Fraction | None = None
    note = "every wager's average amount wagered per initial unit is exact"
    if missing:
        note = f"not given: the average amount wagered of {', '.join(missing)} is not exact"
    else:
        wagered = sum((line.share * (line.average_wagered or 0) for line in lines), Fraction(0))
        per_total = per_initial / wagered
    exact = all(known[wager].exact for wager in mix)
    return MixHold(tuple(lines), per_initial, per_total, note, exact)


# --- tables ----------------------------------------------------------------------------------
Cell = str | int | float | None
Table = list[list[Cell]]


def _exact(value: Fraction | None, exact: bool) -> Cell:
    return None if value is None or not exact else exact_text(value)


def _line_rows(wager: LabWager, lines: tuple[OutcomeLine, ...]) -> Table:
    exact = wager.figures.exact
    total = None if wager.basis is None else wager.basis.total
    return [
        [
            wager.figures.wager,
            line.label,
            float(line.net),
            exact_text(line.net),
            line.count,
            total,
            float(line.probability),
            _exact(line.probability, exact),
            float(line.one_in),
            _exact(line.one_in, exact),
            "yes" if line.hit else "no",
        ]
        for line in lines
    ]


LINE_HEADINGS: list[Cell] = [
    "wager",
    "outcome",
    "net per unit staked",
    "net exact",
    "combinations",
    "of total",
    "probability",
    "probability exact",
    "1 in N",
    "1 in N exact",
    "hit",
]


def tables(lab: LabSheet) -> dict[str, Table]:
    """The lab sheet as tables (a heading row, then data), by name: ``wagers`` (each
    wager's figures and the basis of its counts), ``outcomes``, ``payouts`` (the payout
    distribution), ``mix`` (only with a bet mix) and ``about`` (game, rules, software,
    definitions, notes). Exact figures also appear as ``p/q`` text."""
    wagers: Table = [
        [
            "wager",
            "description",
            "method",
            "strategy",
            "units staked",
            "house edge",
            "house edge exact",
            "hit frequency",
            "hit frequency exact",
            "std dev",
            "combinations total",
            "counts are",
        ]
    ]
    outcomes: Table = [list(LINE_HEADINGS)]
    payouts: Table = [list(LINE_HEADINGS)]
    payouts[0][1] = "net result"
    for wager in lab.wagers:
        f = wager.figures
        basis = wager.basis
        wagers.append(
            [
                f.wager,
                f.description,
                f.method,
                f.strategy or "no decisions",
                f.units_staked,
                float(f.house_edge),
                _exact(f.house_edge, f.exact),
                float(f.hit_frequency),
                _exact(f.hit_frequency, f.exact),
                f.std_dev,
                None if basis is None else basis.total,
                "not given: the figures are not exact" if basis is None else basis.what,
            ]
        )
        outcomes += _line_rows(wager, wager.outcomes)
        payouts += _line_rows(wager, wager.payouts)
    found = {"wagers": wagers, "outcomes": outcomes, "payouts": payouts}
    if lab.mix is not None:
        found["mix"] = mix_table(lab.mix)
    found["about"] = _about(lab.sheet)
    return found


def _about(sheet: ParSheet) -> Table:
    """The ``about`` table: game, rules, software, definitions, notes."""
    about: Table = [
        ["field", "value"],
        ["game", sheet.game],
        ["variant", sheet.variant],
        ["rules sha256", sheet.rules_sha256],
        ["software", identity().text()],
        ["figures", "per unit staked; net is the result per unit staked (minus the stake lost)"],
        [
            "combinations",
            "the number of equally likely combinations of the stated enumeration, or, where "
            "the wager's counts are weights, each probability times the stated denominator",
        ],
        ["1 in N", "N = 1 / probability"],
    ]
    about += [["note", note] for note in sheet.notes]
    return about


def mix_table(mix: MixHold) -> Table:
    """The bet mix as a table: one row per wager, then the two holds, labelled."""
    exact = mix.exact
    rows: Table = [
        [
            "wager",
            "share of initial wagers",
            "share exact",
            "house edge",
            "house edge exact",
            "contribution",
            "contribution exact",
            "average amount wagered per initial unit",
        ]
    ]
    for line in mix.lines:
        rows.append(
            [
                line.wager,
                float(line.share),
                exact_text(line.share),
                float(line.house_edge),
                _exact(line.house_edge, exact),
                float(line.contribution),
                _exact(line.contribution, exact),
                None if line.average_wagered is None else float(line.average_wagered),
            ]
        )
    rows.append(
        [HOLD_PER_INITIAL, None, None, float(mix.per_initial), _exact(mix.per_initial, exact)]
    )
    if mix.per_total is None:
        rows.append([HOLD_PER_TOTAL, None, None, None, mix.per_total_note])
    else:
        rows.append(
            [HOLD_PER_TOTAL, None, None, float(mix.per_total), _exact(mix.per_total, exact)]
        )
    return rows


def mix_lines(mix: MixHold) -> list[str]:
    """The bet mix in words, for the terminal."""
    lines = [
        f"  {line.wager}: {float(line.share) * 100:.4g}% of initial wagers, house edge "
        f"{float(line.house_edge) * 100:.4f}%"
        for line in mix.lines
    ]
    mark = "" if mix.exact else " (approximate: a wager's figures are not exact)"
    lines.append(
        f"{HOLD_PER_INITIAL}: {float(mix.per_initial) * 100:.4f}%"
        + (f" ({exact_text(mix.per_initial)})" if mix.exact else "")
        + mark
    )
    if mix.per_total is None:
        lines.append(f"{HOLD_PER_TOTAL}: {mix.per_total_note}")
    else:
        lines.append(
            f"{HOLD_PER_TOTAL}: {float(mix.per_total) * 100:.4f}%"
            + (f" ({exact_text(mix.per_total)})" if mix.exact else "")
            + mark
        )
    return lines


def mix_dict(mix: MixHold) -> dict[str, Any]:
    """The bet mix as JSON data."""
    exact = mix.exact
    return {
        "wagers": [
            {
                "wager": line.wager,
                "share": float(line.share),
                "share_exact": exact_text(line.share),
                "house_edge": float(line.house_edge),
                "average_wagered": None
                if line.average_wagered is None
                else float(line.average_wagered),
            }
            for line in mix.lines
        ],
        "hold_per_initial_wager": float(mix.per_initial),
        "hold_per_initial_wager_exact": _exact(mix.per_initial, exact),
        "hold_per_total_wagered": None if mix.per_total is None else float(mix.per_total),
        "hold_per_total_wagered_exact": _exact(mix.per_total, exact),
        "definitions": {
            "hold_per_initial_wager": HOLD_PER_INITIAL,
            "hold_per_total_wagered": HOLD_PER_TOTAL,
            "note": mix.per_total_note,
        },
        "exact": exact,
    }


__all__ = [
    "HOLD_PER_INITIAL",
    "HOLD_PER_TOTAL",
    "Enumeration",
    "LabSheet",
    "LabWager",
    "MixError",
    "MixHold",
    "MixLine",
    "OutcomeLine",
    "average_wagered",
    "common_denominator",
    "enumeration",
    "lab_sheet",
    "lab_wager",
    "mix_dict",
    "mix_hold",
    "mix_lines",
    "mix_table",
    "parse_mix",
    "tables",
]
