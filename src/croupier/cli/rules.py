"""`croupier rules check | show | history` and the workflow of a table's versions
(`submit | approve | reject | withdraw | file`, :mod:`croupier.cli.submissions`).

``history TABLE [--db URL] [--json]`` lists every version of the table's Rules
Submission, oldest first: its number, state (drafted, submitted, approved, rejected, in
force, superseded, withdrawn), when it was put in force, who filed it and when, its
limits, sha256, note and the rounds that ended under it; ``--json`` adds every step of
its workflow (who, when, the approval's reference, the reason given).

``check FILE`` loads and validates a submission (exit 2 with the cited error if the
regulation does not allow it). ``show FILE`` prints what the table's sign must say, as
each game draws it (``croupier.games.<game>.sign``, by :func:`croupier.registry.sign_for`):

- High Roll Dice: the payout odds of every wager offered (675a.1(b)(3), 675a.6(b),
  593.1(b)(3)), the equal-value inscription (675a.1(b)(2)(iv), 675a.6(b)(3),
  593.1(b)(2)(iv)), the aggregate payout limit where one is set (675a.1(b)(4)) and the
  table limits.
- Go Fore It: the payout odds of every wager with the Gopher paytable selected
  (676a.2(b)(3), 676a.12) and the Skins tie inscription (676a.2(b)(4)).
- Criss-Cross Poker: the payout odds of every wager offered, the Ante Across and Ante
  Down Wagers (674a.12(a)), the Across, Down and Middle Bets (674a.12(b)) and, where
  offered, the Five Card Bonus Wager (674a.12(c)) (674a.2(b)(5)); the aggregate payout
  limit where one is set (674a.2(b)(6), 674a.12(d)); and the table limits.
- Double Back Jack: the inscriptions of 673a.2(b)(4)(i)-(iii) (Blackjack and Insurance
  pay 2 to 1; the dealer draws to 16 and stands on all 17s; a dealer 22 pushes, player
  21 pays right away, Second Chance pays even money) and the payout odds of every wager
  (673a.2(b)(5), 673a.12), with the double down, split, surrender and Insurance limits.
- Pai Gow: ch. 621a requires no payout sign or inscription (621a.2(b) asks the layout
  for the name or logo, the betting areas and the Dead Hand only); ``show`` prints the
  payout the rules set, 1 to 1 less the vigorish (621a.10(g)-(k), 621a.11), saying so.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from croupier.cli.server import Db, fail
from croupier.cli.wide import print_rows
from croupier.errors import NoSign, RulesSubmissionError
from croupier.ledger.db import DEFAULT_URL
from croupier.money import format_cents
from croupier.registry import load, sign_for
from croupier.rules import RulesSubmission

RulesFile = Annotated[
    Path,
    typer.Argument(exists=True, dir_okay=False, readable=True, help="A Rules Submission (TOML)."),
]


def load_or_exit(path: Path) -> RulesSubmission:
    """The submission in ``path``; prints the cited error and exits 2 if it is refused."""
    try:
        return load(path)
    except RulesSubmissionError as error:
        message = error.told
    except (OSError, UnicodeDecodeError) as error:
        message = f"cannot read the file: {error}"
    raise fail(f"{path}: {message}")


# --- commands ----------------------------------------------------------------------------
def payout_limit_line(rules: RulesSubmission) -> str | None:
    """What ``check`` says of the submission's aggregate payout limit: the limit against
    the least the chapter allows, which is the greater of $50,000 and the most one player
    can win in a round betting the minimum (674a.12(d), 675a.5(e), 675a.6(l)); ``None``
    where no limit is set. Raises :class:`RulesSubmissionError` for a limit under the
    least (the models refuse one already; this holds any game that declares a limit)."""
    limit = getattr(rules, "payout_limit", None)
    least, most, cite = (
        rules.least_payout_limit(),
        rules.most_won_at_minimum(),
        rules.payout_limit_cite(),
    )
    if limit is None or least is None or most is None or cite is None:
        return None
    if limit < least:
        raise RulesSubmissionError(
            f"the aggregate payout limit {format_cents(limit)} is less than "
            f"{format_cents(least)}, the least allowed",
            cite,
        )
    return (
        f"payout limit {format_cents(limit)} per player per round: at least "
        f"{format_cents(least)}, the greater of $50,000 and {format_cents(most)}, the most "
        f"one player can win in a round betting the minimum ({cite})"
    )


def check(file: RulesFile) -> None:
    """Load and validate a Rules Submission: "ok" with its game, variant and sha256; where
    it sets an aggregate payout limit, the limit against the most one player can win in a
    round betting the minimum (:func:`payout_limit_line`)."""
    rules = load_or_exit(file)
    variant = getattr(rules, "variant", None)
    what = rules.game if variant is None else f"{rules.game} {variant}"
    try:
        limit = payout_limit_line(rules)
    except RulesSubmissionError as error:
        raise fail(f"{file}: {error.told}") from error
    typer.echo(f"ok: {what} sha256 {rules.sha256()}")
    if limit is not None:
        typer.echo(limit)


def show(file: RulesFile) -> None:
    """Print the table sign the regulation requires for a Rules Submission, as its game
    draws it (:func:`croupier.registry.sign_for`)."""
    rules = load_or_exit(file)
    try:
        sign = sign_for(rules)
    except NoSign as error:
        raise fail(error.reason) from error
    Console(highlight=False).print(sign)


CHECK_HELP = (
    'Load and validate a Rules Submission: "ok" with its game, variant and sha256; where it '
    "sets an aggregate payout limit, also the limit against the most one player can win in a "
    "round betting the minimum. Exit code 2 if the submission is refused."
)
"""The help of `rules check` (one paragraph, no reST markup: the docstring is for
developers)."""

SHOW_HELP = "Print the table sign the regulation requires for a Rules Submission."
"""The help of `rules show`."""


def _engine(db: str) -> Any:
    from croupier.cli.server import existing

    return existing(db, migrate=True)


def _when(moment: Any) -> str | None:
    from croupier.ledger import versions

    return None if moment is None else versions.utc(moment).isoformat()


def _row(listed: Any) -> dict[str, Any]:
    """A version as ``history --json`` prints it (:class:`versions.VersionState`)."""
    v = listed.version
    data = json.loads(v.rules_json)
    return {
        "version": v.version,
        "state": listed.state,
        "effective_at": _when(v.effective_at),
        "ended_at": _when(v.ended_at),
        "filed_by": v.filed_by,
        "filed_at": _when(v.filed_at),
        "rules_sha256": v.rules_sha256,
        "minimum_wager": data["minimum_wager"],
        "maximum_wager": data["maximum_wager"],
        "note": v.note,
        "rounds": listed.rounds,
        "steps": [
            {
                "state": step.state,
                "at": _when(step.at),
                "by": step.actor,
                "reference": step.reference,
                "reason": step.reason,
            }
            for step in listed.steps
        ],
    }


def history(
    table: Annotated[str, typer.Argument(metavar="TABLE", help="The table's id.")],
    db: Db = DEFAULT_URL,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Every version of TABLE's Rules Submission, oldest first, with its state now."""
    from sqlalchemy.orm import Session

    from croupier.ledger import versions
    from croupier.ledger.accounts import NotFound

    engine = _engine(db)
    try:
        with Session(engine) as session:
            listed = versions.history(session, table)
            rows = [_row(v) for v in listed]
    except NotFound as error:
        raise fail(str(error)) from error
    finally:
        engine.dispose()
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    headings = (
        "Version",
        "State",
        "In force from",
        "Filed by",
        "Filed",
        "Limits",
        "sha256",
        "Rounds",
        "Note",
    )
    cells = [
        [
            str(row["version"]),
            str(row["state"]),
            str(row["effective_at"] or "never"),
            str(row["filed_by"]),
            str(row["filed_at"]),
            f"{format_cents(int(row['minimum_wager']))} to "
            f"{format_cents(int(row['maximum_wager']))}",
            str(row["rules_sha256"])[:16],
            f"{row['rounds']:,}",
            str(row["note"]),
        ]
        for row in rows
    ]
    print_rows(Console(), f"Rules Submission versions of table {table}", headings, cells)


def register(app: typer.Typer, *more: Callable[[typer.Typer], None]) -> None:
    """Add `rules check`, `show`, `history` and the commands each of ``more`` adds to the
    group (the workflow's `submit`, `approve`, `reject`, `withdraw` and `file`:
    :func:`croupier.cli.submissions.register`) to the command line."""
    group = typer.Typer(
        help=(
            "Check Rules Submissions, show their table signs; submit, approve, reject, "
            "withdraw a table's versions, put them in force and list them."
        ),
        no_args_is_help=True,
    )
    group.command("check", help=CHECK_HELP)(check)
    group.command("show", help=SHOW_HELP)(show)
    group.command(
        "history",
        help=(
            "List every version of TABLE's Rules Submission: state, when in force, who "
            "filed it, limits, rounds."
        ),
    )(history)
    for add in more:
        add(group)
    app.add_typer(group, name="rules")
