"""``croupier rng dump`` and ``croupier rng test`` from the command line.

The scaled dump is checked against its own raw bytes by a scaling written here from the
dump's header alone (as a lab would write it): ``randbelow(n)`` reads ``ceil(k/8)`` bytes
(``k = n.bit_length()``) as a big-endian number, keeps its top ``k`` bits and reads again
while it is ``n`` or more; a die is ``randbelow(6) + 1``; a shuffle swaps item ``i`` with
item ``randbelow(i + 1)`` for ``i`` from the last down to 1.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from biased import Skewed
from typer.testing import CliRunner

from croupier.cli import app
from croupier.cli import rng as rng_cli
from croupier.lab.evidence import BytesGenerator

ENV = {"COLUMNS": "200"}


def invoke(*args: str) -> object:
    return CliRunner().invoke(app, list(args), env=ENV)


class LabReader:
    """The lab's own reading of the raw bytes (see the module docstring)."""

    def __init__(self, raw: bytes) -> None:
        self.raw, self.at = raw, 0

    def below(self, n: int) -> int:
        k = n.bit_length()
        width = (k + 7) // 8
        while True:
            chunk = self.raw[self.at : self.at + width]
            self.at += width
            value = int.from_bytes(chunk, "big") >> (8 * width - k)
            if value < n:
                return value


def test_a_scaled_dump_follows_from_its_raw_bytes(tmp_path: Path) -> None:
    scaled, raw = tmp_path / "pai-gow.txt", tmp_path / "pai-gow.bin"
    result = invoke(
        "rng", "dump", "pai-gow", "--count", "40", "--out", str(scaled), "--raw-out", str(raw)
    )
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    lines = scaled.read_text(encoding="utf-8").splitlines()
    header = [line for line in lines if line.startswith("#")]
    outcomes = [line.split() for line in lines if not line.startswith("#")]
    before = (
        next(h for h in header if h.startswith("# tiles:")).split("before the shuffle: ")[1].split()
    )
    assert len(before) == 32
    reader = LabReader(raw.read_bytes())
    assert [o[0] for o in outcomes] == ["tiles", "three-dice"] * 40
    for kind, *values in outcomes:
        if kind == "tiles":
            items = list(before)
            for i in range(len(items) - 1, 0, -1):
                j = reader.below(i + 1)
                items[i], items[j] = items[j], items[i]
            assert values == items
        else:
            assert [int(v) for v in values] == [reader.below(6) + 1 for _ in range(3)]
    assert reader.at == len(reader.raw)  # every byte read, none left over


def test_a_raw_dump_is_the_bytes_read(tmp_path: Path) -> None:
    out = tmp_path / "dice.bin"
    result = invoke("rng", "dump", "high-roll-dice", "--count", "1000", "--raw", "--out", str(out))
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    read = out.read_bytes()
    assert f"{len(read):,} bytes read" in result.output  # type: ignore[attr-defined]
    # Ten dice a throw: a byte a try, a try kept when its top three bits are below 6.
    assert sum(1 for b in read if b >> 5 < 6) == 10_000


def test_one_draw_of_a_game(tmp_path: Path) -> None:
    out = tmp_path / "cut.txt"
    result = invoke("rng", "dump", "go-fore-it", "--count", "5", "--draw", "cut", "--out", str(out))
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    values = [line.split() for line in out.read_text().splitlines() if not line.startswith("#")]
    assert len(values) == 5 and all(v[0] == "cut" and 10 <= int(v[1]) <= 51 for v in values)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("dump", "go-fore-it", "--count", "5", "--draw", "dice"),
            "no draw 'dice'; its draws: deck, cut",
        ),
        (("dump", "no-such-game", "--count", "5"), "no-such-game"),
        (("test", "sic-bo", "--alpha", "0"), "between 0 and 1"),
    ],
)
def test_refusals_say_what_was_wrong(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    extra = ("--out", str(tmp_path / "x")) if args[0] == "dump" else ()
    result = invoke("rng", *args, *extra)
    assert result.exit_code == 2
    assert message in result.output  # type: ignore[attr-defined]


def test_the_battery_from_the_command_line(tmp_path: Path) -> None:
    html = tmp_path / "report.html"
    result = invoke(
        "rng",
        "test",
        "sic-bo",
        "--count",
        "200000",
        "--alpha",
        "1e-6",
        "--json",
        "--html",
        str(html),
    )
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    start = result.output.index("[")  # type: ignore[attr-defined]
    (document,) = json.loads(result.output[start:])  # type: ignore[attr-defined]
    assert document["game"] == "sic-bo" and document["verdict"] == "pass"
    assert document["alpha"] == 1e-6
    tests = {t["test"] for d in document["draws"] for t in d["tests"]}
    assert {"frequency", "serial pairs", "runs", "gap", "coupon collector", "poker"} <= tests
    page = html.read_text(encoding="utf-8")
    assert page.count("<svg") >= 2 and "Bonferroni" in page


def test_a_failing_battery_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rng_cli, "BytesGenerator", lambda: BytesGenerator(Skewed(0.6, 1), "skewed"))
    result = invoke("rng", "test", "sic-bo", "--count", "100000")
    assert result.exit_code == 1
    assert "fail" in result.output  # type: ignore[attr-defined]


def test_a_refused_dump_leaves_the_files_as_they_were(tmp_path: Path) -> None:
    """An unknown --draw, or --raw-out naming the --out file, is refused before anything
    is opened: a dump already there is kept, not emptied or mixed with bytes."""
    out = tmp_path / "dice.txt"
    out.write_text("yesterday's dump\n")
    result = invoke("rng", "dump", "sic-bo", "--count", "5", "--draw", "deck", "--out", str(out))
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "sic-bo has no draw 'deck'; its draws: three-dice" in result.output  # type: ignore[attr-defined]
    args = ("--count", "5", "--out", str(out), "--raw-out", str(tmp_path / "." / "dice.txt"))
    result = invoke("rng", "dump", "sic-bo", *args)
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "--out and --raw-out are the same file" in result.output  # type: ignore[attr-defined]
    assert out.read_text() == "yesterday's dump\n"


def test_the_battery_refuses_what_it_could_not_finish(tmp_path: Path) -> None:
    """An --html in a folder that does not exist is refused before the battery runs; a
    count past 10^12 is refused by --count's range, and one too large for memory says so
    (numpy's MemoryError, raised here for 10^12 values of a shuffle: some 2 TiB)."""
    missing = tmp_path / "no-such-folder" / "rng.html"
    result = invoke("rng", "test", "sic-bo", "--count", "10", "--html", str(missing))
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert f"there is no folder {missing.parent}" in result.output  # type: ignore[attr-defined]
    result = invoke("rng", "test", "sic-bo", "--count", str(10**20))
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "less than or equal to 1000000000000" in result.output  # type: ignore[attr-defined]
    result = invoke("rng", "test", "pai-gow", "--count", str(10**12))
    assert result.exit_code == 2, result.output  # type: ignore[attr-defined]
    assert "do not fit in this machine's memory" in result.output  # type: ignore[attr-defined]


def test_a_verdict_says_how_many_tests_it_rests_on() -> None:
    """At 200 throws of three dice the serial-pairs test has too few values to run (36
    pairs of faces from 100 pairs): the battery's verdict says it rests on the tests run."""
    result = invoke("rng", "test", "sic-bo", "--count", "200")
    out = str(getattr(result, "output", ""))
    assert "not run" in out
    assert " on the " in out and " tests run, " in out


def test_the_significance_is_offered_as_it_is_checked() -> None:
    """--help says the significance lies strictly between 0 and 1, as the check refuses 0
    and 1 (no [0.0<=x<=1.0] range printed beside it)."""
    out = str(getattr(invoke("rng", "test", "--help"), "output", ""))
    assert "between 0 and 1" in out and "0.0<=x<=1.0" not in out


SEED_HEX = "ab" * 32


def test_the_evidence_pack_from_the_command_line() -> None:
    """The sealed draws under a given seed: every family's p-value, the verdict, the same
    figures on a second run (the pack is reproducible from the seed)."""
    args = ("rng", "evidence", "--samples", "20000", "--generator", "sealed", "--seed", SEED_HEX)
    first = invoke(*args, "--json")
    assert first.exit_code == 0, first.output  # type: ignore[attr-defined]
    document = json.loads(first.output)  # type: ignore[attr-defined]
    assert document["verdict"] == "pass" and document["collective"]["confidence"] == 0.99
    assert [f["family"] for f in document["families"]] == [
        "chi-square",
        "overlaps",
        "coupon collector",
        "runs",
        "interplay correlation",
        "serial correlation",
        "duplicates",
    ]
    assert all(f["p_value"] is not None for f in document["families"])
    again = json.loads(invoke(*args, "--json").output)  # type: ignore[attr-defined]
    assert again["families"] == document["families"]
    words = invoke(*args)
    assert "PASS at 99%" in words.output and "interplay correlation" in words.output  # type: ignore[attr-defined]


def test_a_failing_pack_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    from biased import Sticky

    from croupier.lab.pack import OsSource

    monkeypatch.setattr(rng_cli, "OsSource", lambda: OsSource(Sticky(0.05, 3), "sticky"))
    result = invoke("rng", "evidence", "--samples", "20000", "--generator", "os")
    assert result.exit_code == 1
    assert "FAIL at 99%" in result.output  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--generator", "mersenne"), "--generator 'mersenne' is not one of os, sealed, both"),
        (("--seed", "abc"), "--seed is 32 bytes written as 64 hex digits"),
        (("--generator", "os", "--seed", "ab" * 32), "give --generator sealed or both"),
        (("--confidence", "1"), "between 0 and 1"),
        (("--samples", "10"), "greater than or equal to 1000"),
    ],
)
def test_the_evidence_pack_refuses_bad_options(args: tuple[str, ...], message: str) -> None:
    result = invoke("rng", "evidence", *args)
    assert result.exit_code == 2
    assert message in result.output  # type: ignore[attr-defined]
