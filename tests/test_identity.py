"""Software identification (issue #31): the version, the commit and the sha256 of the
critical files, in `croupier --version`, `croupier identity` and every par sheet and
sign; the manifest written at build time and checked against the installed files.

Each test works on a temporary copy of the critical files, so that changing one touches
nothing installed; the digests are computed here from the files themselves, as
``sha256sum`` would list them.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import croupier
from croupier import identity as ident
from croupier.cli import app as cli

COMMIT = "0123456789abcdef0123456789abcdef01234567"


def copy_package(to: Path) -> Path:
    """A copy of the installed package's critical files (and one file that is not)."""
    root = to / "croupier"
    root.mkdir()
    for name in ident.CRITICAL:
        source = ident.PACKAGE / name
        if source.is_file():
            shutil.copy2(source, root / name)
        else:
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "analysis").mkdir()
    (root / "analysis" / "not_critical.py").write_text("x = 1\n")
    return root


def sha256sum_digest(root: Path) -> str:
    """The sha256 of the ``sha256sum`` listing of every critical file under ``root``,
    found here by walking the folders the docs name."""
    lines = []
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        top = relative.split("/")[0]
        if not path.is_file() or top not in ident.CRITICAL or "__pycache__" in path.parts:
            continue
        lines.append((relative, hashlib.sha256(path.read_bytes()).hexdigest()))
    listing = "".join(f"{digest}  {relative}\n" for relative, digest in sorted(lines))
    return hashlib.sha256(listing.encode()).hexdigest()


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the package with a manifest naming :data:`COMMIT`, made the installed
    one for :func:`croupier.identity.identity`."""
    root = copy_package(tmp_path)
    ident.write_manifest(root, COMMIT)
    monkeypatch.setattr(ident, "PACKAGE", root)
    ident.identity.cache_clear()
    yield root
    ident.identity.cache_clear()


def test_the_digest_is_the_files_and_changes_when_a_critical_file_changes(
    package: Path,
) -> None:
    before = ident.identity_of(package)
    assert before.files_sha256 == sha256sum_digest(package)
    assert before.commit == COMMIT and before.version == croupier.__version__
    assert ident.check_manifest(package) == []
    old = hashlib.sha256((package / "rng.py").read_bytes()).hexdigest()
    with (package / "rng.py").open("a") as file:
        file.write("# one line more\n")
    new = hashlib.sha256((package / "rng.py").read_bytes()).hexdigest()
    after = ident.identity_of(package)
    assert after.files_sha256 != before.files_sha256
    assert after.files_sha256 == sha256sum_digest(package)
    assert ident.check_manifest(package) == [ident.Difference("rng.py", old, new)]
    assert str(ident.check_manifest(package)[0]) == (
        f"rng.py: changed (sha256 {new}, the manifest has {old})"
    )


def test_a_file_missing_or_added_is_a_difference_and_other_files_are_not_critical(
    package: Path,
) -> None:
    digest = ident.identity_of(package).files_sha256
    (package / "analysis" / "not_critical.py").write_text("x = 2\n")
    assert ident.identity_of(package).files_sha256 == digest
    assert ident.check_manifest(package) == []
    gone = hashlib.sha256((package / "ledger" / "audit.py").read_bytes()).hexdigest()
    (package / "ledger" / "audit.py").unlink()
    (package / "server" / "extra.py").write_text("y = 1\n")
    added = hashlib.sha256(b"y = 1\n").hexdigest()
    assert ident.check_manifest(package) == [
        ident.Difference("ledger/audit.py", gone, None),
        ident.Difference("server/extra.py", None, added),
    ]


def test_without_a_manifest_the_commit_is_unknown(tmp_path: Path) -> None:
    root = copy_package(tmp_path)
    assert ident.identity_of(root).commit == "unknown"
    [missing] = ident.check_manifest(root)
    assert missing == ident.Difference("identity_manifest.json", None, None)
    assert "no manifest was written when this copy was built" in str(missing)
    (root / ident.MANIFEST).write_text("not json")
    assert ident.identity_of(root).commit == "unknown"
    assert ident.check_manifest(root)[0].path == "identity_manifest.json"


def test_the_manifest_records_the_files_and_the_commit(package: Path) -> None:
    data = json.loads((package / ident.MANIFEST).read_text())
    assert data["commit"] == COMMIT and data["version"] == croupier.__version__
    assert (
        data["files"]["engine.py"]
        == hashlib.sha256((package / "engine.py").read_bytes()).hexdigest()
    )
    assert "analysis/not_critical.py" not in data["files"]
    assert data["files_sha256"] == sha256sum_digest(package)


def test_the_commit_comes_from_git_at_build_time(tmp_path: Path) -> None:
    """``git_commit``: the checkout's HEAD, ``+modified`` once a file differs from it,
    ``unknown`` outside a checkout."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    assert ident.git_commit(tmp_path) == "unknown"
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "engine.py").write_text("a = 1\n")

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()

    git("init", "-q")
    git("add", ".")
    git("commit", "-q", "-m", "one")
    head = git("rev-parse", "HEAD")
    assert ident.git_commit(repo) == head
    (repo / "engine.py").write_text("a = 2\n")
    assert ident.git_commit(repo) == f"{head}+modified"
    ident.write_manifest(repo)
    assert json.loads((repo / ident.MANIFEST).read_text())["commit"] == f"{head}+modified"


def test_version_names_the_commit_and_the_digest(package: Path) -> None:
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0, result.output
    assert result.output == (
        f"croupier {croupier.__version__}\ncommit {COMMIT}\n"
        f"critical files sha256 {sha256sum_digest(package)}\n"
    )


def test_the_identity_command_checks_the_manifest(package: Path) -> None:
    result = CliRunner().invoke(cli, ["identity"])
    assert result.exit_code == 0, result.output
    assert f"commit {COMMIT}" in result.output
    assert "manifest: every critical file matches" in result.output
    (package / "games" / "craps" / "settle.py").write_text("# forged\n")
    ident.identity.cache_clear()
    result = CliRunner().invoke(cli, ["identity"])
    assert result.exit_code == 1
    assert "manifest: 1 difference(s)" in result.output
    assert "games/craps/settle.py: changed" in result.output


def test_python_m_identity_check(package: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert ident.main(["--check"]) == 0
    assert "every critical file matches the manifest" in capsys.readouterr().out
    (package / "money.py").write_text("# forged\n")
    assert ident.main(["--check"]) == 1
    assert "money.py: changed" in capsys.readouterr().out


def test_a_par_sheet_names_the_software(package: Path, tmp_path: Path) -> None:
    """`analyze --json` carries the identity; the text and the HTML report name it."""
    expected = {
        "name": "croupier",
        "version": croupier.__version__,
        "commit": COMMIT,
        "files_sha256": sha256sum_digest(package),
    }
    result = CliRunner().invoke(cli, ["analyze", "high-roll-dice", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["software"] == expected
    result = CliRunner().invoke(cli, ["analyze", "high-roll-dice"], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    assert f"commit {COMMIT}" in result.output and expected["files_sha256"] in result.output
    result = CliRunner().invoke(cli, ["analyze", "high-roll-dice", "--html", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "high-roll-dice.html").read_text()
    assert f"commit {COMMIT}" in page and expected["files_sha256"] in page


def test_the_table_sign_names_the_software(package: Path) -> None:
    from croupier.registry import load, sign_for
    from croupier.signs import sign_text

    examples = Path(__file__).parents[1] / "examples" / "rules"
    text = sign_text(sign_for(load(examples / "sic-bo.toml")))
    lines = text.splitlines()
    assert lines[lines.index(f"Software croupier {croupier.__version__}, commit") + 1] == COMMIT
    assert lines[lines.index("Software files sha256") + 1] == sha256sum_digest(package)
