"""FastAPI dependencies: the app's state, a database session, and parsed path parameters."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from typing import Annotated
from zoneinfo import ZoneInfo

from fastapi import Depends, Path, Query, Request
from starlette.concurrency import run_in_threadpool

from api.caching import IMMUTABLE, SHORT, STABLE
from api.errors import ApiError, invalid
from api.schemas import DATE_PATTERN, PIECES_PATTERN, TARGET_PATTERN, ZONE_PATTERN
from api.state import ApiState
from hints import custom_puzzles
from hints.catalog import Puzzle, Target, UnknownPuzzleError, get_puzzle
from hints.daily import CALENDAR_ID, calendar_editions, edition_choice
from i18n import LANGUAGES, SOURCE_LANGUAGE

ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
TODAY = "today"


async def get_state(request: Request) -> ApiState:
    state: ApiState = request.app.state.api
    return state


State = Annotated[ApiState, Depends(get_state)]


@dataclass(frozen=True)
class Day:
    """A requested date; ``today`` answers depend on the clock, so they are cached briefly."""

    value: date
    is_today: bool

    @property
    def cache_control(self) -> str:
        """For renderings (PNG, text): immutable for a fixed date."""
        return SHORT if self.is_today else IMMUTABLE

    @property
    def json_cache_control(self) -> str:
        return SHORT if self.is_today else STABLE


@lru_cache(maxsize=64)
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def parse_zone(name: str) -> ZoneInfo:
    """An IANA time zone, or 422 naming the bad value."""
    try:
        return _zone(name)
    except (ValueError, KeyError, OSError):
        raise invalid(
            "invalid_timezone", f"unknown time zone {name[:64]!r}; use an IANA name like Europe/Berlin"
        ) from None


def parse_day(text: str, tz: str | None, default_zone: str) -> Day:
    """``YYYY-MM-DD`` (a real date, years 0001-9999) or ``today`` in ``tz`` (or the default zone)."""
    zone = parse_zone(tz if tz is not None else default_zone)
    if text == TODAY:
        return Day(datetime.now(zone).date(), is_today=True)
    if ISO_DATE.fullmatch(text):
        try:
            return Day(date.fromisoformat(text), is_today=False)
        except ValueError:
            pass
    raise invalid("invalid_date", f"date must be a real date like 2026-01-25 or 'today', got {text[:40]!r}")


async def get_day(
    state: State,
    date: Annotated[
        str,
        Path(
            description="YYYY-MM-DD (a real date, 0001-01-01 to 9999-12-31), or 'today'; else 422 "
            "invalid_date",
            examples=["2026-01-25"],
            json_schema_extra={"pattern": DATE_PATTERN},
        ),
    ],
    tz: Annotated[
        str | None,
        Query(
            max_length=64,
            description="IANA time zone for 'today', e.g. Europe/Berlin or Asia/Tokyo; a name the "
            "server's zone database does not have: 422 invalid_timezone",
            json_schema_extra={"pattern": ZONE_PATTERN},
        ),
    ] = None,
) -> Day:
    return parse_day(date, tz, state.settings.DEFAULT_TIMEZONE)


DayDep = Annotated[Day, Depends(get_day)]


async def get_catalog_puzzle(
    puzzle_id: Annotated[
        str, Path(description="catalog id, e.g. pentomino-6x10, or the id of a puzzle a person made")
    ],
    state: State,
) -> Puzzle:
    if not custom_puzzles.looks_custom(puzzle_id):
        return get_puzzle(puzzle_id)  # UnknownPuzzleError -> 404 listing the valid ids
    return await run_in_threadpool(_custom_puzzle, state, puzzle_id)  # read from the store


def _custom_puzzle(state: ApiState, puzzle_id: str) -> Puzzle:
    """A puzzle a person made; 410 once its owner deleted it, 404 when there is none."""
    try:
        return get_puzzle(puzzle_id)
    except UnknownPuzzleError:
        stored = state.unit(lambda session: custom_puzzles.stored(session, puzzle_id), commit=False)()
        if stored is not None and stored.deleted:
            raise ApiError(410, "puzzle_deleted", "this puzzle was deleted by its owner") from None
        raise


PuzzleDep = Annotated[Puzzle, Depends(get_catalog_puzzle)]


async def get_edition(
    edition: Annotated[
        str,
        Query(
            max_length=64,
            description="the calendar edition (GET /api/v1/editions lists them); the pentomino "
            "challenge is the same in every edition",
        ),
    ] = CALENDAR_ID,
) -> str:
    """A calendar edition's id, or 422 listing the editions."""
    if edition_choice(edition) is None:
        known = ", ".join(p.id for p in calendar_editions())
        raise invalid("unknown_edition", f"unknown edition {edition[:64]!r}; editions: {known}")
    return edition


EditionDep = Annotated[str, Depends(get_edition)]


async def get_language(
    lang: Annotated[
        str,
        Query(
            max_length=16,
            description="the language of the words drawn and of the titles and captions",
            json_schema_extra={"enum": list(LANGUAGES)},
        ),
    ] = SOURCE_LANGUAGE,
) -> str:
    """A language we have a catalog for, or 422 listing them."""
    if lang not in LANGUAGES:
        languages = ", ".join(LANGUAGES)
        raise invalid("unknown_language", f"unknown language {lang[:16]!r}; languages: {languages}")
    return lang


LanguageDep = Annotated[str, Depends(get_language)]

Fixed = Annotated[
    str,
    Query(
        max_length=400,
        description="placed pieces that stay where they are, comma-separated (the pentomino challenge's "
        "pre-placed pieces, e.g. I,L): never suggested for taking off; a name the puzzle does not have: "
        "422 unknown_piece",
        json_schema_extra={"pattern": PIECES_PATTERN},
    ),
]

FaceUp = Annotated[
    bool,
    Query(
        description="face-up mode: only the solutions that turn no piece over (the drawings in the "
        "catalog are the face-up side); counts, difficulty, featured solution and hints follow"
    ),
]


async def get_target(
    puzzle: PuzzleDep,
    target: Annotated[
        str,
        Path(
            description="'MM-DD' on calendars, 'MM-DD-ddd' on the weekday editions, 'board' on boards; a "
            "target the puzzle does not have: 404 unknown_target",
            json_schema_extra={"pattern": TARGET_PATTERN},
        ),
    ],
) -> Target:
    return puzzle.target(target)  # UnknownTargetError -> 404 listing the valid targets


TargetDep = Annotated[Target, Depends(get_target)]
