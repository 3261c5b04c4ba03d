"""Request and response bodies of the table server (they make its OpenAPI description)."""

from __future__ import annotations

import json
import re
import tomllib
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    computed_field,
    model_validator,
)
from pydantic_core import PydanticCustomError

from croupier.citations import shown
from croupier.engine import LegalCommand
from croupier.identity import identity
from croupier.ledger import names
from croupier.money import MAX_CENTS
from croupier.registry import GAMES
from croupier.spots import SpotInfo

MAX_AMOUNT = MAX_CENTS
"""The largest amount one request may move: $1,000,000,000.00."""
_CONTROL = r"\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
NAME_PATTERN = rf"^[^\s{_CONTROL}]([^{_CONTROL}]*[^\s{_CONTROL}])?$"
"""A name: no control character (C0 and C1; PostgreSQL's text takes no NUL), no line or
paragraph separator, no bidirectional override, and no space at either end."""


def _name(value: str) -> str:
    wrong = names.problem(value)
    if wrong is not None:
        raise PydanticCustomError("name", wrong)
    if re.fullmatch(NAME_PATTERN, value) is None:
        raise PydanticCustomError(
            "name",
            "a name may not begin or end with a blank, nor hold a control character, a "
            "line separator or a bidirectional override",
        )
    return value


def _reason(value: str) -> str:
    if re.search(f"[{_CONTROL}]", value) is not None:
        raise PydanticCustomError(
            "reason",
            "a reason is one line of text as written: it may not hold a control character, "
            "a line separator or a bidirectional override",
        )
    return value


Reason = Annotated[str, AfterValidator(_reason)]
"""A reason the staff give (a seat freed, a table disabled, a Rules Submission's step):
one line of text, recorded and shown as written, so it holds no control character, line
separator or bidirectional override (each would forge or reorder lines of a report)."""


Name = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        json_schema_extra={"pattern": NAME_PATTERN},
        description="Shown at the tables; no blanks at either end, no control, invisible "
        'or formatting characters, none of < > & " or a backtick; unique ignoring case, '
        "width and blanks (croupier.ledger.names).",
    ),
    AfterValidator(_name),
]
"""A player's name (:data:`NAME_PATTERN` and :func:`croupier.ledger.names.problem`,
refused with a message in words)."""


class In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FieldProblem(BaseModel):
    """One field of a request that fails validation (:mod:`croupier.server.invalid`)."""

    loc: list[str | int]
    """Where the field is: ``["body", "command", "seat"]``, ``["header", "Idempotency-Key"]``."""
    detail: str
    """What is wrong with it, in a sentence naming it (never the value sent)."""


class Problem(BaseModel):
    """A refused request: what is wrong, and the rule (``cite``) that refuses it."""

    detail: str
    """What is wrong, in a sentence ending with the rule as a reader is shown it:
    ``"... (623a.6 (inferred))"`` for an inferred citation (:mod:`croupier.citations`)."""
    cite: str
    """The rule, machine-readable: a section (``"675a.2(e)(4)"``), never marked."""
    cite_basis: str | None = None
    """``"inferred"`` where ``cite`` is a section of a chapter whose text croupier does
    not have (ch. 623a, 625a: :data:`croupier.citations.INFERRED_CHAPTERS`); left out of
    the answer otherwise."""
    problems: list[FieldProblem] | None = None
    """A request that fails validation (``cite`` ``http:validation``, 422): each field
    that is wrong, in the order found; ``detail`` is their sentences. Left out otherwise."""


class PlayerCreate(In):
    name: Name
    role: Literal["player", "dealer", "admin"] = "player"


class PlayerOut(BaseModel):
    id: str
    name: str
    role: str
    balance: int
    """The wallet's balance in cents."""


class PlayerCreated(PlayerOut):
    token: str
    """The bearer token, shown once: only its sha256 is stored."""


class MoneyIn(In):
    amount: StrictInt = Field(gt=0, le=MAX_AMOUNT, description="Cents, a positive integer.")


class MoneyOut(BaseModel):
    player_id: str
    posting_id: int
    amount: int
    balance: int


class TableSettings(In):
    """A table's settings for online play (croupier.server.driver): time limits in
    seconds (``None``: no limit), physical dice and whether the cut is offered."""

    betting_seconds: float | None = Field(
        default=60, gt=0, le=3600, description="Betting closes this long after the first wager."
    )
    decision_seconds: float | None = Field(
        default=30,
        gt=0,
        le=3600,
        description="A player's time for each decision; then the safest action is taken "
        "(fold, stand, the house way; see docs/architecture.md).",
    )
    optional_seconds: float | None = Field(
        default=10,
        gt=0,
        le=3600,
        description="How long the dealer waits for optional choices (Insurance, surrender) "
        "that have no command to decline them.",
    )
    close_when_all_wagered: StrictBool = Field(
        default=False,
        description="Close the betting as soon as every seated player has wagered.",
    )
    physical_dice: StrictBool = Field(
        default=False,
        description="At a game with dice (High Roll Dice, Pai Gow, Sic Bo): the dealer enters the "
        "reading of physical dice (ThrowDice/ShakeDice with `faces`, then the call); true "
        "for a game without dice is refused (server:table-settings).",
    )
    client_seeds: StrictBool = Field(
        default=True,
        description="Players may mix a seed of their own into every random value of a "
        "round (CommandIn.client_seed). Off where the operator's certified generator must "
        "be the only source of randomness: the server seed alone decides, still sealed "
        "and announced before the wagers (docs/architecture.md).",
    )
    offer_cut: StrictBool = Field(
        default=False,
        description="Double Back Jack: after a round that leaves a shuffle due, the server "
        "opens the next round at once and offers the cut to the players in the order of "
        "673a.5(c), each accepting it (AcceptCut: the box places the cover card and the "
        "server records its cut, 673a.5(d)), refusing it (RefuseCut) or letting "
        "`decision_seconds` run out, which refuses it (so does leaving the seat); the "
        "dealer cuts when no player accepts (673a.5(b)). Off: the dealer cuts "
        '(docs/interpretations.md, "Who cuts"). '
        "Double Back Jack tables only: true for another game is refused "
        "(server:table-settings).",
    )
    rate_limit_per_second: float | None = Field(
        default=None,
        gt=0,
        le=10_000,
        description="Commands a second each caller may send at this table, sustained "
        "(server:rate-limit); null: the server's default (`croupier serve --rate-limit`).",
    )
    rate_limit_burst: StrictInt | None = Field(
        default=None,
        ge=1,
        le=100_000,
        description="Commands each caller may send at once at this table (the token "
        "bucket's size); null: the server's default (`croupier serve --rate-burst`).",
    )
    large_wager: StrictInt | None = Field(
        default=None,
        ge=1,
        le=MAX_AMOUNT,
        description="Cents: a wager of at least this much, or a seat's wagers in one round "
        "together, is recorded as a significant event (GLI-19 2.8.8); null: not watched.",
    )
    large_win: StrictInt | None = Field(
        default=None,
        ge=1,
        le=MAX_AMOUNT,
        description="Cents: winnings of at least this much on one wager, or a seat's in one "
        "round together, are recorded as a significant event (GLI-19 2.8.8); null: not "
        "watched.",
    )
    interrupted_rounds: Literal["resume", "void"] = Field(
        default="resume",
        description="A round in play when the server stopped (a crash, a restart): "
        "`resume` plays it on from its stored events when the server is back (its wagers "
        "held, the waits timed again); `void` voids it when the server starts again, "
        "every wager returned (server:interrupted-rounds). A round the floor may no "
        "longer void (Craps once a roll has settled wagers) resumes either way.",
    )


class TableCreate(In):
    id: str = Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")
    settings: TableSettings = Field(default_factory=TableSettings)
    rules: dict[str, Any] | None = Field(
        default=None, description="The Rules Submission as JSON (its `game` picks the model)."
    )
    rules_toml: str | None = Field(
        default=None, max_length=100_000, description="The Rules Submission as TOML text."
    )

    @model_validator(mode="after")
    def _options_of_the_game(self) -> TableCreate:
        """A game-specific setting only at a game that takes it: ``offer_cut`` where the
        players are offered a cut (:attr:`croupier.game.TablePolicy.options`; the
        players' cut of a Double Back Jack shoe, 673a.5(b)-(c)), ``physical_dice`` where
        the game has dice (:attr:`croupier.game.TablePolicy.physical_dice`). A Rules
        Submission that names no game is refused by the service, not here."""
        if not (self.settings.offer_cut or self.settings.physical_dice):
            return self
        game: object = (self.rules or {}).get("game")
        if self.rules_toml is not None:
            try:
                game = tomllib.loads(self.rules_toml).get("game")
            except tomllib.TOMLDecodeError:
                return self
        spec = GAMES.get(game) if isinstance(game, str) else None
        if spec is None:
            return self
        if self.settings.offer_cut and "offer_cut" not in spec.policy.options:
            raise PydanticCustomError(
                "table_settings",
                "settings.offer_cut: the players are offered the cut of a shoe only where "
                "the game has one (Double Back Jack, 673a.5(b)-(c)); a {game} table has no "
                "such cut, so offer_cut must be false (server:table-settings)",
                {"game": game},
            )
        if self.settings.physical_dice and not spec.policy.physical_dice:
            raise PydanticCustomError(
                "table_settings",
                "settings.physical_dice: a {game} table has no dice for the dealer to read, "
                "so physical_dice must be false (server:table-settings)",
                {"game": game},
            )
        return self


class SeatOut(BaseModel):
    seat: int
    player_id: str | None
    """The seat's account id, shown only to the staff (``None`` to a player, in a table's
    and a view's seat list: issue #34); a player's own seat he took or left says his."""
    name: str | None = None
    """The player's name as the table shows it; ``"you"`` for the caller's own seat in a
    seat list a player reads, ``"Seat N"`` where he is shown a seat whose player has no
    name."""


CLOSED = Field(
    default=False,
    description="Whether the table is closed for play: the table, its game or the "
    "paytable in force disabled by the operator (GLI-19 2.4.1), or the software's last "
    "self-check failed (GLI-19 2.3.2).",
)
CLOSED_REASON = Field(
    default="",
    description="Why the table is closed for play: the operator's reason, as he recorded "
    "it (plain text), or that play is stopped until the software's self-check passes; "
    "'' while it is open.",
)
CLOSED_BY: Any = Field(
    default="",
    description="Who closed the table for play: 'operator' or 'self-check'; '' while it is open.",
)
"""Whether and why a table is closed for play (:func:`croupier.server.held.closed_reason`),
said alike by the lobby's card, the table's page and the answer to taking a seat."""


class SeatTaken(SeatOut):
    """A seat just taken, and whether the table deals: seated at a table closed for play,
    the player is told so and why."""

    closed: bool = CLOSED
    closed_reason: str = CLOSED_REASON
    closed_by: Literal["", "operator", "self-check"] = CLOSED_BY


class TableOut(BaseModel):
    id: str
    game: str
    title: str = Field(description="The game's name as its chapter writes it.")
    chapter: str = Field(description="The chapter of 58 Pa. Code (e.g. 675a).")
    layout: str = Field(description="The browser's layout of the felt ('': the generic one).")
    spots: list[SpotInfo] = Field(
        default_factory=list,
        description="The layout's spots under the rules in force, in order, with their names "
        "and sections (from the game's package).",
    )
    cites: dict[str, str] = Field(
        default_factory=dict,
        description="Sections the layout names beside its areas and notes, as shown to a "
        "reader ('623a.4 (inferred)').",
    )
    words: dict[str, str] = Field(
        default_factory=dict,
        description="The game's words for the values its views and offers carry "
        "('needs_card': 'needs a card'), from the game's package.",
    )
    one_wager: str = Field(
        default="",
        description="The rule allowing a seat one wager per spot, in words with its section "
        "('one wager per spot (621a.7(a))'); '' where wagers on a spot add up.",
    )
    timeouts: dict[str, tuple[str | None, str, str]] = Field(
        default_factory=dict,
        description="What a timeout sends, by command (or 'command:decision'): said to the "
        "seat it acts for, of another seat ('seat N ...') and once done.",
    )
    rules: dict[str, Any]
    rules_sha256: str
    minimum_wager: int
    maximum_wager: int
    seats: list[SeatOut]
    events: int
    head_hash: str
    settings: TableSettings = Field(default_factory=TableSettings)
    seal: str | None = Field(
        default=None,
        description="The salted sha256 commitment of the next round's server seed, from "
        "which every card, tile and die of that round is drawn: announced before any wager "
        'of it, opened when it is revealed (docs/architecture.md, "Sealed before the first '
        'wager"). null: a table that has dealt no round since sealed draws came.',
    )
    closed: bool = CLOSED
    closed_reason: str = CLOSED_REASON
    closed_by: Literal["", "operator", "self-check"] = CLOSED_BY


SEED_COMMITMENT = Field(
    default=None,
    description="The sha256 (64 lowercase hex digits) of a seed of your own (16 to 64 "
    "letters, digits, '_' or '-'), which you give as `client_seed` with your first wager of "
    "the next round you play here: it then enters every card, tile and die drawn after it. "
    "One commitment serves one round.",
)


class SeatIn(In):
    seat: StrictInt = Field(ge=1, le=100)
    seed_commitment: StrictStr | None = SEED_COMMITMENT


COMMAND_NAME = 100
"""The most characters of a name in a command (its type, a spot, a position, a tile, a
field's name): more than any game's longest, so that a longer one is refused at once."""
NAMED = frozenset({"type", "spot", "position", "tile"})
"""The command fields that hold a name (:data:`COMMAND_NAME`)."""
COMMAND_TEXT = 4_000
"""The most characters of any other text in a command (a void's reason, a deck written
out): a few shoes' worth of cards."""


def _short_texts(command: dict[str, Any]) -> dict[str, Any]:
    """Refuse a command holding a name longer than :data:`COMMAND_NAME` or another text
    longer than :data:`COMMAND_TEXT` (at any depth), naming the field and its length,
    never its value."""

    def walk(value: Any, where: str, most: int) -> None:
        if isinstance(value, str) and len(value) > most:
            raise PydanticCustomError(
                "text_too_long",
                f"{where} is {len(value):,} characters long; "
                + (
                    f"a command's names (types, spots, fields) hold at most {most}"
                    if most == COMMAND_NAME
                    else f"a command's texts hold at most {most:,} characters"
                ),
            )
        if isinstance(value, dict):
            for name, inner in value.items():
                walk(name, f"a field's name in {where}", COMMAND_NAME)
                walk(inner, f"{where}'s {name}", COMMAND_NAME if name in NAMED else most)
        elif isinstance(value, list):
            for number, inner in enumerate(value):
                walk(inner, f"{where}, item {number + 1},", most)

    walk(command, "the command", COMMAND_TEXT)
    return command


class CommandIn(In):
    """The body of ``POST /tables/{table_id}/commands``, sent with the headers
    ``Authorization: Bearer TOKEN``, ``Idempotency-Key: <a fresh UUID>`` (required: the same
    key when the request is sent again) and ``Content-Type: application/json``."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "command": {
                        "type": "PlaceWager",
                        "seat": 1,
                        "spot": "pip_street:ace",
                        "amount": 500,
                    },
                }
            ]
        },
    )

    command: Annotated[dict[str, Any], AfterValidator(_short_texts)] = Field(
        description="One of the game's commands as JSON, tagged by `type` "
        '(High Roll Dice: `{"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", '
        f'"amount": 500}}`); no name in it (type, spot, field) over {COMMAND_NAME} '
        f"characters, no other text over {COMMAND_TEXT:,}."
    )
    round_version: StrictInt | None = Field(
        default=None,
        ge=0,
        description="The version of the open round the command was decided on "
        "(0, or the last round's as the table shows it: no round open); a different current "
        "version refuses the command with 409.",
    )
    client_seed: StrictStr | None = Field(
        default=None,
        max_length=64,
        description="With your first wager of a round: the seed whose sha256 you committed "
        "to before the round opened (`seed_commitment`); refused (422) when it is not that "
        "seed or the command places no first wager.",
    )
    next_seed_commitment: StrictStr | None = SEED_COMMITMENT


class StoredEvent(BaseModel):
    seq: int
    """Position in the table's hash chain."""
    index: int
    """Position in the round."""
    type: str
    prev_hash: str | None
    """The hash of the event before it in the table's chain; ``null`` where withheld (an
    event stored before sealing: :mod:`croupier.server.legacy`)."""
    hash: str | None
    """sha256(``prev_hash`` + the event's public form: ``event`` with each field of
    ``sealed`` replaced by its commitment), hex (:mod:`croupier.sealing`); ``null`` for a
    player or spectator from the first event of a round that was stored before sealing
    and hides something (its old hash would give the hidden card away:
    :mod:`croupier.server.legacy`)."""
    sealed: dict[str, str] = Field(default_factory=dict)
    """The commitments (hex) of the event's fields a spectator may not see, published when
    the event happens; their salts are revealed when the round is over
    (``GET /rounds/{id}/reveal``)."""
    event: dict[str, Any]
    ids_replaced: bool = Field(default=False, exclude_if=lambda replaced: not replaced)
    """Sent (``true``) where ``event`` names another player by a stand-in for his account
    id (:mod:`croupier.server.privacy`): its hash, over the stored event, cannot be
    worked out from it. Absent elsewhere."""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def cite_shown(self) -> str:
        """The event's ``cite`` as a reader is shown it (:func:`croupier.citations.shown`:
        ``"interpretations:void-round"`` is our published interpretation "Voiding a
        round"), sent beside ``event`` (the stored event itself, hashed and replayed, is
        unchanged); ``""`` where the event cites nothing."""
        cite = self.event.get("cite")
        return shown(cite) if isinstance(cite, str) and cite else ""


class CommandOut(BaseModel):
    table_id: str
    round_id: str
    round_version: int
    round_status: Literal["open", "completed", "voided"]
    events: list[StoredEvent]
    """Every event the command caused, with the dealer steps the server took after it."""
    balance: int | None
    """The caller's wallet after the command (``None`` for the dealer)."""


class TimeoutStep(BaseModel):
    """What the server sends for a seat (or as the dealer) when the wait runs out: the
    command's ``type`` and, for a decision, which (``"stand"``); never a hidden value
    (a Pai Gow hand set by the house way is only ``SetHands``)."""

    seat: int | None
    command: str
    decision: str | None = None


class Deadline(BaseModel):
    """The timed wait in progress (the table's ``betting_seconds``, ``decision_seconds``,
    ``optional_seconds``): its ``kind`` (betting, decision, optional), the seconds left
    when the view was made, and what its timeout does (``cite``: the rule)."""

    kind: str
    seconds_left: float
    timeout: list[TimeoutStep]
    cite: str = ""
    cite_shown: str = ""
    """:attr:`cite` as a reader is shown it (:func:`croupier.citations.shown`): what a
    page prints, never a code of croupier's own (``"server:deadlines"``)."""


class ViewOut(BaseModel):
    table_id: str
    actor: int | Literal["dealer"] | None
    round_id: str | None
    round_version: int | None
    round_status: Literal["open", "completed", "voided"] | None
    view: dict[str, Any] | None
    """The caller's view of the open round, or of the last one when none is open."""
    legal_commands: list[LegalCommand]
    """What the caller may send now; when no round is open, a command opens the next one."""
    balance: int | None
    seats: list[SeatOut] = Field(default_factory=list)
    """Who sits at the table now (a player seated after the round opened plays from the
    next one), with their names."""
    waiting_for: list[int] = Field(default_factory=list)
    """The seats that have something to send now in the open round (none: the dealer
    or the server acts, or no round is open)."""
    deadline: Deadline | None = None
    betting_held: str = ""
    """Why the open betting cannot be closed yet, in the game's words with their rule
    (:meth:`croupier.game.TablePolicy.betting_held`); where no round is open and none may
    be opened after a failed self-check, that said (:data:`croupier.server.selfcheck.
    CLOSED`); ``""``: nothing holds it. A viewer with no seat is told only why the table
    opens no round (:func:`croupier.server.held.table_words`)."""
    last_round: str = ""
    """Where the table was closed for play while the round shown was under way: that this
    round is the last before it closes (it is played out), and why
    (:func:`croupier.server.held.last_round`); ``""`` otherwise."""
    seal: str | None = None
    """The commitment of the next round's server seed (:attr:`TableOut.seal`)."""
    sat_in_round: bool = False
    """Whether the caller held his seat when the round shown opened (his name among the
    round's seats): only then are its results his; a player who took the seat since reads
    them as the last occupant's."""
    """The wait in progress and how long it has left; ``None``: nothing is timed."""


class ReplayOut(BaseModel):
    round_id: str
    table_id: str
    game: str
    status: Literal["open", "completed", "voided"]
    version: int
    events: list[StoredEvent]
    view: dict[str, Any]
    """The dealer's view of the round rebuilt from its stored events."""


RevealStatus = Literal["completed", "voided"]


class RevealedEvent(StoredEvent):
    """An event of a round that is over, whole, with what opens its commitments."""

    salts: dict[str, str | list[str]] = Field(default_factory=dict)
    """Each sealed field's salt (hex), or one per element of a list."""
    elements: dict[str, list[str]] = Field(default_factory=dict)
    """For each sealed list, its elements' commitments (hex), in order."""


class SoftwareOut(BaseModel):
    """Which croupier produced an answer (:func:`croupier.identity.identity`): its version,
    the commit it was built from (``unknown`` where none was recorded) and the sha256 of
    its critical files as installed."""

    name: str = "croupier"
    version: str
    commit: str
    files_sha256: str


def software() -> SoftwareOut:
    """The running croupier's :class:`SoftwareOut`."""
    return SoftwareOut(**identity().to_dict())


class RevealOut(BaseModel):
    """A round that is over, every event whole with its salts, for anyone to check
    (``croupier verify-round``, docs/architecture.md, "Provably fair rounds"), and the
    croupier that revealed it (``software``)."""

    round_id: str
    table_id: str
    game: str
    status: RevealStatus
    events: list[RevealedEvent]
    previous_round_id: str | None = None
    """The round before it at the table (``None``: the table's first)."""
    carried_on: bool = False
    """Whether the round was dealt from what the round before it left (the cards left in
    a shoe, ``TablePolicy.carried_on``): its check takes the rounds before it, back to
    the shuffle (``croupier verify-round``)."""
    software: SoftwareOut | None = None
    """The croupier that revealed it (``None`` in a reveal saved before it was named)."""


class VerifyOut(BaseModel):
    """A table's audit (``croupier verify``): its event chain and its money
    (:func:`croupier.ledger.audit.verify_money`). ``ok`` when both verify."""

    table_id: str
    ok: bool
    events: int
    head_hash: str
    problem: str | None
    """The first problem found (the event chain's first), or ``None``."""
    first_bad_seq: int | None
    """The ``seq`` of the first event that does not verify, or ``None``."""
    postings: int = 0
    """How many postings the table's money chain holds."""
    postings_head: str = ""
    """The hash of the table's last posting."""
    problems: list[str] = []
    """Every problem found, the event chain's, the money's, then the significant-events
    log's, each naming the event, posting, account or entry (empty: all verify)."""
    significant_events: int = 0
    """How many entries the significant-events log holds (its chain is checked too)."""


class AccountOut(BaseModel):
    id: int
    kind: Literal["wallet", "escrow", "inventory", "cage"]
    player_id: str | None
    table_id: str | None
    balance: int


class LedgerOut(BaseModel):
    accounts: list[AccountOut]
    total: int
    """The sum of every balance: zero."""
    lines_total: int
    """The sum of every posting line: zero."""


# --- the browser tables (croupier.server.browser) -----------------------------------------
class PlayMoneyIn(In):
    name: Name
    limits: dict[str, StrictInt | None] = Field(
        default_factory=dict,
        description="Limits offered at registration (814a.1), as PUT /players/{id}/limits "
        "takes them: cents, time_daily in minutes; in force at once.",
    )


class WagerReturnOut(BaseModel):
    """A wager's theoretical return from the game's par sheet under the table's rules
    (:func:`croupier.analysis.returns.wager_return`)."""

    wager: str = Field(description="The par sheet's name of the wager.")
    words: str = Field(description="The wager in words, with its sections.")
    house_edge: str = Field(description="The house edge per unit staked ('2.78%').")
    to_player: str = Field(description="The return to player per unit staked ('97.22%').")
    exact: str | None = Field(
        description="The exact house edge as 'p/q' where the figure is exact; null where "
        "it was counted approximately or simulated."
    )
    method: str = Field(description="How the figure was found, in words.")
    strategy: str | None = Field(
        description="The playing strategy the figure assumes; null for a wager with no decisions."
    )


class TableSummary(BaseModel):
    """A table in the lobby: its game, limits in cents, seats and its first wager's
    theoretical return."""

    id: str
    game: str
    title: str = Field(description="The game's name as its chapter writes it.")
    chapter: str = Field(description="The chapter of 58 Pa. Code (e.g. 675a).")
    layout: str = Field(description="The browser's layout of the felt ('': the generic one).")
    minimum_wager: int
    maximum_wager: int
    seat_count: int
    seats_taken: list[int]
    free_seats: list[int]
    main_return: WagerReturnOut | None = Field(
        default=None,
        description="The theoretical return of the game's principal wager (the one its "
        "package names, at its best-returning choice, else the first of its par sheet); "
        "null while it is being worked out or where it could not be.",
    )
    returns_note: str = Field(
        default="", description="Why there is no return yet, in words ('' where there is)."
    )
    closed: bool = CLOSED
    closed_reason: str = CLOSED_REASON
    closed_by: Literal["", "operator", "self-check"] = CLOSED_BY


class TablesOut(BaseModel):
    tables: list[TableSummary]


KEY_EXAMPLE = "3f1c9a52-7d4e-4b8a-9c1f-0e6d2b5a7c43"
"""An ``Idempotency-Key`` as a client makes one: a fresh UUID per request."""


class SendOut(BaseModel):
    """How a command is sent: the request, its headers (the ``Idempotency-Key`` the POST
    needs among them) and its body."""

    method: Literal["POST"] = "POST"
    path: str = "/tables/{table_id}/commands"
    headers: dict[str, str] = Field(
        default_factory=lambda: {
            "Authorization": "Bearer TOKEN",
            "Idempotency-Key": KEY_EXAMPLE,
            "Content-Type": "application/json",
        },
        description="Each header the request needs, with an example value: TOKEN is your "
        "bearer token; the Idempotency-Key is yours to make, unique to the request (a "
        "fresh UUID), and the same when you send the request again (it is then answered "
        "as it was the first time and nothing is done twice). Without it the command is "
        "refused 422 naming the header.",
    )
    body: dict[str, Any] = Field(
        default_factory=lambda: {"command": {"type": "...", "seat": 1}},
        description="The body: one of `commands` as `command` (its `type` and fields). "
        "Optionally `round_version` beside it: the `round_version` of `GET "
        "/tables/{table_id}/view` when you decided (0 where it is null: no round open), "
        "so that a command decided on a round since changed is refused 409; left out, "
        "the command is judged against the round as it stands.",
    )
    example: str = Field(
        default=(
            "POST /tables/{table_id}/commands\n"
            "Authorization: Bearer TOKEN\n"
            f"Idempotency-Key: {KEY_EXAMPLE}\n"
            "Content-Type: application/json\n"
            "\n"
            '{"command": {"type": "...", "seat": 1, ...}}'
        ),
        description="The request written out, with the first command seat 1 may send in "
        "a round of the game under its standard Rules Submission: it is taken as it "
        "stands, where seat 1 is yours (no `round_version`: see `body`).",
    )

    @classmethod
    def of(cls, command: dict[str, Any]) -> SendOut:
        """How ``command`` (its JSON form, a seat's first offer) is sent: the body and
        the request written out with it."""
        body = {"command": command}
        head = cls().example.rsplit("\n\n", 1)[0]
        return cls(body=body, example=f"{head}\n\n{json.dumps(body)}")


class CommandSchemaOut(BaseModel):
    game: str
    commands: dict[str, Any]
    """The JSON Schema of the game's commands, a union tagged by ``type``."""
    send: SendOut = Field(
        default_factory=SendOut,
        description="How to send one of them: POST /tables/{table_id}/commands with the "
        "headers given (the Idempotency-Key among them) and the body.",
    )


class HelpOut(BaseModel):
    """The help panel of a table: how its game is played, every wager and what it pays
    under the table's Rules Submission (its sign), the limits and the theoretical return
    of each wager from the par sheet."""

    table_id: str
    title: str
    chapter: str
    how_to_play: list[str] = Field(description="From the game's package, paragraph by paragraph.")
    sign: list[dict[str, Any]] = Field(
        description="The table sign as blocks: {'text', 'bold'} lines and {'columns', 'rows'} "
        "tables (croupier.signs.sign_blocks); empty where the game draws none."
    )
    minimum_wager: int
    maximum_wager: int
    returns: list[WagerReturnOut] | None = Field(
        description="Each wager's theoretical return; null while being worked out."
    )
    returns_note: str = Field(description="Why there are no returns yet ('' where there are).")


class SignOut(BaseModel):
    table_id: str
    text: str
    """The payout-odds sign as `croupier rules show` prints it."""


class RoundSummary(BaseModel):
    round_id: str
    number: int
    status: Literal["open", "completed", "voided"]
    version: int
    opened_at: str | None = None
    """When the round opened (ISO 8601, UTC)."""
    seat: int | None = None
    """The seat the caller held in the round (``None``: he did not play it)."""
    stake: int | None = None
    """What the round took from the caller's wallet (wagers and purchases), cents."""
    net: int | None = None
    """What the round moved into (positive) or out of the caller's wallet, cents."""
    view: dict[str, Any] | None = None
    """The caller's view of the round at its end (his seat's; only for a round that is
    over and that he played): what the history draws his hand from."""


class RoundsOut(BaseModel):
    table_id: str
    rounds: list[RoundSummary]
    """Newest first."""


class Step(BaseModel):
    event: StoredEvent
    view: dict[str, Any]
    """The caller's view of the round right after ``event``."""


class StepsOut(BaseModel):
    round_id: str
    table_id: str
    game: str
    status: Literal["open", "completed", "voided"]
    actor: int | Literal["dealer"] | None
    steps: list[Step]
    seats: list[SeatOut] = Field(default_factory=list)
    """Who sat where when the round opened, with their names (not who sits now)."""
