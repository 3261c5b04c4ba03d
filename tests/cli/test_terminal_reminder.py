"""The terminal table's reminder (58 Pa. Code 814a.1): after the interval chosen, before
the next prompt, the time played and the amount wagered since the player sat down, in the
same words as the table server's; ``clock`` prints the clocks. The clock is the test's."""

from __future__ import annotations

import io
import sys
from datetime import UTC, datetime, timedelta

import pytest
from rich.console import Console

from croupier.cli.tables.high_roll_dice import HighRollDiceTable
from croupier.reminders import SessionClock, reminder_words
from croupier.rng import SeededRng
from croupier.rules.high_roll_dice import HighRollDiceRules


class Moving:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_the_reminder_comes_after_the_interval_with_the_amount_wagered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 814a.1: the reminder after the interval, with the amount wagered.
    clock = Moving()
    out = io.StringIO()
    table = HighRollDiceTable(
        HighRollDiceRules.model_validate({}),
        SeededRng(1),
        100_000,
        Console(file=out, width=200, highlight=False),
    )
    table.clock = SessionClock(15, clock)
    lines = iter(["bet pip_street:ace 5", "bet like_kind:4 5", "clock"])

    def read(_console: Console) -> str | None:
        line = next(lines, None)
        if line == "clock":
            clock.now += timedelta(minutes=15)  # the next prompt is 15 minutes on
        return line

    monkeypatch.setattr("croupier.cli.tables.base.read_line", read)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    table.play_round()
    text = out.getvalue()
    since = datetime(2026, 11, 29, 12, 0, tzinfo=UTC).astimezone().strftime("%H:%M")
    # $5 + $5 wagered when the 15 minutes were up (two wagers of 500 cents).
    expected = reminder_words(15 * 60, 1_000, since)
    assert expected == (
        f"Reminder: you have played for 15 minutes and wagered $10.00 since you signed in "
        f"at {since}."
    )
    assert expected in text
    # clock writes $10 as every other line of the table does (not $10.00)
    assert "session 0:15:00 · wagered since you sat down $10\n" in text
    assert text.count("Reminder:") == 1


def test_an_interval_that_is_not_offered_is_refused() -> None:
    with pytest.raises(ValueError, match="15, 30 or 60 minutes, not 45"):
        SessionClock(45)


def test_a_wager_taken_back_is_not_counted_as_wagered(monkeypatch: pytest.MonkeyPatch) -> None:
    # Go Fore It: Front 9 $7.50 and Skins $5, Skins taken back before the deal (676a.7(c)):
    # $7.50 wagered, by hand (a fresh player saw $12.50 on the clock).
    from croupier.cli.tables.go_fore_it import GoForeItTerminal
    from croupier.rules.go_fore_it import GoForeItRules

    out = io.StringIO()
    table = GoForeItTerminal(
        GoForeItRules.model_validate({}),
        SeededRng(9),
        100_000,
        Console(file=out, width=200, highlight=False),
    )
    lines = iter(["bet front 9 7.50", "bet skins 5", "remove skins", "clock"])
    monkeypatch.setattr("croupier.cli.tables.base.read_line", lambda _console: next(lines, None))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    table.play_round()
    assert "wagered since you sat down $7.50" in out.getvalue(), out.getvalue()
