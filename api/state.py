"""What one app instance holds: settings, the engine, session factory and in-process caches."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from limits.storage import Storage
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool

from api.caching import Payload, PayloadStore
from api.clients import Budget, ClientBudget, Requester
from api.daily import DailyContent
from api.solve_queue import OnDemandWaiter, QueueFull
from db.engine import make_engine, session_factory
from db.rate_limits import Rate, Window, shared_storage
from hints.catalog import Puzzle, Target
from hints.missing_targets import SolverFactory
from hints.positions import solutions_in_memory
from hints.solutions import TargetSummary, stored_summaries
from hints.unit_of_work import run
from settings import Settings

T = TypeVar("T")


@dataclass(frozen=True)
class ApiState:
    settings: Settings
    engine: Engine
    sessions: sessionmaker[Session]
    payloads: PayloadStore
    daily: DailyContent
    solver: OnDemandWaiter | None
    budget: ClientBudget
    writes: Budget  # the Mini App's writes, per Telegram user (api.routes.me)
    limits: Storage  # where every budget counts: this process's memory, or Redis (REDIS_URL)

    @classmethod
    def create(cls, settings: Settings, solvers: SolverFactory | None = None) -> ApiState:
        """Open the engine (DatabaseUnavailable for an unusable SQLite path) and empty caches.

        ``solvers`` makes the on-demand solver for the engine's sessions (the entry point passes
        :class:`jobs.target_solving.OnDemand`); without it a target not stored is refused as not
        precomputed. ValueError if ``DEFAULT_TIMEZONE`` is not an IANA time zone.
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
        solver = None if solvers is None else OnDemandWaiter(solvers(sessions), settings.API_ON_DEMAND_WAIT)
        limits = shared_storage(settings.REDIS_URL)  # every budget: this process, or Redis
        budget = ClientBudget(settings.API_COMPUTE_PER_MINUTE, storage=limits)
        zone = ZoneInfo(settings.DEFAULT_TIMEZONE)
        daily = DailyContent(
            sessions,
            payloads,
            today=lambda: datetime.now(zone).date(),
            workers=settings.API_COMPUTE_WORKERS,
            queue=settings.API_COMPUTE_QUEUE,
            budget=budget,
            database_url=settings.DATABASE_URL,
            solver=solver,
            cache_bytes=settings.RAW_SOLUTION_CACHE_MB << 20,
        )
        writes = Window(
            limits,
            "me-writes",
            Rate(settings.API_ME_WRITES_PER_MINUTE, 60),
            Rate(settings.API_ME_WRITE_BURST, 10),
        )
        return cls(settings, engine, sessions, payloads, daily, solver, budget, writes, limits)

    def unit(self, work: Callable[[Session], T], *, commit: bool = True) -> Callable[[], T]:
        """``work`` as a unit of work of its own (:func:`hints.unit_of_work.run`: a session, one
        commit or a rollback; ``commit=False``: read-only, whatever it computed dropped), to call
        in a worker thread. Every session of a route is opened here, so a cache hit never opens one."""
        return lambda: run(self.sessions, work, commit=commit)

    async def cached(
        self, key: Hashable, produce: Callable[[Session], Payload], who: Requester | None = None
    ) -> Payload:
        """The payload cached in process under ``key``; on a miss built in its own session (a target
        of an edition solved on demand is solved first), one computation of ``who``'s budget."""
        found = self.payloads.get(key)
        if found is not None:
            return found
        return await self._charged(who, lambda: self.payloads.fetch(key, self.unit(produce, commit=False)))

    async def summaries(self) -> dict[str, TargetSummary]:
        """Each catalog puzzle's stored targets in a few numbers: from memory (read again every few
        seconds, in a worker thread), what the catalog listings are built from and cached by."""
        summaries = stored_summaries(self.sessions)
        found = summaries.peek()
        return found if found is not None else await run_in_threadpool(summaries.get, self.sessions)

    async def rendered(self, key: Hashable, render: Callable[[], Payload], who: Requester | None) -> Payload:
        """The payload cached in process under ``key`` (everything it depends on); on a miss,
        one computation of ``who``'s budget, then rendered in a worker thread."""
        found = self.payloads.get(key)
        if found is not None:
            return found
        await self.budget.admit(who)
        return await self.payloads.fetch(key, render)

    async def rendered_apart(
        self, key: Hashable, render: Callable[..., Payload], *args: Any, who: Requester | None
    ) -> Payload:
        """As :meth:`rendered`, but ``render(*args)`` (a module-level function of picklable
        arguments) runs in a compute worker process: a page that takes milliseconds of Python
        never holds this process's GIL while the event loop answers others."""
        return await self.rendered(key, lambda: self.daily.apart(render, *args), who)

    async def fresh(self, produce: Callable[[Session], Payload], who: Requester | None = None) -> Payload:
        """A payload built for this request in a worker thread (a target of an edition solved on
        demand is solved first); with ``who``, one computation of their budget."""
        return await self._charged(who, lambda: run_in_threadpool(self.unit(produce, commit=False)))

    async def reading(
        self, puzzle: Puzzle, target: Target, work: Callable[[], T], who: Requester | None
    ) -> T:
        """``work`` (which reads the target's solutions) in a worker thread, the target solved on
        demand first if need be; one computation of ``who``'s budget unless they are in memory."""
        if solutions_in_memory(self.sessions, puzzle, target):
            return await run_in_threadpool(work)
        return await self._charged(who, lambda: run_in_threadpool(work))

    async def _charged(self, who: Requester | None, attempt: Callable[[], Awaitable[T]]) -> T:
        """``attempt()`` (a target of an edition solved on demand solved first, if need be) as one
        computation of ``who``'s budget: given back if the solve queue had no room for it."""
        await self.budget.admit(who)
        try:
            if self.solver is None:
                return await attempt()
            return await self.solver.retrying(attempt, who)
        except QueueFull:
            if who is not None:
                self.budget.refund(who.key)
            await self.budget.hold_refusal()
            raise
