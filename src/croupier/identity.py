"""Software identification: which code produced an output, and whether the installed
files are still the ones built.

- :func:`identity` is croupier's version, the commit it was built from and the sha256 of
  its critical files as installed now (:data:`CRITICAL`: the engine, the games, the
  rules, the random number generator, the ledger and the server); ``croupier
  --version``, every par sheet, the hold report, the table sign and the round reveal
  name it.
- The **manifest** (:data:`MANIFEST`, in the package) is written at build time by
  ``python -m croupier.identity --write-manifest`` (the Makefile's setup step): the
  version, the commit (``git rev-parse HEAD`` where the package is a git checkout, with
  ``+modified`` when its files differ from that commit; else ``unknown``) and the sha256
  of every critical file. :func:`check_manifest` compares the installed files with it
  and returns every difference (none: every file matches), for ``croupier identity`` and
  a periodic self-check alike.

The digest of a set of files is the sha256 of their ``sha256sum`` listing (``<sha256>
<path>\\n`` a file, by path), so that it can be checked with ``sha256sum`` alone.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from croupier import __version__

PACKAGE = Path(__file__).resolve().parent
"""The installed package's folder."""
MANIFEST = "identity_manifest.json"
"""The manifest's file name, in the package's folder."""
CRITICAL = (
    "engine.py",
    "errors.py",
    "game.py",
    "money.py",
    "registry.py",
    "rng.py",
    "sealing.py",
    "games",
    "rules",
    "ledger",
    "server",
)
"""The critical files and folders (every file under a folder, but compiled caches)."""
UNKNOWN = "unknown"
"""The commit where none was recorded at build time."""


def critical_files(root: Path | None = None) -> dict[str, str]:
    """Each critical file under the package folder ``root``: its path relative to
    ``root`` (``/``-separated) -> its sha256 (hex), in path order. ``__pycache__``
    folders and ``.pyc`` files are left out. ``root`` defaults to :data:`PACKAGE` (as do
    the other functions' here)."""
    root = root or PACKAGE
    found: dict[str, str] = {}
    for name in CRITICAL:
        top = root / name
        paths = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for path in paths:
            if "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo"):
                continue
            found[path.relative_to(root).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return dict(sorted(found.items()))


def files_digest(files: Mapping[str, str]) -> str:
    """The sha256 (hex) of the ``sha256sum`` listing of ``files`` (path -> sha256)."""
    listing = "".join(f"{digest}  {path}\n" for path, digest in sorted(files.items()))
    return hashlib.sha256(listing.encode()).hexdigest()


def git_commit(root: Path | None = None) -> str:
    """The commit of the git checkout holding ``root`` (``+modified`` appended when a
    file under ``root`` differs from it), or :data:`UNKNOWN` where there is no git or no
    checkout."""
    root = root or PACKAGE
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--", "."],
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return UNKNOWN
    return f"{head}+modified" if changed else head


@dataclass(frozen=True)
class Manifest:
    """What was built: the version, the commit and each critical file's sha256."""

    version: str
    commit: str
    files: dict[str, str]

    @property
    def digest(self) -> str:
        """The sha256 of the files' ``sha256sum`` listing (:func:`files_digest`)."""
        return files_digest(self.files)

    def to_dict(self) -> dict[str, Any]:
        """The manifest file's JSON: version, commit, files_sha256 and files."""
        return {
            "version": self.version,
            "commit": self.commit,
            "files_sha256": self.digest,
            "files": self.files,
        }


def write_manifest(root: Path | None = None, commit: str | None = None) -> Path:
    """Write the manifest of the package folder ``root`` (its critical files now, the
    commit given or found by :func:`git_commit`) as ``root / MANIFEST``; returns its path.
    Raises ``OSError`` where it cannot be written."""
    root = root or PACKAGE
    manifest = Manifest(__version__, commit or git_commit(root), critical_files(root))
    path = root / MANIFEST
    path.write_text(json.dumps(manifest.to_dict(), indent=2, sort_keys=True) + "\n")
    return path


def read_manifest(root: Path | None = None) -> Manifest | None:
    """The manifest of the package folder ``root``, or ``None`` where none was written.
    Raises ``ValueError`` for a manifest that is not one (not JSON, fields missing)."""
    root = root or PACKAGE
    path = root / MANIFEST
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text())
        files = data["files"]
        if not (isinstance(files, dict) and all(isinstance(v, str) for v in files.values())):
            raise TypeError("files is not a map of paths to sha256")
        return Manifest(str(data["version"]), str(data["commit"]), dict(files))
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"{path} is not a croupier manifest: {error}") from error


@dataclass(frozen=True)
class Difference:
    """One way the installed files differ from the manifest: a file changed (both
    sha256), missing (``found`` ``None``) or not in the manifest (``expected``
    ``None``); or no manifest at all (both ``None``, ``path`` the manifest's)."""

    path: str
    expected: str | None
    found: str | None

    def __str__(self) -> str:
        if self.expected is None and self.found is None:
            return (
                f"{self.path}: no manifest was written when this copy was built "
                "(python -m croupier.identity --write-manifest)"
            )
        if self.found is None:
            return f"{self.path}: missing (the manifest has sha256 {self.expected})"
        if self.expected is None:
            return f"{self.path}: not in the manifest (sha256 {self.found})"
        return f"{self.path}: changed (sha256 {self.found}, the manifest has {self.expected})"


def check_manifest(root: Path | None = None) -> list[Difference]:
    """Every difference between the critical files under ``root`` now and its manifest,
    in path order (empty: every file matches); a missing or unreadable manifest is one
    difference. Reads every critical file afresh (nothing cached)."""
    root = root or PACKAGE
    try:
        manifest = read_manifest(root)
    except ValueError:
        return [Difference(MANIFEST, "a readable manifest", None)]
    if manifest is None:
        return [Difference(MANIFEST, None, None)]
    now = critical_files(root)
    return [
        Difference(path, manifest.files.get(path), now.get(path))
        for path in sorted(set(now) | set(manifest.files))
        if manifest.files.get(path) != now.get(path)
    ]


@dataclass(frozen=True)
class Identity:
    """Which croupier produced an output: its ``version``, the ``commit`` recorded in
    its manifest (:data:`UNKNOWN` without one) and ``files_sha256``, the digest of its
    critical files as installed now (:func:`files_digest`)."""

    version: str
    commit: str
    files_sha256: str

    def text(self) -> str:
        """``croupier 0.1.0, commit 1f2e..., files sha256 9a8b...`` (one line)."""
        return f"croupier {self.version}, commit {self.commit}, files sha256 {self.files_sha256}"

    def lines(self) -> list[str]:
        """:meth:`text` on two lines of at most 77 characters, for a terminal of 80."""
        return [
            f"croupier {self.version}, commit {self.commit}",
            f"files sha256 {self.files_sha256}",
        ]

    def to_dict(self) -> dict[str, str]:
        """``{"name": "croupier", "version", "commit", "files_sha256"}``, as the par
        sheet's JSON, the hold report's and the reveal's ``software`` carry it."""
        return {
            "name": "croupier",
            "version": self.version,
            "commit": self.commit,
            "files_sha256": self.files_sha256,
        }


def identity_of(root: Path) -> Identity:
    """The :class:`Identity` of the package folder ``root`` (read now). An unreadable
    manifest gives the commit :data:`UNKNOWN`."""
    try:
        manifest = read_manifest(root)
    except ValueError:
        manifest = None
    commit = manifest.commit if manifest is not None else UNKNOWN
    return Identity(__version__, commit, files_digest(critical_files(root)))


@functools.cache
def identity() -> Identity:
    """The installed croupier's :class:`Identity`, read once per process."""
    return identity_of(PACKAGE)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m croupier.identity [--write-manifest [--commit C]] [--check]``: write
    the manifest, check the installed files against it (exit 1 on a difference), or
    print the identity."""
    parser = argparse.ArgumentParser(prog="python -m croupier.identity", description=__doc__)
    parser.add_argument("--write-manifest", action="store_true", help="write the manifest")
    parser.add_argument("--commit", help="the commit to record (default: from git)")
    parser.add_argument("--check", action="store_true", help="check the files against it")
    args = parser.parse_args(argv)
    if args.write_manifest:
        path = write_manifest(None, args.commit)
        print(f"wrote {path}")
    if args.check:
        differences = check_manifest()
        for difference in differences:
            print(difference)
        if differences:
            return 1
        print("every critical file matches the manifest")
    if not (args.write_manifest or args.check):
        print(identity_of(PACKAGE).text())
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    sys.exit(main())
