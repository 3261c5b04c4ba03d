"""The felt and the results table (``static/js/layouts.js``) run under node, over a
small stand-in for the page's document: what a seat shows as the viewer's."""

from __future__ import annotations

import json

from node_support import JS, needs_node, run_node

DOCUMENT = """
class N {
  constructor(tag) {
    this.tag = tag; this.children = []; this.attrs = {}; this.className = "";
    this.dataset = {}; this.style = {};
    this.classList = { add() {}, toggle() {}, contains: () => false };
  }
  appendChild(c) { this.children.push(c); return c; }
  append(...cs) { for (const c of cs) this.children.push(typeof c === "string" ? { text: c } : c); }
  replaceChildren(...cs) { this.children = []; this.append(...cs); }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return this.attrs[k] ?? null; }
  addEventListener() {}
  set textContent(v) { this.children = [{ text: String(v) }]; }
}
globalThis.document = { createElement: (t) => new N(t), createElementNS: (_, t) => new N(t),
  createTextNode: (s) => ({ text: s }), getElementById: () => null, head: { append() {} } };
const said = (n) => (n.text ?? "") + (n.children || []).map(said).join("");
const find = (n, pick) =>
  (n.attrs && pick(n) ? [n] : []).concat(...(n.children || []).map((c) => find(c, pick)));
"""


@needs_node
def test_a_seat_taken_since_the_round_shows_none_of_the_last_occupants_hand() -> None:
    """Issue #34: X played Go Fore It at seat 1 (2♥ 9♠, a Back 9 Wager, 21 par, his
    Front 9 won) and left; Y sits at seat 1 (``satInRound`` false: he did not sit in the
    round shown). Under "Seat 1 (you)" no card, decision or score of X's, no chips; the
    results list only seat 2's row. Y's own round (``satInRound`` true) shows them all."""
    table = {
        "layout": "go-fore-it",
        "game": "go-fore-it",
        "seats": [],
        "spots": [{"value": "front_9", "label": "Front 9", "always": True, "numbers": []}],
    }
    settled = {"spot": "front_9", "amount": 500, "odds": None}
    view = {
        "hands": {"1": ["2h", "9s"], "2": ["Kd", "Kc"], "dealer": ["5c", "7d"]},
        "decisions": {"1": "back_9_wager"},
        "results": {"1": {"total": 21, "score": "par"}},
        "wagers": {"1": {"front_9": 500}, "2": {"front_9": 500}},
        "settlements": [
            {**settled, "seat": 1, "outcome": "win", "returned": 500, "won": 500},
            {**settled, "seat": 2, "outcome": "lose", "returned": 0, "won": 0},
        ],
    }
    script = (
        DOCUMENT
        # Imported once the stand-in document is there (an import runs first).
        + f"const {{ felt, results }} = await import({json.dumps((JS / 'layouts.js').as_uri())});"
        + "const out = [true, false].map((sat) => {"
        "const ctx = { mySeat: 1, satInRound: sat, legalSpots: new Set(), limits: {},"
        " onSpot() {}, seatCount: 2, seats: [{ seat: 1, name: 'Y' }] };"
        "const f = felt(input.table, { view: input.view }, ctx);"
        "const mine = find(f, (n) => n.tag === 'section' && n.attrs['data-seat'] === '1')[0];"
        "const listed = results(input.table, { view: input.view }, ctx);"
        "const rows = find(listed, (n) => n.tag === 'tr' && n.attrs['data-seat']);"
        "const chips = find(mine, (n) => n.className.includes('has-wager')).length;"
        "return { seat: said(mine), rows: rows.map((n) => n.attrs['data-seat']), chips };"
        "});"
        "console.log(JSON.stringify(out));"
    )
    own, taken = run_node(script, {"table": table, "view": view})
    for mark in ("2♥", "9♠", "decision", "21"):
        assert mark in own["seat"], own
        assert mark not in taken["seat"], taken
    assert own["rows"] == ["1", "2"] and own["chips"] == 1
    assert taken["rows"] == ["2"] and taken["chips"] == 0
    assert taken["seat"].startswith("Seat 1 (you)"), taken


@needs_node
def test_a_craps_newcomer_is_told_when_his_round_opens() -> None:
    """A fresh player's report: bo sat at Mini-Craps while ann's Field alone held the
    come-out; the felt told him his round opens "after the seven-out", the status line
    "when this one ends" (it was voided seconds later: nobody could shoot, 623a.10). On a
    come-out the felt says the turn's end; with a point on, the seven-out; to a player
    seated in the round, nothing."""
    script = (
        DOCUMENT
        + "const { lateNote } = await import("
        + json.dumps((JS / "layouts" / "craps.js").as_uri())
        + ");"
        + "const seats = {1: {}};"
        + "console.log(JSON.stringify(["
        + "lateNote({seats, phase: 'betting', point: null}, 2),"
        + "lateNote({seats, phase: 'betting', point: 6}, 2),"
        + "lateNote({seats, phase: 'betting', point: 6}, 1),"
        + "]));"
    )
    opens = "You sat down during this turn of the dice: you bet from the next round, "
    assert run_node(script) == [
        opens + "which opens when this turn of the dice ends (the operator's rules).",
        opens + "which opens after the seven-out (the operator's rules).",
        None,
    ]
