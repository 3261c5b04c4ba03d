"""The theoretical win under the decisions players actually made (the hold report's
``--observed`` figure, :func:`croupier.reports.hold.hold_report`).

The hold report's theoretical win assumes the par sheet's strategy (the optimal or basic
strategy, the house way), so a table of players who decide otherwise holds above it. This
figure replays every settled round from its stored events and adds, wager by wager, the
house's expected win **given the decisions the players took**, exact
(:class:`~fractions.Fraction` cents) per round:

- a game whose analysis module gives ``expected_given_decisions(round_) -> {par-sheet
  wager: expected house win in cents}`` is asked for it (Go Fore It: the Front 9 of a
  seat that made the Back 9 Wager is worth the exact expectation of its two front cards
  over the 50 unseen cards, of a seat that folded the Front 9 stake);
- a wager with no decisions (no strategy on the par sheet: every Craps, Sic Bo and High
  Roll Dice wager, Go Fore It's Skins and Gopher) is worth its stake times the par
  sheet's house edge, the same as in the optimal figure;
- a wager with decisions in a game that gives no such expectation (every game gives one
  now: Double Back Jack's is :mod:`croupier.analysis.exact.double_back_jack_observed`)
  has no observed figure: the row names the game (``observed_not_computed``) rather
  than guess.

Each round is conditioned on what the player knew at his last decision and the decisions
he took (the tower property makes the average over rounds the expected result of the
players' own decision rule); the actual win scatters around it with the cards dealt
after the decision.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.engine import Round
from croupier.ledger.gaming_day import gaming_day_of
from croupier.ledger.models import RoundRow
from croupier.registry import spec_of

Figures = dict[str, tuple[Fraction, float, str | None]]
"""Par-sheet wager -> (house edge, standard deviation, strategy or ``None``), as
:func:`croupier.reports.hold.par_figures` gives them."""


@dataclass
class ObservedDay:
    """One table's gaming day: the observed-decisions theoretical win (cents, exact) of
    its settled rounds, ``None`` where a round's could not be found; ``missing`` names
    the games (or par figures) that stopped it."""

    theoretical: Fraction | None = Fraction(0)
    rounds: int = 0
    missing: set[str] = field(default_factory=set)


def round_observed(round_: Round[Any], figures: Figures | None) -> tuple[Fraction | None, str]:
    """The house's expected win (cents, exact) of the settled ``round_`` given its
    players' decisions, and, where it is ``None``, why (see the module's docstring).
    ``figures``: the par figures of the Rules Submission it was played under."""
    spec = spec_of(round_)
    module = importlib.import_module(spec.analysis) if spec.analysis else None
    given: Callable[[Round[Any]], dict[str, Fraction]] | None = getattr(
        module, "expected_given_decisions", None
    )
    found = {} if given is None else given(round_)  # the wagers it covers; the rest below
    total = sum(found.values(), Fraction(0))
    for wager, stake in spec.policy.par_wagers(round_):
        if wager in found:
            continue
        figure = None if figures is None else figures.get(wager)
        if figure is None:
            return None, f"{spec.title}: no par figure for {wager}"
        edge, _, strategy = figure
        if strategy is not None:
            return None, f"{spec.title}: decisions not replayed"
        total += edge * stake
    return total, ""


def observed_days(
    session: Session,
    figures_of: Callable[[str], Figures | None],
    *,
    table_id: str | None = None,
    since: date | None = None,
) -> dict[tuple[str, str], ObservedDay]:
    """(gaming day, table) -> :class:`ObservedDay`, every ended round replayed from its
    events (as :func:`croupier.ledger.hold.rebuild` does) and counted on the gaming day
    of its last event. ``figures_of(sha256)`` gives a Rules Submission's par figures."""
    from croupier.ledger.chain import load_round  # the chain replays the stored rounds
    from croupier.ledger.hold import round_ended_at

    query = select(RoundRow.id, RoundRow.table_id).where(RoundRow.status != "open")
    if table_id is not None:
        query = query.where(RoundRow.table_id == table_id)
    days = gaming_day_of(session)
    found: dict[tuple[str, str], ObservedDay] = {}
    for round_id, table in session.execute(query.order_by(RoundRow.table_id, RoundRow.number)):
        day = days.day_of(round_ended_at(session, round_id))
        if since is not None and day < since.isoformat():
            continue
        _row, round_ = load_round(session, round_id)
        value, why = round_observed(round_, figures_of(round_.opened.rules_sha256))
        held = found.setdefault((day, table), ObservedDay())
        held.rounds += 1
        if value is None:
            held.theoretical = None
            held.missing.add(why)
        elif held.theoretical is not None:
            held.theoretical += value
    return found


__all__ = ["Figures", "ObservedDay", "observed_days", "round_observed"]
