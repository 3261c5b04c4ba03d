"""Pai Gow hands: pairs, values, comparison, settings and house ways (58 Pa. Code 621a.4,
621a.10).

- **Pairs** (621a.4(a)): the 20 ranked pairs, Wongs and Gongs, :data:`PAIRS`, the
  Supreme Pair first; :func:`pair_rank`.
- **Value** (621a.4(c)-(d)): the last digit of the spots; the 1-2 and 2-4 used apart
  count as three or six, whichever makes the hand higher, and their individual rank
  moves with the choice (:func:`rank_hand`).
- **Comparison** (621a.4(b), (e), (g)): pair rank first, then value, then the
  highest-ranking tile; copy hands and zero-zero go to the dealer or the bank. A
  :class:`HandRank` carries one integer ``key``: a hand beats another if and only if
  its key is greater (equal keys are copies, which the dealer or bank wins).
- **Settings** (621a.1, 621a.10(a)): the three ways to split four tiles into two
  hands; the higher-ranking hand is the high hand (:func:`settings`,
  :func:`setting_with`), and :func:`outcome` settles one against another under
  621a.10(g)-(j).
- **House ways** (621a.10(d), 621a.11(e), 621a.12(f)): a :class:`HouseWay` is an
  ordered list of named :class:`WayRule` s, each a predicate over the three possible
  settings with a preference among the settings it accepts. The dealer plays the first
  rule that accepts at least one setting, and the setting it prefers. Shipped:
  :data:`REGULATION` (the four steps of 621a.10(d), the default), its twin
  :data:`REGULATION_LOW_FIRST`, and :data:`CASINO`, a fuller casino-style way that
  splits pairs (which 621a.10(d)(2) does not allow a Pennsylvania dealer:
  :func:`departures` lists the hands where a way leaves 621a.10(d)).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations_with_replacement
from math import comb, prod
from typing import Final

from croupier.equipment.tiles import GEE_JOON, KINDS, Tile, from_one_set, parse_tile
from croupier.errors import ImpossibleEquipment

# --- pairs (621a.4(a)) -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairRank:
    """One line of the table of 621a.4(a): its ``rank`` (1 = the Supreme Pair .. 20),
    its ``name``, its ``kind`` and the combinations of tiles that make it."""

    rank: int
    name: str
    kind: str
    """``"supreme"``, ``"matched"``, ``"mixed"``, ``"wong"`` or ``"gong"``."""
    combinations: tuple[tuple[Tile, Tile], ...]


def _t(code: str) -> Tile:
    return parse_tile(code)


def _pair(rank: int, name: str, kind: str, *codes: tuple[str, str]) -> PairRank:
    return PairRank(rank, name, kind, tuple((_t(a), _t(b)) for a, b in codes))


PAIRS: Final[tuple[PairRank, ...]] = (
    _pair(1, "Supreme Pair", "supreme", ("2-4", "1-2")),
    _pair(2, "pair of Twelves (6-6)", "matched", ("6-6", "6-6")),
    _pair(3, "pair of Twos (1-1)", "matched", ("1-1", "1-1")),
    _pair(4, "pair of Eights (4-4)", "matched", ("4-4", "4-4")),
    _pair(5, "pair of Fours (1-3)", "matched", ("1-3", "1-3")),
    _pair(6, "pair of Tens (5-5)", "matched", ("5-5", "5-5")),
    _pair(7, "pair of Sixes (3-3)", "matched", ("3-3", "3-3")),
    _pair(8, "pair of Fours (2-2)", "matched", ("2-2", "2-2")),
    _pair(9, "pair of Elevens (5-6)", "matched", ("5-6", "5-6")),
    _pair(10, "pair of Tens (4-6)", "matched", ("4-6", "4-6")),
    _pair(11, "pair of Sevens (1-6)", "matched", ("1-6", "1-6")),
    _pair(12, "pair of Sixes (1-5)", "matched", ("1-5", "1-5")),
    _pair(13, "mixed Nines (3-6 and 4-5)", "mixed", ("3-6", "4-5")),
    _pair(14, "mixed Eights (3-5 and 2-6)", "mixed", ("3-5", "2-6")),
    _pair(15, "mixed Sevens (3-4 and 2-5)", "mixed", ("3-4", "2-5")),
    _pair(16, "mixed Fives (1-4 and 2-3)", "mixed", ("1-4", "2-3")),
    _pair(17, "Wong (Twelve and Nine)", "wong", ("6-6", "4-5"), ("6-6", "3-6")),
    _pair(18, "Wong (Two and Nine)", "wong", ("1-1", "4-5"), ("1-1", "3-6")),
    _pair(19, "Gong (Twelve and Eight)", "gong", ("6-6", "2-6"), ("6-6", "3-5"), ("6-6", "4-4")),
    _pair(20, "Gong (Two and Eight)", "gong", ("1-1", "2-6"), ("1-1", "3-5"), ("1-1", "4-4")),
)
"""621a.4(a): the permissible pairs, Wongs and Gongs, highest first."""

SUPREME_PAIR_RANK: Final = 1
MATCHED_AND_MIXED: Final[tuple[PairRank, ...]] = PAIRS[:16]
"""The 16 pairs a set is sorted into (621a.6(a)(1), (b)): the Supreme Pair, the 11
matched pairs and the 4 mixed pairs, in rank order."""

_PAIR_OF: dict[tuple[Tile, Tile], PairRank] = {}
for _entry in PAIRS:
    for _a, _b in _entry.combinations:
        _PAIR_OF[(min(_a, _b), max(_a, _b))] = _entry


def pair_of(a: Tile, b: Tile) -> PairRank | None:
    """The line of 621a.4(a) that tiles ``a`` and ``b`` make together, or ``None``."""
    return _PAIR_OF.get((min(a, b), max(a, b)))


def pair_rank(a: Tile, b: Tile) -> int | None:
    """The rank (1..20) of the pair, Wong or Gong ``a`` and ``b`` make, or ``None``."""
    entry = pair_of(a, b)
    return None if entry is None else entry.rank


# --- one hand of two tiles (621a.4(b)-(g)) ----------------------------------------------
ZERO_KEY: Final = 0
"""The key of every hand of value zero: all are equally bad (621a.4(e))."""


def value_key(value: int, top: int) -> int:
    """The comparison key of a hand without a pair: value first (621a.4(c)), then the
    individual rank ``top`` (1..17) of its highest tile (621a.4(e)); every value-zero hand
    has key 0 (621a.4(e)); equal keys are copies (621a.4(g))."""
    return ZERO_KEY if value == 0 else 20 * value + (18 - top)


def pair_key(rank: int) -> int:
    """The comparison key of a pair, Wong or Gong of ``rank`` (1..20): above every hand
    without one (621a.4(a))."""
    return 1000 - rank


@dataclass(frozen=True, slots=True)
class HandRank:
    """How a two-tile hand ranks (621a.4).

    ``key`` orders hands: a hand is higher in rank than another exactly when its key is
    greater; equal keys are copy hands (or a zero-zero tie), which the dealer or the bank
    wins (621a.4(b), (e), (g)). ``pair`` is the rank 1..20 under 621a.4(a), or ``None``;
    ``value`` (0..9) and ``top`` (the individual rank 1..17 of the highest tile) describe
    a hand without a pair; ``gee_joon_as`` is 3 or 6 where a 1-2 or 2-4 tile counts apart
    from its partner (621a.4(d)).
    """

    key: int
    pair: int | None
    value: int | None
    top: int | None
    gee_joon_as: int | None
    text: str

    def beats(self, other: HandRank) -> bool:
        """True if this hand is higher in rank than ``other`` (a copy is not)."""
        return self.key > other.key


def _counted(tile: Tile, gee_as: int | None) -> tuple[int, int]:
    """(spots, individual rank) of ``tile`` with a Gee Joon tile counted as ``gee_as``."""
    if tile in GEE_JOON and gee_as is not None:
        return gee_as, (15 if gee_as == 6 else 17)
    return tile.pips, tile.rank


@cache
def _rank_hand(a: Tile, b: Tile) -> HandRank:
    entry = pair_of(a, b)
    tiles = f"{a.code} {b.code}"
    if entry is not None:
        return HandRank(pair_key(entry.rank), entry.rank, None, None, None, entry.name)
    options: list[int | None] = [3, 6] if a in GEE_JOON or b in GEE_JOON else [None]
    best: HandRank | None = None
    for gee_as in options:
        spots_a, rank_a = _counted(a, gee_as)
        spots_b, rank_b = _counted(b, gee_as)
        value = (spots_a + spots_b) % 10
        top = min(rank_a, rank_b)
        key = value_key(value, top)
        if best is None or key > best.key:
            note = f", Gee Joon as {gee_as}" if gee_as is not None else ""
            text = f"{value} ({tiles}{note})"
            best = HandRank(key, None, value, top, gee_as, text)
    assert best is not None
    return best


def rank_hand(a: Tile | str, b: Tile | str) -> HandRank:
    """The rank of the hand of tiles ``a`` and ``b`` (621a.4).

    A pair, Wong or Gong ranks by 621a.4(a). Otherwise the value is the last digit of
    the spots (621a.4(c)); a 1-2 or 2-4 tile used apart counts as three or six, whichever
    gives the higher hand, and then ranks fifteenth as a six and seventeenth as a three
    (621a.4(d)); ties of value go to the highest-ranking tile (621a.4(e), (f)).

    Raises ``ValueError`` for a text that is no tile, and
    :class:`~croupier.errors.ImpossibleEquipment` (621a.3(c)) for two tiles no set holds
    together (the 2-4 twice).

    >>> rank_hand("1-1", "3-3").value, rank_hand("5-6", "1-6").value
    (8, 8)
    """
    ta, tb = _hand_of([a, b], 2)
    return _rank_hand(ta, tb)


def hand_value(a: Tile | str, b: Tile | str) -> int:
    """The point value 0..9 of two tiles as a hand without regard to pairs: the last
    digit of their spots, a Gee Joon tile counting as three or six, whichever is higher
    (621a.4(c)-(d)). Raises as :func:`rank_hand` does."""
    ta, tb = _hand_of([a, b], 2)
    spots_a = (3, 6) if ta in GEE_JOON else (ta.pips,)
    spots_b = (3, 6) if tb in GEE_JOON else (tb.pips,)
    return max((x + y) % 10 for x in spots_a for y in spots_b)


# --- settings (621a.1, 621a.10(a)) ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Setting:
    """Four tiles set as a ``high`` hand and a ``low`` hand (621a.1): the high hand is the
    one that ranks higher (either, when the two rank the same)."""

    high: tuple[Tile, Tile]
    low: tuple[Tile, Tile]
    high_rank: HandRank
    low_rank: HandRank

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return (*self.high, *self.low)

    def signature(self) -> tuple[tuple[Tile, Tile], tuple[Tile, Tile]]:
        """The two hands as sorted tiles: equal for settings that are the same."""
        return (tuple(sorted(self.high)), tuple(sorted(self.low)))  # type: ignore[return-value]

    def same_as(self, other: Setting) -> bool:
        """True if ``other`` puts the same tiles together (identical tiles alike)."""
        return sorted(self.signature()) == sorted(other.signature())

    def __str__(self) -> str:
        high = " ".join(t.code for t in self.high)
        low = " ".join(t.code for t in self.low)
        return f"high {high} / low {low}"


def setting_with(tiles: Sequence[Tile | str], together: Sequence[Tile | str]) -> Setting:
    """The setting of four ``tiles`` that puts the two tiles ``together`` in one hand and
    the other two in the other; the higher-ranking hand is the high hand (621a.1).

    Raises ``ValueError`` unless ``together`` is two of the four tiles (duplicates
    counted), and :class:`~croupier.errors.ImpossibleEquipment` (621a.3(c)) for four
    tiles no set holds together (three 1-1).
    """
    four = _hand_of(tiles, 4)
    pair = [parse_tile(t) for t in together]
    if len(pair) != 2:
        raise ValueError("a setting is two of the four tiles together, the other two apart")
    rest = list(four)
    for tile in pair:
        if tile not in rest:
            raise ValueError(f"{tile.code} is not one of the tiles {_codes(four)}")
        rest.remove(tile)
    return _make(pair[0], pair[1], rest[0], rest[1])


def _make(a: Tile, b: Tile, c: Tile, d: Tile) -> Setting:
    first, second = _rank_hand(a, b), _rank_hand(c, d)
    if second.key > first.key:
        return Setting((c, d), (a, b), second, first)
    return Setting((a, b), (c, d), first, second)


def _hand_of(tiles: Sequence[Tile | str], count: int) -> list[Tile]:
    """``count`` tiles read (:func:`~croupier.equipment.tiles.parse_tile`) and checked to
    come from one set of 32 (:func:`~croupier.equipment.tiles.from_one_set`, 621a.3(c))."""
    read = [parse_tile(t) for t in tiles]
    if len(read) != count:
        what = "a hand is two tiles" if count == 2 else "a player's tiles are four"
        raise ImpossibleEquipment(
            f"{what} (621a.10(a)), not {len(read)}: {_codes(read) or 'none'}", "621a.10(a)"
        )
    from_one_set(read)
    return read


def _codes(tiles: Sequence[Tile]) -> str:
    return " ".join(t.code for t in tiles)


def settings(tiles: Sequence[Tile | str]) -> tuple[Setting, Setting, Setting]:
    """The three settings of four tiles: the first tile with the second, the third and
    the fourth in turn (some may be the same when tiles are identical). Raises as
    :func:`setting_with` does for tiles that are not four of one set."""
    a, b, c, d = _hand_of(tiles, 4)
    return (_make(a, b, c, d), _make(a, c, b, d), _make(a, d, b, c))


class Result(StrEnum):
    """The result of a wager (621a.10(g)-(j))."""

    WIN = "win"
    LOSE = "lose"
    TIE = "tie"


def outcome(player: Setting, banker: Setting) -> Result:
    """The result of ``player`` against ``banker`` (the dealer or the bank).

    Lose: neither hand higher than the banker's (621a.10(g)); win: both higher
    (621a.10(j)); otherwise a tie (621a.10(h)). Copies and zero-zero are not higher
    (621a.4(b), (e), (g)).
    """
    high = player.high_rank.key > banker.high_rank.key
    low = player.low_rank.key > banker.low_rank.key
    if high and low:
        return Result.WIN
    if not high and not low:
        return Result.LOSE
    return Result.TIE


# --- house ways (621a.10(d)) ------------------------------------------------------------
SettingTest = Callable[[Setting, tuple[Setting, ...]], bool]
"""A predicate over one setting, seeing all three settings of the hand."""
Preference = Callable[[Setting], tuple[int, ...]]
"""Among several accepted settings, the one with the greatest preference is played."""


def high_first(setting: Setting) -> tuple[int, ...]:
    """Prefer the higher high hand, then the higher low hand."""
    return (setting.high_rank.key, setting.low_rank.key)


def low_first(setting: Setting) -> tuple[int, ...]:
    """Prefer the higher low hand, then the higher high hand."""
    return (setting.low_rank.key, setting.high_rank.key)


@dataclass(frozen=True, slots=True)
class WayRule:
    """One named rule of a house way: the settings it ``accepts`` and, if it accepts
    several, the one it ``prefer`` s. ``cite`` is the section it applies, if any."""

    name: str
    text: str
    accepts: SettingTest
    prefer: Preference = high_first
    cite: str = ""


@dataclass(frozen=True, slots=True)
class WayChoice:
    """The setting a house way plays for a hand and the rule that chose it."""

    setting: Setting
    rule: WayRule


@dataclass(frozen=True, slots=True)
class HouseWay:
    """A house way: ``rules`` in order; the first rule that accepts at least one of the
    three settings decides, and among the settings it accepts its preference picks.

    Raises ``ValueError`` (from :meth:`choose`) for a hand no rule accepts; every shipped
    way ends with a rule that accepts some setting of every hand.
    """

    name: str
    title: str
    rules: tuple[WayRule, ...]
    source: str = ""

    def choose(self, tiles: Sequence[Tile | str]) -> WayChoice:
        """The setting this way plays for four ``tiles``, and the rule behind it; raises
        as :func:`setting_with` does for tiles that are not four of one set."""
        a, b, c, d = sorted(_hand_of(tiles, 4))
        return _choose(self, (a, b, c, d))

    def set(self, tiles: Sequence[Tile | str]) -> Setting:
        """The setting this way plays for four ``tiles``."""
        return self.choose(tiles).setting


@cache
def _choose(way: HouseWay, tiles: tuple[Tile, Tile, Tile, Tile]) -> WayChoice:
    options = settings(tiles)
    for rule in way.rules:
        accepted = [s for s in options if rule.accepts(s, options)]
        if accepted:
            return WayChoice(max(accepted, key=rule.prefer), rule)
    raise ValueError(f"the house way {way.name!r} sets no setting for {_codes(tiles)}")


# -- predicates ---------------------------------------------------------------------------
TWELVE = parse_tile("6-6")


def _hands(setting: Setting) -> tuple[HandRank, HandRank]:
    return (setting.high_rank, setting.low_rank)


def has_supreme_pair(setting: Setting, _: tuple[Setting, ...] = ()) -> bool:
    """One hand is the Supreme Pair."""
    return any(h.pair == SUPREME_PAIR_RANK for h in _hands(setting))


def has_pair_wong_gong(setting: Setting, _: tuple[Setting, ...] = ()) -> bool:
    """One hand is a pair, a Wong or a Gong (621a.4(a))."""
    return any(h.pair is not None for h in _hands(setting))


def has_seven_eight_nine(setting: Setting, _: tuple[Setting, ...] = ()) -> bool:
    """One hand is two tiles of value nine, eight or seven (621a.4(c)-(d))."""
    return any(h.pair is None and h.value in (7, 8, 9) for h in _hands(setting))


def highest_with_lowest(setting: Setting, _: tuple[Setting, ...] = ()) -> bool:
    """The highest-ranking tile and the lowest-ranking tile (621a.4(f), the 1-2 ranking
    seventeenth and the 2-4 fifteenth) are in one hand."""
    ranks = [t.rank for t in setting.tiles]
    best, worst = min(ranks), max(ranks)
    return any(
        min(t.rank for t in hand) == best and max(t.rank for t in hand) == worst
        for hand in (setting.high, setting.low)
    )


REGULATION_RULES: Final[dict[str, WayRule]] = {
    rule.name: rule
    for rule in (
        WayRule(
            "supreme_pair",
            "If the dealer has the Supreme Pair, it is played as the Supreme Pair.",
            has_supreme_pair,
            cite="621a.10(d)(1)",
        ),
        WayRule(
            "pair_wong_gong",
            "If possible, play a pair, Wong or Gong; of several such settings, the one "
            "with the higher high hand, then the higher low hand.",
            has_pair_wong_gong,
            high_first,
            "621a.10(d)(2)",
        ),
        WayRule(
            "pair_wong_gong_low_first",
            "If possible, play a pair, Wong or Gong; of several such settings, the one "
            "with the higher low hand, then the higher high hand.",
            has_pair_wong_gong,
            low_first,
            "621a.10(d)(2)",
        ),
        WayRule(
            "seven_eight_nine",
            "Otherwise play two tiles of value nine, eight or seven together; of several "
            "such settings, the one with the higher high hand, then the higher low hand.",
            has_seven_eight_nine,
            high_first,
            "621a.10(d)(3)",
        ),
        WayRule(
            "seven_eight_nine_low_first",
            "Otherwise play two tiles of value nine, eight or seven together; of several "
            "such settings, the one with the higher low hand, then the higher high hand.",
            has_seven_eight_nine,
            low_first,
            "621a.10(d)(3)",
        ),
        WayRule(
            "highest_with_lowest",
            "Otherwise play the highest-ranking tile with the lowest-ranking tile.",
            highest_with_lowest,
            high_first,
            "621a.10(d)(4)",
        ),
    )
}
"""The rules of 621a.10(d) by name, each with a choice of preference where the text
leaves one open (docs/interpretations.md)."""


def _way(name: str, title: str, rule_names: Sequence[str], source: str) -> HouseWay:
    return HouseWay(name, title, tuple(WAY_RULES[n] for n in rule_names), source)


# -- a fuller casino-style way ------------------------------------------------------------
HIGH_THREE: Final = value_key(3, 6)
"""A three whose highest tile is the Six (3-3) ("high 3"), the low-hand threshold of
the casino way."""


def _kept_pair(setting: Setting) -> int | None:
    """The best rank (1..16) of a pair (not a Wong or Gong) kept in one hand."""
    ranks = [h.pair for h in _hands(setting) if h.pair is not None and h.pair <= 16]
    return min(ranks) if ranks else None


def _holds_pair(setting: Setting, ranks: frozenset[int]) -> bool:
    """The hand holds the tiles of a pair of one of ``ranks``, together or apart."""
    tiles = list(setting.tiles)
    for entry in MATCHED_AND_MIXED:
        if entry.rank in ranks:
            a, b = entry.combinations[0]
            rest = list(tiles)
            if a in rest:
                rest.remove(a)
                if b in rest:
                    return True
    return False


def _keeps_pair(setting: Setting, ranks: frozenset[int]) -> bool:
    return any(h.pair in ranks for h in _hands(setting))


def _not_two_lower(setting: Setting, options: tuple[Setting, ...], ranks: frozenset[int]) -> bool:
    """No setting keeping a pair of ``ranks`` together is higher in both hands."""
    return not any(
        _keeps_pair(k, ranks)
        and k.high_rank.key > setting.high_rank.key
        and k.low_rank.key > setting.low_rank.key
        for k in options
    )


def _split_rule(name: str, ranks: Sequence[int], low: int, high: int, text: str) -> WayRule:
    """Split a pair of ``ranks`` when the two hands reach ``low`` / ``high`` (keys)."""
    kinds = frozenset(ranks)

    def accepts(setting: Setting, options: tuple[Setting, ...]) -> bool:
        return (
            _holds_pair(setting, kinds)
            and not _keeps_pair(setting, kinds)
            and setting.low_rank.key >= low
            and setting.high_rank.key >= high
            and _not_two_lower(setting, options, kinds)
        )

    return WayRule(name, text, accepts, high_first)


def _split_eights(setting: Setting, options: tuple[Setting, ...]) -> bool:
    kinds = frozenset({4, 14})
    low, high = setting.low_rank.key, setting.high_rank.key
    reaches = (low >= value_key(7, 17) and high >= value_key(9, 17)) or (
        low >= value_key(8, 17) and high >= value_key(8, 17)
    )
    return (
        _holds_pair(setting, kinds)
        and not _keeps_pair(setting, kinds)
        and reaches
        and _not_two_lower(setting, options, kinds)
    )


def _is_high_nine(hand: HandRank) -> bool:
    return hand.pair is None and hand.value == 9 and hand.top is not None and hand.top <= 2


def _special(setting: Setting) -> int:
    """3 for a high nine (Twelve or Two with a seven), 2 for a Gong, 1 for a Wong, else 0."""
    best = 0
    for hand in _hands(setting):
        if _is_high_nine(hand):
            best = max(best, 3)
        elif hand.pair in (19, 20):
            best = max(best, 2)
        elif hand.pair in (17, 18):
            best = max(best, 1)
    return best


def _prefer_special(setting: Setting) -> tuple[int, ...]:
    """High nine over Gong over Wong; the Twelve over the Two; then the higher low hand."""
    twelve = any(TWELVE in hand and _special_hand(hand) for hand in (setting.high, setting.low))
    return (_special(setting), int(twelve), setting.low_rank.key, setting.high_rank.key)


def _special_hand(hand: tuple[Tile, Tile]) -> bool:
    rank = _rank_hand(*hand)
    return _is_high_nine(rank) or rank.pair in (17, 18, 19, 20)


def _points(setting: Setting) -> int:
    return hand_value(*setting.high) + hand_value(*setting.low)


def _max_points(setting: Setting, options: tuple[Setting, ...]) -> bool:
    return _points(setting) == max(_points(s) for s in options)


CASINO_RULES: Final[tuple[WayRule, ...]] = (
    WayRule("keep_supreme_pair", "Never split the Supreme Pair.", has_supreme_pair),
    WayRule(
        "two_pairs",
        "With two pairs, play the two pairs as two hands.",
        lambda s, _: (
            s.high_rank.pair is not None
            and s.high_rank.pair <= 16
            and s.low_rank.pair is not None
            and s.low_rank.pair <= 16
        ),
    ),
    WayRule(
        "never_split_4_5_6_10_11",
        "Never split a pair of fours, fives, sixes, tens or elevens.",
        lambda s, _: _keeps_pair(s, frozenset({5, 6, 7, 8, 9, 10, 12, 16})),
    ),
    _split_rule(
        "split_twelves_twos",
        (2, 3),
        value_key(6, 17),
        value_key(8, 17),
        "Split Twelves or Twos to make 6/8 or better, unless keeping the pair gives two "
        "higher hands.",
    ),
    _split_rule(
        "split_nines",
        (13,),
        value_key(9, 17),
        value_key(9, 17),
        "Split mixed Nines to make 9/9 or better, unless keeping the pair gives two higher hands.",
    ),
    WayRule(
        "split_eights",
        "Split Eights to make 7/9, 8/8 or better, unless keeping the pair gives two higher hands.",
        _split_eights,
    ),
    _split_rule(
        "split_sevens",
        (11, 15),
        value_key(7, 17),
        value_key(9, 2),
        "Split Sevens to make 7/high nine or better, unless keeping the pair gives two "
        "higher hands.",
    ),
    WayRule(
        "keep_pair",
        "Otherwise keep a pair together; of two ways to, the higher high hand.",
        lambda s, _: _kept_pair(s) is not None,
    ),
    WayRule(
        "high_nine_gong_wong",
        "Play a high nine (Twelve or Two with a seven), a Gong or a Wong, in that order of "
        "preference, the Twelve before the Two, if the low hand is then a high three or "
        "better.",
        lambda s, _: _special(s) > 0 and s.low_rank.key >= HIGH_THREE,
        _prefer_special,
    ),
    WayRule(
        "high_nine_gong_wong_max_high",
        "Otherwise, if a high nine, Gong or Wong can be played, play the highest high hand.",
        lambda s, _: _special(s) > 0,
        high_first,
    ),
    WayRule(
        "max_points_low",
        "Of the settings with the most points in all, play the highest low hand if it is "
        "a high three or better.",
        lambda s, o: _max_points(s, o) and s.low_rank.key >= HIGH_THREE,
        low_first,
    ),
    WayRule(
        "max_points_high_seven",
        "Otherwise, of those settings, play the highest high hand if it is a seven or better.",
        lambda s, o: _max_points(s, o) and s.high_rank.key >= value_key(7, 17),
        high_first,
    ),
    WayRule(
        "max_points",
        "Otherwise, of those settings, play the highest low hand.",
        _max_points,
        low_first,
    ),
)
"""The rules of :data:`CASINO`, in order."""

WAY_RULES: Final[dict[str, WayRule]] = {
    **REGULATION_RULES,
    **{rule.name: rule for rule in CASINO_RULES},
}
"""Every named rule a Rules Submission may list in a house way of its own."""

REGULATION: Final = _way(
    "regulation",
    "The four steps of 621a.10(d), the higher high hand first where a step allows several",
    ("supreme_pair", "pair_wong_gong", "seven_eight_nine", "highest_with_lowest"),
    "58 Pa. Code 621a.10(d)",
)
"""The dealer's way of 621a.10(d): the default."""

REGULATION_LOW_FIRST: Final = _way(
    "regulation_low_first",
    "The four steps of 621a.10(d), the higher low hand first where a step allows several",
    (
        "supreme_pair",
        "pair_wong_gong_low_first",
        "seven_eight_nine_low_first",
        "highest_with_lowest",
    ),
    "58 Pa. Code 621a.10(d)",
)
"""621a.10(d) with the other reading of its open choices."""

CASINO: Final = HouseWay(
    "casino",
    "A fuller casino house way: pair splitting, high nine/Gong/Wong, then point count",
    CASINO_RULES,
    "the general rules common to the published house ways of Foxwoods (1997 training "
    "booklet), the Taj Mahal and Casino Canberra (pair rules, the high nine, Gong and "
    "Wong rule, and the point-count rules for other hands), without their hand-by-hand "
    "exceptions",
)
"""A fuller casino-style house way. It splits pairs, which 621a.10(d)(2) forbids a
Pennsylvania dealer: it may set a co-bank's hand (621a.11(e)) and is analyzed so an
operator can compare, but a Rules Submission may not give it to the dealer."""

HOUSE_WAYS: Final[dict[str, HouseWay]] = {
    way.name: way for way in (REGULATION, REGULATION_LOW_FIRST, CASINO)
}
"""The shipped house ways by name."""


def house_way(spec: str | Sequence[str]) -> HouseWay:
    """A shipped way by name, or a way made of named rules of :data:`WAY_RULES` in order.

    Raises ``ValueError`` for an unknown name.
    """
    if isinstance(spec, str):
        if spec not in HOUSE_WAYS:
            raise ValueError(f"unknown house way {spec!r}; shipped: {', '.join(HOUSE_WAYS)}")
        return HOUSE_WAYS[spec]
    unknown = [name for name in spec if name not in WAY_RULES]
    if unknown:
        raise ValueError(f"unknown house way rules {unknown}; known: {', '.join(WAY_RULES)}")
    return _way("custom:" + "+".join(spec), "A house way of named rules", spec, "")


# --- every hand -----------------------------------------------------------------------------
def distinct_hands() -> Iterator[tuple[tuple[Tile, Tile, Tile, Tile], int]]:
    """Every distinct four-tile hand (identical tiles alike) with the number of ways to
    draw it from a set: 3,620 hands, 35,960 ways in all."""
    yield from _distinct_hands()


@cache
def _distinct_hands() -> tuple[tuple[tuple[Tile, Tile, Tile, Tile], int], ...]:
    out = []
    for hand in combinations_with_replacement(KINDS, 4):
        counts = {t: hand.count(t) for t in set(hand)}
        ways = prod(comb(t.copies, n) for t, n in counts.items())
        if ways:
            out.append((hand, ways))
    return tuple(out)


def regulation_allowed(tiles: Sequence[Tile | str]) -> list[Setting]:
    """The settings 621a.10(d) allows a dealer for four ``tiles``: those accepted by the
    first of its four steps that accepts any (the text does not choose among them)."""
    options = settings(tiles)
    for test in (has_supreme_pair, has_pair_wong_gong, has_seven_eight_nine, highest_with_lowest):
        accepted = [s for s in options if test(s, options)]
        if accepted:
            return accepted
    raise AssertionError("621a.10(d)(4) accepts every hand")  # pragma: no cover


def departures(way: HouseWay) -> list[tuple[tuple[Tile, ...], Setting]]:
    """The hands for which ``way`` plays a setting 621a.10(d) does not allow the dealer,
    with the setting it plays (empty for a way that complies)."""
    return list(_departures(way))


@cache
def _departures(way: HouseWay) -> tuple[tuple[tuple[Tile, ...], Setting], ...]:
    out = []
    for hand, _ in _distinct_hands():
        chosen = way.set(hand)
        if not any(chosen.same_as(s) for s in regulation_allowed(hand)):
            out.append((hand, chosen))
    return tuple(out)


__all__ = [
    "CASINO",
    "CASINO_RULES",
    "HOUSE_WAYS",
    "MATCHED_AND_MIXED",
    "PAIRS",
    "REGULATION",
    "REGULATION_LOW_FIRST",
    "REGULATION_RULES",
    "SUPREME_PAIR_RANK",
    "WAY_RULES",
    "HandRank",
    "HouseWay",
    "PairRank",
    "Result",
    "Setting",
    "WayChoice",
    "WayRule",
    "departures",
    "distinct_hands",
    "hand_value",
    "high_first",
    "house_way",
    "low_first",
    "outcome",
    "pair_of",
    "pair_rank",
    "rank_hand",
    "regulation_allowed",
    "setting_with",
    "settings",
    "value_key",
]
