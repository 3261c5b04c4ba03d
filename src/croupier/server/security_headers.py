"""Headers on every HTTP answer that tell a browser what the pages may do: load scripts,
styles, images and connections only from this server (``Content-Security-Policy``), never
be framed by another page (``frame-ancestors 'none'`` and ``X-Frame-Options: DENY``),
never guess a content type (``X-Content-Type-Options: nosniff``), and send no address to
other sites (``Referrer-Policy: no-referrer``).

The browser client (``server/static``) satisfies the policy: its scripts are ES modules
loaded from files, and it opens its sockets to this server; its pages and layouts carry
``<style>`` blocks, so inline styles are allowed (no inline script is). The API's own
documentation pages (``/docs``, ``/redoc``) load FastAPI's viewer from a CDN with an inline
script: they get every header but the content policy."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of every answer but the API's documentation pages."""

ALWAYS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
"""The headers every HTTP answer carries."""

UNPOLICED = ("/docs", "/redoc")
"""The paths (and below) whose pages load a viewer from a CDN: no content policy."""


def headers_for(path: str) -> list[tuple[bytes, bytes]]:
    """The security headers an answer to ``path`` carries."""
    out = list(ALWAYS)
    if not any(path == p or path.startswith(p + "/") for p in UNPOLICED):
        out.append((b"content-security-policy", POLICY.encode()))
    return out


class SecurityHeaders:
    """ASGI middleware: :func:`headers_for` added to every HTTP answer (a header the
    answer sets itself is kept)."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = headers_for(scope.get("path", ""))

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(n, v) for n, v in extra if n not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)
