"""Typed spots (issue #30): each game's spot type reads every spot's text back to the
same text, so commands and events are written as they were; the layout's spots are
served from the game's package with their names and sections; the offers carry what a
dealer's misdeal and a bank's cut need (no per-game table in the test harness)."""

from __future__ import annotations

import pytest

from croupier.games.craps.spots import CrapsSpot
from croupier.games.high_roll_dice.spots import HighRollDiceSpot
from croupier.offers import Subset, offer
from croupier.registry import find
from croupier.rules.craps import CrapsRules
from croupier.rules.high_roll_dice import NO_MATCH
from croupier.rules.sic_bo import SicBoSpot
from croupier.spots import Spot


@pytest.mark.parametrize("kind", [CrapsSpot, SicBoSpot, HighRollDiceSpot])
def test_every_spot_reads_back_to_its_own_text(kind: type[Spot]) -> None:
    for spot in kind.every():
        assert kind.parse(str(spot)) == spot
    texts = [str(spot) for spot in kind.every()]
    assert len(set(texts)) == len(texts)


def test_the_spots_counted_by_hand() -> None:
    """623a.3: Pass, Don't Pass and the odds behind each (4); Come and Don't Come in the
    box and on each of 6 points (14) with odds on each point (12); Place, Place to lose,
    Buy and Lay on 6 points (24); the Field, Big 6, Big 8 (3); 4 hardways; 8 one-roll
    propositions; the Fire Bet; 3 Bonus Craps wagers: 73. 625a.3: Small, Big, 6 triples,
    Any Three of a Kind, 6 doubles, 14 totals (4 to 17), 15 combinations (6 choose 2), 6
    singles: 50."""
    assert len(CrapsSpot.every()) == 4 + 14 + 12 + 24 + 3 + 4 + 8 + 1 + 3 == 73
    assert len(SicBoSpot.every()) == 2 + 6 + 1 + 6 + 14 + 15 + 6 == 50


def test_the_parts_of_a_spot() -> None:
    come = CrapsSpot.parse("come_odds:6")
    assert (come.kind, come.number, come.is_odds) == ("come_odds", 6, True)
    assert str(come.contract) == "come:6" and str(CrapsSpot.parse("dont_come:9").odds) == (
        "dont_come_odds:9"
    )
    assert CrapsSpot.parse("field").number is None
    assert SicBoSpot.parse("combination:2-5").numbers == (2, 5)
    assert SicBoSpot.parse("total:17").number == 17
    assert HighRollDiceSpot.parse("pip_street:ace").number == 1
    assert HighRollDiceSpot.parse("like_kind:no_match").number == NO_MATCH


@pytest.mark.parametrize(
    ("kind", "text", "said"),
    [
        (CrapsSpot, "place:7", "place names a point number 4, 5, 6, 8, 9 or 10"),
        (CrapsSpot, "hard:5", "a hardway is 4, 6, 8 or 10"),
        (SicBoSpot, "total:3", 'there is no Total Value "3"'),
        (SicBoSpot, "combination:2-2", 'there is no Two Dice Combination "2-2"'),
        (HighRollDiceSpot, "pip_street:seven", "there is no spot 'pip_street:seven'"),
    ],
)
def test_a_text_that_is_no_spot_is_refused_in_words(kind: type[Spot], text: str, said: str) -> None:
    with pytest.raises(ValueError, match=said):
        kind.parse(text)


def test_the_layout_spots_come_from_the_game_package() -> None:
    """The names the browser shows, and the sections marked as the server marks them."""
    spots = {s.value: s for s in find("craps").spots_of(CrapsRules())}
    assert spots["dont_pass"].label == "Don't Pass Bar 12"
    assert spots["hard:8"].label == "Hard 8"
    assert spots["place:6"].cite_shown == "623a.3 (inferred)"
    assert spots["fire_bet"].cite == "623a.11"
    assert find("craps").cites_shown()["working"] == "623a.4 (inferred)"
    sic_bo = find("sic-bo")
    assert [s.label for s in sic_bo.spots_of(sic_bo.rules_type())][-1] == "One of a Kind 6"
    dbj = find("double-back-jack")
    split = {s.value: s for s in dbj.spots_of(dbj.rules_type())}["blackjack_2"]
    assert split.label == "Blackjack (hand 2)" and not split.always


def test_a_subset_offer_with_fields_apart_and_in_one_run() -> None:
    """A Pai Gow cut moves adjacent stacks, to one end or both (621a.11(g)); a box is
    missed entirely or dealt one card, not both (673a.13(g))."""
    stacks = Subset(of=tuple(range(1, 9)))
    cut = offer("CutTiles", "621a.11(g)", seat=2, right=stacks, left=stacks).model_copy(
        update={"apart": ("right", "left"), "run": ("right", "left")}
    )
    base = {"type": "CutTiles", "seat": 2}
    assert cut.why_not({**base, "right": [3, 4], "left": [5]}) is None
    assert cut.why_not({**base, "right": [1, 3], "left": []}) == (
        "right and left together are adjacent numbers, not 1 and 3"
    )
    assert cut.why_not({**base, "right": [], "left": []}) == "right and left: name at least one"
    assert cut.why_not({**base, "right": [4], "left": [4, 5]}) == (
        "right and left may not name the same one"
    )
    assert cut.why_not({**base, "right": [9], "left": []}) == (
        "right: 9 is not offered (offered: 1, 2, 3, 4, 5, 6, 7, 8)"
    )
    assert cut.why_not({**base, "right": [2, 2], "left": []}) == "right: each is named once"
