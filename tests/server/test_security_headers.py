"""Every HTTP answer tells the browser what its pages may do (a hostile tester found the
pages without any such header): a content policy that allows only this server's own
scripts and connections and no framing, no content sniffing, no referrer."""

from __future__ import annotations

import pytest
from server_api import Api

PAGES = ("/play/", "/play/floor.html", "/play/js/app.js", "/play/css/app.css", "/favicon.ico")


@pytest.mark.parametrize("path", [*PAGES, "/players/me", "/tables"])
def test_every_answer_carries_the_headers(api: Api, path: str) -> None:
    got = api.client.get(path)
    assert got.headers["x-frame-options"] == "DENY"
    assert got.headers["x-content-type-options"] == "nosniff"
    assert got.headers["referrer-policy"] == "no-referrer"
    policy = {
        name: value
        for name, _, value in (
            part.partition(" ") for part in got.headers["content-security-policy"].split("; ")
        )
    }
    assert policy["frame-ancestors"] == "'none'"
    assert policy["script-src"] == "'self'"
    assert policy["default-src"] == "'self'"
    assert "wss:" in policy["connect-src"].split()


def test_the_pages_have_no_inline_script(api: Api) -> None:
    """The policy allows no inline script: every page loads its scripts from files."""
    for page in ("/play/", "/play/floor.html", "/play/recall.html", "/play/training.html"):
        html = api.client.get(page).text
        assert "<script" in html
        for tag in html.split("<script")[1:]:
            assert "src=" in tag.split(">", 1)[0], (page, tag[:80])


def test_the_api_documentation_keeps_its_viewer(api: Api) -> None:
    """FastAPI's /docs page loads its viewer from a CDN with an inline script: it carries
    every header but the content policy, which would blank it."""
    got = api.client.get("/docs")
    assert got.status_code == 200
    assert got.headers["x-frame-options"] == "DENY"
    assert "content-security-policy" not in got.headers
