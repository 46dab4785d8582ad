"""On-demand solves on a small pool of their own, with a bounded queue and one solve per target.

A target of an edition solved on demand (the weekday calendars) takes about a second of CPU
the first time anyone asks for it. Every update's unit of work runs on the event loop's
default thread pool; a solve there would hold a thread for its whole length, and a burst of
them (ten people asking for ten new weekday dates) would leave none for an unrelated ``/help``.
So solves go to :class:`SolveQueue` instead:

- its own threads (``workers``), so the default pool stays free for everything else;
- at most ``waiting`` solves queued behind them; one more is refused at once
  (:class:`SolvesBusy`) and the asker told to try again shortly, rather than waiting
  behind an ever longer queue;
- single-flight: whoever asks for a target already being solved (or queued) waits for that
  solve, and takes no place in the queue.

With the solve-job queue (``SOLVE_JOBS=queue``) the threads only wait for the workers; the solver
says how many (``TargetSolver.targets_at_once``).

The queue lives on the event loop: :meth:`SolveQueue.solve` is called and its bookkeeping
done from the loop's thread only, so it needs no lock of its own.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from hints.catalog import Puzzle, Target
from hints.missing_targets import TargetSolver

# One worker: a solve already spreads over ON_DEMAND_PROCESSES solver processes (one per core by
# default), so a second solve at once would halve the speed of each. A weekday target takes a
# median of 0.65 s that way (docs/benchmarks.md), so the last of 12 waiting ones is served within
# about 8 s, while Telegram shows "sending photo…".
SOLVE_WORKERS = 1
SOLVES_WAITING = 12


class SolvesBusy(Exception):
    """Every worker is solving and the queue is full: the asker should try again shortly."""


class SolveQueue:
    """Runs :meth:`TargetSolver.ensure` on ``workers`` threads of its own, at most ``waiting`` queued."""

    def __init__(
        self, solver: TargetSolver, *, workers: int = SOLVE_WORKERS, waiting: int = SOLVES_WAITING
    ) -> None:
        self.solver = solver
        workers = solver.targets_at_once or workers
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="on-demand-solve")
        self.capacity = workers + waiting  # targets solving or queued at once
        self._flights: dict[tuple[str, str], asyncio.Future[object]] = {}

    @property
    def in_flight(self) -> int:
        """How many targets are being solved or wait for a worker."""
        return len(self._flights)

    def solve(self, puzzle: Puzzle, target: Target) -> asyncio.Future[object]:
        """A future done once the target is solved and stored, by a solve of its own or by the one
        already asked for it. Raises :class:`SolvesBusy` at once when the queue is full. Call it
        from the event loop; cancelling the future leaves the solve to anyone else waiting."""
        key = (puzzle.id, target.name)
        flight = self._flights.get(key)
        if flight is None:
            flight = self._take_off(key, puzzle, target)
        return asyncio.shield(flight)

    def _take_off(self, key: tuple[str, str], puzzle: Puzzle, target: Target) -> asyncio.Future[object]:
        """Queue a new solve; SolvesBusy when ``capacity`` targets are solving or queued already."""
        if len(self._flights) >= self.capacity:
            raise SolvesBusy
        flight = asyncio.wrap_future(self._executor.submit(self.solver.ensure, puzzle, target))
        self._flights[key] = flight
        flight.add_done_callback(lambda done: self._landed(key, done))
        return flight

    def _landed(self, key: tuple[str, str], flight: asyncio.Future[object]) -> None:
        del self._flights[key]
        if not flight.cancelled():
            flight.exception()  # each waiter raises its own copy; this one is read, so never logged as lost

    def shutdown(self, *, wait: bool) -> None:
        """Take no more solves and cancel the queued ones; with ``wait``, join the worker threads
        (a solve in flight ends first: ``TargetSolver.close`` stops its processes)."""
        self._executor.shutdown(wait=wait, cancel_futures=True)
