"""The browser's sentences (``static/js/words.js``) run under node, as the page runs them:
what a command the player sent did, said as a sentence (no "Fold: done."), a decision
in the game's words served with its table."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from croupier.registry import find

NODE = shutil.which("node")
WORDS = Path(__file__).parents[1] / "src" / "croupier" / "server" / "static" / "js" / "words.js"


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_a_command_without_an_amount_or_a_choice_is_said_as_a_sentence() -> None:
    assert NODE is not None
    # The game's words come with its table (GameSpec.words), as the page is given them.
    served = json.dumps({"words": dict(find("double-back-jack").words)})
    script = (
        f"import {{ saidCommand, useWords }} from {json.dumps(WORDS.as_uri())};"
        f"useWords({served});"
        "const label = (s) => s;"
        "console.log(JSON.stringify(["
        "saidCommand({type: 'Fold', seat: 1}, label, 'Fold'),"
        "saidCommand({type: 'PlaceWager', seat: 1, spot: 'Front 9', amount: 1000}, label, 'Bet'),"
        "saidCommand({type: 'Decide', seat: 1, decision: 'second_chance'}, label, 'Decide'),"
        "]));"
    )
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(out.stdout) == [
        "You chose Fold.",
        "You placed $10.00 on Front 9.",
        "You chose Second Chance.",
    ]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_amounts_said_are_those_the_offer_types_as_amounts() -> None:
    """Money fields are read from the command's offer (``kind: "amount"``), not from
    their names (words.js named Criss-Cross Poker's antes and Pai Gow's chips): a cut's
    position is no money."""
    assert NODE is not None
    script = (
        f"import {{ saidCommand }} from {json.dumps(WORDS.as_uri())};"
        "const label = (s) => ({ante_across: 'Ante Across', ante_down: 'Ante Down'})[s] || s;"
        "console.log(JSON.stringify(["
        "saidCommand({type: 'PlaceAntes', seat: 1, ante_across: 1000, ante_down: 1000},"
        " label, 'Place antes', ['ante_across', 'ante_down']),"
        "saidCommand({type: 'AcceptCut', seat: 1, position: 37}, label, 'Accept cut', []),"
        "]));"
    )
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(out.stdout) == [
        "Place antes: Ante Across $10.00, Ante Down $10.00.",
        "You chose Accept cut.",
    ]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_header_says_the_round_by_its_number_and_the_phase_in_words() -> None:
    """Double Back Jack's header: the round by its number at the table (its id is
    ``<table>-<number>``), the phase in words ("players' turns", not "play"), the status
    once where the phase is the status (Sic Bo's words: no "(completed, completed)")."""
    assert NODE is not None
    served = json.dumps({"words": dict(find("double-back-jack").words)})
    script = (
        f"import {{ roundHeader, useWords }} from {json.dumps(WORDS.as_uri())};"
        f"useWords({served});"
        "console.log(JSON.stringify(["
        "roundHeader('dbj-main-3', 'open', 'play'),"
        "roundHeader('dbj-main-3', 'open', 'reader'),"
        "roundHeader('dbj-main-12', 'completed', 'completed'),"
        "roundHeader(null, null, null),"
        "]));"
    )
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(out.stdout) == [
        "Round 3 (open, players' turns)",
        "Round 3 (open, the card reader)",
        "Round 12 (completed)",
        "no round yet",
    ]
