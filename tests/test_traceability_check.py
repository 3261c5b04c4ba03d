"""The check of docs/traceability.md's faces (``test_traceability.problems``) catches each
kind of fault: fed a small table naming the tests of a throwaway ``tests/`` folder, it
answers nothing for a true table and names the row and the fault for a false one."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_traceability import FACES, cite_text, cites, named_for, problems

DEMO = '''
import pytest

from croupier.rules.go_fore_it import SECTIONS

CASES = [("675a.5(a)", 3)]


def helper():
    """Opens a round under 675a.6(a)."""


def test_675a_4_f_named_for_it():
    pass


def test_cites_a_part_in_its_docstring():
    """675a.4(f)(2)(ii): the second example."""


def test_cites_only_the_whole_section():
    """675a.4: the procedure."""


def test_cites_nothing():
    assert 1 + 1 == 2


@pytest.mark.parametrize(("section", "n"), CASES)
def test_parametrized_by_a_constant(section, n):
    assert n


def test_takes_a_fixture(table):
    assert table


def test_calls_a_helper():
    helper()


def test_reads_the_rule_set():
    assert SECTIONS.deck_change


class TestGroup:
    """676a.11(b): the decisions."""

    def test_in_the_group(self):
        pass

    def helper_not_a_test(self):
        """676a.11(b)"""
'''

CONFTEST = '''
import pytest


@pytest.fixture
def seats():
    """675a.2(c): only seated players."""
    return [1]


@pytest.fixture
def table(seats):
    return seats
'''

CLI = '''
def test_rules_show():
    """675a.1(b)(3): the sign."""
'''

HEAD = (
    "| Section | Status | Code | Engine | Terminal | Server | Browser | Note |\n"
    "|---|---|---|---|---|---|---|---|\n"
)
"""A table of a chapter whose text is at hand."""
HEAD_INFERRED = (
    "| Section | Reading | Status | Code | Engine | Terminal | Server | Browser | Basis |\n"
    "|---|---|---|---|---|---|---|---|---|\n"
)
"""A table of ch. 623a or 625a, one reading a row."""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A clone's root whose tests/ holds the modules above."""
    (tmp_path / "tests" / "cli").mkdir(parents=True)
    (tmp_path / "tests" / "test_demo.py").write_text(DEMO, encoding="utf-8")
    (tmp_path / "tests" / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (tmp_path / "tests" / "cli" / "test_show.py").write_text(CLI, encoding="utf-8")
    return tmp_path


def row(section: str, *faces: str, status: str = "implemented") -> str:
    return f"| {section} | {status} | `x.py` | {' | '.join(faces)} |  |\n"


def demo(name: str) -> str:
    return f"`tests/test_demo.py::{name}`"


ENGINE_ONLY = ("by the engine",) * 3


# --- a true table --------------------------------------------------------------------------
def test_a_true_table_has_no_problems(root: Path) -> None:
    """Each way a test may cite its section: its name, a part in its docstring, a
    parametrize table kept in a constant, a fixture's fixture in a conftest.py, a helper
    of its module it calls, a rule-set attribute, its class's docstring; each other form
    of cell; a test of the terminal under tests/cli/; a section not software."""
    table = HEAD + "".join(
        [
            row("675a.4(f)", demo("test_675a_4_f_named_for_it"), *ENGINE_ONLY),
            row("675a.4(f)", demo("test_cites_a_part_in_its_docstring"), *ENGINE_ONLY),
            row("675a.5(a)", demo("test_parametrized_by_a_constant"), *ENGINE_ONLY),
            row("675a.2(c)", demo("test_takes_a_fixture"), *ENGINE_ONLY),
            row("675a.6(a)", demo("test_calls_a_helper"), *ENGINE_ONLY),
            row("676a.3(c)", demo("test_reads_the_rule_set"), *ENGINE_ONLY),
            row("676a.3(c)(2)", demo("test_reads_the_rule_set"), *ENGINE_ONLY),
            row(
                "676a.11(b)",
                demo("TestGroup::test_in_the_group"),
                "by the engine",
                "not built: issue #37",
                "not built: as the server",
            ),
            row(
                "675a.1(b)(3)",
                "not built: a sign is shown, not dealt",
                "`tests/cli/test_show.py::test_rules_show`",
                "not built: no endpoint",
                "not built: no page",
            ),
            row("675a.3(b)", "", "", "", "", status="not software"),
        ]
    )
    inferred = HEAD_INFERRED + (
        "| § 675a.4 | a reading | implemented | `x.py` | "
        f"{demo('test_cites_only_the_whole_section')} | {' | '.join(ENGINE_ONLY)} | preamble |\n"
    )
    assert problems(table + "\n" + inferred, root) == []


# --- each fault ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "fault"),
    [
        # A face left blank: built with no test, or not said.
        (
            row("675a.4(f)", demo("test_675a_4_f_named_for_it"), "", *ENGINE_ONLY[1:]),
            "675a.4(f), Terminal: empty",
        ),
        # A named test that does not exist: no such function, method, class or module.
        (
            row("675a.4(f)", demo("test_675a_4_f_renamed"), *ENGINE_ONLY),
            "tests/test_demo.py::test_675a_4_f_renamed does not exist",
        ),
        (
            row("676a.11(b)", demo("TestGroup::test_not_there"), *ENGINE_ONLY),
            "TestGroup::test_not_there does not exist",
        ),
        (
            row("676a.11(b)", demo("TestOther::test_in_the_group"), *ENGINE_ONLY),
            "TestOther::test_in_the_group does not exist",
        ),
        (
            row("676a.11(b)", demo("TestGroup::helper_not_a_test"), *ENGINE_ONLY),
            "TestGroup::helper_not_a_test does not exist",
        ),
        (
            row("675a.4(f)", "`tests/test_gone.py::test_675a_4_f`", *ENGINE_ONLY),
            "tests/test_gone.py::test_675a_4_f does not exist",
        ),
        # A named test that does not cite its section: nothing, another section, only the
        # section containing it, a number that only starts the same.
        (
            row("675a.4(f)", demo("test_cites_nothing"), *ENGINE_ONLY),
            "test_cites_nothing does not cite 675a.4(f)",
        ),
        (
            row("675a.4(g)", demo("test_675a_4_f_named_for_it"), *ENGINE_ONLY),
            "test_675a_4_f_named_for_it does not cite 675a.4(g)",
        ),
        (
            row("675a.4(f)", demo("test_cites_only_the_whole_section"), *ENGINE_ONLY),
            "test_cites_only_the_whole_section does not cite 675a.4(f)",
        ),
        (
            row("675a.5(e)", demo("test_parametrized_by_a_constant"), *ENGINE_ONLY),
            "does not cite 675a.5(e)",
        ),
        (
            row("676a.3(b)", demo("test_reads_the_rule_set"), *ENGINE_ONLY),
            "test_reads_the_rule_set does not cite 676a.3(b)",
        ),
        # A test of another face.
        (
            row("675a.1(b)(3)", "`tests/cli/test_show.py::test_rules_show`", *ENGINE_ONLY),
            "test_rules_show is a test of the Terminal face",
        ),
        # A cell of no known form, a test written without its path, a reason missing.
        (
            row("675a.4(f)", "regulation/", *ENGINE_ONLY),
            "'regulation/' is none of",
        ),
        (
            row("675a.4(f)", "`test_675a_4_f_named_for_it`", *ENGINE_ONLY),
            "'test_675a_4_f_named_for_it' is not tests/PATH.py::[Class::]test",
        ),
        (
            row("675a.4(f)", demo("test_675a_4_f_named_for_it"), "not built: ", *ENGINE_ONLY[1:]),
            "Terminal: 'not built' without a reason",
        ),
        # "by the engine" where the engine is the face, or names no test; a browser that
        # shows what a server that does not build the section would send.
        (row("675a.4(f)", "by the engine", *ENGINE_ONLY), "Engine: the engine cannot be"),
        (
            row("675a.4(f)", "not built: no", *ENGINE_ONLY),
            "Terminal: 'by the engine' but the Engine column names no tests",
        ),
        (
            row(
                "675a.4(f)",
                demo("test_675a_4_f_named_for_it"),
                "by the engine",
                "not built: issue #37",
                "by the engine",
            ),
            "Browser: 'by the engine' but the server, whose view it shows, is not built",
        ),
        # Implemented, yet built nowhere; not software, yet with faces; a status unknown.
        (
            row("675a.4(f)", *(["not built: no"] * 4)),
            "675a.4(f): implemented, no face built with tests",
        ),
        (
            row("675a.3(b)", "", "", "by the engine", "", status="not software"),
            "675a.3(b): not software, yet Server filled",
        ),
        (
            row("675a.4(f)", demo("test_675a_4_f_named_for_it"), *ENGINE_ONLY, status="done"),
            "unknown status 'done'",
        ),
    ],
)
def test_each_fault_is_caught_and_named(root: Path, line: str, fault: str) -> None:
    found = problems(HEAD + line, root)
    assert any(fault in problem for problem in found), found
    assert all(problem.startswith("line 3, ") for problem in found), found


def test_a_table_without_the_face_columns_is_caught(root: Path) -> None:
    """The table as it was before the faces (a Tests column naming folders)."""
    table = (
        "| Section | Status | Code | Tests | Note |\n|---|---|---|---|---|\n"
        "| 675a.4(f) | implemented | `x.py` | regulation/ |  |\n"
    )
    assert problems(table, root) == [
        *(f"line 3, 675a.4(f), {face}: no {face} column" for face in FACES),
        "line 3, 675a.4(f): implemented, no face built with tests",
    ]


def test_a_fault_in_an_inferred_table_is_caught(root: Path) -> None:
    """The ch. 623a and 625a tables are checked as the others."""
    table = HEAD_INFERRED + (
        f"| § 625a.3 | a reading | implemented | `x.py` | {demo('test_cites_nothing')} | "
        f"{' | '.join(ENGINE_ONLY)} | preamble |\n"
    )
    assert problems(table, root) == [
        "line 3, 625a.3, Engine: tests/test_demo.py::test_cites_nothing does not cite 625a.3"
    ]


# --- the pieces ----------------------------------------------------------------------------
def test_a_test_is_named_for_a_section_and_its_parts_only() -> None:
    test = "tests/x.py::test_675a_4_f_2_ii_the_example"
    assert named_for(test, "675a.4(f)") and named_for(test, "675a.4(f)(2)(ii)")
    assert named_for(test, "675a.4")
    assert not named_for(test, "675a.4(g)") and not named_for(test, "675a.4(f)(1)")
    assert not named_for("tests/x.py::test_621a_10_a", "621a.1")


def test_a_citation_is_the_section_or_a_part() -> None:
    assert cites("see 675a.4(f)(2)(ii).", "675a.4(f)")
    assert cites('cite == "621a.9(5)"', "621a.9")
    assert not cites("675a.4(g)", "675a.4(f)")
    assert not cites("675a.41", "675a.4")
    assert not cites("1675a.4", "675a.4")
    assert not cites("675a.4", "675a.4(f)")


def test_the_cite_text_gathers_what_the_test_uses(root: Path) -> None:
    text = cite_text("tests/test_demo.py::test_takes_a_fixture", root)
    assert text is not None
    assert "675a.2(c)" in text  # the fixture ``seats`` of the fixture ``table``
    grouped = cite_text("tests/test_demo.py::TestGroup::test_in_the_group", root)
    assert grouped is not None and "676a.11(b)" in grouped
    assert cite_text("tests/test_demo.py::helper", root) is None
    assert cite_text("tests/test_demo.py::test_in_the_group", root) is None
