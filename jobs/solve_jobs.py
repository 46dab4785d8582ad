"""Targets solved as jobs on procrastinate's queue in the store (PostgreSQL, ``SOLVE_JOBS=queue``).

The API and the bot hand a missing target to :class:`QueuedSolver` (their
:class:`~hints.missing_targets.TargetSolver`): it defers a ``solve_target`` job, ``{"puzzle": id,
"target": name}``, and waits until the target is stored. Solver workers (``python -m
jobs.solve_worker``, on any machine with the same ``DATABASE_URL``) take the jobs one at a time
each, find the puzzle with :func:`hints.missing_targets.puzzle_to_solve`, and solve and store the
target with :class:`jobs.target_solving.OnDemand`, as the in-process path does.

- Single-flight per target: every job of a target has the target's ``queueing_lock`` (one waits in
  the queue at most: a second defer finds it, ``AlreadyEnqueued``, and waits for the same one) and
  ``lock`` (two never run at once; a later one finds the target stored and ends at once).
- A job whose worker died is retried: each worker sends a heartbeat every
  ``SOLVE_WORKER_HEARTBEAT`` seconds, and every worker looks as often for jobs in ``doing`` whose
  worker has been silent for ``SOLVE_WORKER_STALLED_AFTER`` seconds (procrastinate's stalled
  jobs) and puts them back in the queue (:func:`retry_stalled`), at most :data:`MAX_ATTEMPTS`
  times. A job whose solve raised is retried by procrastinate's retry strategy.
- The waiter polls the store (a one-row read every :data:`POLL_SECONDS`), and the queue now and
  then: a target with no job left in the queue and nothing stored failed, and the waiter says so
  (:class:`~hints.missing_targets.SolveUnfinished`) instead of waiting out :data:`GIVE_UP_SECONDS`.
- A target of a person's puzzle beyond the limits: the worker's solver keeps the refusal in the
  store (:func:`hints.custom_puzzles.record_refusal`) and the job ends; the waiter reads it and
  raises :class:`~hints.errors.BeyondLimits` with the in-process path's words (the API's 422
  ``beyond_limits``, the bot's answer), and a later ask is refused at once, with no job.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from procrastinate import App, JobContext, PsycopgConnector, RetryStrategy, SyncPsycopgConnector
from procrastinate import exceptions as queue_errors
from procrastinate.jobs import Status
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.custom_puzzles import looks_custom
from hints import custom_puzzles
from hints.errors import BeyondLimits
from hints.missing_targets import SolveUnfinished, TargetSolver, puzzle_to_solve
from jobs.target_solving import OnDemand, Solved
from settings import Settings
from solver.catalog import Puzzle, Target

log = logging.getLogger(__name__)

QUEUE = "solve"
TASK = "solve_target"
# Targets each API or bot process keeps on the queue at once (a thread each, waiting); more wait in
# the front end's own queue, dealt fairly among its clients (api.solve_queue) or first come first.
TARGETS_AT_ONCE = 8
POLL_SECONDS = 0.05  # the store is read this often while a target is being solved elsewhere
QUEUE_CHECK_SECONDS = 1.0  # and the queue this often: is a job for the target still there?
GIVE_UP_SECONDS = 300.0  # no worker stored it in this time: SolveUnfinished (the job stays queued)
MAX_ATTEMPTS = 3  # a job's runs: a solve that raised, or a worker that died, is retried twice
# Workers take the highest priority first: a target someone waits for before one solved ahead of
# asking (the window around today), then first come first.
ASKED = 0
AHEAD = -10


def job_lock(puzzle_id: str, target: str) -> str:
    """The queueing lock and the lock of every job of one target."""
    return f"{puzzle_id}/{target}"


def conninfo(database_url: str) -> str:
    """psycopg's connection string for a ``postgresql+psycopg://`` store URL."""
    return make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)


# ---------------------------------------------------------------- the job, as the workers run it


class JobSolver:
    """What a worker runs for each job: the puzzle found by id, the target solved and stored.

    ``solve``: the solver of the worker process (an ``OnDemand``: its advisory lock and its solver
    processes); the attempt is given so a test's solver can tell a first run from a retry.
    """

    def __init__(self, solve: Callable[[Puzzle, Target, int], object]) -> None:
        self._solve = solve

    def run(self, puzzle_id: str, target: str, attempt: int) -> None:
        puzzle = puzzle_to_solve(puzzle_id)
        self._solve(puzzle, puzzle.target(target), attempt)


def solve_target(context: JobContext, puzzle: str, target: str) -> None:
    """Solve and store one target (nothing if it is stored already), in the worker that took it. A
    target of a person's puzzle beyond the limits is done with, not retried (it would be again):
    the solver kept the refusal in the store, where whoever waits for it reads it."""
    solver: JobSolver = context.additional_context["solver"]
    try:
        solver.run(puzzle, target, context.job.attempts)
    except BeyondLimits as refused:
        log.warning("%s", refused)


def queue_app(settings: Settings, *, for_workers: bool) -> App:
    """procrastinate's app on the store: asynchronous for the workers, synchronous for the API and
    the bot (their solves wait on threads of their own). Not opened."""
    url = conninfo(settings.DATABASE_URL)
    connector = (
        PsycopgConnector(conninfo=url)
        if for_workers
        else SyncPsycopgConnector(conninfo=url, min_size=1, max_size=TARGETS_AT_ONCE)
    )
    app = App(connector=connector)
    app.task(
        name=TASK, queue=QUEUE, pass_context=True, retry=RetryStrategy(max_attempts=MAX_ATTEMPTS - 1, wait=1)
    )(solve_target)
    return app


# ---------------------------------------------------------------- a job whose worker died


async def retry_stalled(app: App, stalled_after: float) -> list[int]:
    """Put back in the queue every solve job whose worker has been silent for ``stalled_after``
    seconds (killed, its machine gone); the ids. A job that has run :data:`MAX_ATTEMPTS` times is
    failed instead, and so is one whose target was queued again meanwhile (that job solves it).
    Every worker calls this; when two reach a job together, one retries it and the other skips."""
    retried: list[int] = []
    for job in await app.job_manager.get_stalled_jobs(queue=QUEUE, seconds_since_heartbeat=stalled_after):
        assert job.id is not None
        try:
            if job.attempts + 1 >= MAX_ATTEMPTS:
                log.warning("solve job %s (%s) stalled on its last attempt: failed", job.id, job.lock)
                await app.job_manager.finish_job(job, Status.FAILED, delete_job=False)
                continue
            await app.job_manager.retry_job(job)
            retried.append(job.id)
            log.warning("solve job %s (%s): its worker stopped answering; queued again", job.id, job.lock)
        except queue_errors.UniqueViolation:  # the target was queued again meanwhile
            await app.job_manager.finish_job(job, Status.FAILED, delete_job=False)
        except queue_errors.ConnectorException as error:  # another worker retried it first
            log.debug("solve job %s not retried here: %s", job.id, error)
    return retried


# ---------------------------------------------------------------- the API's and the bot's side


@dataclass(frozen=True)
class _Waiting:
    puzzle_id: str
    target: str
    started: float


class QueuedSolver:
    """A :class:`~hints.missing_targets.TargetSolver` that hands each target to the queue and waits
    for a worker to store it."""

    targets_at_once: int | None = TARGETS_AT_ONCE

    def __init__(
        self, sessions: sessionmaker[Session], settings: Settings, *, give_up_seconds: float = GIVE_UP_SECONDS
    ) -> None:
        self._sessions = sessions
        self._settings = settings
        self._give_up = give_up_seconds
        self._closing = threading.Event()
        self._app: App | None = None
        self._guard = threading.Lock()

    def _queue(self) -> App:
        """The app, its connection pool opened on the first solve (a process that never solves
        never connects)."""
        with self._guard:
            if self._app is None:
                self._app = queue_app(self._settings, for_workers=False).open()
            return self._app

    def close(self) -> None:
        """Stop waiting (a waiting ``ensure`` raises SolveUnfinished); queued jobs stay queued."""
        self._closing.set()
        with self._guard:
            if self._app is not None:
                self._app.close()
                self._app = None

    def _count(self, puzzle_id: str, target: str) -> int | None:
        with self._sessions() as session:
            return repository.count_solutions(session=session, puzzle_id=puzzle_id, target=target)

    def _outcome(self, puzzle_id: str, target: str) -> int | None:
        """The target's solution count once it is stored (None: not yet); BeyondLimits once a
        worker found a target of a person's puzzle beyond the limits (it keeps that in the store)."""
        with self._sessions() as session:
            count = repository.count_solutions(session=session, puzzle_id=puzzle_id, target=target)
            if count is None and looks_custom(puzzle_id):
                refused = custom_puzzles.refusal(session, puzzle_id, target, self._settings)
                if refused is not None:
                    raise refused
            return count

    def ensure(self, puzzle: Puzzle, target: Target) -> Solved:
        """The target stored: at once if it is, else by a worker, this thread waiting. BeyondLimits,
        in the words of the in-process path, for a person's target a worker refused."""
        if self._outcome(puzzle.id, target.name) is not None:
            return Solved(computed=False)
        self.enqueue(puzzle.id, target.name)
        return self._wait(_Waiting(puzzle.id, target.name, time.monotonic()))

    def enqueue(self, puzzle_id: str, target: str, priority: int = ASKED) -> None:
        """Defer the target's job, unless one waits in the queue already (it serves this ask too)."""
        key = job_lock(puzzle_id, target)
        deferrer = self._queue().configure_task(
            TASK, queue=QUEUE, lock=key, queueing_lock=key, priority=priority
        )
        with contextlib.suppress(queue_errors.AlreadyEnqueued):
            deferrer.defer(puzzle=puzzle_id, target=target)

    def enqueue_missing(self, targets: Iterable[tuple[str, str]]) -> None:
        """Defer the job of each of these targets (puzzle id, name) that is not stored, behind
        every target someone is waiting for (:data:`AHEAD`)."""
        for puzzle_id, target in targets:
            if self._count(puzzle_id, target) is None:
                self.enqueue(puzzle_id, target, AHEAD)

    def _wait(self, waiting: _Waiting) -> Solved:
        next_queue_check = waiting.started + QUEUE_CHECK_SECONDS
        while not self._closing.wait(POLL_SECONDS):
            count = self._outcome(waiting.puzzle_id, waiting.target)
            now = time.monotonic()
            if count is not None:
                return Solved(computed=True, solutions=count, seconds=now - waiting.started)
            if now >= next_queue_check:
                next_queue_check = now + QUEUE_CHECK_SECONDS
                self._check_queued(waiting)
            if now - waiting.started > self._give_up:
                raise SolveUnfinished(f"{waiting.puzzle_id} {waiting.target}: no worker solved it in time")
        raise SolveUnfinished("the process is stopping")

    def _check_queued(self, waiting: _Waiting) -> None:
        """SolveUnfinished when the target has no job left in the queue and is still not stored."""
        key = job_lock(waiting.puzzle_id, waiting.target)
        jobs = self._queue().job_manager.list_jobs(lock=key)
        live = [job for job in jobs if job.status in ("todo", "doing")]
        if not live and self._outcome(waiting.puzzle_id, waiting.target) is None:
            raise SolveUnfinished(f"{waiting.puzzle_id} {waiting.target}: its solve job failed")


def solver_factory(settings: Settings) -> Callable[[sessionmaker[Session]], TargetSolver]:
    """What solves a process's missing targets, by ``SOLVE_JOBS``: the queue, or the process itself."""
    if settings.SOLVE_JOBS == "queue":
        return lambda sessions: QueuedSolver(sessions, settings)
    return OnDemand
