"""Sealing, figures computed here by hand with hashlib (docs/architecture.md, "The event
chain")."""

from __future__ import annotations

import hashlib
import json

import pytest

from croupier.sealing import check_seal, commit, field_commitment, public_form, seal


def test_a_commitment_is_the_hash_of_salt_and_value() -> None:
    salt = "00" * 16
    assert commit(salt, "8d") == hashlib.sha256(b"\x00" * 16 + b'"8d"').hexdigest()
    # A list: the hash of its elements' commitments, 32 bytes each.
    a = hashlib.sha256(bytes.fromhex("01" * 16) + b'"Ah"').digest()
    b = hashlib.sha256(bytes.fromhex("02" * 16) + b'"Kd"').digest()
    listed = field_commitment(["Ah", "Kd"], ["01" * 16, "02" * 16])
    assert listed == hashlib.sha256(a + b).hexdigest()


def test_sealing_an_event_and_its_public_form() -> None:
    drawn = iter(bytes([n]) * 16 for n in range(1, 10))
    body = {"type": "CardDealt", "hand": 2, "card": "Qs", "stack": ["2c", "3c"]}
    sealed = seal(body, ["card", "stack"], token=lambda size: next(drawn)[:size])
    # Fields are sealed in sorted order: card (salt 01...), then stack (02..., 03...).
    assert sealed.salts == {"card": "01" * 16, "stack": ["02" * 16, "03" * 16]}
    card = hashlib.sha256(b"\x01" * 16 + b'"Qs"').hexdigest()
    assert sealed.sealed["card"] == card
    public = json.loads(public_form(body, sealed.sealed))
    assert public == {**body, "card": card, "stack": sealed.sealed["stack"]}
    assert check_seal(body, sealed.sealed, sealed.salts) is None
    assert check_seal({**body, "card": "Qh"}, sealed.sealed, sealed.salts) is not None
    assert check_seal(body, sealed.sealed, {"card": "01" * 16}) is not None


def test_salts_are_fresh_and_long() -> None:
    # GLI-19 3.3.2(b): fresh values from the OS generator, never the time; no two alike.
    one = seal({"card": "Qs"}, ["card"])
    two = seal({"card": "Qs"}, ["card"])
    assert one.salts != two.salts and one.sealed != two.sealed
    assert len(bytes.fromhex(str(one.salts["card"]))) == 16


def test_salts_must_fit_the_value() -> None:
    with pytest.raises(ValueError, match="one salt per element"):
        field_commitment(["Ah"], "00" * 16)
    with pytest.raises(ValueError, match="needs one salt"):
        field_commitment("Ah", ["00" * 16])
    with pytest.raises(ValueError, match="not in the event"):
        public_form({"card": None}, {"stack": "00"})
