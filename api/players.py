"""Who is asking ``/me``: the Telegram user of a Mini App sign-in, or the web visitor of a cookie.

With ``Authorization: tma <initData>`` the player is the signed-in Telegram user (a missing,
forged or stale sign-in is 401). Without it, the player is the web visitor whose id the
``player`` cookie carries, signed with HMAC-SHA256 under the cookie key: ``WEB_PLAYER_SECRET``,
else a random secret the server made once and keeps in the store (``server_secrets``), so every
worker and every restart agrees. A cookie that is missing, malformed or not signed by that key is
no cookie: the visitor is new. A new visitor is stored on their first write only (one computation
of their client's budget, so a script cannot fill the store), and the answer to that write sets
the cookie: HttpOnly, SameSite=Lax, Secure when the page is served over https.

``DELETE /me`` forgets the player (:func:`hints.players.forget`) and clears the cookie.

A sign-in that comes with a web visitor's cookie links the two (:func:`hints.players.link`): the
visitor's history becomes the user's and the cookie names the user from then on.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated

from fastapi import Depends, Header, Request, Response
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from api.clients import requester, too_many
from api.deps import State
from api.errors import ApiError
from api.state import ApiState
from api.telegram_auth import InitDataError, TelegramUser, init_data_from_header, validate_init_data
from hints import players
from hints.players import Player

COOKIE = "player"
COOKIE_VERSION = "1"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie (Chrome's cap)
SECRET_NAME = "web-player-cookie"  # the stored secret's name (server_secrets)
WRITER_KEY = "{}:{}"  # the budget key of a player's writes: telegram:<id> or web:<id>

_keys: dict[str, bytes] = {}  # per store (DATABASE_URL): the cookie key read or made once


def now() -> datetime:
    """The clock of the players' days (tests move it, for the live server too)."""
    return datetime.now(UTC)


def cookie_key(state: ApiState) -> bytes:
    """The key cookies are signed with: the setting's, else the store's secret (made once)."""
    configured = state.settings.WEB_PLAYER_SECRET
    if configured is not None and configured.get_secret_value().strip():
        return configured.get_secret_value().strip().encode()
    url = state.settings.DATABASE_URL
    if url not in _keys:
        _keys[url] = state.unit(lambda session: players.server_secret(session, SECRET_NAME))().encode()
    return _keys[url]


def _signature(key: bytes, player_id: int) -> str:
    digest = hmac.new(key, f"{COOKIE_VERSION}.{player_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def signed_cookie(key: bytes, player_id: int) -> str:
    """The cookie's value naming ``player_id``: ``1.<id>.<signature>``."""
    return f"{COOKIE_VERSION}.{player_id}.{_signature(key, player_id)}"


def cookie_player(key: bytes, value: str | None) -> int | None:
    """The web player id a cookie names when ``key`` signed it; None for any other value."""
    parts = (value or "").split(".")
    if len(parts) != 3 or parts[0] != COOKIE_VERSION or not parts[1].isascii() or not parts[1].isdigit():
        return None
    player_id = int(parts[1])
    if not players.is_web_player(player_id):
        return None
    return player_id if hmac.compare_digest(parts[2], _signature(key, player_id)) else None


@dataclass(frozen=True)
class Caller:
    """The player a request is from (None: a web visitor not stored yet), and the cookie its
    answer must set (a new visitor's), if any."""

    player: Player | None
    cookie: str | None = None


def _secure(request: Request) -> bool:
    """Whether the page is served over https (the cookie is Secure then)."""
    return request.url.scheme == "https" or (request.app.state.api.settings.PUBLIC_URL or "").startswith(
        "https://"
    )


def set_cookie(request: Request, response: Response, caller: Caller) -> Response:
    """``response`` with the caller's new cookie on it, when they have one."""
    if caller.cookie is not None:
        response.set_cookie(
            COOKIE,
            caller.cookie,
            max_age=COOKIE_MAX_AGE,
            path="/",
            secure=_secure(request),
            httponly=True,
            samesite="lax",
        )
    return response


def clear_cookie(request: Request, response: Response) -> Response:
    """``response`` telling the browser to drop the player cookie."""
    response.delete_cookie(COOKIE, path="/", secure=_secure(request), httponly=True, samesite="lax")
    return response


def _telegram_user(state: ApiState, authorization: str) -> TelegramUser:
    """The Telegram user of a valid Mini App sign-in; 401 (which problem, never the data) otherwise."""
    token = state.settings.TELEGRAM_BOT_TOKEN
    if token is None or not token.get_secret_value().strip():
        # the sign-in cannot be checked here: refused like any other (a 503 read as "try later")
        raise ApiError(401, "unauthorized", "this server takes no Mini App sign-in (it has no bot token)")
    try:
        return validate_init_data(init_data_from_header(authorization), token.get_secret_value().strip())
    except InitDataError as exc:  # session_expired: a genuine sign-in, too old (reopen from the bot)
        raise ApiError(401, exc.code, str(exc)) from None


def _resolve(state: ApiState, user: TelegramUser | None, cookie: str | None) -> Player | None:
    """The request's player (in a worker thread): the signed-in user (linking the cookie's web
    visitor to them, once), else the cookie's visitor; None for a visitor not stored."""
    zone = state.settings.DEFAULT_TIMEZONE
    web_id = cookie_player(cookie_key(state), cookie) if cookie else None

    def resolving(session: Session) -> Player | None:
        if user is not None:
            player = players.telegram_player(session, user.id, zone, user.first_name, user.signed_at)
            if web_id is not None:
                players.link(session, web_id, player, now())
                player = players.telegram_player(session, user.id, zone, user.first_name, user.signed_at)
            return player
        return None if web_id is None else players.web_player(session, web_id, zone)

    return state.unit(resolving)()


async def calling(
    request: Request,
    state: State,
    authorization: Annotated[
        str | None, Header(description="tma <initData>; without it, the cookie's player")
    ] = None,
) -> Caller:
    """Who is asking (a read: a visitor not stored yet stays so)."""
    user = _telegram_user(state, authorization) if authorization is not None else None
    return Caller(await run_in_threadpool(_resolve, state, user, request.cookies.get(COOKIE)))


Reader = Annotated[Caller, Depends(calling)]


async def page_player(request: Request, state: ApiState) -> Player | None:
    """The web visitor a page is for (the cookie's; no sign-in on a page), None for one not
    stored: their zone, edition and face-up mode make the page's day and puzzle."""
    cookie = request.cookies.get(COOKIE)
    if not cookie:
        return None
    return await run_in_threadpool(_resolve, state, None, cookie)


def _new_player(state: ApiState) -> Caller:
    """A new web visitor stored, and the cookie that names them."""
    player = state.unit(
        lambda session: players.new_web_player(session, now(), state.settings.DEFAULT_TIMEZONE)
    )()
    return Caller(player, signed_cookie(cookie_key(state), player.id))


async def spend_write(state: ApiState, player: Player) -> None:
    """One of the player's writes spent; 429 with Retry-After when none is left."""
    wait = state.writes.take(WRITER_KEY.format("web" if player.web else "telegram", player.id))
    if wait is None:
        return
    await state.budget.hold_refusal()
    settings = state.settings
    raise too_many(
        wait,
        f"at most {settings.API_ME_WRITES_PER_MINUTE} writes a minute, "
        f"{settings.API_ME_WRITE_BURST} in 10 seconds; try again later",
    )


async def writing(request: Request, caller: Reader, state: State) -> Caller:
    """The caller, stored if they are a new web visitor, one of their writes spent
    (:func:`spend_write`)."""
    if caller.player is None:
        await state.budget.admit(requester(request))  # a new visitor costs a computation
        caller = await run_in_threadpool(_new_player, state)
    assert caller.player is not None
    await spend_write(state, caller.player)
    return caller


Writer = Annotated[Caller, Depends(writing)]
