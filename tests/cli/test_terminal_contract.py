"""The contract of every terminal table: no offer is ever left without a command.

Every shipped example Rules Submission (``examples/rules/*.toml``) is played at its game's
terminal table (``croupier play GAME``) for several rounds by a player who types only
lines: at each prompt he reads the round's typed offers to him
(:meth:`~croupier.engine.Round.legal_commands`) and types one of them, drawn at random,
in the grammar every table reads (:func:`croupier.cli.tables.offered.line_for`), or one
of the dealer's commands the table lists ("deal", "roll"). The table must take each such
line (never "Unknown command" or a usage line), and the session must reach its last
round: a prompt where the player is offered nothing and the table lists nothing for the
dealer would be a table stuck, as the Pai Gow table was when the shipped submission
(``player_banking = true``) offered the bank at round 2 and no command took it.

Now and then he types what every table takes alike (``help``, ``show``, ``history``,
``odds`` once): every table must take these too, and nothing the table prints in the
whole session may show an internal name (a snake_case spot id such as ``front_9`` or
``like_kind:5``, an event or command type such as ``PlaceAntes``) or a word the
regulation spells otherwise ("Dont pass", "C and e").
"""

from __future__ import annotations

import io
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from croupier.cli.play import play_function
from croupier.cli.rules import load_or_exit
from croupier.cli.tables import offered
from croupier.cli.tables.base import SEAT, Terminal
from croupier.offers import Amount
from croupier.registry import find
from croupier.rng import SeededRng

EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "rules").glob("*.toml"))
ROUNDS = 4
LINES = 1500
"""More lines than any four rounds take: running out of them is a table stuck."""
EVERY_TABLE = ("help", "show", "history")
"""What every table takes alike, at any prompt (``odds`` too, typed once a session)."""
INTERNAL = re.compile(
    r"\b[a-z0-9]+_[a-z0-9_]+(?::[a-z0-9_-]+)?\b"  # a snake_case id: front_9, like_kind:5
    r"|\b[A-Za-z]+:[A-Za-z0-9][a-z0-9_-]*\b"  # a spot id with its number: total:10
    r"|\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b"  # a type name: PlaceAntes, TakeBank
    r"|\bDont\b|\bC and e\b"  # the regulation's Don't and C and E
)
"""What a player must never read: an internal name, or the regulation's words misspelt."""


class Player(io.TextIOBase):
    """stdin for the table: each line read is chosen from what the round offers now."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.table: Terminal[Any, Any] | None = None
        self.typed: list[str] = []
        self.stuck: list[str] = []
        self.asked_odds = False

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:
        table = self.table
        assert table is not None
        round_ = table.current
        if len(self.typed) >= LINES or round_ is None or round_.finished:
            return ""
        line = self.choose(table, round_)
        if line is None:
            self.stuck.append(f"round {table.rounds + 1}: nothing offered, nothing to type")
            return ""
        self.typed.append(line)
        return line + "\n"

    def choose(self, table: Terminal[Any, Any], round_: Any) -> str | None:
        offers = round_.legal_commands(SEAT)
        dealer = [  # what the table lists to type as it is: "deal", "roll", "show"
            typed
            for choice in table.choices(round_)
            for typed in choice.typed.split(", ")
            if typed.islower() and "[" not in typed and typed != "hint"
        ]
        if not self.asked_odds:  # at the first prompt
            self.asked_odds = True
            return "odds"
        if self.rng.random() < 0.06:
            return self.rng.choice(EVERY_TABLE)
        if dealer and (not offers or self.rng.random() < 0.5):
            return self.rng.choice(dealer)
        if not offers:
            return None
        offer = self.rng.choice(offers)
        data = offer.pick(self.rng)
        for name, typed in offer.fields.items():  # mostly the least, to play on
            if isinstance(typed, Amount) and name in data and self.rng.random() < 0.8:
                data[name] = typed.least
        return offered.line_for(offer, data)


@pytest.mark.parametrize("example", EXAMPLES, ids=[path.stem for path in EXAMPLES])
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_every_offer_has_a_command_and_no_table_is_stuck(
    example: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = load_or_exit(example)
    spec = find(rules.game)
    make = play_function(spec).terminal  # type: ignore[attr-defined]
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False, soft_wrap=True, no_color=True)
    table: Terminal[Any, Any] = make(rules, SeededRng(seed), 1_000_000, console)
    player = Player(seed)
    player.table = table
    monkeypatch.setattr(sys, "stdin", player)
    table.session(ROUNDS)
    text = out.getvalue()
    assert not player.stuck, (player.stuck, text[-6000:])
    assert table.rounds == ROUNDS, (
        f"{len(player.typed)} lines: {player.typed[-10:]}\n{text[-3000:]}"
    )
    lines = text.splitlines()
    wrong = [
        (lines[i - 1], line)
        for i, line in enumerate(lines)
        if line.startswith(("Unknown command", "usage:"))
    ]
    assert not wrong, wrong
    told = [line for line in lines if not line.startswith("> ")]  # not what he typed
    internal = sorted({match[0] for line in told for match in INTERNAL.finditer(line)})
    assert not internal, (internal, [line for line in told if INTERNAL.search(line)][:20])
