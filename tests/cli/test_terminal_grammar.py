"""Each terminal table's ``GRAMMAR`` (the usage line a command typed wrong is answered
with) against the table's parser, both ways (issue #34).

Every usage line, its placeholders filled from the round's offers at a moment the command
is offered, is read as the command the line names: the command sent to the round (its
type and, for a decision, the decision) is recorded as the table sends it, and the line is
neither "Unknown command", a usage line nor refused. The seeds are searched for a moment
the offer comes up (a pair to split, a dealer ace to insure, a bust for the Second Chance
Wager). Where the terminal never reaches such a moment (no dealer error at the terminal: a
card exposed in error to refuse, a missed card to take late or decline, 673a.13), the line
is typed at a moment it is not offered, and must still be read as its command: the round
refuses it with its rule. High Roll Dice's ``remove SPOT`` is never offered (675a provides
for no wager to be taken down): the table answers it with that rule, sending nothing.

Conversely every first word a table's ``command`` dispatches on (read from its source:
the literal words of its ``match`` cases and the words of their guards) is the first word
of a usage line or a command taken at any moment.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
import inspect
import io
import random
import re
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from croupier.cli import app
from croupier.cli.rules import load_or_exit
from croupier.cli.tables import base, generic, offered
from croupier.cli.tables.base import SEAT, Terminal, usages
from croupier.engine import DEALER, Round
from croupier.games.craps.wagers import spot_words
from croupier.offers import Amount, Choice, Fixed, Integers, LegalCommand, Subset, plain
from croupier.registry import find
from croupier.rng import SeededRng

GAMES = (
    "craps",
    "criss-cross-poker",
    "double-back-jack",
    "go-fore-it",
    "high-roll-dice",
    "pai-gow",
    "sic-bo",
)
GENERIC = "generic (sic-bo)"
"""The generic table, at Sic Bo as if its spec named no terminal table."""

Fill = Callable[[Terminal[Any, Any], Round[Any]], "str | None"]
"""The line a usage line is typed as at this moment, its placeholders filled from the
round's offers; ``None`` where the command is not offered now."""


def module_of(game: str) -> ModuleType:
    if game == GENERIC:
        return generic
    terminal = find(game).terminal
    assert terminal is not None
    return importlib.import_module(terminal)


def table_for(
    game: str, seed: int, console: Console, rules: dict[str, Any] | Path | None = None
) -> Terminal[Any, Any]:
    if game == GENERIC:
        spec = dataclasses.replace(find("sic-bo"), terminal=None)
        return generic.GenericTable(
            spec, spec.rules_type.model_validate({}), SeededRng(seed), 100_000, console
        )
    spec = find(game)
    make: Any = getattr(module_of(game).play, "terminal")  # noqa: B009
    submission = (
        load_or_exit(rules)
        if isinstance(rules, Path)
        else spec.rules_type.model_validate(rules or {})
    )
    return make(submission, SeededRng(seed), 100_000, console)  # type: ignore[no-any-return]


@dataclasses.dataclass
class Typed:
    """A filled line typed at a table: what the table answered and the commands it sent
    the round while taking it (each with its actor)."""

    line: str
    reply: str
    sent: list[tuple[Any, Any]]


def typed_at(game: str, seed: int, case: Case, monkeypatch: pytest.MonkeyPatch) -> Typed | None:
    """Seat 1 at ``game``'s table (``seed``, the case's rules) types the case's setup
    (a step that is a :data:`Fill` typed as it fills, or nothing), then the line its
    ``fill`` makes from the round's offers (``None`` where it makes none), then leaves."""
    out = io.StringIO()
    console = Console(file=out, width=200, no_color=True, highlight=False)
    table = table_for(game, seed, console, case.rules)
    fill = case.fill
    lines: Iterator[str | Fill] = iter(case.setup)
    found: dict[str, Any] = {}
    sent: list[tuple[Any, Any]] = []

    def read_line(_: Console) -> str | None:
        if "line" in found:
            found.setdefault("reply", out.getvalue()[found["at"] :])
            return None
        round_ = table.current
        step = next(lines, None)
        if callable(step):
            step = None if round_ is None or round_.finished else step(table, round_)
            return step or ""
        if step is not None:
            return step
        filled = None if round_ is None or round_.finished else fill(table, round_)
        if filled is not None:
            found.update(line=filled, at=len(out.getvalue()))
        return filled

    handle = Round.handle

    def recorded(self: Round[Any], command: Any, actor: Any) -> Any:
        if "line" in found and "reply" not in found:
            sent.append((command, actor))
        return handle(self, command, actor)

    monkeypatch.setattr(base, "read_line", read_line)
    monkeypatch.setattr(Round, "handle", recorded)
    table.session(None)
    if "line" not in found:
        return None
    return Typed(found["line"], found.get("reply", out.getvalue()[found["at"] :]), sent)


# -- filling a line from the round's offers ------------------------------------------------
def offers(round_: Round[Any], name: str, actor: Any = SEAT) -> list[LegalCommand]:
    return [offer for offer in round_.legal_commands(actor) if offer.command == name]


def dollars(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def least(offer: LegalCommand) -> str:
    amount = offer.first_amount
    assert amount is not None, offer
    return dollars(amount.low)


def when(name: str, line: str, actor: Any = SEAT, **values: Any) -> Fill:
    """``line`` as it is, where ``name`` is offered (with each field in ``values`` offered
    that value)."""

    def fill(table: Terminal[Any, Any], round_: Round[Any]) -> str | None:
        for offer in offers(round_, name, actor):
            if all(value in offer.values(field) for field, value in values.items()):
                return line
        return None

    return fill


def wager(line: str, spot: Callable[[Terminal[Any, Any], Any], str] | None = None) -> Fill:
    """``line`` (``bet SPOT AMOUNT``) with the first spot a wager is offered on, as the
    table names it, and the least amount it takes."""

    def fill(table: Terminal[Any, Any], round_: Round[Any]) -> str | None:
        for offer in offers(round_, "PlaceWager"):
            if offer.spots and offer.first_amount is not None:
                said = (spot or Terminal.spot_name)(table, offer.spots[0])
                return line.replace("SPOT", said).replace("AMOUNT", least(offer))
        return None

    return fill


def amount_of(name: str, line: str, **values: Any) -> Fill:
    """``line`` with AMOUNT the least ``name`` takes, where it is offered."""

    def fill(table: Terminal[Any, Any], round_: Round[Any]) -> str | None:
        for offer in offers(round_, name):
            if all(value in offer.values(field) for field, value in values.items()):
                return line.replace("AMOUNT", least(offer))
        return None

    return fill


def spot_of(name: str, line: str, spot: Callable[[Terminal[Any, Any], Any], str]) -> Fill:
    """``line`` with its placeholder (the last word) the first spot ``name`` is offered
    on, as the table names it."""

    def fill(table: Terminal[Any, Any], round_: Round[Any]) -> str | None:
        for offer in offers(round_, name):
            if offer.spots:
                return line.rsplit(" ", 1)[0] + " " + spot(table, offer.spots[0])
        return None

    return fill


def placed(line: str) -> Fill:
    """``line`` with SPOT the first spot seat 1 has a wager on, as the table names it."""

    def fill(table: Terminal[Any, Any], round_: Round[Any]) -> str | None:
        mine = round_.view(SEAT)["wagers"].get(str(SEAT)) or {}
        if isinstance(mine, int):  # one wager, on the one spot (Pai Gow)
            mine = dict.fromkeys(table.spot_labels)
        return line.replace("SPOT", table.spot_name(next(iter(mine)))) if mine else None

    return fill


def craps_words(_: Terminal[Any, Any], spot: Any) -> str:
    return spot_words(str(spot)).lower()


def layout_name(table: Terminal[Any, Any], spot: Any) -> str:
    return table.spot_name(spot)


def cut_fill(table: Terminal[Any, Any], round_: Round[Any]) -> str | None:
    for offer in offers(round_, "AcceptCut"):
        position = offer.fields["position"]
        assert isinstance(position, Integers)
        return f"cut {position.low}"
    return None


def set_fill(table: Terminal[Any, Any], round_: Round[Any]) -> str | None:
    """Pai Gow's ``set T1 T2`` with the first two of seat 1's tiles together."""
    if not offers(round_, "SetHands"):
        return None
    tiles = [tile.code for tile in getattr(round_, "tiles_of")(SEAT)]  # noqa: B009
    return f"set {tiles[0]} {tiles[1]}"


def style_fill(table: Terminal[Any, Any], round_: Round[Any]) -> str | None:
    from croupier.cli.tables.pai_gow import _style
    from croupier.rules.pai_gow import DeliveryStyle

    if not offers(round_, "AnnounceNoMoreBets", DEALER):
        return None
    return f"style {_style(next(iter(DeliveryStyle)))}"


def generic_command(table: Terminal[Any, Any], round_: Round[Any]) -> str | None:
    for offer in offers(round_, "PlaceWager"):
        if offer.spots and offer.first_amount is not None:
            return f"PlaceWager spot={offer.spots[0]} amount={least(offer)}"
    return None


def named(name: str, actor: Any = SEAT, **fields: Any) -> Callable[[Any, Any], bool]:
    return lambda command, a: (
        type(command).__name__ == name
        and a == actor
        and all(str(getattr(command, k)) == str(v) for k, v in fields.items())
    )


@dataclasses.dataclass(frozen=True)
class Case:
    """A usage line typed after ``setup`` (filled by ``fill``), read as the command
    ``sends`` recognizes (``None``: a command of the table's own that sends the round
    nothing, its reply containing ``says``); ``offered=False`` where the terminal never
    reaches a moment it is offered (the round refuses it then)."""

    setup: tuple[str | Fill, ...]
    fill: Fill
    sends: Callable[[Any, Any], bool] | None
    says: str = ""
    offered: bool = True
    rules: dict[str, Any] | Path | None = None


CRAPS_UP = ("bet pass 5", "bet place 6 6")
CRAPS_POINT = ("bet pass 5", "bet place 6 6", "roll")
CXP_ANTES = ("bet antes 5",)
DBJ_BET = ("refuse cut", "bet 5")
DBJ_DEALT = ("refuse cut", "bet 5", "deal")
PG_DEALT = ("bet 5", "deal")
BONUS = {"five_card_bonus": True}
NOT_REMOVED = "Refused: a wager may not be removed: "
"""The refusal of ``remove SPOT`` where the game takes no wager down, its rule after it."""
SB_NOT_REMOVED = (
    "the procedures of a Sic Bo round provide for no wager to be taken down once placed; it "
    "stays on the layout until the dice are shaken and it is settled (625a.5 (inferred))"
)
"""Sic Bo's: the round of 625a.5 takes no wager down."""
NOT_NOW = "may be taken down now"
"""The answer to ``remove SPOT`` where no removal is offered now (none sent)."""

CASES: dict[str, dict[str, Case]] = {
    "craps": {
        "bet SPOT AMOUNT": Case((), wager("bet SPOT AMOUNT", craps_words), named("PlaceWager")),
        "roll": Case(
            ("bet pass 5",),
            when("AnnounceNoMoreBets", "roll", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
        "remove SPOT": Case(
            CRAPS_UP, spot_of("RemoveWager", "remove SPOT", craps_words), named("RemoveWager")
        ),
        "off SPOT": Case(
            CRAPS_POINT,
            spot_of("CallWager", "off SPOT", craps_words),
            named("CallWager", working=False),
        ),
        "working SPOT": Case(
            CRAPS_UP,
            spot_of("CallWager", "working SPOT", craps_words),
            named("CallWager", working=True),
        ),
    },
    "criss-cross-poker": {
        "bet [SPOT] AMOUNT": Case(
            CXP_ANTES, wager("bet SPOT AMOUNT", layout_name), named("PlaceWager"), rules=BONUS
        ),
        "remove SPOT": Case(
            CXP_ANTES, spot_of("WithdrawWager", "remove SPOT", layout_name), named("WithdrawWager")
        ),
        "deal": Case(
            CXP_ANTES,
            when("AnnounceNoMoreBets", "deal", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
    },
    "double-back-jack": {
        "cut N": Case((), cut_fill, named("AcceptCut")),
        "bet [SPOT] AMOUNT": Case(
            ("refuse cut",), amount_of("PlaceWager", "bet AMOUNT"), named("PlaceWager")
        ),
        "remove SPOT": Case(DBJ_DEALT, placed("remove SPOT"), None, NOT_REMOVED, offered=False),
        "deal": Case(DBJ_BET, when("DealCards", "deal", DEALER), named("DealCards", DEALER)),
    },
    "go-fore-it": {
        "bet SPOT AMOUNT": Case((), wager("bet SPOT AMOUNT", layout_name), named("PlaceWager")),
        "remove SPOT": Case(
            ("bet front 9 5", "bet skins 5"),
            spot_of("WithdrawWager", "remove SPOT", layout_name),
            named("WithdrawWager"),
        ),
        "deal": Case(
            ("bet front 9 5",),
            when("AnnounceNoMoreBets", "deal", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
    },
    "high-roll-dice": {
        "bet SPOT AMOUNT": Case((), wager("bet SPOT AMOUNT", layout_name), named("PlaceWager")),
        "remove SPOT": Case(
            ("bet pip street ace 5",),
            placed("remove SPOT"),
            None,
            NOT_REMOVED,
            offered=False,
        ),
        "roll": Case(
            ("bet pip street ace 5",),
            when("AnnounceNoMoreBets", "roll", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
    },
    "pai-gow": {
        "bet [SPOT] AMOUNT": Case((), amount_of("PlaceWager", "bet AMOUNT"), named("PlaceWager")),
        "remove SPOT": Case(
            ("bet 5",), spot_of("WithdrawWager", "remove SPOT", layout_name), named("WithdrawWager")
        ),
        "style NAME": Case(("bet 5",), style_fill, None, "The tiles will be delivered"),
        "deal": Case(
            ("bet 5",),
            when("AnnounceNoMoreBets", "deal", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
        "set T1 T2": Case(PG_DEALT, set_fill, named("SetHands")),
    },
    "sic-bo": {
        "bet SPOT AMOUNT": Case((), wager("bet SPOT AMOUNT", layout_name), named("PlaceWager")),
        "remove SPOT": Case(
            ("bet big 5",), placed("remove SPOT"), None, NOT_REMOVED + SB_NOT_REMOVED, offered=False
        ),
        "roll": Case(
            ("bet big 5",),
            when("AnnounceNoMoreBets", "roll", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
    },
    GENERIC: {
        "bet SPOT AMOUNT": Case(
            (), wager("bet SPOT AMOUNT", lambda _, spot: str(spot)), named("PlaceWager")
        ),
        "COMMAND [FIELD=VALUE ...]": Case((), generic_command, named("PlaceWager")),
        "remove SPOT": Case(("bet big 5",), placed("remove SPOT"), None, NOT_NOW),
        "deal": Case(
            ("bet big 5",),
            lambda t, r: "deal" if find(r.game).policy.closing_step(r) else None,
            named("AnnounceNoMoreBets", DEALER),
        ),
    },
}
"""A case for each usage line of a table's own (its core lines and its extras); its
decisions are typed by the one rule at random moments of seeded rounds (below)."""


def test_every_usage_line_has_a_case() -> None:
    """The cases above are the tables' GRAMMAR but their decisions, line for line (a usage
    line added to a table without a case fails here)."""
    for game, cases in CASES.items():
        module = module_of(game)
        decisions = set(getattr(module, "DECISIONS", ()))
        grammar = [u for text in module.GRAMMAR for u in text.split(", ") if u not in decisions]
        assert sorted(cases) == sorted(grammar), game


@pytest.mark.parametrize(
    ("game", "usage"), [(game, usage) for game, cases in CASES.items() for usage in cases]
)
def test_each_usage_line_is_read_as_its_command(
    game: str, usage: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    case = CASES[game][usage]
    for seed in range(60):
        with monkeypatch.context() as patched:
            typed = typed_at(game, seed, case, patched)
        if typed is not None:
            break
    else:
        pytest.fail(f"{game}: no seed reached a moment {usage!r} is offered")
    said = typed.reply
    assert "Unknown command" not in said and "usage:" not in said, (typed.line, said)
    if case.sends is None:
        assert typed.sent == [] and case.says in " ".join(said.split()), (typed.line, said)
    else:
        assert any(case.sends(c, a) for c, a in typed.sent), (typed.line, typed.sent, said)
    if case.offered:
        assert "Refused" not in said, (typed.line, said)
    else:
        assert "Refused" in said, (typed.line, said)


# -- the converse: every word a parser dispatches on is in its grammar ---------------------
def dispatched(module: ModuleType, table: type[Terminal[Any, Any]]) -> set[str]:
    """The first words ``table.command`` dispatches on: the literal words first in each
    ``match`` case, and the words its guard tests the first word against."""
    source = textwrap.dedent(inspect.getsource(table.command))
    words: set[str] = set()

    def literals(pattern: ast.pattern) -> set[str]:
        if isinstance(pattern, ast.MatchValue) and isinstance(pattern.value, ast.Constant):
            return {str(pattern.value.value)}
        if isinstance(pattern, ast.MatchOr):
            return {w for p in pattern.patterns for w in literals(p)}
        if isinstance(pattern, ast.MatchAs) and pattern.pattern is not None:
            return literals(pattern.pattern)
        return set()

    def guarded(guard: ast.expr | None, name: str) -> set[str]:
        found: set[str] = set()
        for node in ast.walk(guard) if guard is not None else ():
            if not (isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.In)):
                continue
            if not (isinstance(node.left, ast.Name) and node.left.id == name):
                continue
            container = node.comparators[0]
            items = container.elts if isinstance(container, ast.Tuple) else [container]
            for item in items:
                if isinstance(item, ast.Constant):
                    found.add(str(item.value))
                elif isinstance(item, ast.Starred | ast.Name):
                    ref = item.value if isinstance(item, ast.Starred) else item
                    assert isinstance(ref, ast.Name)
                    found |= {str(w) for w in getattr(module, ref.id)}
        return found

    for node in ast.walk(ast.parse(source)):
        for case in node.cases if isinstance(node, ast.Match) else ():
            patterns = (
                case.pattern.patterns if isinstance(case.pattern, ast.MatchOr) else [case.pattern]
            )
            for pattern in patterns:
                if isinstance(pattern, ast.MatchSequence) and pattern.patterns:
                    first = pattern.patterns[0]
                    words |= literals(first)
                    if isinstance(first, ast.MatchAs) and first.name:
                        words |= guarded(case.guard, first.name)
    return words


TABLE_CLASSES = {
    "craps": "CrapsTable",
    "criss-cross-poker": "CrissCrossPokerTerminal",
    "double-back-jack": "DoubleBackJackTerminal",
    "go-fore-it": "GoForeItTerminal",
    "high-roll-dice": "HighRollDiceTable",
    "pai-gow": "PaiGowPlay",
    "sic-bo": "SicBoTable",
    GENERIC: "GenericTable",
}


@pytest.mark.parametrize("game", sorted(TABLE_CLASSES))
def test_every_word_the_parser_reads_is_in_its_grammar(game: str) -> None:
    """A word ``command`` takes is the first word of one of the table's declared extras
    (``cut N``, ``set T1 T2``, ``off SPOT``) or of a command taken at any moment (``hint``,
    ``layout``, ``odds``): never a core verb nor a decision, which base reads once."""
    module = module_of(game)
    table = getattr(module, TABLE_CLASSES[game])
    words = dispatched(module, table)
    assert not words & CORE_WORDS, (game, sorted(words & CORE_WORDS))  # read once, in base
    anytime = {word for word, _ in table.own + base.ALWAYS}
    extras = getattr(module, "EXTRAS", ())
    own = set(usages(extras)) | ({"COMMAND"} if game == GENERIC else set())
    decisions = {line.split()[0] for line in getattr(module, "DECISIONS", ())}
    missing = words - own - anytime
    assert not missing, (game, sorted(missing))
    assert not (words - anytime) & decisions - own, (game, sorted(words & decisions))


@pytest.mark.parametrize("game", sorted(TABLE_CLASSES))
def test_usage_lines_are_in_the_tables_words(game: str) -> None:
    """A usage line names what is typed in words: its placeholders (SPOT, AMOUNT, T1 T2,
    NAME) and words have no snake_case or ``kind:value`` spot codes (``pip_street``,
    ``back_9``) and no command class names (``PlaceWager``)."""
    for line in module_of(game).GRAMMAR:
        assert not re.search(r"[_:]|\b[A-Z][a-z]+[A-Z]", line), (game, line)


@pytest.mark.parametrize("game", GAMES)
def test_usage_lines_name_what_is_typed_in_the_shared_words(game: str) -> None:
    """Every table says a wager's place as the core grammar does, SPOT (``bet SPOT
    AMOUNT``, ``remove SPOT``, Craps' ``off SPOT``), never another word for it (Craps said
    ``bet WAGER AMOUNT``)."""
    grammar = module_of(game).GRAMMAR
    said = usages(grammar)
    assert said["bet"] in ("bet SPOT AMOUNT", "bet [SPOT] AMOUNT"), game
    assert said["remove"] == "remove SPOT", game
    placeholders = {p for line in grammar for p in re.findall(r"\b[A-Z][A-Z0-9]+\b", line)}
    assert "WAGER" not in placeholders, (game, grammar)


# -- the core grammar: each core verb read the same way at every game's table --------------
CORE_WORDS = {"bet", "remove", "deal", "roll"}
"""The first words of the core grammar (:data:`base.CORE`), read once in ``base.Terminal``:
``roll`` at a table that throws dice, ``deal`` at any other."""
DICE = ("craps", "high-roll-dice", "sic-bo")


def closing(verb: str) -> Fill:
    """``verb`` where the dealer may close the betting now."""
    return lambda t, r: verb if find(r.game).policy.closing_step(r) is not None else None


CLOSED = named("AnnounceNoMoreBets", DEALER)
DEALT = {
    "double-back-jack": (DBJ_BET, named("DealCards", DEALER)),
    "pai-gow": (("bet 5",), CLOSED),
    "criss-cross-poker": (CXP_ANTES, CLOSED),
    "go-fore-it": (("bet front 9 5",), CLOSED),
    "craps": (("bet pass 5",), CLOSED),
    "high-roll-dice": (("bet pip street ace 5",), CLOSED),
    "sic-bo": (("bet big 5",), CLOSED),
}
"""Per game: what makes ``deal`` offered, and the dealer's closing command it sends."""
PLACED = named("PlaceWager")
REMOVED = {
    "craps": Case(
        CRAPS_UP, spot_of("RemoveWager", "remove SPOT", craps_words), named("RemoveWager")
    ),
    "criss-cross-poker": Case(CXP_ANTES, placed("remove SPOT"), named("WithdrawWager")),
    "go-fore-it": Case(
        ("bet front 9 5", "bet skins 5"),
        when("WithdrawWager", "remove Skins"),
        named("WithdrawWager", spot="skins"),
    ),
    "high-roll-dice": Case(
        ("bet pip street ace 5",), placed("remove SPOT"), None, NOT_REMOVED, offered=False
    ),
    "double-back-jack": Case(DBJ_DEALT, placed("remove SPOT"), None, NOT_REMOVED, offered=False),
    "pai-gow": Case(("bet 5",), placed("remove SPOT"), named("WithdrawWager")),
    "sic-bo": Case(("bet big 5",), placed("remove SPOT"), None, NOT_REMOVED, offered=False),
}
"""``remove SPOT`` at each table: the wager taken down where the game takes one down then;
where it never does (675a.6(d) read with 675a.2(e); 673a.6(c); Sic Bo's round, 625a.5), the
refusal with its rule, sending nothing. Pai Gow's wager is withdrawn before "no more bets"
(621a.7(c))."""
LONE = {
    "double-back-jack": Case(("refuse cut",), amount_of("PlaceWager", "bet AMOUNT"), PLACED),
    "pai-gow": Case((), amount_of("PlaceWager", "bet AMOUNT"), PLACED),
    "criss-cross-poker": Case((), amount_of("PlaceAntes", "bet AMOUNT"), named("PlaceAntes")),
}
"""``bet AMOUNT`` where one spot is open: the Blackjack Wager, the Pai Gow wager, the antes
(no Five Card Bonus offered)."""


def core_cases() -> Iterator[tuple[str, str, Case]]:
    for game in GAMES:
        setup, sends = DEALT[game]
        verb = "roll" if game in DICE else "deal"
        yield game, verb, Case(setup, closing(verb), sends)
        spots = {"criss-cross-poker": CXP_ANTES, "double-back-jack": ("refuse cut",)}.get(game, ())
        rules = BONUS if game == "criss-cross-poker" else None
        layout = Case(spots, wager("bet SPOT AMOUNT", layout_name), PLACED, rules=rules)
        yield game, "bet SPOT AMOUNT", layout
        if game in LONE:
            yield game, "bet AMOUNT", LONE[game]
        yield game, "remove SPOT", REMOVED[game]


def test_the_core_grammar_is_every_tables() -> None:
    """Every game's GRAMMAR has the core lines: ``remove SPOT``, a ``bet`` line, and one
    word for the dealer's going on: ``roll`` at a dice table, ``deal`` at a card table
    (never both: one word per act)."""
    for game in GAMES:
        words = usages(module_of(game).GRAMMAR)
        assert {"bet", "remove"} <= set(words), game
        assert ("roll" in words) == (game in DICE), game
        assert ("deal" in words) == (game not in DICE), game


@pytest.mark.parametrize(("game", "verb", "case"), list(core_cases()))
def test_each_core_verb_is_read_alike_at_every_table(
    game: str, verb: str, case: Case, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``deal`` (``roll`` at a dice table) sends the dealer's closing command; ``bet SPOT
    AMOUNT``, the spot by its layout name, the wager on it, and ``bet AMOUNT`` where one
    spot is open; ``remove SPOT`` the wager's removal, or the game's refusal with its rule,
    or nothing where none is offered now."""
    for seed in range(10):
        with monkeypatch.context() as patched:
            typed = typed_at(game, seed, case, patched)
        if typed is not None:
            break
    else:
        pytest.fail(f"{game}: no seed reached a moment {verb!r} is offered")
    said = typed.reply
    assert "Unknown command" not in said and "usage:" not in said, (typed.line, said)
    if case.sends is None:
        assert typed.sent == [] and case.says in " ".join(said.split()), (typed.line, said)
    else:
        assert any(case.sends(c, a) for c, a in typed.sent), (typed.line, typed.sent, said)
        assert "Refused" not in said, (typed.line, said)


# -- the one rule for decisions: every decision offered, typed alike at every table --------
EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "rules").glob("*.toml"))
"""Every shipped Rules Submission: the decisions are derived from their rounds' offers."""
SEEDS = range(6)
ROUNDS = 4
OLD_WORDS = {
    "shoot",
    "shake",
    "take down",
    "down",
    "give up",
    "withdraw",
    "back9",
    "play",
    "antes",
    "bonus",
    "1x",
    "2x",
    "3x",
    "insurance",
    "no",
    "second",
    "decline",
    "refuse",
    "take",
    "dead",
    "house",
    "show",
    "small",
    "big",
    "total",
    "triple",
    "any",
    "double N",
    "combination",
    "combo",
    "single",
}
"""The words the tables read before one grammar, each a second word for an act that has
its one word now (``roll``, ``remove SPOT``, ``bet SPOT AMOUNT``, a decision's label)."""


def rule_words(text: str) -> str:
    """A value, label or command name in words as the rule types it, worked out here:
    ``"TakeBank"`` -> ``"take bank"``, ``"back_9"`` -> ``"back 9"``, ``"Second chance"``
    -> ``"second chance"``."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", text)
    return " ".join(re.sub(r"[_:]", " ", spaced).lower().split())


@dataclasses.dataclass
class Decided:
    """A decision offered at a random moment, typed by the rule: the line, the offer's
    command and the fields the line chose, the reply and what the table sent."""

    line: str
    command: str
    chosen: dict[str, Any]
    reply: str = ""
    sent: list[tuple[Any, Any]] = dataclasses.field(default_factory=list)


def typed_by_the_rule(offer: LegalCommand, pick: random.Random) -> tuple[str, dict[str, Any]]:
    """The line for ``offer`` by the rule of docs/architecture.md, and what it chooses: a
    decision said by its choice by an option's label; a wager of one amount on a spot the
    round names by the spot's words; any other by its command's name in words; then each
    field left to choose, in order (an amount at its least, or left out where the offer
    bounds it: then its most; a choice by its first value; an optional field left out)."""
    free = [(n, f) for n, f in offer.fields.items() if not isinstance(f, Fixed)]
    chosen: dict[str, Any] = {}
    said = [(n, f) for n, f in free if isinstance(f, Choice)]
    spot = offer.fields.get("spot")
    if offer.title == "" and said:
        name, field = said[0]
        option = pick.choice(field.options)
        words, chosen[name] = [rule_words(option.label)], option.value
    elif isinstance(spot, Fixed):
        words = [rule_words(str(spot.value))]
    else:
        words = [rule_words(offer.command)]
    for name, field in free:
        if name in chosen or field.optional:
            continue
        if isinstance(field, Amount):
            if field.high is not None and field.low == field.high:
                chosen[name] = field.low
            elif field.high is not None and pick.random() < 0.5:
                chosen[name] = field.high  # left out: the most the offer allows
            else:
                words.append(dollars(field.low))
                chosen[name] = field.low
        elif isinstance(field, Choice):
            value = field.options[0].value
            words.append(" ".join(map(str, value)) if isinstance(value, list) else str(value))
            chosen[name] = value
        elif isinstance(field, Subset):
            words.append(str(field.of[len(chosen) % len(field.of)]))
            chosen[name] = [field.of[len(chosen) % len(field.of)]]
    return " ".join(words), chosen


def a_wager(table: Terminal[Any, Any], round_: Round[Any]) -> str | None:
    """A first wager at the least amount offered, typed in the core grammar."""
    for offer in round_.legal_commands(SEAT):
        amount = offer.first_amount
        if amount is None or offer.command not in ("PlaceWager", "PlaceAntes"):
            continue
        if offer.command == "PlaceAntes":
            return f"bet antes {dollars(amount.low)}"
        spot = offer.fields.get("spot")
        if isinstance(spot, Fixed):
            if amount.low == amount.high:
                continue  # a decision (Go Fore It's Back 9)
            return f"bet {dollars(amount.low)}"
        return f"bet {table.spot_name(offer.spots[0])} {dollars(amount.low)}"
    return None


@functools.cache
def driven(path: Path, seed: int) -> tuple[frozenset[str], tuple[Decided, ...]]:
    """Seat 1 at the table of the Rules Submission ``path`` (``seed``) for a few rounds:
    at random moments a decision offered is typed by the rule; else a first wager, Pai
    Gow's tiles set, or the dealer asked to go on. The decision lines of every offer seen
    (:func:`offered.decision_usages`), and each decision typed."""
    rules = load_or_exit(path)
    out = io.StringIO()
    console = Console(file=out, width=200, no_color=True, highlight=False)
    make: Any = importlib.import_module(find(rules.game).terminal or "").play
    table = make.terminal(rules, SeededRng(seed), 1_000_000, console)
    pick = random.Random(seed)
    seen: set[str] = set()
    decided: list[Decided] = []
    count = [0]

    def read_line(_: Console) -> str | None:
        if decided and not decided[-1].reply:
            decided[-1].reply = out.getvalue()[count[1] :] if len(count) > 1 else ""
        count[:] = [count[0] + 1, len(out.getvalue())]
        round_ = table.current
        if count[0] > 60 * ROUNDS or table.rounds >= ROUNDS:
            return None
        if round_ is None or round_.finished:
            return ""
        now = [
            o
            for o in round_.legal_commands(SEAT)
            if offered.is_decision(o) and o.command not in table.worded_with
        ]
        seen.update(u for o in now for u in offered.decision_usages(o))
        setting = any(o.command == "SetHands" for o in round_.legal_commands(SEAT))
        if setting and pick.random() < 0.5:
            return set_fill(table, round_)
        if now and pick.random() < 0.6:
            offer = pick.choice(now)
            line, chosen = typed_by_the_rule(offer, pick)
            decided.append(Decided(line, offer.command, chosen))
            return line
        placed = a_wager(table, round_) if not table.has_wagers(round_) else None
        return placed or ("roll" if table.dice else "deal")

    handle = Round.handle

    def recorded(self: Round[Any], command: Any, actor: Any) -> Any:
        if decided and not decided[-1].reply:
            decided[-1].sent.append((command, actor))
        return handle(self, command, actor)

    before = base.read_line
    base.read_line = read_line  # type: ignore[assignment]
    Round.handle = recorded  # type: ignore[method-assign]
    try:
        table.session(None)
    finally:
        base.read_line = before  # type: ignore[assignment]
        Round.handle = handle  # type: ignore[method-assign]
    return frozenset(seen), tuple(decided)


def examples_of(game: str) -> list[Path]:
    return [path for path in EXAMPLES if load_or_exit(path).game == game]


def head(usage: str) -> str:
    """A usage line's words before its first placeholder: ``"take bank CHIPS"`` ->
    ``"take bank"``."""
    return re.split(r" (?=\[|[A-Z])", usage)[0]


@pytest.mark.parametrize("game", GAMES)
def test_each_grammar_is_its_core_its_decisions_and_its_extras(game: str) -> None:
    """A table's GRAMMAR is the core lines (``bet [SPOT] AMOUNT`` where one spot is open
    at a time, ``remove SPOT``, ``roll`` at a dice table or ``deal``), then the decision
    lines derived from the offers of its seeded rounds under every shipped Rules
    Submission, then its declared extras; no two lines begin with the same words, and
    none with the words of a command the tables read before one grammar (a second word
    for one act)."""
    module = module_of(game)
    table = getattr(module, TABLE_CLASSES[game])
    bet = "bet [SPOT] AMOUNT" if game in LONE else "bet SPOT AMOUNT"
    core = (bet, "remove SPOT", "roll" if game in DICE else "deal")
    decisions = getattr(module, "DECISIONS", ())
    extras = getattr(module, "EXTRAS", ())
    assert (*core, *decisions, *extras) == module.GRAMMAR, game
    assert (table.decisions, table.extras) == (decisions, extras), game
    derived = set().union(*(driven(p, s)[0] for p in examples_of(game) for s in SEEDS))
    assert derived == set(decisions), game
    heads = [head(usage) for usage in module.GRAMMAR]
    assert len(set(heads)) == len(heads), heads
    assert not set(heads) & OLD_WORDS, heads


@pytest.mark.parametrize("game", GAMES)
def test_each_decision_offered_is_taken_when_typed_by_the_rule(game: str) -> None:
    """At random moments of seeded rounds under every shipped Rules Submission, a
    decision offered, typed by the rule (worked out here from the offer), is taken: the
    table sends the offer's command with what the line chose, and neither refuses it nor
    answers "Unknown command" or a usage line."""
    typed = [d for p in examples_of(game) for s in SEEDS for d in driven(p, s)[1]]
    if not getattr(module_of(game), "DECISIONS", ()):
        assert typed == [], game  # no decision is offered at this table
        return
    assert typed, game
    for decision in typed:
        said = decision.reply
        assert "Unknown command" not in said and "usage:" not in said, (decision, said)
        assert "Refused" not in said, (decision.line, said)
        assert any(
            type(command).__name__ == decision.command
            and actor == SEAT
            and all(
                plain(getattr(command, name)) == plain(value)
                for name, value in decision.chosen.items()
            )
            for command, actor in decision.sent
        ), (decision.line, decision.sent)
    for usage in getattr(module_of(game), "DECISIONS", ()):  # each typed at least once
        words = head(usage)
        assert any(d.line == words or d.line.startswith(f"{words} ") for d in typed), usage


def session(game: str, script: str) -> str:
    """``croupier play GAME --seed 1`` with ``script`` typed, its whole output."""
    env = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}
    result = CliRunner().invoke(app, ["play", game, "--seed", "1"], input=script, env=env)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    ("game", "line", "balance"),
    [
        # $10 Pass + $5 Field; the second wager's "bet" left out
        ("craps", "bet pass 10, field 5", "$985"),
        ("go-fore-it", "bet front 9 5, bet skins 5", "$990"),
        ("high-roll-dice", "bet pip street ace 5, bet like kind 4 5", "$990"),
        ("sic-bo", "bet big 10, bet total 10 5", "$985"),
    ],
)
def test_a_line_of_several_wagers_is_read_at_every_table(
    game: str, line: str, balance: str
) -> None:
    """One grammar: ``bet A N, bet B M`` places both at every table, as Sic Bo always
    did; no usage line. The balance is $1,000 less both wagers, worked by hand."""
    out = session(game, f"{line}\nshow\nquit\n")
    told = out.split(f"> {line}\n", 1)[1].split("\n> ", 1)[0]
    assert "usage" not in told and "Refused" not in told, told
    assert f"Balance {balance}." in out.split("> show\n", 1)[1]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("typed", ["Show", "HELP", "History", "CLOCK", "QUIT"])
def test_every_command_word_is_read_in_any_case(game: str, typed: str) -> None:
    """Command words are case-insensitive, as spots are: ``Show`` and ``QUIT`` are
    ``show`` and ``quit``, never "Unknown command"."""
    out = session(game, f"{typed}\nquit\n")
    assert "Unknown command" not in out, out
    assert "usage:" not in out.split(f"> {typed}\n", 1)[1].split("\n> ", 1)[0]
