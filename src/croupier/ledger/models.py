"""The ledger's tables (SQLAlchemy 2.x declarative models).

Money is integer cents (``BigInteger``). Every movement is a :class:`Posting`
whose :class:`PostingLine` amounts sum to zero, so the sum over all accounts is
zero at all times. Wallets and escrow may never go below zero (a ``CHECK``
constraint backs the check the repository makes in the transaction); the cage
(where play money comes from) and each table's inventory are house accounts
whose balance is the negative of what they have paid out.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    DateTime,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    Numeric,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from croupier.game import ESCROW as ESCROW
from croupier.game import INVENTORY as INVENTORY
from croupier.game import WALLET as WALLET

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# WALLET (a player's play money), ESCROW (wagers in play at one table) and INVENTORY (one
# table's chips: takes losing wagers and collected purchases, pays winnings) are the
# accounts a game's events move money between (croupier.game).
CAGE = "cage"
"""Where play money comes from (deposits) and goes back to (withdrawals)."""
NON_NEGATIVE = (WALLET, ESCROW)


def now() -> datetime:
    return datetime.now(UTC)


def utc(moment: datetime) -> datetime:
    """``moment`` in UTC (a stored moment with no zone, as SQLite gives it back, is UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Player(Base):
    """Someone with a bearer token: a player, a dealer/floor person or an admin."""

    __tablename__ = "players"
    __table_args__ = (
        CheckConstraint("role IN ('player', 'dealer', 'admin')", name="role"),
        Index("ix_players_name_key", "name_key", unique=True),
        Index("ix_players_name_look", "name_look", unique=True),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str | None] = mapped_column(Text, default=None)
    """The name as names are compared (:func:`croupier.ledger.names.key`), held by one
    account at most (a unique index, migration 0019; :func:`croupier.ledger.names.claim`);
    ``NULL`` where no claim was made (an account made by the ledger directly) or an older
    account of the same name holds it (opened before the rule)."""
    name_look: Mapped[str | None] = mapped_column(Text, default=None)
    """The name as look-alike names are compared (its confusables skeleton,
    :func:`croupier.ledger.names.look`), held by one account at most (a unique index,
    migration 0019); ``NULL`` as :attr:`name_key` is, or where an older account's name
    looks the same."""
    role: Mapped[str] = mapped_column(String(10))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    """sha256 of the bearer token; the token itself is never stored."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class GameTable(Base):
    """A table: its game, the Rules Submission in force and the head of its event chain."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    rules_json: Mapped[str] = mapped_column(Text)
    """The canonical JSON of the Rules Submission the table was created with (its version
    1); the one in force is the table's last version in force (:class:`RulesVersion`)."""
    rules_sha256: Mapped[str] = mapped_column(String(64))
    minimum_wager: Mapped[int] = mapped_column(BigInteger)
    maximum_wager: Mapped[int] = mapped_column(BigInteger)
    event_count: Mapped[int] = mapped_column(Integer, default=0)
    """How many events the table's chain holds; the next event's ``seq``."""
    head_hash: Mapped[str] = mapped_column(String(64))
    """The hash of the last event (the genesis hash for an empty chain)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    settings_json: Mapped[str] = mapped_column(Text, default="{}", server_default="{}")
    """The table's online settings (``schemas.TableSettings``): timers, physical dice."""
    posting_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """How many postings the table's money chain holds (migration 0009)."""
    posting_head: Mapped[str] = mapped_column(String(64), default="0" * 64, server_default="0" * 64)
    """The hash of the table's last posting (the genesis hash for none;
    :mod:`croupier.ledger.posting_chain`)."""


class Seat(Base):
    """A player sitting at a betting position of a table."""

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("table_id", "player_id", name="uq_seats_table_player"),
        CheckConstraint("seat >= 1", name="seat_positive"),
    )

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))


class TableStateRow(Base):
    """What a table keeps between its rounds (migration 0011): the game's
    :class:`~croupier.game.TableState` as JSON, the number of the last round it took in,
    and the notices for the floor, newest last (:mod:`croupier.server.table_state`)."""

    __tablename__ = "table_states"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    state_json: Mapped[str] = mapped_column(Text)
    rounds_taken: Mapped[int] = mapped_column(Integer, default=0)
    notices_json: Mapped[str] = mapped_column(Text, default="[]")


class SealRow(Base):
    """A table's next server seed and the salt of its announced commitment
    (migration 0008; :mod:`croupier.server.seals`)."""

    __tablename__ = "seals"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seed: Mapped[str] = mapped_column(String(64))
    salt: Mapped[str] = mapped_column(String(32))


class SeedCommitment(Base):
    """A player's commitment (sha256, hex) to the seed he gives with his first wager of
    the next round he plays at a table (migration 0008)."""

    __tablename__ = "seed_commitments"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    commitment: Mapped[str] = mapped_column(String(64))


class Account(Base):
    """A balance in cents: a wallet (per player), escrow and inventory (per table), the cage."""

    __tablename__ = "accounts"
    __table_args__ = (
        UniqueConstraint("kind", "player_id", "table_id", name="uq_accounts_owner"),
        CheckConstraint("kind IN ('wallet', 'escrow', 'inventory', 'cage')", name="kind"),
        CheckConstraint(
            "kind NOT IN ('wallet', 'escrow') OR balance >= 0", name="balance_not_negative"
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(10))
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), default=None)
    table_id: Mapped[str | None] = mapped_column(ForeignKey("tables.id"), default=None)
    balance: Mapped[int] = mapped_column(BigInteger, default=0)
    moves: Mapped[int] = mapped_column(BigInteger, default=0, server_default=text("0"))
    """How many times the balance moved (migration 0022): raised in the same ``UPDATE``
    as the balance, under its row's lock, so a later committed balance has a higher
    count (:class:`croupier.server.live.LiveTables` keeps the newest it hears)."""


class Posting(Base):
    """One money movement; its lines sum to zero. A posting caused by a round names the
    round and the index of the event in it. Postings are hash-chained (migration 0009):
    a table's along the table (its head on :class:`GameTable`), the others (deposits,
    withdrawals, play money) along the house chain (:class:`LedgerHead`); ``hash`` is
    sha256(``prev_hash`` + the posting's canonical JSON with its lines,
    :func:`croupier.ledger.posting_chain.posting_hash`)."""

    __tablename__ = "postings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(40))
    """``deposit``, ``withdrawal`` or the type of the event that caused it."""
    table_id: Mapped[str | None] = mapped_column(ForeignKey("tables.id"), default=None)
    round_id: Mapped[str | None] = mapped_column(ForeignKey("rounds.id"), default=None)
    event_index: Mapped[int | None] = mapped_column(Integer, default=None)
    cite: Mapped[str] = mapped_column(String(200), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    prev_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    hash: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)


class LedgerHead(Base):
    """The head of a posting chain kept apart from any table: ``house`` (deposits,
    withdrawals, play money; migration 0009)."""

    __tablename__ = "ledger_heads"

    chain: Mapped[str] = mapped_column(String(64), primary_key=True)
    postings: Mapped[int] = mapped_column(Integer, default=0)
    head: Mapped[str] = mapped_column(String(64))


class PostingLine(Base):
    """An account's share of a posting (signed cents)."""

    __tablename__ = "posting_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    posting_id: Mapped[int] = mapped_column(ForeignKey("postings.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)


class RoundRow(Base):
    """A round at a table; ``version`` is its event count, for optimistic concurrency."""

    __tablename__ = "rounds"
    __table_args__ = (
        UniqueConstraint("table_id", "number", name="uq_rounds_table_number"),
        CheckConstraint("status IN ('open', 'completed', 'voided')", name="status"),
        # At most one open round per table (migration 0004).
        Index(
            "uq_rounds_one_open",
            "table_id",
            unique=True,
            sqlite_where=text("status = 'open'"),
            postgresql_where=text("status = 'open'"),
        ),
    )

    id: Mapped[str] = mapped_column(String(100), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    number: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10))
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    """When the wait in progress (betting, a decision) times out (``driver.schedule``)."""
    deadline_kind: Mapped[str | None] = mapped_column(String(60), default=None)
    """Which wait ``deadline`` times (it is kept while the same wait goes on)."""


class EventRow(Base):
    """An event, append-only: ``body`` is the event's canonical JSON; ``sealed`` the
    commitments of the fields a spectator may not see and ``salts`` their secret salts
    (JSON objects, ``NULL`` when nothing is sealed; :mod:`croupier.sealing`); ``hash`` is
    sha256(``prev_hash`` + the public form: ``body`` with each sealed field replaced by its
    commitment) along the table's chain. The salts reach no player before the round is
    revealed."""

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
        # Also the lookup of a round's events (round_id is its first column).
        UniqueConstraint("round_id", "index", name="uq_events_round_index"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    seq: Mapped[int] = mapped_column(Integer)
    round_id: Mapped[str] = mapped_column(ForeignKey("rounds.id"))
    index: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(40))
    body: Mapped[str] = mapped_column(Text)
    sealed: Mapped[str | None] = mapped_column(Text, nullable=True, default=None)
    salts: Mapped[str | None] = mapped_column(Text, nullable=True, default=None)
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class IdempotencyKey(Base):
    """The first answer to a request made with an ``Idempotency-Key`` (per player)."""

    __tablename__ = "idempotency_keys"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    request_sha256: Mapped[str] = mapped_column(String(64))
    status_code: Mapped[int] = mapped_column(Integer)
    response_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The answer's JSON; ``None`` once a command's answer is past the retention window
    (:func:`croupier.ledger.idempotency.forget_answers`): it is then rebuilt from the
    events the columns below point to."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    table_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """A command's answer: its table (``None``: any other request, kept whole forever)."""
    round_id: Mapped[str | None] = mapped_column(String(200), nullable=True)
    first_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The table's event sequence number of the command's first event."""
    round_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    round_status: Mapped[str | None] = mapped_column(String(16), nullable=True)
    balance: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class RulesVersion(Base):
    """One version of a table's Rules Submission: a table's rules change only by a new
    version, filed by someone, in force from ``effective_at`` (the version with the latest
    ``effective_at`` not after a round's opening is the one it is played under; a round
    keeps it to its end). Versions are never changed or deleted: a superseded version
    stays listed."""

    __tablename__ = "rules_versions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    rules_json: Mapped[str] = mapped_column(Text)
    """The Rules Submission's canonical JSON."""
    rules_sha256: Mapped[str] = mapped_column(String(64))
    effective_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When it was (or is to be) put in force; ``None`` until it is (migration 0012)."""
    ended_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, default=None
    )
    """When it went (or goes) out of force: superseded or withdrawn (migration 0012)."""
    filed_by: Mapped[str] = mapped_column(String(100))
    """Who filed it: the player id of the admin, or ``table created`` for the first."""
    filed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    note: Mapped[str] = mapped_column(Text, default="", server_default="")


class RulesVersionState(Base):
    """One step of a version's workflow (:mod:`croupier.ledger.submissions`): the state
    it entered, when (a moment to come for a version put in force from then), by whom,
    the approval's reference and a rejection's or withdrawal's reason. Never changed or
    deleted (migration 0012)."""

    __tablename__ = "rules_version_states"
    __table_args__ = (
        ForeignKeyConstraint(
            ["table_id", "version"],
            ["rules_versions.table_id", "rules_versions.version"],
            name="fk_rules_version_states_table_id_rules_versions",
        ),
    )

    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[str] = mapped_column(String(20))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    actor: Mapped[str] = mapped_column(String(100))
    reference: Mapped[str] = mapped_column(Text, default="", server_default="")
    reason: Mapped[str] = mapped_column(Text, default="", server_default="")


HOLD_TOTAL = ""
"""The ``wager`` of a :class:`HoldDay` row of rounds, drop and win."""


class HoldDay(Base):
    """The hold report's running totals: per table, gaming day (the UTC date a round
    ended) and Rules Submission (sha256) the rounds were played under, the row with
    ``wager`` empty holds the rounds, the drop and the win; the others, per wager of the
    par sheet, how many wagers, their handle and the sum of their squares (cents^2, for
    the standard deviation). Each finished round adds to them in its own transaction
    (:mod:`croupier.ledger.hold`)."""

    __tablename__ = "hold_days"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    rules_sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    wager: Mapped[str] = mapped_column(String(80), primary_key=True)
    rounds: Mapped[int] = mapped_column(BigInteger, default=0)
    stakes: Mapped[int] = mapped_column(BigInteger, default=0)
    handle: Mapped[int] = mapped_column(BigInteger, default=0)
    squares: Mapped[float] = mapped_column(Numeric(asdecimal=False), default=0)
    """Exact in cents^2 (computed in integers; PostgreSQL's NUMERIC keeps every digit,
    SQLite an integer while it fits 64 bits); read as a float for the variance."""
    drop_amount: Mapped[int] = mapped_column(BigInteger, default=0)
    win: Mapped[int] = mapped_column(BigInteger, default=0)


class GamingDaySetting(Base):
    """The casino's gaming day (one row, ``id`` 1; none: the UTC date): the IANA time
    zone and the local hour each day starts (:mod:`croupier.ledger.gaming_day`)."""

    __tablename__ = "gaming_day"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    zone: Mapped[str] = mapped_column(String(64))
    start_hour: Mapped[int] = mapped_column(Integer)


class ParFigure(Base):
    """A wager's par-sheet figures under one Rules Submission (by sha256), computed once
    (exact analysis can take a minute) and kept: the house edge (exact ``p/q`` text),
    the standard deviation per unit staked and the strategy the figures assume."""

    __tablename__ = "par_figures"

    rules_sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    wager: Mapped[str] = mapped_column(String(80), primary_key=True)
    house_edge: Mapped[str] = mapped_column(String(200))
    std_dev: Mapped[float] = mapped_column(Float)
    strategy: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The playing strategy the figures assume (the par sheet's words), ``None`` for a
    wager with no decisions (migration 0010)."""


class PlayerProtection(Base):
    """A player's responsible-gaming settings and the running totals they are checked
    against (migration 0014; :mod:`croupier.ledger.protection`), one row per player who
    set a limit or whose status changed. Limits are cents (``time_daily``: seconds), each
    ``NULL`` where none is set; ``pending_json`` holds the increases waiting for their
    period's end and the player's confirmation (814a.2). The totals are those of the
    periods named by ``day_key`` (a gaming day), ``week_key`` (the Monday it starts on)
    and ``month_key`` (``YYYY-MM``): wagered (spend) and lost (net, may be below zero)
    at the tables, deposited at the cage."""

    __tablename__ = "player_protection"
    __table_args__ = (
        CheckConstraint("status IN ('active', 'suspended', 'self-excluded')", name="status_known"),
    )

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(20), default="active")
    status_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    status_by: Mapped[str] = mapped_column(String(32), default="")
    locked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    deposit_daily: Mapped[int | None] = mapped_column(BigInteger, default=None)
    deposit_weekly: Mapped[int | None] = mapped_column(BigInteger, default=None)
    deposit_monthly: Mapped[int | None] = mapped_column(BigInteger, default=None)
    loss_daily: Mapped[int | None] = mapped_column(BigInteger, default=None)
    loss_weekly: Mapped[int | None] = mapped_column(BigInteger, default=None)
    loss_monthly: Mapped[int | None] = mapped_column(BigInteger, default=None)
    spend_daily: Mapped[int | None] = mapped_column(BigInteger, default=None)
    spend_weekly: Mapped[int | None] = mapped_column(BigInteger, default=None)
    spend_monthly: Mapped[int | None] = mapped_column(BigInteger, default=None)
    single_wager: Mapped[int | None] = mapped_column(BigInteger, default=None)
    time_daily: Mapped[int | None] = mapped_column(BigInteger, default=None)
    pending_json: Mapped[str] = mapped_column(Text, default="{}")
    reminder_minutes: Mapped[int] = mapped_column(Integer, default=60)
    day_key: Mapped[str] = mapped_column(String(10), default="")
    week_key: Mapped[str] = mapped_column(String(10), default="")
    month_key: Mapped[str] = mapped_column(String(10), default="")
    wagered_day: Mapped[int] = mapped_column(BigInteger, default=0)
    wagered_week: Mapped[int] = mapped_column(BigInteger, default=0)
    wagered_month: Mapped[int] = mapped_column(BigInteger, default=0)
    lost_day: Mapped[int] = mapped_column(BigInteger, default=0)
    lost_week: Mapped[int] = mapped_column(BigInteger, default=0)
    lost_month: Mapped[int] = mapped_column(BigInteger, default=0)
    deposited_day: Mapped[int] = mapped_column(BigInteger, default=0)
    deposited_week: Mapped[int] = mapped_column(BigInteger, default=0)
    deposited_month: Mapped[int] = mapped_column(BigInteger, default=0)
    wagered_total: Mapped[int] = mapped_column(BigInteger, default=0)
    """Every cent wagered since the row was made, never reset (a session's figures are
    the difference from its start)."""
    lost_total: Mapped[int] = mapped_column(BigInteger, default=0)


class PlayerSession(Base):
    """A session (812a.9): from a sign-in (or an account's first request) to its
    sign-out, the next sign-in, or its last activity once idle past the server's limit
    (GLI-19 2.5.4; migration 0014, :mod:`croupier.ledger.sessions`)."""

    __tablename__ = "player_sessions"
    __table_args__ = (Index("ix_player_sessions_player", "player_id", "started_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    ended_why: Mapped[str] = mapped_column(String(40), default="")
    address: Mapped[str] = mapped_column(String(64), default="")
    wagered_at_start: Mapped[int] = mapped_column(BigInteger, default=0)
    """The player's ``wagered_total`` when the session began."""
    lost_at_start: Mapped[int] = mapped_column(BigInteger, default=0)


class FailedSignIn(Base):
    """A failed authentication for an account (GLI-19 2.5.3(d); migration 0014)."""

    __tablename__ = "failed_sign_ins"
    __table_args__ = (Index("ix_failed_sign_ins_player", "player_id", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    address: Mapped[str] = mapped_column(String(64), default="")


class SignificantEventRow(Base):
    """One significant event (GLI-19 2.8.8, migration 0013;
    :mod:`croupier.ledger.significant_events`): append-only, in ``seq`` order from 0;
    when (UTC), who (a player id, an operator's name or ``system``), what kind, what it
    concerns (``subject``), the values before and after (JSON text), the sentence a
    person reads, and its place in the log's hash chain (``hash`` = sha256(``prev_hash``
    + the row's canonical JSON)). The chain's head is the ``significant events`` row of
    ``ledger_heads``."""

    __tablename__ = "significant_events"

    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    who: Mapped[str] = mapped_column(String(100))
    kind: Mapped[str] = mapped_column(String(40), index=True)
    subject: Mapped[str] = mapped_column(String(200), index=True)
    before_json: Mapped[str] = mapped_column(Text)
    after_json: Mapped[str] = mapped_column(Text)
    words: Mapped[str] = mapped_column(Text)
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))


class Disabled(Base):
    """A table, a game, a paytable (a Rules Submission version, ``<table>/<version>``) or
    a player disabled (GLI-19 2.4.1, 4.15; migration 0013): by whom, when and why. The
    row is deleted when it is enabled again; both steps are significant events
    (:mod:`croupier.ledger.disabling`)."""

    __tablename__ = "disabled"
    __table_args__ = (
        CheckConstraint("thing IN ('table', 'game', 'paytable', 'player')", name="thing"),
    )

    thing: Mapped[str] = mapped_column(String(20), primary_key=True)
    subject: Mapped[str] = mapped_column(String(200), primary_key=True)
    by: Mapped[str] = mapped_column(String(100))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    reason: Mapped[str] = mapped_column(Text, default="", server_default="")


class TrainingResult(Base):
    """One answer of a dealer's training session (issue #35; migration 0015;
    :mod:`croupier.ledger.training`): the session, the trainee, the game, the drill and
    its level, the item and what was asked, the engine's answer ``expected`` and the one
    ``given`` (as a reader reads them: ``"$14"``, ``"6-6 4-4"``), whether it was right,
    the seconds it took, the section that settles it and when it was answered (UTC)."""

    __tablename__ = "training_results"
    __table_args__ = (Index("ix_training_results_trainee", "trainee", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[str] = mapped_column(String(32), index=True)
    trainee: Mapped[str] = mapped_column(String(100))
    game: Mapped[str] = mapped_column(String(40))
    drill: Mapped[str] = mapped_column(String(20))
    level: Mapped[int] = mapped_column(Integer)
    item: Mapped[int] = mapped_column(Integer)
    question: Mapped[str] = mapped_column(String(200))
    expected: Mapped[str] = mapped_column(String(100))
    given: Mapped[str] = mapped_column(String(100))
    right: Mapped[bool]
    seconds: Mapped[float] = mapped_column(Float)
    cite: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TableLease(Base):
    """Which server process deals a table (issue #33, migrations 0016 and 0018;
    :mod:`croupier.server.lease`): ``owner``, a process's id, whose
    :class:`LeaseHolder` row says whether the lease is live. One row per table, keyed by
    table id like every hot table."""

    __tablename__ = "table_leases"

    table_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    owner: Mapped[str] = mapped_column(String(100), index=True)


class LeaseHolder(Base):
    """A server process that deals tables (issue #33, migration 0018): its id ``owner``,
    the ``address`` commands to its tables are sent to, and ``expires`` (seconds since
    the epoch, UTC) until which its leases hold unless it renews them (one row per
    process, renewed whatever the number of its tables)."""

    __tablename__ = "lease_holders"

    owner: Mapped[str] = mapped_column(String(100), primary_key=True)
    address: Mapped[str] = mapped_column(String(300))
    expires: Mapped[float] = mapped_column(Float)
