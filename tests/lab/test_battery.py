"""The battery passes fair generators and fails biased ones.

The fair ones: a SHA-256 counter stream (reproducible, so the verdict is fixed) at the
default significance, and the operating system's generator itself at a significance of
one in a million (so that a fair generator fails this test once in a million runs). The
biased ones must fail at the default significance: raw bytes whose top bit is skewed to
0.51 (through the bulk scaling and through the games' own draws) and a generator that
scales by reducing modulo ``n`` (through the games' own draws).
"""

from __future__ import annotations

import pytest
from biased import ModuloRng, Skewed, counter_blob

from croupier.lab.battery import FAIL, NOT_RUN, PASS
from croupier.lab.evidence import BytesGenerator, RngGenerator, run_battery
from croupier.registry import GAMES, rules_from_data
from croupier.rng import SecureRng

DICE, CARDS, TILES = "sic-bo", "go-fore-it", "pai-gow"


def failed(battery: object) -> set[str]:
    return {f"{r.draw}: {r.test}" for r in battery.results if r.verdict == FAIL}  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_fair_stream_passes_every_game(game: str) -> None:
    rules = rules_from_data({"game": game})
    generator = BytesGenerator(counter_blob(game.encode(), 6_000_000), "SHA-256 counter")
    battery = run_battery(rules, 300_000, generator)
    assert battery.verdict == PASS, failed(battery)
    ran = [r for r in battery.results if r.verdict != NOT_RUN]
    assert len(ran) >= 7


@pytest.mark.parametrize("game", [DICE, CARDS, TILES])
def test_the_operating_systems_generator_passes(game: str) -> None:
    battery = run_battery(rules_from_data({"game": game}), 1_000_000, BytesGenerator(), alpha=1e-6)
    assert battery.verdict == PASS, failed(battery)


@pytest.mark.parametrize(
    ("game", "count", "caught"),
    [
        (DICE, 1_000_000, "the three dice: frequency"),
        (CARDS, 5_000_000, "the deck: positions"),
        (TILES, 5_000_000, "the tiles: positions"),
    ],
)
def test_skewed_bytes_fail(game: str, count: int, caught: str) -> None:
    battery = run_battery(rules_from_data({"game": game}), count, BytesGenerator(Skewed(0.51, 7)))
    assert battery.verdict == FAIL
    assert caught in failed(battery)


def test_skewed_bytes_fail_through_the_games_own_draws() -> None:
    generator = RngGenerator(SecureRng(Skewed(0.51, 8).blob(1_000_000)), "skewed, one at a time")
    battery = run_battery(rules_from_data({"game": DICE}), 300_000, generator)
    assert battery.verdict == FAIL
    assert "the three dice: frequency" in failed(battery)


@pytest.mark.parametrize(
    ("game", "count", "caught"),
    [(DICE, 600_000, "the three dice: frequency"), (CARDS, 260_000, "the deck: positions")],
)
def test_modulo_scaling_fails(game: str, count: int, caught: str) -> None:
    """Dice: 256 % 6 = 4, so faces 1-4 come 43 times in 256 and 5-6 42; a deck: byte %
    52 favours the first 48 cards at the bottom place by 5 to 4."""
    battery = run_battery(rules_from_data({"game": game}), count, RngGenerator(ModuloRng(3)))
    assert battery.verdict == FAIL
    assert caught in failed(battery)


def test_bad_arguments_are_refused() -> None:
    rules = rules_from_data({"game": DICE})
    with pytest.raises(ValueError, match="at least one outcome"):
        run_battery(rules, 0, BytesGenerator())
    with pytest.raises(ValueError, match="between 0 and 1"):
        run_battery(rules, 10, BytesGenerator(), alpha=1.5)
