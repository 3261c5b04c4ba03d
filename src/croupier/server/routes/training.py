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
- ``POST /training/procedure/item`` and ``POST /training/procedure/answer``: the dealer's
  steps of a round, and the next step the trainee takes (with those the round took
  before it, taken again: a step out of order is refused by the round with its section).

An item is named by numbers (:mod:`croupier.training.items`), so nothing is kept between
two requests. No game is named here.
"""

from typing import Annotated, Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from croupier.ledger import training as record
from croupier.registry import GAMES, find
from croupier.server.routes.deps import PROBLEMS, Caller, Db
from croupier.training import items
from croupier.training.drill import drills_of, judge, judge_total, read_answer
from croupier.training.setting import judge_setting

router = APIRouter()

Seed = Annotated[int, Field(ge=0, lt=items.SEED_MOST)]
Item = Annotated[int, Field(ge=0, lt=1_000_000)]
Session = Annotated[str, Field(pattern=r"^[0-9a-f]{8,32}$")]
Seconds = Annotated[float, Field(ge=0, le=86_400)]


class GameOut(BaseModel):
    game: str
    title: str
    drills: list[str]


class PayoutItemIn(BaseModel):
    game: str
    level: Annotated[int, Field(ge=1, le=3)] = 1
    seed: Seed
    item: Item


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


class SettingItemIn(BaseModel):
    game: str
    seed: Seed
    item: Item


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
    found = items.payout_item(body.game, body.level, seed=body.seed, item=body.item)
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
    found = items.payout_item(body.game, body.level, seed=body.seed, item=body.item)
    if len(body.answers) != len(found.payouts):
        raise read_error(f"give {len(found.payouts)} answers, one a wager")
    given = [read_answer(text) for text in body.answers]
    verdicts = [judge(payout, cents) for payout, cents in zip(found.payouts, given, strict=True)]
    total = judge_total(found, read_answer(body.total)) if body.total is not None else None
    each = body.seconds / (len(verdicts) + (total is not None))
    answers = [
        record.Answer(
            body.item,
            p.wager,
            f"{v.expected / 100:.2f}",
            f"{v.given / 100:.2f}",
            v.right,
            each,
            v.cite,
        )
        for p, v in zip(found.payouts, verdicts, strict=True)
    ]
    if total is not None:
        answers.append(
            record.Answer(
                body.item,
                "the total paid",
                f"{total.expected / 100:.2f}",
                f"{total.given / 100:.2f}",
                total.right,
                each,
                total.cite,
            )
        )
    record.record(
        db,
        trainee=me.name,
        game=body.game,
        drill="payouts",
        level=body.level,
        answers=answers,
        session_id=body.session,
    )
    db.commit()
    shown = [VerdictOut(right=v.right, words=v.words, cite=v.cite) for v in verdicts]
    return AnswersOut(
        verdicts=shown,
        total=None
        if total is None
        else VerdictOut(right=total.right, words=total.words, cite=total.cite),
    )


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
    record.record(
        db,
        trainee=me.name,
        game=body.game,
        drill="house-way",
        level=1,
        answers=[
            record.Answer(
                body.item,
                found.question,
                verdict.expected,
                verdict.given,
                verdict.right,
                body.seconds,
                verdict.cite,
            )
        ],
        session_id=body.session,
    )
    db.commit()
    return VerdictOut(right=verdict.right, words=verdict.words, cite=verdict.cite)


def _setting(body: SettingItemIn) -> items.Arrangement:
    from croupier.errors import IllegalCommand

    spec = find(body.game)
    if "house-way" not in drills_of(spec):
        raise IllegalCommand(
            f"{spec.title} has no house-way drill; its drills: {', '.join(drills_of(spec))}",
            "training:drill",
        )
    return items.setting_item(body.game, seed=body.seed, item=body.item)


class ProcedureItemIn(BaseModel):
    game: str
    seed: Seed
    item: Item


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
        return items.procedure_drill(body.game, seed=body.seed, item=body.item, taken=taken or [])
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
    record.record(
        db,
        trainee=me.name,
        game=body.game,
        drill="procedure",
        level=1,
        answers=[
            record.Answer(
                body.item,
                result.question,
                result.expected,
                result.given,
                result.right,
                body.seconds,
                result.cite,
            )
        ],
        session_id=body.session,
    )
    db.commit()
    return StepOut(
        right=verdict.right, words=verdict.words, cite=verdict.cite, finished=drill.finished
    )
