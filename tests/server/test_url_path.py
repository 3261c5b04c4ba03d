"""The path an ``Idempotency-Key``'s fingerprint names (:func:`url_path`) is Starlette's
``request.url.path`` byte for byte, for any path a client may send: a stored key's retry
is matched by it, so a path that came out otherwise would refuse the retry as another
request."""

from __future__ import annotations

import pytest
from starlette.requests import Request

from croupier.server.idempotency import url_path

PATHS = [
    "/tables/t/commands",
    "/tables/a b/commands",
    "/tables/ü-ß/commands",
    "/tables/a%2Fb/commands",
    "/tables/a;b/commands",
    "/tables/x?y/commands",
    "/tables/x#y/commands",
    "/tables/x\\y/commands",
    "/tables/x\ty/commands",
    "/tables/x\r\ny/commands",
    "//tables/t/commands",
    "/",
]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(
    ("headers", "server"),
    [
        ([(b"host", b"croupier.example:8443")], ("10.0.0.1", 8000)),
        ([], ("10.0.0.1", 80)),
        ([], None),
    ],
)
def test_the_path_is_starlettes(
    path: str, headers: list[tuple[bytes, bytes]], server: tuple[str, int] | None
) -> None:
    scope = {
        "type": "http",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "query_string": b"a=1",
        "headers": headers,
        "server": server,
    }
    assert url_path(Request(scope)) == Request(scope).url.path
