"""The daily puzzles as the API serves them: built once per date by the service, then kept in process.

:class:`DailyContent` asks :func:`hints.daily.daily_bundle` for a date's
bundle in one unit of work (committed, so a computed hint cache entry is kept)
and keeps the bundles and the finished payloads (JSON, PNG, text), so a
repeated request opens no database session and renders nothing.

Distinct dates cannot push out today's work or starve it:

- yesterday, today and tomorrow (in ``DEFAULT_TIMEZONE``: every zone's today
  is among them) are *pinned*: their bundles and payloads are kept in caches of
  their own (:class:`PinnedDays`, bounded: :data:`PINNED_BUNDLES` bundles and
  :data:`PINNED_BYTES` of payloads) and computed in a slot of their own; when
  their day passes they go back to the shared caches, which bound them;
- any other date is computed with per-date single-flight (concurrent requests
  for it share one computation), in a bounded pool (``API_COMPUTE_WORKERS``)
  with a bounded queue (``API_COMPUTE_QUEUE``): beyond it the answer is 503
  with ``Retry-After`` instead of an ever longer queue;
- bundles are computed in worker *processes* (``API_COMPUTE_WORKERS`` + 1 for
  the pinned days) at a lower CPU priority (nice 10), so hint computation never
  holds the event loop's GIL nor takes its core: a flood of cold dates does not
  slow today's cached answers. The pool is supervised (:mod:`hints.supervised`):
  a worker that dies (killed, out of memory) is replaced and the computation made
  once more; when no worker can be made the answer is 503 and ``/healthz`` fails.
  Each worker bounds its raw-solution cache by ``RAW_SOLUTION_CACHE_MB`` too;
- each such computation counts against its client's budget (:mod:`api.clients`,
  shared with every other uncached answer); cached answers are never limited;
- a client may hold :data:`MAX_QUEUED_PER_CLIENT` places in the queue, so one
  client cannot fill it;
- a refusal (429 or 503) is answered late (:meth:`ClientBudget.hold_refusal`).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable, Hashable
from datetime import date, timedelta
from typing import Any, Generic, TypeVar

from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool

from api import presenters
from api.caching import Payload, PayloadStore, payload_bytes
from api.clients import ClientBudget, Requester
from api.errors import ApiError
from api.solve_queue import OnDemandWaiter, QueueFull
from hints import compute_worker
from hints.cache import BoundedCache
from hints.catalog import Stage
from hints.daily import (
    CALENDAR_ID,
    DEFAULT_VARIANT,
    DailyBundle,
    PuzzleKind,
    Variant,
    daily_bundle,
    stage_key,
)
from hints.missing_targets import after_solving
from hints.supervised import PoolBroken, PoolClosed, SupervisedPool
from hints.unit_of_work import run
from i18n import SOURCE_LANGUAGE

MAX_BUNDLES = 256  # the other dates' bundles
PINNED_BUNDLES = 64  # 3 days x 6 editions x 2 modes = 36, with room for editions to come
PINNED_BYTES = 64 << 20  # the pinned days' payloads: about 10 MB a day with every picture drawn
MAX_QUEUED_PER_CLIENT = 2
# What the compute workers' fork server imports once, before it forks any worker: what they run
# (the service and the store, the pages' rendering). Without it each
# worker was a new interpreter importing them (seconds of CPU), which a test suite did hundreds of
# times and a server did again after every crash. CP-SAT too: the server itself imports it only when
# it first solves (solver.cpsat), and the workers count and choose hints with it.
WORKER_MODULES = (
    "hints.compute_worker",
    "hints.daily",
    "api.web.page",
    "api.web.board_page",
    "db.engine",
    "solver.cpsat",
)
K = TypeVar("K", bound=Hashable)
T = TypeVar("T")
BundleKey = tuple[date, Variant]


class PinnedDays(Generic[K, T]):
    """Values of one kind by key: the pinned days' in a cache of their own (a flood of other dates
    never pushes them out), the others' in a shared one, each a :class:`~hints.cache.BoundedCache`.
    :meth:`release` sends a passed day's values back to the shared cache."""

    def __init__(self, pinned: BoundedCache[tuple[date, K], T], others: BoundedCache[K, T]) -> None:
        self.pinned = pinned
        self.others = others

    def get(self, day: date, key: K) -> T | None:
        found = self.pinned.get((day, key))
        return found if found is not None else self.others.get(key)

    def computing(self, key: K) -> bool:
        """Whether a date not pinned is being computed under ``key`` (asking again waits for it)."""
        return self.others.computing(key)

    async def get_or_compute(self, day: date, key: K, pinned: bool, compute: Callable[[], Awaitable[T]]) -> T:
        """The value, or ``compute()`` once however many ask, kept in the pinned cache or not."""
        if pinned:
            return await self.pinned.get_or_compute_async((day, key), compute)
        return await self.others.get_or_compute_async(key, compute)

    def release(self, window: frozenset[date]) -> None:
        """Days out of the pinned ``window`` (the date changed) go to the shared cache, whatever
        their key's shape (the pictures are keyed by their name)."""
        for day, key in self.pinned.kept():
            value = self.pinned.pop((day, key)) if day not in window else None
            if value is not None:
                self.others.put(key, value)


class DailyContent:
    """Daily bundles and their rendered payloads, cached by date (and kind and stage)."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        payloads: PayloadStore,
        *,
        today: Callable[[], date],
        workers: int = 1,
        queue: int = 8,
        budget: ClientBudget | None = None,
        database_url: str | None = None,
        solver: OnDemandWaiter | None = None,
        cache_bytes: int = 256 << 20,
    ) -> None:
        self._sessions = sessions
        self._solver = solver
        self._database_url = database_url  # set: bundles are computed in worker processes
        self._processes = SupervisedPool(
            workers + 1, compute_worker.bound_cache, (cache_bytes,), preload=WORKER_MODULES
        )
        self._workers = workers
        self._payloads: PinnedDays[Hashable, Payload] = PinnedDays(
            BoundedCache(PINNED_BYTES, payload_bytes), payloads
        )
        self._today = today
        self._bundles: PinnedDays[BundleKey, DailyBundle] = PinnedDays(
            BoundedCache(PINNED_BUNDLES), BoundedCache(MAX_BUNDLES)
        )
        self._pinned_window: frozenset[date] = frozenset()
        self._slots = asyncio.Semaphore(workers)
        self._pinned_slot = asyncio.Semaphore(1)
        self._queue = queue
        self._waiting: Counter[str] = Counter()  # queued computations per client
        self._budget = budget or ClientBudget(20)

    # ------------------------------------------------------------ what is kept

    def pinned_days(self) -> frozenset[date]:
        """Yesterday, today and tomorrow; days that left the window go back to the shared caches."""
        today = self._today()
        pinned = frozenset((today - timedelta(days=1), today, today + timedelta(days=1)))
        if pinned != self._pinned_window:
            self._pinned_window = pinned
            self._bundles.release(pinned)
            self._payloads.release(pinned)
        return pinned

    @property
    def pinned_payloads(self) -> int:
        """How many payloads are pinned (for the tests: a passed day's are released)."""
        return len(self._payloads.pinned)

    def has_bundle(self, day: date, edition: str = CALENDAR_ID, faceup: bool = False) -> bool:
        """Is the day's bundle in memory (asking for it then costs no computation)?"""
        return self._bundles.get(day, (day, Variant(edition, faceup))) is not None

    # ------------------------------------------------------------ computing

    async def _gated(
        self,
        cache: PinnedDays[K, T],
        key: K,
        day: date,
        client: Requester | None,
        work: Callable[[], T],
        charge: bool = True,
    ) -> T:
        """``work`` run in a worker thread once per key however many ask (single-flight in
        ``cache``, which keeps its value), in the pinned slot or the bounded pool (``charge``: it
        counts against the client's budget; joining a computation under way costs nothing)."""
        pinned = day in self.pinned_days()
        queued = None if pinned or cache.computing(key) else (client.key if client else "")
        if queued is not None:  # this request starts the computation: whose place in the queue
            try:
                self._admit(queued, client if charge else None)
            except ApiError:
                await self._budget.hold_refusal()
                raise
            self._waiting[queued] += 1

        async def run() -> T:
            nonlocal queued
            async with self._pinned_slot if pinned else self._slots:
                self._unqueue(queued)
                queued = None
                return await run_in_threadpool(work)

        try:
            return await cache.get_or_compute(day, key, pinned, run)
        finally:
            self._unqueue(queued)  # still queued: it failed or was cancelled before its turn

    def _unqueue(self, queued: str | None) -> None:
        """A client's place in the queue given up (it started, or it failed); None: it held none."""
        if queued is not None:
            self._waiting[queued] -= 1
            if self._waiting[queued] <= 0:
                del self._waiting[queued]

    def _admit(self, queued: str, client: Requester | None) -> None:
        """A cold date may be computed: room in the queue, also for this client (else 503), and in the
        client's budget (else 429). Without a client (a payload drawn from a computed bundle, the
        server's own retry) only the queue's room counts."""
        crowding = client is not None and self._waiting[queued] >= MAX_QUEUED_PER_CLIENT
        if self._waiting.total() >= self._queue or crowding:
            raise ApiError(
                503,
                "overloaded",
                "the server is busy computing other dates",
                headers={"Retry-After": "2"},
            )
        if client is not None:
            self._budget.spend(client.key)

    def _compute(self, day: date, variant: Variant) -> DailyBundle:
        """The bundle, from a worker process when the store can be opened there (blocking); 503
        when no worker can be made, or the server is stopping."""
        return self.computed(daily_bundle, day, *variant)

    def computed(self, work: Callable[..., T], *args: Any) -> T:
        """``work(session, *args)`` (a module-level function, sent by name) in a worker process,
        blocking: Python work of tens of milliseconds or more held in a thread of this process
        would hold the GIL, and every answer of the event loop would wait for it. Here, in the
        calling thread, when the store is in this process's memory. 503 when no worker can be
        made, or the server is stopping."""
        if self._database_url is None or self._database_url in ("sqlite://", "sqlite:///:memory:"):
            return run(self._sessions, lambda session: work(session, *args))
        return self.apart(compute_worker.run_in_worker, self._database_url, work, *args)

    def apart(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` (a module-level function, sent by name, that needs no store) in a
        worker process, blocking: a page rendered there never holds this process's GIL. 503 when
        no worker can be made, or the server is stopping."""
        try:
            return self._processes.run(work, *args)
        except PoolBroken:
            raise ApiError(
                503, "unavailable", "the server cannot compute this now", headers={"Retry-After": "30"}
            ) from None
        except PoolClosed:
            raise ApiError(
                503, "stopping", "the server is restarting", headers={"Retry-After": "5"}
            ) from None

    @property
    def processes(self) -> SupervisedPool:
        """The supervised worker processes (for ``/healthz``)."""
        return self._processes

    def close(self) -> None:
        """Stop the worker processes (at shutdown); computations in flight answer 503."""
        self._processes.close()

    async def _solve(self, puzzle_id: str, target: str, client: Requester | None) -> None:
        """Solve a target on demand for ``client``; a refusal for want of room gives back the
        computation it was charged (nothing was started for it)."""
        assert self._solver is not None
        try:
            await self._solver.solve(puzzle_id, target, client)
        except QueueFull:
            if client is not None:
                self._budget.refund(client.key)
            await self._budget.hold_refusal()
            raise

    async def bundle_async(
        self, day: date, client: Requester | None = None, edition: str = CALENDAR_ID, faceup: bool = False
    ) -> DailyBundle:
        """The day's bundle: cached, or computed once (503/429 when too much is asked at once). A
        target of an edition solved on demand is solved first (503 with Retry-After past 10 s)."""
        variant = Variant(edition, faceup)
        key = (day, variant)
        found = self._bundles.get(day, key)
        if found is not None:
            return found
        compute = lambda: self._compute(day, variant)  # noqa: E731
        attempt = lambda: self._gated(self._bundles, key, day, client, compute)  # noqa: E731
        if self._solver is None:
            return await attempt()
        return await after_solving(
            attempt,
            lambda puzzle_id, target, _: self._solve(puzzle_id, target, client),
            again=lambda: self._gated(self._bundles, key, day, client, compute, charge=False),  # once
        )

    async def _payload(
        self,
        key: Hashable,
        day: date,
        variant: Variant,
        client: Requester | None,
        render: Callable[[DailyBundle], Payload],
    ) -> Payload:
        """The payload cached under ``key``, or rendered from the bundle of ``day`` and ``variant``."""
        found = self._payloads.get(day, key)
        if found is not None:
            return found
        bundle = await self.bundle_async(day, client, *variant)
        return await self._gated(self._payloads, key, day, None, lambda: render(bundle))

    # ------------------------------------------------------------ the payloads

    async def daily_json(
        self,
        day: date,
        client: Requester | None = None,
        variant: Variant = DEFAULT_VARIANT,
        language: str = SOURCE_LANGUAGE,
    ) -> Payload:
        return await self._payload(
            ("daily-json", day, variant, language),
            day,
            variant,
            client,
            lambda b: Payload.json(presenters.daily_out(b, language)),
        )

    async def challenge_json(
        self, day: date, client: Requester | None = None, language: str = SOURCE_LANGUAGE
    ) -> Payload:
        return await self._payload(
            ("challenge-json", day, language),
            day,
            DEFAULT_VARIANT,
            client,
            lambda b: Payload.json(presenters.challenge_out(b.pentomino, language)),
        )

    async def hint_json(
        self,
        kind: PuzzleKind,
        day: date,
        stage: Stage,
        client: Requester | None = None,
        variant: Variant = DEFAULT_VARIANT,
        language: str = SOURCE_LANGUAGE,
    ) -> Payload:
        render = lambda b: Payload.json(presenters.hint_out(b.of(kind), stage, language))  # noqa: E731
        return await self._stage_payload(("hint-json", kind, stage, language), day, client, variant, render)

    async def image(
        self,
        kind: PuzzleKind,
        day: date,
        stage: Stage,
        client: Requester | None = None,
        variant: Variant = DEFAULT_VARIANT,
        language: str = SOURCE_LANGUAGE,
    ) -> Payload:
        """PNG of a stage, its words drawn in ``language``, cached under its picture key (the bot's
        file ids are keyed by the same name)."""
        key = stage_key(kind, day, _variant_of(kind, variant), stage, language)
        render = lambda b: Payload.png(b.of(kind).picture(stage, language).draw())  # noqa: E731
        return await self._payload(key, day, variant, client, render)

    async def text(
        self,
        kind: PuzzleKind,
        day: date,
        stage: Stage,
        client: Requester | None = None,
        variant: Variant = DEFAULT_VARIANT,
    ) -> Payload:
        """Text drawing of a stage (English: the text twins are for terminals and logs)."""
        render = lambda b: Payload.text(b.of(kind).text(stage))  # noqa: E731
        what = ("hint-txt", kind, stage, SOURCE_LANGUAGE)
        return await self._stage_payload(what, day, client, variant, render)

    async def _stage_payload(
        self,
        what: tuple[str, PuzzleKind, Stage, str],
        day: date,
        client: Requester | None,
        variant: Variant,
        render: Callable[[DailyBundle], Payload],
    ) -> Payload:
        """One stage of one daily puzzle in one medium and language (``what``), cached under its
        variant (the challenge has one for every edition and mode)."""
        media, kind, stage, language = what
        key = (media, day, kind, stage, _variant_of(kind, variant), language)
        return await self._payload(key, day, variant, client, render)


def _variant_of(kind: PuzzleKind, variant: Variant) -> Variant:
    """The variant a payload depends on: the challenge is the same in every edition and mode."""
    return variant if kind == PuzzleKind.CALENDAR else DEFAULT_VARIANT
