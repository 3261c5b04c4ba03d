"""A lab sheet (:mod:`croupier.analysis.lab_sheet`) written as CSV files and as one XLSX
workbook (openpyxl).

:func:`write_csv` writes one UTF-8 CSV file per table, ``<game>-<table>.csv`` (``wagers``,
``outcomes``, ``payouts``, ``mix`` with a bet mix, ``about``), each a heading row then
data; :func:`write_xlsx` writes ``<game>.xlsx`` with one worksheet per table. Exact
figures are also given as ``p/q`` text. A spreadsheet holds a number to 15 significant
digits, so an integer count beyond 2**53 is written into the workbook as text (every
digit kept); the CSV files write every count in full.
"""

from __future__ import annotations

import csv
from pathlib import Path

from openpyxl import Workbook

from croupier.analysis.lab_sheet import Cell, LabSheet, tables

SAFE_INTEGER = 2**53
"""The largest integer a spreadsheet's floating-point number holds exactly."""


def write_csv(lab: LabSheet, directory: str | Path) -> list[Path]:
    """Write each table of :func:`~croupier.analysis.lab_sheet.tables` as
    ``<directory>/<game>-<table>.csv`` (the folder is created if needed); return the
    paths. Raises ``OSError`` if one cannot be written."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, rows in tables(lab).items():
        path = folder / f"{lab.sheet.game}-{name}.csv"
        with path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerows([["" if cell is None else cell for cell in row] for row in rows])
        paths.append(path)
    return paths


def _cell(value: Cell) -> Cell:
    if isinstance(value, int) and abs(value) >= SAFE_INTEGER:
        return str(value)
    return value


def write_xlsx(lab: LabSheet, directory: str | Path) -> Path:
    """Write the tables as worksheets of ``<directory>/<game>.xlsx`` (the folder is
    created if needed); return its path. Raises ``OSError`` if it cannot be written."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    workbook = Workbook()
    first = workbook.active
    if first is not None:
        workbook.remove(first)
    for name, rows in tables(lab).items():
        sheet = workbook.create_sheet(name)
        for row in rows:
            sheet.append([_cell(cell) for cell in row])
        sheet.freeze_panes = "A2"
    path = folder / f"{lab.sheet.game}.xlsx"
    workbook.save(path)
    return path


__all__ = ["SAFE_INTEGER", "write_csv", "write_xlsx"]
