"""The browser client (static ES modules, CSS and SVG, no build step) under ``/play/``,
``/`` sent there, and the games' command schemas the client builds its forms from."""

import functools
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from croupier.ledger import repository as repo
from croupier.offers import Amount, Choice, Fixed
from croupier.registry import GAMES, find
from croupier.rng import SeededRng
from croupier.server import schemas
from croupier.server.browser import STATIC
from croupier.server.routes.deps import PROBLEMS

router = APIRouter()


@router.get("/games/{game}/commands", response_model=schemas.CommandSchemaOut, responses=PROBLEMS)
def commands(game: str) -> schemas.CommandSchemaOut:
    """The JSON Schema of the game's commands (a union tagged by ``type``)."""
    if game not in GAMES:
        raise repo.NotFound(f"no game {game!r}; known: {', '.join(GAMES)}", "601a.2")
    return schemas.CommandSchemaOut(
        game=game,
        commands=find(game).round_type.command_adapter.json_schema(),
        send=schemas.SendOut.of(_first_offer(game)),
    )


@functools.cache
def _first_offer(game: str) -> dict[str, Any]:
    """What seat 1 may send first in a round of ``game`` under its standard Rules
    Submission, built by the offer itself (:meth:`~croupier.offers.LegalCommand.build`):
    each choice's first value, each amount its least, the fixed values as they are."""
    spec = find(game)
    game_type = spec.round_type
    rules = game_type.rules_type.model_validate({"game": game})
    round_ = game_type.open(rules, table_id="T1", round_id="R1", seats={1: "you"}, rng=SeededRng(0))
    spec.policy.run_dealer_steps(round_)
    offer = round_.legal_commands(1)[0]
    return offer.build(
        **{
            name: _least(typed)
            for name, typed in offer.fields.items()
            if not typed.optional and not isinstance(typed, Fixed)
        }
    )


def _least(typed: Any) -> Any:
    """The first value a field's offer takes: a choice's first, an amount's least, a
    range's low end."""
    if isinstance(typed, Choice):
        return typed.values[0]
    if isinstance(typed, Amount):
        return typed.least
    return typed.low


@router.get("/", include_in_schema=False)
def home() -> RedirectResponse:
    return RedirectResponse("/play/")


@router.get("/favicon.ico", include_in_schema=False)
def favicon() -> FileResponse:
    """The tables' icon, where a browser asks for it before reading a page's link."""
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


def mount(app: FastAPI) -> None:
    """Serve the static client under ``/play/`` (an included router cannot mount)."""
    app.mount("/play", StaticFiles(directory=STATIC, html=True), name="play")
