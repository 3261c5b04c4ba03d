"""Double Back Jack (58 Pa. Code ch. 673a).

A round, as the text runs:

1. **The shoe** (673a.3, 673a.5, 673a.7(a)-(d)): a :class:`DoubleBackJackTable` keeps
   the shoe between rounds and opens each round with a :class:`RoundSetup` (dealer-only:
   it holds the cards left in the shoe, top first, and where the cover card lies). A new
   shoe is shuffled (:class:`ShuffleCards`, the order drawn from the round's ``Rng`` and
   recorded in the dealer-only :class:`DeckShuffled`), offered for the cut to the boxes
   in the order of 673a.5(c), each accepting (:class:`AcceptCut`: the player places the
   cover card) or refusing it in turn (:class:`RefuseCut`; the dealer cuts when no
   player accepts, 673a.5(b)), cut with the cover card at least ten cards from the top
   or bottom and then reinserted by the dealer at least 1/4 of the way in from the
   bottom (:class:`CutCards`, 673a.5(d)), optionally recut on the floor's word
   (673a.5(e)), placed in the shoe and its first card burned (:class:`LoadShoe`,
   673a.7(c)); a new dealer burns a card too (:class:`BurnCard`).
2. **Wagers** (673a.6): a Blackjack Wager on each box a player holds (adjacent boxes as
   the Rules Submission allows, 673a.6(e)), before the first card; a patron who sat out
   since the shuffle may be barred (673a.6(b)).
3. **The deal** (673a.7(e)): one card face up to each box clockwise from the dealer's
   left, one face up to the dealer, a second to each box, the dealer's second face down.
   Player Blackjacks are paid 2 to 1 at once, counterclockwise from the dealer's right
   (673a.7(f)).
4. **Insurance and the card reader** (673a.7(g)-(h), 673a.8, 673a.9): on a dealer ace
   each player may insure for at most half the initial wager (rounded up to the next
   chip, 673a.8(b)); on an ace or ten-value card the players may surrender and the
   dealer reads the hole card (:class:`ReadHoleCard`). A dealer Blackjack collects the
   Blackjack Wagers and pays Insurance 2 to 1.
5. **Decisions** (673a.7(i)-(m), 673a.9-673a.11): clockwise, each player surrenders,
   doubles down, splits, stands or hits (:class:`Decide`); a 21 is paid 1 to 1 at once;
   a bust may place a Second Chance Wager equal to the current Blackjack Wager and have
   one card subtracted (an ace as 1), or decline it and lose.
6. **The dealer** (673a.7(n)-(p)): :class:`PlayDealerHand` turns the hole card up and
   draws to 16, standing on all 17s; no card is drawn when no hand depends on it.
7. **Settlement** (673a.7(q)-(u)): :class:`SettleWagers`: a dealer 22 returns every
   remaining Blackjack and Second Chance Wager; otherwise each hand wins, ties or loses,
   settled in the order of 673a.7(t)(1) or (2).

Irregularities (673a.13) are declared with :class:`DeclareIrregularity` or are options of
the dealer's commands (the dealer's missed first or second card, 673a.13(e); boxes
missed in the deal; a box dealt one card takes or declines its late second card,
673a.13(g)). A card a player requested and the dealer failed to deal is declared
(``missed_requested_card``): once every other hand is complete, before the hole card is
turned, the player takes the card or has his hand called dead and his Blackjack Wager
returned (673a.13(h)). When the shoe runs out mid-round the discard rack is shuffled,
the cut offered as 673a.5(c) orders it (the Rules Submission's
``insufficient_cards_cut``), cut and burned and the round continues (673a.13(f)). The
round does no I/O.

The package's modules: :mod:`.commands` (the commands, :class:`Decision` and
:class:`Irregularity`), :mod:`.events`, :mod:`.state` (:class:`Phase`, :class:`Hand` and
:class:`DoubleBackJackState`), :mod:`.round` (:class:`DoubleBackJackRound`) and
:mod:`.table` (:class:`DoubleBackJackTable`); every name is re-exported here.
"""

from __future__ import annotations

from croupier.games.cards import CardDiscarded, DeckShuffled, RecutRequired, ShuffleFailed
from croupier.games.double_back_jack.commands import (
    AcceptCut,
    BurnCard,
    CutCards,
    DealCards,
    Decide,
    Decision,
    DeclareIrregularity,
    DoubleBackJackCommand,
    Irregularity,
    LoadShoe,
    PlaceWager,
    PlayDealerHand,
    ReadHoleCard,
    RefuseCut,
    RequireRecut,
    SettleWagers,
    ShuffleCards,
    VoidRound,
)
from croupier.games.double_back_jack.events import (
    CardBurned,
    CardDealt,
    CoverCardReached,
    CutAccepted,
    CutRefused,
    DealerHandComplete,
    DealerTotalAnnounced,
    DealStarted,
    DeckCut,
    DoubleBackJackEvent,
    HandDiscarded,
    HoleCardRead,
    HoleCardTurned,
    IrregularityDeclared,
    PlayerDecided,
    RequestedCardMissed,
    RoundSetup,
    SettlementBegun,
    ShoeExhausted,
    ShoeLoaded,
    ShufflerOutOfOrder,
)
from croupier.games.double_back_jack.round import (
    DoubleBackJackRound,
    check_boxes,
    check_setup,
    deal_plan,
    new_shoe_setup,
)
from croupier.games.double_back_jack.state import DoubleBackJackState, Hand, HandStatus, Phase
from croupier.games.double_back_jack.table import DoubleBackJackTable

__all__ = [
    "AcceptCut",
    "BurnCard",
    "CardBurned",
    "CardDealt",
    "CardDiscarded",
    "CoverCardReached",
    "CutAccepted",
    "CutCards",
    "CutRefused",
    "DealCards",
    "DealStarted",
    "DealerHandComplete",
    "DealerTotalAnnounced",
    "Decide",
    "Decision",
    "DeckCut",
    "DeckShuffled",
    "DeclareIrregularity",
    "DoubleBackJackCommand",
    "DoubleBackJackEvent",
    "DoubleBackJackRound",
    "DoubleBackJackState",
    "DoubleBackJackTable",
    "Hand",
    "HandDiscarded",
    "HandStatus",
    "HoleCardRead",
    "HoleCardTurned",
    "Irregularity",
    "IrregularityDeclared",
    "LoadShoe",
    "Phase",
    "PlaceWager",
    "PlayDealerHand",
    "PlayerDecided",
    "ReadHoleCard",
    "RecutRequired",
    "RefuseCut",
    "RequestedCardMissed",
    "RequireRecut",
    "RoundSetup",
    "SettleWagers",
    "SettlementBegun",
    "ShoeExhausted",
    "ShoeLoaded",
    "ShuffleCards",
    "ShuffleFailed",
    "ShufflerOutOfOrder",
    "VoidRound",
    "check_boxes",
    "check_setup",
    "deal_plan",
    "new_shoe_setup",
]
