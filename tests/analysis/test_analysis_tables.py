"""The analysis tables (croupier.analysis.tables): built once a machine and once a run.

A table is built by the first process that needs it, kept on disk in the analysis cache,
and read from there by the next; a simulation run builds it in the calling process and
ships it to its workers, none of which builds it (the test kernel writes the process id
of every build to a file)."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import numpy as np
import pytest

from croupier.analysis import tables
from croupier.analysis.simulation import run
from croupier.registry import GAMES

KERNEL = "shipped_table_kernel"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(tables.CACHE_ENV, str(folder))
    tables.forget()
    yield folder
    tables.forget()


def test_a_table_is_built_once_then_read_from_the_disk(cache: Path) -> None:
    built: list[int] = []

    def build() -> dict[str, object]:
        built.append(1)
        return {"a": np.arange(5, dtype=np.int16), "b": np.eye(2)}

    first = tables.shared("test.table", build, [__name__])
    assert built == [1]
    assert tables.shared("test.table", build, [__name__]) is first  # this process's store
    tables.forget()
    again = tables.shared("test.table", build, [__name__])  # from the disk
    assert built == [1]
    assert again["a"].tolist() == [0, 1, 2, 3, 4] and again["a"].dtype == np.int16
    assert not again["a"].flags.writeable
    assert [p.name.split("-")[0] for p in cache.iterdir()] == ["test.table"]


def test_a_change_to_a_source_module_builds_the_table_again(cache: Path) -> None:
    here = tables.cache_file("test.table", [__name__])
    other = tables.cache_file("test.table", [__name__, "croupier.money"])
    assert here is not None and other is not None and here != other
    with pytest.raises(ValueError, match="no_such_module names no module"):
        tables.shared("test.table", dict, ["croupier.no_such_module"])


def test_no_disk_cache_when_it_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(tables.CACHE_ENV, "off")
    assert tables.cache_dir() is None
    assert tables.cache_file("test.table", [__name__]) is None


def test_installed_tables_are_not_built(cache: Path) -> None:
    tables.install({"test.shipped": {"x": np.array([7])}})

    def refuse() -> dict[str, object]:
        raise AssertionError("built although it was shipped")

    assert tables.shared("test.shipped", refuse, [__name__])["x"].tolist() == [7]
    assert "test.shipped" in tables.collected()


@pytest.mark.parametrize("workers", [1, 2])
def test_a_run_builds_its_tables_once_whatever_the_workers(
    workers: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the disk cache off, only the calling process builds (it ships the table);
    the statistics are the same whatever the number of workers."""
    monkeypatch.setenv(tables.CACHE_ENV, "off")
    tables.forget()
    name = f"test.kernel.{workers}"
    monkeypatch.setitem(
        GAMES, "test-tables", dataclasses.replace(GAMES["high-roll-dice"], simulation=KERNEL)
    )
    from shipped_table_kernel import Rules

    record = tmp_path / "built"
    rules = Rules(str(record), name)
    result = run("test-tables", rules, 40_000, seed=3, workers=workers, chunk_rounds=5_000)
    builders = record.read_text().split()
    assert builders == [str(os.getpid())]
    by_one = run("test-tables", rules, 40_000, seed=3, workers=1, chunk_rounds=5_000)
    assert result.stats == by_one.stats
    assert result.stats["even"].count == 40_000
    tables.forget()
