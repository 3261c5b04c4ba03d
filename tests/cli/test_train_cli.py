"""`croupier train GAME` driven by typed input, and `croupier train report` (issue #35):
answers judged by the engine with the section, the session stored in the training record
(SQLite and PostgreSQL), exported as CSV and as a printable page."""

from __future__ import annotations

import csv
import io
import re
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from croupier.citations import shown
from croupier.cli import app as cli
from croupier.money import format_cents
from croupier.registry import GAMES, find
from croupier.rng import SeededRng
from croupier.training.drill import PayoutDrill
from croupier.training.situation import Level

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
runner = CliRunner()


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database: a SQLite file, or a PostgreSQL schema of its own."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'training.sqlite'}"
        return
    schema = f"t_{secrets.token_hex(6)}"
    try:
        admin = create_engine(POSTGRES)
        with admin.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as error:
        pytest.skip(f"no PostgreSQL at {POSTGRES}: {error}")
    try:
        yield f"{POSTGRES}?options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def expected_answers(game: str, seed: int, level: int, items: int) -> list[list[int]]:
    """What each wager of the first ``items`` situations pays, dealt as the command
    deals them with ``--seed``."""
    drill = PayoutDrill(game, level=Level(level), seed=seed, rng=SeededRng(seed))
    return [[p.pays for p in drill.deal().payouts] for _ in range(items)]


def test_a_session_driven_by_input_is_judged_scored_and_recorded(db: str, tmp_path: Path) -> None:
    answers = expected_answers("craps", seed=4, level=1, items=2)
    typed = [f"{cents / 100:.2f}" for cents in answers[0]]  # the first item right
    typed += [f"{(cents + 100) / 100:.2f}" for cents in answers[1]]  # the second wrong
    given = "\n".join(["fourteen", *typed]) + "\n"
    args = ["train", "craps", "--level", "1", "--items", "2", "--seed", "4"]
    result = runner.invoke(cli, [*args, "--trainee", "ann", "--db", db], input=given)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "is not an amount in dollars and cents" in out  # asked again, not recorded
    assert out.count("Right:") == len(answers[0])
    assert out.count("Wrong:") == len(answers[1])
    assert "(inferred))" in out  # a wrong answer names its section, marked as inferred
    total = len(answers[0]) + len(answers[1])
    assert f"Score: {len(answers[0])} of {total} right" in out
    assert f"{total} answers of ann" in out

    report = runner.invoke(cli, ["train", "report", "--db", db])
    assert report.exit_code == 0, report.output
    assert f"ann | craps | payouts | 1 | {len(answers[0])} of {total}" in report.output

    exported = tmp_path / "record.csv"
    page = tmp_path / "record.html"
    result = runner.invoke(
        cli, ["train", "report", "--db", db, "--csv", str(exported), "--html", str(page)]
    )
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(exported.read_text())))
    assert len(rows) == total
    assert [row["right"] for row in rows] == ["yes"] * len(answers[0]) + ["no"] * len(answers[1])
    assert {row["trainee"] for row in rows} == {"ann"}
    assert all(row["section"].startswith("623a.") for row in rows)
    first = rows[0]
    assert first["expected"] == first["given"]
    html = page.read_text()
    assert "Dealer training record" in html and "ann" in html and "<table>" in html


def test_stopping_early_records_what_was_answered(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'training.sqlite'}"
    answers = expected_answers("sic-bo", seed=2, level=2, items=1)
    typed = f"{answers[0][0] / 100:.2f}\nq\n"
    args = ["train", "sic-bo", "--level", "2", "--seed", "2", "--trainee", "bo", "--db", db]
    result = runner.invoke(cli, args, input=typed)
    assert result.exit_code == 0, result.output
    assert "1 answers of bo" in result.output or "Recorded" in result.output
    report = runner.invoke(cli, ["train", "report", "--db", db, "--trainee", "bo"])
    assert "bo | sic-bo | payouts | 1 | 1 of 1" in report.output


def test_nothing_answered_records_nothing(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'training.sqlite'}"
    result = runner.invoke(cli, ["train", "high-roll-dice", "--db", db], input="q\n")
    assert result.exit_code == 0 and "nothing recorded" in result.output
    report = runner.invoke(cli, ["train", "report", "--db", db])
    assert report.exit_code == 2 and "no database at" in report.output  # none was made


def test_an_unknown_game_and_an_unknown_drill_are_refused_in_words() -> None:
    result = runner.invoke(cli, ["train", "roulette"])
    assert result.exit_code == 2 and "unknown game 'roulette'" in result.output
    result = runner.invoke(cli, ["train", "sic-bo", "--drill", "dealing", "--no-record"])
    assert result.exit_code == 2 and "payouts" in result.output


def paying_seed(game: str, level: int) -> int:
    """The first seed from 9 whose second situation (as the command deals them) has a
    wager that pays, so that a wrong answer's correction shows an amount."""
    for seed in range(9, 109):
        drill = PayoutDrill(game, level=Level(level), seed=seed, rng=SeededRng(seed))
        drill.deal()
        if any(p.pays for p in drill.deal().payouts):
            return seed
    raise AssertionError(f"no seed from 9 to 108 deals {game} a paying second situation")


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_runs_in_the_terminal(game: str) -> None:
    seed = paying_seed(game, 3)
    drill = PayoutDrill(game, level=Level(3), seed=seed, rng=SeededRng(seed))
    first, second = drill.deal(), drill.deal()
    wrong = next(i for i, p in enumerate(second.payouts) if p.pays)
    typed: list[str] = []
    for item, off in ((first, -1), (second, wrong)):  # the first item right, one wrong
        pays = [p.pays for p in item.payouts]
        typed += [f"{(c + 100 * (i == off)) / 100:.2f}" for i, c in enumerate(pays)]
        if len(pays) > 1:
            typed.append(f"{sum(pays) / 100:.2f}")  # the total, asked at level 3
    args = ["train", game, "--level", "3", "--items", "2", "--seed", str(seed), "--no-record"]
    result = runner.invoke(cli, args, input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Wrong") == 1, result.output
    missed = second.payouts[wrong]
    corrected = next(line for line in result.output.splitlines() if "Wrong" in line)
    assert f"Wrong: {missed.wager}" in corrected, corrected
    paid, said = format_cents(missed.pays), format_cents(missed.pays + 100)
    assert f"it pays {paid}, not {said}" in corrected and shown(missed.cite) in corrected
    assert re.search(r"\b\d{3}a\.\d+", corrected), corrected
    assert f"Score: {len(typed) - 1} of {len(typed)} right" in result.output
    assert find(game).title in result.output


def test_the_house_way_drill_in_the_terminal(tmp_path: Path) -> None:
    from croupier.training.drill import SettingDrill

    drill = SettingDrill("pai-gow", seed=3, rng=SeededRng(3))
    first = drill.deal()
    second = drill.deal()
    wrong = " ".join(second.second)  # the low hand named as the high one
    given = f"6-6\n{' '.join(first.first)}\n{wrong}\n"
    db = f"sqlite:///{tmp_path / 'training.sqlite'}"
    args = ["train", "pai-gow", "--drill", "house-way", "--items", "2", "--seed", "3"]
    result = runner.invoke(cli, [*args, "--trainee", "cy", "--db", db], input=given)
    assert result.exit_code == 0, result.output
    assert "name the 2 tiles of the high hand" in result.output
    assert "Right: the high hand" in result.output
    assert "Wrong: the house way sets" in result.output and "621a.10(d)" in result.output
    assert "Score: 1 of 2 right" in result.output
    exported = tmp_path / "record.csv"
    runner.invoke(cli, ["train", "report", "--db", db, "--csv", str(exported)])
    rows = list(csv.DictReader(io.StringIO(exported.read_text())))
    assert [(r["drill"], r["right"]) for r in rows] == [("house-way", "yes"), ("house-way", "no")]
    assert rows[1]["given"] == wrong and rows[1]["section"].startswith("621a.10(d)")


def test_a_game_without_a_house_way_says_which_drills_it_has() -> None:
    result = runner.invoke(cli, ["train", "craps", "--drill", "house-way", "--no-record"])
    assert result.exit_code == 2 and "Craps has no house-way drill" in result.output


@pytest.mark.parametrize("game", list(GAMES))
def test_the_procedure_drill_in_the_terminal(game: str, tmp_path: Path) -> None:
    from croupier.training.procedure import ProcedureDrill, step_name

    drill = ProcedureDrill(game, seed=6)
    choices = drill.choices()
    due = step_name(drill.steps[0])
    refused = next(  # a step the round refuses first, tried on a round of the same seed
        (name, verdict)
        for name in choices
        if name != due and not (verdict := ProcedureDrill(game, seed=6).take(name)).right
    )
    order = [str(choices.index(step_name(step)) + 1) for step in drill.steps]
    typed = [str(choices.index(refused[0]) + 1), "x", *order]  # refused, then in order
    db = f"sqlite:///{tmp_path / 'training.sqlite'}"
    args = ["train", game, "--drill", "procedure", "--seed", "6", "--trainee", "di"]
    result = runner.invoke(cli, [*args, "--db", db], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    corrected = next(line for line in result.output.splitlines() if "Refused:" in line)
    assert f"Refused: {refused[0]}:" in corrected and f"The step due: {due}." in corrected
    assert shown(refused[1].cite) in corrected and re.search(r"\b\d{3}a\.\d+", corrected)
    assert "type a step's number" in result.output
    assert "The round is over." in result.output
    total = len(order) + 1
    assert f"Score: {len(order)} of {total} right" in result.output
    report = runner.invoke(cli, ["train", "report", "--db", db])
    assert f"di | {game} | procedure | 1 | {len(order)} of {total}" in report.output


def test_a_rules_file_that_is_not_there_is_refused_before_the_drill(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    result = runner.invoke(cli, ["train", "craps", "--rules", str(missing), "--no-record"])
    assert result.exit_code == 2
    assert "does not exist" in result.output
    assert "Traceback" not in result.output


def test_a_record_that_cannot_be_kept_is_said_before_the_first_item(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/no/such/folder/x.sqlite"
    result = runner.invoke(cli, ["train", "craps", "--db", url], input="1\n")
    assert result.exit_code == 2
    assert "cannot open the database" in result.output
    assert "payout drill" not in result.output  # no item was dealt
    assert "sqlalche.me" not in result.output


@pytest.mark.parametrize("game", list(GAMES))
def test_the_irregularity_drill_in_the_terminal(game: str, tmp_path: Path) -> None:
    from croupier.training.irregularity import IrregularityDrill

    drill = IrregularityDrill(game, seed=5, rng=SeededRng(5))
    first, second = drill.deal(), drill.deal()
    right = str(first.choices.index(first.expected) + 1)
    wrong = next(str(i) for i, r in enumerate(second.choices, 1) if r is not second.expected)
    db = f"sqlite:///{tmp_path / 'training.sqlite'}"
    args = ["train", game, "--drill", "irregularities", "--items", "2", "--seed", "5"]
    typed = f"none\n{right}\n{wrong}\n"
    result = runner.invoke(cli, [*args, "--trainee", "di", "--db", db], input=typed)
    assert result.exit_code == 0, result.output
    assert "is none of the remedies offered" in result.output  # asked again
    assert f"Right: {first.expected.words}" in result.output
    assert f"Wrong: {second.expected.words}" in result.output
    assert f"\u201c{second.quote}\u201d" in result.output
    assert "Score: 1 of 2 right" in result.output
    report = runner.invoke(cli, ["train", "report", "--db", db])
    assert f"di | {game} | irregularities | 1 | 1 of 2" in report.output


def test_the_supervisor_sees_each_trainees_sessions_over_time(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from sqlalchemy.orm import Session

    from croupier.ledger.db import make_engine, upgrade
    from croupier.ledger.training import Answer, record

    db = f"sqlite:///{tmp_path / 'training.sqlite'}"
    engine = make_engine(db)
    upgrade(engine)

    def answers(right: int, wrong: int, seconds: float) -> list[Answer]:
        marks = [True] * right + [False] * wrong
        return [Answer(i, "q", "$1", "$1", r, seconds, "675a.5(a)") for i, r in enumerate(marks)]

    with Session(engine) as session, session.begin():  # out of order: March, then January
        for month, right, wrong, pace in ((3, 9, 1, 2.0), (1, 2, 2, 6.0)):
            at = datetime(2026, month, 2, 9, 30, tzinfo=UTC)
            record(
                session,
                trainee="eve",
                game="high-roll-dice",
                drill="payouts",
                level=1,
                answers=answers(right, wrong, pace),
                at=at,
            )
    engine.dispose()
    out = runner.invoke(cli, ["train", "report", "--db", db, "--sessions"]).output
    assert "eve | high-roll-dice | payouts | 2 | 11 of 14 | 79% | 3.1" in out  # 11/14, 44/14 s
    january = "eve | high-roll-dice | payouts | 2026-01-02 09:30 UTC | 1 | 2 of 4 | 50% | 6.0"
    march = "eve | high-roll-dice | payouts | 2026-03-02 09:30 UTC | 1 | 9 of 10 | 90% | 2.0"
    assert january in out and march in out and out.index(january) < out.index(march)
    page = tmp_path / "record.html"
    runner.invoke(cli, ["train", "report", "--db", db, "--html", str(page)])
    assert "Sessions over time" in page.read_text() and "90%" in page.read_text()


def test_the_help_lists_every_drill() -> None:
    """``croupier train --help`` names each drill the terminal runs, the irregularities
    drill among them."""
    from croupier.cli.train import Drill

    shown_ = runner.invoke(cli, ["train", "--help"], terminal_width=100)
    assert shown_.exit_code == 0, shown_.output
    said = " ".join(re.sub(r"[│╭╮╰╯─]", " ", shown_.output).split())
    for drill in Drill:
        assert drill.value in said, (drill.value, said)
