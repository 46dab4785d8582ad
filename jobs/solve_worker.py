"""``python -m jobs.solve_worker``: a solver worker. It takes solve jobs from the queue in the store
(``SOLVE_JOBS=queue``, PostgreSQL) one at a time, solves and stores each target, and runs until
SIGINT or SIGTERM (a job in hand is finished first).

Run as many as you like, on this machine (``make run``'s launcher starts ``SOLVE_WORKERS``) or on
any other that reaches the same ``DATABASE_URL``: each solves with ``ON_DEMAND_PROCESSES``
processes. Each sends a heartbeat every ``SOLVE_WORKER_HEARTBEAT`` seconds and puts back in the
queue the jobs of workers silent for ``SOLVE_WORKER_STALLED_AFTER`` seconds
(:func:`jobs.solve_jobs.retry_stalled`): a worker killed mid-job loses nothing but time.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import socket
from collections.abc import Callable, Sequence

from procrastinate import App

from db.engine import make_engine, session_factory
from hints import custom_puzzles
from jobs import cli
from jobs.solve_jobs import QUEUE, JobSolver, queue_app, retry_stalled
from jobs.target_solving import OnDemand
from settings import Settings, get_settings
from solver.catalog import Puzzle, Target

log = logging.getLogger("jobs.solve_worker")

# What a worker runs a job with, given its process's OnDemand: the target solved and stored (a test
# passes one that holds a first attempt, to kill the worker mid-job).
SolveWith = Callable[[OnDemand], Callable[[Puzzle, Target, int], object]]


def solve_with_on_demand(solver: OnDemand) -> Callable[[Puzzle, Target, int], object]:
    """Every attempt alike: the target solved and stored unless it is stored already."""
    return lambda puzzle, target, _attempt: solver.ensure(puzzle, target)


async def watch_stalled(app: App, settings: Settings) -> None:
    """Every heartbeat, queue again the jobs of workers gone silent."""
    while True:
        await asyncio.sleep(settings.SOLVE_WORKER_HEARTBEAT)
        await retry_stalled(app, settings.SOLVE_WORKER_STALLED_AFTER)


async def work(settings: Settings, solve_with: SolveWith = solve_with_on_demand) -> None:
    """Take solve jobs until stopped (procrastinate's signal handlers stop it after the job in hand)."""
    engine = make_engine(settings.DATABASE_URL)
    sessions = session_factory(engine)
    uninstall = custom_puzzles.install(sessions)  # a job's puzzle id may name a person's puzzle
    solver = OnDemand(sessions)
    app = queue_app(settings, for_workers=True)
    try:
        async with app.open_async():
            await retry_stalled(app, settings.SOLVE_WORKER_STALLED_AFTER)  # jobs of workers gone before
            watching = asyncio.create_task(watch_stalled(app, settings))
            try:
                await app.run_worker_async(
                    queues=[QUEUE],
                    name=socket.gethostname(),
                    concurrency=1,
                    update_heartbeat_interval=settings.SOLVE_WORKER_HEARTBEAT,
                    stalled_worker_timeout=settings.SOLVE_WORKER_STALLED_AFTER,
                    delete_jobs="successful",
                    additional_context={"solver": JobSolver(solve_with(solver))},
                    install_signal_handlers=True,
                )
            finally:
                watching.cancel()
    finally:
        solver.close()
        uninstall()
        engine.dispose()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m jobs.solve_worker",
        description="Take solve jobs from the queue in the store (SOLVE_JOBS=queue, PostgreSQL) until "
        "stopped; run any number, on any machine reaching DATABASE_URL.",
    )
    cli.add_database_option(parser)
    return parser


def main(argv: Sequence[str] | None = None, solve_with: SolveWith = solve_with_on_demand) -> int:
    args = _parser().parse_args(argv)

    def run() -> int:
        settings = get_settings()
        url = cli.database_url(args)
        if not url.startswith("postgresql"):
            raise cli.UsageError("solve workers need a PostgreSQL store (on SQLite each process solves)")
        settings = Settings(**{**settings.model_dump(), "DATABASE_URL": url, "SOLVE_JOBS": "queue"})
        logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
        log.info("solve worker taking jobs (SIGINT or SIGTERM stops it after the job in hand)")
        asyncio.run(work(settings, solve_with))
        return cli.EXIT_OK

    return cli.run(run)


if __name__ == "__main__":
    raise SystemExit(main())
