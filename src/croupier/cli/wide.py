"""A table of rows for the terminal that cuts nothing short: the usual Rich table where it
fits the terminal's width, else each row as a card of its headings and values (a hold
report's twelve columns do not fit 80; Rich would cut every cell to "…"); and the progress
bar of a long command, on standard error."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table


def print_rows(
    console: Console,
    title: str,
    headings: Sequence[str],
    rows: Sequence[Sequence[str]],
    right: Collection[str] = (),
) -> None:
    """Print ``rows`` (each a text per heading) under ``title``; the headings in ``right``
    are right-aligned in the table. Empty values are left off a card."""
    widths = [max(len(text) for text in column) for column in zip(headings, *rows, strict=True)]
    if sum(widths) + 3 * len(widths) + 1 <= console.width:  # each cell, its padding, rules
        table = Table(title=title)
        for heading in headings:
            table.add_column(heading, justify="right" if heading in right else "left")
        for row in rows:
            table.add_row(*row)
        console.print(table)
        return
    console.print(title, highlight=False)
    for row in rows:
        card = Table(show_header=False, box=None, pad_edge=False)
        card.add_column(style="bold")
        card.add_column(overflow="fold")
        for heading, value in zip(headings, row, strict=True):
            if value:
                card.add_row(heading, value)
        console.print()
        console.print(card)


def progress_bar(transient: bool, *more: ProgressColumn) -> Progress:
    """A progress bar on standard error: the task, the bar, how many of how many, the time
    taken, then the columns ``more``; ``transient``, it is cleared when done (under
    ``--json``)."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        *more,
        console=Console(stderr=True),
        transient=transient,
    )
