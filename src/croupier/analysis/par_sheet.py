"""The par sheet: one game's figures, wager by wager, in a shape every game shares.

A :class:`ParSheet` names the game and its variant and lists a
:class:`WagerFigures` per wager. Every figure is **per unit staked**: a wager
that stakes two units (a Like Kind circle with its Extra Roll) quotes its
return, house edge, outcome nets and largest win divided by two. Exact figures
are :class:`fractions.Fraction`; only the standard deviation (a square root) is
a float. :meth:`ParSheet.to_dict` gives the JSON document (each fraction as a
float and as its exact ``"p/q"`` text).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

Method = Literal["exact", "simulation"]
"""How a figure was obtained: exact enumeration, or an estimate by simulation."""


def exact_text(value: Fraction) -> str:
    """``Fraction(3, 5)`` -> ``"3/5"``; a whole number keeps ``"/1"`` (``"-1/1"``)."""
    return f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True, slots=True)
class OutcomeFigures:
    """One outcome of a wager: its ``probability`` and the ``net`` result per unit
    staked (winnings, or minus the stake lost); ``hit`` is true where the wager wins
    (also where a win is offset by a cost, as an Extra Roll's, to a net of zero)."""

    label: str
    probability: Fraction
    net: Fraction
    hit: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON data: label, hit, probability and net as floats and exact ``"p/q"``."""
        return {
            "label": self.label,
            "hit": self.hit,
            "probability": float(self.probability),
            "probability_exact": exact_text(self.probability),
            "net": float(self.net),
            "net_exact": exact_text(self.net),
        }


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
    - ``method``: ``"exact"`` for enumeration.
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
    ``name`` and ``name_exact``."""

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
        probabilities are non-negative and sum to exactly one.
        """
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

    def to_dict(self) -> dict[str, Any]:
        """JSON data: each fraction as a float and as exact ``"p/q"`` text."""
        data = {
            "wager": self.wager,
            "description": self.description,
            "units_staked": self.units_staked,
            "return": float(self.expected_return),
            "return_exact": exact_text(self.expected_return),
            "house_edge": float(self.house_edge),
            "house_edge_exact": exact_text(self.house_edge),
            "hit_frequency": float(self.hit_frequency),
            "hit_frequency_exact": exact_text(self.hit_frequency),
            "std_dev": self.std_dev,
            "max_win": float(self.max_win),
            "max_win_exact": exact_text(self.max_win),
            "strategy": self.strategy,
            "method": self.method,
            "outcomes": [outcome.to_dict() for outcome in self.outcomes],
        }
        if self.element_of_risk is not None:
            data["element_of_risk"] = float(self.element_of_risk)
            data["element_of_risk_exact"] = exact_text(self.element_of_risk)
        for name, value in self.extra:
            data[name] = float(value)
            data[f"{name}_exact"] = exact_text(value)
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


__all__ = ["Method", "OutcomeFigures", "ParSheet", "WagerFigures", "exact_text"]
