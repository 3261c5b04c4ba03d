"""The training record (issue #35): each answer of a dealer's drill session stored
(:class:`~croupier.ledger.models.TrainingResult`), read back, summed per trainee for a
supervisor, and written as CSV or as a printable HTML page.

Like every ledger function these work inside the caller's session (the caller commits).
"""

from __future__ import annotations

import csv
import html
import io
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.citations import shown
from croupier.identity import identity
from croupier.ledger.models import TrainingResult, now, utc
from croupier.training.drill import Result

COLUMNS = (
    "session",
    "at",
    "trainee",
    "game",
    "drill",
    "level",
    "item",
    "question",
    "expected",
    "given",
    "right",
    "seconds",
    "section",
)
"""The CSV's columns (answers as a reader reads them, ``right`` yes or no, the section as a
reader is shown it)."""

Answer = Result
"""One answer to store: what a drill keeps of each (:class:`~croupier.training.drill.Result`)."""


def record(
    session: Session,
    *,
    trainee: str,
    game: str,
    drill: str,
    level: int,
    answers: Iterable[Answer],
    at: datetime | None = None,
    session_id: str | None = None,
) -> str:
    """Store a session's ``answers`` of ``trainee`` (not blank) at ``drill`` of ``game``
    at ``level`` (``session_id``: the session they continue; default a new one); returns
    the session's id. Raises :class:`ValueError` for a blank trainee's name."""
    if not trainee.strip():
        raise ValueError("a training record names its trainee: give --trainee NAME")
    moment = at or now()
    session_id = session_id or secrets.token_hex(8)
    for answer in answers:
        session.add(
            TrainingResult(
                session_id=session_id,
                trainee=trainee.strip(),
                game=game,
                drill=drill,
                level=level,
                item=answer.item,
                question=answer.question[:200],
                expected=answer.expected[:100],
                given=answer.given[:100],
                right=answer.right,
                seconds=round(answer.seconds, 3),
                cite=answer.cite[:200],
                at=moment,
            )
        )
    session.flush()
    return session_id


def account(name: str, player_id: str) -> str:
    """The trainee's name a record of a signed-in player's answers is filed under: his
    ``name`` with his account's id (``"alice (id 3f2a…)"``), so two accounts of one name
    are two trainees (at most 100 characters: the name is cut to fit, the id never)."""
    tail = f" (id {player_id})"
    return name.strip()[: 100 - len(tail)] + tail


def answered(
    session: Session, *, trainee: str, session_id: str, game: str, drill: str, item: int
) -> bool:
    """Whether ``trainee`` has already answered ``item`` of ``drill`` of ``game`` in his
    session ``session_id`` (a session is its trainee's: another's of the same id is not
    looked at)."""
    query = select(TrainingResult.id).where(
        TrainingResult.trainee == trainee,
        TrainingResult.session_id == session_id,
        TrainingResult.game == game,
        TrainingResult.drill == drill,
        TrainingResult.item == item,
    )
    return session.scalars(query.limit(1)).first() is not None


def results(session: Session, trainee: str | None = None) -> list[TrainingResult]:
    """Every answer stored (only ``trainee``'s where given: that name, and every account
    of that name, :func:`account`), oldest first."""
    query = select(TrainingResult).order_by(TrainingResult.at, TrainingResult.id)
    if trainee is not None:
        query = query.where(
            (TrainingResult.trainee == trainee)
            | TrainingResult.trainee.startswith(f"{trainee} (id ", autoescape=True)
        )
    return list(session.scalars(query))


@dataclass(frozen=True)
class Progress:
    """A trainee's progress at one drill of one game: ``sessions``, ``answers``, how many
    ``right``, the mean ``seconds`` an answer, the highest ``level`` reached and the
    ``last`` session's moment (UTC)."""

    trainee: str
    game: str
    drill: str
    sessions: int
    answers: int
    right: int
    seconds: float
    level: int
    last: datetime

    @property
    def accuracy(self) -> float:
        """The share right, 0 to 1."""
        return self.right / self.answers if self.answers else 0.0


def progress(rows: Sequence[TrainingResult]) -> list[Progress]:
    """The supervisor's view: ``rows`` summed per trainee, game and drill, by trainee."""
    groups: dict[tuple[str, str, str], list[TrainingResult]] = {}
    for row in rows:
        groups.setdefault((row.trainee, row.game, row.drill), []).append(row)
    return [
        Progress(
            trainee,
            game,
            drill,
            sessions=len({row.session_id for row in found}),
            answers=len(found),
            right=sum(row.right for row in found),
            seconds=sum(row.seconds for row in found) / len(found),
            level=max(row.level for row in found),
            last=max(utc(row.at) for row in found),
        )
        for (trainee, game, drill), found in sorted(groups.items())
    ]


@dataclass(frozen=True)
class SessionSummary:
    """One session of one trainee: its ``session_id``, ``trainee``, ``game``, ``drill``,
    ``level``, the moment it ``began`` (its first answer, UTC), its ``answers``, how many
    ``right`` and the mean ``seconds`` an answer."""

    session_id: str
    trainee: str
    game: str
    drill: str
    level: int
    began: datetime
    answers: int
    right: int
    seconds: float

    @property
    def accuracy(self) -> float:
        """The share right, 0 to 1."""
        return self.right / self.answers if self.answers else 0.0


def sessions(rows: Sequence[TrainingResult]) -> list[SessionSummary]:
    """Progress over time: each session of ``rows``, by trainee, game and drill, then in
    the order they began."""
    groups: dict[tuple[str, str], list[TrainingResult]] = {}
    for row in rows:  # a session is its trainee's: two of one id are two sessions
        groups.setdefault((row.trainee, row.session_id), []).append(row)
    found = [
        SessionSummary(
            session_id,
            rows_[0].trainee,
            rows_[0].game,
            rows_[0].drill,
            max(row.level for row in rows_),
            min(utc(row.at) for row in rows_),
            len(rows_),
            sum(row.right for row in rows_),
            sum(row.seconds for row in rows_) / len(rows_),
        )
        for (_, session_id), rows_ in groups.items()
    ]
    return sorted(found, key=lambda s: (s.trainee, s.game, s.drill, s.began))


def cells(row: TrainingResult) -> list[str]:
    """One answer as the CSV's cells (:data:`COLUMNS`)."""
    return [
        row.session_id,
        utc(row.at).isoformat(),
        row.trainee,
        row.game,
        row.drill,
        str(row.level),
        str(row.item),
        row.question,
        row.expected,
        row.given,
        "yes" if row.right else "no",
        f"{row.seconds:.1f}",
        shown(row.cite) if row.cite else "",
    ]


def to_csv(rows: Sequence[TrainingResult]) -> str:
    """Every answer of ``rows`` as CSV, a header first."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    writer.writerows(cells(row) for row in rows)
    return out.getvalue()


def _progress_cells(p: Progress) -> list[str]:
    return [
        p.trainee,
        p.game,
        p.drill,
        str(p.sessions),
        f"{p.right} of {p.answers}",
        f"{p.accuracy:.0%}",
        f"{p.seconds:.1f}",
        str(p.level),
        p.last.strftime("%Y-%m-%d %H:%M UTC"),
    ]


def _session_cells(one: SessionSummary) -> list[str]:
    return [
        one.trainee,
        one.game,
        one.drill,
        one.began.strftime("%Y-%m-%d %H:%M UTC"),
        str(one.level),
        f"{one.right} of {one.answers}",
        f"{one.accuracy:.0%}",
        f"{one.seconds:.1f}",
    ]


def to_html(rows: Sequence[TrainingResult]) -> str:
    """A printable page: the supervisor's view, then every answer, with the software that
    wrote it."""

    def table(head: Sequence[str], body: Iterable[Sequence[str]]) -> str:
        th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
        tr = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in line) + "</tr>" for line in body
        )
        return f"<table><thead><tr>{th}</tr></thead><tbody>{tr}</tbody></table>"

    found = identity()
    return (
        "<!doctype html><html lang=en><meta charset=utf-8><title>Dealer training record"
        "</title><style>body{font:12pt serif;margin:2em}table{border-collapse:collapse;"
        "margin-bottom:2em}th,td{border:1px solid #444;padding:2px 6px;text-align:left}"
        "@media print{body{margin:0}}</style><h1>Dealer training record</h1>"
        "<h2>Progress by trainee</h2>"
        + table(
            (
                "Trainee",
                "Game",
                "Drill",
                "Sessions",
                "Right",
                "Accuracy",
                "Seconds an answer",
                "Highest level",
                "Last session",
            ),
            (_progress_cells(p) for p in progress(rows)),
        )
        + "<h2>Sessions over time</h2>"
        + table(
            ("Trainee", "Game", "Drill", "Began", "Level", "Right", "Accuracy", "Seconds"),
            (_session_cells(one) for one in sessions(rows)),
        )
        + "<h2>Every answer</h2>"
        + table(COLUMNS, (cells(row) for row in rows))
        + f"<p>croupier {html.escape(found.version)}, commit {html.escape(found.commit)}</p>"
        + "</html>"
    )
