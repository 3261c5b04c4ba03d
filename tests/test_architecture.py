"""The import rules of docs/architecture.md, read from the source (every import, at the top
of a module or inside a function):

- no import cycle among croupier's modules, counting the imports inside functions too;
- no module under ``server/``, ``ledger/`` or ``cli/`` imports a game's package (outside
  the games' own terminal tables, ``cli/tables/<game>.py``), and nothing there or in
  ``analysis/`` tests a game's name: they reach a game through ``croupier.registry``;
- ``croupier.registry`` is the one module outside ``games/`` that imports the games, but
  for a game's own terminal table, exact analysis and simulation kernel;
- no arrow from ``server/`` to ``cli/``, or from ``ledger/`` to ``games/``;
- ``rules/`` imports no game.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

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
    "layer", ["croupier.server", "croupier.ledger", "croupier.cli", "croupier.rules"]
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
    "layer", ["croupier.server", "croupier.ledger", "croupier.cli", "croupier.analysis"]
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
