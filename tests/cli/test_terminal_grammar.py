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
import importlib
import inspect
import io
import re
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from rich.console import Console

from croupier.cli.rules import load_or_exit
from croupier.cli.tables import base, generic
from croupier.cli.tables.base import SEAT, Terminal, usages
from croupier.engine import DEALER, Round
from croupier.games.craps.wagers import spot_words
from croupier.offers import Integers, LegalCommand
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


def sic_bo_fill(line: str, first: str) -> Fill:
    """A Sic Bo wager line with N, T or A-B the ``first`` value offered."""

    def fill(table: Terminal[Any, Any], round_: Round[Any]) -> str | None:
        for offer in offers(round_, "PlaceWager"):
            if offer.first_amount is not None:
                return (
                    line.replace("AMOUNT", least(offer))
                    .replace("A-B", first)
                    .replace(" T ", f" {first} ")
                    .replace(" N ", f" {first} ")
                )
        return None

    return fill


def generic_command(table: Terminal[Any, Any], round_: Round[Any]) -> str | None:
    for offer in offers(round_, "PlaceWager"):
        if offer.spots and offer.first_amount is not None:
            return f"PlaceWager spot={offer.spots[0]} amount={least(offer)}"
    return None


def decided(decision: str) -> Callable[[Any, Any], bool]:
    return lambda command, actor: (
        type(command).__name__ == "Decide" and str(command.decision) == decision
    )


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
CXP_ANTES = ("antes 5",)
CXP_DEALT = ("antes 5", "deal")
DBJ_BET = ("refuse", "bet 5")
DBJ_DEALT = ("refuse", "bet 5", "deal")
DBJ_HITS = ("refuse", "bet 5", "deal", "hit", "hit", "hit")
GFI_DEALT = ("bet front 9 5", "deal")
PG_DEALT = ("bet 5", "deal")
PG_SET = ("bet 5", "deal", set_fill)
BONUS = {"five_card_bonus": True}
BANKING = Path(__file__).parents[2] / "examples" / "rules" / "pai-gow.toml"
"""The shipped Pai Gow submission: the bank is offered to the player at round 2."""
PG_ROUND = ("bet 10", "deal", set_fill, "show")
NOT_OFFERED = ("refuse", "bet 5", "deal")
NOT_REMOVED = "Refused: a wager may not be removed: "
"""The refusal of ``remove SPOT`` where the game takes no wager down, its rule after it."""
PG_NOT_REMOVED = (
    "this table takes no wager down once it is placed: it stays on the betting area until it "
    'is settled, and after "no more bets" a wager may not be withdrawn at all (621a.7(c))'
)
"""Pai Gow's: 621a provides for no withdrawal of a wager after "no more bets"."""
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
        "shoot": Case(
            ("bet pass 5",),
            when("AnnounceNoMoreBets", "shoot", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
        "deal": Case(
            ("bet pass 5",),
            when("AnnounceNoMoreBets", "deal", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
        "down SPOT": Case(
            CRAPS_UP, spot_of("RemoveWager", "down SPOT", craps_words), named("RemoveWager")
        ),
        "remove SPOT": Case(
            CRAPS_UP, spot_of("RemoveWager", "remove SPOT", craps_words), named("RemoveWager")
        ),
        "take down SPOT": Case(
            CRAPS_UP, spot_of("RemoveWager", "take down SPOT", craps_words), named("RemoveWager")
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
        "give up": Case(("bet pass 5", "roll"), when("GiveUpDice", "give up"), named("GiveUpDice")),
    },
    "criss-cross-poker": {
        "antes AMOUNT": Case((), amount_of("PlaceAntes", "antes AMOUNT"), named("PlaceAntes")),
        "bonus AMOUNT": Case(
            CXP_ANTES,
            amount_of("PlaceWager", "bonus AMOUNT"),
            named("PlaceWager", spot="five_card_bonus"),
            rules=BONUS,
        ),
        "bet [SPOT] AMOUNT": Case(
            CXP_ANTES, wager("bet SPOT AMOUNT", layout_name), named("PlaceWager"), rules=BONUS
        ),
        "withdraw SPOT": Case(
            CXP_ANTES,
            spot_of("WithdrawWager", "withdraw SPOT", layout_name),
            named("WithdrawWager"),
        ),
        "remove SPOT": Case(
            CXP_ANTES, spot_of("WithdrawWager", "remove SPOT", layout_name), named("WithdrawWager")
        ),
        "deal": Case(
            CXP_ANTES,
            when("AnnounceNoMoreBets", "deal", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
        "1x": Case(CXP_DEALT, when("PlaceWager", "1x"), named("PlaceWager")),
        "2x": Case(CXP_DEALT, when("PlaceWager", "2x"), named("PlaceWager")),
        "3x": Case(CXP_DEALT, when("PlaceWager", "3x"), named("PlaceWager")),
        "fold": Case(CXP_DEALT, when("Fold", "fold"), named("Fold")),
    },
    "double-back-jack": {
        "cut N": Case((), cut_fill, named("AcceptCut")),
        "refuse": Case((), when("RefuseCut", "refuse"), named("RefuseCut")),
        "bet [SPOT] AMOUNT": Case(
            ("refuse",), amount_of("PlaceWager", "bet AMOUNT"), named("PlaceWager")
        ),
        "remove SPOT": Case(DBJ_DEALT, placed("remove SPOT"), None, NOT_REMOVED, offered=False),
        "deal": Case(DBJ_BET, when("DealCards", "deal", DEALER), named("DealCards", DEALER)),
        "insurance [AMOUNT]": Case(
            DBJ_DEALT,
            amount_of("PlaceWager", "insurance AMOUNT", spot="insurance"),
            named("PlaceWager", spot="insurance"),
        ),
        "no": Case(
            DBJ_HITS,
            when("Decide", "no", decision="decline_second_chance"),
            decided("decline_second_chance"),
        ),
        "hit": Case(DBJ_DEALT, when("Decide", "hit", decision="hit"), decided("hit")),
        "stand": Case(DBJ_DEALT, when("Decide", "stand", decision="stand"), decided("stand")),
        "double [AMOUNT]": Case(
            DBJ_DEALT, amount_of("Decide", "double AMOUNT", decision="double"), decided("double")
        ),
        "split": Case(DBJ_DEALT, when("Decide", "split", decision="split"), decided("split")),
        "surrender": Case(
            DBJ_DEALT, when("Decide", "surrender", decision="surrender"), decided("surrender")
        ),
        "second": Case(
            DBJ_HITS, when("Decide", "second", decision="second_chance"), decided("second_chance")
        ),
        "decline": Case(
            DBJ_HITS,
            when("Decide", "decline", decision="decline_second_chance"),
            decided("decline_second_chance"),
        ),
        "take": Case(NOT_OFFERED, when("Decide", "take"), decided("take_late_card"), offered=False),
        "dead": Case(
            NOT_OFFERED, when("Decide", "dead"), decided("decline_late_card"), offered=False
        ),
    },
    "go-fore-it": {
        "bet SPOT AMOUNT": Case((), wager("bet SPOT AMOUNT", layout_name), named("PlaceWager")),
        "remove SPOT": Case(
            ("bet front 9 5", "bet skins 5"),
            spot_of("WithdrawWager", "remove SPOT", layout_name),
            named("WithdrawWager"),
        ),
        "withdraw SPOT": Case(
            ("bet front 9 5", "bet skins 5"),
            spot_of("WithdrawWager", "withdraw SPOT", layout_name),
            named("WithdrawWager"),
        ),
        "deal": Case(
            ("bet front 9 5",),
            when("AnnounceNoMoreBets", "deal", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
        "back9": Case(GFI_DEALT, when("PlaceWager", "back9"), named("PlaceWager", spot="back_9")),
        "play": Case(GFI_DEALT, when("PlaceWager", "play"), named("PlaceWager", spot="back_9")),
        "fold": Case(GFI_DEALT, when("Fold", "fold"), named("Fold")),
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
        "deal": Case(
            ("bet pip street ace 5",),
            when("AnnounceNoMoreBets", "deal", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
    },
    "pai-gow": {
        "bet [SPOT] AMOUNT": Case((), amount_of("PlaceWager", "bet AMOUNT"), named("PlaceWager")),
        "remove SPOT": Case(
            ("bet 5",), placed("remove SPOT"), None, NOT_REMOVED + PG_NOT_REMOVED, offered=False
        ),
        "style NAME": Case(("bet 5",), style_fill, None, "The tiles will be delivered"),
        "deal": Case(
            ("bet 5",),
            when("AnnounceNoMoreBets", "deal", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
        "set T1 T2": Case(PG_DEALT, set_fill, named("SetHands")),
        "house": Case(PG_DEALT, when("RequestHouseWay", "house"), named("RequestHouseWay")),
        "surrender": Case(PG_SET, when("Surrender", "surrender"), named("Surrender")),
        "show": Case(PG_SET, when("SettleWagers", "show", DEALER), named("SettleWagers", DEALER)),
        "take bank CHIPS [co-bank=yes|no]": Case(
            PG_ROUND, amount_of("TakeBank", "take bank AMOUNT"), named("TakeBank"), rules=BANKING
        ),
        "pass bank": Case(
            PG_ROUND, when("PassBank", "pass bank"), named("PassBank"), rules=BANKING
        ),
    },
    "sic-bo": {
        "small AMOUNT": Case(
            (), sic_bo_fill("small AMOUNT", ""), named("PlaceWager", spot="small")
        ),
        "big AMOUNT": Case((), sic_bo_fill("big AMOUNT", ""), named("PlaceWager", spot="big")),
        "total T AMOUNT": Case(
            (), sic_bo_fill("total T AMOUNT", "4"), named("PlaceWager", spot="total:4")
        ),
        "triple N AMOUNT": Case(
            (), sic_bo_fill("triple N AMOUNT", "1"), named("PlaceWager", spot="three_of_a_kind:1")
        ),
        "any AMOUNT": Case(
            (), sic_bo_fill("any AMOUNT", ""), named("PlaceWager", spot="any_three_of_a_kind")
        ),
        "double N AMOUNT": Case(
            (), sic_bo_fill("double N AMOUNT", "1"), named("PlaceWager", spot="two_of_a_kind:1")
        ),
        "combination A-B AMOUNT": Case(
            (),
            sic_bo_fill("combination A-B AMOUNT", "1-2"),
            named("PlaceWager", spot="combination:1-2"),
        ),
        "combo A-B AMOUNT": Case(
            (), sic_bo_fill("combo A-B AMOUNT", "1-2"), named("PlaceWager", spot="combination:1-2")
        ),
        "single N AMOUNT": Case(
            (), sic_bo_fill("single N AMOUNT", "1"), named("PlaceWager", spot="one_of_a_kind:1")
        ),
        "bet SPOT AMOUNT": Case((), wager("bet SPOT AMOUNT", layout_name), named("PlaceWager")),
        "remove SPOT": Case(
            ("big 5",), placed("remove SPOT"), None, NOT_REMOVED + SB_NOT_REMOVED, offered=False
        ),
        "shake": Case(
            ("big 5",),
            when("AnnounceNoMoreBets", "shake", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
        "roll": Case(
            ("big 5",),
            when("AnnounceNoMoreBets", "roll", DEALER),
            named("AnnounceNoMoreBets", DEALER),
        ),
        "deal": Case(
            ("big 5",),
            when("AnnounceNoMoreBets", "deal", DEALER),
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


def test_every_usage_line_has_a_case() -> None:
    """The cases below are the tables' GRAMMAR, line for line (a usage line added to a
    table without a case fails here)."""
    for game, cases in CASES.items():
        grammar = [u for text in module_of(game).GRAMMAR for u in text.split(", ")]
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
    """A word ``command`` takes is the first word of a usage line of ``GRAMMAR`` or of a
    command taken at any moment (``hint``, ``layout``, ``odds``)."""
    module = module_of(game)
    table = getattr(module, TABLE_CLASSES[game])
    words = dispatched(module, table)
    assert not words & CORE_WORDS, (game, sorted(words & CORE_WORDS))  # read once, in base
    anytime = {word for word, _ in table.own + base.ALWAYS}
    missing = words - set(usages(module.GRAMMAR)) - anytime
    assert not missing, (game, sorted(missing))


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
"""The first words of the core grammar (:data:`base.CORE`), read once in ``base.Terminal``."""
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
    "sic-bo": (("big 5",), CLOSED),
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
    "pai-gow": Case(("bet 5",), placed("remove SPOT"), None, NOT_REMOVED, offered=False),
    "sic-bo": Case(("big 5",), placed("remove SPOT"), None, NOT_REMOVED, offered=False),
}
"""``remove SPOT`` at each table: the wager taken down where the game takes one down then;
where it never does (675a.6(d) read with 675a.2(e); 673a.6(c); Pai Gow, none after "no more
bets", 621a.7(c), and none before at this table; Sic Bo's round, 625a.5), the refusal with
its rule, sending nothing."""
LONE = {
    "double-back-jack": Case(("refuse",), amount_of("PlaceWager", "bet AMOUNT"), PLACED),
    "pai-gow": Case((), amount_of("PlaceWager", "bet AMOUNT"), PLACED),
    "criss-cross-poker": Case((), amount_of("PlaceAntes", "bet AMOUNT"), named("PlaceAntes")),
}
"""``bet AMOUNT`` where one spot is open: the Blackjack Wager, the Pai Gow wager, the antes
(no Five Card Bonus offered)."""


def core_cases() -> Iterator[tuple[str, str, Case]]:
    for game in GAMES:
        setup, sends = DEALT[game]
        yield game, "deal", Case(setup, closing("deal"), sends)
        if game in DICE:
            yield game, "roll", Case(setup, closing("roll"), sends)
        spots = {"criss-cross-poker": CXP_ANTES, "double-back-jack": ("refuse",)}.get(game, ())
        rules = BONUS if game == "criss-cross-poker" else None
        layout = Case(spots, wager("bet SPOT AMOUNT", layout_name), PLACED, rules=rules)
        yield game, "bet SPOT AMOUNT", layout
        if game in LONE:
            yield game, "bet AMOUNT", LONE[game]
        yield game, "remove SPOT", REMOVED[game]


def test_the_core_grammar_is_every_tables() -> None:
    """Every game's GRAMMAR has the core lines: ``deal`` and ``remove SPOT``, a ``bet``
    line, and ``roll`` at a dice table."""
    for game in GAMES:
        words = usages(module_of(game).GRAMMAR)
        assert {"bet", "remove", "deal"} <= set(words), game
        assert ("roll" in words) == (game in DICE), game


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
