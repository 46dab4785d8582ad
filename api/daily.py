"""The daily puzzles as the API serves them: read once per date, then kept in process.

:func:`build_bundle` asks :mod:`hints.service` for the day's calendar puzzle,
the pentomino challenge and their hint stages in one session (the service may
write its ``hint_cache`` on the first call). :class:`DailyContent` keeps the
bundles and the finished payloads (JSON, PNG, text) in bounded LRU caches, so
a repeated request opens no database session and renders nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import date

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool

from api import presenters
from api.caching import LruCache, Payload, PayloadStore
from api.links import Kind
from hints import service
from render.hint import STAGE_TITLES, caption, hint_image, hint_text
from solver.catalog import Puzzle, Target
from solver.geometry import Cell
from solver.hints import Hint
from solver.problem import Placement

MAX_BUNDLES = 256


@dataclass(frozen=True)
class DailyPuzzle:
    """One daily puzzle (calendar or pentomino challenge) and its stages 0 (the puzzle) to 3."""

    kind: Kind
    day: date
    puzzle: Puzzle
    target: Target
    preplaced: tuple[Placement, ...]
    heading: str
    stages: tuple[Hint, Hint, Hint, Hint]

    @property
    def marked(self) -> frozenset[Cell]:
        return self.target.uncovered

    def title(self, stage: int) -> str:
        return STAGE_TITLES[stage]

    def caption(self, stage: int) -> str:
        return caption(self.stages[stage], len(self.preplaced))

    def image(self, stage: int) -> bytes:
        options = {"heading": self.heading, "marked": self.marked, "preplaced": len(self.preplaced)}
        return hint_image(self.puzzle, self.stages[stage], **options)  # type: ignore[arg-type]

    def text(self, stage: int) -> str:
        options = {"heading": self.heading, "marked": self.marked, "preplaced": len(self.preplaced)}
        return hint_text(self.puzzle, self.stages[stage], **options)  # type: ignore[arg-type]


@dataclass(frozen=True)
class DailyBundle:
    day: date
    calendar: DailyPuzzle
    pentomino: DailyPuzzle
    difficulty: service.Difficulty

    def of(self, kind: Kind) -> DailyPuzzle:
        return self.calendar if kind == "calendar" else self.pentomino


def _calendar(session: Session, day: date) -> tuple[DailyPuzzle, service.Difficulty]:
    daily = service.daily_calendar(session, day)
    one, two, three = service.calendar_hints(session, day)
    stages = (Hint(0, (), daily.total, daily.total), one, two, three)
    puzzle = DailyPuzzle("calendar", day, daily.puzzle, daily.target, (), day.isoformat(), stages)
    return puzzle, daily.difficulty


def _pentomino(session: Session, day: date) -> DailyPuzzle:
    challenge = service.daily_challenge(session, day)
    one, two, three = service.challenge_hints(session, day)
    stages = (Hint(0, challenge.preplaced, 1, challenge.total), one, two, three)
    board = challenge.puzzle
    heading = f"{day.isoformat()} · pentomino challenge ({board.id.removeprefix('pentomino-')})"
    target = board.target(service.BOARD_TARGET)
    return DailyPuzzle("pentomino", day, board, target, challenge.preplaced, heading, stages)


def build_bundle(session: Session, day: date) -> DailyBundle:
    """Everything about ``day``; retried once if another process cached the same hints first."""
    try:
        calendar, difficulty = _calendar(session, day)
        pentomino = _pentomino(session, day)
    except IntegrityError:
        session.rollback()
        calendar, difficulty = _calendar(session, day)
        pentomino = _pentomino(session, day)
    return DailyBundle(day, calendar, pentomino, difficulty)


class DailyContent:
    """Daily bundles and their rendered payloads, cached by date (and kind and stage)."""

    def __init__(self, sessions: sessionmaker[Session], payloads: PayloadStore) -> None:
        self._sessions = sessions
        self._payloads = payloads
        self._bundles: LruCache[date, DailyBundle] = LruCache(MAX_BUNDLES, MAX_BUNDLES)
        # One computation at a time: a cold date takes ~0.3 s and may write the hint cache.
        self._compute_lock = threading.Lock()

    def bundle(self, day: date) -> DailyBundle:
        """The day's bundle (blocking: call from a worker thread)."""
        found = self._bundles.get(day)
        if found is not None:
            return found
        with self._compute_lock:
            found = self._bundles.get(day)
            if found is None:
                with self._sessions() as session:
                    found = build_bundle(session, day)
                self._bundles.put(day, found)
        return found

    async def bundle_async(self, day: date) -> DailyBundle:
        found = self._bundles.get(day)
        return found if found is not None else await run_in_threadpool(self.bundle, day)

    async def _payload(self, key: Hashable, produce: Callable[[], Payload]) -> Payload:
        return await self._payloads.fetch(key, produce)

    async def daily_json(self, day: date) -> Payload:
        return await self._payload(
            ("daily-json", day), lambda: Payload.json(presenters.daily_out(self.bundle(day)))
        )

    async def challenge_json(self, day: date) -> Payload:
        return await self._payload(
            ("challenge-json", day),
            lambda: Payload.json(presenters.challenge_out(self.bundle(day).pentomino)),
        )

    async def hint_json(self, kind: Kind, day: date, stage: int) -> Payload:
        return await self._payload(
            ("hint-json", kind, day, stage),
            lambda: Payload.json(presenters.hint_out(self.bundle(day).of(kind), stage)),
        )

    async def image(self, kind: Kind, day: date, stage: int) -> Payload:
        return await self._payload(
            ("hint-png", kind, day, stage), lambda: Payload.png(self.bundle(day).of(kind).image(stage))
        )

    async def text(self, kind: Kind, day: date, stage: int) -> Payload:
        return await self._payload(
            ("hint-txt", kind, day, stage), lambda: Payload.text(self.bundle(day).of(kind).text(stage))
        )
