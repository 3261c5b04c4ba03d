"""benchmarks/run.py (`make bench`): one failing part does not stop the run, and only the
Benchmarks section of docs/performance.md is rewritten."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

RUN = Path(__file__).resolve().parents[1] / "benchmarks" / "run.py"


@pytest.fixture(scope="module")
def runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_run", RUN)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_run"] = module
    spec.loader.exec_module(module)
    return module


OTHER = "# Performance\n\nintro\n\n## Table server\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"


def test_only_the_benchmarks_section_is_replaced(runner: ModuleType) -> None:
    first = runner.replace_section(OTHER, "## Benchmarks", "figures 1\n\n### sub\n\nx")
    assert first.startswith(OTHER)
    assert first.endswith("## Benchmarks\n\nfigures 1\n\n### sub\n\nx\n")
    after = first + "\n## Later\n\nkept\n"
    second = runner.replace_section(after, "## Benchmarks", "figures 2")
    assert second == OTHER + "\n## Benchmarks\n\nfigures 2\n\n## Later\n\nkept\n"
    assert (
        runner.replace_section("", "## Benchmarks", "f") == "# Performance\n\n## Benchmarks\n\nf\n"
    )


def test_a_failing_part_is_reported_and_the_run_goes_on(
    runner: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def broken(quick: bool) -> list[str]:
        raise RuntimeError("the solver is not there")

    def fine(quick: bool) -> list[str]:
        return [f"| figure | 42 | quick={quick} |"]

    monkeypatch.setattr(runner, "PARTS", {"exact": ("Broken", broken), "poker": ("Fine", fine)})
    output = tmp_path / "performance.md"
    output.write_text(OTHER)
    code = runner.main(["--quick", "--output", str(output), "--only", "exact", "poker"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "failed: RuntimeError: the solver is not there" in printed
    assert "| figure | 42 | quick=True |" in printed
    text = output.read_text()
    assert text.startswith(OTHER)
    broken_part = text.split("### Broken", 1)[1].split("###", 1)[0]
    assert "failed: RuntimeError: the solver is not there" in broken_part
    assert "| figure | 42 | quick=True |" in text.split("### Fine", 1)[1]


def test_only_the_parts_run_are_replaced(
    runner: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    figure = {"value": 1}

    def first(quick: bool) -> list[str]:
        return ["first part's figures"]

    def second(quick: bool) -> list[str]:
        return [f"second part, run {figure['value']}"]

    monkeypatch.setattr(runner, "PARTS", {"a": ("First", first), "b": ("Second", second)})
    output = tmp_path / "performance.md"
    output.write_text(OTHER)
    assert runner.main(["--quick", "--output", str(output)]) == 0
    figure["value"] = 2
    assert runner.main(["--quick", "--output", str(output), "--only", "b"]) == 0
    text = output.read_text()
    assert text.startswith(OTHER)
    body = text.split("## Benchmarks", 1)[1]
    assert body.count("### First") == 1 and "first part's figures" in body
    assert "second part, run 2" in body and "second part, run 1" not in body
    assert body.index("### First") < body.index("### Second")


def test_every_part_failing_exits_1(
    runner: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(quick: bool) -> list[str]:
        raise RuntimeError("no")

    monkeypatch.setattr(runner, "PARTS", {"exact": ("Broken", broken)})
    assert runner.main(["--no-write", "--only", "exact"]) == 1
