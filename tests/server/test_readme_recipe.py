"""Issue #34: README's play-money recipe (sign up, sign in, list the tables, sit, wager)
is run request by request against the app, parsed from README itself so that the
document cannot drift from the server."""

from __future__ import annotations

import json
import re
import shlex
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from server_api import Api

from croupier.cli.server import open_starter_tables

README = Path(__file__).parents[2] / "README.md"
MARK = "<!-- play-money recipe"


def recipe() -> list[str]:
    """The recipe's shell lines, continuations joined."""
    text = README.read_text(encoding="utf-8")
    block = text[text.index(MARK) :]
    block = block[block.index("```sh\n") + 6 :]
    block = block[: block.index("\n```")]
    return [line for line in block.replace("\\\n", " ").splitlines() if line.strip()]


def curl(api: Api, words: list[str]) -> Any:
    """One ``curl`` command (``-s``, ``-X``, ``-H``, ``-d``, a URL) sent to the app."""
    method, headers, data, url = "GET", {}, None, None
    items = iter(words[1:])
    for word in items:
        if word == "-s":
            continue
        if word == "-X":
            method = next(items)
        elif word == "-H":
            name, value = next(items).split(": ", 1)
            headers[name] = value
        elif word == "-d":
            data = next(items)
        else:
            assert url is None, f"a curl option the test does not read: {word}"
            url = word
    assert url is not None and url.startswith("http://127.0.0.1:8000/"), url
    path = url.removeprefix("http://127.0.0.1:8000")
    return api.client.request(method, path, headers=headers, content=data)


NEW_KEY = "$(python3 -c 'import uuid; print(uuid.uuid4())')"
"""How the recipe makes each Idempotency-Key (Python is there wherever croupier is)."""


def run(api: Api) -> list[Any]:
    """Every request of the recipe, in order, with the shell's variables, files and
    a new key where it makes one (:data:`NEW_KEY`): the answers."""
    variables: dict[str, str] = {}
    files: dict[str, Any] = {}
    answers = []
    for line in recipe():
        assigned = re.fullmatch(r"(\w+)=\$\(jq -r \.(\w+) (\S+)\)", line)
        if assigned:
            variables[assigned[1]] = files[assigned[3]][assigned[2]]
            continue
        command, _, tee = line.partition(" | tee ")
        words = shlex.split(command.replace(NEW_KEY, "{uuid}"))
        words = [
            re.sub(r"\$(\w+)", lambda m: variables[m[1]], w).replace("{uuid}", str(uuid.uuid4()))
            for w in words
        ]
        assert words[0] == "curl", line
        answer = curl(api, words)
        assert 200 <= answer.status_code < 300, (line, answer.text)
        if tee:
            files[tee.strip()] = answer.json()
        answers.append(answer)
    return answers


def test_the_readme_recipe_signs_up_sits_and_wagers(migrated_sqlite: Callable[[str], str]) -> None:
    api = Api(migrated_sqlite("readme.sqlite"))
    assert open_starter_tables(api.engine)  # what `croupier serve` opens on a new database
    signup, signin, tables, seat, wager, me = run(api)
    body = signup.json()
    assert body["name"] == "ann" and body["balance"] == 100_000  # $1,000.00 of play money
    assert signin.status_code == 201 and signin.json()["session_id"]
    assert "high-roll-dice" in [t["id"] for t in tables.json()["tables"]]
    assert seat.status_code == 201
    assert wager.json()["round_status"] == "open"
    assert me.json()["id"] == body["id"]
    assert me.json()["balance"] == 100_000 - 500  # the $5 wager left the wallet
    assert json.loads(wager.request.content)["command"]["amount"] == 500
