"""What sealing costs a command (docs/performance.md, "Sealed events").

    .venv/bin/python benchmarks/sealing.py

Times :func:`croupier.ledger.chain.seal_event` (salts from the secure generator, one
commitment per card, the public form) against its baseline, the canonical JSON the chain
wrote for every event before sealing, on three events: a Double Back Jack shoe of six
decks handed to a round (312 cards sealed, the largest event any game stores), a card
dealt face down (one value sealed) and a wager (nothing sealed). Prints microseconds per
event and the ratio to the baseline.
"""

from __future__ import annotations

import timeit

from croupier.engine import WagerPlaced
from croupier.equipment.cards import shoe
from croupier.games.double_back_jack import CardDealt, RoundSetup
from croupier.ledger.chain import canonical, seal_event
from croupier.registry import find
from croupier.rules.double_back_jack import Shuffling


def main() -> None:
    policy = find("double-back-jack").policy
    events = {
        "a six-deck shoe (312 cards sealed)": RoundSetup(
            batch="red", shuffling=Shuffling.MANUAL, shoe=tuple(shoe(6)), cite="673a.5"
        ),
        "a card dealt face down (1 value sealed)": CardDealt(
            hand="dealer", card=shoe(1)[0], face_up=False, cite="673a.7(e)"
        ),
        "a wager placed (nothing sealed)": WagerPlaced(
            seat=1, spot="blackjack", amount=2500, cite="673a.9"
        ),
    }
    print(f"{'event':42} {'canonical JSON':>16} {'sealed':>12} {'ratio':>7}")
    for name, event in events.items():
        runs = 200 if "shoe" in name else 20_000
        base = min(timeit.repeat(lambda e=event: canonical(e), number=runs, repeat=5)) / runs
        sealed = (
            min(timeit.repeat(lambda e=event: seal_event(e, policy), number=runs, repeat=5)) / runs
        )
        print(f"{name:42} {base * 1e6:13.1f} µs {sealed * 1e6:9.1f} µs {sealed / base:6.1f}x")


if __name__ == "__main__":
    main()
