"""``/me``: the player asking (``api.players``: the Telegram user of ``Authorization: tma
<initData>``, else the web board's visitor of the ``player`` cookie): their day, settings and
record; and ``/me/positions``, their own board per puzzle target (the Mini App's save slot, what
the bot's ``/hint`` and ``/check`` start from).

A Mini App request with a missing, forged or stale sign-in is a 401 that says which. A web
visitor without a cookie reads as a new player with the defaults, and is stored on their first
write (the answer sets the cookie).

Every write of ``/me`` (settings, a board saved here, a board opened, a hint seen or a solve in
``/me/days``) spends one of the player's writes: ``API_ME_WRITES_PER_MINUTE`` a minute, at most
``API_ME_WRITE_BURST`` of them in any 10 seconds; beyond, 429 with ``Retry-After``.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from api import presenters
from api.caching import Payload, send
from api.clients import requester
from api.deps import PuzzleDep, State, TargetDep
from api.errors import ApiError, documented, invalid, not_allowed
from api.players import Caller, Reader, Writer, clear_cookie, now, set_cookie, spend_write
from api.schemas import KindRecordOut, MeOut, PositionOut, SettingsIn
from hints import game, players
from hints.daily import calendar_editions
from hints.players import InvalidSetting, Player
from hints.positions import analyse_position, placements_of_code
from hints.saved import save_board, saved_board
from i18n import LANGUAGES

router = APIRouter(prefix="/me", tags=["mini app"])
ERRORS = documented(400, 401, 404, 410, 413, 422, 429, 503)
ME_ERRORS = documented(401, 422, 429, 503)


class SavePositionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str = Field(min_length=1, max_length=64, description="the board's position code")


def _record(found: game.KindRecord) -> KindRecordOut:
    return KindRecordOut(
        played=found.played,
        solved=found.solved,
        streak=found.streak,
        best=found.best,
        hints=found.hints,
        solved_today=found.solved_today,
    )


def _me(caller: Caller, state: State) -> MeOut:
    """The caller's day, settings and record (a visitor not stored: the defaults, nothing played)."""
    player = caller.player or Player(0, state.settings.DEFAULT_TIMEZONE)
    standing = state.unit(lambda session: game.standing(session, player, now()), commit=False)()
    kind = "new" if caller.player is None else "web" if player.web else "telegram"
    return MeOut(
        kind=kind,
        today=standing.today.isoformat(),
        timezone=player.timezone or state.settings.DEFAULT_TIMEZONE,
        timezone_known=player.timezone is not None,
        edition=player.variant.edition,
        faceup=player.variant.faceup,
        language=player.language,
        calendar=_record(standing.calendar),
        challenge=_record(standing.challenge),
    )


def _private(request: Request, model: BaseModel, caller: Caller) -> Response:
    return set_cookie(request, send(request, Payload.json(model), "private, no-store"), caller)


@router.get("", response_model=MeOut, responses=ME_ERRORS)
async def me(request: Request, caller: Reader, state: State) -> Response:
    """The player's today (in their time zone), settings, and record for the calendar and the
    challenge: days played, puzzles solved, current and best streak, hints used, and whether today's
    puzzle is solved."""
    return _private(request, await run_in_threadpool(_me, caller, state), caller)


@router.delete("", status_code=204, responses=ME_ERRORS)
async def forget(request: Request, caller: Reader, state: State) -> Response:
    """Erase the player, as the bot's ``/forget`` does: their record (days, hints, solves,
    streaks), saved boards and settings; a web visitor's row, a Telegram user's private chat with
    the bot and the web visitors who became them. The cookie is cleared; a visitor not stored has
    nothing to erase (204 all the same). One of the player's writes."""
    player = caller.player
    if player is not None:
        await spend_write(state, player)

        await run_in_threadpool(state.unit(lambda session: players.forget(session, player.id)))
    return clear_cookie(request, Response(status_code=204, headers={"Cache-Control": "private, no-store"}))


_REFUSED = {
    "timezone": ("invalid_timezone", "unknown time zone {value!r}; use an IANA name like Europe/Berlin"),
    "edition": ("unknown_edition", "unknown edition {value!r}; editions: {editions}"),
    "language": ("unknown_language", "unknown language {value!r}; languages: {languages}"),
}


def _refused(exc: InvalidSetting) -> ApiError:
    """The 422 of a setting the player cannot hold, in words."""
    code, message = _REFUSED[exc.setting]
    editions = ", ".join(p.id for p in calendar_editions())
    value = str(exc.value)[:64]
    return invalid(code, message.format(value=value, editions=editions, languages=", ".join(LANGUAGES)))


@router.put("/settings", response_model=MeOut, responses=ME_ERRORS)
async def settings(request: Request, body: SettingsIn, caller: Writer, state: State) -> Response:
    """Change the player's settings (a field left out stays): their time zone, calendar edition,
    face-up mode, language; 422 naming a value they cannot hold (nothing is changed). A Telegram
    user's are their private chat's with the bot, as its commands set them. Answers ``GET /me``."""

    player = caller.player
    assert player is not None
    values = body.model_dump(exclude_none=True)

    def work() -> MeOut:
        try:
            chosen = state.unit(lambda session: players.choose(session, player, now(), **values))()
        except InvalidSetting as exc:
            raise _refused(exc) from None
        return _me(Caller(chosen, caller.cookie), state)

    return _private(request, await run_in_threadpool(work), caller)


@router.put("/positions/{puzzle_id}/{target}", response_model=PositionOut, responses=ERRORS)
async def save_position(
    request: Request, body: SavePositionIn, puzzle: PuzzleDep, target: TargetDep, caller: Writer, state: State
) -> Response:
    """Save the board (by its position code) and answer its analysis."""
    player = caller.player
    assert player is not None

    saving = state.unit(lambda session: save_board(session, player.id, puzzle, target, body.code, now()))
    work = lambda: presenters.position_out(saving())  # noqa: E731
    return _private(request, await state.reading(puzzle, target, work, requester(request)), caller)


@router.get("/positions/{puzzle_id}/{target}", response_model=PositionOut, responses=ERRORS)
async def saved_position(
    request: Request, puzzle: PuzzleDep, target: TargetDep, caller: Reader, state: State
) -> Response:
    """The analysis of the saved board; 404 when this player saved none on this target."""
    player_id = caller.player.id if caller.player is not None else None

    def analysed(session: Session) -> PositionOut:
        saved = None if player_id is None else saved_board(session, player_id, puzzle, target)
        if saved is None:
            raise ApiError(404, "no_saved_position", f"no board saved for {puzzle.id} {target.name}")
        placements = placements_of_code(puzzle, saved.code)
        return presenters.position_out(analyse_position(session, puzzle, target, placements))

    work = state.unit(analysed, commit=False)
    return _private(request, await state.reading(puzzle, target, work, requester(request)), caller)


@router.api_route(
    "/positions/{puzzle_id}/{target}",
    methods=["POST", "DELETE", "PATCH", "OPTIONS"],
    include_in_schema=False,
)
async def other_methods() -> Response:
    """405 naming both methods of this path (Starlette alone would name only the first route's)."""
    return not_allowed("GET", "PUT")


@router.api_route("", methods=["POST", "PUT", "PATCH", "OPTIONS"], include_in_schema=False)
async def other_methods_of_me() -> Response:
    """405 naming both methods of ``/me`` (Starlette alone would name only the first route's)."""
    return not_allowed("GET", "DELETE")
