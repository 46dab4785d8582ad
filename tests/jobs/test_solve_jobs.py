"""Targets solved as jobs on the queue in the store (SOLVE_JOBS=queue, PostgreSQL): one job per
target however many ask, solved by a worker process and stored as the in-process path stores it,
a job whose worker is killed taken by another, a failed job reported to whoever waits."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pydantic import ValidationError
from sqlalchemy import Engine, text
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.engine import make_engine, session_factory
from hints import custom_puzzles
from hints.errors import BeyondLimits
from hints.missing_targets import SolveUnfinished
from jobs.solve_jobs import (
    MAX_ATTEMPTS,
    QUEUE,
    JobSolver,
    QueuedSolver,
    job_lock,
    queue_app,
    retry_stalled,
    solver_factory,
)
from jobs.solve_worker import main as worker_main
from jobs.solve_worker import solve_with_on_demand
from jobs.target_solving import OnDemand, solve_target
from settings import Settings
from solver.definitions import Limits
from solver.puzzles import get_puzzle
from tests.support.custom_puzzles import FOUR_BY_FIVE
from tests.support.exact_cover import solve

PROJECT_ROOT = Path(__file__).resolve().parents[2]
PUZZLE = get_puzzle("calendar-tetromino")  # about 0.5 s a target
TARGET = PUZZLE.target("07-14")
HEARTBEAT = 0.3  # seconds: the workers of these tests are declared dead after a second of silence
STALLED_AFTER = 1.0
DEADLINE = 60.0  # seconds: only so a failing test ends


def queue_settings(url: str) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        DATABASE_URL=url,
        SOLVE_JOBS="queue",
        SOLVE_WORKER_HEARTBEAT=HEARTBEAT,
        SOLVE_WORKER_STALLED_AFTER=STALLED_AFTER,
    )


@pytest.fixture
def engine(migrated_postgres_url: str) -> Iterator[Engine]:
    engine = make_engine(migrated_postgres_url)
    yield engine
    engine.dispose()


@pytest.fixture
def queued(engine: Engine, migrated_postgres_url: str) -> Iterator[QueuedSolver]:
    solver = QueuedSolver(
        session_factory(engine), queue_settings(migrated_postgres_url), give_up_seconds=DEADLINE
    )
    yield solver
    solver.close()


def start_worker(
    url: str, module: str = "jobs.solve_worker", limits: dict[str, str] | None = None
) -> subprocess.Popen[str]:
    """A worker process on the test's database, one solver process, quick heartbeats (and the
    limits of people's puzzles given)."""
    env = {
        **os.environ,
        **(limits or {}),
        "PYTHONPATH": str(PROJECT_ROOT),
        "DATABASE_URL": url,
        "SOLVE_JOBS": "queue",
        "ON_DEMAND_PROCESSES": "1",
        "SOLVE_WORKER_HEARTBEAT": str(HEARTBEAT),
        "SOLVE_WORKER_STALLED_AFTER": str(STALLED_AFTER),
    }
    return subprocess.Popen(
        [sys.executable, "-m", module],
        cwd=PROJECT_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def stop(worker: subprocess.Popen[str]) -> str:
    """Stop a worker (SIGTERM, then SIGKILL) and return what it logged."""
    if worker.poll() is None:
        worker.send_signal(signal.SIGTERM)
    try:
        _, logged = worker.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        worker.kill()
        _, logged = worker.communicate()
    return logged


def jobs_of(engine: Engine, key: str) -> list[tuple[str, int]]:
    """(status, attempts) of every job of one target, oldest first."""
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT status, attempts FROM procrastinate_jobs WHERE lock = :key ORDER BY id"),
            {"key": key},
        )
        return [(row.status, row.attempts) for row in rows]


def stored(sessions: sessionmaker[Session]) -> list[str]:
    with sessions() as session:
        return repository.get_encodings(session=session, puzzle_id=PUZZLE.id, target=TARGET.name)


# ---------------------------------------------------------------- the choice of path


def test_sqlite_solves_in_process_and_refuses_the_queue(database_url: str) -> None:
    assert solver_factory(Settings(_env_file=None, DATABASE_URL=database_url)) is OnDemand  # type: ignore[call-arg]
    with pytest.raises(ValidationError, match="SOLVE_JOBS=queue needs a postgresql"):
        Settings(_env_file=None, DATABASE_URL=database_url, SOLVE_JOBS="queue")  # type: ignore[call-arg]
    with pytest.raises(ValidationError, match="at least twice"):
        Settings(_env_file=None, SOLVE_WORKER_HEARTBEAT=10, SOLVE_WORKER_STALLED_AFTER=15)  # type: ignore[call-arg]


def test_a_worker_refuses_a_sqlite_store(database_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert worker_main(["--database-url", database_url]) == 2
    assert "need a PostgreSQL store" in capsys.readouterr().err


# ---------------------------------------------------------------- one job per target


@pytest.mark.postgres
def test_many_asks_for_a_target_queue_one_job(queued: QueuedSolver, engine: Engine) -> None:
    for _ in range(3):
        queued.enqueue(PUZZLE.id, TARGET.name)
    queued.enqueue_missing([(PUZZLE.id, TARGET.name), (PUZZLE.id, "07-15")])
    assert jobs_of(engine, job_lock(PUZZLE.id, TARGET.name)) == [("todo", 0)]
    assert jobs_of(engine, job_lock(PUZZLE.id, "07-15")) == [("todo", 0)]


@pytest.mark.postgres
async def test_a_target_someone_waits_for_goes_before_those_solved_ahead(
    queued: QueuedSolver, migrated_postgres_url: str
) -> None:
    queued.enqueue_missing([(PUZZLE.id, "07-15"), (PUZZLE.id, "07-16")])  # the window around today
    queued.enqueue(PUZZLE.id, TARGET.name)  # someone asks
    app = queue_app(queue_settings(migrated_postgres_url), for_workers=True)
    async with app.open_async():
        worker = await app.job_manager.register_worker()
        taken = [await app.job_manager.fetch_job(queues=[QUEUE], worker_id=worker) for _ in range(3)]
    assert [job.task_kwargs["target"] for job in taken if job is not None] == [TARGET.name, "07-15", "07-16"]


@pytest.mark.postgres
def test_whoever_waits_for_a_job_that_failed_is_told_so(queued: QueuedSolver, engine: Engine) -> None:
    key = job_lock(PUZZLE.id, TARGET.name)
    with ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(queued.ensure, PUZZLE, TARGET)
        deadline = time.monotonic() + DEADLINE
        while not jobs_of(engine, key) and time.monotonic() < deadline:
            time.sleep(0.01)
        with engine.begin() as connection:  # as a worker leaves a job whose every attempt raised
            connection.execute(
                text("UPDATE procrastinate_jobs SET status = 'failed' WHERE lock = :key"), {"key": key}
            )
        with pytest.raises(SolveUnfinished, match="its solve job failed"):
            waiting.result(timeout=DEADLINE)


# ---------------------------------------------------------------- a worker that died


async def _stalled_job(engine: Engine, queued: QueuedSolver, attempts: int) -> None:
    """The target's job taken by a worker whose last heartbeat was an hour ago."""
    queued.enqueue(PUZZLE.id, TARGET.name)
    with engine.begin() as connection:
        worker = connection.scalar(
            text(
                "INSERT INTO procrastinate_workers (last_heartbeat) "
                "VALUES (now() - interval '1 hour') RETURNING id"
            )
        )
        connection.execute(
            text(
                "UPDATE procrastinate_jobs SET status = 'doing', worker_id = :worker, attempts = :attempts "
                "WHERE lock = :key AND status = 'todo'"
            ),
            {"worker": worker, "attempts": attempts, "key": job_lock(PUZZLE.id, TARGET.name)},
        )


@pytest.mark.postgres
async def test_a_job_whose_worker_went_silent_is_queued_again_until_its_last_attempt(
    queued: QueuedSolver, engine: Engine, migrated_postgres_url: str
) -> None:
    key = job_lock(PUZZLE.id, TARGET.name)
    app = queue_app(queue_settings(migrated_postgres_url), for_workers=True)
    async with app.open_async():
        await _stalled_job(engine, queued, attempts=0)
        assert len(await retry_stalled(app, STALLED_AFTER)) == 1
        assert jobs_of(engine, key) == [("todo", 1)]
        assert await retry_stalled(app, STALLED_AFTER) == []  # nothing stalled any more
        with engine.begin() as connection:
            connection.execute(text("DELETE FROM procrastinate_jobs"))
        await _stalled_job(engine, queued, attempts=MAX_ATTEMPTS - 1)
        assert await retry_stalled(app, STALLED_AFTER) == []
        assert jobs_of(engine, key) == [("failed", MAX_ATTEMPTS)]  # finishing counts the attempt


@pytest.mark.postgres
async def test_a_stalled_job_whose_target_was_queued_again_leaves_it_to_the_new_job(
    queued: QueuedSolver, engine: Engine, migrated_postgres_url: str
) -> None:
    app = queue_app(queue_settings(migrated_postgres_url), for_workers=True)
    async with app.open_async():
        await _stalled_job(engine, queued, attempts=0)
        queued.enqueue(PUZZLE.id, TARGET.name)  # asked again: the stalled one holds no queueing lock
        assert await retry_stalled(app, STALLED_AFTER) == []
        assert jobs_of(engine, job_lock(PUZZLE.id, TARGET.name)) == [("failed", 1), ("todo", 0)]


# ---------------------------------------------------------------- real workers


@pytest.mark.postgres
@pytest.mark.slow  # worker processes
def test_a_worker_solves_a_queued_target_as_the_asking_process_would(
    queued: QueuedSolver, engine: Engine, migrated_postgres_url: str
) -> None:
    worker = start_worker(migrated_postgres_url)
    try:
        with ThreadPoolExecutor(3) as pool:  # three asks at once: one job, one solve
            results = list(pool.map(lambda _: queued.ensure(PUZZLE, TARGET), range(3)))
    finally:
        stop(worker)
    expected = len(solve(PUZZLE, TARGET))  # independent exact-cover enumeration
    assert all(result.computed and result.solutions == expected for result in results)
    assert stored(session_factory(engine)) == solve_target(PUZZLE, TARGET, processes=1)
    assert jobs_of(engine, job_lock(PUZZLE.id, TARGET.name)) == []  # done: deleted
    assert not queued.ensure(PUZZLE, TARGET).computed


@pytest.mark.postgres
@pytest.mark.slow  # worker processes
def test_a_job_whose_worker_is_killed_is_finished_by_another_worker(
    queued: QueuedSolver, engine: Engine, migrated_postgres_url: str
) -> None:
    holding = start_worker(migrated_postgres_url, "tests.support.holding_worker")
    other: subprocess.Popen[str] | None = None
    try:
        with ThreadPoolExecutor(1) as pool:
            waiting = pool.submit(queued.ensure, PUZZLE, TARGET)
            assert holding.stdout is not None
            assert holding.stdout.readline().strip() == f"holding {PUZZLE.id} {TARGET.name}"  # mid-job
            holding.kill()  # kill -9: no goodbye, the job stays 'doing'
            holding.wait()
            assert jobs_of(engine, job_lock(PUZZLE.id, TARGET.name)) == [("doing", 0)]
            other = start_worker(migrated_postgres_url)
            result = waiting.result(timeout=DEADLINE)
    finally:
        stop(holding)
        logged = stop(other) if other is not None else ""
    assert result.computed and result.solutions == len(solve(PUZZLE, TARGET))
    assert stored(session_factory(engine)) == solve_target(PUZZLE, TARGET, processes=1)
    assert "its worker stopped answering; queued again" in logged


@pytest.mark.postgres
def test_an_ask_after_its_process_began_stopping_waits_for_nothing(queued: QueuedSolver) -> None:
    queued.close()  # the server stopping: a waiting ask ends at its next look
    with pytest.raises(SolveUnfinished, match="stopping"):
        queued.ensure(PUZZLE, TARGET)


# ---------------------------------------------------------------- a person's target beyond the limits


@pytest.mark.postgres
async def test_a_persons_target_beyond_the_limits_is_refused_after_its_job_as_in_the_process(
    engine: Engine, migrated_postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(custom_puzzles, "limits", lambda settings=None: Limits(solutions_per_target=3))
    sessions = session_factory(engine)
    uninstall = custom_puzzles.install(sessions)
    settings = queue_settings(migrated_postgres_url)
    queued = QueuedSolver(sessions, settings, give_up_seconds=DEADLINE)
    try:
        read = custom_puzzles.read(FOUR_BY_FIVE, "en")
        assert not isinstance(read, list)
        with sessions.begin() as session:
            made = custom_puzzles.create(session, 7, read, custom_puzzles.ProbeResult(()), datetime.now(UTC))
        puzzle = get_puzzle(made.puzzle.current_id)
        target, key = puzzle.target("board"), job_lock(puzzle.id, "board")
        with ThreadPoolExecutor(1) as pool:
            waiting = pool.submit(queued.ensure, puzzle, target)  # the API's or the bot's wait
            deadline = time.monotonic() + DEADLINE
            while not jobs_of(engine, key) and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            app = queue_app(settings, for_workers=True)
            async with app.open_async():  # a worker, here, until the queue is empty
                await app.run_worker_async(
                    queues=[QUEUE],
                    wait=False,
                    delete_jobs="successful",
                    install_signal_handlers=False,
                    additional_context={"solver": JobSolver(solve_with_on_demand(OnDemand(sessions, 1)))},
                )
            with pytest.raises(BeyondLimits) as after_the_job:
                waiting.result(timeout=DEADLINE)
        words = (
            f"board of {puzzle.id} has more than 3 solutions, more than this server keeps for one target; "
            "a smaller board or fewer pieces would do"
        )
        assert str(after_the_job.value) == words  # the in-process path's words (its 422 in the API)
        assert jobs_of(engine, key) == []  # the job is done with, not failed nor retried
        with pytest.raises(BeyondLimits) as later:  # asked again: refused at once, with no job
            queued.ensure(puzzle, target)
        assert str(later.value) == words and jobs_of(engine, key) == []
        with pytest.raises(BeyondLimits) as in_process:  # and so says a process solving itself
            OnDemand(sessions, 1).ensure(puzzle, target)
        assert str(in_process.value) == words
    finally:
        queued.close()
        uninstall()
