"""Positions: a player's own board analysed, and hints that start from it.

``POST .../targets/{target}/position`` analyses placements given as JSON;
``GET .../positions/{code}`` analyses the position a code names; the hint
resources under it are pure functions of the URL, cached and sent with ETags
like the solutions. Counts are raw (every rotation and reflection of a board
is a different arrangement on the physical board); ``distinct_total`` is the
count up to symmetry.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response

from api import presenters
from api import puzzle_content as content
from api.caching import IMMUTABLE, PNG, TEXT, Payload, send
from api.clients import requester
from api.deps import FaceUp, Fixed, LanguageDep, PuzzleDep, State, TargetDep
from api.errors import documented
from api.schemas import PositionHintOut, PositionIn, PositionOut, SolutionDigitsOut
from hints import pictures
from hints.catalog import Stage
from hints.links import Media
from hints.positions import PlacedPiece, analyse_if_cached, fixed_pieces, parse_placements
from i18n import SOURCE_LANGUAGE

router = APIRouter(prefix="/puzzles", tags=["positions"])

Code = Annotated[str, Path(min_length=1, max_length=64, description="a position code, e.g. 1AAAAAAXPzg")]
StageNumber = Annotated[
    int, Path(ge=Stage.ONE_PIECE, le=Stage.ANSWER, description="1 one piece, 2 half the missing, 3 all")
]
ERRORS = documented(404, 410, 422, 429, 503)
PNG_RESPONSE: dict[int | str, dict[str, Any]] = {200: {"content": {PNG: {}}, "description": "PNG"}, **ERRORS}
TEXT_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {"content": {TEXT: {}}, "description": "text"},
    **ERRORS,
}
BASE = "/{puzzle_id}/targets/{target}"


@router.post(
    f"{BASE}/position", response_model=PositionOut, responses=documented(400, 404, 413, 422, 429, 503)
)
async def analyse_position(
    request: Request,
    body: PositionIn,
    puzzle: PuzzleDep,
    target: TargetDep,
    state: State,
    language: LanguageDep,
    faceup: FaceUp = False,
    fixed: Fixed = "",
) -> Response:
    """Is the board legal, how many solutions remain, a dead end (and what to take off), solved?
    (The hint links' titles in ``lang``.)"""
    pieces = [PlacedPiece(p.piece, tuple((int(r), int(c)) for r, c in p.cells)) for p in body.placements]
    placements = parse_placements(puzzle, pieces)  # malformed: 422 before any store access
    staying = fixed_pieces(puzzle, fixed)
    cached = analyse_if_cached(state.sessions, puzzle, target, placements, faceup, staying)
    if cached is not None:  # the hot path: no thread hop, no query
        answer = presenters.position_out(cached, faceup, language, fixed)
        return send(request, Payload.json(answer), "no-store")
    payload = await state.fresh(
        lambda s: content.position_payload(s, puzzle, target, placements, faceup, language, fixed),
        requester(request),
    )
    return send(request, payload, "no-store")


@router.get(f"{BASE}/positions/{{code}}", response_model=PositionOut, responses=ERRORS)
async def position(
    request: Request,
    puzzle: PuzzleDep,
    target: TargetDep,
    code: Code,
    state: State,
    language: LanguageDep,
    faceup: FaceUp = False,
    fixed: Fixed = "",
) -> Response:
    """The same analysis for the position a code names."""
    fixed_pieces(puzzle, fixed)  # an unknown piece: 422 before any store access
    key = ("position", puzzle.id, target.name, code, faceup, language, fixed)
    payload = await state.cached(
        key,
        lambda s: content.position_code_payload(s, puzzle, target, code, faceup, language, fixed),
        requester(request),
    )
    return send(request, payload, IMMUTABLE)


@router.get(f"{BASE}/solution-digits", response_model=SolutionDigitsOut, responses=ERRORS)
async def solution_digits(request: Request, puzzle: PuzzleDep, target: TargetDep, state: State) -> Response:
    """Every raw solution of the target as one digit per piece (a position code's digits), with
    the code's layout: all it takes to analyse any position of the target without asking again,
    as the board does on the calendars (a few KB there; far more on the large boards)."""
    key = ("solution-digits", puzzle.id, target.name)
    payload = await state.cached(
        key, lambda s: content.solution_digits_payload(s, puzzle, target), requester(request)
    )
    return send(request, payload, IMMUTABLE)


def _hint_route(media: Media) -> Callable[..., Any]:
    async def hint(
        request: Request,
        puzzle: PuzzleDep,
        target: TargetDep,
        code: Code,
        stage: StageNumber,
        state: State,
        language: LanguageDep,
        faceup: FaceUp = False,
        fixed: Fixed = "",
    ) -> Response:
        words = SOURCE_LANGUAGE if media == Media.TEXT else language  # the text drawing is English
        fixed_pieces(puzzle, fixed)  # an unknown piece: 422 before any store access
        key: Hashable = (
            pictures.position_key(puzzle, target, code, stage, words, faceup=faceup, fixed=fixed)
            if media == Media.PNG
            else ("position-hint", media, puzzle.id, target.name, code, stage, faceup, words, fixed)
        )
        payload = await state.cached(
            key,
            lambda s: content.position_hint_payload(
                s, puzzle, target, code, Stage(stage), media, faceup, words, fixed
            ),
            requester(request),
        )
        return send(request, payload, IMMUTABLE)

    return hint


# The image and text first: "{stage}" alone would also match "1.png" and refuse it.
HINT_ROUTES: list[tuple[Media, str, dict[str, Any], str]] = [
    (
        Media.PNG,
        ".png",
        {"response_class": Response, "responses": PNG_RESPONSE},
        "A hint from the position, drawn: given pieces, new pieces ringed, pieces to take off crossed",
    ),
    (
        Media.TEXT,
        ".txt",
        {"response_class": Response, "responses": TEXT_RESPONSE},
        "A hint from the position as text",
    ),
    (
        Media.JSON,
        "",
        {"response_model": PositionHintOut, "responses": ERRORS},
        "A hint from the position: the pieces it adds and the solutions that remain",
    ),
]
for media, suffix, shape, summary in HINT_ROUTES:
    router.add_api_route(
        f"{BASE}/positions/{{code}}/hints/{{stage}}{suffix}",
        _hint_route(media),
        methods=["GET"],
        name="position_hint" + (f"_{media}" if suffix else ""),
        summary=summary,
        **shape,
    )
