"""Targets of editions solved on demand, as the API waits for them.

The first request for a target that is not stored starts its solve and waits for it up to
:data:`WAIT_SECONDS`. Past that the answer is 503 with ``Retry-After``; the solve goes on,
and the request that comes back finds the target stored.

- Single-flight per target: later askers wait for the same solve.
- :data:`SOLVE_SLOTS` targets are solved at once, never two of one client, and their pieces take
  turns on the solver processes (:mod:`jobs.target_solving`): a client's first target starts at once
  beside another client's solve instead of waiting for it. The queue is dealt among clients
  (:class:`FairTurns`), the one served least recently first. With the solve-job queue
  (``SOLVE_JOBS=queue``) the solver says how many targets to hand it at once
  (``TargetSolver.targets_at_once``), and the workers take those in the order they were queued.
  A client may have :data:`MAX_PENDING_PER_CLIENT` targets queued or solving, the process
  :data:`MAX_PENDING`; beyond, 503 at once.
- A queued solve that every asker has abandoned (they hung up) is dropped before it starts.
  One whose asker was told to come back (the 503 above) is kept; one already running
  finishes and is stored (at most seconds of work, useful to the next asker). A solve the solver
  gave up on (:class:`~hints.missing_targets.SolveUnfinished`) is a 503 too.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

from api.clients import Requester
from api.errors import ApiError
from hints.catalog import get_puzzle
from hints.missing_targets import SolveUnfinished, TargetSolver, after_solving

WAIT_SECONDS = 10.0
RETRY_AFTER_SECONDS = 5
MAX_PENDING = 16  # targets queued or solving in one process; beyond: 503 at once
MAX_PENDING_PER_CLIENT = 2
# Targets solved at once, for different clients: their pieces take turns on the solver processes
# (jobs.target_solving), so one client's solve does not make another's wait for it whole.
SOLVE_SLOTS = 2
MAX_REMEMBERED = 10_000  # clients whose last turn is remembered (for the order of turns)
SERVER = "server"  # the requester key of work no client asked for
T = TypeVar("T")
log = logging.getLogger(__name__)


class QueueFull(ApiError):
    """503: no room to queue another solve (for this client, or at all); nothing was started."""


class FairTurns:
    """``slots`` holders at a time, never two of one client; a free slot goes to the waiting client
    served least recently (first come first within a client), so clients take turns."""

    def __init__(self, slots: int = 1) -> None:
        self._slots = slots
        self._holders: list[str] = []
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}
        self._served: dict[str, int] = {}  # client -> the tick of its last turn
        self._tick = 0

    async def acquire(self, client: str) -> None:
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(client, deque()).append(turn)
        self._grant()
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.release(client)  # handed the turn just as it gave up: pass it on
            else:
                self._forget(client, turn)
            raise

    def release(self, client: str) -> None:
        self._holders.remove(client)
        self._grant()

    def _grant(self) -> None:
        while len(self._holders) < self._slots:
            ready = [c for c in self._waiting if c not in self._holders]
            if not ready:
                return
            client = min(ready, key=lambda c: self._served.get(c, -1))
            turn = self._waiting[client].popleft()
            if not self._waiting[client]:
                del self._waiting[client]
            if turn.done():  # given up already
                continue
            self._tick += 1
            self._served[client] = self._tick
            if len(self._served) > MAX_REMEMBERED:
                del self._served[min(self._served, key=self._served.__getitem__)]
            self._holders.append(client)
            turn.set_result(None)

    def _forget(self, client: str, turn: asyncio.Future[None]) -> None:
        turns = self._waiting.get(client)
        if turns is not None and turn in turns:
            turns.remove(turn)
            if not turns:
                del self._waiting[client]

    def waiting(self) -> int:
        return sum(len(turns) for turns in self._waiting.values())


@dataclass
class _Job:
    """One target's solve and who waits for it."""

    client: str
    task: asyncio.Task[object] | None = None
    waiters: int = 0
    running: bool = False
    kept: bool = False  # an asker was told to come back for it: never dropped


class OnDemandWaiter:
    """Starts on-demand solves, fairly among clients, and waits a bounded time for them."""

    def __init__(self, solver: TargetSolver, wait_seconds: float = WAIT_SECONDS) -> None:
        self._solver = solver
        self._wait = wait_seconds
        slots = solver.targets_at_once or SOLVE_SLOTS
        self._pool = ThreadPoolExecutor(slots, thread_name_prefix="on-demand")
        self._jobs: dict[tuple[str, str], _Job] = {}
        self._turns = FairTurns(slots)

    def _solve_now(self, puzzle_id: str, target: str) -> object:
        """Solve and store a target (blocking; in the solver thread)."""
        puzzle = get_puzzle(puzzle_id)
        return self._solver.ensure(puzzle, puzzle.target(target))

    async def solve(self, puzzle_id: str, target: str, who: Requester | None = None) -> object:
        """The target stored (solved now if need be); 503 with Retry-After if that takes too long."""
        key = (puzzle_id, target)
        job = self._jobs.get(key) or self._start(key, who.key if who else SERVER)
        job.waiters += 1
        try:
            return await self._wait_for(job, key, who)
        finally:
            job.waiters -= 1
            if job.waiters == 0 and not job.running and not job.kept and job.task is not None:
                job.task.cancel()  # no one waits for it any more: it never starts

    def _start(self, key: tuple[str, str], client: str) -> _Job:
        if len(self._jobs) >= MAX_PENDING:
            raise _busy(f"the server is solving {len(self._jobs)} other targets", QueueFull)
        if sum(job.client == client for job in self._jobs.values()) >= MAX_PENDING_PER_CLIENT:
            raise _busy(f"{MAX_PENDING_PER_CLIENT} targets you asked for are being solved", QueueFull)
        job = _Job(client)
        job.task = asyncio.get_running_loop().create_task(self._run(job, *key))
        job.task.add_done_callback(lambda task: self._finished(key, task))
        self._jobs[key] = job
        return job

    def _finished(self, key: tuple[str, str], task: asyncio.Task[object]) -> None:
        self._jobs.pop(key, None)
        if (
            not task.cancelled()
            and task.exception() is not None
            and not isinstance(task.exception(), ApiError)
        ):
            log.debug("on-demand solve of %s %s failed: %r", *key, task.exception())

    async def _run(self, job: _Job, puzzle_id: str, target: str) -> object:
        await self._turns.acquire(job.client)
        try:
            job.running = True
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._pool, self._solve_now, puzzle_id, target)
        finally:
            self._turns.release(job.client)

    async def _wait_for(self, job: _Job, key: tuple[str, str], who: Requester | None) -> object:
        assert job.task is not None
        solving: asyncio.Future[object] = asyncio.shield(job.task)
        watching = asyncio.ensure_future(who.left()) if who is not None else None
        try:
            done, _ = await asyncio.wait(
                [solving] + ([watching] if watching else []),
                timeout=self._wait if who is None or who.wait is None else who.wait,
                return_when=asyncio.FIRST_COMPLETED,
            )
        finally:
            if watching is not None:
                watching.cancel()
        if solving in done:
            try:
                return solving.result()
            except SolveUnfinished as unfinished:
                raise _busy(str(unfinished)) from None
        solving.cancel()  # only this waiter's shield; the solve itself is the job's
        if watching is not None and watching in done:
            raise _busy("the client left")  # no one reads this answer
        job.kept = True
        raise _busy(f"{key[0]} {key[1]} is being solved for the first time")

    async def retrying(self, attempt: Callable[[], Awaitable[T]], who: Requester | None = None) -> T:
        """``attempt()``, the target it lacks solved first if it can be (``after_solving``)."""
        return await after_solving(attempt, lambda puzzle_id, target, _: self.solve(puzzle_id, target, who))

    def pending(self) -> int:
        """Targets queued or being solved."""
        return len(self._jobs)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._solver.close()


def _busy(why: str, kind: type[ApiError] = ApiError) -> ApiError:
    return kind(
        503,
        "solving",
        f"{why}; try again in a few seconds",
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )
