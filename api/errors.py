"""One error shape for every failure: ``{"error": {"code": "...", "message": "...", "details": [...]}}``.

Handlers turn the exceptions the service layer and FastAPI raise into that
shape, so no input ever reaches a bare 500: unknown ids are 404, bad
parameters and bodies 422, a missing or unreachable store 503. On the site's
pages (a route declared with ``response_class=HTMLResponse``, or no route at
all for a browser asking for HTML outside the API) the same status comes as a
small page in the reader's language instead (:func:`api.web.page.render_failure`).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from api.schemas import ErrorOut
from api.web.language import page_language
from api.web.page import error_text, render_failure
from hints.catalog import UnknownPuzzleError, UnknownTargetError
from hints.errors import (
    BeyondLimits,
    MalformedPosition,
    NoFaceUpSolution,
    NotPrecomputed,
    NotSolved,
    OffsetOutOfRange,
    OutdatedCode,
    ServiceError,
    SignedBeforeDay,
    UnknownSolution,
)

logger = logging.getLogger("api")

# HTTP status of each refusal of the service layer (its code and message are the error's own); the
# first entry that matches wins. A code made for an earlier version of its puzzle is 410: it named
# a position once and never will again, which a client should drop rather than correct.
SERVICE_STATUSES: tuple[tuple[type[ServiceError], int], ...] = (
    (NotPrecomputed, 503),
    (BeyondLimits, 422),
    (UnknownSolution, 404),
    (NoFaceUpSolution, 404),
    (OffsetOutOfRange, 422),
    (OutdatedCode, 410),
    (MalformedPosition, 422),
    (SignedBeforeDay, 401),
    (NotSolved, 409),
)

# FastAPI's words for a body it could not even decode (not UTF-8): answered as any invalid JSON is.
BODY_NOT_PARSED = "There was an error parsing the body"

# Codes for Starlette's own HTTP errors (no route, wrong method, ...).
_HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
}


class ApiError(Exception):
    """An error with its HTTP status, a stable machine-readable code and a message for people."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: list[dict[str, Any]] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details or []
        self.headers = headers or {}


def not_found(code: str, message: str) -> ApiError:
    return ApiError(404, code, message)


def invalid(code: str, message: str, details: list[dict[str, Any]] | None = None) -> ApiError:
    return ApiError(422, code, message, details)


def error_response(
    status: int, code: str, message: str, details: list[dict[str, Any]] | None = None
) -> JSONResponse:
    body = ErrorOut.model_validate({"error": {"code": code, "message": message, "details": details or []}})
    return JSONResponse(body.model_dump(), status_code=status, headers={"Cache-Control": "no-store"})


def _location(loc: tuple[Any, ...] | list[Any]) -> str:
    return ".".join(str(part) for part in loc)


def validation_details(exc: RequestValidationError) -> list[dict[str, Any]]:
    """FastAPI's validation errors as plain JSON (their ``ctx`` may hold exception objects)."""
    return [
        {
            "location": _location(e.get("loc", ())),
            "type": str(e.get("type", "")),
            "message": str(e.get("msg", "")),
        }
        for e in exc.errors()
    ]


def wants_page(request: Request) -> bool:
    """A browser asking for a page (``Accept`` names HTML) outside the API's own paths."""
    path = request.url.path
    api_path = path.startswith(("/api/", "/openapi.json", "/docs", "/healthz", "/readyz", "/telegram/"))
    return not api_path and "text/html" in request.headers.get("accept", "")


def answers_page(request: Request) -> bool:
    """Whether an error is answered as a page: the request's route is one of the site's pages (it
    answers HTML), or no route took it and a browser asks for a page (:func:`wants_page`)."""
    route = request.scope.get("route")
    if route is not None:
        return getattr(route, "response_class", None) is HTMLResponse
    return wants_page(request)


def _answer(
    request: Request,
    status: int,
    code: str,
    message: str,
    details: list[dict[str, Any]] | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    """The error in the shape its route answers in: the JSON shape, or on the site's pages a page
    saying it in the reader's language (``?lang=``, else the browser's)."""
    if answers_page(request):
        language = page_language(request.query_params.get("lang"), request.headers.get("accept-language"))
        sentence = error_text(language, code, message, status)
        response: Response = HTMLResponse(
            render_failure(language, status, sentence),
            status,
            headers={"Cache-Control": "no-store", "Vary": "Accept-Language"},
        )
    else:
        response = error_response(status, code, message, details)
    response.headers.update(headers or {})
    return response


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return _answer(request, exc.status, exc.code, exc.message, exc.details, exc.headers)


async def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    details = validation_details(exc)
    first = details[0] if details else {"location": "request", "type": "", "message": "invalid request"}
    if first["type"] == "json_invalid":
        message = "the request body is not valid JSON"
    else:
        message = f"{first['location']}: {first['message']}"
    return _answer(request, 422, "invalid_request", message, details)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 400 and exc.detail == BODY_NOT_PARSED:  # bytes that are not text at all
        return _answer(request, 422, "invalid_request", "the request body is not valid JSON")
    code = _HTTP_CODES.get(exc.status_code, "http_error")
    message = exc.detail if isinstance(exc.detail, str) else code.replace("_", " ")
    return _answer(request, exc.status_code, code, message, headers=dict(exc.headers or {}))


async def _unknown_puzzle(request: Request, exc: Exception) -> Response:
    return _answer(request, 404, "unknown_puzzle", str(exc))


async def _unknown_target(request: Request, exc: Exception) -> Response:
    return _answer(request, 404, "unknown_target", str(exc))


async def _service_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ServiceError)
    status = next((code for kind, code in SERVICE_STATUSES if isinstance(exc, kind)), 500)
    if exc.public_message != exc.message:  # what the operator should do goes to the log only
        logger.warning("%s", exc.message)
    return _answer(request, status, exc.code, exc.public_message)


async def _database_error(request: Request, exc: Exception) -> Response:
    logger.warning("database error: %s", type(exc).__name__)
    return _answer(request, 503, "database_unavailable", "the solution store cannot be read right now")


async def _unexpected(request: Request, exc: Exception) -> Response:
    logger.exception("unexpected error", exc_info=exc)
    return _answer(request, 500, "internal_error", "unexpected server error")


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(UnknownPuzzleError, _unknown_puzzle)
    app.add_exception_handler(UnknownTargetError, _unknown_target)
    app.add_exception_handler(ServiceError, _service_error)
    app.add_exception_handler(SQLAlchemyError, _database_error)
    app.add_exception_handler(Exception, _unexpected)


def documented(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` entries for the error statuses an operation can return."""
    descriptions = {
        400: "A request body that cannot be read (not UTF-8)",
        401: "Missing, forged or stale Telegram Mini App sign-in (for a day's record: made before that day)",
        403: "Someone else's puzzle: only the person who made it may change it",
        404: "Unknown puzzle, target or resource",
        410: "A position code made for an older version of the puzzle, or a puzzle its owner deleted",
        409: "The board is not one of the player's puzzles of the day, or a solve without a solved board",
        429: "Too many computations asked for by this client, or Mini App writes; see Retry-After",
        413: "Request body too large",
        422: "Invalid parameter or body",
        503: "Store not precomputed or unreachable, or the server is busy computing (see Retry-After)",
    }
    return {status: {"model": ErrorOut, "description": descriptions[status]} for status in statuses}


def not_allowed(*methods: str) -> Response:
    """405 naming every method of a path (Starlette alone names only the first route's)."""
    response = error_response(405, "method_not_allowed", f"use {' or '.join(methods)}")
    response.headers["Allow"] = ", ".join(methods)
    return response
