"""``/puzzles``: the catalog, one puzzle with per-target counts, the heatmap, stored solutions."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response
from sqlalchemy.orm import Session

from api import puzzle_content as content
from api.caching import IMMUTABLE, PNG, SHORT, TEXT, Payload, send
from api.clients import requester
from api.deps import FaceUp, LanguageDep, PuzzleDep, State, TargetDep, parse_day
from api.errors import documented
from api.schemas import PuzzleOut, PuzzlesOut, SolutionOut, SolutionPageOut
from api.state import ApiState
from hints import pictures
from hints.solutions import EMPTY, heatmap_year

router = APIRouter(prefix="/puzzles", tags=["puzzles"])

MAX_OFFSET = 1_000_000
MAX_LIMIT = 100
MAX_SOLUTION = 10_000_000

Offset = Annotated[
    int,
    Query(
        ge=0,
        le=MAX_OFFSET,
        description="solutions to skip; more than the target has (its count is in "
        "GET /api/v1/puzzles/{puzzle_id}): 422 offset_out_of_range",
    ),
]
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="solutions per page")]
SolutionNumber = Annotated[int, Path(ge=1, le=MAX_SOLUTION, description="solution number, from 1")]
PNG_RESPONSE: dict[int | str, dict[str, Any]] = {200: {"content": {PNG: {}}, "description": "PNG image"}}
TEXT_RESPONSE: dict[int | str, dict[str, Any]] = {200: {"content": {TEXT: {}}, "description": "text drawing"}}


async def _immutable(
    request: Request, state: ApiState, key: Hashable, produce: Callable[[Session], Payload]
) -> Response:
    """A payload cached in process under ``key`` (built in its own session on a miss, one computation
    of the client's budget), sent as immutable."""
    return send(request, await state.cached(key, produce, requester(request)), IMMUTABLE)


@router.get("", response_model=PuzzlesOut, responses=documented(503))
async def list_puzzles(request: Request, state: State) -> Response:
    """Every catalog puzzle: lattice, pieces, number of targets and stored solutions."""
    summaries = await state.summaries()
    key = ("catalog", tuple(sorted(summaries.items())))  # cached by the store's summary it shows
    payload = await state.payloads.fetch(key, lambda: content.catalog_payload(summaries))
    return send(request, payload, SHORT)


@router.get("/{puzzle_id}", response_model=PuzzleOut, responses=documented(404, 503))
async def get_puzzle(request: Request, puzzle: PuzzleDep, state: State) -> Response:
    """One puzzle: its cells (with calendar labels), pieces and per-target solution counts."""
    summary = (await state.summaries()).get(puzzle.id, EMPTY)  # a puzzle a person made: maybe none yet
    key = ("puzzle", puzzle.id, puzzle.fingerprint, summary)  # read again once a target is stored
    payload = await state.cached(key, lambda s: content.puzzle_payload(s, puzzle, summary))
    return send(request, payload, SHORT)


@router.get(
    "/{puzzle_id}/heatmap.png",
    response_class=Response,
    responses={**PNG_RESPONSE, **documented(404, 422, 429, 503)},
)
async def heatmap(
    request: Request,
    puzzle: PuzzleDep,
    state: State,
    language: LanguageDep,
    year: Annotated[
        int | None,
        Query(ge=1, le=9999, description="weekday editions: whose weekdays (default: this year)"),
    ] = None,
) -> Response:
    """Solutions per date over the year (calendars only). On the weekday editions each date shows
    the count of its target with the weekday it has in ``year``. An edition solved on demand shows
    the dates solved so far (the others grey, "no data") until all are, and is then cached for good.
    Its words (title, months, legend) are in ``lang``."""
    if puzzle.has_weekdays and year is None:
        year = parse_day("today", None, state.settings.DEFAULT_TIMEZONE).value.year
    key = pictures.heatmap_key(puzzle, heatmap_year(puzzle, year), language)  # the year only where it shows
    found = state.payloads.get(key)
    if found is not None:
        return send(request, found, IMMUTABLE)
    complete: list[bool] = []

    def produce(session: Session) -> Payload:
        payload, done = content.heatmap_payload(session, puzzle, year, language)
        complete.append(done)
        return payload

    payload = await state.fresh(produce, requester(request))
    if complete and complete[0]:
        state.payloads.put(key, payload)  # every date is stored: the picture is final
        return send(request, payload, IMMUTABLE)
    return send(request, payload, SHORT)


@router.get(
    "/{puzzle_id}/targets/{target}/solutions",
    response_model=SolutionPageOut,
    responses=documented(404, 422, 429, 503),
)
async def list_solutions(
    request: Request,
    puzzle: PuzzleDep,
    target: TargetDep,
    state: State,
    offset: Offset = 0,
    limit: Limit = 20,
    faceup: FaceUp = False,
) -> Response:
    """Stored solutions as placements, ``limit`` at a time from ``offset`` (one per symmetry class);
    with ``faceup=true`` only those that turn no piece over (numbers stay the stored ones)."""
    key = ("solutions", puzzle.id, target.name, offset, limit, faceup)
    return await _immutable(
        request, state, key, lambda s: content.solution_page(s, puzzle, target, offset, limit, faceup)
    )


@router.get(
    "/{puzzle_id}/targets/{target}/solutions/{n}.png",
    response_class=Response,
    responses={**PNG_RESPONSE, **documented(404, 422, 429, 503)},
)
async def solution_png(
    request: Request, puzzle: PuzzleDep, target: TargetDep, n: SolutionNumber, state: State
) -> Response:
    """Solution ``n`` drawn as a PNG."""
    key = pictures.solution_key(puzzle, target, n)
    return await _immutable(request, state, key, lambda s: content.solution_png(s, puzzle, target, n))


@router.get(
    "/{puzzle_id}/targets/{target}/solutions/{n}.txt",
    response_class=Response,
    responses={**TEXT_RESPONSE, **documented(404, 422, 429, 503)},
)
async def solution_txt(
    request: Request, puzzle: PuzzleDep, target: TargetDep, n: SolutionNumber, state: State
) -> Response:
    """Solution ``n`` as the solver's text drawing."""
    key = ("solution-txt", puzzle.id, target.name, n)
    return await _immutable(request, state, key, lambda s: content.solution_text(s, puzzle, target, n))


@router.get(
    "/{puzzle_id}/targets/{target}/solutions/{n}",
    response_model=SolutionOut,
    responses=documented(404, 422, 429, 503),
)
async def solution_json(
    request: Request, puzzle: PuzzleDep, target: TargetDep, n: SolutionNumber, state: State
) -> Response:
    """Solution ``n`` as placements."""
    key = ("solution-json", puzzle.id, target.name, n)
    return await _immutable(request, state, key, lambda s: content.solution_json(s, puzzle, target, n))
