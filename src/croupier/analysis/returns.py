"""A table's theoretical return, wager by wager, from its game's par sheet: what the help
panel and the lobby show a player (docs/browser.md, "The game explained").

:func:`figures` reads the par sheet the game's analysis module computes
(:attr:`croupier.game.GameSpec.analysis`, ``par_sheet(rules)``) under the table's Rules
Submission and keeps, for each wager the submission offers (an analysis module may name
those with ``offered(figures, rules)``; without it, every wager), its description, its
house edge and return to player as percentages rounded from the sheet's own fractions
(exact figures stay exact: no float is made into a fraction here), the exact house edge
as ``"p/q"`` text where the sheet's method is exact, how it was found and the strategy
it assumes.

Some games' solves take tens of seconds (an exact enumeration of every deal). The figures
are therefore worked out **once per Rules Submission and software version**, in a child
process (``python -m croupier.analysis.returns GAME``, the submission's stored JSON on its
standard input) that writes them to a cache file (:func:`cache_dir`); :func:`lookup`
answers at once from that file, or waits at most the seconds it is given for the child
and answers ``None`` (still being worked out). A child that fails leaves no file and its
error is answered (:class:`Failed`).
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib
import json
import os
import re
import subprocess
import sys
import threading
from fractions import Fraction
from pathlib import Path
from typing import Any

from croupier.analysis.par_sheet import EXACT, ParSheet, WagerFigures, exact_text
from croupier.registry import find
from croupier.rules.base import STORED, RulesSubmission

PACKAGE = Path(__file__).resolve().parent.parent


class Failed(Exception):
    """The figures could not be worked out (the child process's last error line)."""


def percent(value: Fraction, places: int = 2) -> str:
    """``value`` (0.05 is 5%) as a percentage rounded to ``places`` decimals, from the
    fraction itself (ties to even): ``Fraction(1, 36)`` -> ``"2.78%"``,
    ``Fraction(-7, 495)`` -> ``"-1.41%"``."""
    scaled = round(value * 100 * 10**places)
    sign = "-" if scaled < 0 else ""
    whole, part = divmod(abs(scaled), 10**places)
    return f"{sign}{whole}.{part:0{places}d}%" if places else f"{sign}{whole}%"


def method_words(method: str) -> str:
    """How a figure was found, said to a player."""
    if method == EXACT:
        return "exact: every outcome counted"
    if method == "simulation":
        return "estimated by simulation"
    detail = method.removeprefix("combinatorial (approximate: ").removesuffix(")")
    return f"counted, approximately ({detail})"


def wager_return(figures: WagerFigures) -> dict[str, Any]:
    """One wager's figures as the help shows them: ``wager`` (the par sheet's name),
    ``words`` (its description), ``house_edge`` and ``to_player`` (the return to player),
    as percentages, ``exact`` (the ``"p/q"`` house edge where the method is exact, else
    ``None``), ``method`` (in words) and ``strategy`` (the playing strategy assumed,
    ``None`` for a wager with no decisions)."""
    words = figures.description or figures.wager
    return {
        "wager": figures.wager,
        "words": words[:1].upper() + words[1:],
        "house_edge": percent(figures.house_edge),
        "to_player": percent(1 - figures.house_edge),
        "exact": exact_text(figures.house_edge) if figures.exact else None,
        "method": method_words(figures.method),
        "strategy": figures.strategy,
    }


def wager_said(
    rules: RulesSubmission, wager: str, words: str | None = None, strategy: str | None = None
) -> str:
    """A par sheet's ``wager`` as a player reads it under ``rules`` (the terminal's
    ``odds``, ``croupier analyze`` and ``croupier simulate`` alike): as the game words it
    (:attr:`~croupier.game.GameSpec.words`), else as the layout names its spot, else by
    the par sheet's own ``words`` without their citation, else its key in words
    (``"c_and_e"`` -> ``"C and E"``); with the way of playing assumed (``strategy``):
    ``"Blackjack; playing the printed chart"``."""
    spec = find(rules.game)
    spots = {str(info.value): info.label for info in spec.spots_of(rules)}
    said = spec.words.get(wager) or spots.get(wager) or _without_citation(words or "")
    if not said:
        spaced = re.sub(r"[_:]+", " ", wager)
        said = spaced[:1].upper() + spaced[1:]
    return f"{said}; playing {strategy}" if strategy else said


def game_said(game: str, variant: str | None = None) -> str:
    """A par sheet's or simulation's ``game`` and ``variant`` as a reader reads them, for
    a title: the game's name as the regulation writes it, then the variant in words,
    followed by what the Rules Submission calls it where that is not just "variant"
    (``"high-roll-dice"``, ``"ten_dice"`` -> ``"High Roll Dice (ten dice)"``;
    ``"sic-bo"``, ``"low"`` -> ``"Sic Bo (low paytable)"``; ``"craps"``, ``"craps"`` ->
    ``"Craps"``). Raises ``KeyError`` for an unknown game."""
    spec = find(game)
    said = re.sub(r"[_:]+", " ", variant or "").strip()
    if not said or said.lower() == spec.title.lower():
        return spec.title
    field = spec.rules_type.variant_field
    kind = "" if field in (None, "variant") else " " + field.replace("_", " ")
    return f"{spec.title} ({said}{kind})"


def _without_citation(words: str) -> str:
    """``words`` without the parenthesised citation that ends them (``"Like Kind 2 ...
    (675a.2(e)(3); 675a.5(d))"`` -> ``"Like Kind 2 ..."``)."""
    if not words.endswith(")"):
        return words
    depth = 0
    for index in range(len(words) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(words[index], 0)
        if depth == 0:
            return words[:index].rstrip()
    return words


def figures(rules: RulesSubmission) -> list[dict[str, Any]]:
    """The figures of every wager ``rules`` offers (:func:`wager_return` each), in the par
    sheet's order, computed now (see :func:`lookup` for the cached answer). Raises
    :class:`Failed` for a game with no analysis module."""
    spec = find(rules.game)
    if spec.analysis is None:
        raise Failed(f"no par sheet is computed for {spec.title}")
    module = importlib.import_module(spec.analysis)
    sheet: ParSheet = module.par_sheet(rules)
    offered = getattr(module, "offered", None)
    return [wager_return(w) for w in sheet.wagers if offered is None or offered(w, rules)]


def software_digest() -> str:
    """SHA-256 (hex) of every Python file of the croupier package, by path: the figures
    of a submission are kept as long as the code that computed them is unchanged."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


_DIGEST: list[str] = []


def cache_dir() -> Path:
    """Where the figures are kept: ``$CROUPIER_CACHE/returns``, else
    ``$XDG_CACHE_HOME/croupier/returns``, else ``~/.cache/croupier/returns``."""
    root = os.environ.get("CROUPIER_CACHE")
    if root:
        return Path(root) / "returns"
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "croupier" / "returns"


def cache_file(rules: RulesSubmission) -> Path:
    """The cache file of ``rules``' figures under this software version."""
    if not _DIGEST:
        _DIGEST.append(software_digest())
    return cache_dir() / f"{rules.game}-{rules.sha256()[:24]}-{_DIGEST[0][:16]}.json"


_LOCK = threading.Lock()
_KNOWN: dict[Path, list[dict[str, Any]]] = {}
_RUNNING: dict[Path, subprocess.Popen[bytes]] = {}
_FAILED: dict[Path, str] = {}


def lookup(rules: RulesSubmission, wait: float = 0.0) -> list[dict[str, Any]] | None:
    """``rules``' figures (:func:`figures`) from the cache; where they are not there yet,
    a child process works them out (one per submission at a time) and this waits for it
    at most ``wait`` seconds: ``None`` when it is still at work. Raises :class:`Failed`
    where the child failed (its last error line), or at once for a game with no analysis
    module."""
    if find(rules.game).analysis is None:
        figures(rules)  # raises Failed: no par sheet to work them out from
    path = cache_file(rules)
    with _LOCK:
        known = _KNOWN.get(path)
        if known is not None:
            return known
        if path in _FAILED:
            raise Failed(_FAILED[path])
        if path.exists():
            finished = _RUNNING.pop(path, None)
            if finished is not None:
                finished.wait()  # it wrote the file: reaped, not left a zombie
            _KNOWN[path] = json.loads(path.read_text(encoding="utf-8"))
            return _KNOWN[path]
        child = _RUNNING.get(path)
        if child is None:
            child = _RUNNING[path] = subprocess.Popen(
                [sys.executable, "-m", "croupier.analysis.returns", rules.game, str(path)],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            assert child.stdin is not None
            child.stdin.write(rules.canonical_json().encode())
            child.stdin.close()
    try:
        child.wait(timeout=wait)
    except subprocess.TimeoutExpired:
        return None
    with _LOCK:
        _RUNNING.pop(path, None)
        if path.exists():
            _KNOWN[path] = json.loads(path.read_text(encoding="utf-8"))
            return _KNOWN[path]
        assert child.stderr is not None
        lines = child.stderr.read().decode(errors="replace").strip().splitlines()
        _FAILED[path] = lines[-1] if lines else f"the analysis ended with code {child.returncode}"
        raise Failed(_FAILED[path])


def main(argv: list[str] | None = None) -> None:
    """``python -m croupier.analysis.returns GAME FILE``: the Rules Submission's stored
    JSON on standard input; writes :func:`figures` to FILE (through a temporary file,
    renamed: a reader never sees half of it). Children of several processes asked for
    the same FILE take turns on a lock beside it, and one that finds FILE written by the
    one before it does nothing: the figures are worked out once per machine."""
    game, out = argv if argv is not None else sys.argv[1:]
    rules = find(game).rules_type.model_validate_json(sys.stdin.read(), context=STORED)
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.exists():
            return
        partial = target.with_suffix(f".{os.getpid()}.part")
        partial.write_text(json.dumps(figures(rules)), encoding="utf-8")
        partial.replace(target)


if __name__ == "__main__":
    main()


__all__ = [
    "Failed",
    "cache_dir",
    "cache_file",
    "figures",
    "lookup",
    "method_words",
    "percent",
    "software_digest",
    "wager_return",
]
