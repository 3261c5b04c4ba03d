"""The import rules of docs/architecture.md, read from the source (every import, at the top
of a module or inside a function):

- no import cycle among croupier's modules, counting the imports inside functions too;
- no module under ``server/``, ``ledger/`` or ``cli/`` imports a game's package (outside
  the games' own terminal tables, ``cli/tables/<game>.py``), and nothing there or in
  ``analysis/`` tests a game's name: they reach a game through ``croupier.registry``;
- ``croupier.registry`` is the one module outside ``games/`` that imports the games, but
  for a game's own terminal table, exact analysis and simulation kernel;
- no arrow from ``server/`` to ``cli/``, or from ``ledger/`` to ``games/``;
- ``rules/`` imports no game;
- the browser's modules (``server/static/js``) import one another in no circle, and no
  module outside ``js/layouts/`` names a game.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from croupier.registry import GAMES

SRC = Path(__file__).parents[1] / "src"
GAME_NAMES = tuple(GAMES)
"""Every game croupier has (the registry's, read when this module is imported: a test's
own game registers later)."""
GAME_PACKAGES = tuple(spec.round_type.__module__.split(".")[2] for spec in GAMES.values())
"""Each game's package under ``croupier.games``."""


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in (SRC / "croupier").rglob("*.py"):
        name = ".".join(path.relative_to(SRC).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _imports(path: Path, top_only: bool) -> set[str]:
    """The croupier modules ``path`` imports (``from x import y`` counts ``x.y`` where that is
    a module, else ``x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            subs = [f"{node.module}.{a.name}" for a in node.names]
            modules = [s for s in subs if s in MODULES]
            found.update(modules if len(modules) == len(subs) else [node.module, *modules])
    return {name for name in found if name.startswith("croupier")}


def _under(module: str, *packages: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


@pytest.mark.parametrize("top_only", [True, False], ids=["at import", "with function imports"])
def test_no_import_cycle(top_only: bool) -> None:
    """No cycle among the imports at the top of the modules, nor once the imports inside
    functions count too."""
    graph = {m: _imports(p, top_only=top_only) & set(MODULES) - {m} for m, p in MODULES.items()}
    state: dict[str, int] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                cycle = [*path[path.index(target) :], target] if target in path else [target]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])


def _game_terminal(module: str) -> bool:
    return any(module == f"croupier.cli.tables.{game}" for game in GAME_PACKAGES)


@pytest.mark.parametrize(
    "layer",
    ["croupier.server", "croupier.ledger", "croupier.cli", "croupier.rules", "croupier.training"],
)
def test_generic_layers_import_no_game(layer: str) -> None:
    wrong = [
        f"{module} imports {target}"
        for module, path in MODULES.items()
        if _under(module, layer) and not _game_terminal(module)
        for target in _imports(path, top_only=False)
        if _under(target, "croupier.games")
    ]
    assert not wrong, "\n".join(wrong)


OWN = ("croupier.cli.tables", "croupier.analysis.exact", "croupier.analysis.simulation")
"""Where a game has modules of its own outside its package (its terminal table, its exact
analysis, its simulation kernel), each named as the game's package."""


def test_only_the_registry_and_a_games_own_modules_import_a_game() -> None:
    """Outside ``games/``, only the registry imports the games; a game's own terminal
    table, analysis and kernel (``cli/tables/<game>.py``, ``analysis/exact/<game>.py``,
    ``analysis/simulation/<game>.py``) may import that game, and no other."""
    wrong: list[str] = []
    for module, path in MODULES.items():
        if _under(module, "croupier.games", "croupier.registry"):
            continue
        own = module.rsplit(".", 1)[-1] if _under(module, *OWN) else None
        for target in _imports(path, top_only=False):
            if not _under(target, "croupier.games"):
                continue
            game = target.split(".")[2] if target.count(".") >= 2 else ""
            if game != own and game in GAME_PACKAGES:
                wrong.append(f"{module} imports {target}")
    assert not wrong, "\n".join(wrong)


def test_the_server_does_not_use_the_command_line() -> None:
    wrong = [
        f"{module} imports {target}"
        for module, path in MODULES.items()
        if _under(module, "croupier.server", "croupier.ledger")
        for target in _imports(path, top_only=False)
        if _under(target, "croupier.cli")
    ]
    assert not wrong, "\n".join(wrong)


NAMED = re.compile("[\"']({})[\"']".format("|".join(map(re.escape, GAME_NAMES))))
"""A game's name as a string literal (``ast.unparse`` writes it in single quotes)."""


@pytest.mark.parametrize(
    "layer",
    [
        "croupier.server",
        "croupier.ledger",
        "croupier.cli",
        "croupier.analysis",
        "croupier.training",
    ],
)
def test_generic_layers_do_not_branch_on_a_game_name(layer: str) -> None:
    """No game's name as a string literal in code (docstrings and help texts that give an
    example may name one; a comparison or a dict key may not)."""
    wrong: list[str] = []
    for module, path in MODULES.items():
        if not _under(module, layer) or _game_terminal(module):
            continue
        if _under(module, "croupier.analysis.exact", "croupier.analysis.simulation"):
            continue  # a game's own analysis and kernel
        if _under(module, "croupier.analysis.charts"):
            continue  # a game's own chart
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare | ast.Dict | ast.Subscript | ast.Match):
                text = ast.unparse(node)
                if NAMED.search(text):
                    wrong.append(f"{module}:{node.lineno}: {text[:80]}")
    assert not wrong, "\n".join(wrong)


# --- the browser's modules (server/static/js) ------------------------------------------------

JS = SRC / "croupier" / "server" / "static" / "js"
JS_MODULES = {path.relative_to(JS).as_posix(): path for path in sorted(JS.rglob("*.js"))}
"""Every ES module of the browser client, by its path under ``static/js``."""
JS_IMPORT = re.compile(
    r"""(?:^|[;\s])(?:import|export)\s[^;'"]*?\bfrom\s*["']([^"']+)["']"""
    r"""|(?:^|[;\s])import\s*\(?\s*["']([^"']+)["']""",
    re.MULTILINE,
)
"""``import ... from "x"``, ``export ... from "x"``, ``import "x"`` and ``import("x")``."""


def _js_code(path: Path) -> str:
    """The module's text without its comments (a comment may name a game as an example)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    return re.sub(r"(^|\s)//.*", r"\1", text)


def _js_imports(name: str) -> set[str]:
    """The modules of the client that ``name`` imports (relative specifiers resolved)."""
    found: set[str] = set()
    for match in JS_IMPORT.finditer(_js_code(JS_MODULES[name])):
        spec = match.group(1) or match.group(2)
        if spec.startswith("."):
            target = (JS_MODULES[name].parent / spec).resolve()
            found.add(target.relative_to(JS.resolve()).as_posix())
    return found


def test_the_browser_modules_import_what_exists() -> None:
    """Every relative import names a module of the client (a check of the parser too: the
    client's modules do import one another)."""
    graph = {name: _js_imports(name) for name in JS_MODULES}
    assert sum(map(len, graph.values())) > 20, graph
    wrong = [f"{name} imports {t}" for name, targets in graph.items() for t in targets - set(graph)]
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle_among_the_browser_modules() -> None:
    """The client's modules in layers: shared helpers in leaf modules (``dom.js``,
    ``format.js``), a game's layout module below the felt that lists it, no circle."""
    graph = {name: _js_imports(name) for name in JS_MODULES}
    state: dict[str, int] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                pytest.fail("import cycle: " + " -> ".join([*path[path.index(target) :], target]))
            if target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])


def _spelled(words: list[str]) -> str:
    return r"[\s_-]?".join(map(re.escape, words))


def _game_pattern() -> re.Pattern[str]:
    """A game named in code: its id however it is written (``sic_bo``, ``SicBo``,
    ``"Sic Bo"``, ``SIC_BO``, ``sic-bo``), a game of three words or more also by its first
    two (``criss-cross``, ``High Roll``) and by its initials (``hrd``, ``dbjCentre``)."""
    names: list[str] = []
    for game in GAME_NAMES:
        words = re.split(r"[-_]", game)
        names.append(_spelled(words))
        if len(words) >= 3:
            names.append(_spelled(words[:2]))
            initials = "".join(w[0] for w in words)
            spellings = "|".join((initials, initials.upper(), initials.title()))
            names.append(rf"(?-i:(?<![A-Za-z])(?:{spellings})(?![a-z]))")
    return re.compile("|".join(names), re.IGNORECASE)


GAME_IN_JS = _game_pattern()


def test_generic_browser_modules_do_not_name_a_game() -> None:
    """A game's browser code is its layout module under ``js/layouts/``; no other module
    names a game (its id, its name or its initials), outside comments: the spots, their
    names and sections come with the table from the game's package (issue #30)."""
    found: dict[str, list[str]] = {}
    for name, path in JS_MODULES.items():
        if name.startswith("layouts/"):
            continue
        lines = [line for line in _js_code(path).splitlines() if GAME_IN_JS.search(line)]
        if lines:
            found[name] = lines
    wrong = [
        f"{name}: {len(lines)} lines name a game: {lines[0].strip()[:80]}"
        for name, lines in found.items()
    ]
    assert not wrong, "\n".join(wrong)


def _served_spots() -> set[str]:
    """Every spot any game's layout lists under its default Rules Submission (what the
    server serves with a table)."""
    return {
        info.value
        for spec in GAMES.values()
        for info in spec.spots_of(spec.rules_type.model_validate({"game": spec.name}))
    }


def test_no_browser_module_writes_a_spot_with_its_number() -> None:
    """A spot with parts ("come:6", "place:4", "pip_street:ace") is found among those the
    table lists (``table.spots``: by its wager, ``group``, and its ``numbers``), never
    written in JavaScript: no string or template starts with a numbered spot's wager and
    its colon, in any module, a game's layout included (issue #30)."""
    kinds = sorted({spot.split(":")[0] for spot in _served_spots() if ":" in spot})
    assert {"come", "place", "hard", "pip_street", "total"} <= set(kinds), kinds
    alternatives = "|".join(map(re.escape, kinds))
    written = re.compile(rf"""["'`](?:{alternatives}):""")
    wrong = [
        f"{name}: {line.strip()[:80]}"
        for name, path in JS_MODULES.items()
        for line in _js_code(path).splitlines()
        if written.search(line)
    ]
    assert not wrong, "\n".join(wrong)


def test_a_games_words_are_served_not_written_in_generic_modules() -> None:
    """A game's words (its states and decisions, what its timeouts send) come with the
    table from its package (``GameSpec.words``, ``GameSpec.timeouts``); no module outside
    ``js/layouts/`` writes one of their keys (``needs_card``, ``PassBank``,
    ``Decide:stand``)."""
    keys = {key for spec in GAMES.values() for key in (*spec.words, *spec.timeouts)}
    assert {"needs_card", "back_9", "PassBank", "Decide:stand"} <= keys
    alternatives = "|".join(map(re.escape, sorted(keys)))
    pattern = re.compile(rf"(?<![\w$])(?:{alternatives})(?![\w$])")
    wrong = [
        f"{name}: {line.strip()[:80]}"
        for name, path in JS_MODULES.items()
        if not name.startswith("layouts/")
        for line in _js_code(path).splitlines()
        if pattern.search(line)
    ]
    assert not wrong, "\n".join(wrong)


def _own_names(spec: Any) -> set[str]:
    """What a game's events are named in their JSON: each event's type and each field of
    an event or a record it holds (``TableContext``, ``previous_bank``), and the values
    its words are given for (``dead_hand`` of ``position:dead_hand``)."""
    schema = spec.round_type.event_adapter.json_schema(mode="serialization")
    found: set[str] = set()
    for model in schema.get("$defs", {}).values():
        fields = model.get("properties", {})
        found |= set(fields)
        if "const" in fields.get("type", {}):
            found.add(fields["type"]["const"])
    return found | {key.partition(":")[2] for key in spec.words}


def _games_own_names() -> dict[str, str]:
    """Names in one game's events alone, of two words or more (``previous_bank``,
    ``TilesDelivered``; a word such as ``total`` reads as English too), by their game."""
    names = {game: _own_names(spec) for game, spec in GAMES.items()}
    shared = {n for a, b in itertools.combinations(names.values(), 2) for n in a & b}
    two_words = re.compile(r"^[A-Za-z]\w*(?:_[a-z0-9]|[a-z0-9][A-Z])\w*$")
    return {
        name: game for game, own in names.items() for name in own - shared if two_words.match(name)
    }


def test_generic_browser_modules_name_no_games_events_or_fields() -> None:
    """What a game's events carry is worded by its package (``GameSpec.words``: the recall's
    ``event:``, ``label:`` and ``empty:`` words) or its layout module; no module outside
    ``js/layouts/`` names one game's event, field or value (issue #30)."""
    own = _games_own_names()
    assert {"TableContext", "previous_bank", "counted_from", "dead_hand"} <= set(own), own
    alternatives = "|".join(map(re.escape, sorted(own, key=len, reverse=True)))
    pattern = re.compile(rf"(?<![\w$])(?:{alternatives})(?![\w$])")
    wrong = [
        f"{name}: {own[found.group(0)]}'s {found.group(0)}: {line.strip()[:60]}"
        for name, path in JS_MODULES.items()
        if not name.startswith("layouts/")
        for line in _js_code(path).splitlines()
        for found in pattern.finditer(line)
    ]
    assert not wrong, "\n".join(wrong)


# --- no function past what one reads at once -------------------------------------------------

LONGEST = 45
"""The most lines of code a function of ``src/croupier`` may have (issue #30 asked for none
over about 80): the lines of its body, but its docstring and the functions and classes
defined inside it, which count as their own. Its signature is not counted: a command's
options are declared there, one a parameter."""

ISSUE_LONGEST = 80
"""Issue #30's "none over about 80" for the functions it names, docstring and signature
counted."""

_KERNEL = (
    "not yet split: the Python twin of a numba kernel, whose helpers would have to be "
    "compiled with it"
)
_MIGRATION = "a migration is history: applied databases carry it as written, never edited"
LONG_FOR_NOW = {
    "croupier.ledger.migrations.versions.0001_ledger:upgrade": _MIGRATION,
    "croupier.ledger.migrations.versions.0009_posting_chain:upgrade": _MIGRATION,
    "croupier.ledger.migrations.versions.0014_player_protection:upgrade": _MIGRATION,
    "croupier.analysis.simulation.double_back_jack:_play_py": (
        "not yet split: the simulation kernel's hand in one loop, the Python twin of the "
        "compiled kernel"
    ),
    "croupier.analysis.simulation.craps:__init__": "not yet split: the kernel's tables",
    "croupier.analysis.simulation.craps:_hands": "not yet split: a numba kernel's hand loop",
    "croupier.analysis.simulation.craps:_count_keys": "not yet split: a numba kernel",
    "croupier.analysis.exact.criss_cross_poker:_solve_class_py": _KERNEL,
    "croupier.analysis.exact.criss_cross_poker:_path_moments_py": _KERNEL,
    "croupier.analysis.exact.double_back_jack:_recursion_py": _KERNEL,
    "croupier.analysis.exact.double_back_jack:_hand_py": _KERNEL,
    "croupier.analysis.exact.double_back_jack_rounds:_unions_py": _KERNEL,
    "croupier.analysis.exact.double_back_jack_rounds:_hit_py": _KERNEL,
    "croupier.analysis.exact.double_back_jack_rounds:_up_card_py": _KERNEL,
    "croupier.analysis.exact.double_back_jack_rounds:_walk_py": _KERNEL,
}
"""The functions over :data:`LONGEST` lines today, each with why: the list only shrinks
(a function listed that is no longer over fails too, so that it is taken off)."""


def _code_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    body = function.body
    if len(body) > 1 and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    lines = set(range(body[0].lineno, (function.end_lineno or function.lineno) + 1))
    for node in ast.walk(function):
        if node is not function and isinstance(
            node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
        ):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            lines -= set(range(start, (node.end_lineno or node.lineno) + 1))
    return len(lines)


def test_no_function_is_longer_than_one_reads_at_once() -> None:
    """Every function of ``src/croupier`` is at most :data:`LONGEST` lines of code, but
    those of :data:`LONG_FOR_NOW`; and each of those is still over (else it comes off)."""
    long: dict[str, int] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [
            n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        for node in functions:
            if (count := _code_lines(node)) > LONGEST:
                long[f"{module}:{node.name}"] = count
    wrong = [f"{name}: {count} lines" for name, count in long.items() if name not in LONG_FOR_NOW]
    wrong += [f"{name} is no longer over: take it off" for name in set(LONG_FOR_NOW) - set(long)]
    assert not wrong, "\n".join(sorted(wrong))
    assert long["croupier.ledger.migrations.versions.0001_ledger:upgrade"] > LONGEST  # it counts


@pytest.mark.parametrize(
    "function",
    [
        "croupier.server.app:create_app",
        "croupier.games.double_back_jack.round:evolve",
        "croupier.games.pai_gow.round:evolve",
    ],
)
def test_the_functions_the_issue_names_are_split(function: str) -> None:
    """``create_app`` (497 lines at issue #30's start), ``DoubleBackJackRound.evolve`` (240)
    and ``PaiGowRound.evolve`` (134) are each at most :data:`ISSUE_LONGEST` lines, their
    docstrings counted too."""
    module, name = function.split(":")
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name
    ]
    assert len(found) == 1, found
    assert (found[0].end_lineno or 0) - found[0].lineno + 1 <= ISSUE_LONGEST


def test_a_games_help_comes_from_its_package() -> None:
    """The help panel (issue 34): how each game is played is its package's
    (``GameSpec.how_to_play``, its ``words.py``), what each wager pays is its sign drawn from
    the Rules Submission, each return its par sheet's: no generic module, Python or
    JavaScript, writes a sentence of a game's how-to-play, and no browser module outside
    ``js/layouts/`` writes odds ("35 to 1") in its code."""
    assert all(spec.how_to_play for spec in GAMES.values()), [
        spec.name for spec in GAMES.values() if not spec.how_to_play
    ]
    openings = {
        " ".join(paragraph.split()[:6]) for spec in GAMES.values() for paragraph in spec.how_to_play
    }
    generic = {
        name: path.read_text(encoding="utf-8")
        for name, path in MODULES.items()
        if not _under(name, "croupier.games", *OWN)
    } | {name: _js_code(path) for name, path in JS_MODULES.items()}
    wrong = [
        f"{name} writes {o!r}" for name, text in generic.items() for o in openings if o in text
    ]
    odds = re.compile(r"""["'`][^"'`\n]*\b\d+ to \d+\b""")
    wrong += [
        f"{name}: {line.strip()[:80]}"
        for name, path in JS_MODULES.items()
        if not name.startswith("layouts/")
        for line in _js_code(path).splitlines()
        if odds.search(line)
    ]
    assert not wrong, "\n".join(wrong)
