"""`croupier verify-round --reveal FILE [--seen FILE]` with files that are missing, not
JSON or of the wrong shape: a message naming the file and what is wrong with it, never a
traceback (exit 2 when a file cannot be read, 1 when what it holds does not verify)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app

EVENT = {
    "seq": 0,
    "index": 0,
    "type": "RoundOpened",
    "prev_hash": "0" * 64,
    "hash": "1" * 64,
    "sealed": {},
    "event": {"type": "RoundOpened", "round_id": "gfi-1"},
}


def _run(tmp_path: Path, reveal: object | str, seen: object | str | None = None) -> tuple[int, str]:
    args = ["verify-round", "gfi-1"]
    for option, content in (("--reveal", reveal), ("--seen", seen)):
        if content is None:
            continue
        path = tmp_path / f"{option[2:]}.json"
        path.write_text(content if isinstance(content, str) else json.dumps(content))
        args += [option, str(path)]
    result = CliRunner().invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_a_missing_file_is_named() -> None:
    result = CliRunner().invoke(app, ["verify-round", "gfi-1", "--reveal", "/no/such.json"])
    assert result.exit_code == 2
    assert "--reveal /no/such.json: cannot read it" in result.output


def test_a_file_that_is_not_json_is_named(tmp_path: Path) -> None:
    code, output = _run(tmp_path, "{not json")
    assert code == 2
    assert "--reveal" in output and "not a JSON file" in output


def test_a_reveal_that_is_not_an_object(tmp_path: Path) -> None:
    code, output = _run(tmp_path, [1, 2])
    assert code == 1
    assert "the reveal is not a JSON object" in output
    assert "round gfi-1 DOES NOT VERIFY" in output


def test_an_event_without_its_hash(tmp_path: Path) -> None:
    event = {k: v for k, v in EVENT.items() if k != "hash"}
    code, output = _run(tmp_path, {"round_id": "gfi-1", "events": [event]})
    assert code == 1
    assert "event 0 of the reveal has no hash" in output


def test_received_events_of_the_wrong_shape(tmp_path: Path) -> None:
    code, output = _run(tmp_path, {"round_id": "gfi-1", "events": [EVENT]}, [1, 2])
    assert code == 1
    assert "event 0 of the events you received is not an object" in output


def test_an_empty_reveal_names_the_round_asked_for(tmp_path: Path) -> None:
    code, output = _run(tmp_path, {})
    assert code == 1
    assert "the reveal holds no events" in output
    assert "round gfi-1 DOES NOT VERIFY" in output


def test_events_are_named_in_words(tmp_path: Path) -> None:
    """A problem names the event as a person reads it ("round opened"), not by its class."""
    code, output = _run(tmp_path, {"round_id": "gfi-1", "events": [EVENT]})
    assert code == 1
    assert "event 0 (round opened): its hash is not that of its public form" in output
    assert "RoundOpened" not in output


def test_the_help_reads_as_sentences() -> None:
    """The command list gives verify-round's help in one sentence (it once broke after
    "before it was"), and the table arguments are written TABLE and NAME like the rest."""
    env = {"COLUMNS": "250", "NO_COLOR": "1"}
    listed = CliRunner().invoke(app, ["--help"], env=env).output
    assert "committed before it was dealt, and that nothing was changed" in listed
    # verify's table is optional since it also checks the significant-events log alone.
    for args, usage in ((["verify"], "[TABLE]"), (["players", "add"], "{NAME}")):
        assert usage in CliRunner().invoke(app, [*args, "--help"], env=env).output


def test_the_command_line_runs_as_a_module_and_takes_a_plain_file_for_db(tmp_path: Path) -> None:
    """``python -m croupier`` is the ``croupier`` command; ``--db FILE`` is that SQLite file
    (here one that is not there, which ``report hold`` says instead of creating it)."""
    import subprocess
    import sys

    missing = tmp_path / "none.sqlite"
    done = subprocess.run(
        [sys.executable, "-m", "croupier", "report", "hold", "--db", str(missing)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"no database at {missing}" in (done.stdout + done.stderr).lower()
    assert not missing.exists()


def test_a_server_refusal_is_said_without_its_rule_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's refusal ("send a bearer token ... (server:auth)") is shown to the
    person without the server's own code."""
    import io
    import urllib.error
    import urllib.request

    body = b'{"detail": "send a bearer token (Authorization: Bearer ...) (server:auth)"}'

    def refuse(request: object, timeout: float) -> None:
        raise urllib.error.HTTPError("http://t/rounds/x/reveal", 401, "no", None, io.BytesIO(body))  # type: ignore[arg-type]

    monkeypatch.setattr(urllib.request, "urlopen", refuse)
    result = CliRunner().invoke(app, ["verify-round", "x", "--server", "http://t"])
    assert result.exit_code == 2
    assert "send a bearer token (Authorization: Bearer ...)" in result.output
    assert "server:auth" not in result.output


def test_the_help_gives_every_exit_code() -> None:
    """Issue #38: the exit codes, 3 (consistent but unanchored) among them, are in the
    command's --help as architecture.md gives them."""
    from croupier.cli.verify import EXIT_CODES

    env = {"COLUMNS": "250", "NO_COLOR": "1"}
    shown = " ".join(CliRunner().invoke(app, ["verify-round", "--help"], env=env).output.split())
    assert "Exit 0: it verifies against the events you saved while it was played" in shown
    assert "3: consistent in itself, but checked without --seen" in shown
    assert sorted(EXIT_CODES) == [0, 1, 2, 3]
    architecture = (Path(__file__).parents[2] / "docs" / "architecture.md").read_text()
    for code in EXIT_CODES:
        assert f"- **{code}**:" in architecture


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--seal", "xyz", "--seal: a seal is a sha256, 64 hexadecimal digits"),
        ("--seal", "ab" * 31, "--seal: a seal is a sha256, 64 hexadecimal digits"),
        ("--seed", "é" * 20, "--seed: a seed is 16 to 64 letters, digits, '_' or '-'"),
        ("--seed", "short", "--seed: a seed is 16 to 64 letters, digits, '_' or '-'"),
    ],
)
def test_a_seal_or_seed_of_the_wrong_form_is_bad_input_not_a_cheat(
    tmp_path: Path, option: str, value: str, said: str
) -> None:
    """A new user's find: a malformed --seal or --seed was reported as the round not
    verifying (exit 1), as if the server had cheated; it is bad input (exit 2), named."""
    from typer.testing import CliRunner

    from croupier.cli import app as cli

    result = CliRunner().invoke(cli, ["verify-round", "t-1", option, value, "--reveal", "x"])
    assert result.exit_code == 2, result.output
    assert said in result.output
    assert "DOES NOT VERIFY" not in result.output


def test_a_seal_is_read_whatever_the_case_of_its_hex_digits() -> None:
    """The same sha256 in capitals, or with a space around it, is the same seal (it was
    reported as the round's seed not being the one sealed)."""
    from croupier.cli.verify import _mine

    mine = _mine(" " + "AB" * 32 + " ", "seed-" + "s" * 20)
    assert mine is not None and mine.seal == "ab" * 32 and mine.seed == "seed-" + "s" * 20
    assert _mine(None, None) is None


def test_a_seen_file_of_steps_without_events_is_named(tmp_path: Path) -> None:
    """A second tester: ``{"steps": [{"nonsense": 1}]}`` ended in a traceback
    (``KeyError: 'event'``); it is a file that cannot be had (exit 2), named."""
    code, output = _run(tmp_path, {"round_id": "gfi-1", "events": [EVENT]}, {"steps": [{"x": 1}]})
    assert code == 2, output
    assert "--seen" in output and "each step must hold its event" in output
    code, output = _run(tmp_path, {"round_id": "gfi-1", "events": [EVENT]}, {"round": 1})
    assert code == 2, output
    assert "expected a steps answer" in output


def test_a_seen_file_of_another_round_is_named(tmp_path: Path) -> None:
    """A second tester: the steps of round gfi-9 given for gfi-1 passed; refused, exit 2."""
    seen = {"round_id": "gfi-9", "steps": [{"event": EVENT}]}
    code, output = _run(tmp_path, {"round_id": "gfi-1", "events": [EVENT]}, seen)
    assert code == 2, output
    assert "the steps of round gfi-9, not of round gfi-1" in output
