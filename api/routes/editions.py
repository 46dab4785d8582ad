"""``/editions``: the calendar editions a player may own, for ``?edition=`` on the daily endpoints."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from api.caching import IMMUTABLE, PNG, SHORT, Payload, send
from api.deps import LanguageDep, State
from api.errors import documented
from api.puzzle_content import edition_board_png
from api.schemas import EditionOut, EditionsOut
from hints import links, pictures
from hints.catalog import Puzzle
from hints.daily import calendar_editions, edition_of
from hints.solutions import EMPTY, TargetSummary

router = APIRouter(prefix="/editions", tags=["editions"])


def _edition_out(puzzle: Puzzle, stored: int) -> EditionOut:
    weekdays = puzzle.has_weekdays
    return EditionOut(
        id=puzzle.id,
        title=puzzle.title,
        pieces=list(puzzle.piece_names),
        cells=len(puzzle.cells),
        target_format="MM-DD-ddd" if weekdays else "MM-DD",
        targets=sum(1 for t in puzzle.targets if t.real),
        stored_targets=stored,
        on_demand=puzzle.on_demand,
        board=links.edition_board(puzzle.id),
        daily=links.daily_today(puzzle.id),
        puzzle=links.puzzle(puzzle.id),
    )


def editions_payload(summaries: Mapping[str, TargetSummary]) -> Payload:
    """Every calendar edition with its real targets stored so far (from the store's summaries)."""
    editions = [_edition_out(p, summaries.get(p.id, EMPTY).real_targets) for p in calendar_editions()]
    return Payload.json(EditionsOut(editions=editions))


@router.get("", response_model=EditionsOut, responses=documented(503))
async def list_editions(request: Request, state: State) -> Response:
    """Every calendar edition: DragonFjord's first, then the others, each with its pieces, targets
    (with weekdays on the weekday editions), how many are solved, and a picture of its board."""
    summaries = await state.summaries()
    shown = tuple(summaries.get(p.id, EMPTY) for p in calendar_editions())
    payload = await state.payloads.fetch(("editions", shown), lambda: editions_payload(summaries))
    return send(request, payload, SHORT)


@router.get(
    "/{edition}/board.png",
    response_class=Response,
    responses={200: {"content": {PNG: {}}, "description": "PNG image"}, **documented(404, 422)},
)
async def board_png(
    request: Request,
    edition: Annotated[str, Path(max_length=64, description="an edition id")],
    state: State,
    language: LanguageDep,
) -> Response:
    """The edition's empty board with its labels (months, days, weekdays; in ``lang``)."""
    puzzle = edition_of(edition)  # UnknownPuzzleError -> 404 listing the editions
    payload = await state.cached(
        pictures.empty_board_key(puzzle, language), lambda _: edition_board_png(puzzle, language)
    )
    return send(request, payload, IMMUTABLE)
