"""58 Pa. Code ch. 674a, Criss-Cross Poker: the cross of community card boxes
(674a.2(b)(3)) and what each player may examine (674a.11(a)), from the text.

674a.2(b)(3): "five separate areas designated for the placement of the five community
cards ... a cross with one box furthest from the table inventory container, three boxes in
the center row and one box directly in front of the table inventory container": far, the
center row left to right, near. 674a.11(a): after the deal "each player shall examine his
cards": a player's own two cards, never another's, nor the community cards before they
are revealed.
"""

from __future__ import annotations

from test_674a_criss_cross_poker import dealt


def test_674a_2_b_3_the_cross_has_five_boxes_far_center_row_near() -> None:
    """674a.2(b)(3): five boxes, one far, three in the center row, one near; the
    community cards lie face down in them once dealt."""
    rnd = dealt("2c 3c 4c 5c 6c", {1: "Ah Kh"})
    cross = rnd.view(1)["cross"]
    assert list(cross) == ["far", "left", "middle", "right", "near"]
    assert set(cross.values()) == {None}


def test_674a_11_a_each_player_examines_his_own_two_cards_only() -> None:
    """674a.11(a): seat 1 sees Ah Kh and not seat 4's cards; seat 4 the reverse; an
    onlooker sees neither."""
    rnd = dealt("2c 3c 4c 5c 6c", {1: "Ah Kh", 4: "Ad Kd"})
    assert rnd.view(1)["hands"] == {"1": ["Ah", "Kh"], "4": [None, None]}
    assert rnd.view(4)["hands"] == {"1": [None, None], "4": ["Ad", "Kd"]}
    assert rnd.view(None)["hands"] == {"1": [None, None], "4": [None, None]}
