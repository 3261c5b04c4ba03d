"""Dumps that dieharder and ent read directly (``croupier rng dump --format``), and a run
of each tool on a small dump, its output parsed.

The tools are Debian's ``dieharder`` and ``ent`` (``.ci/run`` installs them); where they
are missing the tests that run them are skipped, saying so. What the tools report is
checked against what the test computes from the same file (ent's byte count, mean,
chi-square and its tail), and dieharder must give the same p-value on the raw bytes
(``-g 201``) as on the ASCII dump of them (``-g 202``): both then read the same numbers.
"""

from __future__ import annotations

import io
import math
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.lab.dumps import BitPacker, value_bits, write_dieharder
from croupier.lab.stats import chi_square_sf

needs_dieharder = pytest.mark.skipif(
    shutil.which("dieharder") is None,
    reason="dieharder is not installed (Debian's package dieharder; .ci/run installs it)",
)
needs_ent = pytest.mark.skipif(
    shutil.which("ent") is None,
    reason="ent is not installed (Debian's package ent; .ci/run installs it)",
)
DIE_BITS = {0: "00", 1: "01", 2: "10", 3: "11", 4: "0", 5: "1"}
"""A die's face less one as bits, by hand: 6 = 4 + 2, so faces 1-4 give two bits, 5-6 one."""


def dump(tmp_path: Path, name: str, *args: str) -> Path:
    out = tmp_path / name
    result = CliRunner().invoke(app, ["rng", "dump", *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_a_value_s_bits_by_hand() -> None:
    assert [value_bits(v, 6) for v in range(6)] == [DIE_BITS[v] for v in range(6)]
    # 52 = 32 + 16 + 4: 0-31 five bits, 32-47 four, 48-51 two.
    assert value_bits(31, 52) == "11111"
    assert value_bits(32, 52) == "0000" and value_bits(47, 52) == "1111"
    assert value_bits(48, 52) == "00" and value_bits(51, 52) == "11"
    assert value_bits(0, 1) == ""  # the last swap of a shuffle: no choice, no bit
    with pytest.raises(ValueError, match=r"not in 0 \.\. 5"):
        value_bits(6, 6)


def test_the_bits_follow_from_the_raw_bytes(tmp_path: Path) -> None:
    """A bits dump of three dice and the bytes read for it: the test scales the bytes
    itself (a byte a try, its top three bits kept below 6) and writes the faces' bits by
    the table above."""
    raw = tmp_path / "dice.bin"
    bits = dump(tmp_path, "dice.bits", "sic-bo", "--count", "2000", "--format", "bits",
                "--raw-out", str(raw))  # fmt: skip
    faces = [b >> 5 for b in raw.read_bytes() if b >> 5 < 6]
    assert len(faces) == 6000
    stream = "".join(DIE_BITS[f] for f in faces)
    whole = len(stream) // 8 * 8
    assert bits.read_bytes() == int(stream[:whole], 2).to_bytes(whole // 8, "big")


def test_the_dieharder_ascii_form(tmp_path: Path) -> None:
    out = io.StringIO()
    data = bytes(range(10))
    assert write_dieharder(data, out, "a test") == 2
    lines = out.getvalue().splitlines()
    assert lines[1] == "# a test"
    assert lines[3:] == [
        "type: d",
        "count: 2",
        "numbit: 32",
        str(0x03020100),  # bytes 0 1 2 3, little-endian
        str(0x07060504),
    ]
    packed = io.BytesIO()
    packer = BitPacker(packed)
    packer.add("1010101111")
    assert packer.close() == 1 and packed.getvalue() == b"\xab"


def _dieharder(generator: str, path: Path) -> tuple[str, float, str]:
    """Run dieharder's birthdays test (-d 0) with 100 samples on ``path``: the test's
    name, its p-value and its assessment, parsed from the results line."""
    found = subprocess.run(
        ["dieharder", "-g", generator, "-f", str(path), "-d", "0", "-t", "100", "-p", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    row = next(line for line in found.splitlines() if line.strip().startswith("diehard_"))
    name, _, _, _, p_value, assessment = (cell.strip() for cell in row.split("|"))
    return name, float(p_value), assessment


@needs_dieharder
def test_dieharder_reads_the_raw_and_ascii_dumps_alike(tmp_path: Path) -> None:
    ascii_dump = dump(tmp_path, "dice.txt", "sic-bo", "--count", "20000", "--format",
                      "dieharder")  # fmt: skip
    lines = ascii_dump.read_text().splitlines()
    count = int(next(line for line in lines if line.startswith("count:")).split()[1])
    words = [int(line) for line in lines if line.isdigit()]
    assert len(words) == count and "numbit: 32" in lines and "type: d" in lines
    raw = tmp_path / "dice.bin"
    raw.write_bytes(b"".join(w.to_bytes(4, "little") for w in words))
    name, p_raw, assessment = _dieharder("201", raw)
    assert name == "diehard_birthdays" and 0 <= p_raw <= 1
    assert assessment in ("PASSED", "WEAK")  # WEAK: a p-value in the outer 0.5% each side
    assert _dieharder("202", ascii_dump)[1] == p_raw


@needs_dieharder
def test_dieharder_reads_the_outcomes_bits(tmp_path: Path) -> None:
    bits = dump(tmp_path, "tiles.bits", "pai-gow", "--count", "3000", "--format", "bits")
    name, p_value, assessment = _dieharder("201", bits)
    assert name == "diehard_birthdays" and 0 <= p_value <= 1 and assessment != "FAILED"


@needs_ent
def test_ent_reads_the_raw_dump(tmp_path: Path) -> None:
    """ent's figures are those of the file's bytes, computed here."""
    raw = dump(tmp_path, "deck.bin", "go-fore-it", "--count", "2000", "--format", "raw")
    data = np.frombuffer(raw.read_bytes(), dtype=np.uint8)
    terse = subprocess.run(
        ["ent", "-t", str(raw)], capture_output=True, text=True, timeout=60, check=True
    ).stdout.splitlines()
    header = terse[0].split(",")
    row = dict(zip(header, terse[1].split(","), strict=True))
    counts = np.bincount(data, minlength=256)
    expected = data.size / 256
    chi = float(((counts - expected) ** 2 / expected).sum())
    shares = counts[counts > 0] / data.size
    assert int(row["File-bytes"]) == data.size
    assert float(row["Mean"]) == pytest.approx(float(data.mean()), abs=1e-5)
    assert float(row["Chi-square"]) == pytest.approx(chi, abs=1e-3)
    assert float(row["Entropy"]) == pytest.approx(
        float(-(shares * np.log2(shares)).sum()), abs=1e-5
    )
    words = subprocess.run(
        ["ent", str(raw)], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    percent = re.search(r"would exceed this value ([\d.]+) percent", words)
    assert percent is not None
    assert float(percent.group(1)) == pytest.approx(100 * chi_square_sf(chi, 255), abs=0.05)
    assert not math.isnan(chi)
