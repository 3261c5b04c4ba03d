"""Sealed draws at the table server: each round's server seed is drawn, and its salted
commitment announced, before the round it decides opens; the round opens with it and
with the commitments of the seats' own seeds (docs/architecture.md, "Sealed before the
first wager").

- A table's **seal** is its next round's seed (:data:`~croupier.rng.SEED_BYTES` bytes from
  the table's generator) and a 128-bit salt; its commitment ``commit(salt, seed hex)``
  (:func:`croupier.sealing.commit`) is announced to everyone (``GET /tables/{id}``, every
  view) and written in the opening event of the round before (``RoundOpened.next_seal``).
- When a round opens it takes the table's seal (:func:`sealed_draws`), the sealing of its
  ``RoundOpened.seed`` uses the announced salt, so its commitment is the one announced, and
  a new seal is drawn for the round after.
- A player commits to his own seed (sha256, hex) when he sits or with any command
  (:func:`commit_seed`); the round opens with the commitments of its seated players, and
  each gives his seed with his first wager of the round (``CommandIn.client_seed``).
"""

from __future__ import annotations

import functools
import re
import secrets

from sqlalchemy import delete
from sqlalchemy.orm import Session
from sqlalchemy.orm.util import identity_key

from croupier.engine import Round
from croupier.errors import Unprocessable
from croupier.ledger.cache import written
from croupier.ledger.db import Statement, raw
from croupier.ledger.models import SealRow, SeedCommitment
from croupier.rng import Rng, SealedDraws
from croupier.sealing import SALT_BYTES, commit
from croupier.server import schemas

SEED_CITE = "GLI-19 4.4.4(a)"
_SHA256 = re.compile(r"[0-9a-f]{64}")


class Unsealed:
    """A random source that rounds draw from directly, with no seed sealed or announced
    (``create_app(sealed_draws=False)``: tests that script the dice)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def randbelow(self, n: int) -> int:
        return self.rng.randbelow(n)


class SeedError(Unprocessable):
    """A seat's seed or its commitment refused (HTTP 422)."""


def announce(session: Session, table_id: str, rng: Rng) -> str:
    """Draw table ``table_id``'s next seal from ``rng`` (the seed) and the secure
    generator (the salt), store it, and return its commitment (hex); none from an
    :class:`Unsealed` source (``""``)."""
    if isinstance(rng, Unsealed):
        return ""
    seed = SealedDraws.fresh_seed(rng).hex()
    salt = secrets.token_bytes(SALT_BYTES).hex()
    row = session.get(SealRow, table_id)
    if row is None:
        session.add(SealRow(table_id=table_id, seed=seed, salt=salt))
    else:
        row.seed, row.salt = seed, salt
    session.flush()
    return commit(salt, seed)


def seal_of(session: Session, table_id: str) -> str | None:
    """The commitment announced for table ``table_id``'s next round (``None``: none yet,
    a table created before sealed draws that has dealt no round since). One prebuilt
    statement on the transaction's driver connection (a view's read, once per change at
    each watched table)."""
    found = raw(session).execute(_SEAL, {"table": table_id}).fetchone()
    return None if found is None else commit(found[1], found[0])


_SEAL = Statement.of("SELECT seed, salt FROM seals WHERE table_id = :table")
_RESEAL = Statement.of("UPDATE seals SET seed = :seed, salt = :salt WHERE table_id = :table")


def _players_in(count: int) -> str:
    return ", ".join(f":p{i}" for i in range(count))


@functools.lru_cache(maxsize=64)
def _commitments(count: int) -> Statement:
    return Statement.of(
        "SELECT player_id, commitment FROM seed_commitments WHERE table_id = :table "
        f"AND player_id IN ({_players_in(count)})"
    )


@functools.lru_cache(maxsize=64)
def _used(count: int) -> Statement:
    return Statement.of(
        f"DELETE FROM seed_commitments WHERE table_id = :table AND player_id IN "
        f"({_players_in(count)})"
    )


def sealed_draws(
    session: Session, table_id: str, rng: Rng, seats: dict[int, str], *, client_seeds: bool
) -> Rng:
    """The draws of the round opening now at ``table_id``: the announced seal (drawn now
    where the table has none), the next seal announced, and the commitments of the
    ``seats``' players (seat -> player id) where the table takes seats' seeds, each
    used once (deleted: the seed given in the round is public afterwards). An
    :class:`Unsealed` source is given back as it is."""
    if isinstance(rng, Unsealed):
        return rng
    if identity_key(SealRow, table_id) in session.identity_map:  # read through the session
        row = session.get(SealRow, table_id)
        assert row is not None
        seed, salt = bytes.fromhex(row.seed), row.salt
        next_seal = announce(session, table_id, rng)
    else:  # the command path: two prebuilt statements, no ORM unit of work
        db = raw(session)
        found = db.execute(_SEAL, {"table": table_id}).fetchone()
        if found is None:
            seed, salt = SealedDraws.fresh_seed(rng), None
            next_seal = announce(session, table_id, rng)
        else:
            seed, salt = bytes.fromhex(found[0]), found[1]
            next_seed = SealedDraws.fresh_seed(rng).hex()
            next_salt = secrets.token_bytes(SALT_BYTES).hex()
            db.execute(_RESEAL, {"table": table_id, "seed": next_seed, "salt": next_salt})
            next_seal = commit(next_salt, next_seed)
    written(session, table_id).seal = next_seal  # shown by the other processes with no read
    commitments: dict[int, str] = {}
    if client_seeds and seats:
        db = raw(session)  # commit_seed flushes what it adds: nothing pending to miss
        players = list(seats.values())
        params = {"table": table_id} | {f"p{i}": pid for i, pid in enumerate(players)}
        rows = db.execute(_commitments(len(players)), params).fetchall()
        found = {str(pid): str(commitment) for pid, commitment in rows}
        commitments = {seat: found[pid] for seat, pid in seats.items() if pid in found}
        if found:  # each commitment serves one round: a seed given is public afterwards
            used = {"table": table_id} | {f"p{i}": pid for i, pid in enumerate(found)}
            db.execute(_used(len(found)), used)
    return SealedDraws(seed, salt=salt, next_seal=next_seal, commitments=commitments)


def commit_seed(session: Session, table_id: str, player_id: str, commitment: str) -> None:
    """Record ``player_id``'s commitment (sha256 of his seed, 64 lowercase hex digits) for
    the next round he plays at ``table_id``, replacing any earlier one. Raises
    :class:`SeedError` for a commitment that is not a sha256."""
    if not isinstance(commitment, str) or not _SHA256.fullmatch(commitment):
        raise SeedError(
            "a seed's commitment is its sha256: 64 lowercase hexadecimal digits", SEED_CITE
        )
    session.execute(
        delete(SeedCommitment).where(
            SeedCommitment.table_id == table_id, SeedCommitment.player_id == player_id
        )
    )
    session.add(SeedCommitment(table_id=table_id, player_id=player_id, commitment=commitment))
    session.flush()


def draws_of(round_: Round[object], rng: Rng) -> Rng:
    """The random source of an open round read back: its sealed draws where it opened
    with a seed (:attr:`~croupier.engine.RoundOpened.seed`), else ``rng``."""
    seed = round_.opened.seed
    return rng if seed is None else SealedDraws(bytes.fromhex(seed))


def seed_sealed(stored: schemas.StoredEvent, round_open: bool) -> schemas.StoredEvent:
    """``stored`` as surveillance (a dealer, an admin) sees it: whole, but for a sealed
    round's server seed while the round is open (``RoundOpened.seed`` blanked), which
    gives every value still to be drawn (GLI-19 4.4.4(a): values drawn ahead stay sealed
    until used)."""
    if round_open and stored.type == "RoundOpened" and stored.event.get("seed") is not None:
        return stored.model_copy(update={"event": {**stored.event, "seed": None}})
    return stored
