"""Double Back Jack's hand tags as a blackjack player reads them (issue 34): A♠3♣ is
"soft 14" (the ace counts 11, 673a.3(d)), 5-9 is "14"; neither said "14 playing"."""

from __future__ import annotations

import json

from croupier.equipment.cards import parse_cards
from croupier.games.double_back_jack.round import _hand_view
from croupier.games.double_back_jack.state import Hand
from croupier.registry import find
from node_support import JS, needs_node, run_node


def _view(cards: str) -> dict[str, object]:
    return _hand_view(Hand(seat=1, index=0, cards=list(parse_cards(cards))))


def test_the_view_says_whether_an_ace_counts_11() -> None:
    assert _view("AS 3C")["soft"] is True  # 11 + 3
    assert _view("5D 9H")["soft"] is False
    assert _view("AS 3C 9D")["soft"] is False  # 1 + 3 + 9: the ace counts 1
    assert (_view("AS 3C")["total"], _view("5D 9H")["total"]) == (14, 14)


@needs_node
def test_the_tag_is_the_total_as_a_player_reads_it() -> None:
    served = json.dumps({"words": dict(find("double-back-jack").words)})
    layout = json.dumps((JS / "layouts" / "double_back_jack.js").as_uri())
    words = json.dumps((JS / "words.js").as_uri())
    script = (
        f"const {{ handTag }} = await import({layout});"
        f"const {{ useWords }} = await import({words});"
        f"useWords({served});"
        "console.log(JSON.stringify(input.map(handTag)));"
    )
    hands = [_view("AS 3C"), _view("5D 9H"), _view("TS 6C 8D"), _view("9S 8C")]
    hands[2]["status"], hands[3]["status"] = "settled", "stood"
    assert run_node(script, hands) == ["soft 14", "14", "24 bust", "17 stands"]
