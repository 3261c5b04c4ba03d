"""docs/compliance.md stays true (issue #32).

The document is one checklist: every clause of GLI-19 v3.0 and of 58 Pa. Code Subpart L
that bears on a table-game server, one row a clause, with the columns Clause,
Requirement, Status, Where and Tests. This module checks:

- **Every clause is there.** Each clause of the paraphrase beside the project
  (``shared/standards/gli-19-and-subpart-l.md``: the first column of its table, each
  Subpart L section it puts in bold, and each item of GLI-19 2.8.8's list) has a row.
- **Every status is one of four**: ``built``; ``partial: WHAT IS MISSING``;
  ``operator's duty: WHY``; ``not built: WHY`` (a reason is required after the colon).
- **What is built is shown.** A row built or partial names in Where at least one path of
  ``src/`` in backquotes that exists, and in Tests at least one test, written
  ``tests/PATH.py::test_name`` (or ``::TestClass::test_name``), that exists and cites the
  clause: its name, docstring, body, parametrization or fixtures (as
  ``tests/test_traceability.py`` reads them) hold the clause's number, written as in the
  Clause column (``2.5.3``, ``814a.2``) or, for a GLI-19 clause, after ``GLI-19``.
- A row that is the operator's duty or not built names no test (nothing claims it).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_traceability import REGULATIONS, ROOT, TEST_ID, cite_text, split_row

COMPLIANCE = ROOT / "docs" / "compliance.md"
STANDARDS = REGULATIONS.parent / "standards" / "gli-19-and-subpart-l.md"
COLUMNS = ["Clause", "Requirement", "Status", "Where", "Tests"]
STATUS = re.compile(r"^(built|partial: .+|operator's duty: .+|not built: .+)$")
PATH = re.compile(r"`(src/[^`]+)`")


def checklist(text: str) -> dict[str, list[str]]:
    """The rows of every table of ``text`` with :data:`COLUMNS`, by clause."""
    found: dict[str, list[str]] = {}
    header: list[str] | None = None
    for line in text.splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = split_row(line)
        if header is None:
            header = cells
            continue
        if header != COLUMNS or set("".join(cells)) <= set("-: "):
            continue
        clause = cells[0].strip("* ")
        if clause in found:
            raise AssertionError(f"docs/compliance.md lists {clause} twice")
        found[clause] = cells
    return found


def clauses_of_the_standards(text: str) -> list[str]:
    """The clauses the paraphrase lists: its table's first column, the Subpart L
    sections in bold (``**814a.2**``), and each item of 2.8.8's list as ``2.8.8 ITEM``."""
    found: list[str] = []
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("| §"):
            first = split_row(line)[0].strip("* ")
            if first and set(first) - set("-: "):
                found.append(first)
    found += re.findall(r"^- \*\*(8\d\da\.\d+)\*\*", text, re.MULTILINE)
    listing = text.split("**§2.8.8 significant events (the list).**", 1)[1]
    for line in listing.splitlines()[1:]:
        if not line.startswith("- "):
            break
        found.append("2.8.8 " + line[2:].strip("*;. ").replace("**", ""))
    return found


def cited(text: str, clause: str, dot: str = ".") -> bool:
    """Whether ``text`` cites ``clause``: any number the clause writes (``2.5.3`` of
    ``2.5.3(d)``; ``2.9.1`` or ``2.9.5`` of ``2.9.1–2.9.5``; ``2.8.8`` of ``2.8.8 ITEM``),
    not followed by another digit or by ``dot`` and a digit, nor preceded by a digit or a
    digit and a dot. A test's name writes the dots as ``dot="_"``."""
    for number in re.findall(r"(?:[A-Z]\.)?\d+a?(?:\.\d+)+", clause):
        written = re.escape(number.replace(".", dot))
        if re.search(rf"(?<!\d)(?<!\d\.){written}(?!\d|{re.escape(dot)}\d)", text):
            return True
    return False


def problems(text: str, root: Path = ROOT) -> list[str]:
    """Every way ``text`` (a compliance checklist) is false of the code under ``root``."""
    found: list[str] = []
    for clause, cells in checklist(text).items():
        status, where, tests = cells[2], cells[3], cells[4]
        if not STATUS.match(status):
            found.append(f"{clause}: status {status!r} is not one of the four")
            continue
        named = TEST_ID.findall(tests)
        if status.startswith(("operator's duty", "not built")):
            if named:
                found.append(f"{clause}: {status.split(':')[0]} yet names tests")
            continue
        paths = PATH.findall(where)
        if not paths:
            found.append(f"{clause}: built or partial but names no src/ path")
        found += [f"{clause}: {p} does not exist" for p in paths if not (root / p).exists()]
        if not named:
            found.append(f"{clause}: built or partial but names no test")
        for test_id in named:
            source = cite_text(test_id, root)
            if source is None:
                found.append(f"{clause}: {test_id} does not exist")
            elif not (cited(test_id.split("::")[-1], clause, "_") or cited(source, clause)):
                found.append(f"{clause}: {test_id} does not cite {clause}")
    return found


def test_the_checklist_is_true() -> None:
    assert problems(COMPLIANCE.read_text(encoding="utf-8")) == []


@pytest.mark.skipif(not STANDARDS.exists(), reason="the standards paraphrase is not beside us")
def test_every_clause_of_the_standards_has_a_row() -> None:
    listed = checklist(COMPLIANCE.read_text(encoding="utf-8"))
    wanted = clauses_of_the_standards(STANDARDS.read_text(encoding="utf-8"))
    assert len(wanted) > 40
    assert [clause for clause in wanted if clause not in listed] == []


DEMO_TEST = '''
def test_gli_19_2_5_4_idle():
    pass


def test_limits():
    """814a.2: a daily loss limit."""


def test_nothing():
    assert True
'''


@pytest.mark.parametrize(
    ("row", "fault"),
    [
        ("| 2.5.4 | idle | built | `src/x.py` | `tests/d.py::test_gli_19_2_5_4_idle` |", ""),
        ("| 814a.2 | limits | built | `src/x.py` | `tests/d.py::test_limits` |", ""),
        ("| 2.5.4 | idle | done | `src/x.py` | |", "is not one of the four"),
        ("| 2.5.4 | idle | partial | `src/x.py` | |", "is not one of the four"),
        ("| 2.5.4 | idle | built | `src/y.py` | `tests/d.py::test_gli_19_2_5_4_idle` |", "exist"),
        ("| 2.5.4 | idle | built | | `tests/d.py::test_gli_19_2_5_4_idle` |", "no src/"),
        ("| 2.5.4 | idle | built | `src/x.py` | |", "names no test"),
        ("| 2.5.4 | idle | built | `src/x.py` | `tests/d.py::test_gone` |", "not exist"),
        ("| 2.5.4 | idle | built | `src/x.py` | `tests/d.py::test_nothing` |", "cite"),
        ("| 2.5.4 | idle | built | `src/x.py` | `tests/d.py::test_limits` |", "cite"),
        ("| 2.5 | idle | built | `src/x.py` | `tests/d.py::test_gli_19_2_5_4_idle` |", "cite"),
        ("| 809a.3 | servers | operator's duty: the data centre | | |", ""),
        ("| 809a.3 | x | operator's duty: y | | `tests/d.py::test_limits` |", "names tests"),
    ],
)
def test_the_check_finds_each_fault(tmp_path: Path, row: str, fault: str) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "x.py").write_text("", encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "d.py").write_text(DEMO_TEST, encoding="utf-8")
    table = "| Clause | Requirement | Status | Where | Tests |\n|---|---|---|---|---|\n" + row
    found = problems(table, tmp_path)
    if not fault:
        assert found == []
    else:
        assert len(found) == 1 and fault in found[0], found


def test_the_standards_reader_finds_the_three_kinds() -> None:
    text = (
        "| § | Requirement | now |\n|---|---|---|\n"
        "| **2.3.2** | self | x |\n| 2.2.1–2.2.2 | c | y |\n"
        "\n- **814a.1**: things\n\n**§2.8.8 significant events (the list).**\n"
        "- failed logins with IP;\n- **voids, overrides and corrections**;\n\nafter\n"
    )
    assert clauses_of_the_standards(text) == [
        "2.3.2",
        "2.2.1–2.2.2",
        "814a.1",
        "2.8.8 failed logins with IP",
        "2.8.8 voids, overrides and corrections",
    ]
