"""A player's check of a round that is over (``croupier verify-round``): that every card,
tile and die he saw came from what was committed when the outcome was fixed, and that
nothing was changed after wagers closed.

The procedure (docs/architecture.md, "Provably fair rounds"), from the round's reveal
(``GET /rounds/{id}/reveal``) and the events as the player received them while it was
played (``GET /rounds/{id}/steps`` saved at the time, or a command's answers):

1. **The chain.** Each revealed event's hash is ``sha256(prev_hash + public form)``,
   its public form being the event with each sealed field replaced by its commitment
   (:func:`croupier.sealing.public_form`), and each event follows the one before. The
   events are those of the round asked for (its ``RoundOpened`` names it).
2. **The seals.** Each sealed field's salt opens its commitment over the revealed value
   (a list: each element's commitment, then the list's); every salt is 128 bits and none
   is used twice (a short or repeated salt would have let a player try the 52 cards).
3. **What the player saw.** Each event received has the hash and commitments of the
   revealed one, its public form hashes to that hash, and every value shown in it (not
   blanked) is the revealed value. An event that names players by stand-ins for their
   account ids (``ids_replaced``: docs/architecture.md, "Seat privacy") has its values
   and place compared, not its hash, which is over the stored ids; it must hold a
   stand-in.
4. **The rules.** The revealed events replay under the game's rules
   (:meth:`croupier.engine.Round.replay`): each card dealt is the next of the committed
   order, each settlement what the rules pay, and the round is over (completed, or
   voided where the reveal says so): a reveal cut short before the settlements does not
   verify.
5. **The shoe.** A round dealt from what the round before it left (the cards left in a
   Double Back Jack shoe, ``TablePolicy.carried_on``) is checked with the rounds before
   it back to the one that shuffled (:func:`check_rounds`): each follows the one before
   in the chain and was handed exactly what it left (``TablePolicy.follows``), so every
   card of the shoe comes from the order committed at its shuffle, before it was dealt.

Everything here is arithmetic on what the server sent; nothing trusts the server.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from pydantic import ValidationError

from croupier.engine import DEALER, Actor, Command, Round, RoundVoided, in_words
from croupier.errors import CroupierError, ReplayError, UnknownGame
from croupier.registry import find, round_type, spec_of
from croupier.rng import SEED_BYTES, SealedDraws
from croupier.sealing import (
    SALT_BYTES,
    chain_hash,
    element_commitments,
    field_commitment,
    public_form,
)

GENESIS = "0" * 64
"""The ``prev_hash`` of a table's first event."""


@dataclass
class RoundCheck:
    """What the check found: ``problems`` (empty: the round verifies) and ``notes`` (what
    was checked, in words)."""

    round_id: str
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _named(event: dict[str, Any]) -> str:
    """A stored event as a person reads it: ``"event 4 (deck shuffled)"``."""
    inner = event.get("event")
    kind = inner.get("type") if isinstance(inner, dict) else None
    return f"event {event['index']} ({in_words(str(kind or event['type']))})"


def agrees(seen: Any, whole: Any) -> bool:
    """Whether ``seen`` (a value as a viewer received it, blanks where hidden) shows
    nothing that differs from ``whole`` (the revealed value)."""
    if seen is None or seen == []:
        return True
    if isinstance(seen, dict) and isinstance(whole, dict):
        return seen.keys() == whole.keys() and all(agrees(seen[k], whole[k]) for k in seen)
    if isinstance(seen, list) and isinstance(whole, list):
        return len(seen) == len(whole) and all(
            agrees(a, b) for a, b in zip(seen, whole, strict=True)
        )
    return bool(seen == whole and type(seen) is type(whole))


def _check_chain(events: Sequence[dict[str, Any]], check: RoundCheck) -> None:
    for n, event in enumerate(events):
        where = f"{_named(event)}"
        if event["type"] != event["event"].get("type"):
            check.problems.append(
                f"{where} is labelled {str(event['type'])!r}, not as the event it holds"
            )
        if n and (event["prev_hash"], event["seq"]) != (
            events[n - 1]["hash"],
            events[n - 1]["seq"] + 1,
        ):
            check.problems.append(f"{where} does not follow the event before in the chain")
        if event["index"] != n:
            check.problems.append(f"{where} is out of place: the round's event {n} expected")
        if _stand_ins(event):  # its hash is over the account ids it was stored with
            if not STAND_IN.search(json.dumps(event["event"])):
                check.problems.append(f"{where} is marked as naming players, but names none")
            continue
        try:
            public = public_form(event["event"], event["sealed"])
        except ValueError as error:
            check.problems.append(f"{where}: {error}")
            continue
        if chain_hash(event["prev_hash"], public) != event["hash"]:
            check.problems.append(f"{where}: its hash is not that of its public form")


STAND_IN = re.compile(r"player at seat \d+|player [A-Z]+\b")
"""A stand-in for an account id (:func:`croupier.server.privacy.stand_ins`): an event
marked ``ids_replaced`` holds one, or its mark only hides its hash from the check."""


def _stand_ins(event: dict[str, Any]) -> bool:
    """Whether ``event`` came with other players' account ids replaced by stand-ins
    (``ids_replaced``, :mod:`croupier.server.privacy`): its hash is over the stored event,
    which names them, so it cannot be worked out here; the chain is checked through it
    (the next event follows its hash) and its values are compared."""
    return event.get("ids_replaced") is True


def _check_seals(events: Sequence[dict[str, Any]], check: RoundCheck) -> int:
    opened = 0
    for event in events:
        where = f"{_named(event)}"
        sealed, salts = event["sealed"], event.get("salts", {})
        if set(sealed) != set(salts):
            check.problems.append(f"{where}: the salts revealed are not those of its seals")
            continue
        for name, commitment in sealed.items():
            value = event["event"].get(name)
            try:
                if field_commitment(value, salts[name]) != commitment:
                    check.problems.append(f"{where}: {name} does not open to its commitment")
                    continue
                if isinstance(value, list):
                    listed = event.get("elements", {}).get(name)
                    if listed is not None and listed != element_commitments(value, salts[name]):
                        check.problems.append(f"{where}: {name}'s element commitments differ")
            except (ValueError, TypeError) as error:
                check.problems.append(f"{where}: {name}: {error}")
                continue
            opened += 1
    return opened


def _check_salts(events: Sequence[dict[str, Any]], check: RoundCheck) -> None:
    used: set[str] = set()
    for event in events:
        for name, salt in event.get("salts", {}).items():
            for one in salt if isinstance(salt, list) else [salt]:
                if not isinstance(one, str) or len(one) < 2 * SALT_BYTES:
                    check.problems.append(
                        f"{_named(event)}: a salt of {name} is "
                        f"shorter than {8 * SALT_BYTES} bits: its commitment could be tried "
                        "against every card"
                    )
                elif one in used:
                    check.problems.append(
                        f"{_named(event)}: a salt of {name} is used twice in the round"
                    )
                used.add(str(one))


def _check_round_id(
    revealed: dict[str, Any], events: Sequence[dict[str, Any]], asked: str | None, check: RoundCheck
) -> None:
    opened = events[0]["event"].get("round_id")
    if opened != revealed.get("round_id"):
        check.problems.append(
            f"the reveal says round {revealed.get('round_id')}, but its events are of round "
            f"{opened}"
        )
    if asked is not None and revealed.get("round_id") != asked:
        check.problems.append(
            f"round {asked} was asked for, but the reveal is of round {revealed.get('round_id')}"
        )


def _check_table(
    revealed: dict[str, Any], events: Sequence[dict[str, Any]], check: RoundCheck
) -> None:
    """The reveal's ``table_id`` is the table its ``RoundOpened`` names (issue #38: it was
    not looked at, so a round could be revealed as another table's)."""
    opened = events[0]["event"].get("table_id")
    if opened != revealed.get("table_id"):
        check.problems.append(
            f"the reveal says table {revealed.get('table_id')}, but its round was opened at "
            f"table {opened}"
        )


def _check_placed(seen: dict[str, Any], whole: dict[str, Any]) -> str | None:
    """Why an event received (``seen``) is not where the revealed one (``whole``) is in
    the table's chain: another ``seq`` or ``prev_hash`` (neither is inside the hash, so
    a reveal could move the round along the chain); ``None`` when it is."""
    if seen["seq"] != whole["seq"]:
        return f"came as event {seen['seq']} of the table, revealed as event {whole['seq']}"
    if seen.get("prev_hash") is not None and seen["prev_hash"] != whole["prev_hash"]:
        return "followed another event in the table's chain than the one revealed"
    return None


WITHHELD = ("hash", "prev_hash")
"""The fields the server sends as ``null`` for an event stored before sealing
(:mod:`croupier.server.legacy`): its old hash would give a hidden card away."""


def _withheld(seen: dict[str, Any]) -> bool:
    """Whether ``seen`` came without its hash (an event stored before sealing)."""
    return seen.get("hash") is None


def _check_seen(
    events: Sequence[dict[str, Any]], received: Sequence[dict[str, Any]], check: RoundCheck
) -> int:
    by_index = {event["index"]: event for event in events}
    compared = 0
    for seen in received:
        whole = by_index.get(seen["index"])
        where = f"{_named(seen)} as you received it"
        if whole is None:
            check.problems.append(f"{where} is not in the revealed round")
            continue
        if _withheld(seen):  # stored before sealing: its values and place, not its hash
            if (misplaced := _check_placed(seen, whole)) is not None:
                check.problems.append(f"{where} {misplaced}")
            elif not agrees(seen["event"], whole["event"]):
                check.problems.append(f"{where} showed a value other than the one revealed")
            else:
                compared += 1
            continue
        if seen["hash"] != whole["hash"] or seen.get("sealed", {}) != whole["sealed"]:
            check.problems.append(f"{where} had another hash or other commitments")
            continue
        if (misplaced := _check_placed(seen, whole)) is not None:
            check.problems.append(f"{where} {misplaced}")
            continue
        if _stand_ins(seen):  # stored naming other players: its values, not its hash
            if not agrees(seen["event"], whole["event"]):
                check.problems.append(f"{where} showed a value other than the one revealed")
            compared += 1
            continue
        try:
            public = public_form(seen["event"], seen.get("sealed", {}))
        except ValueError as error:
            check.problems.append(f"{where}: {error}")
            continue
        if chain_hash(seen["prev_hash"], public) != seen["hash"]:
            check.problems.append(f"{where} does not hash to the hash it came with")
        if not agrees(seen["event"], whole["event"]):
            check.problems.append(f"{where} showed a value other than the one revealed")
        compared += 1
    return compared


_FIELDS: dict[str, type | tuple[type, ...]] = {
    "seq": int,
    "index": int,
    "type": str,
    "prev_hash": str,
    "hash": str,
    "sealed": dict,
    "event": dict,
}


def malformed(
    events: object, what: str, *, optional: tuple[str, ...] = (), nullable: tuple[str, ...] = ()
) -> str | None:
    """Why ``events`` (a list of stored events as the server sends them) cannot be
    checked, in words (``"event 3 of the reveal has no hash"``), or None when each is an
    object with its ``seq``, ``index``, ``type``, ``prev_hash``, ``hash``, ``sealed`` and
    ``event`` of the right kind (those named in ``optional`` may be absent, those named
    in ``nullable`` ``null``; ``salts``, where given, an object)."""
    if not isinstance(events, list):
        return f"{what} is not a list of events"
    for n, event in enumerate(events):
        if not isinstance(event, dict):
            return f"event {n} of {what} is not an object"
        for name, kind in _FIELDS.items():
            if name not in event:
                if name in optional:
                    continue
                return f"event {n} of {what} has no {name}"
            if event[name] is None and name in nullable:
                continue
            if not isinstance(event[name], kind) or isinstance(event[name], bool):
                return f"event {n} of {what} has a {name} of the wrong kind: {event[name]!r}"
        if not isinstance(event.get("salts", {}), dict):
            return f"event {n} of {what} has salts of the wrong kind"
    return None


def drawn_said(round_: Round[Any]) -> str:
    """What ``round_``'s game draws at random under its Rules Submission, as the game's
    policy names each draw (:meth:`~croupier.game.TablePolicy.random_draws`): ``"the
    dice"``, ``"the tiles and the three dice"``, ``"the deck and the cut"``; ``"its
    random values"`` where the game names none."""
    names = [draw.name for draw in find(round_.game).policy.random_draws(round_.submission)]
    if not names:
        return "its random values"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _check_sealed(
    game: type[Round[Any]],
    events: Sequence[dict[str, Any]],
    parsed: list[Any],
    check: RoundCheck,
    drawn: str,
) -> None:
    """Step 6: every random value of a sealed round (``events`` as revealed, ``parsed``
    the game's events read from them) is the one its server seed (opened by
    its salt) and the seats' seeds draw, and every dealer's step with no human choice (a
    cut's position) is the one the policy takes from them; ``drawn`` says what the game
    draws (:func:`drawn_said`)."""
    opened = events[0]
    seed = opened["event"].get("seed")
    if seed is None:
        check.notes.append(
            f"the round was dealt before sealed draws: nothing shows that {drawn} were fixed "
            "before the wagers"
        )
        return
    if "seed" not in opened["sealed"]:
        check.problems.append(f"{_named(opened)}: its server seed was not sealed")
        return
    try:
        draws = SealedDraws(bytes.fromhex(seed))
    except (TypeError, ValueError):
        check.problems.append(f"{_named(opened)}: its server seed is not {SEED_BYTES} bytes")
        return
    policy = find(game.game).policy

    def dealer_steps(round_: Round[Any], command: Command, actor: Actor) -> None:
        """A dealer's step for which the table policy draws (``Round.step_draw``: a cut's
        position, the cover card's depth) must be the one this seed draws."""
        if actor != DEALER:
            return
        round_.stepped = False
        found = policy.dealer_step(round_) or policy.dealer_step(round_, proceed=True)
        if found is None or type(found) is not type(command) or not round_.stepped:
            return
        if found != command:
            raise ReplayError(
                f"the dealer's {in_words(type(command).__name__)} at event "
                f"{len(round_.events)} is not the one the sealed seed draws",
                "engine:replay",
            )

    try:
        replayed = game.replay(parsed, draws=draws, before=dealer_steps)
    except (CroupierError, ValueError) as error:
        reason = error.reason if isinstance(error, CroupierError) else str(error)
        check.problems.append(
            f"the round's draws ({drawn}) are not those its sealed seed draws: {reason}"
        )
        return
    wagers = [e["index"] for e in events if e["type"] == "WagerPlaced"]
    when = f", before the first wager (event {wagers[0]})" if wagers else ""
    check.notes.append(
        f"every value drawn ({drawn}) follows from the server seed sealed at {_named(opened)}"
        f"{when}, with commitment {opened['sealed']['seed'][:12]}…"
    )
    given = replayed.client_seeds()
    for seat in sorted(given):
        check.notes.append(f"seat {seat}'s own seed entered every value drawn after it was given")
    committed = sorted({int(s) for s in opened["event"].get("seed_commitments") or {}} - set(given))
    for seat in committed:
        check.notes.append(f"seat {seat} committed to a seed but gave none (it entered nothing)")


@dataclass(frozen=True)
class Mine:
    """What the player himself knows of a round: ``seal``, the table's seal he saw
    announced before the round opened (``GET /tables/{id}``' ``seal``), and ``seed``, the
    seed he gave with his first wager (``CommandIn.client_seed``); either may be ``None``."""

    seal: str | None = None
    seed: str | None = None


def _check_mine(events: Sequence[dict[str, Any]], mine: Mine, check: RoundCheck) -> None:
    """The round's seed is the one whose seal the player saw, and his seed is in it."""
    opened = events[0]
    if mine.seal is not None:
        if opened.get("sealed", {}).get("seed") != mine.seal:
            check.problems.append(
                "the round's server seed is not the one whose seal you saw announced before "
                "it opened"
            )
        else:
            check.notes.append("its seed is the one whose seal you saw before it opened")
    if mine.seed is not None:
        given = [
            e
            for e in events
            if e["type"] == "ClientSeedGiven" and e["event"].get("seed") == mine.seed
        ]
        if not given:
            check.problems.append("the seed you gave with your first wager is not in the round")
        else:
            seat = given[0]["event"].get("seat")
            check.notes.append(f"your seed is the one seat {seat} gave with its first wager")


def _check_announced_alone(
    newer: dict[str, Any], first: dict[str, Any], sealed: object, check: RoundCheck
) -> None:
    """:func:`_check_announced` with no reveal of the round before: only the table's first
    round (``first``, its first event, begins the chain) may lack one."""
    before = newer.get("previous_round_id")
    if first.get("prev_hash") != GENESIS:
        if before is None:
            check.problems.append(
                f"the reveal names no round before round {newer.get('round_id')}, but its "
                "first event does not begin the table's chain: the round before it, which "
                "announced its seed, is withheld"
            )
        elif sealed is not None:
            check.notes.append(
                f"its seed's commitment was announced when round {before} opened: give "
                "that round's reveal to check it (the command line fetches it)"
            )
    elif sealed is not None:
        check.notes.append("its seed's commitment was announced with the table")


def _check_announced(
    newer: dict[str, Any], older: dict[str, Any] | None, check: RoundCheck
) -> None:
    """The newer round's server seed is the one whose commitment the round before it
    announced when it opened (``RoundOpened.next_seal``), before any wager of the newer:
    a round after one that announced a seal is sealed with it; a sealed round announces
    the next; and only the table's first round (its first event the chain's first) has no
    round before it."""
    events = sorted(newer.get("events", []), key=lambda e: e["index"])
    if not events:
        return
    sealed = events[0].get("sealed", {}).get("seed")
    if older is None:
        _check_announced_alone(newer, events[0], sealed, check)
        return
    first = min(older.get("events", []), key=lambda e: e["index"], default=None)
    body = {} if first is None else first["event"]
    announced = body.get("next_seal")
    if sealed is None:
        if announced is not None:
            check.problems.append(
                f"round {older.get('round_id')} announced the seal of round "
                f"{newer.get('round_id')}'s seed, but round {newer.get('round_id')} was dealt "
                "without it: its values could be chosen after the wagers"
            )
        return
    if announced is None:
        if body.get("seed") is not None:
            check.problems.append(
                f"round {older.get('round_id')} was sealed but announced no seal for the "
                "round after it: a sealed round always does"
            )
        else:
            check.notes.append(
                f"round {older.get('round_id')} was dealt before sealed draws and announced "
                "no seed: this round's seed was drawn when it opened"
            )
    elif announced != sealed:
        check.problems.append(
            f"round {newer.get('round_id')}'s seed is not the one announced when round "
            f"{older.get('round_id')} opened: it was chosen after that"
        )
    else:
        check.notes.append(
            f"its seed is the one announced when round {older.get('round_id')} opened, "
            "before this round's first wager"
        )


def check_round(
    revealed: dict[str, Any],
    received: Sequence[dict[str, Any]] | None = None,
    round_id: str | None = None,
    mine: Mine | None = None,
    kept: bool = True,
) -> RoundCheck:
    """Check a round's reveal (``GET /rounds/{id}/reveal`` as JSON) and, where given, the
    events as the player received them while it was played (each as in
    ``GET /rounds/{id}/steps``' ``steps[].event`` or a command's ``events``; ``kept``:
    saved as he was shown them, else fetched now: :func:`seen_note`) and the round asked
    for (``round_id``: the reveal must be of it). The round alone: a round dealt from what
    the round before it left (a shoe) is checked with that round by
    :func:`check_rounds`."""
    return _check_one(revealed, received, round_id, mine, kept)[0]


def check_rounds(
    reveals: Sequence[dict[str, Any]],
    received: Sequence[dict[str, Any]] | None = None,
    round_id: str | None = None,
    announcer: dict[str, Any] | None = None,
    mine: Mine | None = None,
    kept: bool = True,
) -> RoundCheck:
    """Check ``reveals[0]`` (the round, with ``received``, ``round_id`` and ``kept`` as
    :func:`check_round` takes them) with the rounds before it at the table,
    ``reveals[1:]`` newest first, back to one dealt from a draw of its own: each round
    checked alone, each following the one before in the table's chain, and each carrying
    on exactly what the one before left (``TablePolicy.follows``: the cards left in the
    shoe, in their order, back to the shuffle committed before they were dealt). A round
    that carries on from one whose reveal is not given does not verify.

    A sealed round's seed is checked against the commitment the round before it announced
    (:func:`_check_announced`): ``reveals[1]`` where it is that round, else ``announcer``
    (that round's reveal, checked alone and as the chain's event before this round's)."""
    check, replayed = _check_one(reveals[0], received, round_id, mine, kept)
    previous = reveals[0].get("previous_round_id") if isinstance(reveals[0], dict) else None
    older = reveals[1] if len(reveals) > 1 else announcer
    if (
        isinstance(older, dict)
        and isinstance(previous, str)
        and older.get("round_id") == previous
        and reveals[0].get("events")
    ):
        if older is announcer:
            alone, _ = _check_one(announcer, None, previous)
            check.problems += [f"round {previous}: {p}" for p in alone.problems]
        _link(reveals[0], older, check)
        _check_announced(reveals[0], older, check)
    elif isinstance(reveals[0], dict):
        _check_announced(reveals[0], None, check)
    chain = [(reveals[0], replayed)]
    for earlier in reveals[1:]:
        alone, found = _check_one(earlier, None, None)
        check.problems += [f"round {alone.round_id}: {p}" for p in alone.problems]
        chain.append((earlier, found))
    _check_follows(chain, check)
    last, oldest = chain[-1]
    if oldest is None:
        return check  # the oldest round's own check says why it cannot be checked
    if spec_of(oldest).policy.carried_on(oldest):
        check.problems.append(
            f"round {last.get('round_id')} is dealt from what round "
            f"{last.get('previous_round_id')} left, whose reveal is not given"
        )
    elif len(chain) > 1:
        check.notes.append(
            f"the {len(chain)} rounds back to round {last.get('round_id')}, dealt from its "
            "own shuffle, each carry on exactly what the one before left"
        )
    return check


def _check_follows(
    chain: Sequence[tuple[dict[str, Any], Round[Any] | None]], check: RoundCheck
) -> None:
    """Each round of ``chain`` (newest first, each reveal with its replayed round) follows
    the one before it in the table's chain and carries on exactly what it left."""
    for (newer, later), (older, before) in pairwise(chain):
        if later is None or before is None:
            continue  # its own check says why it cannot be checked
        _link(newer, older, check)
        newer_events = sorted(newer.get("events", []), key=lambda e: e["index"])
        older_events = sorted(older.get("events", []), key=lambda e: e["index"])
        if (problem := _follows_in_place(newer, newer_events, older, older_events)) is not None:
            check.problems.append(problem)
        problem = spec_of(later).policy.follows(before, later)
        if problem is not None:
            check.problems.append(problem)


def _follows_in_place(
    newer: dict[str, Any],
    newer_events: Sequence[dict[str, Any]],
    older: dict[str, Any],
    older_events: Sequence[dict[str, Any]],
) -> str | None:
    """Why round ``newer`` is not the next at the same table after ``older``: another
    table, or its first event not numbered next after ``older``'s last (``seq``)."""
    if newer.get("table_id") != older.get("table_id"):
        return (
            f"round {newer.get('round_id')} is of table {newer.get('table_id')}, round "
            f"{older.get('round_id')} of table {older.get('table_id')}"
        )
    if newer_events and older_events and newer_events[0]["seq"] != older_events[-1]["seq"] + 1:
        return (
            f"round {newer.get('round_id')} does not begin with the table's next event after "
            f"round {older.get('round_id')}"
        )
    return None


def _link(newer: dict[str, Any], older: dict[str, Any], check: RoundCheck) -> None:
    """The newer round's first event follows the older round's last in the table's chain."""
    newer_events = sorted(newer.get("events", []), key=lambda e: e["index"])
    older_events = sorted(older.get("events", []), key=lambda e: e["index"])
    if newer_events and older_events and newer_events[0]["prev_hash"] != older_events[-1]["hash"]:
        problem = (
            f"round {newer.get('round_id')} does not follow round {older.get('round_id')} "
            "in the table's chain"
        )
        if problem not in check.problems:
            check.problems.append(problem)


def seen_note(compared: int, kept: bool = True) -> str:
    """What the comparison with the player's events checked, in words (verify.js's
    ``seenNote`` says the same): ``compared`` events that agree with the revealed round,
    ``kept`` as the player was shown them (saved during the round: ``--seen``, the
    browser's store), else fetched from the server now (which tie nothing to what he was
    shown)."""
    if kept:
        if compared == 0:
            return "no event kept as you were shown it was compared with the revealed round"
        if compared == 1:
            return "1 event kept as you were shown it agrees with the revealed round"
        return f"{compared} events kept as you were shown them agree with the revealed round"
    if compared == 0:
        return "no event fetched from the server now was compared with the revealed round"
    if compared == 1:
        return "1 event fetched from the server now agrees with the revealed round"
    return f"{compared} events fetched from the server now agree with the revealed round"


def _check_one(
    revealed: dict[str, Any],
    received: Sequence[dict[str, Any]] | None,
    round_id: str | None,
    mine: Mine | None = None,
    kept: bool = True,
) -> tuple[RoundCheck, Round[Any] | None]:
    if not isinstance(revealed, dict):
        check = RoundCheck(str(round_id))
        check.problems.append("the reveal is not a JSON object (GET /rounds/ROUND/reveal)")
        return check, None
    check = RoundCheck(str(revealed.get("round_id", round_id)))
    if not revealed.get("events"):
        check.problems.append("the reveal holds no events")
        return check, None
    if (shape := _malformed(revealed, received)) is not None:
        check.problems.append(f"{shape}: it cannot be checked")
        return check, None
    events = sorted(revealed["events"], key=lambda e: e["index"])
    _check_round_id(revealed, events, round_id, check)
    _check_table(revealed, events, check)
    if mine is not None:
        _check_mine(events, mine, check)
    _check_chain(events, check)
    opened = _check_seals(events, check)
    _check_salts(events, check)
    check.notes.append(f"{len(events)} events chain from hash {events[0]['prev_hash'][:12]}…")
    _note_stand_ins(events, check)
    check.notes.append(
        "1 sealed value opens to the commitment published with it"
        if opened == 1
        else f"{opened} sealed values open to the commitments published with them"
    )
    _note_commitment(events, check)
    if received is not None:
        compared = _check_seen(events, received, check)
        check.notes.append(seen_note(compared, kept))
        if withheld := sum(1 for seen in received if _withheld(seen)):
            check.notes.append(
                f"{withheld} of them came without {'its hash' if withheld == 1 else 'their hashes'}"
                " (stored before the events were sealed): their values and places were "
                "compared, not their hashes"
            )
    return check, _check_replay(revealed, events, check)


def _malformed(revealed: dict[str, Any], received: Sequence[dict[str, Any]] | None) -> str | None:
    """What is wrong with the shape of the reveal's events or those received, if anything."""
    return malformed(revealed["events"], "the reveal") or (
        None
        if received is None
        else malformed(
            list(received),
            "the events you received",
            optional=("sealed",),
            nullable=WITHHELD,  # an event stored before sealing: croupier.server.legacy
        )
    )


def _note_stand_ins(events: Sequence[dict[str, Any]], check: RoundCheck) -> None:
    """Note the events that name other players by stand-ins, whose own hashes are not
    worked out here."""
    if named := [_named(e) for e in events if _stand_ins(e)]:
        one = len(named) == 1
        check.notes.append(
            f"{', '.join(named)} {'names' if one else 'name'} other players by stand-ins for "
            "their account ids, which only the operator's staff read: "
            f"{'its own hash' if one else 'their own hashes'} (over the ids) "
            f"{'was' if one else 'were'} not worked out here, {'its' if one else 'their'} "
            f"values were compared and the chain runs on from {'it' if one else 'them'}"
        )


def _note_commitment(events: Sequence[dict[str, Any]], check: RoundCheck) -> None:
    """Note where the order dealt from was committed: the first event with a sealed list,
    before the first wager or after the last where it was."""
    committed = [e for e in events if any(isinstance(e["event"].get(n), list) for n in e["sealed"])]
    wagers = [e["index"] for e in events if e["type"] == "WagerPlaced"]
    for event in committed[:1]:
        when = ""
        if wagers:
            when = (
                " before the first wager"
                if event["index"] < wagers[0]
                else (" after the last wager" if event["index"] > wagers[-1] else "")
            )
        check.notes.append(f"the order dealt from was committed at {_named(event)}{when}")


def _check_replay(
    revealed: dict[str, Any], events: Sequence[dict[str, Any]], check: RoundCheck
) -> Round[Any] | None:
    """Replay the revealed ``events`` under their game's rules: the round replayed where
    it replays to its end with the status the reveal says, else ``None``, the problems
    in ``check``."""
    try:
        game = round_type(str(revealed.get("game")))
        parsed = game.events_from_json(json.dumps([e["event"] for e in events]))
        replayed = game.replay(parsed)
    except UnknownGame as error:
        check.problems.append(str(error))
    except ValidationError as error:
        for found in error.errors():
            index, *rest = [str(part) for part in found["loc"]]
            named = f"event {index}" + (f" ({in_words(rest[0])})" if rest else "")
            what = f", {' '.join(rest[1:])}" if rest[1:] else ""
            message = str(found["msg"]).removeprefix("Value error, ")
            check.problems.append(f"{named}{what} is not an event of the game: {message}")
    except CroupierError as error:
        check.problems.append(f"the revealed events do not replay under the rules: {error.reason}")
    except ValueError as error:
        check.problems.append(f"the revealed events do not replay under the rules: {error}")
    else:
        check.notes.append("the revealed events replay under the game's rules")
        _check_sealed(game, events, parsed, check, drawn_said(replayed))
        last = events[-1]
        voided = any(isinstance(e, RoundVoided) for e in replayed.events)
        if not replayed.finished:
            check.problems.append(
                f"the revealed events stop at {_named(last)}, before "
                "the round is over: the rest of the round is missing"
            )
            return None
        if revealed.get("status") != ("voided" if voided else "completed"):
            check.problems.append(
                f"the reveal says the round was {revealed.get('status')}, but its events "
                f"show it {'voided' if voided else 'completed'}"
            )
        return replayed
    return None
