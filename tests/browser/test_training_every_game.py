"""Every drill of every game on the training page (issue #35, "Done when": each drill for
every game in Chromium): one item answered right and one wrong, from the keyboard. The
answers are computed here from the training module's own item of the same seed (the
engine's settlement, the house way, the round's order, the engine's remedy), never read
from the page; the right one is marked right, the wrong one corrected with the amount (or
the step, the setting, the remedy) and the section, and both are in the training record.

One browser context (one trainee) a game; the session's one server."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import Server, missing, sign_up

from croupier.citations import shown
from croupier.money import format_cents
from croupier.registry import GAMES
from croupier.training import items
from croupier.training.drill import drills_of
from croupier.training.procedure import step_name

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

SEED = 11
LEVEL = 3
"""The highest level: most wagers at once, and the total asked where there are several."""
SECTION = re.compile(r"\b\d{3}a\.\d+")
"""A section of a chapter as the corrections cite it (``621a.10(d)``, ``623a.9``)."""
PAIRS = [(game, drill) for game, spec in GAMES.items() for drill in drills_of(spec)]


class Trainees:
    """One trainee (one browser context) a game, the one of the game before closed when
    the next game's is made: the tests come game by game."""

    def __init__(self, browser: Any, server: Server) -> None:
        self.browser, self.server = browser, server
        self.game = ""
        self.context: Any = None
        self.page: Any = None

    def of(self, game: str) -> Any:
        """The page of ``game``'s trainee."""
        if game != self.game:
            self.close()
            self.context, self.page = sign_up(self.browser, self.server, f"drills {game}")
            self.game = game
        return self.page

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
            self.context = None


@pytest.fixture(scope="module")
def trainees(browser: Any, server: Server) -> Iterator[Trainees]:
    made = Trainees(browser, server)
    yield made
    made.close()


def start(page: Any, server: Server, game: str, drill: str, seed: int = SEED) -> None:
    """The training page for ``game``'s ``drill`` at ``seed``, started."""
    page.goto(
        f"{server.url}/play/training.html?game={game}&drill={drill}&level={LEVEL}&seed={seed}"
    )
    page.wait_for_function(
        "([g, d]) => document.getElementById('game').value === g"
        " && document.getElementById('drill').value === d",
        arg=[game, drill],
    )
    offered = page.locator("#drill option")
    assert [offered.nth(i).get_attribute("value") for i in range(offered.count())] == (
        drills_of(GAMES[game])
    )
    page.get_by_role("button", name="Start").click()


def verdicts(page: Any) -> list[tuple[bool, str]]:
    """Each verdict of the item shown: whether marked right, and its words."""
    found = page.locator("#item .verdict")
    return [
        (found.nth(i).get_attribute("data-right") == "true", found.nth(i).inner_text())
        for i in range(found.count())
    ]


def next_item(page: Any, number: int) -> None:
    page.keyboard.press("Enter")  # the next item, from the keyboard
    page.wait_for_selector(f"#item h2:has-text('Item {number}')")


def cited(words: str, cite: str) -> None:
    assert shown(cite) in words, words
    assert SECTION.search(words), words


def stored(server: Server, game: str, drill: str) -> list[tuple[str, str, int, str]]:
    with sqlite3.connect(server.db) as db:
        rows = db.execute(
            "SELECT expected, given, right, cite FROM training_results "
            "WHERE trainee LIKE ? AND game = ? AND drill = ? ORDER BY id",
            (f"drills {game} (id %", game, drill),
        ).fetchall()
    return [tuple(row) for row in rows]


def paying_seed(game: str) -> int:
    """The first seed from ``SEED`` whose second payout item has a wager that pays (so
    that the correction of a wrong answer shows an amount, not "nothing")."""
    return next(
        seed
        for seed in range(SEED, SEED + 100)
        if any(p.pays for p in items.payout_item(game, LEVEL, seed=seed, item=1).payouts)
    )


def payouts(page: Any, server: Server, game: str) -> None:
    seed = paying_seed(game)
    expected = []
    for number in (0, 1):
        item = items.payout_item(game, LEVEL, seed=seed, item=number)
        page.wait_for_selector("#answer-0")
        scene = page.locator(".scene").inner_text()
        assert all(line in scene for line in item.scene), (item.scene, scene)
        pays = [p.pays for p in item.payouts]
        wrong = next(i for i, cents in enumerate(pays) if cents) if number else -1
        given = [cents + 100 * (i == wrong) for i, cents in enumerate(pays)]  # one wrong
        typed = [f"{cents / 100:.2f}" for cents in given]
        if len(pays) > 1:  # the total paid, asked at this level
            typed.append(f"{sum(pays) / 100:.2f}")
        page.keyboard.type(typed[0])
        for amount in typed[1:]:
            page.keyboard.press("Enter")
            page.keyboard.type(amount)
        page.keyboard.press("Enter")
        page.wait_for_selector("#item .verdict")
        shown_verdicts = verdicts(page)
        assert len(shown_verdicts) == len(typed)
        marks = [mark for mark, _ in shown_verdicts]
        assert marks == [i != wrong for i in range(len(typed))], shown_verdicts
        if number:
            [_, words] = shown_verdicts[wrong]
            payout = item.payouts[wrong]
            assert words.startswith(f"Wrong: {payout.wager}"), words
            assert f"it pays {format_cents(payout.pays)}, not {format_cents(given[wrong])}" in (
                words
            )
            cited(words, payout.cite)
        expected += [
            (f"{p.pays / 100:.2f}", f"{g / 100:.2f}", int(p.pays == g), p.cite)
            for p, g in zip(item.payouts, given, strict=True)
        ]
        if len(pays) > 1:
            cites = "; ".join(dict.fromkeys(p.cite for p in item.payouts if p.pays))
            expected.append((f"{sum(pays) / 100:.2f}", f"{sum(pays) / 100:.2f}", 1, cites))
        if number == 0:
            next_item(page, 2)
    assert stored(server, game, "payouts") == expected


def procedure(page: Any, server: Server, game: str) -> None:
    page.wait_for_selector("ol.steps")
    drill = items.procedure_drill(game, seed=SEED, item=0)
    choices = drill.choices()
    assert page.locator("ol.steps li").all_inner_texts() == choices
    order = [step_name(step) for step in drill.steps]
    for name in order:  # the first item: the whole round in the regulation's order
        count = page.locator("#item .verdict").count()
        page.keyboard.press(str(choices.index(name) + 1))
        page.wait_for_function(f"document.querySelectorAll('#item .verdict').length > {count}")
    page.wait_for_selector("text=The round is over.")
    assert [mark for mark, _ in verdicts(page)] == [True] * len(order)
    next_item(page, 2)

    page.wait_for_selector("ol.steps")
    second = items.procedure_drill(game, seed=SEED, item=1)
    due = step_name(second.steps[0])
    wrong, refusal = next(
        (name, verdict)
        for name in second.choices()
        if name != due
        and not (verdict := items.procedure_drill(game, seed=SEED, item=1).take(name)).right
    )
    page.keyboard.press(str(second.choices().index(wrong) + 1))
    page.wait_for_selector("#item .verdict")
    [(mark, words)] = verdicts(page)
    assert not mark
    assert f"Refused: {wrong}:" in words and f"The step due: {due}." in words, words
    cited(words, refusal.cite)
    rows = stored(server, game, "procedure")
    assert [(e, g, r) for e, g, r, _ in rows] == [
        *[(name, name, 1) for name in order],
        (due, wrong, 0),
    ]
    assert rows[-1][3] == refusal.cite


def house_way(page: Any, server: Server, game: str) -> None:
    page.wait_for_selector("#answer-0")
    first = items.setting_item(game, seed=SEED, item=0)
    assert all(line in page.locator(".scene").inner_text() for line in first.scene)
    page.keyboard.type(" ".join(first.first))
    page.keyboard.press("Enter")
    page.wait_for_selector("#item .verdict")
    [(mark, words)] = verdicts(page)
    assert mark, words
    next_item(page, 2)

    page.wait_for_selector("#answer-0")
    second = items.setting_item(game, seed=SEED, item=1)
    wrong = " ".join(second.second)  # the low hand's tiles named as the high hand's
    assert sorted(second.second) != sorted(second.first)
    page.keyboard.type(wrong)
    page.keyboard.press("Enter")
    page.wait_for_selector("#item .verdict")
    [(mark, words)] = verdicts(page)
    assert not mark
    assert f"the house way sets {second.said()}" in words, words
    cited(words, second.cite)
    rows = stored(server, game, "house-way")
    assert rows == [
        (first.said(), " ".join(first.first), 1, first.cite),
        (second.said(), wrong, 0, second.cite),
    ]


def irregularities(page: Any, server: Server, game: str) -> None:
    page.wait_for_selector(".remedies")
    first = items.irregularity_item(game, seed=SEED, item=0)
    assert first.what in page.locator(".what").inner_text()
    assert page.locator(".remedies li").all_inner_texts() == [r.words for r in first.choices]
    page.keyboard.press(str(first.choices.index(first.expected) + 1))
    page.wait_for_selector("#item .verdict")
    [(mark, words)] = verdicts(page)
    assert mark, words
    next_item(page, 2)

    page.wait_for_selector(".remedies")
    second = items.irregularity_item(game, seed=SEED, item=1)
    wrong = next(r for r in second.choices if r is not second.expected)
    page.keyboard.press(str(second.choices.index(wrong) + 1))
    page.wait_for_selector("#item .verdict")
    [(mark, words)] = verdicts(page)
    assert not mark
    assert f"Wrong: {second.expected.words}, not {wrong.words}." in words, words
    assert second.quote in words
    cited(words, second.cite)
    assert stored(server, game, "irregularities") == [
        (first.expected.words, first.expected.words, 1, first.cite),
        (second.expected.words, wrong.words, 0, second.cite),
    ]


DRILLS = {
    "payouts": payouts,
    "procedure": procedure,
    "house-way": house_way,
    "irregularities": irregularities,
}


@pytest.mark.parametrize(("game", "drill"), PAIRS, ids=[f"{g}-{d}" for g, d in PAIRS])
def test_each_drill_of_each_game_is_judged_corrected_and_recorded(
    game: str, drill: str, trainees: Trainees, server: Server
) -> None:
    page = trainees.of(game)
    start(page, server, game, drill, paying_seed(game) if drill == "payouts" else SEED)
    DRILLS[drill](page, server, game)
    assert "Score: " in page.locator("#score").inner_text()
    assert not page.errors  # type: ignore[attr-defined]
