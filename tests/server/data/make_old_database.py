"""How ``before-sealed-draws.db`` was written: by croupier at revision 26b646a (before
sealed draws, migration 0007), from a checkout of that revision:

    PYTHONPATH=src:tests/server python tests/server/data/make_old_database.py OUT.db

(run from that checkout; this file is kept beside the database it wrote). It opens a
table of every game with two seated players, plays one round at each, and leaves one
more round open at the High Roll Dice and Go Fore It tables (wagers placed, cards dealt),
so that an upgrade finds rounds in play as well as rounds over.
"""

from __future__ import annotations

import sys

from test_games import SETUPS, GameTable, player


def main(out: str) -> None:
    for game, (settings, closes, seed) in SETUPS.items():
        table = GameTable(f"sqlite:///{out}", game, 2, seed, settings, table_id=game)
        try:
            policy = player(game)
            table.play(policy, closes)
            if game in ("high-roll-dice", "go-fore-it"):
                for seat in (1, 2):  # each seat's first wager of the next round
                    command = policy(seat, table.view(table.players[seat]))
                    if command is not None:
                        table.send(seat, command)
        finally:
            table.close()


if __name__ == "__main__":
    main(sys.argv[1])
