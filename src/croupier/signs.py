"""Table signs: the drawing helpers every game's sign shares.

Each game draws its own sign, ``croupier.games.<game>.sign.sign(rules)`` (a Rich
renderable: what the regulation requires the table's sign to say), named by its
:class:`~croupier.game.GameSpec` and found with :func:`croupier.registry.sign_for`
(``croupier rules show`` prints it, the server's ``GET /tables/{id}/sign`` sends it).
This module holds what several signs draw alike (the header with the submission's
sha256, a paytable, odds rows, a range of limits) and :func:`sign_text`, the sign as
plain text. It imports no game.
"""

from __future__ import annotations

import io
from fractions import Fraction
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from croupier.identity import identity
from croupier.money import format_cents, format_odds
from croupier.rules.base import RulesSubmission


def sign_text(renderable: RenderableType, width: int = 72) -> str:
    """``renderable`` as plain text ``width`` columns wide, as ``croupier rules show``
    prints it (no styles, no highlighting)."""
    console = Console(file=io.StringIO(), width=width, record=True, highlight=False)
    console.print(renderable)
    return console.export_text()


def sign_blocks(renderable: RenderableType, width: int = 72) -> list[dict[str, Any]]:
    """``renderable`` (a sign) as data a page lays out itself: in order, each line of text
    (``{"text": ..., "bold": bool}``) and each table (``{"columns": [...], "rows":
    [[...], ...]}``, every cell its plain text); anything else as its plain text
    (:func:`sign_text`)."""
    if isinstance(renderable, Group):
        return [block for part in renderable.renderables for block in sign_blocks(part, width)]
    if isinstance(renderable, Text):
        return [{"text": renderable.plain, "bold": "bold" in str(renderable.style)}]
    if isinstance(renderable, Table):
        columns = [_plain(column.header) for column in renderable.columns]
        cells = [[_plain(cell) for cell in column.cells] for column in renderable.columns]
        return [{"columns": columns, "rows": [list(row) for row in zip(*cells, strict=True)]}]
    if isinstance(renderable, str):
        return [{"text": renderable, "bold": False}]
    return [{"text": sign_text(renderable, width).rstrip("\n"), "bold": False}]


def _plain(cell: object) -> str:
    return cell.plain if isinstance(cell, Text) else str(cell)


def header(title: str, rules: RulesSubmission) -> list[RenderableType]:
    """The top of every sign: its title (bold), the submission's sha256, the software
    that runs the table (:func:`croupier.identity.identity`: version and commit, the
    sha256 of its critical files), a blank line."""
    software = identity()
    return [
        Text(title, style="bold"),
        Text("Rules Submission sha256"),
        Text(rules.sha256()),
        Text(f"Software croupier {software.version}, commit"),
        Text(software.commit),
        Text("Software files sha256"),
        Text(software.files_sha256),
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
