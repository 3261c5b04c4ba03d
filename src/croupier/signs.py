"""Table signs: the drawing helpers every game's sign shares, and the lookup of a game's sign.

Each game draws its own sign, ``croupier.games.<game>.sign.sign(rules)`` (a Rich
renderable: what the regulation requires the table's sign to say). This module holds
what several signs draw alike (the header with the submission's sha256, a paytable, odds
rows, a range of limits), :func:`sign_for`, which finds a submission's sign by its game
(``croupier rules show`` prints it, the server's ``GET /tables/{id}/sign`` sends it), and
:func:`sign_text`, the sign as plain text. It imports no game: :data:`SIGNS` names the
modules, imported when a sign is asked for (a stand-in until a registry of games does
this).
"""

from __future__ import annotations

import importlib
import io
from fractions import Fraction

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from croupier.errors import CroupierError
from croupier.money import format_cents, format_odds
from croupier.rules.base import RulesSubmission

SIGNS: dict[str, str] = {
    "high-roll-dice": "croupier.games.high_roll_dice.sign",
    "go-fore-it": "croupier.games.go_fore_it.sign",
    "pai-gow": "croupier.games.pai_gow.sign",
    "criss-cross-poker": "croupier.games.criss_cross_poker.sign",
    "double-back-jack": "croupier.games.double_back_jack.sign",
}
"""Game (``RulesSubmission.game``) -> the module whose ``sign(rules)`` draws its sign."""

SHOW_CITE = "rules show"
"""The cite of :class:`NoSign`."""


class NoSign(CroupierError):
    """A game whose table sign is not drawn (yet)."""


def sign_for(rules: RulesSubmission) -> RenderableType:
    """The table sign of ``rules``, drawn by its game's sign module (:data:`SIGNS`).

    Raises :class:`NoSign` (``rules show``) for a game that draws none.
    """
    module = SIGNS.get(rules.game)
    if module is None:
        raise NoSign(f"no table sign is drawn for {rules.game} yet", SHOW_CITE)
    sign = importlib.import_module(module).sign
    drawn: RenderableType = sign(rules)
    return drawn


def sign_text(renderable: RenderableType, width: int = 72) -> str:
    """``renderable`` as plain text ``width`` columns wide, as ``croupier rules show``
    prints it (no styles, no highlighting)."""
    console = Console(file=io.StringIO(), width=width, record=True, highlight=False)
    console.print(renderable)
    return console.export_text()


def header(title: str, rules: RulesSubmission) -> list[RenderableType]:
    """The top of every sign: its title (bold), the submission's sha256, a blank line."""
    return [
        Text(title, style="bold"),
        Text("Rules Submission sha256"),
        Text(rules.sha256()),
        Text(""),
    ]


def paytable(
    title: str, heading: str, rows: list[tuple[str, str]], payout: str = "Payout odds"
) -> Group:
    """A paytable under a blank line and its bold ``title``: ``heading`` over the
    hands or outcomes, ``payout`` (right-justified) over what each pays."""
    table = Table(show_edge=False)
    table.add_column(heading)
    table.add_column(payout, justify="right")
    for label, odds in rows:
        table.add_row(label, odds)
    return Group(Text(""), Text(title, style="bold"), table)


def odds_rows(odds: dict[int, Fraction], names: dict[int, str]) -> list[tuple[str, str]]:
    """The rows of a paytable keyed by number: each key's name and its odds ("25 to 1")."""
    return [(names[key], format_odds(value)) for key, value in odds.items()]


def limit_range(low: int, high: int) -> str:
    """A table limit from ``low`` to ``high`` cents ("$5.00 to $500.00")."""
    return f"{format_cents(low)} to {format_cents(high)}"
