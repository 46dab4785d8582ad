"""``/``: the web page, and ``/static/page.css`` and ``/static/page.js`` it uses.

Query parameters: ``date`` (YYYY-MM-DD, default today), ``stage`` and
``pstage`` (0-3: calendar and pentomino hints revealed), ``tz`` (for today).
Bad values answer an HTML page saying what is wrong (400), never a 500.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse
from sqlalchemy.exc import SQLAlchemyError

from api.caching import SHORT, Payload, send
from api.deps import State, parse_day
from api.errors import ApiError
from api.web import assets
from api.web.page import View, render_error, render_page
from hints.errors import PRECOMPUTE_COMMAND, NotPrecomputed

router = APIRouter(include_in_schema=False)

CSS = Payload(assets.CSS.encode(), "text/css; charset=utf-8")
JS = Payload(assets.JS.encode(), "text/javascript; charset=utf-8")
POLICY = (
    "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": POLICY,
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
}


def _stage(text: str | None, name: str) -> int:
    if text is None or text == "":
        return 0
    if text.isdigit() and int(text) <= 3:
        return int(text)
    raise ApiError(400, "invalid_stage", f"{name} must be 0, 1, 2 or 3, got {text[:20]!r}")


def _html(body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(body, status_code=status, headers=HEADERS)


@router.get("/", response_class=HTMLResponse)
async def page(
    state: State,
    date: str | None = None,
    stage: str | None = None,
    pstage: str | None = None,
    tz: str | None = None,
) -> HTMLResponse:
    zone = state.settings.DEFAULT_TIMEZONE
    today = parse_day("today", None, zone).value
    try:
        day = parse_day(date or "today", tz or None, zone)
        view = View(day.value, _stage(stage, "stage"), _stage(pstage, "pstage"))
        bundle = await state.daily.bundle_async(view.day)
    except ApiError as exc:
        return _html(render_error(exc.message, today), 400)
    except NotPrecomputed:
        message = f"The puzzles are not precomputed yet; run {PRECOMPUTE_COMMAND}."
        return _html(render_error(message, today), 503)
    except SQLAlchemyError:
        return _html(render_error("The solution store cannot be read right now.", today), 503)
    return _html(render_page(bundle, view, today))


@router.get("/static/page.css")
async def stylesheet(request: Request) -> Response:
    return send(request, CSS, SHORT)


@router.get("/static/page.js")
async def script(request: Request) -> Response:
    return send(request, JS, SHORT)
