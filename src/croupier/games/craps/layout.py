"""The Craps layout as the browser draws it (623a.2, 623a.3): every spot the Rules
Submission offers, in the layout's order, with the name the layout gives it and the
section that governs it, and the sections the layout's notes cite. Served with the table
(:attr:`croupier.game.GameSpec.layout_spots`), so that ``static/js/layouts/craps.js``
re-types none of them.

>>> from croupier.rules.craps import CrapsRules
>>> spots = {s.value: s for s in layout_spots(CrapsRules())}
>>> spots["dont_pass"].label, spots["come_odds:6"].label, spots["two"].label
("Don't Pass Bar 12", 'Odds on Come 6', 'Two (aces)')
>>> spots["place:6"].cite_shown
'623a.3 (inferred)'
"""

from __future__ import annotations

from croupier.games.craps.spots import CrapsSpot
from croupier.games.craps.wagers import section_of, wager_kind
from croupier.rules.craps import MAKING, ODDS, SHOOTER, TABLES, CrapsRules
from croupier.spots import SpotInfo

_NAMED = {
    "pass": "Pass Line",
    "pass_odds": "Odds behind the Pass Line",
    "dont_pass_odds": "Odds laid behind Don't Pass",
    "come": "Come",
    "field": "Field",
    "big_6": "Big 6",
    "big_8": "Big 8",
    "any_seven": "Any Seven",
    "any_craps": "Any Craps",
    "two": "Two (aces)",
    "three": "Three (ace-deuce)",
    "eleven": "Eleven (yo)",
    "twelve": "Twelve (boxcars)",
    "horn": "Horn",
    "c_and_e": "C and E",
    "fire_bet": "Fire Bet",
    "all_small": "All Small",
    "all_tall": "All Tall",
    "make_em_all": "Make 'Em All",
}
_BARRED = {"dont_pass": "Don't Pass", "dont_come": "Don't Come"}
_ON_NUMBER = {
    "come": "Come on {n}",
    "dont_come": "Don't Come on {n}",
    "come_odds": "Odds on Come {n}",
    "dont_come_odds": "Odds laid on Don't Come {n}",
    "place": "Place {n}",
    "place_to_lose": "Place {n} to lose",
    "buy": "Buy {n}",
    "lay": "Lay {n}",
    "hard": "Hard {n}",
}

LAYOUT_CITES = {"table": TABLES, "working": MAKING, "odds_limit": ODDS, "shooter": SHOOTER}
"""The sections the layout's notes cite: the table and its crew (623a.2), wagers off on
the come-out unless called working (623a.4), the odds limit (623a.6), the dice passed to
the shooter (623a.10)."""


def layout_label(spot: CrapsSpot, bar: int) -> str:
    """The area's name as the layout writes it: "Pass Line", "Don't Pass Bar 12" (the
    Don't bar ``bar``, 623a.3), "Odds on Come 6", "Two (aces)"."""
    if spot.number is not None:
        return _ON_NUMBER[spot.kind].format(n=spot.number)
    if spot.kind in _BARRED:
        return f"{_BARRED[spot.kind]} Bar {bar}"
    return _NAMED[spot.kind]


FIELD_ROWS = ("field:2", "field:12")
"""The rows of the view's ``odds`` that say what the Field pays on 2 and on 12."""


def layout_spots(rules: CrapsRules) -> list[SpotInfo]:
    """Every spot ``rules`` offers, in the layout's order, named as the layout names it,
    with its wager (``group``: ``"place"`` for ``"place:6"``), its number and its
    section."""
    return [
        SpotInfo(
            value=str(spot),
            label=layout_label(spot, rules.dont_bar),
            group=spot.kind,
            numbers=() if spot.number is None else (spot.number,),
            pays=FIELD_ROWS if spot.kind == "field" else (),
            cite=section_of(str(spot)),
        )
        for spot in CrapsSpot.every()
        if rules.offers(wager_kind(str(spot)))
    ]


__all__ = ["LAYOUT_CITES", "layout_label", "layout_spots"]
