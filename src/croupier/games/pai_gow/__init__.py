"""Pai Gow (58 Pa. Code ch. 621a).

A round, as the text runs:

1. **Opening** (621a.6(b), (g)): at the start of the game the 32 tiles are shown face
   up in 16 pairs in rank order (:class:`TilesDisplayed`).
2. **The bank** (621a.11, when the Rules Submission offers it): after the first round
   the dealer offers the bank in counterclockwise rotation; a player who banked the
   last round, who did not wager against the dealer in the last round the dealer
   banked, or who holds more than one betting area may not take it; the bank puts up
   the chips that cover every wager (:class:`TakeBank`), and may ask for co-banking.
3. **The mix** (621a.6(c)-(f)): the tiles are mixed and set in eight stacks of four
   (:class:`TilesMixed`, a dealer-only event: no player's view shows the order). A
   player bank may then cut the stacks once (621a.11(g)); the dealer then wagers
   against the bank (621a.11(h)).
4. **Wagers** (621a.7) until "no more bets"; one wager per betting area, by seated
   players only; a player may hold several adjacent areas (621a.13). Before "no more
   bets" a wager may be withdrawn (:class:`WithdrawWager`, 621a.7(c)).
5. **The starting position** (621a.8(a)-(c), 621a.11(i)-(j)): the dealer (or the bank)
   may choose one of the delivery styles of 621a.9; three dice are shaken (or an RNG
   shows a number) and the count runs counterclockwise from the dealer (or the bank) as
   number one through the six betting positions and the Dead Hand. A die out of the
   shaker or not flat is a "no roll" (621a.12(a)-(b)).
6. **The delivery** (621a.8(d)-(f), 621a.9, 621a.11(k)-(m)): every position gets four
   tiles in the chosen style; stacks of positions without a wager go to the Dead Hand
   unseen.
7. **Setting** (621a.10(a)-(d), 621a.13(b)): each player (and a player bank) puts two
   of its four tiles together (:class:`SetHands`); the higher-ranking pair is the high
   hand. The dealer then turns over and sets by the house way (:class:`SetDealerHands`);
   a setting that departs from it is reset (621a.12(f)). The dealer sets a co-bank's
   hand (621a.11(e)).
8. **Surrender and settlement** (621a.10(e)-(k), 621a.11(n)-(r)): a player may
   surrender before exposure; then, counterclockwise from the dealer's right, each hand
   is exposed and loses, ties or wins; winners are paid 1 to 1 less the 5% vigorish.
   Against a player bank, losing wagers go to the centre, winners are paid from it (the
   bank covering any shortfall), and the bank's surplus pays the vigorish.

Irregularities (621a.6(e), 621a.12) are declared by the dealer with
:class:`DeclareIrregularity`; a player whose tile was exposed may void his hand
(:class:`DecideExposedHand`). :class:`PaiGowTable` outlives rounds: the opening, the
bank rotation and each player's last wager against the dealer.

Positions are named ``"dealer"``, ``"dead_hand"`` and ``"1"`` .. ``"6"`` (seat 1 at the
dealer's left); counterclockwise from the dealer they run dealer, 6, 5, 4, 3, 2, 1,
Dead Hand.

The package's modules: ``commands`` (the commands, :class:`Irregularity` and the command
union), ``events`` (the events and their union), ``delivery`` (the positions, the count
and the delivery styles), ``state`` (:class:`Phase`, :class:`PaiGowState`), ``round``
(:class:`PaiGowRound`) and ``table`` (:class:`PaiGowTable`); every name is re-exported
here.
"""

from croupier.games.pai_gow.commands import (
    SPOT,
    AnnounceNoMoreBets,
    ChooseDelivery,
    CutTiles,
    DealTiles,
    DecideExposedHand,
    DeclareAbandoned,
    DeclareIrregularity,
    DeclineCut,
    DirectDealerWager,
    DrawNumber,
    Irregularity,
    MixTiles,
    PaiGowCommand,
    PassBank,
    PlaceWager,
    RequestHouseWay,
    SetDealerHands,
    SetHands,
    SettleWagers,
    ShakeDice,
    Surrender,
    TakeBank,
    VoidRound,
    WithdrawWager,
)
from croupier.games.pai_gow.delivery import (
    COUNTERCLOCKWISE,
    DEAD_HAND,
    DEALER_POSITION,
    DELIVERY_SLOTS,
    count_positions,
    cut_stacks,
    deliver,
    position_of,
)
from croupier.games.pai_gow.events import (
    BankNotTaken,
    BankOffered,
    BankPassed,
    BankSettled,
    BankTaken,
    CutDeclined,
    DealerHandsReset,
    DealerHandsSet,
    DealerTilesTurnedOver,
    DealerWagerPlaced,
    DealerWagerSettled,
    Delivery,
    DeliveryChosen,
    DiceShaken,
    ExposedHandDecided,
    HandsExposed,
    HandsSet,
    HouseWayShown,
    NoMoreBets,
    NoRoll,
    NumberDrawn,
    PaiGowEvent,
    ShakerCovered,
    StacksCollected,
    StartingPositionCounted,
    TableContext,
    TileExposed,
    TilesCut,
    TilesDelivered,
    TilesDisplayed,
    TilesMixed,
    TilesRemixed,
    VigorishCollected,
    WagerWithdrawn,
)
from croupier.games.pai_gow.round import PaiGowRound
from croupier.games.pai_gow.state import PaiGowState, Phase
from croupier.games.pai_gow.table import PaiGowTable

__all__ = [
    "COUNTERCLOCKWISE",
    "DEAD_HAND",
    "DEALER_POSITION",
    "DELIVERY_SLOTS",
    "SPOT",
    "AnnounceNoMoreBets",
    "BankNotTaken",
    "BankOffered",
    "BankPassed",
    "BankSettled",
    "BankTaken",
    "ChooseDelivery",
    "CutDeclined",
    "CutTiles",
    "DealTiles",
    "DealerHandsReset",
    "DealerHandsSet",
    "DealerTilesTurnedOver",
    "DealerWagerPlaced",
    "DealerWagerSettled",
    "DecideExposedHand",
    "DeclareAbandoned",
    "DeclareIrregularity",
    "DeclineCut",
    "Delivery",
    "DeliveryChosen",
    "DiceShaken",
    "DirectDealerWager",
    "DrawNumber",
    "ExposedHandDecided",
    "HandsExposed",
    "HandsSet",
    "HouseWayShown",
    "Irregularity",
    "MixTiles",
    "NoMoreBets",
    "NoRoll",
    "NumberDrawn",
    "PaiGowCommand",
    "PaiGowEvent",
    "PaiGowRound",
    "PaiGowState",
    "PaiGowTable",
    "PassBank",
    "Phase",
    "PlaceWager",
    "RequestHouseWay",
    "SetDealerHands",
    "SetHands",
    "SettleWagers",
    "ShakeDice",
    "ShakerCovered",
    "StacksCollected",
    "StartingPositionCounted",
    "Surrender",
    "TableContext",
    "TakeBank",
    "TileExposed",
    "TilesCut",
    "TilesDelivered",
    "TilesDisplayed",
    "TilesMixed",
    "TilesRemixed",
    "VigorishCollected",
    "VoidRound",
    "WagerWithdrawn",
    "WithdrawWager",
    "count_positions",
    "cut_stacks",
    "deliver",
    "position_of",
]
