"""What the route modules share: the server's parts a request reaches (:class:`Server`,
kept in ``app.state.server``), the database session, the caller named by the bearer
token, the ``Idempotency-Key`` header, the role check and the answers every endpoint
documents (:data:`PROBLEMS`)."""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, cast

from fastapi import Depends, Header
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import StringConstraints, TypeAdapter
from sqlalchemy.orm import Session, sessionmaker
from starlette.requests import HTTPConnection

from croupier.errors import CroupierError, Unauthorized
from croupier.ledger import repository as repo
from croupier.ledger.models import Player
from croupier.rng import Rng
from croupier.server import fanout, legacy, schemas, service
from croupier.server.gate import Gate
from croupier.server.ratelimit import Buckets
from croupier.server.writer import Writer


@dataclass(frozen=True)
class Server:
    """One application's parts: its sessions, the random source of every round
    (``rng``), the clock deadlines are measured by (aware UTC), the WebSocket hub, the
    commands' writer, the per-table command limits and the events stored before sealing
    (:mod:`croupier.server.legacy`)."""

    sessions: sessionmaker[Session]
    rng: Rng
    clock: Callable[[], datetime]
    hub: fanout.Hub
    writer: Writer
    limits: Buckets
    chains: legacy.LegacyChains
    gate: Gate
    """The sign-in rules: locked accounts, ended and idle sessions (:mod:`croupier.server.gate`)."""


def server_of(connection: HTTPConnection) -> Server:
    """The :class:`Server` of the application that received ``connection``."""
    return cast(Server, connection.app.state.server)


bearer = HTTPBearer(auto_error=False)
"""The bearer token (``Authorization: Bearer TOKEN``), ``None`` when there is none."""
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]

PROBLEMS: dict[int | str, dict[str, Any]] = {
    401: {"model": schemas.Problem, "description": "No or unknown bearer token."},
    403: {"model": schemas.Problem, "description": "The caller's role or seat may not."},
    404: {"model": schemas.Problem, "description": "No such player, table or round."},
    409: {
        "model": schemas.Problem,
        "description": "Refused in the state as it stands (the rule is cited): wrong phase, "
        "a balance too small, a stale round version; or (server:try-again) the database "
        "undid the request to break a deadlock with another, after the server's own "
        "retries: nothing was done, send it again with the same Idempotency-Key.",
    },
}
"""The refusals every endpoint may answer, as the OpenAPI description lists them."""


def session(connection: HTTPConnection) -> Iterator[Session]:
    """A database session for one request, closed after it."""
    with server_of(connection).sessions() as s:
        yield s


Db = Annotated[Session, Depends(session)]


def unauthorized(credentials: HTTPAuthorizationCredentials | None) -> Unauthorized:
    """The 401 of a request with no bearer token or one that belongs to nobody."""
    if credentials is None:
        return Unauthorized("send a bearer token (Authorization: Bearer ...)", "server:auth")
    return Unauthorized("this bearer token belongs to nobody", "server:auth")


def identify(db: Session, credentials: HTTPAuthorizationCredentials | None) -> Player:
    """The player the bearer token names; :class:`Unauthorized` (401) when none does."""
    player = None if credentials is None else repo.player_by_token(db, credentials.credentials)
    if player is None:
        raise unauthorized(credentials)
    return player


def refusal(
    connection: HTTPConnection,
    credentials: HTTPAuthorizationCredentials | None,
    roles: tuple[str, ...] = (),
    allows: Callable[[Player, HTTPConnection], None] | None = None,
) -> CroupierError | None:
    """Why the bearer of ``credentials`` may not make a request at all (no or an unknown
    token, an ended or idle session, a role not among ``roles`` where any are given, a
    refusal of ``allows``, the endpoint's own check of who may), or ``None``: checked
    before a malformed request is answered (in a session of its own)."""
    if credentials is None:
        return unauthorized(credentials)
    with server_of(connection).sessions() as db:
        player = repo.player_by_token(db, credentials.credentials)
        if player is None:
            return unauthorized(credentials)
        try:
            server_of(connection).gate.admit(db, player, activity=False)
            db.commit()
            if roles:
                role(player, *roles)
            if allows is not None:
                allows(player, connection)
        except CroupierError as refused:
            return refused
    return None


def caller(connection: HTTPConnection, db: Db, credentials: Credentials) -> Player:
    """The player the bearer token names, admitted by the server's :class:`Gate` (his
    account not locked, his session not ended or idle; the request counted as activity
    and committed). Raises :class:`Unauthorized` (401)."""
    player = identify(db, credentials)
    server_of(connection).gate.admit(db, player)
    db.commit()
    return player


def reader(connection: HTTPConnection, db: Db, credentials: Credentials) -> Player:
    """As :func:`caller`, but the request does not count as activity (a clock's read)."""
    player = identify(db, credentials)
    server_of(connection).gate.admit(db, player, activity=False)
    db.commit()
    return player


Caller = Annotated[Player, Depends(caller)]
Reader = Annotated[Player, Depends(reader)]

KEY: TypeAdapter[str] = TypeAdapter(Annotated[str, StringConstraints(min_length=1, max_length=200)])
"""The ``Idempotency-Key`` header's constraints (the same as the declared :data:`Key`)."""
Key = Annotated[
    str,
    Header(
        alias="Idempotency-Key",
        min_length=1,
        max_length=200,
        description="Required: a key unique to this request (any text up to 200 "
        "characters; a fresh UUID); a retry with it gets the first answer and nothing is "
        "done twice.",
        openapi_examples={
            "uuid": {"summary": "A fresh UUID for this request", "value": schemas.KEY_EXAMPLE}
        },
    ),
]
OptionalKey = Annotated[
    str | None,
    Header(
        alias="Idempotency-Key",
        min_length=1,
        max_length=200,
        description="A key unique to this request; a retry with it gets the first answer "
        "(without one, a request sent again is judged afresh).",
    ),
]
"""An ``Idempotency-Key`` a request may go without (taking or leaving a seat)."""


def role(player: Player, *roles: str) -> None:
    """Refuse (403, ``server:roles``) a caller whose role is none of ``roles``."""
    if player.role not in roles:
        raise service.AccessDenied(
            f"this needs the role {' or '.join(roles)}, not {player.role}", "server:roles"
        )


def needs(*roles: str) -> Any:
    """A dependency: the caller (:func:`caller`), refused 403 unless his role is one of
    ``roles``. As a dependency it runs before the request's fields are validated, so that
    a caller who may not make the request learns nothing of its form (issue #32); the
    roles are kept on it (``roles``) for :mod:`croupier.server.handlers`, which checks
    them before answering a body that is not JSON at all."""

    def staff(connection: HTTPConnection, db: Db, credentials: Credentials) -> Player:
        player = caller(connection, db, credentials)
        role(player, *roles)
        return player

    staff.roles = roles  # type: ignore[attr-defined]
    return Depends(staff)


Admin = Annotated[Player, needs("admin")]
"""The caller, an admin (else 403 before the request is validated)."""
Staff = Annotated[Player, needs("dealer", "admin")]
"""The caller, a dealer or an admin (else 403 before the request is validated)."""


def _himself_or_admin(player: Player, connection: HTTPConnection) -> None:
    if player.id != connection.path_params.get("player_id") and player.role != "admin":
        raise service.AccessDenied(
            "only the player himself or an admin may see or change a player's limits, "
            "reminders and status",
            "server:roles",
        )


def allowing(allows: Callable[[Player, HTTPConnection], None]) -> Any:
    """A dependency: the caller (:func:`caller`), refused (403) by ``allows`` (who may, for
    the request's path) before the request's fields are validated, as :func:`needs`;
    ``allows`` is kept on it for :mod:`croupier.server.handlers` (a body that is not JSON
    at all)."""

    def checked(connection: HTTPConnection, db: Db, credentials: Credentials) -> Player:
        player = caller(connection, db, credentials)
        allows(player, connection)
        return player

    checked.allows = allows  # type: ignore[attr-defined]
    return Depends(checked)


HimselfOrAdmin = Annotated[Player, allowing(_himself_or_admin)]
"""The caller, the player of the path's ``player_id`` or an admin (else 403 before the
request is validated)."""
