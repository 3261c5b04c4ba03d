"""Tables an analysis builds once and every process reuses: strategy tables, exact solves.

A kernel's table (the Criss-Cross Poker strategy, a full exact solve; Double Back Jack's
best-play decisions; Pai Gow's house way settings) can take from seconds to a minute to
build. :func:`shared` builds it at most once per machine and once per simulation run:

1. this process's store (filled by an earlier call, or by :func:`install` with tables a
   parent process built and shipped, as :func:`croupier.analysis.simulation.base.run`
   does for its workers);
2. the analysis cache on disk (:func:`cache_dir`), one ``.npz`` file per table, keyed by
   the table's name and a digest of the source of the modules that compute it, so that
   a change to any of them builds the table again;
3. else ``build()``, then written to the cache (best effort: a cache that cannot be
   written is skipped) and kept in the store.

A table is a mapping of names to numpy arrays (what pickles and ships cheaply); the
arrays handed out are read-only. :func:`collected` is the store, for shipping.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

Table = dict[str, npt.NDArray[np.generic]]
"""A table: array name -> read-only numpy array."""

CACHE_ENV: Final = "CROUPIER_CACHE_DIR"
"""The environment variable naming the analysis cache's folder; ``"off"``: no cache on
disk (every process that needs a table builds it unless it is shipped to it)."""

_STORE: dict[str, Table] = {}


def cache_dir() -> Path | None:
    """The analysis cache's folder: ``$CROUPIER_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/croupier``, else ``~/.cache/croupier``; ``None`` where
    ``$CROUPIER_CACHE_DIR`` is ``off``."""
    named = os.environ.get(CACHE_ENV)
    if named == "off":
        return None
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "croupier"


def _digest(name: str, sources: Iterable[str]) -> str:
    """A digest of ``name`` and the source text of the modules ``sources``."""
    hashed = hashlib.sha256(name.encode())
    for module in sorted(sources):
        spec = importlib.util.find_spec(module)
        if spec is None or spec.origin is None:
            raise ValueError(f"{module} names no module whose source can be read")
        hashed.update(module.encode())
        hashed.update(Path(spec.origin).read_bytes())
    return hashed.hexdigest()[:24]


def cache_file(name: str, sources: Iterable[str]) -> Path | None:
    """Where :func:`shared` keeps table ``name`` computed by ``sources`` (``None``: no
    cache on disk)."""
    folder = cache_dir()
    if folder is None:
        return None
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
    return folder / f"{safe}-{_digest(name, sources)}.npz"


def _frozen(arrays: Mapping[str, npt.ArrayLike]) -> Table:
    table: Table = {}
    for key, value in arrays.items():
        array = np.array(value, copy=True)
        array.flags.writeable = False
        table[key] = array
    return table


def _load(path: Path) -> Table | None:
    try:
        with np.load(path, allow_pickle=False) as stored:
            return _frozen({key: stored[key] for key in stored.files})
    except (OSError, ValueError, zipfile.BadZipFile):
        return None  # absent, or a half-written file of a process that died: build again


def _save(path: Path, table: Table) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".npz.part")
        with os.fdopen(handle, "wb") as out:
            np.savez(out, **table)  # type: ignore[arg-type]
        os.replace(temporary, path)
    except OSError:
        return  # a read-only or full disk: the table stays in this process only


def shared(
    name: str, build: Callable[[], Mapping[str, npt.ArrayLike]], sources: Iterable[str]
) -> Table:
    """Table ``name`` from this process's store, else the analysis cache on disk, else
    ``build()`` (see the module text); ``sources`` are the modules whose code computes it
    (their source is part of the cache key). Raises ``ValueError`` if a source module
    cannot be found."""
    if name in _STORE:
        return _STORE[name]
    sources = tuple(sources)
    path = cache_file(name, sources)
    table = _load(path) if path is not None and path.exists() else None
    if table is None:
        table = _frozen(build())
        if path is not None:
            _save(path, table)
    _STORE[name] = table
    return table


def collected() -> dict[str, Table]:
    """Every table this process holds (name -> table), to ship to other processes."""
    return dict(_STORE)


def install(tables: Mapping[str, Table]) -> None:
    """Take ``tables`` (from :func:`collected` in another process) into this process's
    store: :func:`shared` returns them without building or reading the disk."""
    for name, table in tables.items():
        if name not in _STORE:
            _STORE[name] = _frozen(table)


def forget() -> None:
    """Empty this process's store (the disk cache stays)."""
    _STORE.clear()


__all__ = [
    "CACHE_ENV",
    "Table",
    "cache_dir",
    "cache_file",
    "collected",
    "forget",
    "install",
    "shared",
]
