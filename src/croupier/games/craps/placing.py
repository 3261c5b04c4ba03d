"""Making and removal of wagers (623a.4), the odds limit (623a.6), the Fire Bet's and
Bonus Craps' windows (623a.11, 623a.12): what a seat may add to a spot now, what it may
take down and call. The round refuses with these reasons; ``legal_commands`` offers what
they allow."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from croupier.games._common import no_spot
from croupier.games.craps.spots import NUMBERED
from croupier.games.craps.state import CrapsState
from croupier.games.craps.wagers import (
    BONUS_SPOTS,
    CALLABLE,
    ORDER,
    amount_step,
    contract_of,
    is_odds,
    kind_of,
    number_of,
    odds_spot,
    section_of,
    spot_words,
    wager_kind,
    win_odds,
)
from croupier.money import Cents, format_cents, format_odds
from croupier.rules.craps import (
    BONUS,
    FIRE,
    MAKING,
    ODDS,
    WAGERS,
    CrapsRules,
    LayLimit,
    true_odds,
)


@dataclass(frozen=True, slots=True)
class Limits:
    """What may be added to a spot now: ``low`` to ``high`` cents, in multiples of
    ``step`` (the amounts that pay whole cents), under the section ``cite``."""

    low: Cents
    high: Cents
    step: int
    cite: str


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why not, and the section that says so."""

    reason: str
    cite: str


def most_odds(rules: CrapsRules, flat: Cents, on: int, laid: bool) -> Cents:
    """The most odds (cents) behind a line wager of ``flat`` cents on the number ``on``
    (623a.6): the limit's multiple of the wager taken; laid, the multiple of the wager
    that the odds may win (``lay_limit = "win"``) or lay (``"wager"``)."""
    multiple = rules.limit.multiple(on)
    if laid and rules.lay_limit is LayLimit.WIN:
        most = Fraction(multiple * flat) * true_odds(on)
        return most.numerator // most.denominator
    return multiple * flat


def _rule_of(text: str) -> str:
    """What the wager ``text`` starts to name takes, in a player's words (``"place:7"``: a
    point number), or ``""``: said in the refusal of a spot the layout lacks."""
    kind = text.split(":", 1)[0]
    if kind in (*NUMBERED, "come", "dont_come", "come_odds", "dont_come_odds"):
        such = spot_words(f"{kind}:6")
        return f"a wager such as {such} names a point number 4, 5, 6, 8, 9 or 10"
    if kind == "hard":
        return "a hardway is 4, 6, 8 or 10 (Hard 4 to Hard 10)"
    return ""


def why_no_spot(rules: CrapsRules, spot: str) -> str:
    """Why ``spot`` is no wager of the layout, in the one shape of every game, listing
    the wagers this table offers."""
    offered = [one for one in ORDER if rules.offers(wager_kind(one))]
    return no_spot(spot, (spot_words(one) for one in offered), _rule_of(spot), sent=offered)


def _line_window(spot: str, point: int | None) -> Refusal | None:
    """Whether a Pass, Don't Pass, Come or Don't Come wager ``spot`` may be made with
    ``point`` on (``None``: a come-out roll) (623a.4)."""
    kind, number = kind_of(spot), number_of(spot)
    if kind in ("come", "dont_come") and number is not None:
        return Refusal(
            f"{spot_words(kind)} is made in its box and travels to its number when the next "
            f"roll is a point number: no wager is made on {spot_words(spot)} itself",
            MAKING,
        )
    if kind in ("pass", "dont_pass") and point is not None:
        instead = spot_words(kind.replace("pass", "come"))
        return Refusal(
            f"{spot_words(spot)} is made before a come-out roll; the point is {point}: make a "
            f"{instead} wager, or odds behind yours",
            MAKING,
        )
    if kind in ("come", "dont_come") and point is None:
        instead = spot_words(kind.replace("come", "pass"))
        return Refusal(
            f"{spot_words(spot)} is made only while a point is on; on the come-out roll make a "
            f"{instead} wager",
            MAKING,
        )
    return None


def _window(state: CrapsState, seat: int, spot: str) -> Refusal | None:
    """Whether ``spot`` may be made now at all (623a.4, 623a.6, 623a.11, 623a.12)."""
    rules, point = state.rules, state.point
    if spot not in ORDER:
        return Refusal(why_no_spot(rules, spot), WAGERS)
    number = number_of(spot)
    if not rules.offers(wager_kind(spot)):
        return Refusal(f"this table does not offer {spot_words(spot)}", WAGERS)
    if (line := _line_window(spot, point)) is not None:
        return line
    if is_odds(spot):
        flat = state.held(seat, contract_of(spot))
        if flat is None or (number is None and point is None):
            return Refusal(
                f"odds are taken or laid only behind {spot_words(contract_of(spot))} once it "
                "has a point, and seat "
                f"{seat} holds none with a point",
                ODDS,
            )
    if spot == "fire_bet" and not state.fire_open():
        return Refusal(
            "the Fire Bet is made only before the shooter's first roll, a come-out roll", FIRE
        )
    if spot in BONUS_SPOTS and not state.bonus_open:
        return Refusal(
            f"{spot_words(spot)} is made only before the first roll after a 7 (or the first "
            "roll of the round): a number has been rolled since",
            BONUS,
        )
    return None


def placement(state: CrapsState, seat: int, spot: str) -> Limits | Refusal:
    """What ``seat`` may add to ``spot`` now (see the module docstring)."""
    refused = _window(state, seat, spot)
    if refused is not None:
        return refused
    rules, point = state.rules, state.point
    held = state.amount_on(seat, spot)
    if is_odds(spot):
        on = number_of(spot) or point
        assert on is not None
        flat = state.held(seat, contract_of(spot))
        assert flat is not None
        laid = kind_of(spot).startswith("dont")
        most = most_odds(rules, flat.amount, on, laid)
        step = amount_step(spot, rules, on)
        high = (most - held) // step * step
        if high < step:
            return Refusal(
                f"the odds behind {spot_words(contract_of(spot))} are at the limit: "
                f"{format_cents(most)} for a {format_cents(flat.amount)} wager at "
                f"{rules.odds_limit}",
                ODDS,
            )
        return Limits(step, high, step, ODDS)
    if spot == "fire_bet":
        low_base, high_base = rules.fire_bet_minimum, rules.fire_bet_maximum
    elif spot in BONUS_SPOTS:
        low_base, high_base = rules.bonus_minimum, rules.bonus_maximum
    else:
        low_base, high_base = rules.minimum_wager, rules.maximum_wager
    step = amount_step(spot, rules, point)
    low = -(-low_base // step) * step
    high = (high_base - held) // step * step
    if high < low:
        already = f"; seat {seat} has {format_cents(held)} there already" if held else ""
        return Refusal(
            f"{spot_words(spot)} may be at most {format_cents(high_base)} in all{already}",
            section_of(spot) if spot == "fire_bet" or spot in BONUS_SPOTS else MAKING,
        )
    return Limits(low, high, step, _limit_cite(spot))


def amount_refusal(state: CrapsState, seat: int, spot: str, amount: Cents) -> Refusal | None:
    """Why ``amount`` cents may not be added to ``spot`` now, or ``None``."""
    limits = placement(state, seat, spot)
    if isinstance(limits, Refusal):
        return limits
    words = spot_words(spot)
    if amount % limits.step:
        return Refusal(_broken(state, spot, amount, limits.step), MAKING)
    if amount < limits.low:
        least = "the least odds" if is_odds(spot) else "the minimum"
        return Refusal(
            f"a wager on {words} must be at least {least} of {format_cents(limits.low)}, "
            f"not {format_cents(amount)}",
            limits.cite if is_odds(spot) else _limit_cite(spot),
        )
    if amount > limits.high:
        held = state.amount_on(seat, spot)
        most = held + limits.high
        if is_odds(spot):
            flat = state.amount_on(seat, contract_of(spot))
            text = (
                f"the {words.removeprefix('the ')} may be at most {format_cents(most)}, at "
                f"{state.rules.odds_limit} odds on a {format_cents(flat)} wager"
            )
        else:
            named = words.removeprefix("the ")
            article = f"a {named}" if named != words else f"a wager on {words}"
            text = f"{article} may be at most {format_cents(most)}"
        if held:
            text += (
                f"; seat {seat} has {format_cents(held)} on it already, so at most "
                f"{format_cents(limits.high)} more"
            )
        return Refusal(f"{text}, not {format_cents(amount)}", limits.cite)
    return None


def _limit_cite(spot: str) -> str:
    if spot == "fire_bet":
        return FIRE
    if spot in BONUS_SPOTS:
        return BONUS
    return MAKING


def _broken(state: CrapsState, spot: str, amount: Cents, step: int) -> str:
    kind = kind_of(spot)
    words = spot_words(spot)
    if kind == "horn":
        return f"the Horn is four equal parts: {format_cents(amount)} is not a multiple of $0.04"
    if kind == "c_and_e":
        return f"C and E is two equal parts: {format_cents(amount)} is not a multiple of $0.02"
    if kind in ("buy", "lay"):
        return (
            f"{words} pays true odds less a {state.rules.commission_percent}% commission: "
            f"{format_cents(amount)} would not pay or charge whole cents; wager a multiple "
            f"of {format_cents(step)}"
        )
    on = number_of(spot) or state.point
    if is_odds(spot) and on is not None:
        odds = true_odds(on) if not kind.startswith("dont") else 1 / true_odds(on)
    else:
        odds = win_odds(spot, state.rules)
    won = Fraction(amount) * odds
    whole, part = divmod(won, 1)
    return (
        f"{words} pays {format_odds(odds)}: {format_cents(amount)} would win "
        f"{format_cents(int(whole))} and {part} of a cent, not whole cents; wager a multiple "
        f"of {format_cents(step)}"
    )


def removal(state: CrapsState, seat: int, spot: str) -> Refusal | None:
    """Why ``seat`` may not take down ``spot`` now, or ``None`` (623a.4)."""
    bet = state.held(seat, spot)
    if bet is None:
        return Refusal(f"seat {seat} has no wager on {spot_words(spot)} to take down", MAKING)
    kind, number = kind_of(spot), number_of(spot)
    if kind == "pass" and state.point is not None:
        return Refusal(
            f"a Pass wager with a point ({state.point}) may not be taken down: it is a contract "
            "wager until decided",
            MAKING,
        )
    if kind == "come" and number is not None:
        return Refusal(
            f"a Come wager on its number ({number}) may not be taken down: it is a contract "
            "wager until decided",
            MAKING,
        )
    if spot == "fire_bet" and not state.fire_open():
        return Refusal("the Fire Bet stands from the shooter's first roll to his last", FIRE)
    if spot in BONUS_SPOTS and not state.bonus_open:
        return Refusal(
            f"{spot_words(spot)} stands from the first roll after a 7 until it wins or a 7 "
            "is rolled",
            BONUS,
        )
    return None


def removed_with(state: CrapsState, seat: int, spot: str) -> list[str]:
    """The spots taken down with ``spot``: itself, then the odds behind it (a Don't Pass
    or Don't Come wager taken down takes its laid odds with it)."""
    spots = [spot]
    if kind_of(spot) in ("dont_pass", "dont_come", "pass", "come") and not is_odds(spot):
        behind = odds_spot(spot)
        if state.held(seat, behind) is not None:
            spots.append(behind)
    return spots


def call_refusal(state: CrapsState, seat: int, spot: str, working: bool) -> Refusal | None:
    """Why ``seat`` may not call ``spot`` working (or off) now, or ``None`` (623a.4)."""
    bet = state.held(seat, spot)
    if bet is None:
        return Refusal(f"seat {seat} has no wager on {spot_words(spot)} to call", MAKING)
    if kind_of(spot) not in CALLABLE:
        return Refusal(
            f"{spot_words(spot)} works on every roll: only Place, Place to lose, Buy, Lay, the "
            "hardways and the odds behind a Come wager are called working or off",
            MAKING,
        )
    if state.working(spot, bet) == working:
        return Refusal(f"{spot_words(spot)} is {'working' if working else 'off'} already", MAKING)
    return None


__all__ = [
    "Limits",
    "Refusal",
    "amount_refusal",
    "call_refusal",
    "most_odds",
    "placement",
    "removal",
    "removed_with",
]
