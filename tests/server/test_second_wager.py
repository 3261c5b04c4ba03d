"""A second wager on a spot that holds one (one wager a spot) is refused for its amount
first where no wager there could be that amount (not whole cents, under the minimum, not
the equal value the spot takes), as a pit refuses chips no wager takes before saying
the spot is taken; an amount a wager there could be is refused as the second wager it
is. A fresh tester found every such amount refused as a duplicate, and later one sent
as ``null`` (no amount at all) still refused as the spot taken."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from server_api import EXAMPLES, Api

from croupier.rng import SeededRng

CASES = {
    # table, spot, the first wager, a second: (amount, the refusal's sentence)
    "high-roll-dice-ten-dice.toml": (
        "pip_street:ace",
        500,
        [
            (1, "a wager on Pip Street ace must equal $5, not $0.01 (675a.1(b)(2)(iv))"),
            (550, "a wager on Pip Street ace must equal $5, not $5.50 (675a.1(b)(2)(iv))"),
            (
                5.5,
                "a wager must be a whole number of cents, "
                "written as a JSON integer such as 500 (no quotes, no decimal point), "
                "not 5.5 (675a.2(e))",
            ),
            (
                None,
                "a wager must be a whole number of cents, "
                "written as a JSON integer such as 500 (no quotes, no decimal point), "
                "not null (675a.2(e))",
            ),
            (500, "seat 1 already has a wager on Pip Street ace (675a.2(e))"),
        ],
    ),
    "pai-gow.toml": (
        "pai_gow",
        500,
        [
            (1, "a wager must be $5 to $5,000, not $0.01 (601a.2)"),
            (
                5.5,
                "a wager must be a whole number of cents, "
                "written as a JSON integer such as 500 (no quotes, no decimal point), "
                "not 5.5 (621a.7(a))",
            ),
            (
                None,
                "a wager must be a whole number of cents, "
                "written as a JSON integer such as 500 (no quotes, no decimal point), "
                "not null (621a.7(a))",
            ),
            (550, "seat 1 already has a wager (621a.7(a))"),
        ],
    ),
    "double-back-jack.toml": (
        "blackjack",
        1500,
        [
            (1, "a Blackjack Wager must be $15 to $1,000, not $0.01 (673a.6(d))"),
            (
                5.5,
                "a Blackjack Wager must be a whole number of cents, "
                "written as a JSON integer such as 500 (no quotes, no decimal point), "
                "not 5.5 (673a.6(d))",
            ),
            (
                None,
                "a Blackjack Wager must be a whole number of cents, "
                "written as a JSON integer such as 500 (no quotes, no decimal point), "
                "not null (673a.6(d))",
            ),
            (1500, "a wager once made may not be altered until it is settled (673a.6(c))"),
        ],
    ),
}


@pytest.fixture
def api(migrated_sqlite: Callable[[str], str]) -> Iterator[Api]:
    """SQLite, cards and tiles shuffled from a seed (the words do not depend on either)."""
    client = Api(migrated_sqlite("second.sqlite"), rng=SeededRng(3))
    yield client
    client.close()


@pytest.mark.parametrize("rules", sorted(CASES))
def test_a_second_wagers_amount_is_judged_before_the_spot_taken(api: Api, rules: str) -> None:
    spot, first, seconds = CASES[rules]
    api.table("t", EXAMPLES / rules)
    _, ann = api.player("ann", deposit=100_000)
    api.sit(ann, 1, "t")
    assert api.wager(ann, 1, spot, first, table_id="t").status_code == 200
    before = api.snapshot()
    for amount, said in seconds:
        r = api.wager(ann, 1, spot, amount, table_id="t")
        assert r.status_code == 422, r.text
        assert r.json()["detail"] == said, amount
    assert api.snapshot() == before
