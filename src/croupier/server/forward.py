"""A command that reaches a process not dealing its table is forwarded to the owner
(issue #33).

:class:`Forward` (ASGI middleware, installed by :func:`croupier.server.scaleout.install`
where there is a bus) looks at every ``POST /tables/{id}/commands``. Where this process
holds the table's lease (:class:`~croupier.server.lease.Leases`, read from memory) the
command runs here. Otherwise, where another process holds a live lease, the request is
sent on to that process's advertised address, unchanged (its body, its bearer token, its
``Idempotency-Key``), and the owner's answer is returned as it came, status, body and
headers, with ``Croupier-Owner`` naming the process that dealt it. Idempotency is the
owner's: a retry of the same key, reaching any process, is forwarded to the owner and gets
the answer stored for the key there.

What is answered instead:

- ``421 Misdirected Request`` (:func:`~croupier.server.lease.misdirected`, nothing done)
  where the owner cannot be reached (its address refuses the connection or does not
  resolve; a process that just died, until its lease expires and a live process takes the
  table over), or the request was forwarded here already and this process does not deal
  the table either (a lease that moved meanwhile: never forwarded twice);
- ``504`` (``server:table-owner``) where the owner took the request but gave no answer in
  ``seconds``: the command may have been done, so the client sends it again with the same
  Idempotency-Key, and is given the stored answer if it was.

WebSockets are not forwarded: every process's sockets are fed by the bus
(:mod:`croupier.server.bus`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import httpx
from anyio import to_thread
from starlette.responses import JSONResponse, Response

from croupier.server import schemas
from croupier.server.body_limit import MAX_BODY_BYTES, too_large
from croupier.server.lease import CITE, Leases, misdirected

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

FORWARDED_BY = "croupier-forwarded-by"
"""The header a forwarded request carries: the id of the process that sent it on."""
_COMMAND = re.compile(r"^/tables/([^/]+)/commands/?$")
_KEPT = ("authorization", "idempotency-key", "content-type", "accept", "user-agent")
"""The request headers sent on to the owner."""
_DROPPED = frozenset({"content-length", "transfer-encoding", "connection", "content-encoding"})
"""The owner's response headers not copied (the body is sent again whole, decoded)."""

log = logging.getLogger(__name__)


class Forward:
    """ASGI middleware: a command for a table another process deals is sent to it and its
    answer returned (see the module). ``transport``, where given, carries the forwarded
    requests (the tests: the other app in the same process); ``seconds`` how long the
    owner has to answer."""

    def __init__(
        self,
        app: App,
        leases: Leases,
        transport: httpx.AsyncBaseTransport | None = None,
        seconds: float = 30.0,
    ) -> None:
        self.app = app
        self.leases = leases
        self.seconds = seconds
        self.forwarded = 0
        """How many commands this process sent on (the tests and the benchmark read it)."""
        self._client = httpx.AsyncClient(
            transport=transport,
            timeout=httpx.Timeout(seconds, connect=2.0),
            follow_redirects=False,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            found = _COMMAND.match(scope["path"])
            if found is not None and not self.leases.owns(found.group(1)):
                table_id = found.group(1)
                try:
                    address = await to_thread.run_sync(self.leases.owner_of, table_id)
                except Exception:  # the database is away: the route meets it and says so
                    log.exception("reading the lease of %s", table_id)
                    address = None
                if address is not None:
                    answer = await self._answer(scope, receive, table_id, address)
                    await answer(scope, receive, send)
                    return
        await self.app(scope, receive, send)

    async def _answer(
        self, scope: Scope, receive: Receive, table_id: str, address: str
    ) -> Response:
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        if FORWARDED_BY in headers:  # sent here by another process: not sent on again
            return misdirected(table_id, address)
        body = await _body(receive)
        if body is None:
            return too_large()
        sent = {k: v for k, v in headers.items() if k in _KEPT}
        sent[FORWARDED_BY] = self.leases.owner
        url = address.rstrip("/") + scope["path"]
        try:
            reply = await self._client.post(url, content=body, headers=sent)
        except (httpx.ConnectError, httpx.ConnectTimeout, httpx.UnsupportedProtocol) as error:
            log.warning("the owner of table %s at %s cannot be reached: %s", table_id, url, error)
            return misdirected(table_id, address)
        except httpx.TransportError as error:  # taken, but no answer: it may have been done
            log.warning("the owner of table %s at %s did not answer: %s", table_id, url, error)
            return _no_answer(table_id, address)
        self.forwarded += 1
        kept = {k: v for k, v in reply.headers.items() if k.lower() not in _DROPPED}
        kept.setdefault("Croupier-Owner", address)
        return Response(reply.content, status_code=reply.status_code, headers=kept)

    async def aclose(self) -> None:
        """Close the connections to the owners."""
        await self._client.aclose()


async def _body(receive: Receive, most: int = MAX_BODY_BYTES) -> bytes | None:
    """The request's body; ``None`` past ``most`` bytes (the most the owner would read)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > most:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _no_answer(table_id: str, address: str) -> JSONResponse:
    problem = schemas.Problem(
        detail=f"table {table_id} is dealt by the server at {address}, which took the "
        "command but gave no answer in time: it may have been done; send it again with the "
        "same Idempotency-Key (a command done is answered as it was, never done twice)",
        cite=CITE,
    )
    return JSONResponse(
        {**problem.model_dump(mode="json", exclude_none=True), "owner": address},
        status_code=504,
        headers={"Croupier-Owner": address},
    )
