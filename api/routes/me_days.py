"""``/me/days``: the signed-in Telegram user's day on a board that is one of the day's puzzles.

The Mini App keeps its player's record on the server, by the service's rules (``hints.game``): a
hint stage seen from the board, and the solve with what it counts for (the hints used anywhere
that day, the time, the streak) and its share text. A board that is not one of the player's
puzzles of the day (their local date: their chat's time zone, else ``DEFAULT_TIMEZONE``) is 409
``not_todays_puzzle``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Path, Request, Response
from starlette.concurrency import run_in_threadpool

from api.caching import Payload, send
from api.deps import FaceUp, LanguageDep, PuzzleDep, State, TargetDep
from api.errors import ApiError, documented
from api.routes.me import User
from api.schemas import DaySolvedOut
from hints import game
from solver.catalog import Puzzle, Target
from solver.stages import Stage

router = APIRouter(prefix="/me/days", tags=["mini app"])
ERRORS = documented(401, 404, 409, 422, 503)
StageNumber = Annotated[int, Path(ge=Stage.ONE_PIECE, le=Stage.ANSWER, description="the hint stage seen")]


def _not_today(puzzle: Puzzle, target: Target) -> ApiError:
    return ApiError(409, "not_todays_puzzle", f"{puzzle.id} {target.name} is not one of your puzzles today")


@router.post("/{puzzle_id}/{target}/hints/{stage}", status_code=204, responses=ERRORS)
async def hint_seen(
    puzzle: PuzzleDep, target: TargetDep, stage: StageNumber, user: User, state: State, faceup: FaceUp = False
) -> Response:
    """Record a hint stage the player saw from their board (it never lowers what was seen)."""

    def work() -> None:
        zone, now = state.settings.DEFAULT_TIMEZONE, datetime.now(UTC)
        with state.sessions.begin() as session:
            if game.seen_on_board(session, user.id, puzzle, target, faceup, Stage(stage), now, zone) is None:
                raise _not_today(puzzle, target)

    await run_in_threadpool(work)
    return Response(status_code=204, headers={"Cache-Control": "private, no-store"})


@router.post("/{puzzle_id}/{target}/solved", response_model=DaySolvedOut, responses=ERRORS)
async def solved(
    request: Request,
    puzzle: PuzzleDep,
    target: TargetDep,
    user: User,
    state: State,
    language: LanguageDep,
    faceup: FaceUp = False,
) -> Response:
    """The board is solved: recorded once (the first report counts); what it counts for, and a
    spoiler-free text to share."""

    def work() -> DaySolvedOut:
        zone, now = state.settings.DEFAULT_TIMEZONE, datetime.now(UTC)
        with state.sessions.begin() as session:
            found = game.solved_on_board(
                session, user.id, user.first_name, puzzle, target, faceup, now, zone, language
            )
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

    return send(request, Payload.json(await run_in_threadpool(work)), "private, no-store")
