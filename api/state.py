"""What one app instance holds: settings, the engine, session factory and in-process caches."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool

from api.caching import Payload, PayloadStore
from api.daily import DailyContent
from api.ondemand import OnDemandWaiter
from db.engine import make_engine, session_factory
from settings import Settings


@dataclass(frozen=True)
class ApiState:
    settings: Settings
    engine: Engine
    sessions: sessionmaker[Session]
    payloads: PayloadStore
    daily: DailyContent
    solver: OnDemandWaiter

    @classmethod
    def create(cls, settings: Settings) -> ApiState:
        """Open the engine (DatabaseUnavailable for an unusable SQLite path) and empty caches.

        ValueError if ``DEFAULT_TIMEZONE`` is not an IANA time zone.
        """
        try:
            ZoneInfo(settings.DEFAULT_TIMEZONE)
        except (ValueError, KeyError, OSError):
            raise ValueError(
                f"DEFAULT_TIMEZONE {settings.DEFAULT_TIMEZONE!r} is not an IANA time zone"
            ) from None
        engine = make_engine(settings.DATABASE_URL)
        sessions = session_factory(engine)
        payloads = PayloadStore()
        solver = OnDemandWaiter(sessions, settings.API_ON_DEMAND_WAIT)
        zone = ZoneInfo(settings.DEFAULT_TIMEZONE)
        daily = DailyContent(
            sessions,
            payloads,
            today=lambda: datetime.now(zone).date(),
            workers=settings.API_COMPUTE_WORKERS,
            queue=settings.API_COMPUTE_QUEUE,
            per_minute=settings.API_COMPUTE_PER_MINUTE,
            database_url=settings.DATABASE_URL,
            solver=solver,
        )
        return cls(settings, engine, sessions, payloads, daily, solver)

    def in_session(self, produce: Callable[[Session], Payload]) -> Callable[[], Payload]:
        """A producer that opens its own session, so cache hits never touch the database."""

        def run() -> Payload:
            with self.sessions() as session:
                return produce(session)

        return run

    async def cached(self, key: Hashable, produce: Callable[[Session], Payload]) -> Payload:
        """The payload cached in process under ``key``, built in its own session on a miss (a target
        of an edition solved on demand is solved first)."""
        return await self.solver.retrying(lambda: self.payloads.fetch(key, self.in_session(produce)))

    async def fresh(self, produce: Callable[[Session], Payload]) -> Payload:
        """A payload built for this request in a worker thread (a target of an edition solved on
        demand is solved first)."""
        return await self.solver.retrying(lambda: run_in_threadpool(self.in_session(produce)))
