"""Dealer training in the browser (issue #35; :mod:`croupier.training`): the page
``/play/training.html`` asks for an item and answers it; every answer is judged by the
engine's settlement (or the house way), corrected with the section, and stored in the
training record under the signed-in person's name.

- ``GET /training/games``: each game, its title and its drills.
- ``POST /training/payouts/item`` and ``POST /training/payouts/answer``: a payout item
  (the scene and the wagers, never the amounts) named by the session's seed and its
  number, and the answers to it.
- ``POST /training/house-way/item`` and ``POST /training/house-way/answer``: the
  dealer's tiles, and the tiles of the high hand set by the trainee.
- ``POST /training/irregularities/item`` and ``POST /training/irregularities/answer``:
  something gone wrong at the table and the remedies offered, and the one the trainee
  chooses (judged by the engine's handling, a wrong one corrected with the section quoted).
- ``GET /training/rules?game=``: the Rules Submissions a drill may deal under: the ones
  shipped (``examples/rules``, where the server runs from a checkout) and each table's in
  force. Every item request may send one (``rules``); none: the game's default.
- ``POST /training/procedure/item`` and ``POST /training/procedure/answer``: the dealer's
  steps of a round, and the next step the trainee takes (with those the round took
  before it, taken again: a step out of order is refused by the round with its section).

An item is named by numbers (:mod:`croupier.training.items`), so nothing is kept between
two requests. No game is named here.
"""

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import AfterValidator, BaseModel, Field
from sqlalchemy.orm import Session as OrmSession

from croupier.ledger import training as record
from croupier.ledger.models import Player
from croupier.registry import GAMES, find, load, rules_from_data
from croupier.rules.base import RulesSubmission
from croupier.server.routes.deps import PROBLEMS, Caller, Db
from croupier.training import items
from croupier.training.drill import Verdict, drills_of, judge, judge_total, read_answer
from croupier.training.irregularity import DRILL, judge_remedy
from croupier.training.setting import judge_setting

router = APIRouter()

Seed = Annotated[int, Field(ge=0, lt=items.SEED_MOST)]
Item = Annotated[int, Field(ge=0, lt=1_000_000)]


def _session_id(value: str) -> str:
    if not 8 <= len(value) <= 32 or value.strip("0123456789abcdef"):
        raise ValueError("a session is 8 to 32 hexadecimal characters (0 to 9 and a to f)")
    return value


Session = Annotated[str, AfterValidator(_session_id)]
"""The trainee's own name for his session (his answers are filed under his account, so
one player's session is never another's of the same id)."""
GameName = Annotated[str, Field(max_length=40)]
"""A game's name (no game's is longer: never echoed back when too long)."""
Seconds = Annotated[float, Field(ge=0, le=86_400)]


class GameOut(BaseModel):
    game: str
    title: str
    drills: list[str]


class ItemIn(BaseModel):
    game: GameName
    seed: Seed
    item: Item
    rules: dict[str, Any] | None = None
    """A Rules Submission's data (a shipped one, or a table's in force): the drill deals
    under it; ``None``: the game's default."""


class PayoutItemIn(ItemIn):
    level: Annotated[int, Field(ge=1, le=3)] = 1


class PayoutItemOut(BaseModel):
    scene: list[str]
    wagers: list[str]
    asks_total: bool


class PayoutAnswerIn(PayoutItemIn):
    answers: list[Annotated[str, Field(max_length=40)]]
    total: Annotated[str, Field(max_length=40)] | None = None
    seconds: Seconds = 0.0
    session: Session


class VerdictOut(BaseModel):
    right: bool
    words: str
    cite: str


class AnswersOut(BaseModel):
    verdicts: list[VerdictOut]
    total: VerdictOut | None = None


class SettingItemIn(ItemIn):  # the house-way and the irregularity drills
    pass


class SettingItemOut(BaseModel):
    scene: list[str]
    pieces: list[str]
    first_name: str
    noun: str


class SettingAnswerIn(SettingItemIn):
    answer: Annotated[str, Field(max_length=100)]
    seconds: Seconds = 0.0
    session: Session


class GamesOut(BaseModel):
    games: list[GameOut]


@router.get("/training/games", response_model=GamesOut, responses=PROBLEMS)
def games(me: Caller) -> GamesOut:
    """Every game with its drills, in the lobby's order."""
    return GamesOut(
        games=[
            GameOut(game=name, title=spec.title, drills=drills_of(spec))
            for name, spec in GAMES.items()
        ]
    )


@router.post("/training/payouts/item", response_model=PayoutItemOut, responses=PROBLEMS)
def payout_item(body: PayoutItemIn, me: Caller) -> PayoutItemOut:
    """A payout item: what the trainee sees and the wagers to pay (not their amounts)."""
    find(body.game)
    found = items.payout_item(
        body.game, body.level, seed=body.seed, item=body.item, rules=rules_in(body)
    )
    return PayoutItemOut(
        scene=list(found.scene),
        wagers=[payout.wager for payout in found.payouts],
        asks_total=body.level == 3 and len(found.payouts) > 1,
    )


@router.post("/training/payouts/answer", response_model=AnswersOut, responses=PROBLEMS)
def payout_answer(body: PayoutAnswerIn, me: Caller, db: Db) -> AnswersOut:
    """The answers to a payout item, judged by the engine's settlement and recorded (an
    answer that is no amount: 422, nothing recorded)."""
    find(body.game)
    found = items.payout_item(
        body.game, body.level, seed=body.seed, item=body.item, rules=rules_in(body)
    )
    if len(body.answers) != len(found.payouts):
        raise read_error(f"give {len(found.payouts)} answers, one a wager")
    given = [read_answer(text) for text in body.answers]
    verdicts = [judge(payout, cents) for payout, cents in zip(found.payouts, given, strict=True)]
    total = judge_total(found, read_answer(body.total)) if body.total is not None else None
    each = body.seconds / (len(verdicts) + (total is not None))
    answers = [
        _paid(body.item, p.wager, v, each) for p, v in zip(found.payouts, verdicts, strict=True)
    ]
    if total is not None:
        answers.append(_paid(body.item, "the total paid", total, each))
    _file(
        db,
        me,
        body,
        "payouts",
        body.level,
        answers=answers,
    )
    shown = [VerdictOut(right=v.right, words=v.words, cite=v.cite) for v in verdicts]
    return AnswersOut(
        verdicts=shown,
        total=None
        if total is None
        else VerdictOut(right=total.right, words=total.words, cite=total.cite),
    )


def _file(
    db: OrmSession,
    me: Player,
    body: Any,
    drill: str,
    level: int,
    *,
    answers: list[record.Answer],
    once: bool = True,
) -> None:
    """Store ``answers`` to ``body``'s item under the signed-in player's account (his
    name with his id: :func:`croupier.ledger.training.account`) in his session
    ``body.session``, and commit. With ``once``, an item answered before in that session
    is refused (:class:`~croupier.errors.LedgerError`, 409) and nothing is stored: a
    retry cannot raise the score."""
    from croupier.errors import LedgerError

    trainee = record.account(me.name, me.id)
    if once and record.answered(
        db,
        trainee=trainee,
        session_id=body.session,
        game=body.game,
        drill=drill,
        item=body.item,
    ):
        raise LedgerError(
            f"item {body.item} of this session is answered already: an item is answered "
            "once, and its first answer is the one recorded",
            "training:answer",
        )
    record.record(
        db,
        trainee=trainee,
        game=body.game,
        drill=drill,
        level=level,
        answers=answers,
        session_id=body.session,
    )
    db.commit()


def _paid(item: int, question: str, verdict: Verdict, seconds: float) -> record.Answer:
    """The answer to store of a payout ``verdict`` on ``question``, its amounts in dollars."""
    expected, given = f"{verdict.expected / 100:.2f}", f"{verdict.given / 100:.2f}"
    return record.Answer(item, question, expected, given, verdict.right, seconds, verdict.cite)


def _one(body: Any, question: str, verdict: Any) -> list[record.Answer]:
    """The one answer to store of ``body`` (its item, its seconds): ``verdict``'s
    expected and given answers to ``question``, whether right, and its cite."""
    return [
        record.Answer(
            body.item,
            question,
            verdict.expected,
            verdict.given,
            verdict.right,
            body.seconds,
            verdict.cite,
        )
    ]


def _has(body: Any, drill: str, named: str) -> None:
    """Refuse (:class:`~croupier.errors.IllegalCommand`) ``body``'s game where it has no
    ``drill`` (``named`` so in words)."""
    from croupier.errors import IllegalCommand

    spec = find(body.game)
    if drill not in drills_of(spec):
        raise IllegalCommand(
            f"{spec.title} has no {named} drill; its drills: {', '.join(drills_of(spec))}",
            "training:drill",
        )


def rules_in(body: Any) -> RulesSubmission | None:
    """The Rules Submission ``body`` sends (``rules``), checked: of its game, allowed by
    the regulation (raises :class:`~croupier.errors.RulesSubmissionError` naming the
    section); ``None`` where it sends none."""
    if body.rules is None:
        return None
    from croupier.errors import RulesSubmissionError

    submission = rules_from_data(body.rules)
    if submission.game != find(body.game).name:
        raise RulesSubmissionError(
            f"the Rules Submission sent is one of {submission.game}, not of {body.game}",
            "601a.2",
        )
    return submission


def read_error(message: str) -> Exception:
    from croupier.errors import InvalidAmount

    return InvalidAmount(message, "training:answer")


@router.post("/training/house-way/item", response_model=SettingItemOut, responses=PROBLEMS)
def setting_item(body: SettingItemIn, me: Caller) -> SettingItemOut:
    """A house-way item: the dealer's tiles to set."""
    found = _setting(body)
    return SettingItemOut(
        scene=list(found.scene),
        pieces=list(found.pieces),
        first_name=found.first_name,
        noun=found.noun,
    )


@router.post("/training/house-way/answer", response_model=VerdictOut, responses=PROBLEMS)
def setting_answer(body: SettingAnswerIn, me: Caller, db: Db) -> VerdictOut:
    """The tiles of the high hand as the trainee sets them, judged against the house way
    and recorded."""
    found = _setting(body)
    verdict = judge_setting(found, body.answer)
    _file(db, me, body, "house-way", 1, answers=_one(body, found.question, verdict))
    return VerdictOut(right=verdict.right, words=verdict.words, cite=verdict.cite)


def _setting(body: SettingItemIn) -> items.Arrangement:
    _has(body, "house-way", "house-way")
    return items.setting_item(body.game, seed=body.seed, item=body.item, rules=rules_in(body))


class ProcedureItemIn(ItemIn):
    pass


class ProcedureItemOut(BaseModel):
    choices: list[str]


class ProcedureAnswerIn(ProcedureItemIn):
    taken: list[Annotated[str, Field(max_length=60)]] = Field(default_factory=list, max_length=500)
    step: Annotated[str, Field(max_length=60)]
    seconds: Seconds = 0.0
    session: Session


class StepOut(VerdictOut):
    finished: bool


def _procedure(body: ProcedureItemIn, taken: list[str] | None = None) -> Any:
    from croupier.errors import IllegalCommand

    find(body.game)
    try:
        return items.procedure_drill(
            body.game, seed=body.seed, item=body.item, taken=taken or [], rules=rules_in(body)
        )
    except ValueError as error:
        raise IllegalCommand(str(error), "training:procedure") from error


@router.post("/training/procedure/item", response_model=ProcedureItemOut, responses=PROBLEMS)
def procedure_item(body: ProcedureItemIn, me: Caller) -> ProcedureItemOut:
    """A procedure item: the dealer's steps of its round, in alphabetical order."""
    return ProcedureItemOut(choices=_procedure(body).choices())


@router.post("/training/procedure/answer", response_model=StepOut, responses=PROBLEMS)
def procedure_answer(body: ProcedureAnswerIn, me: Caller, db: Db) -> StepOut:
    """The trainee's next step, sent to the round after the steps it took before: taken,
    or refused with its section; recorded."""
    from croupier.errors import IllegalCommand

    drill = _procedure(body, body.taken)
    try:
        verdict = drill.take(body.step)
    except ValueError as error:
        raise IllegalCommand(str(error), "training:procedure") from error
    [result] = drill.results
    _file(
        db,
        me,
        body,
        "procedure",
        1,
        once=False,  # a step refused is taken again: the round says which step is next
        answers=_one(body, result.question, result),
    )
    return StepOut(
        right=verdict.right, words=verdict.words, cite=verdict.cite, finished=drill.finished
    )


class IrregularityItemOut(BaseModel):
    scene: list[str]
    what: str
    choices: list[str]
    remedies: list[str]


class IrregularityAnswerIn(SettingItemIn):
    answer: Annotated[str, Field(max_length=100)]
    seconds: Seconds = 0.0
    session: Session


def _incident(body: SettingItemIn) -> Any:
    _has(body, DRILL, "irregularity")
    return items.irregularity_item(body.game, seed=body.seed, item=body.item, rules=rules_in(body))


@router.post(
    "/training/irregularities/item", response_model=IrregularityItemOut, responses=PROBLEMS
)
def irregularity_item(body: SettingItemIn, me: Caller) -> IrregularityItemOut:
    """An irregularity item: the table, what went wrong, the remedies to choose among (in
    words, and by name)."""
    found = _incident(body)
    return IrregularityItemOut(
        scene=list(found.scene),
        what=found.question,
        choices=[remedy.words for remedy in found.choices],
        remedies=[remedy.value for remedy in found.choices],
    )


@router.post("/training/irregularities/answer", response_model=VerdictOut, responses=PROBLEMS)
def irregularity_answer(body: IrregularityAnswerIn, me: Caller, db: Db) -> VerdictOut:
    """The remedy the trainee chooses (its number or name), judged by the engine's
    handling of the irregularity and recorded (none offered: 422, nothing recorded)."""
    found = _incident(body)
    verdict = judge_remedy(found, body.answer)
    _file(db, me, body, DRILL, 1, answers=_one(body, found.what, verdict))
    return VerdictOut(right=verdict.right, words=verdict.words, cite=verdict.cite)


class RulesChoice(BaseModel):
    name: str
    source: str
    rules: dict[str, Any]


class RulesOut(BaseModel):
    rules: list[RulesChoice]


SHIPPED = Path(__file__).resolve().parents[4] / "examples" / "rules"
"""Where the shipped Rules Submissions are, where the server runs from a checkout."""


@router.get("/training/rules", response_model=RulesOut, responses=PROBLEMS)
def rules_choices(game: Annotated[str, Query(max_length=40)], me: Caller, db: Db) -> RulesOut:
    """The Rules Submissions a drill of ``game`` may deal under: each shipped one (its
    file's name) and each table's in force (the table's id), as data to send back."""
    import json
    import tomllib

    from sqlalchemy import select

    from croupier.ledger import versions
    from croupier.ledger.models import GameTable

    name = find(game).name
    found: list[RulesChoice] = []
    for path in sorted(SHIPPED.glob("*.toml")) if SHIPPED.is_dir() else []:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if data.get("game") == name:
            load(path)  # refused here, not at the drill, where one is not allowed
            found.append(RulesChoice(name=path.stem, source="shipped", rules=data))
    for table in db.scalars(select(GameTable).where(GameTable.game == name).order_by(GameTable.id)):
        try:
            data = json.loads(versions.in_force(db, table.id).rules_json)
        except versions.NotInForce:  # a table with no Rules Submission in force deals nothing
            continue
        data.setdefault("game", name)
        found.append(RulesChoice(name=f"table {table.id}", source="table", rules=data))
    return RulesOut(rules=found)
