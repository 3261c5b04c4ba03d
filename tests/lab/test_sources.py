"""The generator's scaling: ``SecureRng`` is ``secrets.randbelow`` byte for byte, and the
battery's bulk scaling gives, from the same bytes, what each game's own draws give."""

from __future__ import annotations

import random
import secrets

import numpy as np
import pytest
from biased import Blob, counter_blob

from croupier.lab.sources import ByteStream, draws_from_bytes, draws_from_rng, rows_for
from croupier.registry import GAMES, rules_from_data
from croupier.rng import DiceDraw, NumberDraw, SecureRng, ShuffleDraw

BOUNDS = [1, 2, 3, 5, 6, 7, 8, 52, 128, 129, 255, 256, 257, 416, 1000, 65536, 10**9]


def test_secure_rng_reads_the_generator_as_secrets_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the operating system's bytes replaced by one recorded stream, SecureRng and
    the standard library's secrets.randbelow give the same numbers and read the same
    bytes."""
    data = counter_blob(b"secrets", 1 << 16).data
    standard = Blob(data)
    monkeypatch.setattr(random, "_urandom", standard)
    ours = Blob(data)
    rng = SecureRng(ours)
    for n in BOUNDS * 20:
        assert rng.randbelow(n) == secrets.randbelow(n)
    assert ours.at == standard.at


def test_a_die_is_the_top_three_bits_of_a_byte() -> None:
    # 0b101_00000 is 5 (face 6); 0b110_00000 and 0b111_00000 are 6 and 7, read again.
    rng = SecureRng(Blob(bytes([0b11000000, 0b11100000, 0b10100000, 0b00011111])))
    assert rng.randbelow(6) == 5
    assert rng.randbelow(6) == 0


def _draws() -> list[tuple[str, object]]:
    found = []
    for name, spec in GAMES.items():
        rules = rules_from_data({"game": name})
        found.extend((f"{name}: {d.name}", d) for d in spec.policy.random_draws(rules))
    found.append(("a big number", NumberDraw("big", 5, 70_004, "")))
    return found


@pytest.mark.parametrize(("label", "draw"), _draws(), ids=[label for label, _ in _draws()])
def test_bulk_scaling_gives_what_the_draw_gives(label: str, draw: object) -> None:
    assert isinstance(draw, DiceDraw | NumberDraw | ShuffleDraw)
    rows = rows_for(draw, 20_000)
    data = counter_blob(
        label.encode(), 8 * rows * (len(draw.items) if isinstance(draw, ShuffleDraw) else 12) + 4096
    ).data
    one = Blob(data)
    each = draws_from_rng(draw, rows, SecureRng(one))
    stream = ByteStream(Blob(data), block=997)  # blocks that split values and shuffles
    bulk = draws_from_bytes(draw, rows, stream)
    assert np.array_equal(each.values, bulk.values)
    assert stream.taken == one.at
    if isinstance(draw, ShuffleDraw):  # and the items follow the positions
        assert tuple(draw.items[i] for i in each.values[0]) == draw.draw(SecureRng(Blob(data)))
