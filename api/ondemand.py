"""Targets of editions solved on demand, as the API waits for them.

The first request for a target that is not stored starts its solve (one at a time per process,
in a thread of its own, single-flight per target: see :mod:`solver.ondemand`) and waits for it
up to :data:`WAIT_SECONDS`. Past that the answer is 503 with ``Retry-After``; the solve goes on,
and the request that comes back finds the target stored.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from sqlalchemy.orm import Session, sessionmaker

from api.errors import ApiError
from hints.errors import NotPrecomputed
from solver.catalog import get_puzzle
from solver.ondemand import OnDemand, Solved

WAIT_SECONDS = 10.0
RETRY_AFTER_SECONDS = 5
MAX_PENDING = 16  # targets queued for solving in one process; beyond: 503 at once
T = TypeVar("T")


class OnDemandWaiter:
    """Starts on-demand solves and waits a bounded time for them."""

    def __init__(self, sessions: sessionmaker[Session], wait_seconds: float = WAIT_SECONDS) -> None:
        self._solver = OnDemand(sessions)
        self._wait = wait_seconds
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="on-demand")
        self._pending: dict[tuple[str, str], asyncio.Future[Solved]] = {}

    async def solve(self, puzzle_id: str, target: str) -> Solved:
        """The target stored (solved now if need be); 503 with Retry-After if that takes too long."""
        key = (puzzle_id, target)
        running = self._pending.get(key)
        if running is None:
            if len(self._pending) >= MAX_PENDING:
                raise _busy(f"the server is solving {len(self._pending)} other targets")
            puzzle = get_puzzle(puzzle_id)
            loop = asyncio.get_running_loop()
            running = loop.run_in_executor(self._pool, self._solver.ensure, puzzle, puzzle.target(target))
            self._pending[key] = running
            running.add_done_callback(lambda _: self._pending.pop(key, None))
        try:
            return await asyncio.wait_for(asyncio.shield(running), self._wait)
        except TimeoutError:
            raise _busy(f"{puzzle_id} {target} is being solved for the first time") from None

    async def retrying(self, attempt: Callable[[], Awaitable[T]]) -> T:
        """``attempt()``; if it lacks a target that can be solved on demand, solve it and try again."""
        try:
            return await attempt()
        except NotPrecomputed as missing:
            if missing.solvable is None:
                raise
            await self.solve(*missing.solvable)
            return await attempt()

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _busy(why: str) -> ApiError:
    return ApiError(
        503,
        "solving",
        f"{why}; try again in a few seconds",
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )
