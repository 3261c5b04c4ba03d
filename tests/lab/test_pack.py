"""The evidence pack has power: generators broken in the ways GLI-19 3.2.2's new families
look for fail them (and the families of the first battery let the fault through), while
croupier's own generators pass the collective verdict at 99%.

The fair runs are reproducible: the sealed draws under a fixed server seed are croupier's
own derivation (SealedDraws, HMAC-SHA256), and the operating system's generator is
replaced by a SHA-256 counter stream; the operating system's generator itself is tested
under -m slow at a confidence of 1 - 10^-6.
"""

from __future__ import annotations

import hashlib

import pytest
from biased import ShortPeriod, Sticky, counter_blob

from croupier.lab.battery import FAIL, PASS
from croupier.lab.pack import OsSource, Pack, SealedSource, run_pack, sealed_stream

SAMPLES = 60_000
SEED = hashlib.sha256(b"croupier evidence pack").digest()


def families(pack: Pack) -> dict[str, str]:
    return {family.name: family.verdict for family in pack.families()}


def failed(pack: Pack) -> set[str]:
    return {f"{r.draw}: {r.test}" for r in pack.results if r.verdict == FAIL}


def test_the_sealed_draws_pass_every_family() -> None:
    pack = run_pack([SealedSource(SEED)], SAMPLES)
    assert pack.verdict == PASS, pack.collective.reasoning
    assert set(families(pack).values()) == {PASS}, failed(pack)
    assert len(families(pack)) == 7
    ran = {r.test for r in pack.results if r.p_value is not None}
    for test in ("overlapping tuples", "cross correlation", "collisions", "birthday spacings"):
        assert test in ran


def test_a_fair_stream_passes_as_the_operating_systems_generator() -> None:
    pack = run_pack([OsSource(counter_blob(b"pack", 4_000_000), "SHA-256 counter")], SAMPLES)
    assert pack.verdict == PASS, pack.collective.reasoning
    assert set(families(pack).values()) == {PASS}, failed(pack)


def test_correlated_successive_bytes_fail_serial_correlation_and_overlaps() -> None:
    """Each byte repeats the one before with probability 3%: every face still equally
    likely (the frequency test passes), but successive values correlated."""
    pack = run_pack([OsSource(Sticky(0.03, 1), "sticky")], SAMPLES)
    verdicts = families(pack)
    assert verdicts["serial correlation"] == FAIL
    assert verdicts["overlaps"] == FAIL
    assert verdicts["interplay correlation"] == FAIL  # two tables reading it in turn
    assert "three dice: serial correlation" in failed(pack)
    assert "three dice: frequency" not in failed(pack)
    assert pack.verdict == FAIL


def test_a_short_period_fails_the_duplicates() -> None:
    """A generator whose output repeats every 4 KiB: the shuffles and the seeds repeat,
    and the overlapping tuples see the repeated stretches. (The collision and birthday
    tests read tuples that do not overlap, so they see a repeat only where the period's
    count of values is a multiple of the tuple's length.)"""
    pack = run_pack([OsSource(ShortPeriod(1 << 12, 2), "short period")], SAMPLES)
    verdicts = families(pack)
    assert verdicts["duplicates"] == FAIL and verdicts["overlaps"] == FAIL
    caught = failed(pack)
    for test in (
        "a 52-card deck: repeated shuffles",
        "server seeds: repeated seeds",
        "three dice: overlapping tuples",
    ):
        assert test in caught
    assert pack.verdict == FAIL


def test_streams_that_ignore_the_server_seed_fail_interplay() -> None:
    """A derivation keyed by the round alone (the server seed left out): each stream on
    its own is HMAC output and passes, but two tables' seeds give the same draws."""

    def seedless(seed: bytes, round_id: str, count: int) -> object:
        return sealed_stream(bytes(32), round_id, count)

    pack = run_pack([SealedSource(SEED, seedless, "seedless")], SAMPLES)  # type: ignore[arg-type]
    verdicts = families(pack)
    assert verdicts["interplay correlation"] == FAIL
    caught = failed(pack)
    assert "two server seeds over the same rounds: cross correlation" in caught
    assert "two server seeds one bit apart over the same rounds: pair independence" in caught
    assert "a round's first and second commands: cross correlation" not in caught
    for name in ("chi-square", "overlaps", "duplicates", "serial correlation"):
        assert verdicts[name] == PASS
    assert pack.verdict == FAIL


def test_a_seed_read_only_in_part_fails_the_one_bit_pair() -> None:
    """A derivation that reads only the seed's first 16 bytes: seeds one bit apart (the
    last bit) draw alike; unrelated seeds do not."""

    def half(seed: bytes, round_id: str, count: int) -> object:
        return sealed_stream(seed[:16] + bytes(16), round_id, count)

    pack = run_pack([SealedSource(SEED, half, "half a seed")], SAMPLES)  # type: ignore[arg-type]
    caught = failed(pack)
    assert "two server seeds one bit apart over the same rounds: cross correlation" in caught
    assert not any(t.startswith("two server seeds over the same rounds") for t in caught)


def test_the_pack_refuses_too_few_samples() -> None:
    with pytest.raises(ValueError, match="at least 1,000 samples"):
        run_pack([SealedSource(SEED)], 999)


@pytest.mark.slow
def test_the_operating_systems_generator_and_fresh_sealed_draws_pass_at_scale() -> None:
    """10^7 values a part from os.urandom and from sealed draws under a fresh seed, at a
    confidence of 1 - 10^-6 (so that a fair generator fails once in a million runs)."""
    pack = run_pack([OsSource(), SealedSource()], 10_000_000, confidence=1 - 1e-6)
    assert pack.verdict == PASS, pack.collective.reasoning
