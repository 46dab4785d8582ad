"""``/me/days``: the signed-in Telegram user's day on a board that is one of the day's puzzles.

The Mini App keeps its player's record on the server, by the service's rules (``hints.game``): a
hint stage seen from the board, and the solve with what it counts for (the hints used anywhere
that day, the time, the streak) and its share text. A board that is not one of the player's
puzzles of the day (their local date: their chat's time zone, else ``DEFAULT_TIMEZONE``) is 409
``not_todays_puzzle``; a sign-in made before that day began is 401 ``session_before_day``. The
solve is recorded only for a board the service sees solved: the code sent with it, else the board
saved that day (409 ``no_board``, ``not_solved`` otherwise). Each is one of the user's writes
(``api.routes.me``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Path, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from api.caching import Payload, send
from api.clients import requester
from api.deps import FaceUp, LanguageDep, PuzzleDep, State, TargetDep
from api.errors import ApiError, documented
from api.routes.me import Writer
from api.schemas import DaySolvedOut
from hints import game
from solver.catalog import Puzzle, Target
from solver.stages import Stage

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


@router.post("/{puzzle_id}/{target}/hints/{stage}", status_code=204, responses=ERRORS)
async def hint_seen(
    puzzle: PuzzleDep,
    target: TargetDep,
    stage: StageNumber,
    user: Writer,
    state: State,
    faceup: FaceUp = False,
) -> Response:
    """Record a hint stage the player saw from their board (it never lowers what was seen)."""

    def work() -> None:
        zone, now = state.settings.DEFAULT_TIMEZONE, datetime.now(UTC)
        with state.sessions.begin() as session:
            seen = game.seen_on_board(
                session, user.id, puzzle, target, faceup, Stage(stage), now, zone, signed_at=user.signed_at
            )
            if seen is None:
                raise _not_today(puzzle, target)

    await run_in_threadpool(work)
    return Response(status_code=204, headers={"Cache-Control": "private, no-store"})


@router.post("/{puzzle_id}/{target}/solved", response_model=DaySolvedOut, responses=ERRORS)
async def solved(
    request: Request,
    puzzle: PuzzleDep,
    target: TargetDep,
    user: Writer,
    state: State,
    language: LanguageDep,
    faceup: FaceUp = False,
    body: SolvedIn | None = None,
) -> Response:
    """The board is solved (the code sent, else the board saved today): recorded once a day (the
    first report counts); what it counts for, and a spoiler-free text to share."""
    code = body.code if body is not None else None

    def work() -> DaySolvedOut:
        zone, now = state.settings.DEFAULT_TIMEZONE, datetime.now(UTC)
        with state.sessions.begin() as session:
            found = game.solved_on_board(
                session,
                user.id,
                user.first_name,
                puzzle,
                target,
                faceup,
                now,
                zone,
                language,
                signed_at=user.signed_at,
                code=code,
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

    return send(
        request,
        Payload.json(await state.reading(puzzle, target, work, requester(request))),
        "private, no-store",
    )
