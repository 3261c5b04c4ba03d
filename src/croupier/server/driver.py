"""The table drivers: the dealer's steps the server takes where the regulation gives no
human a choice, when betting closes, and what the server does when a player's time is up.

A round is driven by three kinds of step, per game:

- **Dealer steps** (:func:`next_dealer_step`): shuffling, cutting (the dealer's cut at a
  position drawn from the round's random source), loading the shoe, dealing, counting the
  stub, the dealer's hand, turning community cards, mixing and shaking for Pai Gow, the
  High Roll Dice throw and call with RNG dice, settlement. The server takes them at once,
  after every command, until a human must act.
- **Closing the betting** (:func:`closing_step`): the dealer's "no more bets" (or, at
  Double Back Jack, the deal). A dealer may send it; otherwise the server sends it when
  the betting time runs out or, where the table says so, once every seated player has
  wagered.
- **Timeouts** (:func:`timeout_steps`): when a player's decision time runs out, the
  safest action the rules allow is taken for them, with the rule's citation:

  =====================  ==========================================  ===============
  game                   on timeout                                  rule
  =====================  ==========================================  ===============
  Go Fore It             fold (no Back 9 Wager)                      676a.11(b)
  Criss-Cross Poker      fold (no Across/Down/Middle Bet)            674a.11(b)/(d)/(f)
  Double Back Jack       stand; a bust declines the Second Chance;   673a.7(i), (l),
                         a cut offered (``offer_cut``) refused       673a.5(b)
  Pai Gow                hands set by the house way; bank passed;    621a.10(b),
                         a player bank: no cut, the standard         621a.11(c), (g),
                         delivery and its shake; exposed-tile hand   (i), 621a.12(d)
                         voided
  =====================  ==========================================  ===============

  Optional choices with no command to decline them (Insurance and surrender before the
  Double Back Jack card reader, surrender before Pai Gow hands are exposed) wait the
  table's ``optional_seconds``, or until no player has anything left to send, and then
  the dealer goes on (the players are taken to decline).

A round that begins with a player's decision (a Pai Gow bank offer; a Double Back Jack
cut offered where the table's ``offer_cut`` is on) is opened by the server as soon as
the round before it ends (:func:`open_ahead`), so that the offer is shown and timed;
every other round opens with the first command sent to it. Around a player bank the
server takes only the dealer's steps: the bank's cut, the delivery style and the shake
are the bank's commands (621a.11(g), (i)); the dealer's wager against the bank is placed
as 621a.11(h) says once the bank has cut or declined, and the bank may lower it
(``DirectDealerWager``) until "no more bets".

The persistence glue (:func:`after_command`, :func:`expire`) stores the deadline of the
wait with the round (``rounds.deadline``/``deadline_kind``) and enforces it through the
same one-transaction command path as a request (:func:`croupier.server.service.handle_command`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import inspect as sa_inspect
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.engine import DEALER, Actor, Command, LegalCommand, Round, WagerPlaced
from croupier.errors import CroupierError
from croupier.games import criss_cross_poker as ccp
from croupier.games import double_back_jack as dbj
from croupier.games import go_fore_it as gfi
from croupier.games import high_roll_dice as hrd
from croupier.games import pai_gow as pg
from croupier.ledger import repository as repo
from croupier.ledger.db import Statement, raw
from croupier.ledger.models import EventRow, GameTable, Player, RoundRow
from croupier.rng import Rng, SecureRng, SeededRng
from croupier.rules.base import RulesSubmission
from croupier.rules.criss_cross_poker import CrissCrossPokerRules
from croupier.rules.double_back_jack import DoubleBackJackRules
from croupier.rules.go_fore_it import SECTIONS as GO_FORE_IT
from croupier.rules.go_fore_it import GoForeItRules
from croupier.rules.pai_gow import PaiGowRules
from croupier.server import schemas

SERVED_GAMES = ("high-roll-dice", "go-fore-it", "pai-gow", "double-back-jack", "criss-cross-poker")
"""Games the table server deals: every game croupier has."""

SERVER = Player(id="server", name="server", role="dealer", token_hash="")
"""The dealer the server acts as for its own steps (never stored)."""


# --- the games' dealer steps ----------------------------------------------------------
def _pick(rng: Rng | None, options: tuple[str, ...] | list[str]) -> str:
    source = rng if rng is not None else SecureRng()
    return options[source.randbelow(len(options))]


def _range(option: str) -> tuple[int, int]:
    low, high = option.split(":")[1].split("-")
    return int(low), int(high)


def _between(rng: Rng | None, low: int, high: int) -> int:
    source = rng if rng is not None else SecureRng()
    return low + source.randbelow(high - low + 1)


def _offered(round_: Round[Any], name: str) -> LegalCommand | None:
    return next((c for c in round_.legal_commands(DEALER) if c.command == name), None)


def _players_waiting(round_: Round[Any]) -> list[int]:
    """Seats with something to send now."""
    return [seat for seat in round_.opened.seats if round_.legal_commands(seat)]


def next_dealer_step(round_: Round[Any]) -> Command | None:
    """The dealer's next command when it involves no human choice, else ``None``.

    High Roll Dice, RNG dice: once "no more bets" is announced, the dealer throws
    (675a.4(b)), calls (675a.4(d)-(f)) and, where Extra Rolls were bought, throws and
    calls the Extra Roll (675a.4(g)-(h)); with physical dice the dealer sends the throw
    (its faces) and the call. Go Fore It and Criss-Cross Poker: shuffle (676a.5(a),
    674a.5(a)), the dealer's cut (676a.5(d), 674a.5(d)), the deal, the stub count
    (676a.8(d), 674a.8(f)) and the reveals. Double Back Jack: shuffle, the dealer's cut
    (673a.5(b), (d)) or the record of the cut a box accepted (``AcceptCut``: its position,
    the cover card reinserted at a drawn depth, 673a.5(d)), load the shoe, burn, the card
    reader once the players have decided (673a.7(h)), the dealer's hand (673a.7(n)-(p)),
    settlement. Pai Gow: mix and stack (621a.6(c)-(f)), the shake or the RNG number
    (621a.8(a)), the deal, the dealer's hands by the house way (621a.10(c)-(d)), exposure
    and settlement once no player has a surrender left to send.
    """
    if round_.finished:
        return None
    if isinstance(round_, hrd.HighRollDiceRound):
        return _high_roll_dice(round_)
    if isinstance(round_, gfi.GoForeItRound):
        return _go_fore_it(round_)
    if isinstance(round_, ccp.CrissCrossPokerRound):
        return _criss_cross_poker(round_)
    if isinstance(round_, dbj.DoubleBackJackRound):
        return _double_back_jack(round_, proceed=False)
    if isinstance(round_, pg.PaiGowRound):
        return _pai_gow(round_, proceed=False)
    return None


def _high_roll_dice(round_: hrd.HighRollDiceRound) -> Command | None:
    if round_.state.physical_dice:
        return None
    phase = round_.state.phase
    if phase in (hrd.Phase.FIRST_THROW, hrd.Phase.EXTRA_THROW):
        return hrd.ThrowDice()
    if phase in (hrd.Phase.FIRST_CALL, hrd.Phase.EXTRA_CALL):
        return hrd.CallResult()
    return None


def _go_fore_it(round_: gfi.GoForeItRound) -> Command | None:
    phase = round_.state.phase
    if phase is gfi.Phase.SHUFFLE:
        return gfi.ShuffleCards()
    if phase is gfi.Phase.CUT:
        cut = _offered(round_, "CutCards")
        return gfi.CutCards(position=int(_pick(round_.rng, cut.options))) if cut else None
    if phase is gfi.Phase.DEAL:
        return gfi.DealCards(all_remaining=True)
    if phase is gfi.Phase.STUB:
        return gfi.CountStub()
    if phase is gfi.Phase.REVEAL:
        return gfi.RevealDealerHand()
    return None


def _criss_cross_poker(round_: ccp.CrissCrossPokerRound) -> Command | None:
    phase = round_.state.phase
    if phase is ccp.Phase.SHUFFLE:
        return ccp.ShuffleCards()
    if phase is ccp.Phase.CUT:
        cut = _offered(round_, "CutCards")
        return ccp.CutCards(position=int(_pick(round_.rng, cut.options))) if cut else None
    if phase is ccp.Phase.DEAL:
        return ccp.DealCards(all_remaining=True)
    if phase is ccp.Phase.STUB:
        return ccp.CountStub()
    if phase in ccp.REVEAL_PHASES:
        return ccp.RevealCommunityCards()
    return None


def _double_back_jack(round_: dbj.DoubleBackJackRound, *, proceed: bool) -> Command | None:
    phase = round_.state.phase
    if phase is dbj.Phase.SHUFFLE:
        return dbj.ShuffleCards()
    if phase is dbj.Phase.CUT:
        cut = _offered(round_, "CutCards")
        if cut is None or round_.state.cut_offered_to() is not None:
            return None  # a box offered the cut accepts or refuses it first (673a.5(b))
        accepted = round_.state.cut_accepted
        if accepted is not None:
            # The box placed the cover card (AcceptCut); the dealer records its cut and
            # reinserts the cover card at least 1/4 from the bottom (673a.5(d)).
            seat, position = accepted
            cover = _between(round_.rng, *_range(cut.options[1]))
            return dbj.CutCards(position=position, cover_from_bottom=cover, cutter=seat)
        position = _between(round_.rng, *_range(cut.options[0]))
        cover = _between(round_.rng, *_range(cut.options[1]))
        return dbj.CutCards(position=position, cover_from_bottom=cover, cutter=DEALER)
    if phase is dbj.Phase.LOAD:
        return dbj.LoadShoe()
    if phase is dbj.Phase.BURN:
        return dbj.BurnCard()
    if phase is dbj.Phase.READER and _offered(round_, "ReadHoleCard"):
        return dbj.ReadHoleCard() if proceed or not _players_waiting(round_) else None
    if phase is dbj.Phase.PLAY and _offered(round_, "PlayDealerHand"):
        return dbj.PlayDealerHand()
    if phase is dbj.Phase.SETTLE:
        return dbj.SettleWagers()
    return None


def _pai_gow(round_: pg.PaiGowRound, *, proceed: bool) -> Command | None:
    state = round_.state
    phase = state.phase
    if phase is pg.Phase.MIXING:
        return pg.MixTiles()
    if phase is pg.Phase.SHAKE and state.bank is None:
        if _offered(round_, "DrawNumber"):
            return pg.DrawNumber()
        return None if state.physical_dice else pg.ShakeDice()
    if phase is pg.Phase.SHOWN:
        return pg.DealTiles()
    if phase is pg.Phase.DEALER_SETTING:
        return pg.SetDealerHands()
    if phase is pg.Phase.SURRENDER:
        return pg.SettleWagers() if proceed or not _players_waiting(round_) else None
    return None


# --- betting ------------------------------------------------------------------------------
BETTING_PHASES: dict[str, tuple[str, ...]] = {
    "high-roll-dice": ("betting",),
    "go-fore-it": ("betting",),
    "criss-cross-poker": ("betting",),
    "double-back-jack": ("betting",),
    "pai-gow": ("mixing", "betting"),
}
"""Phases in which the game waits for wagers. Pai Gow also takes wagers while a player
bank decides its cut (621a.11(g)), but that wait is the bank's decision, timed as one."""
CLOSERS = {"AnnounceNoMoreBets", "DealCards"}


def betting_open(round_: Round[Any]) -> bool:
    """Whether wagers are still taken (the phase before "no more bets")."""
    phase = str(getattr(round_.state, "phase", ""))
    return not round_.finished and phase in BETTING_PHASES.get(round_.game, ())


def closing_step(round_: Round[Any]) -> Command | None:
    """The dealer's command that closes the betting, when it may be sent now: "no more
    bets" (675a.4(a), 676a.8(b), 674a.8(b), 621a.7(c)) or, at Double Back Jack, the deal
    (673a.7(e)); ``None`` while no one has wagered."""
    if not betting_open(round_):
        return None
    for legal in round_.legal_commands(DEALER):
        if legal.command in CLOSERS:
            command: Command = round_.command_adapter.validate_python({"type": legal.command})
            return command
    return None


EMPTY_ROUND = (
    "no wager was placed in the betting time of a round the server opened ahead of the "
    "players (server:betting-seconds)"
)


def empty_void(round_: Round[Any]) -> Command | None:
    """The dealer's void of a round in betting with no wager at all, where the dealer may
    void it: only a round the server opened ahead of the players (:func:`open_ahead`)
    is in betting before anyone has wagered. Voided when ``betting_seconds`` run out, so
    that players who sat down since play the next round (and a bank's chips come back)."""
    if not betting_open(round_) or _wagers_placed(round_):
        return None
    if not any(legal.command == "VoidRound" for legal in round_.legal_commands(DEALER)):
        return None
    command: Command = round_.command_adapter.validate_python(
        {"type": "VoidRound", "reason": EMPTY_ROUND}
    )
    return command


def _wagers_placed(round_: Round[Any]) -> bool:
    return any(isinstance(event, WagerPlaced) for event in round_.events)


def all_wagered(round_: Round[Any]) -> bool:
    """Every player seated when the round opened has a wager in play."""
    seats = round_.opened.seats
    state = round_.state
    wagers: dict[int, Any] = getattr(state, "wagers", None) or getattr(state, "open_wagers", {})
    players = {seats[seat] for seat, placed in wagers.items() if placed and seat in seats}
    expected = set(seats.values())
    if isinstance(round_, pg.PaiGowRound) and round_.state.bank is not None:
        expected.discard(seats[round_.state.bank])  # the bank places no wager (621a.11(f))
    return bool(expected) and players == expected


# --- timeouts --------------------------------------------------------------------------------
TIMEOUT_CITES = {
    "go-fore-it": "676a.11(b)",
    "criss-cross-poker": "674a.11(b), (d), (f)",
    "double-back-jack": "673a.5(b), (c); 673a.7(i), (l)",
    "pai-gow": "621a.10(b); 621a.11(c), (g), (i); 621a.12(d)",
}
"""The rule behind the action taken for a player whose decision time ran out."""


def decision_pending(round_: Round[Any]) -> bool:
    """A player must decide now (outside the betting): the game waits for them."""
    if round_.finished or betting_open(round_):
        return False
    if isinstance(round_, dbj.DoubleBackJackRound) and round_.state.phase is dbj.Phase.READER:
        return False
    if isinstance(round_, pg.PaiGowRound) and round_.state.phase is pg.Phase.SURRENDER:
        return False
    return bool(_players_waiting(round_))


def optional_pending(round_: Round[Any]) -> bool:
    """Players may send an optional choice (Insurance, surrender) that has no command to
    decline it; the dealer goes on after the wait."""
    if round_.finished:
        return False
    if isinstance(round_, dbj.DoubleBackJackRound):
        return round_.state.phase is dbj.Phase.READER and bool(_players_waiting(round_))
    if isinstance(round_, pg.PaiGowRound):
        return round_.state.phase is pg.Phase.SURRENDER and bool(_players_waiting(round_))
    return False


def timeout_steps(round_: Round[Any]) -> list[tuple[Actor, Command]]:
    """What the server sends when the wait now in progress times out (see the module
    docstring): the betting closed, each waiting player's safest action, or the dealer's
    next step after an optional choice. Empty when nothing is waiting."""
    if round_.finished:
        return []
    if betting_open(round_):
        close = closing_step(round_) or empty_void(round_)
        return [(DEALER, close)] if close is not None else []
    if optional_pending(round_):
        if isinstance(round_, dbj.DoubleBackJackRound):
            step = _double_back_jack(round_, proceed=True)
        else:
            assert isinstance(round_, pg.PaiGowRound)
            step = _pai_gow(round_, proceed=True)
        return [(DEALER, step)] if step is not None else []
    steps: list[tuple[Actor, Command]] = []
    for seat in _players_waiting(round_):
        command = _default_for(round_, seat)
        if command is not None:
            steps.append((seat, command))
    return steps


def _default_for(round_: Round[Any], seat: int) -> Command | None:
    offers = {legal.command: legal for legal in round_.legal_commands(seat)}
    if isinstance(round_, gfi.GoForeItRound) and "Fold" in offers:
        return gfi.Fold(seat=seat)
    if isinstance(round_, ccp.CrissCrossPokerRound) and "Fold" in offers:
        return ccp.Fold(seat=seat)
    if isinstance(round_, dbj.DoubleBackJackRound) and "RefuseCut" in offers:
        return dbj.RefuseCut(seat=seat)  # the dealer then cuts (673a.5(b))
    if isinstance(round_, dbj.DoubleBackJackRound) and "Decide" in offers:
        options = [
            o for c in round_.legal_commands(seat) if c.command == "Decide" for o in c.options
        ]
        for choice in (dbj.Decision.STAND, dbj.Decision.DECLINE_SECOND_CHANCE):
            if choice.value in options:
                return dbj.Decide(seat=seat, decision=choice)
        return None
    if isinstance(round_, pg.PaiGowRound):
        return _pai_gow_default(round_, offers)
    return None


def _pai_gow_default(round_: pg.PaiGowRound, offers: dict[str, LegalCommand]) -> Command | None:
    """A Pai Gow player's safest action: the bank passed (621a.11(c)); a player bank makes
    no cut (621a.11(g): "If the bank does not wish to cut the tiles, there may not be a
    cut") and shakes with the standard delivery (621a.11(i): "If the bank does not choose
    a style of delivery, the dealer shall use the procedure in § 621a.8(d)"); an exposed
    tile's hand voided (621a.12(d)); hands set by the house way (621a.10(b))."""
    if "PassBank" in offers:
        return pg.PassBank(seat=int(offers["PassBank"].options[0]))
    if "DeclineCut" in offers:
        return pg.DeclineCut(seat=int(offers["DeclineCut"].options[0]))
    if "ShakeDice" in offers:
        return pg.ShakeDice()
    if "DecideExposedHand" in offers:
        return pg.DecideExposedHand(seat=int(offers["DecideExposedHand"].options[0]), void=True)
    if "SetHands" in offers:
        area = int(offers["SetHands"].options[0])
        setting = round_.rules.dealer_way.set(round_.tiles_of(area))
        return pg.SetHands(seat=area, together=(setting.high[0].code, setting.high[1].code))
    return None


# --- opening a round ---------------------------------------------------------------------
Previous = Callable[[], "Round[Any] | None"]
"""Loads the table's last round (``None`` at a new table), only when a game needs it."""


def _other_deck(colors: tuple[str, ...] | list[str], previous: str) -> str:
    """The deck not dealt last round where two decks alternate (676a.3(b)(3), 674a.3(b))."""
    if len(colors) != 2 or previous not in colors:
        return colors[0]
    return colors[1 - list(colors).index(previous)]


def _setup_kwargs(
    game: type[Round[Any]], rules: RulesSubmission, previous: Previous, seats: dict[int, str]
) -> dict[str, Any]:
    """What the table hands the new round from the last one: the next deck of two
    alternating (Go Fore It, Criss-Cross Poker), the shoe as the last round left it
    (Double Back Jack: its cards, cover card, a reshuffle once the cover card appeared,
    673a.7(d); the boxes barred since the shuffle, 673a.6(b))."""
    if game is gfi.GoForeItRound:
        assert isinstance(rules, GoForeItRules)
        last = previous() if len(rules.deck_colors) == 2 else None
        if last is None or not isinstance(last.events[1], gfi.RoundSetup):
            return {}
        deck = _other_deck(rules.deck_colors, last.events[1].deck)
        setup = gfi.default_setup(rules).model_copy(
            update={"deck": deck, "cite": GO_FORE_IT.alternate}
        )
        return {"setup": setup}
    if game is ccp.CrissCrossPokerRound:
        assert isinstance(rules, CrissCrossPokerRules)
        last = previous() if len(rules.deck_colors) == 2 else None
        if last is None:
            return {}
        dealt = next((e for e in last.events if isinstance(e, ccp.RoundSetup)), None)
        if dealt is None:
            return {}
        deck = _other_deck(rules.deck_colors, dealt.deck)
        return {"setup": ccp.default_setup(rules).model_copy(update={"deck": deck})}
    if game is dbj.DoubleBackJackRound:
        assert isinstance(rules, DoubleBackJackRules)
        last = previous()
        if not isinstance(last, dbj.DoubleBackJackRound) or not last.finished:
            return {}
        return {"setup": _next_shoe(rules, last, seats)}
    if game is pg.PaiGowRound:
        assert isinstance(rules, PaiGowRules)
        last = previous()
        if not isinstance(last, pg.PaiGowRound) or not last.finished:
            return {}
        return {"context": _next_context(rules, last)}
    return {}


def _next_context(rules: PaiGowRules, last: pg.PaiGowRound) -> pg.TableContext:
    """What a Pai Gow table carries into the round after ``last``, through
    :class:`PaiGowTable` (its ``finish``): the table is rebuilt from the context ``last``
    was handed, then takes the round in: no longer the start of the game (621a.6(b),
    621a.11(b)), the player who banked it (621a.11(c): not two rounds running), the seat
    first offered the bank next (one position counterclockwise, the dealer after seat 1)
    and each player's wagers in the last round the dealer banked (621a.11(d)(1), (h))."""
    handed = last.state.context
    assert handed is not None
    cursor = handed.bank_offer_from
    if cursor is None:
        # No offer last round: the start of the game (the first offer then goes to seat
        # 6), or the round in which the offer "returns to the dealer" (cursor 0).
        cursor = 6 if handed.start_of_game or not rules.player_banking else 0
    table = pg.PaiGowTable(
        rules=rules,
        table_id=last.opened.table_id,
        start_of_game=handed.start_of_game,
        previous_bank=handed.previous_bank,
        offer_cursor=cursor,
        last_dealer_round_wagers=dict(handed.last_dealer_round_wagers),
    )
    table.finish(last)
    return table.context()


def _next_shoe(
    rules: DoubleBackJackRules, last: dbj.DoubleBackJackRound, seats: dict[int, str]
) -> dbj.RoundSetup:
    """The shoe after ``last``, through :class:`DoubleBackJackTable` (its ``finish``):
    the table is rebuilt from the last round's own setup, then takes the round in; the
    boxes barred or offered the cut are among ``seats``, those of the new round (a player
    may have left since the last)."""
    handed = last.events[1]
    assert isinstance(handed, dbj.RoundSetup)
    opened = last.opened
    when = datetime.now(UTC)
    table = dbj.DoubleBackJackTable.start(rules, opened.table_id, when)
    if handed.batch in rules.batch_colors:
        table.rotation.in_play = list(rules.batch_colors).index(handed.batch)
    # What the table held when it handed the last round its shoe; finish() then takes in
    # the cards the round left in the shoe, or a reshuffle once the cover card appeared.
    table.shuffle_due = handed.shuffle_due
    table.burn_due = handed.burn_due
    table.sat_out = set(handed.barred)
    table.shuffler_down = handed.shuffling is not rules.shuffling
    table.finish(last, when)
    # The cut is offered in the order of 673a.5(c) (kept only where the table offers the
    # cut online and the round opens ahead of the players: see open_round).
    return table.setup(seats)


def open_round(
    game: type[Round[Any]],
    rules: RulesSubmission,
    settings: schemas.TableSettings,
    *,
    table_id: str,
    round_id: str,
    seats: dict[int, str],
    rng: Rng,
    previous: Previous | None = None,
) -> Round[Any]:
    """A new round with the table's settings (physical dice where the game has dice) and
    what the table carries from ``previous`` (see :func:`_setup_kwargs`; ``None``: a
    preview, opened as the table's first round), the dealer's opening steps taken
    (Double Back Jack: shuffle when due, cut and load the shoe before the wagers, 673a.5,
    673a.7(a); Pai Gow: the bank offered in rotation where the Rules Submission offers
    it, 621a.11(c), then mix and stack, 621a.6). Double Back Jack's cut is offered to the
    players only where the table's ``offer_cut`` is on and the server opens the round
    ahead of the players (:func:`open_ahead`)."""
    physical = settings.physical_dice and game in (hrd.HighRollDiceRound, pg.PaiGowRound)
    extra = _setup_kwargs(game, rules, previous, seats) if previous is not None else {}
    setup = extra.get("setup")
    if isinstance(setup, dbj.RoundSetup) and not (settings.offer_cut and _AHEAD.get()):
        # No cut offered to a player: the dealer cuts (673a.5(b); interpretations.md,
        # "Who cuts"). A round a player's command opens cannot wait for another's cut.
        extra["setup"] = setup.model_copy(update={"cut_offer": ()})
    round_ = game.open(
        rules,
        table_id=table_id,
        round_id=round_id,
        seats=seats,
        rng=rng,
        physical_dice=physical,
        **extra,
    )
    while (step := next_dealer_step(round_)) is not None:
        round_.handle(step, DEALER)
    return round_


_AHEAD: ContextVar[bool] = ContextVar("croupier_open_ahead", default=False)
"""Set while :func:`open_ahead` opens a round (no player's command opens it)."""


def open_ahead(session: Session, table_id: str, rng: Rng, now: datetime) -> bool:
    """After a round ends, in its transaction: open the next round at once where it
    begins with a player's decision (a Pai Gow bank offer, 621a.11(c); a Double Back Jack
    cut offered to a box, 673a.5(b)-(c), where the table's ``offer_cut`` is on), so that
    the offer is shown and timed (``decision_seconds``; the timeout passes the bank or
    refuses the cut). Any other round is left to open with the next command, as before.
    Returns whether a round was opened."""
    from croupier.server import service  # service imports this module

    rules = service.rules_of(session, table_id)
    if isinstance(rules, PaiGowRules):
        if not rules.player_banking:
            return False
    elif not (
        isinstance(rules, DoubleBackJackRules) and table_settings(session, table_id).offer_cut
    ):
        return False
    session.flush()
    head = repo.command_head(session, table_id, SERVER.id)
    if head.round_id is not None:
        return False
    token = _AHEAD.set(True)
    try:
        # A trial first, from a throwaway source: a round that waits for no one is not
        # opened, and must not spend the table's random draws (a shuffle) on nothing.
        _, trial = service._new_round(session, table_id, head.game, SeededRng(0))
        if not decision_pending(trial):
            return False
        row, round_ = service._new_round(session, table_id, head.game, rng)
    finally:
        _AHEAD.reset(token)
    if not decision_pending(round_):
        return False
    repo.store_command(session, head, row, None, round_, 0, "open")
    schedule(session, row, round_, table_settings(session, table_id), now)
    return True


def settings_of(table: GameTable) -> schemas.TableSettings:
    """The table's online settings (defaults where none were stored)."""
    return _parsed_settings(table.settings_json or "{}")


@functools.lru_cache(maxsize=1024)
def _parsed_settings(stored: str) -> schemas.TableSettings:
    """The settings stored as ``stored`` (parsed once per process; callers only read them)."""
    return schemas.TableSettings.model_validate_json(stored)


def table_settings(session: Session, table_id: str) -> schemas.TableSettings:
    """The settings of table ``table_id``, read once per process and database (a table's
    settings are stored when it is created and never change). Raises
    :class:`repo.NotFound`."""
    known = repo.process_cache(session).settings
    found = known.get(table_id)
    if found is None:
        found = known[table_id] = settings_of(repo.get_table(session, table_id))
    return cast(schemas.TableSettings, found)


# --- deadlines ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Wait:
    """What the round waits for now: ``kind`` (betting, decision, optional), a ``key``
    that changes when a new wait begins, and its length in seconds."""

    kind: str
    key: str
    seconds: float


def wait_of(round_: Round[Any], settings: schemas.TableSettings) -> Wait | None:
    """The timed wait in progress, or ``None`` (nothing to time, or no limit set)."""
    if round_.finished:
        return None
    if betting_open(round_):
        if settings.betting_seconds is None:
            return None
        if closing_step(round_) is not None:
            return Wait("betting", "betting", settings.betting_seconds)
        if empty_void(round_) is not None:  # a round opened ahead that nobody wagered in
            return Wait("betting", "betting:empty", settings.betting_seconds)
        return None
    if optional_pending(round_):
        if settings.optional_seconds is None:
            return None
        return Wait("optional", f"optional:{round_.state.phase}", settings.optional_seconds)
    if decision_pending(round_):
        if settings.decision_seconds is None:
            return None
        return Wait("decision", f"decision:{len(round_.events)}", settings.decision_seconds)
    return None


def _current(session: Session, round_id: str, version: int) -> tuple[RoundRow, Round[Any]]:
    """The round as this transaction left it at ``version`` (its row's version was moved
    by an UPDATE that the session's copy of the row does not know about): the round this
    transaction staged (read only), else read back and replayed."""
    session.flush()
    staged = repo.staged_entry(session, round_id, version)
    if staged is None:
        row = session.get(RoundRow, round_id)
        if row is not None:
            session.expire(row)
        return repo.load_round(session, round_id)
    # The columns schedule() reads (the deadline as stored, only compared with None), in a
    # row object the session does not track.
    row = RoundRow(id=round_id, deadline=staged.deadline, deadline_kind=staged.deadline_kind)
    return row, staged.round


def schedule(
    session: Session,
    row: RoundRow,
    round_: Round[Any],
    settings: schemas.TableSettings,
    now: datetime,
) -> None:
    """Store the deadline of the round's current wait (kept while the same wait goes on:
    the betting time runs from the first wager, a decision's from when it became due)."""
    wait = wait_of(round_, settings)
    if wait is None:
        if row.deadline_kind is None and row.deadline is None:
            return
        values: dict[str, Any] = {"deadline": None, "deadline_kind": None}
    elif row.deadline_kind == wait.key and row.deadline is not None:
        return
    else:
        values = {"deadline": now + timedelta(seconds=wait.seconds), "deadline_kind": wait.key}
    db = raw(session)
    values["deadline"] = db.when(values["deadline"])
    db.execute(_SET_DEADLINE, {"round_id": row.id, **values})
    if sa_inspect(row).persistent:
        session.expire(row)
    staged = repo.staged_entry(session, row.id, len(round_.events))
    if staged is not None:  # what the next step of this transaction reads (_current)
        kind = None if wait is None else wait.key
        repo.stage_round(session, row.id, staged.version, staged.round, values["deadline"], kind)


_SET_DEADLINE = Statement.of(
    "UPDATE rounds SET deadline = :deadline, deadline_kind = :deadline_kind WHERE id = :round_id"
)


def _merge(first: schemas.CommandOut, then: schemas.CommandOut) -> schemas.CommandOut:
    return first.model_copy(
        update={
            "round_version": then.round_version,
            "round_status": then.round_status,
            "events": [*first.events, *then.events],
        }
    )


def _run(
    session: Session, player: Player, table_id: str, round_id: str, command: Command, rng: Rng
) -> schemas.CommandOut:
    session.flush()
    row = session.get(RoundRow, round_id)
    if row is not None:
        session.expire(row)
    return service_command(session, player, table_id, command, rng)


def after_command(
    session: Session,
    out: schemas.CommandOut,
    rng: Rng,
    now: datetime,
    caller: Player | None = None,
) -> schemas.CommandOut:
    """After a command, in its transaction: close the betting once every seated player has
    wagered where the table says so (``close_when_all_wagered``), then store the deadline
    of the wait that follows. Returns ``out`` with any events this added, each shown as
    ``caller`` may see it (:func:`redact`; ``None``: the server itself, which sees all)."""
    out = _close_and_schedule(session, out, rng, now)
    if caller is None or caller.role == "dealer":
        return out
    from croupier.server import service

    viewer = service.actor_of(session, caller, out.table_id)
    staged = repo.staged_round(session, out.round_id, out.round_version, copy=False)
    seats = dict(staged.opened.seats) if staged is not None else _round_seats(session, out.round_id)
    return out.model_copy(
        update={"events": [redact(e, viewer, seats) for e in out.events]},
    )


def _round_seats(session: Session, round_id: str) -> dict[int, str]:
    first = session.scalars(
        select(EventRow.body).where(EventRow.round_id == round_id, EventRow.index == 0)
    ).first()
    if first is None:
        return {}
    return {int(seat): player for seat, player in json.loads(first)["seats"].items()}


def _close_and_schedule(
    session: Session, out: schemas.CommandOut, rng: Rng, now: datetime
) -> schemas.CommandOut:
    if out.round_status != "open":
        open_ahead(session, out.table_id, rng, now)  # a bank offer or a cut to time
        return out
    row, round_ = _current(session, out.round_id, out.round_version)
    settings = table_settings(session, out.table_id)
    if settings.close_when_all_wagered and all_wagered(round_):
        close = closing_step(round_)
        if close is not None:
            closed = _run(session, SERVER, out.table_id, out.round_id, close, rng)
            out = _merge(out, closed)
            if out.round_status != "open":
                return out
            row, round_ = _current(session, out.round_id, out.round_version)
    while (absent := _absent_cut_box(session, out.table_id, round_)) is not None:
        # The cut offered to a box whose player has left: refused for it at once, as
        # leaving refuses it (docs/interpretations.md, "Leaving refuses the cut").
        refusal = dbj.RefuseCut(seat=absent)
        player = _player_for(round_, absent)
        refused = service_command(
            session, player, out.table_id, refusal, rng, out.round_version, absent
        )
        out = _merge(out, refused)
        if out.round_status != "open":
            return out
        row, round_ = _current(session, out.round_id, out.round_version)
    schedule(session, row, round_, settings, now)
    return out


_SEATED = Statement.of("SELECT player_id FROM seats WHERE table_id = :table_id AND seat = :seat")


def _absent_cut_box(session: Session, table_id: str, round_: Round[Any]) -> int | None:
    """The box offered the Double Back Jack cut (673a.5(c)) whose player has left its seat,
    else ``None``."""
    if not isinstance(round_, dbj.DoubleBackJackRound):
        return None
    offered = round_.state.cut_offered_to()
    if offered is None:
        return None
    found = raw(session).execute(_SEATED, {"table_id": table_id, "seat": offered}).fetchone()
    return offered if found is None or found[0] != round_.opened.seats[offered] else None


def _player_for(round_: Round[Any], actor: Actor) -> Player:
    if actor == DEALER:
        return SERVER
    return Player(id=round_.opened.seats[actor], name="", role="player", token_hash="")


def expire(
    sessions: Callable[[], Session], table_id: str, rng: Rng, now: datetime
) -> list[schemas.CommandOut]:
    """Apply the timeouts due at ``table_id`` by ``now`` (see :func:`timeout_steps`), each
    in its own transaction through the command path; returns what each did. Every player
    who was waiting when the deadline passed gets the default action now, one after the
    other (each action starts a new wait, which must not give the others a new clock);
    a player who left his seat meanwhile gets it too. A timeout that another process
    applied first is skipped (its stale version is refused)."""
    done: list[schemas.CommandOut] = []
    moment = now
    overdue: set[int] = set()
    """Seats that were waiting when the deadline passed and have not been acted for."""
    for _ in range(64):  # each pass starts a new wait, so this ends at once in practice
        with sessions() as session:
            due = session.execute(
                select(RoundRow.id, RoundRow.version, RoundRow.deadline).where(
                    RoundRow.table_id == table_id,
                    RoundRow.status == "open",
                    RoundRow.deadline.is_not(None),
                    RoundRow.deadline <= now,
                )
            ).first()
            continuing = due is None and bool(overdue)
            if continuing:  # the rest of those who were waiting when it passed
                due = session.execute(
                    select(RoundRow.id, RoundRow.version, RoundRow.deadline).where(
                        RoundRow.table_id == table_id, RoundRow.status == "open"
                    )
                ).first()
            if due is None:
                return done
            _, round_ = repo.load_round(session, due.id)
            if len(round_.events) != due.version:
                continue  # the round moved on since the deadline was read: look again
            steps = timeout_steps(round_)
            if not continuing:  # the timeout took effect when the deadline passed
                moment = _utc(due.deadline)
            if continuing:
                steps = [(actor, command) for actor, command in steps if actor in overdue]
                if not steps:
                    return done
            else:
                overdue = {actor for actor, _ in steps if isinstance(actor, int)}
            if not steps:  # nothing the server may do for them: the wait is not timed
                session.execute(
                    update(RoundRow)
                    .where(RoundRow.id == due.id, RoundRow.version == due.version)
                    .values(deadline=None, deadline_kind=None)
                    .execution_options(synchronize_session=False)
                )
                session.commit()
                continue
            actor, command = steps[0]
            seat = actor if isinstance(actor, int) else None
            if seat is not None:
                overdue.discard(seat)
            try:
                out = service_command(
                    session, _player_for(round_, actor), table_id, command, rng, due.version, seat
                )
                # The wait that follows is timed from then, so a deadline that has passed
                # since is applied in this call too, whenever the server looks.
                out = after_command(session, out, rng, moment)
                session.commit()
            except (CroupierError, IntegrityError):  # another process was first
                session.rollback()
                return done
            done.append(out)
    return done


def _utc(moment: datetime) -> datetime:
    """A stored time as aware UTC (SQLite gives it back naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def service_command(
    session: Session,
    player: Player,
    table_id: str,
    command: Command,
    rng: Rng,
    round_version: int | None = None,
    for_seat: int | None = None,
) -> schemas.CommandOut:
    """Run ``command`` for ``player`` (``for_seat``: as that seat of the open round, even if
    the player has left it) through :func:`service.handle_command`, refused
    (StaleVersion) unless the open round is still at ``round_version`` when given."""
    from croupier.server import service

    body = schemas.CommandIn(command=command.model_dump(mode="json"), round_version=round_version)
    return service.handle_command(session, player, table_id, body, rng, for_seat=for_seat)


def refuse_cut_on_leaving(
    session: Session, table_id: str, seat: int, rng: Rng, now: datetime
) -> schemas.CommandOut | None:
    """Before the player at ``seat`` leaves it, in the same transaction: where the open
    round offers the Double Back Jack cut to that box (673a.5(b)-(c)), the cut is refused
    for it at once, as its timeout would refuse it (docs/interpretations.md, "Leaving
    refuses the cut"), through the command path (:func:`service_command`, at the round's
    version, for the seat); :func:`after_command` then refuses for each box the offer
    reaches whose player has left already, and times the next wait. Returns what was
    done, or ``None`` where the cut is not offered to that box."""
    found = session.execute(
        select(RoundRow.id, RoundRow.version).where(
            RoundRow.table_id == table_id, RoundRow.status == "open"
        )
    ).first()
    if found is None or not table_settings(session, table_id).offer_cut:
        return None
    _, round_ = repo.load_round(session, found.id)
    if not isinstance(round_, dbj.DoubleBackJackRound) or round_.state.cut_offered_to() != seat:
        return None
    command = dbj.RefuseCut(seat=seat)
    player = _player_for(round_, seat)
    out = service_command(session, player, table_id, command, rng, found.version, seat)
    return after_command(session, out, rng, now)


_DUE = Statement.of(
    "SELECT id FROM rounds WHERE table_id = :table_id AND status = 'open' "
    "AND deadline IS NOT NULL AND deadline <= :now"
)


def due(session: Session, table_id: str, now: datetime) -> bool:
    """Whether the open round at ``table_id`` has a deadline that has passed."""
    db = raw(session)
    found = db.execute(_DUE, {"table_id": table_id, "now": db.when(now)}).fetchone()
    return found is not None


def settings_json(settings: schemas.TableSettings) -> str:
    return json.dumps(settings.model_dump(mode="json"), sort_keys=True)


# --- what a player may see of the events a command caused --------------------------------
def _owns(viewer: Actor | None, seat: object, seats: dict[int, str]) -> bool:
    """``viewer`` plays the betting position ``seat`` (a player may hold several)."""
    if not isinstance(viewer, int) or viewer not in seats:
        return False
    try:
        position = int(str(seat))
    except ValueError:
        return False
    return seats.get(position) == seats[viewer]


def redact(
    stored: schemas.StoredEvent, viewer: Actor | None, seats: dict[int, str]
) -> schemas.StoredEvent:
    """``stored`` as ``viewer`` (a seat, or ``None`` for a spectator) may see it: the order
    of a shuffled deck, shoe or stacks, face-down cards and tiles of other players, the
    dealer's hole card, burned cards and hands set face down are blanked (``null``, or an
    empty list for an order); the event's type, index and hash stay, so the client sees
    that it happened. Everything else is public at the table (face-up cards, dice,
    wagers, settlements)."""
    body = dict(stored.event)
    kind = stored.type
    blank: dict[str, Any] = {}
    if kind in ("DeckShuffled", "TilesMixed", "RoundSetup"):
        blank = {key: [] for key in ("stack", "stacks", "shoe") if key in body}
    elif kind == "CardDealt":
        hand = body.get("hand")
        if "face_up" in body:  # Double Back Jack: the players' cards are dealt face up
            hidden = not body["face_up"]
        elif hand == "community":  # Criss-Cross Poker: face down until turned
            hidden = True
        else:  # Go Fore It (676a.11(a)), Criss-Cross Poker: a player sees his own two
            # cards only (a Go Fore It hand's third and fourth cards stay face down)
            hidden = not (_owns(viewer, hand, seats) and body.get("position", 0) < 2)
        if hidden:
            blank = {"card": None}
    elif kind == "CardBurned":
        blank = {"card": None}
    elif kind == "TilesDelivered":
        blank = {
            "deliveries": [
                d if _owns(viewer, d["position"], seats) else {**d, "tiles": None}
                for d in body["deliveries"]
            ]
        }
    elif kind in ("HandsSet", "HouseWayShown") and not _owns(viewer, body["seat"], seats):
        blank = {"high": None, "low": None}
    if not blank:
        return stored
    return stored.model_copy(update={"event": {**body, **blank}})
