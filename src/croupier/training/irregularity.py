"""The irregularity drill: something goes wrong at the table (a card found face up, a die
off the table, a tile exposed); the trainee says what the rule requires, from a small set
of typed remedies (:class:`Remedy`); the engine's own handling of that exact situation
judges the answer, and every correction quotes the section.

A game supplies its incidents from its own training module (``irregularity(spec, rules,
pick, rng)``, :attr:`croupier.game.GameSpec.training`): it plays a real round to a moment
at which the round offers the dealer its irregularity (:func:`play_to`), declares it
through the round's typed offer (:func:`declare`), and reads from the events the engine
produced which remedy it applied. Nothing here knows a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from croupier.citations import shown
from croupier.engine import DEALER, Event, LegalCommand
from croupier.errors import IllegalCommand
from croupier.offers import Choice, Fixed, Numbers
from croupier.rng import Rng
from croupier.training.drill import Dealt, source_of
from croupier.training.setting import InvalidAnswer
from croupier.training.situation import scene_of, wagers_said
from croupier.training.table import STEPS, Decide, Table

DECLARE = "DeclareIrregularity"
"""The command by which a round's dealer declares an irregularity (every game's)."""
KIND = "irregularity"
"""The field of :data:`DECLARE` that chooses the irregularity."""
DRILL = "irregularities"
"""The drill's name (``croupier train GAME --drill irregularities``)."""
ANSWER_CITE = "training:irregularity"
"""The rule an answer that names no remedy offered breaks."""


class Remedy(StrEnum):
    """What a rule may require on an irregularity, in the words a trainee chooses from."""

    VOID = "void"
    DISCARD = "discard"
    USE = "use"
    RESHUFFLE = "reshuffle"
    NO_ROLL = "no-roll"
    AS_THEY_LIE = "as-they-lie"
    OPPOSITE_FACE = "opposite-face"
    PLAYER_CHOICE = "player-choice"
    CARRY_ON = "carry-on"
    OTHER_MEANS = "other-means"
    STOP = "stop"

    @property
    def words(self) -> str:
        """The remedy as the trainee reads it."""
        return REMEDY_WORDS[self]


REMEDY_WORDS: dict[Remedy, str] = {
    Remedy.VOID: "void the round: every hand void, every wager returned",
    Remedy.DISCARD: "put the card in the discard rack and deal on",
    Remedy.USE: "use the card as the next card",
    Remedy.RESHUFFLE: "reshuffle (remix) and begin again",
    Remedy.NO_ROLL: "no roll: the dice are thrown or shaken again",
    Remedy.AS_THEY_LIE: "call the dice as they lie",
    Remedy.OPPOSITE_FACE: "count the face opposite the side resting on the object",
    Remedy.PLAYER_CHOICE: "the player chooses (his hand may be void or played)",
    Remedy.CARRY_ON: "notify the floor and play on",
    Remedy.OTHER_MEANS: (
        "cover the device or sign it out of order, then shuffle or deal another way"
    ),
    Remedy.STOP: "stop dealing until the device is repaired or replaced",
}


@dataclass(frozen=True)
class Incident:
    """One irregularity drill item of ``game``: the ``scene`` (the table before it, one
    line each), ``what`` went wrong in words, the ``choices`` offered (in order; the
    trainee types a number or the remedy), the remedy ``expected`` (the engine's), the
    ``cite`` of the rule and its text ``quote`` (or croupier's reading where the
    chapter's text is not at hand)."""

    game: str
    scene: tuple[str, ...]
    what: str
    choices: tuple[Remedy, ...]
    expected: Remedy
    cite: str
    quote: str

    def __post_init__(self) -> None:
        if self.expected not in self.choices:
            raise ValueError(f"the remedy {self.expected} is not among the choices offered")

    @property
    def question(self) -> str:
        return f"{self.what} What does the rule require?"


@dataclass(frozen=True)
class RemedyVerdict:
    """A remedy answer judged: ``right``, the remedies ``expected`` and ``given`` (in
    words), the ``cite`` and the verdict in ``words`` (a wrong one quotes the section)."""

    right: bool
    expected: str
    given: str
    cite: str
    words: str


def read_remedy(item: Incident, text: str) -> Remedy:
    """The remedy ``text`` names among ``item``'s choices: its number (1 first) or its
    name (``"void"``); raises :class:`InvalidAnswer` for any other answer."""
    said = text.strip().lower()
    if said.isdigit() and 1 <= int(said) <= len(item.choices):
        return item.choices[int(said) - 1]
    for remedy in item.choices:
        if said in (remedy.value, remedy.words):
            return remedy
    raise InvalidAnswer(
        f"{text!r} is none of the remedies offered: type a number, 1 to {len(item.choices)}",
        ANSWER_CITE,
    )


def judge_remedy(item: Incident, text: str) -> RemedyVerdict:
    """``text`` (:func:`read_remedy`) judged against the engine's remedy; a wrong answer's
    words give the right remedy, the section and its text."""
    given = read_remedy(item, text)
    rule = f"{shown(item.cite)}: \u201c{item.quote}\u201d"
    if given is item.expected:
        return RemedyVerdict(
            True, item.expected.words, given.words, item.cite, f"Right: {item.expected.words}."
        )
    return RemedyVerdict(
        False,
        item.expected.words,
        given.words,
        item.cite,
        f"Wrong: {item.expected.words}, not {given.words}. {rule}",
    )


def offered_kinds(table: Table) -> dict[str, LegalCommand]:
    """The irregularities the round offers its dealer now: kind -> the offer."""
    found: dict[str, LegalCommand] = {}
    for legal in table.round.legal_commands(DEALER):
        if legal.command != DECLARE:
            continue
        kinds = legal.fields.get(KIND)
        if isinstance(kinds, Choice):
            found.update({str(option.value): legal for option in kinds.options})
        elif isinstance(kinds, Fixed):
            found[str(kinds.value)] = legal
    return found


def play_to(
    table: Table,
    kinds: Collection[str],
    pick: random.Random,
    *,
    decide: Decide | None = None,
    stay: float = 0.5,
    ready: Callable[[str], bool] | None = None,
    stuck: Callable[[Table], bool] | None = None,
) -> str | None:
    """Play ``table``'s round on (:meth:`Table.step`) until its dealer is offered one of
    ``kinds`` (and ``ready(kind)`` holds), staying there with chance ``stay`` each time
    (else playing on); the kind drawn, or ``None`` where the round ended without one.
    ``stuck(table)``: what moves the round where its policy does not (physical dice read
    in), ``True`` where it did."""
    last: list[str] = []
    for _ in range(STEPS):
        now = [k for k in offered_kinds(table) if k in kinds and (ready is None or ready(k))]
        if now:
            last = now
            if pick.random() < stay:
                return pick.choice(now)
        if table.round.finished:
            break
        if not table.step(decide) and (stuck is None or not stuck(table)):
            break
    return pick.choice(last) if last and not table.round.finished else None


def declare(table: Table, kind: str, **extra: Any) -> list[Event]:
    """Declare the irregularity ``kind`` through the round's offer to its dealer (with the
    ``extra`` fields it takes: a position, a card); the events the engine produced. Raises
    :class:`~croupier.errors.IllegalCommand` where the round refuses it."""
    legal = next(
        (
            offer
            for offer in table.round.legal_commands(DEALER)
            if offer.command == DECLARE
            and _offers(offer, kind)
            and all(
                not isinstance(f, Fixed) or n not in extra or f.value == extra[n]
                for n, f in offer.fields.items()
            )
        ),
        None,
    )
    if legal is None:
        raise IllegalCommand(f"{kind} is not offered to the dealer now", ANSWER_CITE)
    extra = {n: v for n, v in extra.items() if not isinstance(legal.fields.get(n), Fixed)}
    for name, field_ in legal.fields.items():  # what else it takes, drawn where not given
        if (
            name not in extra
            and name != KIND
            and isinstance(field_, Choice)
            and not field_.optional
        ):
            extra[name] = pick_option(field_)
    chosen = {} if isinstance(legal.fields[KIND], Fixed) else {KIND: kind}
    table.new_events()
    table.send(DEALER, legal, **chosen, **extra)
    return table.new_events()


def _offers(legal: LegalCommand, kind: str) -> bool:
    """Whether ``legal`` (a :data:`DECLARE` offer) lets the dealer declare ``kind``."""
    kinds = legal.fields.get(KIND)
    if isinstance(kinds, Choice):
        return any(str(o.value) == kind for o in kinds.options)
    return isinstance(kinds, Fixed) and str(kinds.value) == kind


def pick_option(choice: Choice, pick: random.Random | None = None) -> Any:
    """One of ``choice``'s options (drawn by ``pick``; the first where ``None``)."""
    options = [o.value for o in choice.options]
    return pick.choice(options) if pick is not None else options[0]


def remedy_from(events: list[Event], table: dict[type[Any], Remedy]) -> Remedy | None:
    """The remedy the engine applied: that of the last of ``events`` whose type ``table``
    names (the game's reading of its own events), or ``None``."""
    found: Remedy | None = None
    for event in events:
        for kind, remedy in table.items():
            if isinstance(event, kind):
                found = remedy
    return found


def choices_with(
    expected: Remedy, menu: Collection[Remedy], pick: random.Random
) -> tuple[Remedy, ...]:
    """Up to four remedies from ``menu`` (the game's), ``expected`` among them, in an
    order drawn by ``pick`` (the same for one seed): the right one's place tells nothing."""
    others = [r for r in menu if r is not expected]
    chosen = [expected, *pick.sample(others, min(3, len(others)))]
    pick.shuffle(chosen)
    return tuple(chosen)


@dataclass(frozen=True)
class Handling:
    """How a game's training module reads its irregularities (all in its own terms):
    ``said`` (kind -> what happened, in words), ``events`` (event type -> the remedy it
    shows: the engine's handling), ``by_text`` (kind -> the remedy where the engine's
    events do not show one: the section's text), ``quotes`` (section -> its text, or
    croupier's reading where the text is not at hand) and ``menu`` (the remedies a
    trainee chooses among, in order)."""

    said: dict[str, str]
    events: dict[type[Any], Remedy]
    quotes: dict[str, str]
    menu: tuple[Remedy, ...]
    by_text: dict[str, Remedy] = field(default_factory=dict)
    refers: dict[str, dict[str, str]] = field(default_factory=dict)
    """Section -> (kind -> the section it sends the dealer to), for a section that only
    refers to another (``"675a.6(g)"``: "the dealing procedures in § 675a.4(b) and (c)")."""

    def quote(self, cite: str) -> tuple[str, str]:
        """The section of ``cite`` (its first, ``"674a.13(a); ..."``) that :attr:`quotes`
        holds, read up its parents (``"675a.4(c)(1)"`` -> ``"675a.4(c)"``), and its text;
        raises :class:`KeyError` where none is held."""
        first = cite.split(";")[0].strip()
        while first:
            if first in self.quotes:
                return first, self.quotes[first]
            if "(" not in first:
                break
            first = first[: first.rfind("(")]
        raise KeyError(f"no text is held for {cite}")


def incident(
    table: Table,
    kind: str,
    handling: Handling,
    pick: random.Random,
    *,
    before: tuple[str, ...] = (),
    **extra: Any,
) -> Incident:
    """Declare ``kind`` at ``table`` (:func:`declare`, with ``extra``) and make the drill
    item of it: the scene as the table stood, the remedy the engine's events show (else
    the section's, ``handling.by_text``), the section the engine cited and its text."""
    events_before = list(table.round.events)
    scene = (*wagers_said(table, events_before), *scene_of(events_before), *before)
    events = declare(table, kind, **extra)
    remedy = remedy_from(events, handling.events) or handling.by_text.get(kind)
    if remedy is None:
        raise RuntimeError(f"{table.round.game}: no remedy is read for {kind}")
    cite = next((str(e.cite) for e in events if getattr(e, "cite", "")), "")
    first = cite.split(";")[0].strip()
    referred = handling.refers.get(first, {}).get(kind)
    section, quote = handling.quote(referred or cite)
    if referred is not None:
        section = f"{section}; {first}"
    return Incident(
        table.round.game,
        scene,
        handling.said[kind],
        choices_with(remedy, handling.menu, pick),
        remedy,
        section,
        quote,
    )


def read_in(rng: Rng) -> Callable[[Table], bool]:
    """A ``stuck`` for :func:`play_to` at a table of physical dice: the dealer's offer that
    reads dice in (its ``faces`` field) sent with faces drawn from ``rng``; ``False``
    where none is offered."""

    def throw(table: Table) -> bool:
        for legal in table.round.legal_commands(DEALER):
            faces = legal.fields.get("faces")
            if isinstance(faces, Numbers) and faces.count:
                drawn = tuple(
                    faces.low + rng.randbelow(faces.high - faces.low + 1)
                    for _ in range(faces.count)
                )
                table.send(DEALER, legal, faces=drawn)
                return True
        return False

    return throw


@dataclass
class IrregularityDrill(Dealt):
    """An irregularity drill of the game ``game`` under ``rules`` (its default where
    ``None``): its training module deals an :class:`Incident` (``irregularity``), the
    trainee chooses the remedy, the engine's handling judges it; ``seed``, ``rng`` and
    ``clock`` as in :class:`~croupier.training.drill.PayoutDrill`. Raises
    :class:`ValueError` for a game that has no such drill."""

    item: Incident | None = None

    def __post_init__(self) -> None:
        self._open(DRILL, "irregularity")

    def deal(self) -> Incident:
        """The next item; the clock starts."""
        source: Any = source_of(self.spec)
        self.item = source.irregularity(self.spec, self.rules, self.pick, self.rng)
        self._asked()
        return self.item

    def answer(self, text: str) -> RemedyVerdict:
        """The trainee's ``text`` (a remedy's number or name) judged and recorded; raises
        :class:`~croupier.training.setting.InvalidAnswer` (nothing recorded) for an answer
        that names no remedy offered."""
        if self.item is None:
            raise ValueError("no item is dealt: deal one first")
        verdict = judge_remedy(self.item, text)
        self.keep(self.item.what, verdict.expected, verdict.given, verdict.right, verdict.cite)
        return verdict
