"""Players and money: accounts, wallets' deposits and withdrawals (play money, cents),
self-service sign-up and the ledger's sums."""

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy import select

from croupier.citations import NOT_FOUND
from croupier.ledger import names, protection
from croupier.ledger import repository as repo
from croupier.ledger.models import CAGE, WALLET, Account, Player
from croupier.ledger.significant_events import granted
from croupier.server import addresses, schemas
from croupier.server.browser import PLAY_MONEY_CITE, PLAY_MONEY_OPENING, SIGNUP_KEY
from croupier.server.idempotency import idempotent
from croupier.server.routes.deps import PROBLEMS, Admin, Caller, Db, Key, server_of

router = APIRouter()


@router.post("/players", status_code=201, response_model=schemas.PlayerCreated, responses=PROBLEMS)
def create_player(body: schemas.PlayerCreate, db: Db, me: Admin) -> schemas.PlayerCreated:
    """Admin: a new player, dealer or admin; the bearer token is returned once. The name
    is refused as at sign-up (:func:`play_money`): 422 for its characters or, for a
    player, a name the staff go by, 409 where another account holds the same name or one
    that looks the same."""
    player, token = repo.create_player(db, body.name, body.role)
    names.claim(player)
    granted(db, player, f"{me.name} ({me.id})")
    db.commit()
    return schemas.PlayerCreated(
        id=player.id, name=player.name, role=player.role, balance=0, token=token
    )


@router.get("/players/me", response_model=schemas.PlayerOut, responses=PROBLEMS)
def me(db: Db, me: Caller) -> schemas.PlayerOut:
    """The caller and their wallet's balance."""
    return schemas.PlayerOut(id=me.id, name=me.name, role=me.role, balance=repo.balance(db, me.id))


def _money(kind: str) -> Any:
    def endpoint(
        player_id: str, body: schemas.MoneyIn, request: Request, db: Db, me: Admin, key: Key
    ) -> Response:

        def run() -> schemas.MoneyOut:
            if db.get(Player, player_id) is None:
                raise repo.NotFound(f"there is no player {player_id!r}", NOT_FOUND)
            if kind == "deposit":  # the player's deposit limits (814a.2)
                protection.take_deposit(db, player_id, body.amount, server_of(request).clock())
            move = repo.deposit if kind == "deposit" else repo.withdraw
            posting = move(db, player_id, body.amount)
            return schemas.MoneyOut(
                player_id=player_id,
                posting_id=posting.id,
                amount=body.amount,
                balance=repo.balance(db, player_id),
            )

        answer = idempotent(db, me, key, request, body, 201, run)
        if answer.status_code == 201:  # committed: the player's sockets show the balance
            server_of(request).hub.moved(player_id)
        return answer

    endpoint.__doc__ = (
        f"Admin: a {kind} of play money (cents) to or from a wallet; the player's live "
        "table views are sent the balance after it."
    )
    return endpoint


for _path, _name, _kind in (
    ("/players/{player_id}/deposits", "deposit", "deposit"),
    ("/players/{player_id}/withdrawals", "withdraw", "withdrawal"),
):
    router.post(
        _path, status_code=201, response_model=schemas.MoneyOut, responses=PROBLEMS, name=_name
    )(_money(_kind))


@router.get("/ledger", response_model=schemas.LedgerOut, responses=PROBLEMS)
def ledger(db: Db, me: Admin) -> schemas.LedgerOut:
    """Admin: every account and the two sums that must be zero."""
    accounts = db.scalars(select(Account).order_by(Account.id))
    total, lines = repo.ledger_total(db)
    return schemas.LedgerOut(
        accounts=[schemas.AccountOut.model_validate(a, from_attributes=True) for a in accounts],
        total=total,
        lines_total=lines,
    )


SIGN_UPS: dict[int | str, dict[str, Any]] = {
    **PROBLEMS,
    429: {
        "model": schemas.Problem,
        "description": "Too many sign-ups from the client's address "
        "(server:rate-limit); the Retry-After header gives the seconds to wait.",
    },
}


@router.post(
    "/players/play-money", status_code=201, response_model=schemas.PlayerCreated, responses=SIGN_UPS
)
def play_money(body: schemas.PlayMoneyIn, request: Request, db: Db) -> schemas.PlayerCreated:
    """Anyone: a new player with a play-money opening balance of PLAY_MONEY_OPENING
    cents, moved from the cage to the wallet by one posting (``server:play-money``).
    The bearer token is returned once. Each client address may sign up
    ``SIGNUP_LIMIT.burst`` players at once and then one every
    ``1 / SIGNUP_LIMIT.per_second`` seconds (``app.state.signup_limits``; 429,
    :class:`RateLimited`, ``server:rate-limit``, with Retry-After), so that throwaway
    accounts cannot take every seat. The address is the peer's; ``X-Forwarded-For``
    counts only from a proxy the operator named (:mod:`croupier.server.addresses`).

    The name (1 to 100 characters) is shown beside the player's seat, so none may pose as
    another (:mod:`croupier.ledger.names`): refused 422 where it begins or ends with a
    blank, or holds markup (``<``, ``>``, ``&``, ``"``, a backtick) or a control,
    invisible or formatting character (zero-width, bidirectional, private-use), each
    checked in its NFKC form too, or where it is a name the staff go by ("dealer", "pit
    boss": :data:`croupier.ledger.names.RESERVED`); refused 409 (``server:names``) where
    another account holds the same name, compared after NFKC and case-folding, blanks at either end
    ignored and runs of blanks inside taken as one. Accents, any script, spaces inside,
    apostrophes (O'Brien), hyphens and periods are taken."""
    trusted = getattr(request.app.state, "trusted_proxies", addresses.NONE)
    address = addresses.client_address(request, trusted)
    request.app.state.signup_limits.take(
        address, SIGNUP_KEY, what="play-money sign-ups from one address"
    )
    player, token = repo.create_player(db, body.name, "player")
    names.claim(player)
    if body.limits:  # offered at registration (814a.1): none in force yet, so at once
        now = server_of(request).clock()
        protection.set_limits(db, player.id, body.limits, now=now, by=player.id)
    wallet = repo.account(db, WALLET, player_id=player.id)
    cage = repo.account(db, CAGE)
    repo.post(
        db,
        "play-money",
        {cage.id: -PLAY_MONEY_OPENING, wallet.id: PLAY_MONEY_OPENING},
        cite=PLAY_MONEY_CITE,
    )
    db.commit()
    return schemas.PlayerCreated(
        id=player.id,
        name=player.name,
        role=player.role,
        balance=repo.balance(db, player.id),
        token=token,
    )
