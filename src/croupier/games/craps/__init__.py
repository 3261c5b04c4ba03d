"""Craps and Mini-Craps (58 Pa. Code ch. 623a; the text is not in croupier's seeds: the
sections are as the 2011 preamble describes them, see :mod:`croupier.rules.craps`).

**A round is one turn of the dice around the table**: from the come-out roll after a
seven-out (or a new table's first) to the next seven-out, every roll in it. The shooter
rolls until he sevens out; he may give up the dice before a come-out roll, and holds a
Pass or Don't Pass wager on every come-out or passes them on; the dice go clockwise
(623a.10), within the round, from one shooter to the next; the seven-out ends the round,
and the next round's dice go to the first seat clockwise after that shooter
(:class:`ShooterRotation`). Every wager that stands from roll to roll (a Pass wager on its
point, a Come wager travelled to its number with odds behind it, a Place bet that wins and
stays up, a Fire Bet counting the shooter's points) lives in the round's own state, so the
stored events rebuild every roll and every standing wager exactly
(docs/architecture.md, Craps).

Each roll:

1. **Wagers** (623a.3, 623a.4, 623a.6, 623a.11, 623a.12): seated players make, add to,
   take down and call working or off their wagers (:class:`PlaceWager`,
   :class:`RemoveWager`, :class:`CallWager`), within the table limits, the odds limit and
   in amounts that pay whole cents where the Rules Submission says so.
2. **No more bets** (623a.4): on a come-out roll the dice go to the shooter (623a.10).
3. **The dice** (623a.7, 623a.8): at an RNG table the secure generator throws; at a
   physical table a new shooter is offered five dice and keeps two
   (:class:`OfferDice`, :class:`SelectDice`), the dealer enters the reading of the throw
   (:class:`ThrowDice`) or calls it no roll (:class:`DeclareIrregularity`: a die off the
   table, on the rail, resting on the other, a throw short of the far wall).
4. **The call and settlement** (623a.9): :class:`CallRoll` calls the roll (a natural,
   craps, the point set or made, a seven-out, a number), moves the puck, and settles every
   wager the roll decides in the order of :mod:`croupier.games.craps.settle`.

A player who leaves (:class:`LeaveTable`, sent by the table) has every wager he may take
down returned; his Pass and Come wagers with a point, his Fire Bet and Bonus Craps keep
working to their decision, paid to him. The round does no I/O.

The package's modules: :mod:`.wagers` (spots, one roll's decision, odds, whole-cent
amounts), :mod:`.placing` (making and removal, 623a.4), :mod:`.settle` (623a.9-623a.12),
:mod:`.commands`, :mod:`.events`, :mod:`.state` and :mod:`.round`
(:class:`CrapsRound`); every name is re-exported here.
"""

from __future__ import annotations

from croupier.games.craps.commands import (
    AnnounceNoMoreBets,
    CallRoll,
    CallWager,
    CrapsCommand,
    DeclareIrregularity,
    EndTurn,
    GiveUpDice,
    Irregularity,
    LeaveTable,
    OfferDice,
    PlaceWager,
    RemoveWager,
    SelectDice,
    ThrowDice,
    VoidRound,
)
from croupier.games.craps.events import (
    CommissionCollected,
    CommissionReturned,
    CrapsEvent,
    DiceOffered,
    DiceSelected,
    DiceThrown,
    DiceToShooter,
    NoMoreBets,
    NoRoll,
    PlayerLeft,
    Roll,
    RollCalled,
    ShooterDone,
    ShooterRotation,
    WagerCalled,
    WagerMoved,
    WagerPaid,
    WagerRemoved,
)
from croupier.games.craps.round import CrapsRound
from croupier.games.craps.state import Bet, CrapsState, Phase
from croupier.games.craps.wagers import all_spots, decide, spot_words

__all__ = [
    "AnnounceNoMoreBets",
    "Bet",
    "CallRoll",
    "CallWager",
    "CommissionCollected",
    "CommissionReturned",
    "CrapsCommand",
    "CrapsEvent",
    "CrapsRound",
    "CrapsState",
    "DeclareIrregularity",
    "DiceOffered",
    "DiceSelected",
    "DiceThrown",
    "DiceToShooter",
    "EndTurn",
    "GiveUpDice",
    "Irregularity",
    "LeaveTable",
    "NoMoreBets",
    "NoRoll",
    "OfferDice",
    "Phase",
    "PlaceWager",
    "PlayerLeft",
    "RemoveWager",
    "Roll",
    "RollCalled",
    "SelectDice",
    "ShooterDone",
    "ShooterRotation",
    "ThrowDice",
    "VoidRound",
    "WagerCalled",
    "WagerMoved",
    "WagerPaid",
    "WagerRemoved",
    "all_spots",
    "decide",
    "spot_words",
]
