"""Double Back Jack payout drills (673a; :mod:`croupier.training`): a player Blackjack
(2 to 1, 673a.12(a)), Insurance (2 to 1, 673a.12(c)), the Second Chance Wager (673a.7(l))
and hands played out, each round dealt by the engine from a shoe the drill stacks (the
cards it needs on top, a shuffled deck below), exactly as a table hands a round its shoe
(:class:`~croupier.games.double_back_jack.events.RoundSetup`), and judged by the
round's own :class:`~croupier.engine.WagerSettled` events.

>>> from croupier.rules.double_back_jack import DoubleBackJackRules
>>> found = play(DoubleBackJackRules(), "As Kd", "9h 7c", wager=1000)
>>> [(p.label, p.pays) for p in found.payouts]
[('Blackjack', 2000)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from croupier.engine import DEALER, Command, LegalCommand, Round
from croupier.equipment.cards import Card, deck, parse_cards
from croupier.game import GameSpec
from croupier.games.card_training import CARD_EVENTS, CARD_MENU, SHUFFLER_JAM_QUOTE, card_incident
from croupier.games.double_back_jack.events import RequestedCardMissed, ShufflerOutOfOrder
from croupier.money import Cents
from croupier.offers import Amount
from croupier.rng import Rng, SeededRng
from croupier.rules.base import RulesSubmission
from croupier.rules.double_back_jack import DoubleBackJackRules
from croupier.training.irregularity import Handling, Incident, Remedy
from croupier.training.situation import Level, Situation, wagers_said
from croupier.training.table import Table

TENS = ("T", "J", "Q", "K")
SUITS = ("c", "d", "h", "s")
BELOW = 40
"""Cards of a shuffled deck below the ones a drill stacks."""


def _spec() -> GameSpec:
    from croupier.games.double_back_jack.policy import SPEC

    return SPEC


def _shoe(cards: Sequence[Card], pick: random.Random) -> Any:
    from croupier.games.double_back_jack.events import RoundSetup

    rest = deck()
    pick.shuffle(rest)
    below = rest[:BELOW]
    return RoundSetup(
        batch="red",
        shuffling="manual",
        shoe=tuple(str(c) for c in (*cards, *below)),
        cover_at=len(below) // 2,
        cite="673a.7(a)",
    )


def basic(round_: Round[Any], seat: int, offers: list[LegalCommand]) -> Command | None:
    """The drill's player: takes a Second Chance after a bust, hits below 17, else
    stands (an offer of Insurance is left to the timeout: declined)."""
    for legal in offers:
        decision = legal.fields.get("decision")
        values = legal.values("decision")
        if decision is None:
            continue
        choice: dict[str, Any] = {}
        amount = legal.fields.get("amount")
        if isinstance(amount, Amount):
            choice["amount"] = amount.least
        if "second_chance" in values:
            return round_.build(legal, decision="second_chance", **choice)
        if "hit" in values:
            total = _total(round_, seat)
            return round_.build(legal, decision="hit" if total < 17 else "stand")
    return None


def _total(round_: Round[Any], seat: int) -> int:
    """The total of ``seat``'s hand in play, as the round's view gives it."""
    hands = round_.view(DEALER).get("hands", {})
    playing = [
        hand.get("total") or 0
        for key, hand in hands.items()
        if key.split(".")[0] == str(seat) and hand.get("status") == "playing"
    ]
    return int(playing[0]) if playing else 21


def play(
    rules: DoubleBackJackRules,
    player: str,
    dealer: str,
    *,
    wager: Cents,
    draws: str = "",
    insurance: Cents | None = None,
    pick: random.Random | None = None,
) -> Situation:
    """A round dealt ``player``'s two cards and the ``dealer``'s (up card first), then
    ``draws`` in order, a shuffled deck below; box 1 wagers ``wager`` cents on Blackjack
    (and ``insurance`` when the dealer shows an Ace) and plays by :func:`basic`."""
    from croupier.games.double_back_jack.round import DoubleBackJackRound

    pick = pick or random.Random(0)
    mine, theirs = parse_cards(player), parse_cards(dealer)
    top = (mine[0], theirs[0], mine[1], theirs[1], *parse_cards(draws))
    spec = _spec()
    round_ = DoubleBackJackRound.open(
        rules,
        table_id="training",
        round_id="drill",
        seats={1: "player"},
        rng=SeededRng(pick.getrandbits(32)),
        setup=_shoe(top, pick),
    )
    table = Table(spec, round_, {i.value: i.label for i in spec.spots_of(rules)})
    spec.policy.run_dealer_steps(round_)
    table.wager(1, "blackjack", wager)
    table.command(DEALER, "DealCards")
    spec.policy.run_dealer_steps(round_)
    if insurance is not None:
        table.wager(1, "insurance", insurance)
    table.finish(basic)
    events = round_.events
    scene = (
        *wagers_said(table, events),
        f"Box 1 is dealt {player}; the dealer shows {theirs[0]} (hole card {theirs[1]}).",
        *_drawn(round_, len(top) - len(parse_cards(draws))),
    )
    return Situation(round_.game, scene, tuple(table.payouts()))


def _drawn(round_: Round[Any], dealt: int) -> list[str]:
    from croupier.games.double_back_jack.events import CardDealt

    cards = [e for e in round_.events if isinstance(e, CardDealt)][dealt:]
    return [f"Then {e.card} to {'the dealer' if e.hand == DEALER else 'box 1'}." for e in cards]


def _card(pick: random.Random, ranks: str) -> str:
    return pick.choice(ranks) + pick.choice(SUITS)


def situation(
    spec: GameSpec, rules: RulesSubmission, level: Level, pick: random.Random, rng: Rng
) -> Situation:
    """A Double Back Jack situation: a player Blackjack, an Insurance Wager, a bust
    taken to a Second Chance, or a hand played out, each as likely."""
    assert isinstance(rules, DoubleBackJackRules)
    wager = level.amount(pick)
    kind = pick.choice(("blackjack", "insurance", "second_chance", "hand"))
    if kind == "blackjack":
        player = f"A{pick.choice(SUITS)} {_card(pick, ''.join(TENS))}"
        dealer = f"{_card(pick, '23456789TJQK')} {_card(pick, '23456789')}"
        return play(rules, player, dealer, wager=wager, pick=pick)
    if kind == "insurance":
        player = f"{_card(pick, 'TJQK')} {_card(pick, '789')}"
        hole = _card(pick, "TJQK" if pick.random() < 0.5 else "2345678")
        half = max(100, wager // 2 // 100 * 100)
        return play(
            rules, player, f"A{pick.choice(SUITS)} {hole}", wager=wager, pick=pick, insurance=half
        )
    if kind == "second_chance":
        player = f"{_card(pick, 'TJQK')} {_card(pick, '23456')}"
        dealer = f"{_card(pick, '23456789TJQK')} {_card(pick, '23456789TJQK')}"
        return play(rules, player, dealer, wager=wager, draws=_card(pick, "TJQK"), pick=pick)
    player = f"{_card(pick, '23456789TJQK')} {_card(pick, '23456789')}"
    dealer = f"{_card(pick, '23456789TJQK')} {_card(pick, '23456789TJQK')}"
    return play(rules, player, dealer, wager=wager, pick=pick)


# -- irregularities (673a.13) ------------------------------------------------------------
QUOTES = {
    "673a.13(a)": (
        "A card found face up in the shoe may not be used in that round of play and shall be "
        "placed in the discard rack or in a segregated area of the double shoe."
    ),
    "673a.13(b)": (
        "A card drawn in error without its face being exposed shall be used as though it were"
        " the next card from the shoe."
    ),
    "673a.13(c)": (
        "After the initial two cards have been dealt to each player and a card is drawn in "
        "error and exposed to the players, the card shall be dealt to the players or dealer "
        "as though it were the next card from the shoe. Any player refusing to accept the "
        "card may not have any additional cards dealt to him during the round. If the card is"
        " refused by the players and the dealer cannot use the card, the card shall be placed"
        " in the discard rack."
    ),
    "673a.13(d)": (
        "If the dealer has 17 and accidentally draws a card for himself, the card shall be "
        "placed in the discard rack."
    ),
    "673a.13(h)": (
        "If after receiving the first two cards, the dealer fails to deal an additional card "
        "to a player who has requested a card, then, at the player's option, the dealer shall"
        " either deal the additional card after all other players have received their "
        "additional cards but prior to the dealer revealing his hole card or call the "
        "player's hand dead and return the player's original Blackjack Wager."
    ),
    "673a.13(i)": (
        "If the dealer inserts his hole card into a card reader device when the value of his "
        "first card is not an ace, king, queen, jack or 10, the dealer, after notification to"
        " a floorperson or above, shall continue play."
    ),
    "673a.13(j)": (
        "If a card reader device malfunctions, the dealer may not continue dealing the game "
        "of Blackjack at that table until the card reader device is repaired or replaced."
    ),
    "673a.13(k)": SHUFFLER_JAM_QUOTE,
    "673a.13(l)": (
        "If an automated shuffling device malfunctions and cannot be used, the device must be"
        " covered or have a sign indicating that it is out of order placed on the device "
        "before any other method of shuffling may be utilized at that table."
    ),
}
"""The text of 673a.13, as the regulation writes it."""

HANDLING = Handling(
    said={
        "face_up_card": "The next card in the shoe is found face up.",
        "card_drawn_in_error": "A card is drawn in error; its face was not exposed.",
        "dealer_drew_on_17": "The dealer has 17 and accidentally draws a card for himself.",
        "reader_misused": (
            "The dealer inserted his hole card into the card reader under a first card that "
            "is not an ace, king, queen, jack or 10."
        ),
        "reader_malfunction": "The card reader device malfunctions.",
        "shuffler_jam": "The automated card shuffler jams before completing its cycle.",
        "shuffler_out_of_order": "The automated card shuffler malfunctions and cannot be used.",
        "missed_requested_card": (
            "A player requested a card after his first two and the dealer failed to deal it."
        ),
    },
    events={
        **CARD_EVENTS,
        ShufflerOutOfOrder: Remedy.OTHER_MEANS,
        RequestedCardMissed: Remedy.PLAYER_CHOICE,
    },
    quotes=QUOTES,
    menu=(*CARD_MENU, Remedy.PLAYER_CHOICE, Remedy.STOP),
    by_text={
        "card_drawn_in_error": Remedy.USE,
        "reader_misused": Remedy.CARRY_ON,
        "reader_malfunction": Remedy.STOP,
    },
)
"""How the engine's handling of 673a.13 is read. Where the engine records the
declaration alone and play goes on under it (a card drawn in error is the next card; the
reader's misuse is noted; its malfunction stops the deal), the remedy is the section's.
An exposed card drawn in error (673a.13(c)) is not drilled: the text makes it the next
card and lets each player refuse it, so two remedies offered would both be the text's."""


def irregularity(spec: GameSpec, rules: RulesSubmission, pick: random.Random, rng: Rng) -> Incident:
    """An irregularity drill item (:mod:`croupier.training.irregularity`)."""
    return card_incident(spec, rules, HANDLING, HANDLING.said, pick, rng)
