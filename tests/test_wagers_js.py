"""A table page's wagers (``static/js/wagers.js``) run under node: what Double places,
what Undo takes down and what Rebet places again, read from the view's offers and the
wagers this page placed, over a page state (``t``) as the table page keeps it."""

from __future__ import annotations

from typing import Any

from node_support import imports, needs_node, run_node

SEAT = {"kind": "fixed", "value": 1}


def _amount(high: int) -> dict[str, Any]:
    return {"kind": "amount", "low": 100, "high": high, "step": 1}


def _spots(*values: str) -> dict[str, Any]:
    return {"kind": "choice", "options": [{"value": v, "label": v.upper()} for v in values]}


def _page(legal: list[dict[str, Any]], wagers: dict[str, int], **more: Any) -> dict[str, Any]:
    """A page state: seat 1 in round r-2 (open), its wagers and the offers of the view."""
    view = {
        "actor": 1,
        "round_id": "r-2",
        "round_status": "open",
        "round_version": 4,
        "view": {"phase": "betting", "wagers": {"1": wagers}},
        "legal_commands": legal,
    }
    return {"view": view, "game": {}, "bets": {}, "declines": {}, **more}


def _run(call: str, page: dict[str, Any]) -> Any:
    script = (
        imports("wagers.js", "doubles", "lastBets", "legalWagers", "undoSpot")
        + f"const t = input; console.log(JSON.stringify({call}));"
    )
    return run_node(script, page)


@needs_node
def test_double_takes_each_wager_its_offer_takes_again_and_equal_wagers_once() -> None:
    """Spot a holds $5 and takes up to $6 more: doubled ($5). Spot b holds $8, more than
    the $6 its offer takes now: left. Spot c is no longer offered: left. The equal
    wagers on left and right ($2 each) are one placement, on left, costing $4."""
    place = {
        "command": "PlaceWager",
        "fields": {"seat": SEAT, "spot": _spots("a", "b"), "amount": _amount(600)},
    }
    paired = {
        "command": "PlacePair",
        "fields": {"seat": SEAT, "left": _amount(1000), "right": _amount(1000)},
        "equal": ["left", "right"],
    }
    page = _page([place, paired], {"a": 500, "b": 800, "c": 100, "left": 200, "right": 200})
    assert _run("doubles(t)", page) == [
        {"spot": "a", "amount": 500, "spots": ["a"], "cost": 500},
        {"spot": "left", "amount": 200, "spots": ["left", "right"], "cost": 400},
    ]


@needs_node
def test_undo_takes_down_the_last_wager_placed_that_the_table_offers_to_take_down() -> None:
    """This round the page placed a, then b; the table offers to take down a only: Undo
    takes a. Rebet offers the last round's wagers (r-1), not this open round's."""
    take = {"command": "TakeDown", "fields": {"seat": SEAT, "spot": _spots("a")}}
    bets = {
        "r-1": [{"spot": "x", "amount": 100, "cost": 100}],
        "r-2": [
            {"spot": "a", "amount": 500, "cost": 500},
            {"spot": "b", "amount": 100, "cost": 100},
        ],
    }
    page = _page([take], {"a": 500, "b": 100}, bets=bets)
    assert _run("[undoSpot(t), lastBets(t)]", page) == ["a", bets["r-1"]]
    page["view"]["round_status"] = "complete"
    assert _run("lastBets(t)", page) == bets["r-2"]


@needs_node
def test_a_wager_declined_on_the_page_is_no_longer_offered_in_that_round() -> None:
    place = {
        "command": "PlaceWager",
        "fields": {"seat": SEAT, "spot": _spots("a", "b"), "amount": _amount(600)},
    }
    page = _page([place], {})
    call = "(t.declines = {'r-2': new Set(['a'])}, legalWagers(t).map((lc) => lc.spots))"
    assert _run(call, page) == [["b"]]


@needs_node
def test_a_chip_out_of_limits_is_refused_with_amounts_not_chips() -> None:
    """A fresh player's report: Insurance clicked with a $5 chip said "choose a chip of
    $0.01 to $3.00", and no $0.01 chip is in the rack: the amounts are said as amounts."""
    script = (
        imports("wagers.js", "outOfLimits") + "console.log(JSON.stringify(["
        "outOfLimits({min_amount: 1, max_amount: 300}, 500, 'Insurance'),"
        "outOfLimits({min_amount: 500, max_amount: 50000}, 100, 'Pass Line'),"
        "]));"
    )
    assert run_node(script) == [
        "A $5.00 chip is more than the most that may be wagered on Insurance now, $3.00: "
        "wager an amount from $0.01 to $3.00.",
        "A $1.00 chip is less than the least wager on Pass Line, $5.00: "
        "wager an amount from $5.00 to $500.00.",
    ]
