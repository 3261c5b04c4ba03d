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


@needs_node
def test_undo_names_the_whole_wager_it_takes_down() -> None:
    """Issue #34: the server takes a wager down whole. Go Fore It: $5 and $5 on the Front 9,
    then Double ($10 more): the spot holds $20 and Undo takes down $20, so it says $20.
    Criss-Cross Poker's Antes go back together (674a.7(d)): $10 each, $20 in all, both named."""
    label = "const label = (s) => ({front_9: 'Front 9', ante_across: 'Ante Across',"
    label += " ante_down: 'Ante Down'})[s];"
    together = json.dumps([["ante_across", "ante_down"]])
    script = (
        imports("words.js", "takeDownWords") + label + "console.log(JSON.stringify(["
        "takeDownWords('front_9', {front_9: 500 + 500 + 1000}, [], label),"
        f"takeDownWords('ante_down', {{ante_across: 1000, ante_down: 1000}}, {together}, label),"
        "]));"
    )
    front, antes = run_node(script)
    assert front["undo"] == "Undo: take down the $20.00 on Front 9"
    assert front["said"] == "$20.00 taken down from Front 9."
    assert antes["undo"] == "Undo: take down the $20.00 on Ante Across and Ante Down"
    assert antes["said"] == "$20.00 taken down from Ante Across and Ante Down."
    assert antes["spots"] == ["ante_across", "ante_down"]


@needs_node
def test_a_seated_player_with_no_round_open_is_told_the_betting_is_open() -> None:
    """Issue #34: sat at a table with no round open, offered wagers, the player sees no
    countdown (the betting time starts with the first wager): the line says so, with the
    table's betting time; a spectator, or a player offered nothing, is told nothing."""
    offered = "{round_status: null, legal_commands: [{command: 'PlaceWager'}]}"
    script = (
        imports("words.js", "whoActs") + "console.log(JSON.stringify(["
        f"whoActs({offered}, 1, false, 60),"
        f"whoActs({offered}, 1, false, null),"
        f"whoActs({offered}, null, false, 60),"
        "whoActs({round_status: 'completed', legal_commands: []}, 1, false, 60),"
        f"whoActs({offered}, 1, true, 60),"
        "]));"
    )
    assert run_node(script) == [
        "Betting is open: the betting time (60 s) starts with the first wager.",
        "Betting is open: place your wagers.",
        None,
        None,
        None,
    ]


@needs_node
def test_a_void_by_timeout_claims_no_reason_it_cannot_know() -> None:
    """A fresh player's report: at Craps ann's $5 Field opened the round, nobody held a
    Pass or Don't Pass wager, and when the betting time ran out the round was voided
    (623a.10); the page said "as nobody wagered", though she had, and got her $5 back.
    A void by timeout says what it does, for every reason it is taken: the wagers come
    back."""
    deadline = json.dumps({"kind": "betting", "timeout": [{"command": "VoidRound", "seat": None}]})
    script = (
        imports("words.js", "timeoutSentence") + "console.log(JSON.stringify(["
        f"timeoutSentence({deadline}, 1), timeoutSentence({deadline}, 1, true)"
        "]));"
    )
    assert run_node(script) == [
        "When the time runs out, the round is void and every wager on it comes back.",
        "Time ran out: the round was voided and every wager on it came back.",
    ]


@needs_node
def test_a_seat_message_goes_once_the_table_closes_or_reopens() -> None:
    """A fresh player's two defects (GLI-19 2.4.1): sat at a table the operator disabled,
    "You sit at seat 2, but this table is closed for play" stayed once it was enabled
    again; sat at an open table, "You sit at seat 1: place your wagers." stayed once it
    was disabled. The message no longer holds where the seated player's view, with no
    round open, says otherwise (its ``betting_held``); a view from before he sat (no
    seat yet) or in a round says nothing of whether a round may open."""
    held = "This table is closed for play by the operator: a spill."
    views = [
        {"actor": 2, "round_status": None, "betting_held": ""},  # enabled again
        {"actor": 1, "round_status": "completed", "betting_held": held},  # disabled
        {"actor": 1, "round_status": "completed", "betting_held": ""},  # still open
        {"actor": 2, "round_status": None, "betting_held": held},  # still closed
        {"actor": None, "round_status": None, "betting_held": ""},  # before he sat
        {"actor": 1, "round_status": "open", "betting_held": held},  # in a round
    ]
    script = (
        imports("words.js", "seatMessageStale") + "console.log(JSON.stringify(["
        "seatMessageStale(true, input[0]), seatMessageStale(false, input[1]),"
        "seatMessageStale(false, input[2]), seatMessageStale(true, input[3]),"
        "seatMessageStale(true, input[4]), seatMessageStale(false, input[5]),"
        "seatMessageStale(false, null)]));"
    )
    assert run_node(script, views) == [True, True, False, False, False, False, False]


@needs_node
def test_the_last_round_before_a_table_closes_is_said_after_who_acts() -> None:
    """A round under way when the table was closed for play is played out: the line that
    says who acts says, after it, the server's words that it is the last before the table
    closes (the view's ``last_round``); no such words, nothing more said."""
    last = "This round is the last before the table closes: a test."
    script = (
        imports("words.js", "whoActs") + "console.log(JSON.stringify(["
        "whoActs({round_status: 'open', view: {phase: 'betting'}, waiting_for: [2],"
        f" last_round: {json.dumps(last)}}}, 2),"
        "whoActs({round_status: 'open', view: {}, waiting_for: [], last_round: ''}, 2),"
        "]));"
    )
    assert run_node(script) == [f"Betting is open: place your wagers. {last}", "The dealer acts."]


@needs_node
def test_the_lobby_says_what_a_return_is_on_mid_sentence() -> None:
    """A fresh player's report: the lobby read "on The whole game per initial Blackjack
    Wager" with a capital T; a wager's own name keeps its capitals."""
    script = (
        imports("words.js", "afterOn") + "console.log(JSON.stringify(["
        "afterOn('The whole game per initial Blackjack Wager'), afterOn('Pass Line'),"
        "afterOn('A Pair Plus wager')]));"
    )
    assert run_node(script) == [
        "the whole game per initial Blackjack Wager",
        "Pass Line",
        "a Pair Plus wager",
    ]
