"""The floor's and the regulator's endpoints (see docs/browser.md, "The floor page").

- ``GET /reports/hold``: the hold report (:mod:`croupier.reports.hold`), dealer or
  admin; the page ``/play/floor.html`` draws it.
"""

from collections.abc import Callable, Iterator
from datetime import date
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query
from pydantic import BaseModel
from sqlalchemy.orm import Session

from croupier.ledger.models import Player
from croupier.reports.hold import hold_report
from croupier.server import service


class HoldRowOut(BaseModel):
    """One row of the hold report: a table's gaming day (``level`` ``table``) or a game's
    (``game``, the tables summed). Amounts in cents; ``hold`` is win / drop (0.05 is 5%);
    ``theoretical_win`` the par sheet's house edge times each wager's handle;
    ``deviations`` (win - theoretical) in standard deviations; ``None`` where no par
    figure covers the handle (``missing_par_figures`` names the wagers)."""

    level: str
    table_id: str | None
    game: str
    day: str
    rounds: int
    drop: int
    win: int
    hold: float | None
    handle: dict[str, int]
    theoretical_win: float | None
    std_dev: float | None
    deviations: float | None
    rules_sha256: list[str]
    missing_par_figures: list[str]


class HoldOut(BaseModel):
    rows: list[HoldRowOut]


def register(
    app: FastAPI,
    session: Callable[[], Iterator[Session]],
    caller: Callable[..., Player],
    problems: dict[int | str, dict[str, Any]],
) -> None:
    """Add the floor's endpoints to ``app`` (``session`` and ``caller``: the app's
    dependencies)."""
    Db = Annotated[Session, Depends(session)]  # noqa: N806
    Caller = Annotated[Player, Depends(caller)]  # noqa: N806

    @app.get("/reports/hold", response_model=HoldOut, responses=problems)
    def hold(
        db: Db,
        me: Caller,
        table: Annotated[str | None, Query(description="Only this table.")] = None,
        since: Annotated[date | None, Query(description="From this gaming day on.")] = None,
    ) -> HoldOut:
        """Dealer or admin: per table, game and gaming day (the UTC date a round ended)
        the rounds, drop, win, hold, theoretical win and the difference in standard
        deviations. A par sheet not yet kept is computed first (for Criss-Cross Poker, a
        minute or two, once)."""
        if me.role not in ("dealer", "admin"):
            raise service.AccessDenied(
                f"this needs the role dealer or admin, not {me.role}", "server:roles"
            )
        rows = hold_report(db, table_id=table, since=since)
        db.commit()  # the par figures computed
        return HoldOut(rows=[HoldRowOut(**row.to_dict()) for row in rows])
