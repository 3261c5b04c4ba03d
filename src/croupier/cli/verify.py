"""`croupier verify-round ROUND`: a player's check that a round he played was fair.

Fetches the round's reveal from the table server (``GET /rounds/{id}/reveal``) or reads
it from a file, and checks it with :func:`croupier.verify_round.check_round`: the hash
chain over the events' public forms, every commitment opened by its salt, the events
as the player received them while it was played (``--seen``: the ``GET
/rounds/{id}/steps`` answer or a list of events, saved at the time), and a replay under
the game's rules. Only ``--seen`` ties the check to what the player was shown: without
it the reveal (and any steps fetched now) come from the server being checked, which
could have forged a round consistent in itself. A round dealt from what the round
before it left (the cards left in a
Double Back Jack shoe) is checked with the rounds before it, back to the shuffle
(:func:`croupier.verify_round.check_rounds`): fetched from the server one by one, or given
in the file as a list of reveals, newest first. Exit 0 when it verifies, 1 when it does
not, 2 when the reveal cannot be had (the round is still being played, the shoe is still
in use, no such round).
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Annotated, Any

import typer

from croupier.cli.server import fail
from croupier.engine import CLIENT_SEED_CHARACTERS
from croupier.verify_round import Mine, RoundCheck, check_rounds


def _get(url: str, token: str | None) -> Any:
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        try:
            detail = json.load(error).get("detail", error.reason)
        except (json.JSONDecodeError, AttributeError):
            detail = error.reason
        # The server's own rule codes ("(server:auth)") are not for the person reading.
        plain = re.sub(r"\s*\((?:server|engine|api|ledger):[^)]*\)", "", str(detail))
        raise fail(f"{url}: {plain}") from error
    except urllib.error.URLError as error:
        raise fail(f"{url}: the server cannot be reached ({error.reason})") from error


def _events(saved: Any, where: str = "the server's steps") -> list[dict[str, Any]]:
    """The events in a saved answer: steps (``steps[].event``), a command's ``events``,
    or a list of events; exit 2 naming ``where`` when it is none of these."""
    if isinstance(saved, dict) and isinstance(saved.get("steps"), list):
        steps = saved["steps"]
        if not all(isinstance(step, dict) and "event" in step for step in steps):
            raise fail(f"{where}: each step must hold its event, as GET /rounds/ROUND/steps does")
        return [step["event"] for step in steps]
    if isinstance(saved, dict) and isinstance(saved.get("events"), list):
        return list(saved["events"])
    if isinstance(saved, list):
        return saved
    raise fail(
        f"{where}: expected a steps answer (GET /rounds/ROUND/steps), a command's answer "
        "or a list of events"
    )


EXIT_CODES = {
    0: "verifies, against the events you saved during the round (--seen)",
    1: "does not verify (each problem is named)",
    2: "the reveal or a file cannot be had",
    3: "consistent in itself, but nothing ties it to what you were shown (no --seen)",
}
"""What each exit code of ``croupier verify-round`` says."""
UNANCHORED = 3
"""Exit code: the reveal checks out in itself but was not compared with saved events."""


def unanchored(round_id: str, seen: bool = False) -> str:
    """What a check without ``--seen`` (``seen``: with a ``--seen`` file that holds no
    event) proved and did not, in words."""
    without = "the --seen file holds no event, so" if seen else "without --seen,"
    return (
        f"round {round_id} is consistent in itself, but NOT VERIFIED against what you were "
        f"shown: {without} everything checked came from the server now, and a server "
        "could forge a round that agrees with itself (its hash chain, seals and replay). "
        f"Save GET /rounds/{round_id}/steps while you play and give it as --seen FILE."
    )


MOST_ROUNDS = 1_000
"""The most rounds fetched back to a shoe's shuffle (an eight-deck shoe deals fewer)."""


def _read(path: Path, option: str) -> Any:
    """The JSON in ``path``; exit 2 saying why when it cannot be read or is not JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise fail(f"{option} {path}: cannot read it ({error.strerror})") from error
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise fail(f"{option} {path}: not a JSON file ({error})") from error


def _mine(seal: str | None, seed: str | None) -> Mine | None:
    """What the player says he knows (``--seal``, ``--seed``), checked for its form: a seal
    is a sha256 (64 hexadecimal digits, either case), a seed 16 to 64 letters, digits,
    ``_`` or ``-`` (GLI-19 4.4.4(a)); exit 2 naming the option otherwise."""
    if seal is not None:
        seal = seal.strip().lower()
        if not re.fullmatch(r"[0-9a-f]{64}", seal):
            raise fail("--seal: a seal is a sha256, 64 hexadecimal digits")
    if seed is not None and not CLIENT_SEED_CHARACTERS.fullmatch(seed):
        raise fail("--seed: a seed is 16 to 64 letters, digits, '_' or '-'")
    return Mine(seal=seal, seed=seed) if seal or seed else None


RoundId = Annotated[str, typer.Argument(metavar="ROUND", help="The round, e.g. dbj-12.")]
Server = Annotated[str, typer.Option(help="The table server's address.")]
Token = Annotated[
    str | None, typer.Option(envvar="CROUPIER_TOKEN", help="Your bearer token (any player's).")
]
Reveal = Annotated[
    Path | None,
    typer.Option(
        help="Read the reveal from this JSON file instead of the server (for a round "
        "dealt from a shoe: a list of the reveals back to the shuffle, newest first)."
    ),
]
Seen = Annotated[
    Path | None,
    typer.Option(
        help="The events as you received them during the round (a saved "
        "GET /rounds/ROUND/steps answer). Without it your steps are fetched now, "
        "from the same server, and the check can only say the round is consistent "
        "(exit 3), not that it is the one you were shown."
    ),
]
Seal = Annotated[
    str | None,
    typer.Option(
        help="The table's seal you saw announced before the round opened "
        "(GET /tables/TABLE's seal): the round's seed must be the one it seals."
    ),
]
Seed = Annotated[
    str | None,
    typer.Option(help="The seed you gave with your first wager: it must be in the round."),
]


def verify_round(
    round_id: RoundId,
    server: Server = "http://127.0.0.1:8000",
    token: Token = None,
    reveal: Reveal = None,
    seen: Seen = None,
    seal: Seal = None,
    seed: Seed = None,
) -> None:
    """Check that a round you played was dealt from what was committed before it was
    dealt, and that nothing was changed afterwards."""
    mine = _mine(seal, seed)  # what the player knows, checked before anything is fetched
    base = server.rstrip("/")
    reveals = _given(reveal) if reveal is not None else _fetched(base, round_id, token)
    announcer = None
    newest = reveals[0] if isinstance(reveals[0], dict) else {}
    before = newest.get("previous_round_id")
    if reveal is None and len(reveals) == 1 and isinstance(before, str):
        # The round's seed was announced when the round before it opened (and a round
        # after one that announced a seal must be sealed with it).
        announcer = _get(f"{base}/rounds/{before}/reveal", token)
    received: list[dict[str, Any]] | None = None
    if seen is not None:
        received = _kept(seen, round_id)
    elif reveal is None and token:
        received = _events(_get(f"{base}/rounds/{round_id}/steps", token))
    check = check_rounds(reveals, received, round_id, announcer, mine, kept=seen is not None)
    _tell(check, seen is not None, bool(received))


def _given(reveal: Path) -> list[Any]:
    """The reveals in the ``--reveal`` file (one, or a list back to the shuffle)."""
    saved = _read(reveal, "--reveal")
    reveals = saved if isinstance(saved, list) else [saved]
    if not reveals:
        raise fail(f"--reveal {reveal}: an empty list, not a reveal")
    return reveals


def _fetched(base: str, round_id: str, token: str | None) -> list[Any]:
    """The round's reveal from the server, and those of the rounds it carries on from."""
    reveals = [_get(f"{base}/rounds/{round_id}/reveal", token)]
    # The server says which rounds carry on from the one before; the check itself
    # replays each, so a round said not to carry on that does is refused there.
    while len(reveals) < MOST_ROUNDS and reveals[-1].get("carried_on") is True:
        before = reveals[-1].get("previous_round_id")
        if not isinstance(before, str):
            break
        reveals.append(_get(f"{base}/rounds/{before}/reveal", token))
    return reveals


def _kept(seen: Path, round_id: str) -> list[dict[str, Any]]:
    """The events in the ``--seen`` file, which must be of ``round_id`` where it says."""
    kept = _read(seen, "--seen")
    named = kept.get("round_id") if isinstance(kept, dict) else None
    if named is not None and named != round_id:
        raise fail(f"--seen {seen}: the steps of round {named}, not of round {round_id}")
    return _events(kept, f"--seen {seen}")


def _tell(check: RoundCheck, seen: bool, received: bool) -> None:
    """Say what the check found and exit with its code (:data:`EXIT_CODES`): ``seen``, a
    ``--seen`` file was given; ``received``, it (or the server's steps) held events."""
    for note in check.notes:
        typer.echo(f"  {note}")
    if check.ok and (not seen or not received):  # nothing kept to compare with
        typer.echo(unanchored(check.round_id, seen))
        raise typer.Exit(UNANCHORED)
    if check.ok:
        typer.echo(f"round {check.round_id} verifies against the events you saved")
        return
    for problem in check.problems:
        typer.echo(f"  problem: {problem}", err=True)
    typer.echo(f"round {check.round_id} DOES NOT VERIFY", err=True)
    raise typer.Exit(1)


VERIFY_HELP = (
    "Check that a round you played was dealt from what was committed before it was "
    "dealt, and that nothing was changed afterwards. Exit 0: it verifies against "
    "the events you saved while it was played (--seen); 1: it does not; 2: the "
    "reveal or a file cannot be had; 3: consistent in itself, but checked without "
    "--seen, so nothing ties it to what you were shown."
)
"""The help text (one paragraph, so the terminal wraps it, not the docstring's lines)."""


def register(app: typer.Typer) -> None:
    """Add `verify-round` to the command line."""
    app.command("verify-round", help=VERIFY_HELP)(verify_round)
