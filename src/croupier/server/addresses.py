"""The client's address, for the limits kept per address (the play-money sign-ups).

By default the address is the peer's, the one the connection came from, and the
``X-Forwarded-For`` header is ignored: anyone may send it, so a server that believed it
let one client sign up without limit by writing a new address into each request. A
server behind a reverse proxy names that proxy (``croupier serve
--forwarded-allow-ips``, ``create_app(forwarded_allow_ips=...)``); a request whose peer is
a named proxy is taken to come from the address the proxy wrote: the right-most address
of ``X-Forwarded-For`` that is not itself a named proxy (those to its left were written
by the client and are not believed either).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass

from starlette.requests import HTTPConnection

FORWARDED_FOR = "x-forwarded-for"


@dataclass(frozen=True)
class TrustedProxies:
    """The peers whose ``X-Forwarded-For`` is believed: addresses or networks
    (``10.0.0.0/8``), ``*`` for every peer, or other names a peer may carry (the test
    client's ``testclient``). Raises ``ValueError`` naming an entry that is none of these
    (an empty one)."""

    names: frozenset[str] = frozenset()
    networks: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()
    everyone: bool = False

    @classmethod
    def of(cls, entries: Iterable[str]) -> TrustedProxies:
        names: set[str] = set()
        networks = []
        everyone = False
        for given in entries:
            entry = given.strip()
            if not entry:
                raise ValueError(
                    "--forwarded-allow-ips: an empty entry; give addresses, networks or *"
                )
            if entry == "*":
                everyone = True
                continue
            try:
                networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                names.add(entry)
        return cls(frozenset(names), tuple(networks), everyone)

    def __contains__(self, host: object) -> bool:
        if not isinstance(host, str):
            return False
        if self.everyone or host in self.names:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def __bool__(self) -> bool:
        return self.everyone or bool(self.names) or bool(self.networks)


NONE = TrustedProxies()
"""The default: no proxy is named, ``X-Forwarded-For`` is never believed."""


def client_address(connection: HTTPConnection, trusted: TrustedProxies = NONE) -> str:
    """The address ``connection`` counts as coming from (see the module docstring):
    the peer's, or where the peer is a proxy in ``trusted``, the right-most address of
    its ``X-Forwarded-For`` that is not a trusted proxy (the left-most when all are);
    ``"unknown"`` when the server was given no peer."""
    peer = connection.client.host if connection.client is not None else "unknown"
    if peer not in trusted:
        return peer
    header = ",".join(connection.headers.getlist(FORWARDED_FOR))
    hops = [hop.strip() for hop in header.split(",") if hop.strip()]
    if not hops:
        return peer
    for hop in reversed(hops):
        if hop not in trusted:
            return hop
    return hops[0]
