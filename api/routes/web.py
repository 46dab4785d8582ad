"""``/``: the web page; ``/play/{puzzle_id}/{target}``: the playable board; ``/make``: the
editor of people's own puzzles; their ``/static`` files.

Query parameters of ``/``: ``date`` (YYYY-MM-DD, default today), ``stage`` and
``pstage`` (0-3: calendar and pentomino hints revealed), ``tz`` (for today),
``edition`` (the calendar edition), ``faceup`` (off when the edition is named without it, as the
page's form sends it). Without them, the visitor's own (the ``player``
cookie's, ``api.players``): today in their time zone (the default zone until the page's script
has sent it), their edition (default DragonFjord's) and face-up mode.
``/play`` takes ``p``, a position code to start from. Every page takes ``lang``
(en, ja; else the browser's ``Accept-Language``, else English: an unknown value
is ignored). Bad values answer an HTML page saying what is wrong (400, or 404
for an unknown puzzle or target), never a 500.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from dataclasses import replace
from datetime import date

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from sqlalchemy.exc import SQLAlchemyError

from api import players
from api.caching import IMMUTABLE, SHORT, STABLE, Payload, send
from api.clients import Requester, requester
from api.deps import State, get_edition, parse_day
from api.errors import ApiError
from api.presenters import board_link
from api.web import assets
from api.web.board import BoardView
from api.web.board_page import board_page_payload, render_board_list
from api.web.day_view import View
from api.web.language import PageLanguage, page_language
from api.web.make_page import render_make_page
from api.web.page import (
    NOT_PRECOMPUTED,
    STORE_UNAVAILABLE,
    bad_position_text,
    daily_page_payload,
    error_text,
    invalid_date_text,
    render_error,
    solving_text,
)
from hints import links
from hints.catalog import Puzzle, UnknownPuzzleError, UnknownTargetError, catalog, get_puzzle, target_for_date
from hints.codes import encode_position
from hints.daily import DEFAULT_VARIANT, calendar_editions
from hints.deeplink import encode_link
from hints.difficulty import target_stars
from hints.errors import MalformedPosition, NoFaceUpSolution, NotPrecomputed
from hints.positions import fixed_pieces, placements_of_code
from hints.solutions import EMPTY
from hints.words import puzzle_title
from i18n import N_, SOURCE_LANGUAGE

log = logging.getLogger(__name__)
router = APIRouter(include_in_schema=False)

# Every static file by its plain name and by its name with a content hash (what the pages link).
STATIC = {name: Payload(asset.body, asset.media_type) for name, asset in assets.BY_NAME.items()}
HASHED = frozenset(asset.hashed for asset in assets.ASSETS.values())
FAVICON = Payload(assets.favicon_ico(), "image/x-icon")
ROBOTS = Payload(assets.ROBOTS.encode(), "text/plain; charset=utf-8")
# connect-src 'self': the board asks the API; on every page, tools that read the site's robots.txt
# from the page (Lighthouse) may too. Nothing is fetched from elsewhere.
POLICY = (
    "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
NO_CACHE = "no-cache"  # pages are asked again each time, and answered 304 while their ETag holds
HEADERS = {
    "Content-Security-Policy": POLICY,
    "Cache-Control": NO_CACHE,
    "X-Content-Type-Options": "nosniff",
    "Vary": "Accept-Language",  # without ?lang= the browser's language picks the page's
}
# The board also runs as a Telegram Mini App, which Telegram Web shows in a frame.
BOARD_POLICY = POLICY.replace(
    "frame-ancestors 'none'", "frame-ancestors 'self' https://web.telegram.org"
).replace(
    "script-src 'self'",
    # the two inline scripts by their hashes: the "js" class on <html>, the modules' import map
    f"script-src 'self' {assets.SCRIPTED_HASH} {assets.IMPORT_MAP_HASH}",
)
BOARD_HEADERS = {**HEADERS, "Content-Security-Policy": BOARD_POLICY}


STAGES = {"0": 0, "1": 1, "2": 2, "3": 3}


def _stage(text: str | None, name: str) -> int:
    """A hint stage of the page's query, 0 when absent; 400 for anything but the ASCII digits 0-3
    (``str.isdigit`` admits "²", which ``int`` refuses)."""
    if not text:
        return 0
    if text in STAGES:
        return STAGES[text]
    raise ApiError(400, "invalid_stage", f"{name} must be 0, 1, 2 or 3, got {text[:20]!r}")


def _flag(text: str | None) -> bool:
    """A yes/no query parameter: 1, true, yes or on is yes (any case); anything else no."""
    return (text or "").strip().lower() in ("1", "true", "yes", "on")


def _html(body: str, status: int = 200, headers: dict[str, str] = HEADERS) -> HTMLResponse:
    return HTMLResponse(body, status_code=status, headers=headers)


def _language(request: Request, lang: str | None) -> PageLanguage:
    return page_language(lang, request.headers.get("accept-language"))


@router.get("/", response_class=HTMLResponse)
async def page(
    request: Request,
    state: State,
    date: str | None = None,
    stage: str | None = None,
    pstage: str | None = None,
    tz: str | None = None,
    edition: str | None = None,
    faceup: str | None = None,
    lang: str | None = None,
) -> Response:
    zone = state.settings.DEFAULT_TIMEZONE
    player = await players.page_player(request, state)  # the visitor's zone, edition and face-up mode
    theirs = player.variant if player is not None else DEFAULT_VARIANT
    their_zone = player.timezone if player is not None else None
    today = parse_day("today", their_zone, zone).value
    language = _language(request, lang)
    view: View | None = None
    try:
        day = parse_day(date or "today", tz or their_zone, zone)
        chosen = await get_edition(edition or theirs.edition)
        stages = _stage(stage, "stage"), _stage(pstage, "pstage")
        # an address naming the edition names the mode too (the form sends faceup only when ticked)
        named = faceup is not None or edition is not None
        shown_faceup = _flag(faceup) if named else theirs.faceup
        view = View(day.value, *stages, chosen, shown_faceup, language)
        key = ("page", view, today)  # with the day's bundle (fixed for a store), all the page shows
        found = state.payloads.get(key)
        if found is None:
            who = replace(requester(request), wait=PAGE_SOLVE_WAIT)
            found = await _daily_page(state, key, view, today, who)
    except ApiError as exc:  # bad parameters (400), or too much computing asked for (429/503)
        return await _refused_page(state, exc, view, today, language, date)
    except NotPrecomputed as missing:  # what the operator should run goes to the log only
        log.warning("daily page: %s", missing.message)
        return _html(render_error(language.text(NOT_PRECOMPUTED), today, language), 503)
    except SQLAlchemyError:
        return _html(render_error(language.text(STORE_UNAVAILABLE), today, language), 503)
    return send(request, found, NO_CACHE, HEADERS)


PAGE_SOLVE_WAIT = 1.0  # a page waits this long for a day solved on demand, then says it is working


async def _refused_page(
    state: State,
    exc: ApiError,
    view: View | None,
    today: date,
    language: PageLanguage,
    asked: str | None = None,
) -> Response:
    """The page of a refused request: what is wrong, the form still set to what was asked (a date
    that is none, ``asked``, said in plain words); a day being solved for the first time says so
    (and how long it usually takes) and reloads itself when its ``Retry-After`` says."""
    busy = exc.status in (429, 503)
    refresh = None
    if exc.code == "solving" and view is not None:
        summary = (await state.summaries()).get(view.edition)
        message = solving_text(view, summary.seconds if summary is not None else None)
        refresh = int(exc.headers.get("Retry-After", "5"))
    elif exc.code == "invalid_date" and asked is not None:
        message = invalid_date_text(language, asked)
    else:
        message = error_text(language, exc.code, exc.message, exc.status)
    page = _html(render_error(message, today, language, view, refresh), exc.status if busy else 400)
    page.headers.update(exc.headers)
    return page


async def _daily_page(state: State, key: Hashable, view: View, today: date, who: Requester) -> Payload:
    """The daily page rendered once for ``key``: one computation of ``who``'s budget, the bundle's
    when the day must be computed, else the rendering's."""
    if state.daily.has_bundle(view.day, view.edition, view.faceup):
        await state.budget.admit(who)
        charged: Requester | None = None
    else:
        charged = who  # bundle_async charges it
    try:
        bundle = await state.daily.bundle_async(view.day, charged, view.edition, view.faceup)
        no_faceup = False
    except NoFaceUpSolution:  # say so, and keep the challenge and the heatmap
        bundle = await state.daily.bundle_async(view.day, charged, view.edition, False)
        no_faceup = True
    return await state.payloads.fetch(
        key, lambda: state.daily.apart(daily_page_payload, bundle, view, today, no_faceup)
    )


def _boards(state: State, language: PageLanguage) -> list[tuple[str, str, str]]:
    """(title, page, target) of every calendar edition (those solved on demand too), then every
    other catalog board; calendars open on today's date (with its weekday where the edition has one)."""
    today = parse_day("today", None, state.settings.DEFAULT_TIMEZONE).value
    boards = [p for p in catalog().values() if not p.is_calendar]
    found = []
    for puzzle in (*calendar_editions(), *boards):
        target = target_for_date(puzzle, today).name if puzzle.is_calendar else puzzle.targets[0].name
        title = puzzle_title(puzzle, language.code)
        found.append((title, links.play(puzzle.id, target, lang=language.param), target))
    return found


def _stars(state: State, puzzle: Puzzle, target: str, faceup: bool) -> Payload:
    """A calendar target's difficulty stars for the board's share text, from the stored counts (no
    solving; face-up counts are counted once per stored state, in a worker process): empty when
    not known."""
    return Payload.text(state.daily.computed(target_stars, puzzle.id, target, faceup))


async def _board_stars(
    state: State, puzzle: Puzzle, target: str, faceup: bool, who: Requester
) -> tuple[str | None, bool]:
    """The stars of a calendar target (None on other boards, when not known, or when the store
    fails), cached by the store's summary of its edition; and whether ``who`` was charged a
    computation for them (429 when their budget is spent; none when no worker could count them)."""
    if not puzzle.is_calendar:
        return None, False
    try:
        summary = (await state.summaries()).get(puzzle.id, EMPTY)
        key = ("stars", puzzle.id, puzzle.fingerprint, target, faceup, summary)
        found = state.payloads.get(key)
        if found is not None:
            return found.body.decode() or None, False
        found = await state.rendered(key, lambda: _stars(state, puzzle, target, faceup), who)
    except SQLAlchemyError:
        log.warning("board page: the difficulty of %s %s could not be read", puzzle.id, target)
        return None, False
    except ApiError as exc:
        if exc.status != 503:  # over the budget: the page says so
            raise
        log.warning("board page: the difficulty of %s %s could not be counted now", puzzle.id, target)
        return None, False
    return found.body.decode() or None, True


def _no_board(state: State, language: PageLanguage, english: str) -> Response:
    """404: the link names no board (``english``: which name is unknown); the boards to play."""
    unknown = language.text(N_("There is no such puzzle or target; here are the boards you can play."))
    message = _bad_link(language, english, unknown)
    return _html(render_board_list(_boards(state, language), message, language), 404)


def _bad_link(language: PageLanguage, english: str, translated: str) -> str:
    """Why a /play link names no board: the English details, or the translated words."""
    return english if language.code == SOURCE_LANGUAGE else translated


@router.get("/play/challenge/{date}", response_class=HTMLResponse)
async def play_challenge(request: Request, state: State, date: str, lang: str | None = None) -> Response:
    """The pentomino challenge of ``date`` (YYYY-MM-DD or today) on its playable board: a redirect to
    the board with the challenge's pre-placed pieces on it, fixed (what a solved calendar board
    offers next). Its pieces are worked out only when the link is followed."""
    zone = state.settings.DEFAULT_TIMEZONE
    player = await players.page_player(request, state)  # "today" is the visitor's
    their_zone = player.timezone if player is not None else None
    language = _language(request, lang)
    today = parse_day("today", their_zone, zone).value
    try:
        day = parse_day(date, their_zone, zone)
        bundle = await state.daily.bundle_async(day.value, requester(request))
    except ApiError as exc:
        return await _refused_page(state, exc, None, today, language, date)
    except NotPrecomputed as missing:
        log.warning("challenge board: %s", missing.message)
        return _html(render_error(language.text(NOT_PRECOMPUTED), today, language), 503)
    except SQLAlchemyError:
        return _html(render_error(language.text(STORE_UNAVAILABLE), today, language), 503)
    board = board_link(bundle.pentomino, language.param)
    return RedirectResponse(board, status_code=303, headers={"Cache-Control": "no-cache"})


@router.get("/play/{puzzle_id}", response_class=HTMLResponse)
async def play_puzzle(request: Request, state: State, puzzle_id: str, lang: str | None = None) -> Response:
    """A board named without its target: a calendar's target of the visitor's today, the one
    target of a board, today's challenge for ``challenge``; the list of boards for an unknown name."""
    language = _language(request, lang)
    if puzzle_id == "challenge":
        return RedirectResponse(links.challenge_today(language.param), status_code=303)
    try:
        puzzle = get_puzzle(puzzle_id)
    except UnknownPuzzleError as exc:
        unknown = language.text(N_("There is no such puzzle or target; here are the boards you can play."))
        return _html(
            render_board_list(_boards(state, language), _bad_link(language, str(exc), unknown), language), 404
        )
    if puzzle.is_calendar:
        player = await players.page_player(request, state)
        zone = player.timezone if player is not None else None
        target = target_for_date(puzzle, parse_day("today", zone, state.settings.DEFAULT_TIMEZONE).value).name
    else:
        target = puzzle.targets[0].name
    board = links.play(puzzle.id, target, lang=language.param)
    return RedirectResponse(board, status_code=303, headers={"Cache-Control": "no-cache"})


@router.get("/play/{puzzle_id}/{target}", response_class=HTMLResponse)
async def play(
    request: Request,
    state: State,
    puzzle_id: str,
    target: str,
    p: str | None = None,
    fixed: str | None = None,
    faceup: str | None = None,
    lang: str | None = None,
) -> Response:
    """The playable board of one puzzle target, starting from the position ``p`` names (or empty);
    ``fixed`` names placed pieces that stay where they are (the challenge's pre-placed pieces)."""
    language = _language(request, lang)
    try:
        puzzle = get_puzzle(puzzle_id)
        goal = puzzle.target(target)
    except (UnknownPuzzleError, UnknownTargetError) as exc:
        return _no_board(state, language, str(exc))
    try:
        placements = placements_of_code(puzzle, p) if p else ()
        staying = fixed_pieces(puzzle, fixed[:400] if fixed else None)
    except MalformedPosition as exc:
        message = bad_position_text(language, exc)
        return _html(render_board_list(_boards(state, language), message, language), 400)
    code = encode_position(puzzle, placements)
    assert code is not None, "a decoded position always has a code"
    bot = state.settings.TELEGRAM_BOT_USERNAME
    link = encode_link(puzzle, goal, "") if bot else None
    today = parse_day("today", None, state.settings.DEFAULT_TIMEZONE).value
    challenge = links.challenge(today, language.param) if puzzle.is_calendar else None
    shown_faceup = _flag(faceup)
    kept = ",".join(puzzle.pieces[p.piece].name for p in placements if p.piece in staying)
    who = requester(request)
    try:
        stars, charged = await _board_stars(state, puzzle, goal.name, shown_faceup, who)
        view = BoardView(
            puzzle,
            goal,
            placements,
            code,
            bot,
            link,
            faceup=shown_faceup,
            language=language,
            challenge_url=challenge,
            fixed=kept,
            stars=stars,
        )
        # Everything the page shows (the placements are the code's).
        key = (
            "play",
            puzzle.id,
            puzzle.fingerprint,
            goal.name,
            code,
            bot,
            shown_faceup,
            language,
            today,
            kept,
            stars,
        )
        payload = await state.rendered_apart(key, board_page_payload, view, who=None if charged else who)
    except ApiError as exc:  # too much computing asked for (429)
        message = error_text(language, exc.code, exc.message, exc.status)
        page = _html(render_error(message, today, language), exc.status)
        page.headers.update(exc.headers)
        return page
    return send(request, payload, NO_CACHE, BOARD_HEADERS)


@router.get("/play", response_class=HTMLResponse)
async def play_index(request: Request, state: State, lang: str | None = None) -> Response:
    """The boards to play."""
    language = _language(request, lang)
    today = parse_day("today", None, state.settings.DEFAULT_TIMEZONE).value
    key = ("boards", language, today)  # the calendars open on today's date
    try:
        payload = await state.rendered(
            key,
            lambda: Payload.html(render_board_list(_boards(state, language), language=language)),
            requester(request),
        )
    except ApiError as exc:  # too much computing asked for (429)
        message = error_text(language, exc.code, exc.message, exc.status)
        page = _html(render_error(message, today, language), exc.status)
        page.headers.update(exc.headers)
        return page
    return send(request, payload, NO_CACHE, HEADERS)


@router.get("/make", response_class=HTMLResponse)
async def make(request: Request, state: State, lang: str | None = None) -> Response:
    """The editor where a person draws their own puzzle (it runs in the Mini App too)."""
    language = _language(request, lang)
    payload = await state.payloads.fetch(("make", language), lambda: Payload.html(render_make_page(language)))
    return send(request, payload, NO_CACHE, BOARD_HEADERS)


@router.get("/static/{name:path}")
async def static_file(request: Request, name: str) -> Response:
    """The pages' stylesheets, scripts and icon (404 for any other name): by the name with a content
    hash, which the pages link, cached for a year; by the plain name, for a minute."""
    payload = STATIC.get(name)
    if payload is None:
        raise ApiError(404, "not_found", f"no static file {name[:40]!r}")
    return send(request, payload, IMMUTABLE if name in HASHED else SHORT)


@router.get("/favicon.ico")
async def favicon(request: Request) -> Response:
    """The site's icon, for clients that ask for it here (the pages link ``favicon.svg``)."""
    return send(request, FAVICON, STABLE)


@router.get("/robots.txt")
async def robots(request: Request) -> Response:
    """Crawlers may read the pages, not the API (whose uncached answers cost computing)."""
    return send(request, ROBOTS, STABLE)
