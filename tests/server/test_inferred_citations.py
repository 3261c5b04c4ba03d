"""Issue #31: a citation of ch. 623a (Craps) or 625a (Sic Bo), whose rule text croupier
does not have, is marked "(inferred)" where the server shows it to a person: a refusal's
``detail`` (with ``cite_basis``) and the table sign. The refusal's ``cite`` stays the bare
section, and a citation of a chapter whose text croupier has (675a) is never marked."""

from __future__ import annotations

from server_api import EXAMPLES, Api

CRAPS = EXAMPLES / "craps.toml"
SIC_BO = EXAMPLES / "sic-bo.toml"


def test_a_craps_refusal_says_its_citation_is_inferred(api: Api) -> None:
    """examples/rules/craps.toml sets ``fire_bet_maximum = 1_000``: a $11 Fire Bet is
    refused under 623a.11 (the Fire Bet's least and most amounts, 2011 preamble), and
    nothing moves: ann keeps her $100."""
    api.table("cr", CRAPS)
    ann_id, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1, "cr")
    r = api.wager(ann, 1, "fire_bet", 1_100, table_id="cr")
    assert r.status_code == 422, r.text
    assert r.json() == {
        "detail": "a Fire Bet may be at most $10, not $11 (623a.11 (inferred))",
        "cite": "623a.11",
        "cite_basis": "inferred",
    }
    assert api.wallets()[ann_id] == 10_000


def test_a_high_roll_dice_refusal_is_not_marked(api: Api) -> None:
    """Ch. 675a's text is at hand: a $1 Pip Street wager under the table's $5 minimum
    (examples/rules/high-roll-dice-ten-dice.toml, $5 to $500) is refused under
    675a.2(e)(1), bare in both ``cite`` and ``detail``, with no ``cite_basis``."""
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    r = api.wager(ann, 1, "pip_street:ace", 100)
    assert r.status_code == 422, r.text
    assert r.json() == {
        "detail": "a wager on Pip Street ace must be $5 to $500, not $1 (675a.2(e)(1))",
        "cite": "675a.2(e)(1)",
    }
    assert "inferred" not in r.text


def test_the_sic_bo_sign_marks_its_citations(api: Api) -> None:
    """The Sic Bo sign cites 625a.1 (the odds posted), 625a.6 (payment) and 625a.3 (the
    wagers), each marked; the High Roll Dice sign (675a.1(b)(3)) is not."""
    api.table("sb", SIC_BO)
    api.table()
    _, ann = api.player("ann")
    r = api.client.get("/tables/sb/sign", headers=ann)
    assert r.status_code == 200, r.text
    text = r.json()["text"]
    assert "PAYOUT ODDS (625a.1 (inferred); 625a.6 (inferred))" in text
    assert "Wagers (625a.3 (inferred))" in text
    assert "Total Value (625a.3 (inferred))" in text
    r = api.client.get("/tables/hrd/sign", headers=ann)
    assert r.status_code == 200, r.text
    assert "inferred" not in r.json()["text"]
