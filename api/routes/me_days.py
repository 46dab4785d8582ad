"""``/me/days``: the player's day on a board that is one of the day's puzzles.

The board (in the Mini App and on the web alike) keeps its player's record on the server, by the
service's rules (``hints.game``): the board opened (the solve's time counts from then), a hint
stage seen from it, and the solve with what it counts for (the hints used anywhere that day, the
time, the streak) and its share text. The player is the Telegram user of a Mini App sign-in or
the web visitor of the cookie (``api.players``). A board that is not one of the player's puzzles
of the day (their local date: their time zone, else ``DEFAULT_TIMEZONE``) is 409
``not_todays_puzzle``; so is the day's challenge board without its pre-placed pieces named in
``fixed`` (the free board). A Mini App sign-in made before that day began is 401
``session_before_day``. The solve is recorded only for a board the service sees solved: the code
sent with it, else the board saved that day (409 ``no_board``, ``not_solved`` otherwise). Each is
one of the player's writes (``api.routes.me``).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from api.caching import Payload, send
from api.clients import requester
from api.deps import FaceUp, Fixed, LanguageDep, PuzzleDep, State, TargetDep
from api.errors import ApiError, documented
from api.players import Caller, Writer, now, set_cookie
from api.schemas import DaySolvedOut
from hints import game
from hints.catalog import Puzzle, Stage, Target
from hints.positions import fixed_pieces

router = APIRouter(prefix="/me/days", tags=["mini app"])
ERRORS = documented(401, 404, 409, 410, 422, 429, 503)
StageNumber = Annotated[int, Path(ge=Stage.ONE_PIECE, le=Stage.ANSWER, description="the hint stage seen")]


class SolvedIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str | None = Field(
        default=None,
        min_length=1,
        max_length=64,
        description="the solved board's position code; without it, the board saved today (PUT /me/positions)",
    )


def _not_today(puzzle: Puzzle, target: Target) -> ApiError:
    return ApiError(409, "not_todays_puzzle", f"{puzzle.id} {target.name} is not one of your puzzles today")


def _board(puzzle: Puzzle, target: Target, faceup: bool, fixed: str) -> game.Board:
    """The board as the page has it open: ``fixed`` names its pre-placed pieces (422 for a name the
    puzzle does not have)."""
    return game.Board(puzzle, target, faceup, pre_placed=bool(fixed_pieces(puzzle, fixed)))


def _recorded(request: Request, caller: Caller) -> Response:
    return set_cookie(
        request, Response(status_code=204, headers={"Cache-Control": "private, no-store"}), caller
    )


@router.post("/{puzzle_id}/{target}/opened", status_code=204, responses=ERRORS)
async def opened(
    request: Request,
    puzzle: PuzzleDep,
    target: TargetDep,
    caller: Writer,
    state: State,
    faceup: FaceUp = False,
    fixed: Fixed = "",
) -> Response:
    """The player opened the board: its day starts now if it had not yet (the solve's time counts
    from the first opening)."""
    player = caller.player
    assert player is not None

    board = _board(puzzle, target, faceup, fixed)
    opening = state.unit(lambda session: game.opened_on_board(session, player, board, now()))
    if await run_in_threadpool(opening) is None:
        raise _not_today(puzzle, target)
    return _recorded(request, caller)


@router.post("/{puzzle_id}/{target}/hints/{stage}", status_code=204, responses=ERRORS)
async def hint_seen(
    request: Request,
    puzzle: PuzzleDep,
    target: TargetDep,
    stage: StageNumber,
    caller: Writer,
    state: State,
    faceup: FaceUp = False,
    fixed: Fixed = "",
) -> Response:
    """Record a hint stage the player saw from their board (it never lowers what was seen)."""
    player = caller.player
    assert player is not None

    board = _board(puzzle, target, faceup, fixed)
    seeing = state.unit(lambda session: game.seen_on_board(session, player, board, Stage(stage), now()))
    if await run_in_threadpool(seeing) is None:
        raise _not_today(puzzle, target)
    return _recorded(request, caller)


@router.post("/{puzzle_id}/{target}/solved", response_model=DaySolvedOut, responses=ERRORS)
async def solved(
    request: Request,
    puzzle: PuzzleDep,
    target: TargetDep,
    caller: Writer,
    state: State,
    language: LanguageDep,
    faceup: FaceUp = False,
    fixed: Fixed = "",
    body: SolvedIn | None = None,
) -> Response:
    """The board is solved (the code sent, else the board saved today): recorded once a day (the
    first report counts); what it counts for, and a spoiler-free text to share (in the player's
    language, else ``lang``) naming the puzzle and its date."""
    code = body.code if body is not None else None
    player = caller.player
    assert player is not None

    board = _board(puzzle, target, faceup, fixed)
    solving = state.unit(lambda session: game.solved_on_board(session, player, board, now(), language, code))

    def work() -> DaySolvedOut:
        found = solving()
        if found is None:
            raise _not_today(puzzle, target)
        result, share = found
        return DaySolvedOut(
            date=result.play.day.isoformat(),
            first=result.fresh,
            hints=result.hints,
            seconds=result.seconds,
            streak=result.streak,
            best=result.best,
            share_text=share,
        )

    answer = await state.reading(puzzle, target, work, requester(request))
    return set_cookie(request, send(request, Payload.json(answer), "private, no-store"), caller)
