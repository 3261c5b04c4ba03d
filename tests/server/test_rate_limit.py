"""Rate limits on commands: a token bucket per caller and table (server:rate-limit)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from server_api import Api
from sqlalchemy.orm import Session

from croupier.ledger import repository as repo
from croupier.server import create_app
from croupier.server.ratelimit import Buckets, RateLimit, RateLimited


class Clock:
    """Seconds that move only when the test says so."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_by_hand() -> None:
    """Burst 3, one token every 2 s (0.5 a second): three at once, then one per 2 s."""
    clock = Clock()
    buckets = Buckets(RateLimit(per_second=0.5, burst=3), clock)
    for _ in range(3):
        buckets.take("ann", "t")
    with pytest.raises(RateLimited) as refused:
        buckets.take("ann", "t")
    assert refused.value.retry_after == 2  # a whole token takes 2 s
    assert refused.value.cite == "server:rate-limit"
    clock.now += 1.0  # half a token
    with pytest.raises(RateLimited) as refused:
        buckets.take("ann", "t")
    assert refused.value.retry_after == 1
    clock.now += 1.0
    buckets.take("ann", "t")  # the token is back
    # Another caller, or the same caller at another table, has a bucket of its own.
    buckets.take("bob", "t")
    buckets.take("ann", "u")
    # A long pause refills to the burst, no further.
    clock.now += 3_600
    for _ in range(3):
        buckets.take("ann", "t")
    with pytest.raises(RateLimited):
        buckets.take("ann", "t")


def test_a_bucket_needs_a_positive_rate() -> None:
    with pytest.raises(ValueError, match="per_second"):
        Buckets(RateLimit(per_second=0, burst=3))
    with pytest.raises(ValueError, match="burst"):
        Buckets(RateLimit(per_second=1, burst=0))


class LimitedApi(Api):
    """:class:`Api` whose app limits commands to ``limits``."""

    def __init__(self, db_url: str, limits: Buckets) -> None:
        self.app = create_app(db_url, command_limits=limits)
        self.engine = self.app.state.engine
        with Session(self.engine) as session:
            _admin, token = repo.create_player(session, "admin", "admin")
            session.commit()
        self.admin = {"Authorization": f"Bearer {token}"}
        self.client = TestClient(self.app)
        self._keys = itertools.count()


@pytest.fixture
def limited(db_url: str) -> Iterator[tuple[Api, Clock]]:
    """One command a second, two at once, on a fake clock."""
    clock = Clock()
    api = LimitedApi(db_url, Buckets(RateLimit(per_second=1, burst=2), clock))
    yield api, clock
    api.close()


def test_too_many_commands_get_429_with_retry_after_and_change_nothing(
    limited: tuple[Api, Clock],
) -> None:
    api, clock = limited
    api.table()
    _, ann = api.player("ann", deposit=100_000)
    _, bob = api.player("bob", deposit=100_000)
    api.sit(ann, 1)
    api.sit(bob, 2)
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    assert api.wager(ann, 1, "pip_street:two", 500).status_code == 200
    before = api.snapshot()
    r = api.wager(ann, 1, "pip_street:six", 500)
    assert r.status_code == 429, r.text
    assert r.json()["cite"] == "server:rate-limit"
    assert r.headers["retry-after"] == "1"  # one token a second
    assert api.snapshot() == before
    # A refused command is refused before it is read: even a retry of an earlier key.
    r = api.wager(ann, 1, "pip_street:ace", 500, key="key-1")
    assert r.status_code == 429
    # Bob's bucket is his own.
    assert api.wager(bob, 2, "pip_street:ace", 500).status_code == 200
    clock.now += 1.0
    r = api.wager(ann, 1, "pip_street:six", 500)
    assert r.status_code == 200, r.text


def test_the_openapi_description_names_the_429(limited: tuple[Api, Clock]) -> None:
    api, _ = limited
    described = api.client.get("/openapi.json").json()
    responses = described["paths"]["/tables/{table_id}/commands"]["post"]["responses"]
    assert "429" in responses
    assert "Retry-After" in responses["429"]["description"]
