"""Five-card hand evaluators in hands per second: croupier's against eval7, phevaluator,
treys and pokerkit, in one run, on the same random hands.

    .venv/bin/python benchmarks/poker_evaluators.py [--hands N] [--per-call-hands M]

croupier's fast evaluator (:func:`croupier.hands.poker.evaluate_many`) takes a whole
array of hands at once; the others are called once per hand from Python, as their
Python interfaces are meant to be used, so their figures include the cost of each call.
To show what that costs, croupier's compiled ``rank_five`` called once per hand from
Python and its readable ``evaluate`` are timed the same way. Each library gets its
cards in its own form, converted before the clock starts. Per-call evaluators run on
the first ``M`` of the same hands (pokerkit on fewer: it is the slowest). Every
evaluator's results are checked to order those hands exactly as croupier's ranks do.

The libraries are the optional ``bench`` dependencies (``pip install -e '.[bench]'``);
one that does not import is reported and skipped.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import os
import platform
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.equipment.cards import Card
from croupier.hands.poker import HandValue, evaluate, evaluate_many, rank_five

TEXT = [str(Card.from_index(index)) for index in range(52)]
"""Card index -> ``"As"``; every library below reads this notation."""


def random_hands(count: int, seed: int) -> npt.NDArray[np.int8]:
    """``count`` uniformly random five-card hands (rows of five different cards)."""
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, 52, size=(count, 5), dtype=np.int8)
    while True:
        ordered = np.sort(hands, axis=1)
        repeated = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if repeated.size == 0:
            return hands
        hands[repeated] = rng.integers(0, 52, size=(repeated.size, 5), dtype=np.int8)


@dataclass
class Entry:
    """One evaluator in the race: ``run`` evaluates its ``hands`` hands and returns the
    results; ``check`` says whether those results order the hands as croupier does."""

    name: str
    hands: int
    run: Callable[[], Any]
    check: Callable[[Any], bool] | None
    best: float = float("inf")
    agrees: bool | None = None

    @property
    def per_second(self) -> float:
        return self.hands / self.best

    def time_once(self) -> None:
        start = time.perf_counter()
        result = self.run()
        self.best = min(self.best, time.perf_counter() - start)
        if self.check is not None and self.agrees is None:
            self.agrees = self.check(result)


def each(evaluate_one: Callable[[Any], Any], hands: Sequence[Any]) -> list[Any]:
    """``evaluate_one`` called on each hand in turn."""
    return [evaluate_one(hand) for hand in hands]


def same_order(
    ours: npt.NDArray[np.int32], theirs: Sequence[float], higher_is_better: bool
) -> bool:
    """Whether ``theirs`` ranks the hands exactly as ``ours``: equal where ours are equal,
    and ordered the same way where ours differ."""
    score = np.asarray(theirs, dtype=np.float64) * (1 if higher_is_better else -1)
    order = np.argsort(ours, kind="stable")
    a, b = ours[order], score[order]
    same = a[1:] == a[:-1]
    return bool(np.all(b[1:][same] == b[:-1][same]) and np.all(b[1:][~same] > b[:-1][~same]))


# --- the per-call evaluators: (name, import, prepare cards, evaluate one, higher better)


def _eval7(module: Any) -> tuple[Callable[[list[str]], Any], Callable[[Any], Any], bool]:
    return (lambda texts: [module.Card(t) for t in texts]), module.evaluate, True


def _phevaluator(module: Any) -> tuple[Callable[[list[str]], Any], Callable[[Any], Any], bool]:
    # phevaluator's card ids are 4 * rank + suit with clubs, diamonds, hearts, spades:
    # croupier's own indices (checked: "As" is 51 in both).
    assert module.Card("As").id_ == int(Card.parse("As"))
    evaluate_cards = module.evaluate_cards
    return (
        (lambda texts: [module.Card(t).id_ for t in texts]),
        (lambda cards: evaluate_cards(*cards)),
        False,
    )


def _treys(module: Any) -> tuple[Callable[[list[str]], Any], Callable[[Any], Any], bool]:
    evaluator = module.Evaluator()
    return (
        (
            lambda texts: (
                [module.Card.new(t) for t in texts[:2]],
                [module.Card.new(t) for t in texts[2:]],
            )
        ),
        (lambda cards: evaluator.evaluate(cards[0], cards[1])),
        False,
    )


def _pokerkit(module: Any) -> tuple[Callable[[list[str]], Any], Callable[[Any], Any], bool]:
    hand = module.StandardHighHand
    return (
        (lambda texts: tuple(module.Card.parse("".join(texts)))),
        (lambda cards: hand(cards).entry.index),
        True,
    )


LIBRARIES = {"eval7": _eval7, "phevaluator": _phevaluator, "treys": _treys, "pokerkit": _pokerkit}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000, help="hands for croupier's batch")
    parser.add_argument(
        "--per-call-hands", type=int, default=200_000, help="hands per call-by-call evaluator"
    )
    parser.add_argument("--pokerkit-hands", type=int, default=20_000, help="hands for pokerkit")
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds, each timing every evaluator once in turn"
    )
    parser.add_argument("--seed", type=int, default=674)
    args = parser.parse_args()

    load = os.getloadavg()
    print(
        f"Python {platform.python_version()}, numpy {np.__version__}, {os.cpu_count()} CPUs, "
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; every evaluator on one core"
    )
    hands = random_hands(args.hands, args.seed)
    ours = evaluate_many(hands)  # also loads the compiled code before any clock starts
    small = hands[: args.per_call_hands]
    as_ints = [tuple(int(c) for c in row) for row in small.tolist()]
    as_cards = [tuple(Card.from_index(c) for c in row) for row in as_ints]
    rank_five(*as_ints[0])

    def readable_order(values: list[HandValue]) -> bool:
        ranked = {value: i for i, value in enumerate(sorted(set(values)))}
        return same_order(ours[: len(values)], [ranked[v] for v in values], True)

    entries = [
        Entry("croupier evaluate_many (batch)", len(hands), partial(evaluate_many, hands), None),
        Entry(
            "croupier rank_five (per call)",
            len(as_ints),
            partial(each, lambda h: rank_five(*h), as_ints),
            lambda result: same_order(ours[: len(as_ints)], result, True),
        ),
        Entry(
            "croupier evaluate (readable, per call)",
            len(as_cards),
            partial(each, evaluate, as_cards),
            readable_order,
        ),
    ]
    notes: list[str] = []
    for name, setup in LIBRARIES.items():
        try:
            module = importlib.import_module(name)
        except ImportError as error:
            notes.append(f"{name}: not installed here ({error}); not benchmarked")
            continue
        prepare, evaluate_one, higher_is_better = setup(module)
        count = args.pokerkit_hands if name == "pokerkit" else len(as_ints)
        native = [prepare([TEXT[c] for c in row]) for row in as_ints[:count]]
        entries.append(
            Entry(
                f"{name} {importlib.metadata.version(name)} (per call)",
                count,
                partial(each, evaluate_one, native),
                partial(same_order, ours[:count], higher_is_better=higher_is_better),
            )
        )

    batch = entries[0]
    for _ in range(args.rounds):
        for entry in entries:
            entry.time_once()
            batch.time_once()  # the batch between each: it meets the same load as the rest

    print()
    print(f"{'evaluator':<42} {'hands':>10} {'hands/s':>14} {'ours / theirs':>14}  same order")
    for entry in entries:
        ratio = "" if entry is batch else f"{batch.per_second / entry.per_second:,.1f}x"
        agrees = "" if entry.agrees is None else ("yes" if entry.agrees else "NO")
        rate = f"{entry.per_second:,.0f}"
        print(f"{entry.name:<42} {entry.hands:>10,} {rate:>14} {ratio:>14}  {agrees}")
    print()
    print(
        "ours = croupier evaluate_many on the whole array (best of "
        f"{args.rounds * len(entries) * 2} runs); theirs = each evaluator, called once per "
        f"hand (best of {args.rounds} runs)."
    )
    for note in notes:
        print(note)


if __name__ == "__main__":
    main()
