"""The par sheet: one game's figures, wager by wager, in a shape every game shares.

A :class:`ParSheet` names the game and its variant and lists a
:class:`WagerFigures` per wager. Every figure is **per unit staked**: a wager
that stakes two units (a Like Kind circle with its Extra Roll) quotes its
return, house edge, outcome nets and largest win divided by two. Exact figures
are :class:`fractions.Fraction`; only the standard deviation (a square root) is
a float. :meth:`ParSheet.to_dict` gives the JSON document: each figure as a float
and, where the wager's :attr:`WagerFigures.method` is ``"exact"``, as its exact
``"p/q"`` text (a ``*_exact`` field). A wager found otherwise (a combinatorial
analysis with a stated approximation, or a simulation) carries no ``*_exact`` field:
its fractions are only its floats held as fractions.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

Method = str
"""How a wager's figures were obtained: ``"exact"`` (exact enumeration in exact
arithmetic), ``"combinatorial (approximate: WHAT)"`` (an enumeration in floating point or
with a stated approximation, WHAT naming it) or ``"simulation"`` (an estimate)."""

EXACT: Final = "exact"


def is_method(method: str) -> bool:
    """Whether ``method`` is one of the three forms :data:`Method` names."""
    return method in (EXACT, "simulation") or (
        method.startswith("combinatorial (approximate: ") and method.endswith(")")
    )


def exact_text(value: Fraction) -> str:
    """``Fraction(3, 5)`` -> ``"3/5"``; a whole number keeps ``"/1"`` (``"-1/1"``)."""
    return f"{value.numerator}/{value.denominator}"


def percent(value: Fraction | float) -> str:
    """``Fraction(1, 80)`` -> ``"1.2500%"``: a share as a percentage to four places."""
    return f"{float(value) * 100:.4f}%"


@dataclass(frozen=True, slots=True)
class OutcomeFigures:
    """One outcome of a wager: its ``probability`` and the ``net`` result per unit
    staked (winnings, or minus the stake lost); ``hit`` is true where the wager wins
    (also where a win is offset by a cost, as an Extra Roll's, to a net of zero)."""

    label: str
    probability: Fraction
    net: Fraction
    hit: bool

    def to_dict(self, *, exact: bool = True) -> dict[str, Any]:
        """JSON data: label, hit, probability and net as floats and, with ``exact``, as
        exact ``"p/q"`` text."""
        data: dict[str, Any] = {
            "label": self.label,
            "hit": self.hit,
            "probability": float(self.probability),
            "net": float(self.net),
        }
        if exact:
            data["probability_exact"] = exact_text(self.probability)
            data["net_exact"] = exact_text(self.net)
        return data


@dataclass(frozen=True, slots=True)
class WagerFigures:
    """The figures of one wager, per unit staked.

    - ``expected_return``: the expected net result per unit staked (negative when the
      house has the edge); JSON key ``"return"``.
    - ``house_edge``: the expected loss per unit staked, ``-expected_return``, as a
      fraction (0.05, not 5%).
    - ``hit_frequency``: the probability that the wager wins.
    - ``std_dev``: the standard deviation of the net result per unit staked.
    - ``outcomes``: every outcome with its probability and net per unit staked; the
      probabilities sum to one.
    - ``max_win``: the largest net result per unit staked.
    - ``units_staked``: how many units one such wager stakes (2 for a Like Kind circle
      with the Extra Roll bought for it); the per-unit figures divide by it.
    - ``strategy``: the playing strategy the figures assume, ``None`` for a wager with
      no decisions.
    - ``method``: how the figures were found (:data:`Method`): ``"exact"`` only for
      exact arithmetic; otherwise the JSON carries no ``*_exact`` field.
    - ``element_of_risk``: the expected loss per unit of the total amount wagered where
      decisions add to the stake (doubles, splits, later bets), ``None`` where it is the
      house edge; JSON keys only when set.

    Build one with :meth:`from_outcomes`, which derives every figure from the outcomes.
    """

    wager: str
    expected_return: Fraction
    house_edge: Fraction
    hit_frequency: Fraction
    std_dev: float
    outcomes: tuple[OutcomeFigures, ...]
    max_win: Fraction
    units_staked: int = 1
    strategy: str | None = None
    method: Method = "exact"
    description: str = ""
    element_of_risk: Fraction | None = None
    extra: tuple[tuple[str, Fraction], ...] = ()
    """Further exact figures a game gives, by name (Craps: the per-roll figures
    ``rolls_to_decision``, ``decisions_per_roll``, ``house_edge_per_roll``); JSON keys
    ``name`` and (exact wagers) ``name_exact``."""

    @classmethod
    def from_outcomes(
        cls,
        wager: str,
        outcomes: Iterable[OutcomeFigures],
        *,
        units_staked: int = 1,
        strategy: str | None = None,
        method: Method = "exact",
        description: str = "",
        element_of_risk: Fraction | None = None,
        extra: tuple[tuple[str, Fraction], ...] = (),
    ) -> WagerFigures:
        """The figures of ``wager`` from its outcomes (nets already per unit staked).

        Outcomes of probability zero are dropped. Raises ``ValueError`` unless the
        probabilities are non-negative and sum to exactly one, or for a ``method`` that
        is not one of :data:`Method`'s forms.
        """
        if not is_method(method):
            raise ValueError(f"{wager}: unknown method {method!r}")
        kept = tuple(outcome for outcome in outcomes if outcome.probability != 0)
        if any(outcome.probability < 0 for outcome in kept):
            raise ValueError(f"{wager}: a probability is negative")
        total = sum((outcome.probability for outcome in kept), Fraction(0))
        if total != 1:
            raise ValueError(f"{wager}: the outcome probabilities sum to {total}, not 1")
        mean = sum((o.probability * o.net for o in kept), Fraction(0))
        second = sum((o.probability * o.net * o.net for o in kept), Fraction(0))
        variance = second - mean * mean
        return cls(
            wager=wager,
            expected_return=mean,
            house_edge=-mean,
            hit_frequency=sum((o.probability for o in kept if o.hit), Fraction(0)),
            std_dev=math.sqrt(variance),
            outcomes=kept,
            max_win=max(outcome.net for outcome in kept),
            units_staked=units_staked,
            strategy=strategy,
            method=method,
            description=description,
            element_of_risk=element_of_risk,
            extra=extra,
        )

    @property
    def variance(self) -> Fraction:
        """The exact variance of the net result per unit staked."""
        mean = self.expected_return
        return sum((o.probability * (o.net - mean) ** 2 for o in self.outcomes), Fraction(0))

    @property
    def exact(self) -> bool:
        """Whether the figures are exact (:attr:`method` ``"exact"``)."""
        return self.method == EXACT

    def to_dict(self) -> dict[str, Any]:
        """JSON data: each fraction as a float and, for an exact wager only, as exact
        ``"p/q"`` text in a ``*_exact`` field."""
        exact = self.exact
        data: dict[str, Any] = {
            "wager": self.wager,
            "description": self.description,
            "units_staked": self.units_staked,
        }

        def put(name: str, value: Fraction) -> None:
            data[name] = float(value)
            if exact:
                data[f"{name}_exact"] = exact_text(value)

        put("return", self.expected_return)
        put("house_edge", self.house_edge)
        put("hit_frequency", self.hit_frequency)
        data["std_dev"] = self.std_dev
        put("max_win", self.max_win)
        data["strategy"] = self.strategy
        data["method"] = self.method
        data["outcomes"] = [outcome.to_dict(exact=exact) for outcome in self.outcomes]
        if self.element_of_risk is not None:
            put("element_of_risk", self.element_of_risk)
        for name, value in self.extra:
            put(name, value)
        return data


@dataclass(frozen=True, slots=True)
class ParSheet:
    """A game's par sheet: ``wagers`` in layout order and free-text ``notes``.

    ``variant`` is the rule set the figures are for (``None`` for a game with one);
    ``rules_sha256`` stamps the Rules Submission they were computed under, if any.
    """

    game: str
    variant: str | None
    wagers: tuple[WagerFigures, ...]
    notes: tuple[str, ...] = ()
    rules_sha256: str | None = None

    def wager(self, name: str) -> WagerFigures:
        """The figures of the wager called ``name``; ``KeyError`` if there is none."""
        for figures in self.wagers:
            if figures.wager == name:
                return figures
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """The JSON document: game, variant, rules_sha256, wagers and notes."""
        return {
            "game": self.game,
            "variant": self.variant,
            "rules_sha256": self.rules_sha256,
            "wagers": [figures.to_dict() for figures in self.wagers],
            "notes": list(self.notes),
        }

    def to_json(self, indent: int | None = 2) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)


@dataclass(frozen=True, slots=True)
class Enumeration:
    """What a wager's combination counts count: ``total`` combinations, described by
    ``what``; ``equally_likely`` is true where they are equally likely combinations (a
    count is a number of them), false where the counts are weights over the least
    common denominator of the probabilities. An exact analysis module declares the
    enumeration of each wager it can (its ``enumeration(figures, rules)``), read by
    :mod:`croupier.analysis.lab_sheet`."""

    total: int
    what: str
    equally_likely: bool = True


def outcome_distribution(figures: WagerFigures) -> list[tuple[Fraction, Fraction]]:
    """(net per unit staked, probability) of ``figures``, outcomes of equal net summed,
    lowest net first; the probabilities sum to one."""
    by_net: dict[Fraction, Fraction] = {}
    for outcome in figures.outcomes:
        by_net[outcome.net] = by_net.get(outcome.net, Fraction(0)) + outcome.probability
    return sorted(by_net.items())


def element_of_risk(sheet: ParSheet, figures: WagerFigures) -> Fraction | None:
    """The element of risk of ``figures`` (house edge per total amount wagered) where the
    par sheet gives one that differs from the house edge: the wager's
    :attr:`~croupier.analysis.par_sheet.WagerFigures.element_of_risk`, or an
    ``element_of_risk`` of the sheet for its one wager with a strategy (the Go Fore It
    Front 9 game); ``None`` otherwise."""
    own = figures.element_of_risk
    if own is not None:
        return None if own == figures.house_edge else own
    shared = getattr(sheet, "element_of_risk", None)
    with_strategy = [w for w in sheet.wagers if w.strategy]
    if isinstance(shared, Fraction) and with_strategy == [figures] and shared != figures.house_edge:
        return shared
    return None


__all__ = [
    "EXACT",
    "Enumeration",
    "Method",
    "OutcomeFigures",
    "ParSheet",
    "WagerFigures",
    "element_of_risk",
    "exact_text",
    "is_method",
    "outcome_distribution",
    "percent",
]
