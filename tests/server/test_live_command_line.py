"""Changes made on the command line reach the live views of every server process at once
(issue #33): ``croupier rules``, ``croupier player``, ``croupier disable | enable`` and
``croupier selfcheck`` given ``--bus`` (the NATS server ``croupier serve --bus`` takes)
say the change on ``croupier.refreshed`` once it is committed, as a server process
would; a server process holding sockets sends each concerned its new view with no
command at the table. Without ``--bus`` the command says when a running server shows it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from natsd import NatsServer, free_port
from test_games import GameTable
from test_live_refreshed import _settled, _wagers_offered
from test_scaleout import Process, nats, postgres
from test_selfcheck import CLOSED_START, built_copy
from test_websocket import Socket, token
from typer.testing import CliRunner

from croupier.cli import app as cli

__all__ = ["nats", "postgres"]  # fixtures


@contextlib.contextmanager
def _served(postgres: str, nats: NatsServer) -> Iterator[tuple[GameTable, Socket, Socket]]:
    """A High Roll Dice table with two players, whose sockets a server process on the bus
    holds; its clock is the time of day, as the command line's is."""
    table = GameTable(postgres, "high-roll-dice", 2)
    table.clock.now = datetime.now(UTC)
    process = Process(postgres, nats.url, "http://a.example:8000", clock=table.clock)
    one = Socket(process.client, "t", token(table.players[1]))
    two = Socket(process.client, "t", token(table.players[2]))
    try:
        one.wait(_wagers_offered)
        two.wait(_wagers_offered)
        yield table, one, two
    finally:
        one.close()
        two.close()
        process.close()
        table.api.close()


def _run(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result


def test_a_rules_withdrawal_on_the_command_line_reaches_the_sockets(
    postgres: str, nats: NatsServer
) -> None:
    """`croupier rules withdraw t 1 --bus`: version 1, in force, withdrawn, the table
    offers no wager; each player's socket is sent that once, his stored view."""
    with _served(postgres, nats) as (table, one, two):
        before = _settled(one, two)
        _run(
            "rules", "withdraw", "t", "1", "--by", "the floor", "--db", postgres, "--bus", nats.url
        )
        one.wait(lambda m: m["data"]["legal_commands"] == [])
        two.wait(lambda m: m["data"]["legal_commands"] == [])
        assert one.messages[-1]["data"] == table.view(table.players[1])
        assert two.messages[-1]["data"] == table.view(table.players[2])
        assert _settled(one, two) == [before[0] + 1, before[1] + 1]


def test_a_suspension_on_the_command_line_reaches_the_players_socket(
    postgres: str, nats: NatsServer
) -> None:
    """`croupier player suspend --hours 1 --bus`: seat 1's socket is sent a view that
    offers no wager and says his play is suspended (814a.2); seat 2's is sent nothing."""
    with _served(postgres, nats) as (table, one, two):
        before = _settled(one, two)
        pid = table.ids[1]
        _run("player", "suspend", pid, "--hours", "1", "--db", postgres, "--bus", nats.url)
        one.wait(lambda m: "your play is suspended until" in m["data"]["betting_held"].lower())
        assert one.messages[-1]["data"]["legal_commands"] == []
        assert one.messages[-1]["data"] == table.view(table.players[1])
        assert _settled(one, two) == [before[0] + 1, before[1]]


def test_a_game_disabled_on_the_command_line_reaches_every_tables_sockets(
    postgres: str, nats: NatsServer
) -> None:
    """`croupier disable game high-roll-dice --bus` (every table of the game: the message
    names no table) and `enable`: each socket is sent the table closed with the
    operator's reason, then open again."""
    with _served(postgres, nats) as (table, one, two):
        thing = ["game", "high-roll-dice", "--by", "the floor", "--db", postgres, "--bus", nats.url]
        _run("disable", *thing, "--reason", "a dice fault")
        for socket in (one, two):
            socket.wait(lambda m: "a dice fault" in m["data"]["betting_held"])
        assert one.messages[-1]["data"] == table.view(table.players[1])
        _run("enable", *thing)
        for socket in (one, two):
            socket.wait(_wagers_offered)
        assert two.messages[-1]["data"] == table.view(table.players[2])


def test_a_self_check_on_the_command_line_reaches_every_tables_sockets(
    postgres: str, nats: NatsServer, tmp_path: Path
) -> None:
    """`croupier selfcheck --bus` of a copy with a critical file changed fails (exit 1):
    each socket is sent the table closed by the self-check (GLI-19 2.3.2); the copy put
    right, a self-check that passes is sent as the wager offered again."""
    root = tmp_path / "croupier"
    root.mkdir()
    built_copy(root)
    engine = root / "engine.py"
    kept = engine.read_bytes()
    engine.write_bytes(kept + b"# changed\n")
    check = ["selfcheck", "--package", str(root), "--db", postgres, "--bus", nats.url]
    with _served(postgres, nats) as (table, one, two):
        result = CliRunner().invoke(cli, check)
        assert result.exit_code == 1, result.output
        for socket in (one, two):
            socket.wait(lambda m: m["data"]["betting_held"].startswith(CLOSED_START))
        assert one.messages[-1]["data"] == table.view(table.players[1])
        engine.write_bytes(kept)
        _run(*check)
        for socket in (one, two):
            socket.wait(_wagers_offered)
        assert two.messages[-1]["data"] == table.view(table.players[2])


def test_without_a_bus_the_command_says_when_a_running_server_shows_it(tmp_path: Path) -> None:
    """No --bus (the embedded server's SQLite file): the command says that a running
    server shows the change at its views' next catch-up, and how to show it at once."""
    table = GameTable(f"sqlite:///{tmp_path / 'one.sqlite'}", "high-roll-dice", 1)
    try:
        db = f"sqlite:///{tmp_path / 'one.sqlite'}"
        result = _run("player", "suspend", table.ids[1], "--hours", "1", "--db", db)
        assert "only at their next catch-up" in result.stderr
        assert "give the same --bus here" in result.stderr
        assert "only at their next catch-up" not in result.stdout  # what it prints as before
    finally:
        table.api.close()


@pytest.mark.parametrize(
    "bus", ["http://x:4222", "nats://", "nats://127.0.0.1:99999", "nats://:4222", "nats://h:0"]
)
def test_a_bus_that_is_not_a_nats_url_is_refused_before_any_change(
    tmp_path: Path, bus: str
) -> None:
    """--bus that is not a NATS server's URL (another scheme, no host, a port outside
    1-65535): exit 2 naming what it takes, and the player is not suspended."""
    db = f"sqlite:///{tmp_path / 'one.sqlite'}"
    table = GameTable(db, "high-roll-dice", 1)
    try:
        pid = table.ids[1]
        result = CliRunner().invoke(
            cli, ["player", "suspend", pid, "--hours", "1", "--db", db, "--bus", bus]
        )
        assert result.exit_code == 2 and "nats://HOST:PORT" in result.output
        assert "your play is suspended" not in table.view(table.players[1])["betting_held"]
    finally:
        table.api.close()


def test_a_bus_that_cannot_be_reached_leaves_the_change_recorded(tmp_path: Path) -> None:
    """--bus naming a port where no NATS server listens: the suspension is recorded (exit
    0, it must not be asked twice) and standard error says the bus was not reached."""
    db = f"sqlite:///{tmp_path / 'one.sqlite'}"
    table = GameTable(db, "high-roll-dice", 1)
    try:
        away = f"nats://127.0.0.1:{free_port()}"
        result = _run("player", "suspend", table.ids[1], "--hours", "1", "--db", db, "--bus", away)
        assert f"the message bus at {away} cannot be reached" in result.stderr
        assert f"player {table.ids[1]}: suspended" in result.stdout
        held = table.view(table.players[1])["betting_held"]
        assert held.startswith("Your play is suspended until")
    finally:
        table.api.close()
