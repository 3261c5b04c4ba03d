"""The most a request body may carry, and its refusal: a body over
:data:`MAX_BODY_BYTES` is refused 413 before it is read, nothing done, answered as a
:class:`~croupier.server.schemas.Problem` in words like every other refusal (Starlette's
own limit answers the bare text "Content Too Large": :class:`TooLarge` puts the Problem
in its place)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi.responses import JSONResponse
from starlette.middleware.body_limit import RequestBodyLimitMiddleware

from croupier.server import schemas

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY_BYTES = 1 << 20
"""The largest request body the server reads (413 beyond): a Rules Submission is at most
100,000 characters, a command a few hundred bytes."""

CITE = "http:body"


def too_large() -> JSONResponse:
    """The 413 Problem of a body over :data:`MAX_BODY_BYTES`."""
    problem = schemas.Problem(
        detail=f"the request's body is larger than {MAX_BODY_BYTES // 2**20} MiB, the most "
        "the server reads: nothing was done; a command is a few hundred bytes, a Rules "
        "Submission at most 100,000 characters",
        cite=CITE,
    )
    return JSONResponse(problem.model_dump(exclude_none=True), status_code=413)


class TooLarge:
    """ASGI middleware: Starlette's body limit (:data:`MAX_BODY_BYTES`) around ``app``,
    its 413 answered by :func:`too_large` instead of plain text."""

    def __init__(self, app: App, most: int = MAX_BODY_BYTES) -> None:
        self.app = RequestBodyLimitMiddleware(app, max_body_size=most)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        replaced = False

        async def sending(message: Message) -> None:
            nonlocal replaced
            if message["type"] == "http.response.start" and message["status"] == 413:
                replaced = True
                await too_large()(scope, receive, send)
            elif not replaced:
                await send(message)

        await self.app(scope, receive, sending)
