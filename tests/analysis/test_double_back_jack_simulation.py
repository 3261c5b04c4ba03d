"""The exact Double Back Jack figures (analysis/exact/double_back_jack.py) reproduced by
the vectorized simulation (analysis/simulation/double_back_jack.py) and by rounds
played through the engine itself.

The exact figure is for a round dealt from a full shoe. The simulation's
``fresh_shoe=True`` reshuffles before every round: the same game, so its mean must lie
within z = 3.29 (99.9%) standard errors of the exact return. The shoe game (a cover card
a quarter from the bottom, 673a.5(d)) differs by the cut-card effect, which is small
against these intervals; it is checked against the exact figure with the same interval
(and reported in docs/games/double-back-jack.md). The engine test plays one box with the
strategy's decisions through :class:`DoubleBackJackRound` and compares its mean net
with the exact return within its own interval.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime

import numpy as np
import pytest

from croupier.analysis.exact.double_back_jack import (
    ACTIONS,
    analyze,
    basic_strategy,
    insurance_figures,
)
from croupier.analysis.simulation.double_back_jack import flat_first, sample, strategy_tables
from croupier.engine import DEALER, WagerSettled
from croupier.games.double_back_jack import (
    BurnCard,
    CutCards,
    DealCards,
    Decide,
    Decision,
    DoubleBackJackTable,
    HandStatus,
    LoadShoe,
    PlaceWager,
    PlayDealerHand,
    ReadHoleCard,
    RefuseCut,
    SettleWagers,
    ShuffleCards,
)
from croupier.hands.blackjack import card_value
from croupier.rng import SeededRng
from croupier.rules.double_back_jack import DoubleBackJackRules, Spot, spot_name

Z = 3.29
"""99.9% two-sided."""
NOW = datetime(2026, 1, 1, tzinfo=UTC)


def within(values: np.ndarray, expected: float) -> tuple[bool, float]:
    """Whether the mean of ``values`` lies within Z standard errors of ``expected``, and
    the number of standard errors."""
    error = float(values.std()) / math.sqrt(len(values))
    z = (float(values.mean()) - expected) / error
    return abs(z) < Z, z


def test_reproducible_from_the_seed() -> None:
    rules = DoubleBackJackRules(decks=6)
    one, two = sample(rules, 20_000, 5), sample(rules, 20_000, 5)
    assert np.array_equal(one["blackjack"], two["blackjack"])
    assert np.array_equal(one["insurance"], two["insurance"])
    assert not np.array_equal(one["blackjack"], sample(rules, 20_000, 6)["blackjack"])
    assert len(one["blackjack"]) == 20_000
    # insurance only on the rounds with an ace up: about 1 in 13
    assert 0.06 < len(one["insurance"]) / 20_000 < 0.095
    assert set(np.unique(one["insurance"])) <= {-1.0, 2.0}


def test_nets_are_those_the_rules_allow() -> None:
    """Every round nets a whole or half unit between -8 and +4 (673a.9-673a.12)."""
    nets = sample(DoubleBackJackRules(decks=2), 50_000, 3)["blackjack"]
    assert np.all((nets >= -8) & (nets <= 4))
    assert np.all(nets * 2 == np.round(nets * 2))
    assert set(np.unique(nets)) >= {-4.0, -2.0, -1.0, -0.5, 0.0, 1.0, 2.0}


def test_fresh_shoe_matches_the_exact_return() -> None:
    """300,000 rounds of 6 decks, reshuffled each round, against the exact return."""
    nets = sample(
        DoubleBackJackRules(decks=6), 300_000, 11, fresh_shoe=True, strategy="composition"
    )["blackjack"]
    ok, z = within(nets, analyze(6).expected_return)
    assert ok, z
    assert float(nets.std()) == pytest.approx(analyze(6).std_dev, rel=0.01)


@pytest.mark.slow
@pytest.mark.parametrize("fresh", [True, False], ids=["fresh-shoe", "shoe-game"])
def test_ten_million_rounds_match_the_exact_return(fresh: bool) -> None:
    """10,000,000 rounds of 6 decks (about 20 s each) and their insurance rounds."""
    out = sample(
        DoubleBackJackRules(decks=6), 10_000_000, 2026, fresh_shoe=fresh, strategy="composition"
    )
    ok, z = within(out["blackjack"], analyze(6).expected_return)
    assert ok, z
    if fresh:
        insurance = float(insurance_figures(6).expected_return)
        ok, z = within(out["insurance"], insurance)
        assert ok, z


def _decide(round_: object, hand: object, options: set[str]) -> Decide:
    """The strategy's decision on the hand to act (``options``: the decisions offered)."""
    strategy = basic_strategy(round_.rules.decks)  # type: ignore[attr-defined]
    cards = [card_value(c) for c in hand.cards]  # type: ignore[attr-defined]
    up = card_value(round_.state.up_card)  # type: ignore[attr-defined]
    seat = hand.seat  # type: ignore[attr-defined]
    if hand.status() is HandStatus.BUST:  # type: ignore[attr-defined]
        take = strategy.second_chance(cards, up, after_split=hand.split)  # type: ignore[attr-defined]
        decision = Decision.SECOND_CHANCE if take else Decision.DECLINE_SECOND_CHANCE
        return Decide(seat=seat, decision=decision)
    choice = strategy.decide(
        cards,
        up,
        can_double="double" in options,
        can_split="split" in options,
        can_surrender="surrender" in options,
        after_split=hand.split,  # type: ignore[attr-defined]
    )
    spot = spot_name(Spot.BLACKJACK, hand.index)  # type: ignore[attr-defined]
    wager = round_.state.wagers[seat][spot]  # type: ignore[attr-defined]
    return Decide(
        seat=seat, decision=Decision(choice), amount=wager if choice == "double" else None
    )


def engine_nets(decks: int, rounds: int, seed: int) -> np.ndarray:
    """The net per initial wager of ``rounds`` rounds of one box at a table of ``decks``
    decks, the player refusing the cut (the dealer cuts at a random point and sets the
    cover card a quarter from the bottom), never insuring, playing the strategy."""
    table = DoubleBackJackTable.start(DoubleBackJackRules(decks=decks), "T", NOW)
    rng = SeededRng(seed)
    choose = np.random.default_rng(seed)
    wager = 1000
    nets = []
    for _ in range(rounds):
        round_ = table.open_round({1: "p"}, rng)
        for _ in range(200):
            if round_.finished:
                break
            player = round_.legal_commands(1)
            dealer = {legal.command: legal for legal in round_.legal_commands(DEALER)}
            names = {legal.command for legal in player}
            phase = round_.state.phase
            if "RefuseCut" in names:
                round_.handle(RefuseCut(seat=1), 1)
            elif phase == "betting" and "PlaceWager" in names:
                round_.handle(PlaceWager(seat=1, spot="blackjack", amount=wager), 1)
            elif phase == "play" and "Decide" in names:
                options = {
                    o
                    for legal in player
                    if legal.command == "Decide"
                    for o in legal.values("decision")
                }
                hand = round_.state.to_act()
                assert hand is not None
                round_.handle(_decide(round_, hand, options), 1)
            elif "CutCards" in dealer:
                cut = dealer["CutCards"].integers("position")
                low, high = cut.low, cut.high
                cover = dealer["CutCards"].integers("cover_from_bottom").low
                position = int(choose.integers(low, high + 1))
                round_.handle(CutCards(position=position, cover_from_bottom=cover), DEALER)
            else:
                for name, command in (
                    ("ShuffleCards", ShuffleCards()),
                    ("LoadShoe", LoadShoe()),
                    ("BurnCard", BurnCard()),
                    ("DealCards", DealCards()),
                    ("ReadHoleCard", ReadHoleCard()),
                    ("PlayDealerHand", PlayDealerHand()),
                    ("SettleWagers", SettleWagers()),
                ):
                    if name in dealer:
                        round_.handle(command, DEALER)
                        break
                else:
                    raise AssertionError(f"stuck in phase {phase}")
        assert round_.finished
        settled = [e for e in round_.events if isinstance(e, WagerSettled) and e.seat == 1]
        nets.append(sum(e.returned + e.won - e.amount for e in settled) / wager)
        table.finish(round_, NOW)
    return np.array(nets)


@pytest.mark.slow
def test_engine_rounds_match_the_exact_return() -> None:
    """4,000 rounds through the engine (6 decks) agree with the exact return."""
    nets = engine_nets(6, 4_000, 99)
    assert np.all((nets >= -8) & (nets <= 4))
    ok, z = within(nets, analyze(6).expected_return)
    assert ok, z


def test_engine_settles_what_the_simulation_can_produce() -> None:
    """A few hundred engine rounds net only what the simulation's rounds net."""
    nets = engine_nets(2, 300, 7)
    simulated = set(np.unique(sample(DoubleBackJackRules(decks=2), 200_000, 8)["blackjack"]))
    assert set(np.unique(nets)) <= simulated


def test_simulation_tables_are_the_strategy_api() -> None:
    """The kernel's tables give the same decisions as ``BasicStrategy.decide`` and
    ``second_chance`` (what the engine test and the table's hint call)."""
    strategy = basic_strategy(2)
    first, split, hits, takes = strategy_tables(strategy)
    options = {"can_double": True, "can_split": True, "can_surrender": True}
    for up in range(1, 11):
        for a in range(1, 11):
            for b in range(1, 11):
                if {a, b} == {1, 10}:
                    continue
                assert (
                    strategy.decide([a, b], up, **options) == ACTIONS[first[up - 1, a - 1, b - 1]]
                )
                if a == b:
                    after = strategy.decide([a, b], up, **options, after_split=True)
                    assert after == ACTIONS[split[up - 1, a - 1, b - 1]]
                for c in range(1, 11):
                    if a == b and {a, c} != {1, 10}:
                        split_hand = strategy.decide([a, c], up, **options, after_split=True)
                        assert split_hand == ACTIONS[split[up - 1, a - 1, c - 1]]
                    hard = a + b + c
                    if hard > 21:
                        assert strategy.second_chance([a, b, c], up) == bool(
                            takes[up - 1, a - 1, b - 1, hard]
                        )
                    elif hard + 10 * (1 in (a, b, c)) != 21 and hard < 21:
                        ace = int(1 in (a, b, c))
                        expected = "hit" if hits[up - 1, a - 1, b - 1, hard, ace] else "stand"
                        assert strategy.decide([a, b, c], up, **options) == expected


def test_the_kernel_reads_the_first_decision_by_the_cards_as_dealt() -> None:
    """The kernel reads a start's first decision by the up card and the player's two cards
    in the order dealt (``flat_first``: ``up << 8 | a << 4 | b``, no ``min`` or ``max``):
    both orders give ``BasicStrategy.decide``'s action for every start, and a table whose
    decision depends on the order is refused."""
    strategy = basic_strategy(2)
    flat = flat_first(strategy_tables(strategy)[0])
    options = {"can_double": True, "can_split": True, "can_surrender": True}
    for up in range(1, 11):
        for a in range(1, 11):
            for b in range(1, 11):
                if {a, b} != {1, 10}:
                    expected = strategy.decide([a, b], up, **options)
                    assert ACTIONS[flat[up << 8 | a << 4 | b]] == expected, (up, a, b)
    lopsided = np.zeros((10, 10, 10), dtype=np.int8)
    lopsided[9, 4, 5] = 1  # a ten up: hit 5 then 6, stand 6 then 5
    with pytest.raises(ValueError, match="order"):
        flat_first(lopsided)


def test_the_generator_ceiling_draws_what_the_kernel_draws() -> None:
    """`draws` (the generator's ceiling in `croupier simulate`'s benchmark) draws
    FLOATS_PER_ROUND uniforms a round: count what the kernel really consumes."""
    from croupier.analysis.exact.double_back_jack import basic_strategy, full_shoe
    from croupier.analysis.simulation import double_back_jack as kernel

    rules = DoubleBackJackRules()
    first, split, hits, takes = kernel.strategy_tables(basic_strategy(rules.decks))
    full = np.array(full_shoe(rules.decks), dtype=np.int64)
    below = kernel.least_cover_from_bottom(rules.decks * kernel.DECK_SIZE, kernel.COVER_FRACTION)
    rounds = 200_000
    shoe = np.zeros(rules.decks * kernel.DECK_SIZE, dtype=np.int8)
    state = np.zeros(7, dtype=np.int64)
    state[2] = 1
    nets, insured = np.empty(rounds), np.empty(rounds)
    tally = np.zeros(kernel._TALLY, dtype=np.int64)
    kernel._play(
        rounds, False, full, below, kernel.flat_first(first), split, hits, takes, False,
        *kernel._tables(rules.decks, "composition")[4:],
        kernel.generator_state(np.random.default_rng(5)), state, shoe, True, nets, insured,
        tally,
    )  # fmt: skip
    used = int(state[4])
    assert abs(used / rounds - kernel.FLOATS_PER_ROUND) < 0.03


def test_the_ceiling_steps_the_generator_as_the_kernel_does() -> None:
    """The generator's ceiling (``draws``, what the benchmark divides by) takes its
    outputs as the kernel does (``_output``, no buffer): exactly those ``random_raw``
    gives for the seed, no more, and leaves the state where the kernel's draws leave
    numpy's generator."""
    from croupier.analysis.simulation import double_back_jack as kernel

    for seed, outputs in ((0, 1), (1, 7), (673, 5781), (2**63 + 5, 20_000)):
        pcg = kernel.generator_state(np.random.default_rng(seed))
        twin = np.random.default_rng(seed)
        kept = 0
        for output in twin.bit_generator.random_raw(outputs).tolist():
            kept ^= output >> 11
        assert kernel._draws(pcg, outputs) == kept
        assert pcg.tolist() == kernel.generator_state(twin).tolist()


def test_best_play_looks_up_the_enumerations_own_decisions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The simulator's kernel run as plain Python over one-deck rounds, a fresh shoe and
    the shoe game with the cover card at the very bottom (so the shoe runs out mid-round,
    673a.13(f)): each best-play decision it looks up by the hand's cards is the one found
    again for those cards from the enumeration's values (hitting less standing, taking
    the Second Chance Wager less declining, a split hand's stand, hit or double)."""
    from numba import types
    from numba.typed import Dict

    from croupier.analysis.exact import double_back_jack_rounds as rounds
    from croupier.analysis.exact.double_back_jack import full_shoe
    from croupier.analysis.simulation import double_back_jack as kernel

    full = np.array(full_shoe(1), dtype=np.int64)
    first, decisions = kernel.best_tables(1)
    dealer = {up: rounds.dealer_table(up) for up in range(1, 11)}
    seen: dict[str, int] = {}

    def again(up: int, key: int) -> tuple[str, int]:
        pair, cards = key >> rounds.PAIR_SHIFT, key & ((1 << rounds.PAIR_SHIFT) - 1)
        out = np.array([(cards >> (rounds.CARD_BITS * v)) & 63 for v in range(10)])
        shoe, n = full - out, int(full.sum() - out.sum())
        hand = out.copy()
        hand[up - 1] -= 1
        if pair:
            hand[pair - 1] -= 1
        hard, ace = int(np.dot(hand, np.arange(1, 11))), bool(hand[0])
        total = hard + 10 if ace and hard + 10 <= 21 else hard
        hits = Dict.empty(types.int64, types.float64)
        sc = Dict.empty(types.int64, types.float64)
        dm = dealer[up]
        if hard > 21:
            rounds._bust(shoe, n, up, cards, hard, dm, sc)
            return "second chance", int(sc[cards] > 0)
        if pair and hand.sum() == 2:
            two = rounds._two(shoe, n, up, cards, hard, ace, dm, hits, sc)
            return "split hand, two cards", int(np.argmax(two))
        gain = rounds._hit(shoe, n, up, cards, hard, ace, dm, hits, sc)
        gain -= rounds._stand(shoe, n, up, cards, total, False, dm)
        return "hit or stand", int(gain > 0)

    classes, exceptions, bounds = kernel.compact_decisions(1)

    def decide(
        _classes: object, _exceptions: object, _bounds: object, up: int, pair: int,
        hard: int, ace: bool, two: int, key: int, state: np.ndarray,
    ) -> int:  # fmt: skip
        full_key = int(key) | (int(pair) << rounds.PAIR_SHIFT)
        kind, want = again(up, full_key)
        seen[kind] = seen.get(kind, 0) + 1
        got = kernel._decide_py(
            classes.ravel(), exceptions, bounds, up, pair, hard, ace, two, int(key), state
        )
        assert got == want == decisions[up - 1].get(full_key, -1), (up, full_key, kind)
        return got

    monkeypatch.setattr(kernel, "_decide", decide)
    for fresh in (True, False):
        state = np.array([0, 0, 1, 0, 0, 0, 0], dtype=np.int64)
        nets, insured = np.empty(1500), np.empty(1500)
        kernel._play_py(
            1500, fresh, full, 0, kernel.flat_first(first), None, None, None, True, None,
            None, None,
            kernel.generator_state(np.random.default_rng(3)), state,
            np.zeros(52, dtype=np.int8), True, nets, insured,
            np.zeros(kernel._TALLY, dtype=np.int64),
        )  # fmt: skip
        assert state[3] == 1500 and state[5] == 0
    assert set(seen) == {"second chance", "split hand, two cards", "hit or stand"}, seen


def test_the_compact_decisions_hold_every_decision() -> None:
    """The kernel's tables (a class's usual action, the class's other hands hashed apart)
    give back each (key, action) of the kept decision arrays, the hand's class found from
    its cards alone; a class without decisions is counted as lacking and read as 0; the
    tables are small enough to stay in cache (the keys' hash table was 20 MB for 6
    decks)."""
    from croupier.analysis.simulation import double_back_jack as kernel

    arrays = kernel.decision_arrays(1)
    classes, exceptions, bounds = kernel.compact_decisions(1)
    assert classes.nbytes + exceptions.nbytes < 2**20
    state = np.zeros(6, dtype=np.int64)
    odd = 0
    for up in range(1, 11):
        begin, end = int(arrays["starts"][up - 1]), int(arrays["starts"][up])
        keys, actions = arrays["keys"][begin:end], arrays["actions"][begin:end]
        pair, hard, ace, two = kernel.decision_classes(up, keys)
        cards = keys & ((1 << kernel.PAIR_SHIFT) - 1)
        got = kernel._decide_all(
            classes.ravel(), exceptions, bounds, up, pair, hard, ace, two, cards, state
        )  # each hand through the kernel's _decide, its classes flattened as it reads them
        assert np.array_equal(got, actions), up
        odd += int(np.count_nonzero(classes[up - 1, pair, hard, ace, two] >= 4))
    assert state[5] == 0 and 0 < np.count_nonzero(exceptions >= 0) <= odd
    # a hard 31 is never decided: its class holds no decision
    flat = classes.ravel()
    assert kernel._decide(flat, exceptions, bounds, 10, 0, 31, False, 0, 0, state) == 0
    assert state[5] == 1


def test_the_counts_are_those_of_the_sampled_rounds() -> None:
    """``sample_counts`` (what a run reduces, counted by the kernel as it plays) counts
    each distinct net of ``sample``'s rounds for the same seed, once per round that had
    it."""
    from croupier.analysis.simulation import double_back_jack as kernel

    rules = DoubleBackJackRules(decks=6)
    nets = kernel.sample(rules, 20_000, 17)
    counts = kernel.sample_counts(rules, 20_000, 17)
    assert list(counts) == list(nets)
    for wager, array in nets.items():
        values, rounds = np.unique(array, return_counts=True)
        assert counts[wager] == dict(zip(values.tolist(), rounds.tolist(), strict=True))


def test_the_kernels_generator_is_numpys() -> None:
    """The kernel steps the seed's PCG64 generator in its own code (``_output``): the
    outputs are those numpy's generator gives for the seed (``random_raw``), and the
    state it starts from is the generator's where that has drawn already; another bit
    generator is refused."""
    from croupier.analysis.simulation import double_back_jack as kernel

    for seed in (0, 1, 673, 2**63 + 5):
        pcg = kernel.generator_state(np.random.default_rng(seed))
        got = [int(kernel._output(pcg)) for _ in range(2000)]
        assert got == np.random.default_rng(seed).bit_generator.random_raw(2000).tolist()
    drawn = np.random.default_rng(8)
    drawn.random(5)
    pcg = kernel.generator_state(drawn)
    assert int(kernel._output(pcg)) == int(drawn.bit_generator.random_raw())
    with pytest.raises(TypeError, match="PCG64"):
        kernel.generator_state(np.random.Generator(np.random.MT19937(1)))


def test_the_offsets_are_the_floats_floors() -> None:
    """The kernel takes each card's offset ``floor(u * m)`` among the ``m`` cards left
    from the output's top 53 bits as integers (``_offset``): it is the floor numpy's float
    ``u`` gives (``random()`` is ``(output >> 11) * 2**-53``), at random outputs and at
    those just below each integer's boundary, where the float product rounds up to it
    (the kernel then takes the float's floor)."""
    from croupier.analysis.simulation import double_back_jack as kernel

    outputs = np.random.default_rng(29).bit_generator.random_raw(1000)
    floats = np.random.default_rng(29).random(1000)
    assert np.array_equal((outputs >> np.uint64(11)) * 2.0**-53, floats)
    tops = (outputs >> np.uint64(11)).tolist()
    rounded_up = 0
    for m in range(1, 8 * kernel.DECK_SIZE + 1):
        for k in range(1, m, max(1, m // 7)):
            edge = -(-(k << 53) // m)  # the least top whose product reaches k
            for x in (edge - 3, edge - 2, edge - 1, edge, *tops[m % 900 : m % 900 + 100]):
                float_floor = math.floor(x * 2.0**-53 * m)
                rounded_up += float_floor > (x * m) >> 53
                assert kernel._offset(np.uint64(x), m) == float_floor, (m, x)
    assert rounded_up > 100


@pytest.mark.parametrize("fresh", [False, True], ids=["shoe-game", "fresh-shoe"])
def test_the_rounds_are_dealt_from_the_seeds_floats(fresh: bool) -> None:
    """The rounds are dealt from the seed's floats in order (the first card burned, then
    player, dealer up, player, dealer hole; lazy Fisher-Yates, 673a.7(c), (e))."""
    from croupier.analysis.simulation import double_back_jack as kernel

    rules = DoubleBackJackRules(decks=2)
    # the first round of a seed by hand from its first floats, over many seeds
    checked = {"insurance": 0, "blackjack": 0, "dealer blackjack": 0}
    for seed in range(300):
        u = np.random.default_rng(seed).random(5)
        shoe = sorted(list(range(1, 11)) * 8 + [10] * 24)  # two decks by value
        dealt = []
        for k in range(5):
            j = k + int(u[k] * (len(shoe) - k))
            shoe[k], shoe[j] = shoe[j], shoe[k]
            dealt.append(shoe[k])
        a, up, b, hole = dealt[0 if fresh else 1 :][:4]
        got = kernel.sample(rules, 1, seed, fresh_shoe=fresh, strategy="chart")
        if up == 1:
            assert got["insurance"].tolist() == [2.0 if hole == 10 else -1.0]
            checked["insurance"] += 1
        else:
            assert len(got["insurance"]) == 0
        if sorted((a, b)) == [1, 10]:
            assert got["blackjack"].tolist() == [2.0]
            checked["blackjack"] += 1
        elif sorted((up, hole)) == [1, 10]:
            assert got["blackjack"].tolist() == [-1.0]
            checked["dealer blackjack"] += 1
    assert min(checked.values()) >= 3, checked
