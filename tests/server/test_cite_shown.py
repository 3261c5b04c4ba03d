"""Issue #34: what the server sends a player beside every ``cite`` he may read is its
words (``cite_shown``), never an internal code: an offer (``legal_commands``), the wait in
progress (``deadline``), and the events of a voided round (its steps and the seat's
recall). The ``cite`` itself, and the stored event, stay as they were (the golden files
compare the stored events byte for byte)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from server_api import EXAMPLES, Api, Clock

from croupier.rng import SeededRng

CODE = re.compile(r"\b[a-z][a-z0-9-]*:[a-z0-9][a-z0-9-]*\b")
DOCS = Path(__file__).parents[2] / "docs" / "interpretations.md"


def _published(code: str) -> str:
    """The words of ``code`` read from docs/interpretations.md itself: the heading that
    names it (``### Voiding a round — `interpretations:void-round```), as the
    interpretation is published."""
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        if line.startswith("###") and f"`{code}`" in line:
            heading = line.lstrip("#").split(" \u2014 ")[0].strip()
            return f"our published interpretation \u201c{heading}\u201d"
    raise AssertionError(f"docs/interpretations.md publishes no {code}")


def _cites_shown(data: Any) -> list[str]:
    """Every ``cite_shown`` anywhere in ``data``."""
    if isinstance(data, dict):
        found = [data["cite_shown"]] if "cite_shown" in data else []
        return found + [s for v in data.values() for s in _cites_shown(v)]
    if isinstance(data, list):
        return [s for v in data for s in _cites_shown(v)]
    return []


def test_an_offer_and_a_voided_round_are_cited_in_words(
    migrated_sqlite: Callable[[str], str],
) -> None:
    api = Api(migrated_sqlite("void.sqlite"))
    api.table()
    _, ann = api.player("ann", deposit=1_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1)
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    void = _published("interpretations:void-round")
    assert void == "our published interpretation \u201cVoiding a round\u201d"
    # The dealer is offered the void: its cite is the code, its words the heading.
    seen = api.client.get("/tables/hrd/view", headers=dealer).json()
    offers = {o["command"]: o for o in seen["legal_commands"]}
    assert offers["VoidRound"]["cite"] == "interpretations:void-round"
    assert offers["VoidRound"]["cite_shown"] == void
    mine = api.client.get("/tables/hrd/view", headers=ann).json()
    for view in (seen, mine):
        shown = _cites_shown(view)
        assert shown and all(CODE.search(s) is None for s in shown), shown
    r = api.send(dealer, {"type": "VoidRound", "reason": "the table's power failed"})
    assert r.status_code == 200 and r.json()["round_status"] == "voided", r.text
    round_id = r.json()["round_id"]
    # The command's answer, the round's steps and the seat's recall: the event that voids
    # it keeps its code in ``event`` (as stored) and says it in words beside it.
    steps = api.client.get(f"/rounds/{round_id}/steps", headers=ann).json()
    recalled = api.client.get("/tables/hrd/seats/1/recall", headers=ann).json()
    events = [
        r.json()["events"],
        [s["event"] for s in steps["steps"]],
        recalled["rounds"][0]["events"],
    ]
    for sent in events:
        voiding = [e for e in sent if e["event"].get("cite") == "interpretations:void-round"]
        assert "RoundVoided" in {e["type"] for e in voiding}, sent
        assert all(e["cite_shown"] == void for e in voiding), voiding
        assert all(e["cite_shown"] == "" for e in sent if not e["event"].get("cite"))
    for answer in (r.json(), steps, recalled):
        shown = _cites_shown(answer)
        assert shown and all(CODE.search(s) is None for s in shown), shown
    api.close()


def test_a_deadline_is_cited_in_words(migrated_sqlite: Callable[[str], str]) -> None:
    """A decision's wait in Pai Gow: what its timeout does is cited by section
    (621a.10(b), 621a.11, 621a.12(d): PaiGowPolicy.timeout_cite), the same in words."""
    clock = Clock()
    api = Api(migrated_sqlite("gow.sqlite"), SeededRng(5), clock)
    body = {
        "id": "gow",
        "rules_toml": (EXAMPLES / "pai-gow.toml").read_text(),
        "settings": {"betting_seconds": None, "decision_seconds": 30},
    }
    assert api.client.post("/tables", json=body, headers=api.admin).status_code == 201
    _, ann = api.player("ann", deposit=100_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 2, "gow")
    assert api.wager(ann, 2, "pai_gow", 1000, table_id="gow").status_code == 200
    r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="gow")
    assert r.status_code == 200, r.text
    seen = api.client.get("/tables/gow/view", headers=ann).json()
    deadline = seen["deadline"]
    assert deadline["kind"] == "decision"
    # Sections of a chapter croupier has the text of are shown as they are cited.
    assert deadline["cite"] == "621a.10(b); 621a.11(c), (g), (i); 621a.12(d)"
    assert deadline["cite_shown"] == deadline["cite"]
    shown = _cites_shown(seen)
    assert deadline["cite_shown"] in shown
    assert all(CODE.search(s) is None for s in shown), shown
    api.close()
