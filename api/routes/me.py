"""``/me/positions``: the signed-in Telegram user's own board per puzzle target (the Mini App's save slot).

Every request carries ``Authorization: tma <initData>``; a missing, forged or
stale sign-in is a 401 that says which. The saved board is what the bot's
``/hint`` and ``/check`` start from.

Every write of ``/me`` (a board saved here, a hint seen or a solve in ``/me/days``) spends one
of the signed-in user's writes (:data:`Writer`): ``API_ME_WRITES_PER_MINUTE`` a minute, at most
``API_ME_WRITE_BURST`` of them in any 10 seconds; beyond, 429 with ``Retry-After``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from api import presenters
from api.caching import Payload, send
from api.clients import requester, too_many
from api.deps import PuzzleDep, State, TargetDep
from api.errors import ApiError, documented, error_response
from api.schemas import PositionOut
from api.telegram_auth import InitDataError, TelegramUser, init_data_from_header, validate_init_data
from hints.positions import analyse_position, placements_of_code
from hints.saved import save_board, saved_board

router = APIRouter(prefix="/me", tags=["mini app"])
ERRORS = documented(400, 401, 404, 410, 413, 422, 429, 503)
WRITER_KEY = "telegram:{}"  # the budget key of a Telegram user's writes


class SavePositionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str = Field(min_length=1, max_length=64, description="the board's position code")


async def signed_in_user(
    state: State, authorization: Annotated[str | None, Header(description="tma <initData>")] = None
) -> TelegramUser:
    """The Telegram user of a valid Mini App sign-in; 401 (which problem, never the data) otherwise."""
    token = state.settings.TELEGRAM_BOT_TOKEN
    if token is None or not token.get_secret_value().strip():
        raise ApiError(503, "not_configured", "Mini App sign-in needs TELEGRAM_BOT_TOKEN on the server")
    try:
        return validate_init_data(init_data_from_header(authorization), token.get_secret_value().strip())
    except InitDataError as exc:  # session_expired: a genuine sign-in, too old (reopen from the bot)
        raise ApiError(401, exc.code, str(exc)) from None


User = Annotated[TelegramUser, Depends(signed_in_user)]


async def writing_user(user: User, state: State) -> TelegramUser:
    """The signed-in user, one of their writes spent; 429 with Retry-After when none is left."""
    wait = state.writes.take(WRITER_KEY.format(user.id))
    if wait is None:
        return user
    await state.budget.hold_refusal()
    settings = state.settings
    raise too_many(
        wait,
        f"at most {settings.API_ME_WRITES_PER_MINUTE} Mini App writes a minute, "
        f"{settings.API_ME_WRITE_BURST} in 10 seconds; try again later",
    )


Writer = Annotated[TelegramUser, Depends(writing_user)]


def _no_store(request: Request, model: PositionOut) -> Response:
    return send(request, Payload.json(model), "private, no-store")


@router.put("/positions/{puzzle_id}/{target}", response_model=PositionOut, responses=ERRORS)
async def save_position(
    request: Request, body: SavePositionIn, puzzle: PuzzleDep, target: TargetDep, user: Writer, state: State
) -> Response:
    """Save the board (by its position code) and answer its analysis."""

    def work() -> PositionOut:
        with state.sessions.begin() as session:
            analysis = save_board(session, user.id, puzzle, target, body.code, datetime.now(UTC))
            return presenters.position_out(analysis)

    return _no_store(request, await state.reading(puzzle, target, work, requester(request)))


@router.get("/positions/{puzzle_id}/{target}", response_model=PositionOut, responses=ERRORS)
async def saved_position(
    request: Request, puzzle: PuzzleDep, target: TargetDep, user: User, state: State
) -> Response:
    """The analysis of the saved board; 404 when this user saved none on this target."""

    def work() -> PositionOut:
        with state.sessions() as session:
            saved = saved_board(session, user.id, puzzle, target)
            if saved is None:
                raise ApiError(404, "no_saved_position", f"no board saved for {puzzle.id} {target.name}")
            placements = placements_of_code(puzzle, saved.code)
            return presenters.position_out(analyse_position(session, puzzle, target, placements))

    return _no_store(request, await state.reading(puzzle, target, work, requester(request)))


@router.api_route(
    "/positions/{puzzle_id}/{target}",
    methods=["POST", "DELETE", "PATCH", "OPTIONS"],
    include_in_schema=False,
)
async def other_methods() -> Response:
    """405 naming both methods of this path (Starlette alone would name only the first route's)."""
    response = error_response(405, "method_not_allowed", "use GET or PUT")
    response.headers["Allow"] = "GET, PUT"
    return response
