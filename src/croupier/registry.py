"""The registry of games: one :class:`~croupier.game.GameSpec` per game, found by name.

Every layer outside a game's own package (the server, the ledger, the CLI, the analysis
commands, the browser) finds a game here and talks to it through
:mod:`croupier.game` only. This is the one module that imports the games. A game made
elsewhere (a test's) joins with :func:`register`.

The Rules Submission loader lives here too: a submission's ``game`` key picks its model
among the registered games (:func:`load_text`, :func:`load`).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from croupier.engine import Round
from croupier.errors import NoSign, RulesSubmissionError, UnknownGame
from croupier.game import GameSpec
from croupier.games.craps.policy import SPEC as CRAPS
from croupier.games.criss_cross_poker.policy import SPEC as CRISS_CROSS_POKER
from croupier.games.double_back_jack.policy import SPEC as DOUBLE_BACK_JACK
from croupier.games.go_fore_it.policy import SPEC as GO_FORE_IT
from croupier.games.high_roll_dice.policy import SPEC as HIGH_ROLL_DICE
from croupier.games.pai_gow.policy import SPEC as PAI_GOW
from croupier.games.sic_bo.policy import SPEC as SIC_BO
from croupier.rules.base import RulesSubmission, validate

if TYPE_CHECKING:
    from rich.console import RenderableType

GAMES: dict[str, GameSpec] = {
    spec.name: spec
    for spec in (
        HIGH_ROLL_DICE,
        GO_FORE_IT,
        PAI_GOW,
        DOUBLE_BACK_JACK,
        CRISS_CROSS_POKER,
        SIC_BO,
        CRAPS,
    )
}
"""Every game by its name, in the order the lobby and the help list them."""


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to :data:`GAMES` (a game defined outside croupier's packages); a name
    taken by another game raises :class:`ValueError`."""
    known = GAMES.get(spec.name)
    if known is not None and known is not spec:
        raise ValueError(f"a game named {spec.name!r} is registered already")
    GAMES[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Remove the game ``name`` (a test's, registered with :func:`register`)."""
    GAMES.pop(name, None)


def find(name: object) -> GameSpec:
    """The game named ``name``; raises :class:`~croupier.errors.UnknownGame` (naming the
    games there are) for any other value."""
    if isinstance(name, str):
        found = GAMES.get(name)
        if found is not None:
            return found
    known = ", ".join(sorted(GAMES))
    if name is None:
        raise UnknownGame(f"the Rules Submission names no game; known games: {known}", "601a.2")
    raise UnknownGame(f"unknown game {name!r}; known games: {known}", "601a.2")


def round_type(name: str) -> type[Round[Any]]:
    """The round class of game ``name`` (see :func:`find`)."""
    return find(name).round_type


def spec_of(round_: Round[Any]) -> GameSpec:
    """The game ``round_`` is a round of."""
    return find(round_.game)


def sign_for(rules: RulesSubmission) -> RenderableType:
    """The table sign of ``rules``, drawn by its game (:attr:`GameSpec.sign`). Raises
    :class:`~croupier.errors.NoSign` (``rules show``) for a game that draws none."""
    drawn = find(rules.game).draw_sign(rules)
    if drawn is None:
        raise NoSign(f"no table sign is drawn for {rules.game} yet", "rules show")
    return drawn


def load_text(text: str) -> RulesSubmission:
    """A Rules Submission from TOML text; its ``game`` key picks the model.

    Raises :class:`RulesSubmissionError` for bad TOML, an unknown game, or a
    choice the regulation does not allow (the message names the section).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesSubmissionError(f"not valid TOML: {error}", "601a.2") from error
    return rules_from_data(data)


def rules_from_data(data: dict[str, Any]) -> RulesSubmission:
    """A Rules Submission from its data (TOML or JSON read already); ``game`` picks the
    model. Raises :class:`RulesSubmissionError` as :func:`load_text` does."""
    spec = find(data.get("game"))
    return validate(spec.rules_type, data)


def load(path: str | Path) -> RulesSubmission:
    """A Rules Submission from a TOML file (see :func:`load_text`)."""
    return load_text(Path(path).read_text(encoding="utf-8"))


__all__ = [
    "GAMES",
    "find",
    "load",
    "load_text",
    "register",
    "round_type",
    "rules_from_data",
    "sign_for",
    "spec_of",
    "unregister",
]
