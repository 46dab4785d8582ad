"""The daily puzzles as the API serves them: built once per date by the service, then kept in process.

:class:`DailyContent` asks :func:`hints.daily.daily_bundle` for a date's
bundle in one unit of work (committed, so a computed hint cache entry is kept)
and keeps the bundles and the finished payloads (JSON, PNG, text) in bounded
LRU caches, so a repeated request opens no database session and renders nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from datetime import date

from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool

from api import presenters
from api.caching import LruCache, Payload, PayloadStore
from hints.daily import DailyBundle, PuzzleKind, daily_bundle
from solver.hints import Stage

MAX_BUNDLES = 256


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
                with self._sessions.begin() as session:
                    found = daily_bundle(session, day)
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

    async def hint_json(self, kind: PuzzleKind, day: date, stage: Stage) -> Payload:
        return await self._payload(
            ("hint-json", kind, day, stage),
            lambda: Payload.json(presenters.hint_out(self.bundle(day).of(kind), stage)),
        )

    async def image(self, kind: PuzzleKind, day: date, stage: Stage) -> Payload:
        return await self._payload(
            ("hint-png", kind, day, stage), lambda: Payload.png(self.bundle(day).of(kind).image(stage))
        )

    async def text(self, kind: PuzzleKind, day: date, stage: Stage) -> Payload:
        return await self._payload(
            ("hint-txt", kind, day, stage), lambda: Payload.text(self.bundle(day).of(kind).text(stage))
        )
