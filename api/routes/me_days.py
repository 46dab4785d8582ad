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
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from api.caching import Payload, send
from api.deps import FaceUp, LanguageDep, PuzzleDep, State, TargetDep
from api.errors import ApiError, documented
from api.routes.me import User
from api.schemas import DaySolvedOut
from hints import game
from hints.daily import PuzzleKind, challenge_heading
from solver.catalog import Puzzle, Target
from solver.hints import Stage

router = APIRouter(prefix="/me/days", tags=["mini app"])
ERRORS = documented(401, 404, 409, 422, 503)
StageNumber = Annotated[int, Path(ge=Stage.ONE_PIECE, le=Stage.ANSWER, description="the hint stage seen")]


def _play(
    session: Session, player: int, puzzle: Puzzle, target: Target, faceup: bool, zone: str, now: datetime
) -> game.Play:
    """The player's play on this board at ``now``; 409 when it is not one of their puzzles of the day."""
    today = game.player_today(session, player, now, zone)
    play = game.daily_play(puzzle, target, today, faceup)
    if play is None:
        raise ApiError(409, "not_todays_puzzle", f"{puzzle.id} {target.name} is not a puzzle of {today}")
    return play


@router.post("/{puzzle_id}/{target}/hints/{stage}", status_code=204, responses=ERRORS)
async def hint_seen(
    puzzle: PuzzleDep, target: TargetDep, stage: StageNumber, user: User, state: State, faceup: FaceUp = False
) -> Response:
    """Record a hint stage the player saw from their board (it never lowers what was seen)."""

    def work() -> None:
        with state.sessions.begin() as session:
            now = datetime.now(UTC)
            play = _play(session, user.id, puzzle, target, faceup, state.settings.DEFAULT_TIMEZONE, now)
            game.take_hint(session, user.id, play, game.Ladder.BOARD, Stage(stage))

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
        now = datetime.now(UTC)
        with state.sessions.begin() as session:
            play = _play(session, user.id, puzzle, target, faceup, state.settings.DEFAULT_TIMEZONE, now)
            result = game.solve(session, user.id, play, play.day, now, user.id, user.first_name)
        title = (
            puzzle.title
            if play.kind == PuzzleKind.CALENDAR
            else challenge_heading(play.day, puzzle, language)
        )
        return DaySolvedOut(
            date=play.day.isoformat(),
            first=result.fresh,
            hints=result.hints,
            seconds=result.seconds,
            streak=result.streak,
            best=result.best,
            share_text=game.share_text(result, title, None, language),
        )

    return send(request, Payload.json(await run_in_threadpool(work)), "private, no-store")
