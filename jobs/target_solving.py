"""Targets solved the first time someone asks for them: once, stored atomically, then served.

The editions marked ``precompute: on-demand`` (the weekday calendars have 2,604 targets
of about 1 s of CPU each) are not part of the default precompute run. When the bot or the
API needs one of their targets that is not stored, :meth:`OnDemand.ensure` solves it
with the same CP-SAT enumeration and verification as ``python -m solver.precompute``,
shared out among ``ON_DEMAND_PROCESSES`` solver processes (:func:`solve_target`), and
stores it in one transaction of its own (the caller's unit of work is not involved).

Single-flight: within a process, one thread solves a target while the others asking for
it wait and then read it from the store. Across processes on PostgreSQL, an advisory
lock per target does the same. On SQLite, writers are serialised by the database; two
processes asking at the same moment may both solve, and the second store replaces the
first with the same solutions.
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import text
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.custom_puzzles import looks_custom
from hints import custom_puzzles
from hints.errors import BeyondLimits
from hints.solutions import stored_summaries
from hints.supervised import prepare_worker, start_method
from jobs.storing import save_solutions
from settings import get_settings
from solver.bounded import solve_within
from solver.catalog import Puzzle, Target
from solver.tasks import Task, TaskResult, fingerprint, former_fingerprints, solve_task, target_tasks

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Solved:
    """What :meth:`OnDemand.ensure` did for a target."""

    computed: bool  # False: it was stored already (or another thread or process stored it)
    solutions: int | None = None
    seconds: float = 0.0


def advisory_key(puzzle_id: str, target: str) -> int:
    """A signed 64-bit PostgreSQL advisory-lock key for one target."""
    digest = hashlib.sha256(f"on-demand:{puzzle_id}:{target}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def on_demand_processes() -> int:
    """How many processes solve one on-demand target: ``ON_DEMAND_PROCESSES``, 0 meaning one per core."""
    configured = get_settings().ON_DEMAND_PROCESSES
    return configured if configured > 0 else os.cpu_count() or 1


_POOLS: dict[int, ProcessPoolExecutor] = {}
_POOLS_GUARD = threading.Lock()
SOLVER_MODULES = ("solver.tasks", "solver.bounded")  # what the solver processes run, imported once
_STOPPING = threading.Event()  # set by shutdown_pools until the next pool starts


def _shared_pool(processes: int) -> ProcessPoolExecutor:
    """This process's pool of solver processes, started on first use and kept for later targets.

    Forked from the process's fork server, which imports the solver once (a spawned worker imported
    it anew, seconds of CPU; the API and the bot have threads, which a fork of their own would copy
    mid-flight); each worker leaves Ctrl-C to the parent, runs below the serving process's
    priority and exits with its parent (:func:`hints.supervised.prepare_worker`). Each worker
    analyses an edition's board once (``solver.problem``) and keeps it for the targets after.
    """
    with _POOLS_GUARD:
        pool = _POOLS.get(processes)
        if pool is None:
            _STOPPING.clear()
            pool = ProcessPoolExecutor(
                max_workers=processes,
                mp_context=start_method(SOLVER_MODULES),
                initializer=prepare_worker,
            )
            _POOLS[processes] = pool
        return pool


def _drop_pool(processes: int, pool: ProcessPoolExecutor) -> None:
    with _POOLS_GUARD:
        if _POOLS.get(processes) is pool:
            del _POOLS[processes]
    pool.shutdown(wait=False, cancel_futures=True)


def shutdown_pools() -> None:
    """Stop this process's solver processes, for a server's shutdown (the API's lifespan, the bot's
    post-shutdown): queued work is cancelled, a solve in flight is ended (it could hold the exit
    for its whole length) and the workers are joined. Left running, the interpreter's exit joined
    them from an atexit hook, and could hang there for good after a SIGTERM."""
    _STOPPING.set()
    with _POOLS_GUARD:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        for process in list(pool._processes.values()):  # no public way to end a running task
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


# A target's work goes to the pool in pieces, a few per process (no cost measured: 15 weekday
# targets took 16.5 s in 2 pieces each and in 8), so targets solved at once (for different
# clients) share the pool piece by piece: see _Pieces.
PIECES_PER_PROCESS = 4


class _Pieces:
    """The pieces of every target this process is solving, handed to the pool at most ``limit`` at a
    time. A free place goes to the target with the fewest pieces done so far: a target asked for
    while another is being solved goes first (the other's running pieces finish; its next ones
    wait), so a newcomer waits for a piece, not for a whole target."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._in_flight = 0
        self._hungry: dict[int, int] = {}  # solve -> pieces done, for solves with pieces to hand out
        self._ids = itertools.count()

    def run(self, pool: ProcessPoolExecutor, tasks: Sequence[Task], limit: int) -> list[TaskResult]:
        me = next(self._ids)
        waiting = deque(tasks)
        running = 0
        finished: list[Future[TaskResult]] = []
        results: list[TaskResult] = []

        def landed(future: Future[TaskResult]) -> None:
            with self._changed:
                self._in_flight -= 1
                finished.append(future)
                self._changed.notify_all()

        with self._changed:
            self._hungry[me] = 0
            self._changed.notify_all()  # a new target: the others look again whose turn it is
            try:
                while waiting or running:
                    while finished:
                        running -= 1
                        results.append(finished.pop().result())  # a broken pool raises here
                    if waiting:
                        self._hungry[me] = len(results)
                    else:
                        self._hungry.pop(me, None)
                    if waiting and self._in_flight < limit and self._first() == me:
                        future = _submit(pool, waiting.popleft())
                        self._in_flight += 1
                        running += 1
                        future.add_done_callback(landed)
                        continue
                    if waiting and self._in_flight < limit:
                        self._changed.notify_all()  # a free place, another target's turn: wake it
                    if waiting or running:
                        self._changed.wait()
            finally:
                self._hungry.pop(me, None)
                self._changed.notify_all()
        return results

    def _first(self) -> int:
        return min(self._hungry, key=lambda solve: (self._hungry[solve], solve))


def _submit(pool: ProcessPoolExecutor, task: Task) -> Future[TaskResult]:
    """One piece handed to the pool; a pool shut down between two pieces of a target is a broken
    pool to the caller, as it is for the pieces already running."""
    try:
        return pool.submit(solve_task, task)
    except RuntimeError as error:  # "cannot schedule new futures after shutdown"
        raise BrokenProcessPool(str(error)) from error


_PIECES = _Pieces()


def solve_target(puzzle: Puzzle, target: Target, processes: int) -> list[str]:
    """Every solution of a target, sorted: in this process, or shared out among ``processes``.

    A pool that broke (a worker killed) is replaced by solving here, and the next target
    starts a new pool.
    """
    tasks = target_tasks(puzzle, target, processes * PIECES_PER_PROCESS if processes > 1 else 1)
    results: list[TaskResult]
    if processes > 1:
        pool = _shared_pool(processes)
        try:
            results = _PIECES.run(pool, tasks, processes)
        except BrokenProcessPool:
            if _STOPPING.is_set():  # shut down on purpose: the process is exiting
                raise
            log.warning("the on-demand solver processes stopped; solving %s %s here", puzzle.id, target.name)
            _drop_pool(processes, pool)
            results = [solve_task(task) for task in tasks]
    else:
        results = [solve_task(task) for task in tasks]
    return sorted(code for result in results for code in result.encodings)


def solve_custom_target(puzzle: Puzzle, target: Target, processes: int) -> list[str]:
    """Every solution of a target of a puzzle a person made, within the deployment's limits
    (:mod:`solver.bounded`): BeyondLimits when it has more solutions than are kept or was not
    solved in time. In one solver process (the puzzle travels with the task: those processes have
    no store to look it up in), or here when there are none."""
    limits = custom_puzzles.limits()
    if processes > 1:
        counted = _shared_pool(processes).submit(solve_within, puzzle, target, limits).result()
    else:
        counted = solve_within(puzzle, target, limits)
    if counted.outcome != "all":
        more_than = limits.solutions_per_target if counted.outcome == "more-than" else None
        raise BeyondLimits(puzzle.id, target.name, more_than=more_than, seconds=limits.seconds_per_target)
    return sorted(counted.encodings)


class OnDemand:
    """Solves and stores targets that are not stored yet, each at most once at a time.

    ``processes``: how many processes solve one target (default :func:`on_demand_processes`).
    """

    targets_at_once: int | None = None  # the front ends' own choice: the solves share one pool

    def __init__(self, sessions: sessionmaker[Session], processes: int | None = None) -> None:
        self._sessions = sessions
        self._processes = processes
        self._guard = threading.Lock()
        self._locks: dict[tuple[str, str], threading.Lock] = {}

    def close(self) -> None:
        """Stop the solver processes of this process (they are shared: see :func:`shutdown_pools`)."""
        shutdown_pools()

    def is_stored(self, puzzle: Puzzle, target: Target) -> bool:
        with self._sessions() as session:
            return repository.target_key(session=session, puzzle_id=puzzle.id, target=target.name) is not None

    def ensure(self, puzzle: Puzzle, target: Target) -> Solved:
        """The target stored: at once if it is, else solved here or by whoever is solving it."""
        lock = self._lock(puzzle, target)
        with lock:
            if self.is_stored(puzzle, target):
                return Solved(computed=False)
            with self._across_processes(puzzle, target):
                if self.is_stored(puzzle, target):  # another process stored it meanwhile
                    return Solved(computed=False)
                return self._solve_and_store(puzzle, target)

    def _lock(self, puzzle: Puzzle, target: Target) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault((puzzle.id, target.name), threading.Lock())

    @contextmanager
    def _across_processes(self, puzzle: Puzzle, target: Target) -> Iterator[None]:
        """PostgreSQL: hold the target's advisory lock (other processes wait for it); else nothing."""
        bind = self._sessions.kw.get("bind")
        if bind is None or bind.dialect.name != "postgresql":
            yield
            return
        key = advisory_key(puzzle.id, target.name)
        with bind.connect() as connection:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": key})
            connection.commit()
            try:
                yield
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": key})
                connection.commit()

    def _solve_custom(self, puzzle: Puzzle, target: Target, processes: int) -> list[str]:
        """A person's target within the limits. A refusal is kept in the store, where every process
        and solver worker reads it (:func:`hints.custom_puzzles.refusal`) instead of solving the
        target again: a version never changes."""
        with self._sessions() as session:
            kept = custom_puzzles.refusal(session, puzzle.id, target.name)
        if kept is not None:
            raise kept
        try:
            return solve_custom_target(puzzle, target, processes)
        except BeyondLimits as refused:
            with self._sessions.begin() as session:
                custom_puzzles.record_refusal(session, refused, datetime.now(UTC))
            raise

    def _solve_and_store(self, puzzle: Puzzle, target: Target) -> Solved:
        started = time.perf_counter()
        processes = self._processes if self._processes is not None else on_demand_processes()
        if looks_custom(puzzle.id):
            encodings = self._solve_custom(puzzle, target, processes)
        else:
            encodings = solve_target(puzzle, target, processes)
        seconds = time.perf_counter() - started
        with self._sessions.begin() as session:
            repository.sync_puzzle(
                session=session,
                puzzle_id=puzzle.id,
                title=puzzle.title,
                lattice=puzzle.lattice.name,
                fingerprint=fingerprint(puzzle),
                former=former_fingerprints(puzzle),
            )
            save_solutions(session, puzzle, target, encodings, seconds)
        stored_summaries(self._sessions).forget()  # this process's listings show it at once
        log.info(
            "solved %s %s on demand: %d solutions in %.1f s", puzzle.id, target.name, len(encodings), seconds
        )
        return Solved(computed=True, solutions=len(encodings), seconds=seconds)
