"""The training page (issue #35) in Chromium, keyboard only: a payout item answered with
Enter from field to field, judged by the engine (a wrong amount corrected with the amount
and the section), the next item dealt with Enter, and the house way set; every answer in
the training record under the trainee's name."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from browser_support import Server, missing, sign_up

from croupier.training.items import payout_item, setting_item

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def test_a_trainee_answers_payouts_and_the_house_way_from_the_keyboard(
    browser: Any, server: Server
) -> None:
    context, page = sign_up(browser, server, "tia")
    page.goto(server.url + "/play/training.html?game=craps&level=1&seed=7")
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector("#answer-0")
    item = payout_item("craps", 1, seed=7, item=0)
    scene = page.locator(".scene").inner_text()
    assert all(line in scene for line in item.scene)
    amounts = [f"{p.pays / 100:.2f}" for p in item.payouts]
    typed = [f"{(item.payouts[0].pays + 100) / 100:.2f}", *amounts[1:]]  # the first wrong
    page.keyboard.type(typed[0])
    for amount in typed[1:]:
        page.keyboard.press("Enter")
        page.keyboard.type(amount)
    page.keyboard.press("Enter")
    page.wait_for_selector(".verdict")
    verdicts = page.locator(".verdict")
    assert verdicts.count() == len(amounts)
    first = verdicts.nth(0)
    assert first.get_attribute("data-right") == "false"
    assert f"${amounts[0].removesuffix('.00')}" in first.inner_text()
    assert "(inferred))" in first.inner_text()
    right = len(amounts) - 1
    assert f"Score: {right} of {len(amounts)} right" in page.locator("#score").inner_text()
    page.keyboard.press("Enter")  # the next item
    page.wait_for_selector("text=Item 2")

    page.goto(server.url + "/play/training.html?game=pai-gow&drill=house-way&seed=3")
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector("#answer-0")
    tiles = setting_item("pai-gow", seed=3, item=0)
    page.keyboard.type(" ".join(tiles.first))
    page.keyboard.press("Enter")
    verdict = page.wait_for_selector(".verdict")
    assert verdict.get_attribute("data-right") == "true"
    assert tiles.cite in verdict.inner_text()
    assert not page.errors  # type: ignore[attr-defined]
    context.close()

    with sqlite3.connect(server.db) as db:
        rows = db.execute(
            "SELECT game, drill, right FROM training_results WHERE trainee LIKE 'tia (id %' "
            "ORDER BY id"
        ).fetchall()
    assert rows == [
        *[("craps", "payouts", int(i > 0)) for i in range(len(amounts))],
        ("pai-gow", "house-way", 1),
    ]


def test_the_procedure_drill_from_the_keyboard(browser: Any, server: Server) -> None:
    from croupier.training.items import procedure_drill
    from croupier.training.procedure import step_name

    context, page = sign_up(browser, server, "pat")
    page.goto(server.url + "/play/training.html?game=go-fore-it&drill=procedure&seed=4")
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector("ol.steps")
    drill = procedure_drill("go-fore-it", seed=4, item=0)
    choices = drill.choices()
    order = [choices.index(step_name(step)) + 1 for step in drill.steps]
    page.keyboard.press(str(order[-1]))  # the last step first: refused with its section
    refused = page.wait_for_selector(".verdict")
    assert refused.get_attribute("data-right") == "false" and "676a." in refused.inner_text()
    for number in order:
        count = page.locator(".verdict").count()
        page.keyboard.press(str(number))
        page.wait_for_function(f"document.querySelectorAll('.verdict').length > {count}")
    page.wait_for_selector("text=The round is over.")
    verdicts = page.locator(".verdict")
    assert [verdicts.nth(i).get_attribute("data-right") for i in range(verdicts.count())] == [
        "false",
        *["true"] * len(order),
    ]
    assert f"Score: {len(order)} of {len(order) + 1} right" in page.locator("#score").inner_text()
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_the_irregularity_drill_under_a_shipped_rules_submission(
    browser: Any, server: Server
) -> None:
    from pathlib import Path

    from croupier.registry import load
    from croupier.training.items import irregularity_item

    shipped = Path(__file__).parents[2] / "examples" / "rules" / "high-roll-dice-six-dice.toml"
    rules = load(shipped)
    context, page = sign_up(browser, server, "ira")
    page.goto(
        server.url + "/play/training.html?game=high-roll-dice&drill=irregularities"
        "&rules=high-roll-dice-six-dice&seed=6"
    )
    page.wait_for_selector("#rules option:has-text('high-roll-dice-six-dice')", state="attached")
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector(".remedies")
    first = irregularity_item("high-roll-dice", seed=6, item=0, rules=rules)
    assert first.what in page.locator(".what").inner_text()
    thrown = next(line for line in first.scene if line.startswith("Dice thrown"))
    assert len(thrown.split(":")[1].split()) == 6  # six dice: the rules chosen, not ten
    assert thrown in page.locator(".scene").inner_text()
    wrong = next(i for i, r in enumerate(first.choices, 1) if r is not first.expected)
    page.keyboard.press(str(wrong))
    verdict = page.wait_for_selector(".verdict")
    assert verdict.get_attribute("data-right") == "false"
    assert first.cite in verdict.inner_text() and first.quote in verdict.inner_text()
    page.keyboard.press("Enter")  # the next item
    page.wait_for_selector("text=Item 2")
    page.wait_for_selector(".remedies")
    second = irregularity_item("high-roll-dice", seed=6, item=1, rules=rules)
    page.keyboard.press(str(second.choices.index(second.expected) + 1))
    page.wait_for_selector(".verdict[data-right='true']")
    assert "Score: 1 of 2 right" in page.locator("#score").inner_text()
    assert not page.errors  # type: ignore[attr-defined]
    context.close()

    with sqlite3.connect(server.db) as db:
        rows = db.execute(
            "SELECT game, drill, right, cite FROM training_results WHERE trainee LIKE 'ira (id %' "
            "ORDER BY id"
        ).fetchall()
    assert rows == [
        ("high-roll-dice", "irregularities", 0, first.cite),
        ("high-roll-dice", "irregularities", 1, second.cite),
    ]
