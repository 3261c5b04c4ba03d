"""`croupier play double-back-jack` through the command line.

The money of each round is worked out here from the printed cards with the rules typed
in from ch. 673a (673a.3(d) card values, 673a.7(f) and 673a.12(a) a Blackjack 2 to 1,
673a.7(m) a 21 paid at once, 673a.7(q)-(s) the comparison with the dealer's 22 a push,
673a.7(l) and 673a.12(b) the Second Chance Wager, 673a.8 and 673a.12(c) Insurance),
not taken from croupier. The seeded rounds below were played once to learn their cards;
their expected balances are computed by hand in the comments.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "120", "FORCE_COLOR": None, "NO_COLOR": "1"}
BALANCE = re.compile(r"Balance: (\$[\d,.]+) \(this round ([+-]?\$[\d,.]+)\)")
HAND = re.compile(r"^Hand 1: ((?:\S\S\S? ?)+) \((?:soft )?\d+\)$", re.M)
DEALER = re.compile(r"^Dealer: ((?:\S\S\S? ?)+) \(total (?:soft )?\d+\)", re.M)
SUITS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
"""The suits as printed on the cards: clubs, diamonds, hearts, spades."""


def said(codes: str) -> str:
    """Cards written as codes (``"Td As"``) as the table shows them to a player, rank as
    printed on the card and suit symbol: ``"10\u2666 A\u2660"``."""
    return " ".join(
        ("10" if code[0] == "T" else code[0]) + SUITS[code[1]] for code in codes.split()
    )


def run(script: str, seed: int, *options: str) -> str:
    result = CliRunner().invoke(
        app, ["play", "double-back-jack", "--seed", str(seed), *options], input=script, env=ENV
    )
    assert result.exit_code == 0, result.output
    return result.output


def cents(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    whole, _, frac = text.strip("+-$").replace(",", "").partition(".")
    return sign * (int(whole) * 100 + int(frac.ljust(2, "0")))


def value(card: str) -> int:
    """673a.3(d): 2-9 face value, 10 J Q K 10, an ace 1 (counted 11 in :func:`total`)."""
    rank = card[:-1]
    return 1 if rank == "A" else 10 if rank in ("10", "J", "Q", "K") else int(rank)


def total(cards: list[str]) -> int:
    """673a.3(d)(3): an ace is 11 unless that would pass 21."""
    hard = sum(value(card) for card in cards)
    return hard + 10 if "A" in [c[0] for c in cards] and hard + 10 <= 21 else hard


def blackjack(cards: list[str]) -> bool:
    """673a.1: an ace and a ten-value card as the first two cards."""
    return len(cards) == 2 and total(cards) == 21


def standing_net(block: str, wager: int) -> int:
    """The net of a round where the player stood on his first two cards."""
    you = HAND.findall(block)[-1].split()
    dealer = DEALER.search(block).group(1).split()  # type: ignore[union-attr]
    if blackjack(you):
        return 2 * wager  # 673a.7(f), 673a.12(a): paid 2 to 1 before the card reader
    if blackjack(dealer):
        return -wager  # 673a.7(h): every Blackjack Wager collected
    player, house = total(you), total(dealer)
    if player == 21:
        return wager  # 673a.7(m): a 21 paid 1 to 1 at once
    if house == 22:
        return 0  # 673a.7(q)(1): returned
    if house > 21 or player > house:
        return wager  # 673a.7(r)(1)
    return 0 if player == house else -wager  # 673a.7(r)(2), (r)(3)(ii)


@pytest.mark.parametrize("seed", [1, 2, 3, 27])
def test_standing_sessions_move_the_right_money(seed: int) -> None:
    """Eight rounds of a $5 Blackjack Wager standing on the first two cards ("deal", the
    dealer going on, declines Insurance when offered; where nothing waits on it the second
    "deal" is refused, and after a round already over the "deal" and "stand" are
    refused): each round's balance change is the one worked from the printed cards.
    Seed 27 opens with Ad Jc against the dealer's Ac Ts: the player's Blackjack is paid
    2 to 1 before the card reader finds the dealer's (673a.7(f))."""
    script = "refuse cut\n" + "bet 5\ndeal\ndeal\nstand\n" * 8
    out = run(script, seed, "--rounds", "8")
    blocks = re.split(r"─+ Round ", out)[1:]
    assert len(blocks) == 8
    # Numbered as at every terminal table (r0001, ...), not the engine's "play-000001".
    assert [b.split(" ", 1)[0] for b in blocks] == [f"r{n:04d}" for n in range(1, 9)]
    assert "play-0" not in out
    balance = 100_000
    for block in blocks:
        match = BALANCE.search(block)
        assert match is not None, block
        printed, net = cents(match.group(1)), cents(match.group(2))
        assert net == standing_net(block, 500), block
        assert printed - balance == net
        balance = printed
    assert f"Final balance: {re.sub(r'[.]00$', '', f'${balance / 100:,.2f}')}" in out


def test_split_second_chance_and_a_refused_double() -> None:
    """Seed 39, one round. The player refuses the cut (673a.5(b): the dealer cuts) and
    wagers $5. Dealer 5s up; box 1: 8d 8h.

    - double 10: refused, more than the $5 wager (673a.10(a)); nothing moves.
    - split (673a.11(a)): $5 more on hand 2. Hand 1: 8d 6s (14), hit 3c (17), hit Jd
      (27, a bust). second: a $5 Second Chance Wager (673a.7(l)); the card is 6h:
      27 - 6 = 21, so the Second Chance Wager wins 1 to 1 and the Blackjack Wager is
      returned (673a.7(l)(2)).
    - Hand 2: 8h 9h (17), stand. The dealer's 5s Td (15) draws Jc: 25, over 21, and
      hand 2 wins 1 to 1 (673a.7(r)(1)(i)).

    Wallet: 1000 - 5 - 5 - 5 (wagers) + 5 (returned) + 10 (Second Chance) + 10 (hand 2)
    = $1,010."""
    script = "refuse cut\nbet 5\ndeal\ndouble 10\nsplit\nhit\nhit\nsecond chance\nstand\n"
    out = run(script, 39, "--rounds", "1")
    assert f"Dealer shows {said('5s')}" in out and f"Hand 1: {said('8d 8h')} (16)" in out
    refusal = out.index("Refused: a double down may not exceed the original Blackjack Wager")
    assert out[refusal:].split("\n", 1)[0].endswith("(673a.10(a))")
    after = out[refusal:]
    # nothing changed: the split is the next thing dealt, and it takes only its own $5
    assert after.index("> split") < after.index(f"Hand 1: {said('8d 6s')} (14)")
    assert "Balance $990. You may:" in after.split("> hit", 1)[0]
    assert f"Hand 1: {said('8d 6s 3c Jd')} - {said('6h')} (21)" in out
    assert f"Hand 2: {said('8h 9h')} (17)" in out
    assert f"Dealer: {said('5s Td Jc')} (total 25)" in out
    assert "Balance: $1,010 (this round +$10)" in out
    assert "Final balance: $1,010" in out


def test_insurance_limit_and_dealer_blackjack() -> None:
    """Seed 1: dealer As up, box 1 8s Qd on a $10 wager. Insurance of $6 is more than
    half the wager: refused (673a.8(b)). $5 is taken; the card reader finds the Js: a
    dealer Blackjack. Insurance wins 2 to 1 (+$10, 673a.12(c)) and the Blackjack Wager is
    collected (-$10, 673a.7(h)): the round nets $0."""
    out = run(
        "refuse cut\nbet 10\ndeal\nbet insurance 6\nbet insurance 5\ndeal\n", 1, "--rounds", "1"
    )
    assert f"Dealer shows {said('As')}" in out and f"Hand 1: {said('8s Qd')} (18)" in out
    assert re.search(r"Refused: an Insurance Wager is at most half .*\(673a\.8\(b\)\)", out)
    assert "Card reader: Blackjack (673a.7(h))." in out
    assert f"Dealer: {said('As Js')} (total 21)" in out
    assert "Balance: $1,000 (this round $0)" in out


def test_the_player_cuts() -> None:
    """673a.5(c)(1): the first player to arrive is offered the cut; a cut nearer than
    ten cards to the top is refused (673a.5(d)); the player's cut is recorded as his."""
    out = run("bet 5\ncut 5\ncut 52\nquit\n", 4)
    assert "The cut is offered to you (673a.5(c))" in out
    assert "Refused: the cut is offered to you: take it or refuse it before wagering" in out
    assert re.search(r"Refused: .*\(673a\.5\(d\)\)", out)
    assert "Box 1 cuts 52 cards in" in out
    assert "Final balance: $1,000" in out


def test_a_bet_during_the_cut_offer_says_to_cut_or_refuse_first() -> None:
    """673a.5(b), (c)(1): the shuffled stack is offered to the first player to arrive to
    be cut before the round's wagers; a bet typed while the offer stands is refused
    citing 673a.5(b) (the stack offered to be cut once shuffled; (c) only orders who is
    offered it) and names the two answers the table takes (``cut N``, ``refuse``)
    with N's range from 673a.5(d): six decks (673a.3) are 312 cards, so 10 to 302.
    Nothing is wagered; once the cut is refused the same bet is taken."""
    out = run("bet 5\nrefuse cut\nbet 5\n", 1, "--rounds", "1")
    refusals = [line for line in out.splitlines() if line.startswith("Refused:")]
    assert refusals[0] == (
        "Refused: the cut is offered to you: take it or refuse it before wagering "
        "(type cut N, N from 10 to 302, or refuse cut) (673a.5(b))"
    )
    assert "673a.6(c)" not in refusals[0]
    assert "$5 Blackjack Wager. Balance: $995" in out


def test_bet_and_deal_before_the_cut_cite_the_one_subsection_of_the_cut_offered() -> None:
    """673a.5(b): once shuffled and stacked the dealer offers the stack to be cut (the
    dealer cuts if no player accepts); (c) says to whom, (d) that the cut stack then goes
    into the shoe for play. ``bet`` and ``deal`` while the cut is offered to the player
    are refused for the same reason, the cut offered first: both cite 673a.5(b), neither
    673a.5(c)."""
    out = run("bet 5\ndeal\nrefuse cut\n", 1, "--rounds", "1")
    refusals = [line for line in out.splitlines() if line.startswith("Refused:")]
    assert len(refusals) == 2, out
    assert all(line.endswith("(673a.5(b))") for line in refusals), refusals


def test_leaving_mid_round_plays_the_hand_out() -> None:
    """673a.6(c): a wager stays until a decision is rendered: leaving after the deal
    stands the hand and the round is settled."""
    out = run("refuse cut\nbet 5\ndeal\n", 3)
    assert "(673a.6(c))" in out
    assert "Dealer:" in out and "Session over after 1 round." in out


def test_rules_file(tmp_path: Path) -> None:
    """``--rules``: a Rules Submission of two decks with a $10 minimum is played under
    (a $5 wager is refused, 673a.6(d)); one for another game is refused before play."""
    path = tmp_path / "dbj.toml"
    path.write_text('game = "double-back-jack"\ndecks = 2\nminimum_wager = 1000\n')
    out = run(
        "refuse cut\nbet 5\nbet 10\ndeal\ndeal\nstand\n", 5, "--rules", str(path), "--rounds", "1"
    )
    assert "(2 decks, red backs, a new shoe)" in out
    assert re.search(r"Refused: a Blackjack Wager must be \$10 to .*\(673a\.6\(d\)\)", out)
    assert "$10 Blackjack Wager" in out and "Session over after 1 round." in out
    other = tmp_path / "other.toml"
    other.write_text('game = "go-fore-it"\n')
    result = CliRunner().invoke(app, ["play", "double-back-jack", "--rules", str(other)], env=ENV)
    assert result.exit_code == 2


def test_hint_gives_basic_strategy() -> None:
    """``--hint``: seed 39's 8d 8h against a 5 is split (a pair of 8s is always split);
    hand 1's bust at 27 takes the Second Chance Wager: declining loses the $5 for sure,
    while taking it loses $10 only on a card under 6 (5 ranks in 13) and otherwise
    leaves 21 (paid at once) or 17-20 against a dealer 5, so taking it is worth more.
    Without a decision due, ``hint`` says so."""
    script = "refuse cut\nhint\nbet 5\ndeal\nsplit\nhit\nhit\nsecond chance\nstand\n"
    out = run(script, 39, "--rounds", "1", "--hint")
    assert "There is no decision to make now." in out
    hints = re.findall(r"^Basic strategy: (.+)\.$", out, re.M)
    assert hints[0] == "split"
    assert "place the Second Chance Wager" in hints
    assert "Final balance: $1,010" in out


ROW = re.compile(r"^│ (\S[^│]*?)\s*│[^│]*│[^│]*│ (\S[^│]*?)\s*│$", re.M)


def listed(out: str) -> set[tuple[str, str]]:
    """(what to type, rule) of every first line of a "You may:" row in ``out``."""
    return set(ROW.findall(out))


def test_the_cut_offer_lists_what_to_type() -> None:
    """673a.5(b), (c)(1): the cut is offered to the first player to arrive. The table
    lists ``cut N`` (673a.5(d): at least ten cards from the top or bottom) and
    ``refuse``, not the round's command name; deal is refused until the player answers
    (673a.5(b)); a cut in non-ASCII digits is refused (673a.5(d)) and the offer stands;
    then cut 60 is taken."""
    out = run("help\ndeal\ncut \uff16\uff10\ncut 60\n", 2, "--rounds", "1")
    assert "RefuseCut" not in out and "┃ Command" not in out
    rows = listed(out)
    assert ("cut N", "673a.5(d)") in rows
    assert ("refuse cut", "673a.5(b); 673a.5(c)") in rows
    refusals = [line for line in out.splitlines() if line.startswith("Refused:")]
    assert refusals[0] == (
        "Refused: the cut is offered to you first: type cut N or refuse cut (673a.5(b))"
    )
    assert refusals[1] == "Refused: cut at a number of cards, not '\uff16\uff10' (673a.5(d))"
    assert "Box 1 cuts 60 cards in" in out


def test_a_bust_lists_second_chance_and_its_decline_and_the_decline_declines() -> None:
    """Seed 39 (the cards of test_split_second_chance_and_a_refused_double): box 1 8d 8h
    against the dealer's 5s, split; hand 1 8d 6s 3c Jd busts at 27. The table offers the
    Second Chance Wager as ``second chance`` ($5, the Blackjack Wager) and declining it as
    ``decline second chance``, both under 673a.7(l) (each its label, by the one rule for
    decisions); the decline declines: hand 1's $5 is lost. Hand 2 takes the
    6h the second chance card would have been: 8h 6h (14), stands; the dealer's 5s Td
    (15) draws 9h, 24, over 21, and hand 2 wins 1 to 1 (673a.7(r)(1)(i)).
    Net: -5 + 5 = $0."""
    script = "refuse cut\nbet 5\ndeal\nsplit\nhit\nhit\ndecline second chance\nstand\n"
    out = run(script, 39, "--rounds", "1")
    assert "second_chance" not in out.split("> decline second chance")[0]
    assert "Decide" not in out
    rows = listed(out)
    assert ("second chance", "673a.7(l)") in rows
    assert ("decline second chance", "673a.7(l)") in rows
    declines = ("second chance", "decline second chance")
    assert not any(cite == "673a.7(i)" and typed in declines for typed, cite in rows)
    assert re.search(r"^│ second chance\s*│[^│]*│ \$5\s*│", out, re.M)
    assert "Unknown command" not in out and "Refused" not in out
    assert f"Hand 2: {said('8h 6h')} (14)" in out
    assert f"Dealer: {said('5s Td 9h')} (total 24)" in out
    assert "Balance: $1,000 (this round $0)" in out
    # The bust's loss is said by its published reading, never croupier's own code (the
    # results table's Rule column showed "interpretations:bust-w…").
    assert "interpretations:" not in out
    assert "our published interpretation" in out


def test_the_decisions_are_listed_as_typed() -> None:
    """Seed 3: dealer Ts up, box 1 Ad 4s. Before the card reader (673a.7(h)) the table
    lists surrender (673a.9(a)) and ``deal`` (the dealer goes on); after ``deal`` it lists
    hit (673a.7(k)), stand (673a.7(i)), surrender and ``double [AMOUNT]`` (673a.10(a));
    each word listed is taken (stand ends the hand)."""
    out = run("refuse cut\nbet 5\ndeal\ndeal\nstand\n", 3, "--rounds", "1")
    rows = listed(out)
    for row in [
        ("bet AMOUNT", "673a.6(d)"),
        ("deal", "673a.7(e)"),
        ("surrender", "673a.9(a)"),
        ("deal", "673a.7(h)"),
        ("hit", "673a.7(k)"),
        ("stand", "673a.7(i)"),
        ("double [AMOUNT]", "673a.10(a)"),
    ]:
        assert row in rows
    assert "Decide" not in out and "PlaceWager" not in out
    assert "Unknown command" not in out and "Refused" not in out
    assert "Card reader: no Blackjack" in out


@pytest.mark.parametrize(
    ("line", "usage"),
    [
        ("bet", "bet [SPOT] AMOUNT"),
        ("bet 5 6", "bet [SPOT] AMOUNT"),
        ("cut", "cut N"),
        ("cut 20 30", "cut N"),
        ("bet insurance 1 2", "bet [SPOT] AMOUNT"),
        ("double 1 2", "double [AMOUNT]"),
        ("hit me", "hit"),
        ("refuse cut now", "refuse cut"),
    ],
)
def test_wrong_arguments_get_the_usage_line(line: str, usage: str) -> None:
    """A command with the wrong number of arguments gets its usage line, not "Unknown
    command"; the round goes on as if it was not typed (seed 3: box 1 Ad 4s (15)
    stands against Ts 8s (18) and loses its $5, 673a.7(r)(3)(ii))."""
    out = run(f"{line}\nrefuse cut\nbet 5\ndeal\ndeal\nstand\n", 3, "--rounds", "1")
    assert f"usage: {usage}\n" in out
    assert "Unknown command" not in out
    assert "Balance: $995 (this round -$5)" in out


def test_a_bet_in_non_ascii_digits_is_refused() -> None:
    """A full-width five is not $5: refused citing 673a.6(d); nothing is wagered."""
    out = run("refuse cut\nbet \uff15\ndeal\n", 3, "--rounds", "1")
    assert "Refused: '\uff15' is not an amount in dollars and cents such as 5 or 2.50" in out
    assert "(673a.6(d))" in out
    assert "no box has a Blackjack Wager" in out
    assert "Final balance: $1,000" in out


def test_cards_are_shown_as_printed_with_soft_totals_and_a_lost_hand_is_said() -> None:
    """Seed 3: dealer 10\u2660 up, box 1 A\u2666 4\u2660 on $5, stands after ``deal``.
    The cards are shown as printed on them with their suits' symbols (as at every card
    table), never as codes (``Ts``); the ace counted 11 makes the total ``soft 15``
    (673a.3(d)(3)); the dealer's 10\u2660 8\u2660 (18) beats 15 and the hand's loss is
    said in a line with its rule (673a.7(r)(3)(ii)), beside the results table."""
    out = run("refuse cut\nbet 5\ndeal\ndeal\nstand\n", 3, "--rounds", "1")
    assert f"Dealer shows {said('Ts')}, hole card face down" in out
    assert f"Hand 1: {said('Ad 4s')} (soft 15)" in out
    assert f"Dealer: {said('Ts 8s')} (total 18)" in out
    assert not re.search(r"\b[2-9TJQKA][cdhs]\b", out)  # no card code anywhere
    lost = re.search(r"^You lose hand 1: -\$5 on the Blackjack Wager \((.*)\)$", out, re.M)
    assert lost is not None, out
    assert lost[1].startswith("your soft 15 against the dealer's 18; 673a.7(r)(3)(ii)")
    assert "Balance: $995 (this round -$5)" in out


def test_the_dealers_soft_total_is_said() -> None:
    """Seed 4: the dealer's 5\u2666 A\u2660 A\u2663 counts one ace 11: a soft 17
    (673a.3(d)(3)), said as such where his hand is complete (673a.7(o))."""
    out = run("refuse cut\n" + "bet 5\ndeal\ndeal\nstand\n" * 8, 4, "--rounds", "8")
    assert f"Dealer: {said('5d As Ac')} (total soft 17) (673a.7(o))" in out


RULES_FILE = ["--rules", "examples/rules/double-back-jack.toml", "--rounds", "1"]


def test_insurance_is_confirmed_and_the_offer_then_shrinks() -> None:
    """Seed 11, cut 40, $25 wager: the dealer shows an ace and the hand is 6 Q. The
    Insurance Wager of $13 (at most half of $25 to the next dollar, 673a.8(b)) is confirmed
    with its amount, spot and balance ($1,000 - $25 - $13 = $962); insurance is no longer
    offered, and the deal row says only the surrender is passed up."""
    out = run("cut 40\nbet 25\ndeal\nbet insurance 13\n", 11, *RULES_FILE)
    after = out.split("> bet insurance 13")[1].split("> ")[0]
    lines = after.strip().splitlines()
    assert lines[0] == "$13 on Insurance (673a.8(b)). Balance: $962", lines[0]
    assert "bet insurance AMOUNT" not in after
    assert lines[1].startswith("The dealer shows an ace or ten-value card: surrender or deal;")
    assert "no Insurance" not in after and "│ deal      │ no surrender:" in after


def test_deal_at_a_second_chance_offer_says_what_to_type() -> None:
    """Same round, no insurance: the player doubles $25 on 16 (confirmed: $1,000 - $25 -
    $25 = $950), draws a king and busts at 26; ``deal`` at the Second Chance offer is
    refused naming what he may type now, with 673a.7(l)."""
    out = run("cut 40\nbet 25\ndeal\ndeal\ndouble\ndeal\n", 11, *RULES_FILE)
    refusal = out.split("> deal")[-1].splitlines()[1]
    assert refusal == (
        "Refused: the dealer deals no further until you decide on hand 1: type second "
        "chance or decline second chance (673a.7(l))"
    ), refusal
    assert "$25 on Double (673a.10(a)). Balance: $950" in out


def test_insurance_amount_refused_with_its_real_command() -> None:
    """673a.8(b): Insurance is typed bet insurance AMOUNT; a refused amount's example is
    that command (the least offered is one cent), not the Blackjack Wager's bet AMOUNT.
    Seed 1 deals the dealer an ace up."""
    out = run("refuse cut\nbet 10\ndeal\nbet insurance 0\n", 1, "--rounds", "1")
    said = out.split("> bet insurance 0\n", 1)[1].splitlines()[0]
    assert said.endswith("e.g. bet insurance 0.01 (673a.8(b))"), said


def test_insurance_with_its_amount_left_out_is_the_most_and_the_offer_says_the_rounding() -> None:
    """A dealer ace (seed 1, cut refused) on a $15 Blackjack Wager: half is $7.50, rounded
    up to a whole $1 chip (docs/interpretations.md, "Insurance to the next chip",
    673a.8(b)) allows $8; the offer says the rounding, and ``bet insurance`` with no amount
    takes the most, as ``double`` does (README): $15 + $8 left the $1,000."""
    out = run("refuse cut\nbet 15\ndeal\nbet insurance\nshow\nquit\n", 1)
    offer = out.split("> bet insurance\n")[0]
    cells = [row.split("│") for row in offer.splitlines() if row.startswith("│")]
    words = " ".join(" ".join(row[2].split()) for row in cells if len(row) > 2)
    assert "rounded up to a whole $1 chip" in words
    told = out.split("> bet insurance\n", 1)[1].split("\n> ", 1)[0]
    assert "needs an amount" not in told
    assert "$8 on Insurance" in told
    assert "Balance: $977" in told


def test_show_after_a_split_and_a_double_names_each_wagers_hand() -> None:
    """Seed 39 (as above): 8d 8h split (673a.11(a)), $5 on each hand; hand 1 (8d 6s)
    doubled for $5 (673a.10(a)): show lists three $5 wagers, $1,000 - $15 = $985, each
    with its hand, the Double too, for a split box has two hands."""
    out = run("refuse cut\nbet 5\ndeal\nsplit\ndouble\nshow\nquit\n", 39, "--rounds", "1")
    assert out.split("> double\n", 1)[1].startswith("$5 on Double (hand 1) (673a.10(a)).")
    said = out.split("> show\n", 1)[1].splitlines()[0]
    assert said == (
        "Your wagers in play: Blackjack (hand 1) $5, Blackjack (hand 2) $5, "
        "Double (hand 1) $5. Balance $985."
    )
