"""Drill items named by numbers, so that a page can ask for an item and answer it in two
requests with nothing kept between them: the item ``item`` of a session ``seed`` at a
level is always the same situation (its wagers and its dice, cards or tiles drawn from
one seed made of both).

>>> a = payout_item("sic-bo", 2, seed=7, item=3)
>>> b = payout_item("sic-bo", 2, seed=7, item=3)
>>> a == b
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from croupier.rng import SeededRng
from croupier.rules.base import RulesSubmission
from croupier.training.drill import PayoutDrill, SettingDrill
from croupier.training.irregularity import Incident
from croupier.training.setting import Arrangement as Arrangement
from croupier.training.situation import Level, Situation

SEED_MOST = 2**48
"""Seeds are whole numbers from 0 below this."""


def item_seed(seed: int, item: int) -> int:
    """The one seed of item ``item`` of session ``seed``."""
    if not (0 <= seed < SEED_MOST and 0 <= item < 1_000_000):
        raise ValueError(f"a session's seed is 0 to {SEED_MOST - 1} and an item 0 to 999,999")
    return seed * 1_000_003 + item


def payout_item(
    game: str, level: int, *, seed: int, item: int, rules: RulesSubmission | None = None
) -> Situation:
    """Item ``item`` of the payout session ``seed`` of ``game`` at ``level``, under
    ``rules`` (the game's default where ``None``; so for every drill here)."""
    one = item_seed(seed, item)
    return PayoutDrill(game, rules=rules, level=Level(level), seed=one, rng=SeededRng(one)).deal()


def setting_item(
    game: str, *, seed: int, item: int, rules: RulesSubmission | None = None
) -> Arrangement:
    """Item ``item`` of the house-way session ``seed`` of ``game``."""
    one = item_seed(seed, item)
    return SettingDrill(game, rules=rules, seed=one, rng=SeededRng(one)).deal()


def irregularity_item(
    game: str, *, seed: int, item: int, rules: RulesSubmission | None = None
) -> Incident:
    """Item ``item`` of the irregularity session ``seed`` of ``game``; raises
    :class:`ValueError` for a game with no such drill."""
    from croupier.training.irregularity import IrregularityDrill

    one = item_seed(seed, item)
    return IrregularityDrill(game, rules=rules, seed=one, rng=SeededRng(one)).deal()


def procedure_drill(
    game: str,
    *,
    seed: int,
    item: int,
    taken: Sequence[str] = (),
    rules: RulesSubmission | None = None,
) -> Any:
    """The procedure drill of item ``item`` of session ``seed``, with the steps ``taken``
    (each one the round took) taken again; raises :class:`ValueError` where one of them
    is not taken (they are not this round's)."""
    from croupier.training.procedure import ProcedureDrill

    drill = ProcedureDrill(game, rules=rules, seed=item_seed(seed, item))
    for name in taken:
        if drill.finished or not drill.take(name).right:
            raise ValueError("the steps sent as taken are not those of this round")
    drill.results.clear()
    return drill
