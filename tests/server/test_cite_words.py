"""Issue #34: a player never reads an internal citation code. A refusal's ``detail`` names
the rule in words: a section of 58 Pa. Code by its number, croupier's own rules as "the
operator's rules", a reading of docs/interpretations.md as our published interpretation
by its heading; the code itself stays in ``cite`` for tools."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from server_api import Api

from croupier.citations import INTERPRETATIONS, shown

CODE = re.compile(r"\b[a-z][a-z0-9-]*:[a-z0-9][a-z0-9-]*\b")
DOCS = Path(__file__).parents[2] / "docs" / "interpretations.md"
SRC = Path(__file__).parents[2] / "src" / "croupier"


@pytest.fixture
def api(migrated_sqlite: Callable[[str], str]) -> Api:
    return Api(migrated_sqlite("words.sqlite"))


def _refusals(api: Api) -> list[dict[str, str]]:
    """One refusal of each kind a player can meet: the server's, the ledger's, money's,
    a training drill's and a published interpretation's."""
    api.table()
    _, ann = api.player("ann", deposit=700)
    api.sit(ann, 1)
    answer = {"game": "go-fore-it", "seed": 8, "item": 1, "answer": "shrug", "seconds": 3.0}
    return [
        api.client.get("/players/me").json(),  # no bearer token
        api.wager(ann, 1, "pip_street:ace", 10**12).json(),  # over the largest amount
        (api.wager(ann, 1, "pip_street:ace", 500), api.wager(ann, 1, "like_kind:3", 500))[
            1
        ].json(),  # over the wallet balance
        api.client.post(
            "/training/irregularities/answer", json={**answer, "session": "0123abcd"}, headers=ann
        ).json(),
        api.send(ann, {"type": "VoidRound", "reason": "I changed my mind"}).json(),
        api.client.get("/tables/nope", headers=ann).json(),  # no such table: no rule
    ]


def test_every_kind_of_refusal_names_its_rule_in_words_never_by_code(api: Api) -> None:
    refusals = _refusals(api)
    assert [r["cite"].split(":")[0] for r in refusals] == [
        "server",
        "money",
        "ledger",
        "training",
        "interpretations",
        "http",
    ], refusals
    for refusal in refusals:
        assert CODE.findall(refusal["detail"]) == [], refusal
    operators = [r["detail"] for r in refusals[:4]]
    assert all(d.endswith("(the operator's rules)") for d in operators), operators
    assert refusals[4]["detail"] == (
        "only the dealer may void the round "
        "(our published interpretation \u201cVoiding a round\u201d)"
    )
    # A table there is none of breaks no rule: the sentence alone, no rule named.
    assert refusals[5] == {"detail": "there is no table 'nope'", "cite": "http:not-found"}


def test_each_interpretation_shown_is_a_heading_of_the_published_interpretations() -> None:
    """Every ``interpretations:<name>`` croupier cites has its title in
    :data:`INTERPRETATIONS`, and that title is a heading of docs/interpretations.md whose
    section records the name."""
    text = DOCS.read_text(encoding="utf-8")
    cited = set()
    for path in SRC.rglob("*.py"):
        cited |= set(
            re.findall(r"\"(?:[^\"\n]*; )?interpretations:([a-z0-9-]+)\"", path.read_text())
        )
    assert cited <= set(INTERPRETATIONS), cited - set(INTERPRETATIONS)
    sections = re.split(r"^#+ ", text, flags=re.MULTILINE)
    for name, title in INTERPRETATIONS.items():
        under = [s for s in sections if s.split(" \u2014 ")[0].split("\n")[0] == title]
        assert any(f"interpretations:{name}" in s for s in under), (name, title)
        assert (
            shown(f"interpretations:{name}") == f"our published interpretation \u201c{title}\u201d"
        )
