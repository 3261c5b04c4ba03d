"""The collective verdict on a battery's p-values, at a stated confidence (GLI-19 3.2.2:
"collectively at 99%").

Three checks, each with its own p-value, each failing a fair generator with a probability
of at most ``(1 - confidence) / 3``, so that the three together fail it with a probability
of at most ``1 - confidence`` (Bonferroni over the three, whatever their dependence):

- **the smallest p-value**: ``min(1, K * p_min)`` over the ``K`` tests run (Bonferroni;
  valid however the tests depend on one another);
- **the count of failures**: how many of the ``K`` p-values fall below ``1 - confidence``,
  against the binomial with ``K`` trials of probability ``1 - confidence``: ``P(X >=
  failures)`` (one-sided: too many failures);
- **the uniformity of the p-values**: the Kolmogorov-Smirnov statistic of the p-values
  against the uniform on [0, 1], with its exact distribution
  (:func:`~croupier.lab.stats.kolmogorov_cdf`), two-sided: p-values crowded near 1 (a
  generator too even to be random) fail as surely as p-values crowded near 0. The
  p-values of counts (``TestResult.discrete``: collisions, equal spacings, repeats) are
  left out of this check: they take few values (a collision count's most likely value
  has a probability of several percent; a repeat count is almost always 0), so they are
  not near uniform even for a fair generator. (1,000 collision tests on fair dice gave
  mid-p-values whose Kolmogorov-Smirnov p-value was 0.0003: the steps, not a fault.)

The count and the uniformity assume the tests independent, which they are to the extent
that they read different outcomes (the evidence pack draws each part afresh; tests of one
draw's outcomes share them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from croupier.lab.battery import FAIL, PASS, TestResult
from croupier.lab.stats import binomial_sf, kolmogorov_cdf, ks_statistic

CONFIDENCE: Final = 0.99
"""GLI-19 3.2.2's collective confidence."""
CHECKS: Final = 3


@dataclass(frozen=True)
class Check:
    """One check of the collective verdict: its name, what it found, its p-value."""

    name: str
    finding: str
    p_value: float

    def to_dict(self) -> dict[str, object]:
        return {"check": self.name, "finding": self.finding, "p_value": self.p_value}


@dataclass(frozen=True)
class Collective:
    """The verdict (``pass`` or ``fail``) at ``confidence`` on ``tests`` p-values, each
    check held to ``threshold`` (``(1 - confidence) / 3``), and why."""

    verdict: str
    confidence: float
    threshold: float
    tests: int
    checks: tuple[Check, ...]

    @property
    def reasoning(self) -> str:
        """The verdict in words: each check against the threshold."""
        parts = [
            f"{c.name}: {c.finding}, p = {c.p_value:.4g} "
            f"({'below' if c.p_value < self.threshold else 'not below'} "
            f"{self.threshold:.4g})"
            for c in self.checks
        ]
        head = (
            f"{self.verdict.upper()} at {self.confidence:.0%} on {self.tests} p-values: a "
            f"fair generator fails some check with a probability of at most "
            f"{1 - self.confidence:.2g}, each of the {len(self.checks)} held to "
            f"{self.threshold:.4g}"
        )
        return head + ": " + "; ".join(parts) + "."

    def to_dict(self) -> dict[str, object]:
        return {
            "verdict": self.verdict,
            "confidence": self.confidence,
            "threshold": self.threshold,
            "tests": self.tests,
            "checks": [c.to_dict() for c in self.checks],
            "reasoning": self.reasoning,
        }


def collective(results: Sequence[TestResult], confidence: float = CONFIDENCE) -> Collective:
    """The collective verdict on the tests of ``results`` that ran (module docstring).

    Raises ``ValueError`` for a confidence outside (0, 1) or when no test ran."""
    if not 0 < confidence < 1:
        raise ValueError(f"the confidence is a probability between 0 and 1, not {confidence}")
    ran = [r for r in results if r.p_value is not None]
    if not ran:
        raise ValueError("no test ran: there is nothing to give a verdict on")
    alpha = 1 - confidence
    threshold = alpha / CHECKS
    p_values = [float(r.p_value) for r in ran if r.p_value is not None]
    k = len(p_values)
    smallest = min(p_values)
    worst = min(ran, key=lambda r: r.p_value if r.p_value is not None else math.inf)
    failures = sum(p < alpha for p in p_values)
    continuous = [float(r.p_value) for r in ran if r.p_value is not None and not r.discrete]
    checks = [
        Check(
            "the smallest p-value (Bonferroni)",
            f"{smallest:.4g} ({worst.draw}: {worst.test}) times {k} tests",
            min(1.0, k * smallest),
        ),
        Check(
            "the count of failures (binomial)",
            f"{failures} of {k} p-values below {alpha:.2g}, {k * alpha:.2f} expected",
            binomial_sf(failures, k, alpha),
        ),
    ]
    if continuous:
        d = ks_statistic(continuous)
        checks.append(
            Check(
                "the uniformity of the p-values (Kolmogorov-Smirnov)",
                f"D = {d:.4f} over {len(continuous)} p-values "
                f"({k - len(continuous)} p-values of counts left out)",
                max(0.0, 1.0 - kolmogorov_cdf(len(continuous), d)),
            )
        )
    failed = any(c.p_value < threshold for c in checks)
    return Collective(FAIL if failed else PASS, confidence, threshold, k, tuple(checks))
