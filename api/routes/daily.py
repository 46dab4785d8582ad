"""``/daily/{date}``: the day's calendar puzzle and pentomino challenge, their hints and images.

``{date}`` is ``YYYY-MM-DD`` or ``today`` (in ``tz``, default ``DEFAULT_TIMEZONE``).
The calendar's resources live under ``/daily/{date}``, the challenge's under
``/daily/{date}/pentomino``; each has ``puzzle.png``/``.txt`` (stage 0) and
``hints/{stage}`` (JSON), ``.png`` and ``.txt`` for stages 1-3. ``lang`` (en, ja)
sets the language of the images' words and of the JSON's titles and captions;
the text drawings are English.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from api.caching import PNG, TEXT, send
from api.clients import requester
from api.deps import DayDep, EditionDep, FaceUp, LanguageDep, State
from api.errors import documented
from api.schemas import ChallengeOut, DailyOut, HintOut
from hints.catalog import Stage
from hints.daily import PuzzleKind, Variant

router = APIRouter(prefix="/daily", tags=["daily"])


StageNumber = Annotated[
    int, Path(ge=Stage.ONE_PIECE, le=Stage.ANSWER, description="1 one piece, 2 half the pieces, 3 the answer")
]
ERRORS = documented(422, 429, 503)
PNG_RESPONSE = {200: {"content": {PNG: {}}, "description": "PNG image"}, **ERRORS}
TEXT_RESPONSE = {200: {"content": {TEXT: {}}, "description": "text drawing"}, **ERRORS}


@router.get("/{date}", response_model=DailyOut, responses=ERRORS)
async def daily(
    request: Request,
    day: DayDep,
    edition: EditionDep,
    state: State,
    language: LanguageDep,
    faceup: FaceUp = False,
) -> Response:
    """The daily puzzle: calendar target (of ``edition``), solution count, difficulty, pentomino
    challenge, hint links (titles in ``lang``). A target of an edition solved on demand is solved
    the first time (up to 10 s, then 503 with Retry-After)."""
    payload = await state.daily.daily_json(day.value, requester(request), Variant(edition, faceup), language)
    return send(request, payload, day.json_cache_control)


@router.get("/{date}/pentomino", response_model=ChallengeOut, responses=ERRORS)
async def challenge(request: Request, day: DayDep, state: State, language: LanguageDep) -> Response:
    """The pentomino challenge: its board and pre-placed pieces (exactly one way to finish)."""
    payload = await state.daily.challenge_json(day.value, requester(request), language)
    return send(request, payload, day.json_cache_control)


def _stage_routes(kind: PuzzleKind, prefix: str) -> APIRouter:
    """The puzzle image and the three hint stages of one daily puzzle, as JSON, PNG and text."""
    stages = APIRouter(prefix=prefix)
    label = "calendar" if kind == PuzzleKind.CALENDAR else "pentomino challenge"

    @stages.get(
        "/puzzle.png",
        response_class=Response,
        responses=PNG_RESPONSE,
        name=f"{kind}_puzzle_png",
        summary=f"The {label} as a PNG (stage 0)",
    )
    async def puzzle_png(
        request: Request,
        day: DayDep,
        edition: EditionDep,
        state: State,
        language: LanguageDep,
        faceup: FaceUp = False,
    ) -> Response:
        variant = Variant(edition, faceup)
        image = await state.daily.image(kind, day.value, Stage.PUZZLE, requester(request), variant, language)
        return send(request, image, day.cache_control)

    @stages.get(
        "/puzzle.txt",
        response_class=Response,
        responses=TEXT_RESPONSE,
        name=f"{kind}_puzzle_txt",
        summary=f"The {label} as text (stage 0)",
    )
    async def puzzle_txt(
        request: Request, day: DayDep, edition: EditionDep, state: State, faceup: FaceUp = False
    ) -> Response:
        return send(
            request,
            await state.daily.text(
                kind, day.value, Stage.PUZZLE, requester(request), Variant(edition, faceup)
            ),
            day.cache_control,
        )

    @stages.get(
        "/hints/{stage}.png",
        response_class=Response,
        responses=PNG_RESPONSE,
        name=f"{kind}_hint_png",
        summary=f"Hint stage of the {label} as a PNG",
    )
    async def hint_png(
        request: Request,
        day: DayDep,
        stage: StageNumber,
        edition: EditionDep,
        state: State,
        language: LanguageDep,
        faceup: FaceUp = False,
    ) -> Response:
        variant = Variant(edition, faceup)
        image = await state.daily.image(kind, day.value, Stage(stage), requester(request), variant, language)
        return send(request, image, day.cache_control)

    @stages.get(
        "/hints/{stage}.txt",
        response_class=Response,
        responses=TEXT_RESPONSE,
        name=f"{kind}_hint_txt",
        summary=f"Hint stage of the {label} as text",
    )
    async def hint_txt(
        request: Request,
        day: DayDep,
        stage: StageNumber,
        edition: EditionDep,
        state: State,
        faceup: FaceUp = False,
    ) -> Response:
        return send(
            request,
            await state.daily.text(
                kind, day.value, Stage(stage), requester(request), Variant(edition, faceup)
            ),
            day.cache_control,
        )

    @stages.get(
        "/hints/{stage}",
        response_model=HintOut,
        responses=ERRORS,
        name=f"{kind}_hint",
        summary=f"Hint stage of the {label}: placements shown, solutions remaining",
    )
    async def hint(
        request: Request,
        day: DayDep,
        stage: StageNumber,
        edition: EditionDep,
        state: State,
        language: LanguageDep,
        faceup: FaceUp = False,
    ) -> Response:
        variant, who = Variant(edition, faceup), requester(request)
        payload = await state.daily.hint_json(kind, day.value, Stage(stage), who, variant, language)
        return send(request, payload, day.json_cache_control)

    return stages


router.include_router(_stage_routes(PuzzleKind.CALENDAR, "/{date}"))
router.include_router(_stage_routes(PuzzleKind.PENTOMINO, "/{date}/pentomino"))
