"""Sealed values: how the event chain proves integrity without telling a player anything
hidden, and how a finished round proves to its players that nothing was changed.

Every value an event holds that a spectator may not see (:meth:`TablePolicy.hidden`
asked for a spectator: a shuffled order, a face-down card, tiles delivered face down) is
*sealed* when the event is stored. A sealed field's value ``v`` gets a fresh 128-bit salt
``s`` from the operating system's secure generator (:func:`secrets.token_bytes`) and the
commitment

    ``commit(s, v) = sha256(s || canonical_json(v))`` (hex),

a list (an order: a deck, a shoe, the mixed stacks, the deliveries) one salt and one
commitment per element, and the field's commitment is ``sha256`` of its elements'
commitments (32 bytes each, concatenated). The event's **public form** is the event with
each sealed field replaced by its commitment; the chain runs over the public forms:

    ``hash = sha256(prev_hash + canonical_json(public form))``.

An event with nothing sealed has its canonical JSON as its public form, as the chain
has always been. Every recipient gets each event's ``sealed`` commitments, so a player
can recompute every hash of the chain from the events as he receives them (his own
view's sealed fields replaced by their commitments); the salts never leave the server
until the round is revealed. Without the salt a commitment is a 256-bit preimage
problem, not a choice among 52 cards: trying every card against it finds nothing.

The dealer and surveillance hold the salts (stored beside each event) and verify the
whole chain, opening every commitment (:func:`check_seal`). When a round is over its
salts are revealed to everyone (``GET /rounds/{id}/reveal``, :func:`croupier.verify_round`):
each player can open the commitments published when the outcome was fixed (the shuffle,
the mixing of the tiles, each card dealt face down) and replay the round from them.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

SALT_BYTES = 16
"""128 bits of salt per sealed value."""

Salts = dict[str, str | list[str]]
"""Sealed field -> its salt (hex), or one salt per element of a list."""

Sealed = dict[str, str]
"""Sealed field -> its commitment (hex)."""


def canonical_json(value: Any) -> str:
    """A JSON value's canonical text: sorted keys, no spaces, ASCII only."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def commit(salt: str, value: Any) -> str:
    """``sha256(salt bytes || canonical JSON of value)``, hex; ``salt`` is hex."""
    return hashlib.sha256(bytes.fromhex(salt) + canonical_json(value).encode()).hexdigest()


def list_commitment(elements: list[str]) -> str:
    """The commitment of a sealed list from its elements' commitments (hex each)."""
    return hashlib.sha256(b"".join(bytes.fromhex(c) for c in elements)).hexdigest()


def element_commitments(value: list[Any], salts: list[str]) -> list[str]:
    """One commitment per element of a sealed list (the reveal publishes them)."""
    if len(value) != len(salts):
        raise ValueError(f"{len(salts)} salts for a list of {len(value)} values")
    return [commit(salt, item) for salt, item in zip(salts, value, strict=True)]


def field_commitment(value: Any, salt: str | list[str]) -> str:
    """A sealed field's commitment: :func:`commit` for one value, :func:`list_commitment`
    of :func:`element_commitments` for a list. Raises ``ValueError`` when the salts do not
    fit the value (one salt for a list, a list of salts for one value)."""
    if isinstance(value, list):
        if not isinstance(salt, list):
            raise ValueError("a sealed list needs one salt per element")
        return list_commitment(element_commitments(value, salt))
    if isinstance(salt, list):
        raise ValueError("a sealed value that is not a list needs one salt")
    return commit(salt, value)


@dataclass(frozen=True)
class Seal:
    """What sealing one event gives: the public commitments and the secret salts."""

    sealed: Sealed
    salts: Salts


def seal(
    body: Mapping[str, Any],
    fields: list[str],
    token: Callable[[int], bytes] = secrets.token_bytes,
    given: Mapping[str, str] | None = None,
) -> Seal:
    """Seal ``fields`` of the event ``body`` (its JSON form): a fresh salt for each value
    (each element of a list) and its commitment. ``token`` is the secure generator (tests
    pass a fixed one to check figures by hand); ``given`` names the salt (hex) of a field
    whose commitment was published before the event (a sealed round's seed, announced by
    the round before). Raises ``KeyError`` for a field the event does not have."""
    sealed: Sealed = {}
    salts: Salts = {}
    given = given or {}
    for name in sorted(fields):
        value = body[name]
        salt: str | list[str]
        if name in given:
            salt = given[name]
        elif isinstance(value, list):
            salt = [token(SALT_BYTES).hex() for _ in value]
        else:
            salt = token(SALT_BYTES).hex()
        salts[name] = salt
        sealed[name] = field_commitment(value, salt)
    return Seal(sealed, salts)


def public_form(body: Mapping[str, Any], sealed: Mapping[str, str]) -> str:
    """The event's public form, as the chain hashes it: ``body`` (the event's JSON, as
    stored or as a viewer received it) with each sealed field replaced by its commitment.
    Raises ``ValueError`` when ``sealed`` names a field the event does not have."""
    missing = [name for name in sealed if name not in body]
    if missing:
        raise ValueError(f"sealed fields not in the event: {', '.join(missing)}")
    return canonical_json({**body, **sealed})


def chain_hash(prev_hash: str, public: str) -> str:
    """``sha256(prev_hash + public form)``, hex: the event's place in its table's chain."""
    return hashlib.sha256((prev_hash + public).encode()).hexdigest()


def check_seal(body: Mapping[str, Any], sealed: Mapping[str, str], salts: Salts) -> str | None:
    """Whether the stored ``salts`` open every commitment of ``sealed`` over the values
    of ``body``: ``None`` if they do, else what is wrong."""
    if set(sealed) != set(salts):
        return "the sealed fields and their salts differ"
    for name, commitment in sealed.items():
        if name not in body:
            return f"sealed field {name} is not in the event"
        try:
            found = field_commitment(body[name], salts[name])
        except (ValueError, TypeError) as error:
            return f"sealed field {name}: {error}"
        if found != commitment:
            return f"sealed field {name} does not open to the value stored"
    return None
