"""`croupier train GAME` and `croupier train report`: dealer training in the terminal
(issue #35; :mod:`croupier.training`).

- ``train GAME [--drill payouts] [--level N] [--items N] [--trainee NAME] [--db]
  [--no-record] [--seed S]``: a payout drill, keyboard-first. Each situation is shown
  (the dice, cards or tiles and the wagers); the trainee types what each wager pays in
  dollars (0 for nothing), and at level 3 the total; each answer is judged by the
  engine's settlement, a wrong one corrected with the amount and the section. ``q`` (or
  the end of the input) stops; the score and the clock are shown after every item, and
  the session is stored in the database's training record.
- ``train GAME --drill house-way``: the dealer's tiles set by the trainee (the tiles of
  the high hand), judged against the house way, the right setting shown with its rule
  (a game whose training module has one: Pai Gow).
- ``train GAME --drill irregularities``: something goes wrong at the table (a card found
  face up, a die off the table, a tile exposed); the trainee types the number of the
  remedy the rule requires, judged by the engine's own handling of that irregularity, a
  wrong answer corrected with the section quoted.
- ``train GAME --drill procedure``: the dealer's steps of a round, taken in order by
  number; a step out of order is refused by the round with its section.
- ``train report [--db] [--trainee NAME] [--sessions] [--csv FILE] [--html FILE]``: the
  supervisor's view (progress by trainee, game and drill; with ``--sessions`` each session
  in the order taken, its accuracy and pace: progress over time); ``--csv`` every answer
  as CSV, ``--html`` a printable page.

Nothing here names a game: the game is found in the registry, its situations come from
its own package.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from croupier.cli.server import Db, fail
from croupier.ledger.db import DEFAULT_URL

if TYPE_CHECKING:
    from croupier.ledger.training import Progress, SessionSummary

STOP = ("q", "quit", "stop")
"""What a trainee types to stop."""


class Drill(StrEnum):
    """The drills ``croupier train`` runs."""

    PAYOUTS = "payouts"
    PROCEDURE = "procedure"
    HOUSE_WAY = "house-way"
    IRREGULARITIES = "irregularities"


class _GameOrCommand(TyperGroup):
    """``train GAME ...`` is ``train drill GAME ...``: a first word that is none of the
    group's commands is a game."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["drill", *args]
        return super().resolve_command(ctx, args)


train_app = typer.Typer(
    cls=_GameOrCommand,
    help="Dealer training: `croupier train GAME --drill DRILL` runs a drill (payouts, "
    "procedure, house-way or irregularities; the engine judges every answer, citing the "
    "rule); `croupier train report` is the record.",
    no_args_is_help=True,
)


def _engine(db: str) -> Any:
    """The database at ``db``, created and brought to the latest schema where need be."""
    from sqlalchemy import exc

    from croupier.ledger.db import make_engine, upgrade

    try:
        engine = make_engine(db)
        upgrade(engine)
    except (exc.SQLAlchemyError, ValueError) as error:
        said = getattr(error, "orig", None) or error
        raise fail(f"cannot open the database {db}: {said}") from error
    return engine


def _check_reachable(db: str) -> None:
    """Exit with a usage error unless the record at ``db`` can be kept; makes nothing (an
    SQLite file is made only once there is an answer to store)."""
    from sqlalchemy import exc
    from sqlalchemy.engine import make_url

    try:
        url = make_url(db)
        if url.get_backend_name() == "sqlite":
            if url.database and url.database != ":memory:":
                folder = Path(url.database).resolve().parent
                if not folder.is_dir():
                    raise ValueError(f"there is no folder {folder}")
            return
        from croupier.ledger.db import make_engine

        engine = make_engine(db)
        try:
            with engine.connect():
                pass
        finally:
            engine.dispose()
    except (exc.SQLAlchemyError, ValueError) as error:
        said = getattr(error, "orig", None) or error
        raise fail(f"cannot open the database {db}: {said}") from error


def _read(prompt: str) -> str | None:
    """A line typed after ``prompt`` (``None`` at the end of the input)."""
    typer.echo(prompt, nl=False)
    line = sys.stdin.readline()
    if not line:
        typer.echo("")
        return None
    return line.strip()


def _ask(prompt: str, judge: Callable[[str], Any]) -> Any | None:
    """Ask until ``judge`` takes the answer (an answer that is no amount is said why and
    asked again, nothing recorded); ``None`` when the trainee stops."""
    from croupier.errors import CroupierError

    while True:
        line = _read(prompt)
        if line is None or line.lower() in STOP:
            return None
        try:
            return judge(line)
        except CroupierError as error:
            typer.echo(f"  {error.reason}")


DRILL_HELP = (
    "A drill of GAME (`croupier train GAME` for short): payouts (type what each wager pays, "
    "in dollars), procedure (the dealer's steps in order), house-way (set the dealer's "
    "hand) or irregularities (choose the remedy the rule requires); the engine judges "
    "every answer, citing the rule."
)
"""What ``croupier train --help`` says of the drills (one paragraph: a docstring's line
breaks would show)."""


TrainedGame = Annotated[str, typer.Argument(help="The game (croupier play lists them).")]
DrillOption = Annotated[Drill, typer.Option("--drill", help="Which drill.")]
LevelOption = Annotated[
    int,
    typer.Option(
        "--level",
        min=1,
        max=3,
        help="1: one or two wagers of round amounts; 2: up to three of any dollars; "
        "3: up to five odd amounts, and the total.",
    ),
]
Items = Annotated[int, typer.Option("--items", min=1, help="How many situations (q stops sooner).")]
Trainee = Annotated[str, typer.Option("--trainee", help="Who is training (the record's name).")]
NoRecord = Annotated[
    bool, typer.Option("--no-record", help="Store nothing in the training record.")
]
TableRules = Annotated[
    Path | None,
    typer.Option(
        "--rules", exists=True, dir_okay=False, help="A Rules Submission (TOML) for the table."
    ),
]
Seed = Annotated[int | None, typer.Option("--seed", help="Deal the same situations again.")]


@dataclass(frozen=True)
class _Sitting:
    """What every drill is run with: the game (its registered name), its Rules Submission
    (``None``: the defaults), how many items, the seed, and where the answers are kept."""

    game: str
    rules: Any
    items: int
    seed: int | None
    trainee: str
    db: str
    no_record: bool

    def made(self, kind: Callable[..., Any], **more: Any) -> Any:
        """A drill of ``kind`` for this sitting, its generator seeded where a seed is given."""
        from croupier.rng import SeededRng

        rng = None if self.seed is None else SeededRng(self.seed)
        return kind(self.game, rules=self.rules, seed=self.seed, rng=rng, **more)

    def finish(self, results: list[Any], drill: str, level: int = 1) -> None:
        """Keep the answers in the training record (unless ``--no-record``); none given,
        nothing is kept."""
        if not results:
            typer.echo("No answer given: nothing recorded.")
            return
        if not self.no_record:
            _store(self.db, self.trainee, self.game, drill, level, results)


@train_app.command("drill", help=DRILL_HELP)
def drill_command(
    game: TrainedGame,
    drill: DrillOption = Drill.PAYOUTS,
    level: LevelOption = 1,
    items: Items = 10,
    trainee: Trainee = "trainee",
    db: Db = DEFAULT_URL,
    no_record: NoRecord = False,
    rules: TableRules = None,
    seed: Seed = None,
) -> None:
    """A drill of GAME (:data:`DRILL_HELP`)."""
    from croupier.errors import CroupierError
    from croupier.registry import find, load

    try:
        spec = find(game)
        submission = load(rules) if rules is not None else None
    except CroupierError as error:
        raise fail(f"error: {error.told}") from error
    if submission is not None and submission.game != spec.name:
        raise fail(f"error: {rules} is a Rules Submission of {submission.game}")
    if not no_record:  # a record that cannot be kept is said before the drill, not after
        _check_reachable(db)
    sitting = _Sitting(spec.name, submission, items, seed, trainee, db, no_record)
    if drill is Drill.HOUSE_WAY:
        _house_way(sitting)
    elif drill is Drill.IRREGULARITIES:
        _irregularities(sitting)
    elif drill is Drill.PROCEDURE:
        _procedure(sitting)
    else:
        _payouts(sitting, spec.title, level)


def _payouts(sitting: _Sitting, title: str, level: int) -> None:
    """The payout drill: what each wager pays, judged by the engine's settlement (and at
    level 3 the total)."""
    from croupier.training.drill import PayoutDrill
    from croupier.training.situation import Level

    session = sitting.made(PayoutDrill, level=Level(level))
    typer.echo(
        f"{title} payout drill, level {level}: type what each wager pays in dollars "
        "(0 for nothing); q stops."
    )
    for number in range(1, sitting.items + 1):
        item = _shown(session, number)
        stopped = False
        for index, payout in enumerate(item.payouts):
            verdict = _ask(f"  {payout.wager} pays? ", functools.partial(session.answer, index))
            if verdict is None:
                stopped = True
                break
            typer.echo(f"  {verdict.words} ({session.results[-1].seconds:.1f} s)")
        if not stopped and session.level.asks_total and len(item.payouts) > 1:
            verdict = _ask("  Total paid? ", session.answer_total)
            if verdict is None:
                stopped = True
            else:
                typer.echo(f"  {verdict.words}")
        typer.echo(f"Score: {session.score}")
        if stopped:
            break
    sitting.finish(session.results, Drill.PAYOUTS.value, level)


def _items(kind: Callable[..., Any], sitting: _Sitting) -> Any:
    """A drill of ``kind`` (one answer an item); a game without it is a usage error."""
    try:
        return sitting.made(kind)
    except ValueError as error:
        raise fail(f"error: {error}") from error


def _shown(session: Any, number: int) -> Any:
    """Deal the next item of ``session`` and show it (its number and its scene)."""
    item = session.deal()
    typer.echo(f"\nItem {number}")
    for line in item.scene:
        typer.echo(f"  {line}")
    return item


def _deal(session: Any, items: int, asked: Callable[[Any], str]) -> None:
    """Deal ``items`` items of ``session``, each shown (its scene, then what ``asked``
    prints and returns as the prompt) and answered once; q stops."""
    for number in range(1, items + 1):
        item = _shown(session, number)
        verdict = _ask(asked(item), session.answer)
        if verdict is not None:
            typer.echo(f"  {verdict.words}")
        typer.echo(f"Score: {session.score}")
        if verdict is None:
            break


def _house_way(sitting: _Sitting) -> None:
    """The house-way drill: set the dealer's hand, judged against the house way."""
    from croupier.training.drill import SettingDrill

    session = _items(SettingDrill, sitting)
    typer.echo(
        f"{session.spec.title} house-way drill: set the dealer's hand by the house way "
        "(name the tiles of the high hand); q stops."
    )
    _deal(session, sitting.items, lambda item: f"  The {item.first_name}? ")
    sitting.finish(session.results, Drill.HOUSE_WAY.value)


def _irregularities(sitting: _Sitting) -> None:
    """The irregularity drill: choose the remedy the rule requires, judged by the engine."""
    from croupier.training.irregularity import DRILL, IrregularityDrill

    session = _items(IrregularityDrill, sitting)
    typer.echo(
        f"{session.spec.title} irregularity drill: type the number of what the rule "
        "requires; q stops."
    )

    def asked(item: Any) -> str:
        typer.echo(f"  {item.question}")
        for index, remedy in enumerate(item.choices, 1):
            typer.echo(f"    {index}. {remedy.words}")
        return "  Remedy? "

    _deal(session, sitting.items, asked)
    sitting.finish(session.results, DRILL)


def _procedure(sitting: _Sitting) -> None:
    """The procedure drill: the dealer's steps of a round in order, judged by the round."""
    from croupier.training.procedure import ProcedureDrill

    session = ProcedureDrill(sitting.game, rules=sitting.rules, seed=sitting.seed)
    choices = session.choices()
    typer.echo(
        f"{session.spec.title} procedure drill: take the dealer's steps of a round in order "
        "(type a step's number); q stops. The steps:"
    )
    for number, name in enumerate(choices, 1):
        typer.echo(f"  {number}. {name}")

    def take(text: str) -> Any:
        from croupier.training.setting import InvalidAnswer

        chosen = (
            choices[int(text) - 1] if text.isdigit() and 0 < int(text) <= len(choices) else text
        )
        try:
            return session.take(chosen)
        except ValueError as error:
            raise InvalidAnswer(
                f"type a step's number, 1 to {len(choices)}", "training:procedure"
            ) from error

    while not session.finished:
        verdict = _ask("  Next step? ", take)
        if verdict is None:
            break
        typer.echo(f"  {verdict.words}")
    if session.finished:
        typer.echo("The round is over.")
    typer.echo(f"Score: {session.score}")
    sitting.finish(session.results, Drill.PROCEDURE.value)


def _store(db: str, trainee: str, game: str, drill: str, level: int, answers: Any) -> None:
    from sqlalchemy.orm import Session

    from croupier.ledger.training import record

    engine = _engine(db)
    try:
        with Session(engine) as session, session.begin():
            found = record(
                session,
                trainee=trainee,
                game=game,
                drill=drill,
                level=level,
                answers=answers,
            )
    except ValueError as error:
        raise fail(f"error: {error}") from error
    finally:
        engine.dispose()
    typer.echo(f"Recorded: session {found}, {len(answers)} answers of {trainee}.")


@train_app.command("report")
def report_command(
    db: Db = DEFAULT_URL,
    trainee: Annotated[
        str | None, typer.Option("--trainee", help="Only this trainee's answers.")
    ] = None,
    to_csv: Annotated[
        Path | None, typer.Option("--csv", help="Write every answer as CSV to FILE.")
    ] = None,
    to_html: Annotated[
        Path | None, typer.Option("--html", help="Write a printable page to FILE.")
    ] = None,
    over_time: Annotated[
        bool,
        typer.Option(
            "--sessions", help="Also each session in the order taken: progress over time."
        ),
    ] = False,
) -> None:
    """The training record: progress by trainee, game and drill (a supervisor's view); every
    answer as CSV or a printable page."""
    from sqlalchemy.orm import Session

    from croupier.cli.server import existing
    from croupier.ledger import training

    engine = existing(db, migrate=True)
    try:
        with Session(engine) as session:
            rows = training.results(session, trainee)
            if to_csv is not None:
                to_csv.write_text(training.to_csv(rows), encoding="utf-8")
                typer.echo(f"Wrote {len(rows)} answers to {to_csv}.")
            if to_html is not None:
                to_html.write_text(training.to_html(rows), encoding="utf-8")
                typer.echo(f"Wrote the printable record to {to_html}.")
            found = training.progress(rows)
            taken = training.sessions(rows)
    finally:
        engine.dispose()
    _echo_progress(found, taken if over_time else None)


def _echo_progress(found: Sequence[Progress], taken: Sequence[SessionSummary] | None) -> None:
    """Print the progress ``found`` by trainee, game and drill; then, where given, each
    session ``taken`` in the order taken."""
    if not found:
        typer.echo("No training recorded yet.")
        return
    typer.echo("Trainee | game | drill | sessions | right | accuracy | s/answer | level | last")
    for p in found:
        typer.echo(
            f"{p.trainee} | {p.game} | {p.drill} | {p.sessions} | {p.right} of {p.answers} | "
            f"{p.accuracy:.0%} | {p.seconds:.1f} | {p.level} | "
            f"{p.last.strftime('%Y-%m-%d %H:%M')} UTC"
        )
    if taken is not None:
        typer.echo(
            "\nSessions over time: trainee | game | drill | began | level | right | "
            "accuracy | s/answer"
        )
        for one in taken:
            typer.echo(
                f"{one.trainee} | {one.game} | {one.drill} | "
                f"{one.began.strftime('%Y-%m-%d %H:%M')} UTC | {one.level} | "
                f"{one.right} of {one.answers} | {one.accuracy:.0%} | {one.seconds:.1f}"
            )


def register(app: typer.Typer) -> None:
    app.add_typer(train_app, name="train")
