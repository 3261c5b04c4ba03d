"""`croupier player limits | suspend | lift | unlock` on a server's database: the same
timing rules as the API (814a.2), refusals exit 2 in words."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli import app


def test_limits_at_the_cage(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'c.sqlite'}"
    runner = CliRunner()
    made = runner.invoke(app, ["players", "add", "ann", "--db", db])
    assert made.exit_code == 0, made.output
    pid = json.loads(made.output.strip().splitlines()[-1])["id"]
    r = runner.invoke(app, ["player", "limits", pid, "--set", "loss_daily=5000", "--db", db])
    assert r.exit_code == 0, r.output
    assert "daily loss limit: $50.00" in r.output
    r = runner.invoke(app, ["player", "limits", pid, "--set", "loss_daily=9000", "--db", db])
    assert "daily loss limit: $50.00" in r.output  # an increase waits
    assert "waiting: daily loss limit to $90.00, to confirm after midnight on" in r.output
    r = runner.invoke(app, ["player", "limits", pid, "--confirm", "--db", db])
    assert r.exit_code == 2
    assert "a raised limit takes effect only after its current period ends" in r.output
    r = runner.invoke(app, ["player", "limits", pid, "--set", "lose_daily=1", "--db", db])
    assert r.exit_code == 2 and "'lose_daily' is not a limit" in r.output
    r = runner.invoke(app, ["player", "suspend", pid, "--hours", "2", "--db", db])
    assert r.exit_code == 0 and f"player {pid}: suspended" in r.output
    r = runner.invoke(app, ["player", "lift", pid, "--db", db])
    assert r.exit_code == 0 and f"player {pid}: active" in r.output
    r = runner.invoke(app, ["player", "unlock", pid, "--db", db])
    assert r.exit_code == 0 and "unlocked" in r.output


def test_a_suspension_too_long_is_refused_in_words(tmp_path: Path) -> None:
    # Found with `croupier player suspend ID --hours 99999999`: an OverflowError and a
    # traceback. The bounds are the API's: 8,784 hours (366 days) or 3,660 days.
    db = f"sqlite:///{tmp_path / 'c.sqlite'}"
    runner = CliRunner()
    made = runner.invoke(app, ["players", "add", "ann", "--db", db])
    pid = json.loads(made.output.strip().splitlines()[-1])["id"]
    for args, most in (
        (
            ["suspend", pid, "--hours", "99999999"],
            "--hours': Input should be less than or equal to 8784",
        ),
        (
            ["suspend", pid, "--days", "99999999"],
            "--days': Input should be less than or equal to 3660",
        ),
        (
            ["exclude", pid, "--days", "99999999"],
            "--days': Input should be less than or equal to 3660",
        ),
    ):
        r = runner.invoke(app, ["player", *args, "--db", db])
        assert r.exit_code == 2, r.output
        assert isinstance(r.exception, SystemExit)  # a usage error, no traceback
        assert f"Invalid value for '{most}" in r.output
    r = runner.invoke(app, ["player", "suspend", pid, "--hours", "8784", "--db", db])
    assert r.exit_code == 0 and f"player {pid}: suspended" in r.output


def test_a_limit_too_large_names_the_largest(tmp_path: Path) -> None:
    # Found with `--set loss_daily=99999999999999999999999`: the refusal said "at least 1",
    # which the value is; the rule it breaks is the largest, $1,000,000,000.00 in cents.
    db = f"sqlite:///{tmp_path / 'c.sqlite'}"
    runner = CliRunner()
    made = runner.invoke(app, ["players", "add", "ann", "--db", db])
    pid = json.loads(made.output.strip().splitlines()[-1])["id"]
    big = "99999999999999999999999"
    r = runner.invoke(app, ["player", "limits", pid, "--set", f"loss_daily={big}", "--db", db])
    assert r.exit_code == 2, r.output
    assert (
        "the daily loss limit is a whole number of cents from 1 to 100000000000, or none "
        f"(null in JSON) for no limit, not {big} (814a.2)"
    ) in r.output


def test_players_add_refuses_a_name_another_account_holds(tmp_path: Path) -> None:
    """As at sign-up (croupier.ledger.names): "ANN" is "ann"; nothing is made."""
    db = f"sqlite:///{tmp_path / 'c.sqlite'}"
    runner = CliRunner()
    assert runner.invoke(app, ["players", "add", "ann", "--db", db]).exit_code == 0
    again = runner.invoke(app, ["players", "add", "ANN", "--role", "dealer", "--db", db])
    assert again.exit_code == 2
    assert "another player's name is the same as this one" in again.output
    assert runner.invoke(app, ["players", "add", "Anne", "--db", db]).exit_code == 0
