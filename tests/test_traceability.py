"""docs/traceability.md stays true.

The regulation text against the table:

- Every section it lists exists in the regulation text.
- Every subsection of each chapter it covers is accounted for (listed, or a part of it is).
- Every section of a covered chapter cited in src/ is listed (itself, a section
  containing it, or its parts).
- Every section marked implemented is cited by the code and by a test (itself or a part).

The faces and their tests (issues #31 and #37). Every table of the document with the
columns Section, Status, Engine, Terminal, Server and Browser is read, the ch. 623a and
625a tables (one row per reading, the Section written ``§ 623a.4``) included. In a row:

- A section **not software** has every face cell empty.
- A section **implemented** has every face cell filled with exactly one of:

  * the tests that show the section at that face, each written in backquotes as
    ``tests/PATH.py::test_name`` or ``tests/PATH.py::TestClass::test_name`` and separated
    by ", ": the face is built;
  * ``not built: REASON`` (a reason is required): the face does not do it;
  * ``by the engine`` (not in the Engine column): the face has no code of its own for the
    section; it runs (terminal, server) or shows (browser) what the engine's code does, and
    the Engine column names the tests. A Browser cell may say so only where the Server cell
    is built or by the engine: the browser shows what the server sends.

  At least one face is built.
- A test named in a face is where that face is tested: Terminal tests under
  ``tests/cli/``; Server tests under ``tests/server/``, and
  ``tests/browser/test_lobby_api.py`` (the endpoints the browser uses, through the API,
  with no browser); Browser tests elsewhere under ``tests/browser/`` and
  ``tests/test_words_js.py`` (the browser's own script run under node); Engine tests
  anywhere else under ``tests/``.
- Each named test **exists**: its module parses and defines, at module level, the function
  ``test_name`` (or the class ``TestClass`` with the method ``test_name``). Found by
  reading the module with ``ast``, not by importing or running it.
- Each named test **cites its section** S. Its *cite text* is:

  1. the function's source, its decorators included (``pytest.mark.parametrize`` tables
     written in place, docstring, body);
  2. for a method, its class's decorators and docstring;
  3. the source of each module-level assignment whose name a decorator of (1) or (2)
     uses (a parametrize table kept in a constant), and of the module's ``pytestmark``;
  4. the source of each fixture the function takes by argument name, and of the fixtures
     those take, transitively: a function decorated ``@pytest.fixture`` (or ``@fixture``)
     of that name in the class, in the module, or in a ``conftest.py`` of the module's
     folder or a folder above it up to ``tests/``, the nearest first.

  5. the source of each function of the module that (1) calls by its bare name
     (``open_round(...)``, a helper that opens the round the test plays), one level deep.

  The test cites S when its name is named for S or a part of S, the dots and brackets
  written as underscores (``test_675a_4_f_...`` for ``675a.4(f)``, ``test_625a_1_...``
  for ``625a.1``); when its cite text holds S or a part of S (``675a.4(f)`` is cited by
  ``675a.4(f)`` and ``675a.4(f)(2)(ii)``, not by ``675a.4`` or ``675a.41``), or when it
  reads a rule-set attribute whose value is S or a part of S: ``sections.deck_change``,
  ``SECTIONS[...].settle_pip_street`` or ``procedure_sections.stub_count`` (any name
  ending in ``sections``, then an attribute), where the attribute is a field of a
  ``*SECTIONS`` object of ``croupier.rules`` whose value in some rule set is S or a part
  of S.

Tests added or renamed elsewhere do not change these checks; a test the table names that
is renamed, moved or no longer cites its section fails them, naming the row.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
import os
import pkgutil
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REGULATIONS = Path(os.environ.get("CROUPIER_REGULATIONS", ROOT.parent / "shared" / "regulations"))
"""The regulation texts: beside the clone, or where ``CROUPIER_REGULATIONS`` says."""
CHAPTER_FILES = {
    path.name.split("-")[0]: path.name
    for path in REGULATIONS.glob("*.txt")
    if path.name[0].isdigit() and not path.name.startswith("2011")
}
"""Chapter number -> its text, e.g. ``"675a" -> "675a-high-roll-dice.txt"``."""
ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
LABEL = re.compile(r"(?:^|(?<=\s))\(([a-z]{1,4}|\d+)\) (?=[A-Z'\"])", re.MULTILINE)
STATUSES = {"implemented", "not software"}
FACES = ("Engine", "Terminal", "Server", "Browser")
BY_THE_ENGINE = "by the engine"
NOT_BUILT = "not built:"
TEST_ID = re.compile(r"tests/[\w/]+\.py::[A-Za-z_]\w*(?:::[A-Za-z_]\w*)?")
TEST_LIST = re.compile(r"`[^`]+`(?:, `[^`]+`)*")
SECTION = re.compile(r"^(?:§ )?`?([0-9]+[a-z]?\.\d+(?:\([0-9a-z]+\))*)`?$")


# --- the document -------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    """One row of a table of docs/traceability.md: its line (from 1), its section (without
    ``§``), its status and its cells by column name."""

    line: int
    section: str
    status: str
    cells: dict[str, str]


def split_row(line: str) -> list[str]:
    """The cells of a Markdown table row, stripped (no ``|`` inside a cell in this file)."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def table_rows(text: str) -> list[Row]:
    """Every row of every table whose header has a Section and a Status column."""
    found: list[Row] = []
    header: list[str] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.startswith("|"):
            header = None
            continue
        cells = split_row(line)
        if header is None:
            header = cells
            continue
        if set(cells) <= {"---", ":---", "---:"} or not {"Section", "Status"} <= set(header):
            continue
        named = dict(zip(header, cells, strict=False))
        match = SECTION.match(named["Section"])
        section = match.group(1) if match else named["Section"]
        found.append(Row(number, section, named["Status"], named))
    return found


def document() -> str:
    return (ROOT / "docs" / "traceability.md").read_text(encoding="utf-8")


def covered_chapters() -> list[str]:
    """The chapters docs/traceability.md has a section for (``## Ch. 675a, ...``)."""
    return re.findall(r"^## Ch\. ([0-9a-z]+)\b", document(), flags=re.MULTILINE)


def rows() -> dict[str, str]:
    """Section -> status, for the chapters whose text is at hand."""
    chapters = tuple(chapter + "." for chapter in covered_chapters())
    return {
        row.section: row.status
        for row in table_rows(document())
        if row.section.startswith(chapters)
    }


# --- the regulation text ------------------------------------------------------------------
def sections_of(chapter: str) -> list[str]:
    """Every section, subsection, paragraph and subparagraph of a chapter's text."""
    if not REGULATIONS.is_dir():
        pytest.fail(
            f"the regulation texts are expected beside the clone, at {REGULATIONS} "
            "(or where CROUPIER_REGULATIONS says; README, 'Tests')"
        )
    text = (REGULATIONS / CHAPTER_FILES[chapter]).read_text(encoding="utf-8")
    # A heading, not a cross-reference such as "described in § 621a.9. After ...".
    parts = re.split(rf"(?<!in )§ {re.escape(chapter)}\.(\d+)\. ", text)
    found: list[str] = []
    for number, body in zip(parts[1::2], parts[2::2], strict=True):
        base = f"{chapter}.{number}"
        found.append(base)
        stack: list[tuple[int, str]] = []  # (depth 0 letter / 1 number / 2 roman, label)
        for match in LABEL.finditer(body):
            label = match.group(1)
            top = stack[-1] if stack else None
            if label.isdigit():
                depth = 1
            elif len(label) > 1 or (
                label in ("i", "v", "x")
                and top is not None
                and (
                    # "(i)" after "(2)" is a subparagraph only if an "(ii)" follows
                    # (621a.10(h)(2) is followed by subsection (i)).
                    (top[0] == 1 and label == "i" and "(ii) " in body[match.end() :])
                    or (top[0] == 2 and ROMAN.index(label) == ROMAN.index(top[1]) + 1)
                )
            ):
                depth = 2
            else:
                depth = 0
            stack = [*(entry for entry in stack if entry[0] < depth), (depth, label)]
            found.append(base + "".join(f"({label})" for _, label in stack))
    return found


def cited_in(folder: str) -> set[str]:
    pattern = re.compile(r"\b(" + "|".join(covered_chapters()) + r")\.(\d+)((?:\([0-9a-z]+\))*)")
    cites: set[str] = set()
    for path in (ROOT / folder).rglob("*.py"):
        if path == Path(__file__).resolve():
            continue
        for chapter, number, tail in pattern.findall(path.read_text(encoding="utf-8")):
            cites.add(f"{chapter}.{number}{tail}")
    return cites


def contains(outer: str, inner: str) -> bool:
    """``675a.4(f)`` contains ``675a.4(f)(2)(ii)`` (and itself)."""
    return inner == outer or inner.startswith(outer + "(")


# --- the named tests ----------------------------------------------------------------------
@functools.cache
def parsed(path: Path) -> tuple[str, ast.Module] | None:
    """A module's source and tree, or ``None`` where there is no such file."""
    if not path.is_file():
        return None
    source = path.read_text(encoding="utf-8")
    return source, ast.parse(source, filename=str(path))


@functools.cache
def _lines(source: str) -> list[str]:
    """A module's lines, each with its end, split where ``ast`` splits them (at ``\\r\\n``,
    ``\\r`` and ``\\n`` only): once per module, where ``ast.get_source_segment`` splits
    the whole module again for each node (most of this file's time, before)."""
    return re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z", source)


def _segment(source: str, node: ast.AST) -> str:
    """The node's source, as ``ast.get_source_segment`` gives it (the offsets count bytes)."""
    first, last = getattr(node, "lineno", None), getattr(node, "end_lineno", None)
    start, end = getattr(node, "col_offset", None), getattr(node, "end_col_offset", None)
    if first is None or last is None or start is None or end is None:
        return ""
    lines = _lines(source)
    if first == last:
        return lines[first - 1].encode()[start:end].decode()
    head = lines[first - 1].encode()[start:].decode()
    tail = lines[last - 1].encode()[:end].decode()
    return "".join([head, *lines[first : last - 1], tail])


def _is_fixture(node: ast.FunctionDef) -> bool:
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name == "fixture":
            return True
    return False


def _functions(body: list[ast.stmt]) -> dict[str, ast.FunctionDef]:
    return {node.name: node for node in body if isinstance(node, ast.FunctionDef)}


def _with_decorators(source: str, node: ast.FunctionDef | ast.ClassDef) -> str:
    return "\n".join([*(_segment(source, d) for d in node.decorator_list), _segment(source, node)])


def _fixture_scopes(path: Path, root: Path) -> list[tuple[str, dict[str, ast.FunctionDef]]]:
    """The module's fixtures, then each ``conftest.py``'s from its folder up to tests/."""
    scopes: list[tuple[str, dict[str, ast.FunctionDef]]] = []
    module = parsed(path)
    if module is not None:
        scopes.append((module[0], _functions(module[1].body)))
    folder = path.parent
    while True:
        conftest = parsed(folder / "conftest.py")
        if conftest is not None:
            scopes.append((conftest[0], _functions(conftest[1].body)))
        if folder == root / "tests" or folder == folder.parent or root not in folder.parents:
            break
        folder = folder.parent
    return scopes


def cite_text(test_id: str, root: Path = ROOT) -> str | None:
    """The cite text of a named test (the module docstring's points 1-5), or ``None``
    where the module or the test in it does not exist."""
    path_part, *names = test_id.split("::")
    path = root / path_part
    module = parsed(path)
    if module is None or not names[-1].startswith("test"):
        return None
    source, tree = module
    cls: ast.ClassDef | None = None
    body: list[ast.stmt] = tree.body
    if len(names) == 2:
        classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
        cls = classes.get(names[0])
        if cls is None or not cls.name.startswith("Test"):
            return None
        body = cls.body
    function = _functions(body).get(names[-1])
    if function is None:
        return None
    parts = [_with_decorators(source, function)]
    decorators = list(function.decorator_list)
    if cls is not None:
        decorators += cls.decorator_list
        parts += [_segment(source, d) for d in cls.decorator_list]
        parts.append(ast.get_docstring(cls) or "")
    used = {n.id for d in decorators for n in ast.walk(d) if isinstance(n, ast.Name)} | {
        "pytestmark"
    }
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in used for t in targets):
                parts.append(_segment(source, node))
    helpers = _functions(tree.body)
    called = {
        n.func.id
        for n in ast.walk(function)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    }
    parts += [_with_decorators(source, helpers[name]) for name in sorted(called) if name in helpers]
    scopes = _fixture_scopes(path, root)
    if cls is not None:
        scopes.insert(0, (source, _functions(cls.body)))
    wanted = [a.arg for a in function.args.args if a.arg not in ("self", "cls")]
    seen: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name in seen:
            continue
        seen.add(name)
        for scope_source, functions in scopes:
            fixture = functions.get(name)
            if fixture is not None and _is_fixture(fixture):
                parts.append(_with_decorators(scope_source, fixture))
                wanted += [a.arg for a in fixture.args.args if a.arg not in ("self", "cls")]
                break
    return "\n".join(parts)


@functools.cache
def section_attributes() -> dict[str, frozenset[str]]:
    """Field name -> the sections it names in any rule set, from every ``*SECTIONS``
    object of ``croupier.rules`` (a dataclass, or a dict of them)."""
    import croupier.rules

    found: defaultdict[str, set[str]] = defaultdict(set)
    for info in pkgutil.iter_modules(croupier.rules.__path__):
        module = importlib.import_module(f"croupier.rules.{info.name}")
        for name, value in vars(module).items():
            if not name.endswith("SECTIONS"):
                continue
            for item in value.values() if isinstance(value, dict) else [value]:
                if dataclasses.is_dataclass(item) and not isinstance(item, type):
                    for field in dataclasses.fields(item):
                        cite = getattr(item, field.name)
                        if isinstance(cite, str):
                            found[field.name].add(cite)
    return {name: frozenset(cites) for name, cites in found.items()}


ATTRIBUTE = re.compile(r"\w*(?i:sections)(?:\[[^\]\n]*\])?\.([a-z_]\w*)")


def cites(text: str, section: str) -> bool:
    """Whether ``text`` cites ``section`` (the module docstring's last point)."""
    if re.search(rf"(?<![\w.]){re.escape(section)}(?![0-9])", text):
        return True
    attributes = section_attributes()
    return any(
        contains(section, cite)
        for name in ATTRIBUTE.findall(text)
        for cite in attributes.get(name, ())
    )


def named_for(test_id: str, section: str) -> bool:
    """Whether the test's name is ``test_`` and ``section`` with underscores for its dots
    and brackets, then ``_`` or the end (``test_675a_4_f_1_...`` for ``675a.4(f)``)."""
    slug = "test_" + re.sub(r"[.(]", "_", section).replace(")", "")
    name = test_id.rsplit("::", 1)[-1]
    return name == slug or name.startswith(slug + "_")


def face_of(test_id: str) -> str:
    """The face a test's location tests (the module docstring)."""
    if test_id.startswith("tests/cli/"):
        return "Terminal"
    if test_id.startswith(("tests/server/", "tests/browser/test_lobby_api.py::")):
        return "Server"
    if test_id.startswith(("tests/browser/", "tests/test_words_js.py::")):
        return "Browser"
    return "Engine"


def face_problems(row: Row, face: str, root: Path) -> list[str]:
    """What is wrong with one face cell of an implemented row."""
    where = f"line {row.line}, {row.section}, {face}"
    cell = row.cells.get(face)
    if cell is None:
        return [f"{where}: no {face} column"]
    if cell == "":
        return [
            f"{where}: empty (name its tests, or write 'not built: REASON' or '{BY_THE_ENGINE}')"
        ]
    if cell.startswith(NOT_BUILT):
        return [] if cell[len(NOT_BUILT) :].strip() else [f"{where}: 'not built' without a reason"]
    if cell == BY_THE_ENGINE:
        if face == "Engine":
            return [f"{where}: the engine cannot be '{BY_THE_ENGINE}'"]
        if not TEST_LIST.fullmatch(row.cells.get("Engine", "")):
            return [f"{where}: '{BY_THE_ENGINE}' but the Engine column names no tests"]
        if face == "Browser" and row.cells.get("Server", "").startswith(NOT_BUILT):
            return [f"{where}: '{BY_THE_ENGINE}' but the server, whose view it shows, is not built"]
        return []
    if not TEST_LIST.fullmatch(cell):
        forms = f"tests in backquotes, 'not built: REASON' or '{BY_THE_ENGINE}'"
        return [f"{where}: {cell!r} is none of {forms}"]
    found: list[str] = []
    for test_id in re.findall(r"`([^`]+)`", cell):
        if not TEST_ID.fullmatch(test_id):
            found.append(f"{where}: {test_id!r} is not tests/PATH.py::[Class::]test")
        elif face_of(test_id) != face:
            found.append(f"{where}: {test_id} is a test of the {face_of(test_id)} face")
        elif (text := cite_text(test_id, root)) is None:
            found.append(f"{where}: {test_id} does not exist")
        elif not (named_for(test_id, row.section) or cites(text, row.section)):
            found.append(f"{where}: {test_id} does not cite {row.section}")
    return found


def problems(text: str, root: Path = ROOT) -> list[str]:
    """Everything wrong with the faces and tests of the tables in ``text`` (Markdown),
    the tests named relative to ``root``; ``[]`` when nothing is."""
    found: list[str] = []
    for row in table_rows(text):
        if row.status == "not software":
            filled = [face for face in FACES if row.cells.get(face)]
            if filled:
                found.append(
                    f"line {row.line}, {row.section}: not software, yet {', '.join(filled)} filled"
                )
            continue
        if row.status != "implemented":
            found.append(f"line {row.line}, {row.section}: unknown status {row.status!r}")
            continue
        for face in FACES:
            found += face_problems(row, face, root)
        if not any(TEST_LIST.fullmatch(row.cells.get(face, "")) for face in FACES):
            found.append(f"line {row.line}, {row.section}: implemented, no face built with tests")
    return found


# --- the checks ---------------------------------------------------------------------------
def test_the_parser_reads_the_texts_structure() -> None:
    sections = sections_of("675a")
    for expected in ("675a.2(e)(1)(ii)", "675a.4(f)(2)(ii)", "675a.5(e)", "675a.6(i)", "675a.6(l)"):
        assert expected in sections
    assert "593.6(c)(6)" in sections_of("593")


def test_covered_chapters_have_texts() -> None:
    if not REGULATIONS.is_dir():
        pytest.fail(
            f"the regulation texts are expected beside the clone, at {REGULATIONS} "
            "(or where CROUPIER_REGULATIONS says; README, 'Tests')"
        )
    assert set(covered_chapters()) <= set(CHAPTER_FILES)
    assert {"675a", "593"} <= set(covered_chapters())


@pytest.mark.parametrize("chapter", covered_chapters())
def test_every_listed_section_exists(chapter: str) -> None:
    known = set(sections_of(chapter))
    listed = [section for section in rows() if section.startswith(chapter + ".")]
    assert listed, f"docs/traceability.md lists nothing of ch. {chapter}"
    assert [section for section in listed if section not in known] == []


@pytest.mark.parametrize("chapter", covered_chapters())
def test_every_subsection_is_accounted_for(chapter: str) -> None:
    listed = rows()
    subsections = [s for s in sections_of(chapter) if s.count("(") == 1]
    missing = [
        s for s in subsections if not any(contains(s, row) or contains(row, s) for row in listed)
    ]
    assert missing == []


def test_statuses_are_known() -> None:
    assert {row.status for row in table_rows(document())} <= STATUSES


def test_every_cited_section_is_listed() -> None:
    listed = rows()
    unlisted = sorted(
        cite
        for cite in cited_in("src")
        if not any(contains(row, cite) or contains(cite, row) for row in listed)
    )
    assert unlisted == []


@pytest.mark.parametrize("folder", ["src", "tests"])
def test_every_implemented_section_is_cited(folder: str) -> None:
    cites = cited_in(folder)
    uncited = [
        section
        for section, status in rows().items()
        if status == "implemented" and not any(contains(section, cite) for cite in cites)
    ]
    assert uncited == []


def test_every_chapter_has_its_faces() -> None:
    """Every chapter croupier implements has rows with the four face columns: the six
    whose text is at hand and the two read from the 2011 preamble."""
    text = document()
    chapters = {
        row.section.split(".")[0] for row in table_rows(text) if set(FACES) <= set(row.cells)
    }
    assert chapters >= {"621a", "623a", "625a", "673a", "674a", "675a", "593", "676a"}
    assert [row.line for row in table_rows(text) if not set(FACES) <= set(row.cells)] == []


def test_every_face_of_every_implemented_section_is_traced() -> None:
    """The faces and tests of every row (the module docstring)."""
    assert problems(document()) == []
