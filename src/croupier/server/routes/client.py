"""The browser client (static ES modules, CSS and SVG, no build step) under ``/play/``,
``/`` sent there, and the games' command schemas the client builds its forms from."""

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from croupier.ledger import repository as repo
from croupier.registry import GAMES, find
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
        game=game, commands=find(game).round_type.command_adapter.json_schema()
    )


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
