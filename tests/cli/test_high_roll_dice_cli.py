"""`croupier play high-roll-dice` driven by its input: what a wrong line is told."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "120", "FORCE_COLOR": None, "NO_COLOR": "1"}


def play(script: str) -> str:
    result = CliRunner().invoke(
        app, ["play", "high-roll-dice", "--seed", "3", "--rounds", "1"], input=script, env=ENV
    )
    assert result.exit_code == 0, result.output
    return result.output


def answer(out: str, line: str) -> str:
    """What the table printed after ``line`` was typed, up to the next prompt."""
    return out.split(f"> {line}\n", 1)[1].split("\n> ", 1)[0]


def test_a_negative_amount_is_refused_before_the_spot_it_names() -> None:
    """-$5 on a spot already bet is refused for the amount (no wager is ever less than
    a cent), not for the wager already on the spot; the balance is $995 after $5."""
    out = play("bet pip street six 5\nbet pip street six -5\n")
    told = answer(out, "bet pip street six -5")
    assert told == (
        "Refused: a wager must be more than zero, not -$5: an amount is a positive number of "
        "dollars (cents may be given, as in 12.50), e.g. bet Pip Street two 5 (675a.2(e))"
    )
    assert "already has a wager" not in told
    assert "Balance: $995" in out


def test_a_spot_not_on_the_layout_is_named_with_the_spots_that_are() -> None:
    """The ten-dice layout has no spot "millionaire row" (its circles are 9 and 10):
    the refusal says so and names the spots open now (before a Pip Street Wager, the Pip
    Street spots, 675a.2(e)(1)) in the layout's words, not a bare usage line."""
    told = answer(play("bet millionaire row 1\n"), "bet millionaire row 1")
    assert "there is no spot 'millionaire row' on this layout" in told
    for spot in ("Pip Street ace", "Pip Street two", "Pip Street six"):
        assert spot in told
    assert "usage:" not in told


def test_a_spot_with_two_amounts_still_gets_the_usage_line() -> None:
    told = answer(play("bet pip street ace 5 6\n"), "bet pip street ace 5 6")
    assert told == "usage: bet SPOT AMOUNT"


def test_a_fraction_of_a_cent_is_refused_as_such() -> None:
    told = answer(play("bet pip street ace 5.555\n"), "bet pip street ace 5.555")
    assert "'5.555' is not an amount in whole cents: it has a fraction of a cent" in told
    assert "(675a.2(e))" in told


def test_remove_is_refused_in_words_and_help_says_so() -> None:
    """675a provides no taking down of a wager: ``remove`` is refused citing 675a.2(e),
    the wager stays (settled with the roll), and help says removal is not allowed here."""
    out = play("help\nbet pip street six 5\nbet like kind 3 5\nremove like kind 3\n")
    told = answer(out, "remove like kind 3")
    assert "Refused: a wager may not be removed" in told and "(675a.2(e))" in told
    assert "Unknown command" not in out
    assert "A wager placed may not be removed here" in " ".join(out.split())
    assert "│ Like Kind 3 " in out  # settled in the round's results: never taken down


def test_round_ids_are_of_one_form_at_every_terminal_table() -> None:
    """High Roll Dice numbers its rounds as Pai Gow does (tests/cli/test_pai_gow_cli.py)."""
    assert "Round r0001" in play("")


def test_a_one_word_spot_not_on_the_layout_lists_only_the_spots_open_now() -> None:
    """``bet foo 5`` names no spot: the refusal lists the spots the round offers now, in
    the layout's words (before a Pip Street Wager the Pip Street spots), under the
    layout's rule (675a.2(e)); not every spot of the layout (Like Kind Boulevard is not
    open yet), and not in the API's words (how the spots are "sent")."""
    told = " ".join(answer(play("bet foo 5\n"), "bet foo 5").split())
    assert told.startswith("Refused: there is no spot 'foo' on this layout")
    assert told.endswith(
        "the spots you may bet on now, as the layout names them: Pip Street two, Pip Street "
        "three, Pip Street four, Pip Street five, Pip Street six, Pip Street ace (675a.2(e))"
    )
    assert "Like Kind" not in told and "sent" not in told and "offers" not in told


def test_a_spot_whose_name_ends_in_a_number_with_no_amount_asks_for_one() -> None:
    """``bet like kind 4`` is the Like Kind 4 spot with no amount (not $4 on "like kind"):
    said so, with an example of the least amount it takes; nothing is wagered."""
    out = play("bet like kind 4\n")
    told = " ".join(answer(out, "bet like kind 4").split())
    assert "needs an amount" in told


def test_a_spot_of_one_legal_amount_takes_it_when_left_out() -> None:
    """675a.1(b)(2)(iv): once a $5 Pip Street Wager is down, a Like Kind Wager and an
    Extra Roll must equal it, so ``bet like kind 4`` and ``bet extra roll`` with no amount
    are $5 each (README: an offer of exactly one legal amount takes it): $15 in all."""
    out = play("bet pip street six 5\nbet like kind 4\nbet extra roll\nshow\n")
    for line in ("bet like kind 4", "bet extra roll"):
        told = answer(out, line)
        assert "needs an amount" not in told and "Refused" not in told
        assert "$5" in told
    assert answer(out, "show").splitlines()[0].endswith("Balance $985.")


def test_show_lists_the_extra_roll_bought() -> None:
    """show lists every wager down, the Extra Roll bought with them (675a.4(a)): $5 Pip
    Street ace, $5 Like Kind 4, $5 Extra Roll, $1 Millionaire Row 10 = $16, exactly what
    left the $1,000 balance."""
    script = (
        "bet pip street ace 5\nbet like kind 4 5\nbet extra roll 5\n"
        "bet millionaire row 10 1\nshow\n"
    )
    said = answer(play(script), "show").splitlines()[0]
    listed = dict(re.findall(r"(?:: |, )([A-Z][\w ]+?) \$(\d+)", said))
    assert listed == {
        "Pip Street ace": "5",
        "Like Kind 4": "5",
        "Millionaire Row 10": "1",
        "Extra Roll": "5",
    }
    assert sum(int(v) for v in listed.values()) == 16
    assert said.endswith("Balance $984.")


def test_a_fraction_of_a_cent_paid_down_is_said_on_the_win_line() -> None:
    """Seed 2 calls three threes: Like Kind 3 of $5.01 at 3 to 5 is 501 x 3 / 5 = 300.6
    cents, $3.006; it is paid $3, the fraction rounded down (docs/interpretations.md,
    "Rounding — 675a.5"), and the win line says so."""
    kinds = "".join(f"bet like kind {n} 5.01\n" for n in range(3, 8))
    result = CliRunner().invoke(
        app,
        ["play", "high-roll-dice", "--seed", "2", "--rounds", "1"],
        input=f"bet pip street ace 5.01\n{kinds}roll\n",
        env={**ENV, "COLUMNS": "300"},
    )
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if line.startswith("│ Like Kind 3 "))
    assert "+$3 (3 to 5 on $5.01 is $3.006: the fraction of a cent is paid down" in row
    assert "docs/interpretations.md" in row and "675a.5" in row
