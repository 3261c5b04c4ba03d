"""Rate limits on commands: a token bucket per caller and table (server:rate-limit)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_api import Api

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
        super().__init__(db_url, command_limits=limits)


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


def test_a_tables_own_limit_by_hand() -> None:
    """A table's settings replace the process's default, field by field."""
    buckets = Buckets(RateLimit(per_second=20, burst=40))
    assert buckets.for_table(None, None) == RateLimit(per_second=20, burst=40)
    assert buckets.for_table(0.5, None) == RateLimit(per_second=0.5, burst=40)
    assert buckets.for_table(None, 3) == RateLimit(per_second=20, burst=3)
    assert buckets.for_table(2, 5) == RateLimit(per_second=2, burst=5)


def _limited_table(api: Api, table_id: str, settings: dict[str, object]) -> None:
    from server_api import TEN_DICE

    r = api.client.post(
        "/tables",
        json={"id": table_id, "rules_toml": TEN_DICE.read_text(), "settings": settings},
        headers=api.admin,
    )
    assert r.status_code == 201, r.text
    for name, value in settings.items():
        assert r.json()["settings"][name] == value


def test_a_table_setting_sets_its_own_rate_limit(limited: tuple[Api, Clock]) -> None:
    """The server's default here is 1 a second, 2 at once; table "slow" allows one command
    at once and one every 2 s (0.5 a second); table "wide" only widens the burst to 3."""
    api, clock = limited
    _limited_table(api, "slow", {"rate_limit_per_second": 0.5, "rate_limit_burst": 1})
    _limited_table(api, "wide", {"rate_limit_burst": 3})
    _, ann = api.player("ann", deposit=100_000)
    api.sit(ann, 1, table_id="slow")
    api.sit(ann, 1, table_id="wide")
    assert api.wager(ann, 1, "pip_street:ace", 500, table_id="slow").status_code == 200
    r = api.wager(ann, 1, "pip_street:two", 500, table_id="slow")
    assert r.status_code == 429, r.text
    assert r.headers["retry-after"] == "2"  # a whole token at 0.5 a second
    # At "wide" the burst is 3 (its own) and the refill 1 a second (the server's).
    for spot in ("ace", "two", "three"):
        r = api.wager(ann, 1, f"pip_street:{spot}", 500, table_id="wide")
        assert r.status_code == 200, r.text
    r = api.wager(ann, 1, "pip_street:four", 500, table_id="wide")
    assert r.status_code == 429
    assert r.headers["retry-after"] == "1"
    clock.now += 1.0  # half a token at "slow", a whole one at "wide"
    assert api.wager(ann, 1, "pip_street:two", 500, table_id="slow").status_code == 429
    assert api.wager(ann, 1, "pip_street:four", 500, table_id="wide").status_code == 200
    clock.now += 1.0
    assert api.wager(ann, 1, "pip_street:two", 500, table_id="slow").status_code == 200


def test_a_rate_limit_setting_must_be_positive(limited: tuple[Api, Clock]) -> None:
    from server_api import TEN_DICE

    api, _ = limited
    for settings in ({"rate_limit_per_second": 0}, {"rate_limit_burst": 0}):
        r = api.client.post(
            "/tables",
            json={"id": "bad", "rules_toml": TEN_DICE.read_text(), "settings": settings},
            headers=api.admin,
        )
        assert r.status_code == 422, r.text


def test_serve_hands_its_rate_limit_to_the_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`croupier serve --rate-limit 0.5 --rate-burst 3`: each worker's app limits commands
    to 0.5 a second and 3 at once where a table sets no limit of its own."""
    import uvicorn
    from typer.testing import CliRunner

    from croupier.cli import app as cli
    from croupier.cli.server import DB_VARIABLE, RATE_VARIABLE, app_from_environment

    monkeypatch.setenv(DB_VARIABLE, "")  # restored after the test, as is the next one
    monkeypatch.setenv(RATE_VARIABLE, "")
    started: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: started.append(kwargs))
    url = f"sqlite:///{tmp_path / 'served.sqlite'}"
    result = CliRunner().invoke(
        cli, ["serve", "--db", url, "--rate-limit", "0.5", "--rate-burst", "3"]
    )
    assert result.exit_code == 0, result.output
    assert len(started) == 1
    app = app_from_environment()
    assert app.state.command_limits.limit == RateLimit(per_second=0.5, burst=3)
    app.state.engine.dispose()
    monkeypatch.setenv(RATE_VARIABLE, "")  # no --rate-limit given: the default
    app = app_from_environment()
    assert app.state.command_limits.limit == RateLimit(per_second=20, burst=40)
    app.state.engine.dispose()


def test_serve_believes_no_forwarded_address_unless_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #38: uvicorn believes X-Forwarded-For from 127.0.0.1 by default, which let
    one client sign up without limit. `croupier serve` turns uvicorn's proxy headers off
    and hands --forwarded-allow-ips to each worker's app (none by default)."""
    import uvicorn
    from typer.testing import CliRunner

    from croupier.cli import app as cli
    from croupier.cli.server import (
        DB_VARIABLE,
        FORWARDED_VARIABLE,
        RATE_VARIABLE,
        app_from_environment,
    )
    from croupier.server.addresses import TrustedProxies

    for variable in (DB_VARIABLE, RATE_VARIABLE, FORWARDED_VARIABLE):
        monkeypatch.setenv(variable, "")  # restored after the test
    started: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: started.append(kwargs))
    url = f"sqlite:///{tmp_path / 'served.sqlite'}"
    for given, trusted in (
        ([], TrustedProxies()),
        (["--forwarded-allow-ips", "10.0.0.1,192.168.0.0/16"], None),
    ):
        result = CliRunner().invoke(cli, ["serve", "--db", url, *given])
        assert result.exit_code == 0, result.output
        assert started[-1]["proxy_headers"] is False
        app = app_from_environment()
        proxies = app.state.trusted_proxies
        if trusted is not None:
            assert proxies == trusted and not proxies
        else:
            assert "10.0.0.1" in proxies and "192.168.4.5" in proxies
            assert "127.0.0.1" not in proxies and "10.0.0.2" not in proxies
        app.state.engine.dispose()
    result = CliRunner().invoke(cli, ["serve", "--db", url, "--forwarded-allow-ips", "10.0.0.1,"])
    assert result.exit_code == 2 and "an empty entry" in result.output
