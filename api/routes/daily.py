"""``/daily/{date}``: the day's calendar puzzle and pentomino challenge, their hints and images.

``{date}`` is ``YYYY-MM-DD`` or ``today`` (in ``tz``, default ``DEFAULT_TIMEZONE``).
The calendar's resources live under ``/daily/{date}``, the challenge's under
``/daily/{date}/pentomino``; each has ``puzzle.png``/``.txt`` (stage 0) and
``hints/{stage}`` (JSON), ``.png`` and ``.txt`` for stages 1-3. ``lang`` (en, ja)
sets the language of the images' words and of the JSON's titles and captions;
the text drawings are English.
"""

# No ``from __future__ import annotations``: the drawings' routes are made in a function, and FastAPI
# reads their parameters' annotations, which name that function's variables, as objects.
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request, Response

from api.caching import PNG, TEXT, Payload, send
from api.clients import Requester, requester
from api.daily import DailyContent
from api.deps import Day, DayDep, EditionDep, FaceUp, LanguageDep, State, get_language
from api.errors import documented
from api.schemas import ChallengeOut, DailyOut, HintOut
from hints.catalog import Stage
from hints.daily import PuzzleKind, Variant
from i18n import SOURCE_LANGUAGE

router = APIRouter(prefix="/daily", tags=["daily"])


StageNumber = Annotated[
    int, Path(ge=Stage.ONE_PIECE, le=Stage.ANSWER, description="1 one piece, 2 half the pieces, 3 the answer")
]
ERRORS = documented(422, 429, 503)


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


def _in_the_path(stage: StageNumber) -> Stage:
    """The hint stage the path names."""
    return Stage(stage)


def _the_puzzle() -> Stage:
    """Stage 0: the puzzle itself (``puzzle.png``, ``puzzle.txt``)."""
    return Stage.PUZZLE


def _in_english() -> str:
    """The text drawings' language: English (they are for terminals and logs, and take no ``lang``)."""
    return SOURCE_LANGUAGE


async def _png(
    daily: DailyContent,
    kind: PuzzleKind,
    day: Day,
    stage: Stage,
    who: Requester,
    variant: Variant,
    language: str,
) -> Payload:
    return await daily.image(kind, day.value, stage, who, variant, language)


async def _text(
    daily: DailyContent, kind: PuzzleKind, day: Day, stage: Stage, who: Requester, variant: Variant, _: str
) -> Payload:
    return await daily.text(kind, day.value, stage, who, variant)


@dataclass(frozen=True)
class Drawing:
    """A stage drawn in one format: its file suffix and media type, the words the API's reference
    gives it, the language it is drawn in (a dependency) and how it is made."""

    suffix: str
    media_type: str
    description: str
    summary: str
    language: Callable[..., object]
    make: Callable[[DailyContent, PuzzleKind, Day, Stage, Requester, Variant, str], Awaitable[Payload]]


@dataclass(frozen=True)
class StagePath:
    """Where a stage is named: ``/puzzle`` (stage 0) or ``/hints/{stage}``, and the summary's words."""

    path: str
    name: str
    summary: str
    stage: Callable[..., Stage]


# Every drawing of a daily puzzle's stage: each path below in each format, a route each.
DRAWINGS = (
    Drawing("png", PNG, "PNG image", "as a PNG", get_language, _png),
    Drawing("txt", TEXT, "text drawing", "as text", _in_english, _text),
)
STAGE_PATHS = (
    StagePath("/puzzle", "puzzle", "The {label} {drawn} (stage 0)", _the_puzzle),
    StagePath("/hints/{stage}", "hint", "Hint stage of the {label} {drawn}", _in_the_path),
)


def _add_drawing(stages: APIRouter, kind: PuzzleKind, label: str, at: StagePath, drawing: Drawing) -> None:
    """The route of one stage path of one daily puzzle in one format."""

    async def drawn(
        request: Request,
        stage: Annotated[Stage, Depends(at.stage)],
        day: DayDep,
        edition: EditionDep,
        state: State,
        language: Annotated[str, Depends(drawing.language)],
        faceup: FaceUp = False,
    ) -> Response:
        variant = Variant(edition, faceup)
        payload = await drawing.make(state.daily, kind, day, stage, requester(request), variant, language)
        return send(request, payload, day.cache_control)

    stages.add_api_route(
        f"{at.path}.{drawing.suffix}",
        drawn,
        methods=["GET"],
        response_class=Response,
        responses={200: {"content": {drawing.media_type: {}}, "description": drawing.description}, **ERRORS},
        name=f"{kind}_{at.name}_{drawing.suffix}",
        summary=at.summary.format(label=label, drawn=drawing.summary),
    )


def _stage_routes(kind: PuzzleKind, prefix: str) -> APIRouter:
    """The puzzle image and the three hint stages of one daily puzzle, as JSON, PNG and text."""
    stages = APIRouter(prefix=prefix)
    label = "calendar" if kind == PuzzleKind.CALENDAR else "pentomino challenge"
    for at in STAGE_PATHS:  # before ``/hints/{stage}``, whose ``{stage}`` would take ``1.png``
        for drawing in DRAWINGS:
            _add_drawing(stages, kind, label, at, drawing)

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
