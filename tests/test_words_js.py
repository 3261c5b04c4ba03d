"""The browser's sentences (``static/js/words.js``) run under node, as the page runs them:
what a command the player sent did, said as a sentence (no "Fold: done."), a decision
in the game's words served with its table."""

from __future__ import annotations

import json

from croupier.registry import find
from node_support import imports, needs_node, run_node


@needs_node
def test_a_command_without_an_amount_or_a_choice_is_said_as_a_sentence() -> None:
    # The game's words come with its table (GameSpec.words), as the page is given them.
    served = json.dumps({"words": dict(find("double-back-jack").words)})
    script = (
        imports("words.js", "saidCommand", "useWords") + f"useWords({served});"
        "const label = (s) => s;"
        "console.log(JSON.stringify(["
        "saidCommand({type: 'Fold', seat: 1}, label, 'Fold'),"
        "saidCommand({type: 'PlaceWager', seat: 1, spot: 'Front 9', amount: 1000}, label, 'Bet'),"
        "saidCommand({type: 'Decide', seat: 1, decision: 'second_chance'}, label, 'Decide'),"
        "]));"
    )
    assert run_node(script) == [
        "You chose Fold.",
        "You placed $10.00 on Front 9.",
        "You chose Second Chance.",
    ]


@needs_node
def test_the_amounts_said_are_those_the_offer_types_as_amounts() -> None:
    """Money fields are read from the command's offer (``kind: "amount"``), not from
    their names (words.js named Criss-Cross Poker's antes and Pai Gow's chips): a cut's
    position is no money."""
    script = (
        imports("words.js", "saidCommand")
        + "const label = (s) => ({ante_across: 'Ante Across', ante_down: 'Ante Down'})[s] || s;"
        "console.log(JSON.stringify(["
        "saidCommand({type: 'PlaceAntes', seat: 1, ante_across: 1000, ante_down: 1000},"
        " label, 'Place antes', ['ante_across', 'ante_down']),"
        "saidCommand({type: 'AcceptCut', seat: 1, position: 37}, label, 'Accept cut', []),"
        "]));"
    )
    assert run_node(script) == [
        "Place antes: Ante Across $10.00, Ante Down $10.00.",
        "You chose Accept cut.",
    ]


@needs_node
def test_the_header_says_the_round_by_its_number_and_the_phase_in_words() -> None:
    """Double Back Jack's header: the round by its number at the table (its id is
    ``<table>-<number>``), the phase in words ("players' turns", not "play"), the status
    once where the phase is the status (Sic Bo's words: no "(completed, completed)")."""
    served = json.dumps({"words": dict(find("double-back-jack").words)})
    script = (
        imports("words.js", "roundHeader", "useWords") + f"useWords({served});"
        "console.log(JSON.stringify(["
        "roundHeader('dbj-main-3', 'open', 'play'),"
        "roundHeader('dbj-main-3', 'open', 'reader'),"
        "roundHeader('dbj-main-12', 'completed', 'completed'),"
        "roundHeader(null, null, null),"
        "]));"
    )
    assert run_node(script) == [
        "Round 3 (open, players' turns)",
        "Round 3 (open, the card reader)",
        "Round 12 (completed)",
        "no round yet",
    ]


@needs_node
def test_a_table_closed_for_play_says_why_where_no_round_is_open() -> None:
    """Issue #34: where no round may be opened (a failed self-check), the view's
    ``betting_held`` is the line that says who acts: the page says why nothing can be done;
    a view with nothing held and no round open says nothing there, as before."""
    closed = "This table is closed for play until the operator's check passes."
    script = (
        imports("words.js", "whoActs") + "console.log(JSON.stringify(["
        f"whoActs({{round_status: null, betting_held: {json.dumps(closed)}}}, 2),"
        "whoActs({round_status: 'completed', betting_held: ''}, 2),"
        "]));"
    )
    assert run_node(script) == [closed, None]


@needs_node
def test_a_player_seated_since_the_round_opened_is_not_told_betting_is_open() -> None:
    """The fresh player's report: bo sat down after ann's Field wager opened the round, and
    his status said "Betting is open" though he may bet only from the next round. A seated
    player whose name is not among the round's seats (``sat_in_round`` false) is told when
    he plays; one who was seated, and a spectator, still read that betting is open."""
    betting = (
        "{round_status: 'open', view: {phase: 'betting'}, waiting_for: [1], "
        "betting_held: '', sat_in_round: %s}"
    )
    script = (
        imports("words.js", "whoActs") + "console.log(JSON.stringify(["
        f"whoActs({betting % 'false'}, 2),"
        f"whoActs({betting % 'true'}, 1),"
        f"whoActs({betting % 'false'}, null),"
        "]));"
    )
    assert run_node(script) == [
        "You sat down after this round opened: you play from the next round, which opens "
        "when this one ends.",
        "Betting is open: place your wagers.",
        "Betting is open.",
    ]
