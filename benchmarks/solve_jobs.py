"""From request to stored answer for weekday targets not stored yet: solve jobs on PostgreSQL with
one and with two solver workers, against solving in the API's own process.

    .venv/bin/python -m benchmarks.solve_jobs [--sequential 8] [--burst 8]

Needs PostgreSQL (POSTGRES_TEST_URL, default postgresql+psycopg://postgres@127.0.0.1:5432/test).
For each setup a fresh migrated database, ``python -m api`` and its solver workers
(``python -m jobs.solve_worker``, one solver process each: ``ON_DEMAND_PROCESSES=1``) are
started, and one target is asked for to warm them up (the API's compute processes, a worker's
board analysis); then the API is asked for the first solution of weekday targets nobody asked
for before (``/api/v1/puzzles/calendar-weekday/targets/T/solutions?limit=1``), each by a client
of its own:

- sequential: one request at a time (the wait of one person on an idle server);
- burst: every request at once (a morning's first asks for different dates).

The time of a request is from sending it to its 200 answer: the job queued, a worker taking it,
the target solved and stored, the API reading it. "Beside the solve" is a one-by-one request's
time less the solve's own (``targets.seconds``, stored with the target): what the path costs
around the solve (queueing, polling, the answer). The setups, in order: the queue with one worker,
with two, and in-process (``SOLVE_JOBS=in-process``, the API's own two solver processes).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from db.migrate import upgrade
from solver.catalog import target_for_date
from solver.puzzles import get_puzzle

PROJECT_ROOT = Path(__file__).resolve().parent.parent
ADMIN_URL = os.environ.get("POSTGRES_TEST_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
EDITION = get_puzzle("calendar-weekday")
PORT = 8765
FIRST_DAY = date(2027, 1, 4)


@dataclass(frozen=True)
class Setup:
    name: str
    solve_jobs: str
    workers: int


SETUPS = (
    Setup("queue, 1 worker", "queue", 1),
    Setup("queue, 2 workers", "queue", 2),
    Setup("in-process", "in-process", 0),
)


def admin(sql: str) -> None:
    engine = create_engine(ADMIN_URL, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(sql))
    engine.dispose()


@contextmanager
def fresh_database() -> Iterator[str]:
    name = f"puzzles_bench_{uuid.uuid4().hex[:8]}"
    admin(f'CREATE DATABASE "{name}"')
    url = make_url(ADMIN_URL).set(database=name).render_as_string(hide_password=False)
    try:
        upgrade(url)
        yield url
    finally:
        admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def start(module: str, env: dict[str, str], *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", module, *args],
        cwd=PROJECT_ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@contextmanager
def serving(setup: Setup, url: str) -> Iterator[str]:
    """The API (and the setup's workers) on ``url``; the API's base address."""
    env = {
        **os.environ,
        "PYTHONPATH": str(PROJECT_ROOT),
        "DATABASE_URL": url,
        "SOLVE_JOBS": setup.solve_jobs,
        "ON_DEMAND_PROCESSES": "1" if setup.solve_jobs == "queue" else "2",
        "API_ON_DEMAND_WAIT": "300",
        "API_COMPUTE_PER_MINUTE": "100000",
        "FORWARDED_ALLOW_IPS": "127.0.0.1",  # each request a client of its own (X-Forwarded-For)
    }
    processes = [start("api", env, "--port", str(PORT))]
    processes += [start("jobs.solve_worker", env) for _ in range(setup.workers)]
    base = f"http://127.0.0.1:{PORT}"
    try:
        deadline = time.monotonic() + 120
        while not answers(f"{base}/healthz"):
            if time.monotonic() > deadline:
                raise RuntimeError("the API did not start")
            time.sleep(0.2)
        while workers_ready(url) < setup.workers:  # their start is not part of a request's time
            if time.monotonic() > deadline:
                raise RuntimeError("the solver workers did not start")
            time.sleep(0.2)
        yield base
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=60)


def workers_ready(url: str) -> int:
    """How many solver workers have registered with the queue."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.scalar(text("SELECT count(*) FROM procrastinate_workers")) or 0)
    finally:
        engine.dispose()


def answers(address: str) -> bool:
    try:
        return httpx.get(address, timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def ask(base: str, target: str, client: int) -> float:
    """Seconds from sending a request for a target's solutions to its 200 answer."""
    started = time.perf_counter()
    response = httpx.get(
        f"{base}/api/v1/puzzles/{EDITION.id}/targets/{target}/solutions?limit=1",
        headers={"X-Forwarded-For": f"10.0.{client // 250}.{client % 250 + 1}"},
        timeout=300,
    )
    response.raise_for_status()
    return time.perf_counter() - started


def targets(start_day: date, count: int) -> list[str]:
    return [target_for_date(EDITION, start_day + timedelta(days=n)).name for n in range(count)]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def solve_seconds(url: str, names: list[str]) -> list[float]:
    """The seconds each target's solve took, as stored with it (``targets.seconds``)."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            query = text("SELECT name, seconds FROM targets WHERE puzzle_id = :puzzle")
            stored = {row.name: row.seconds for row in connection.execute(query, {"puzzle": EDITION.id})}
    finally:
        engine.dispose()
    return [stored[name] for name in names]


def measure(setup: Setup, sequential: int, burst: int, first_day: date) -> dict[str, list[float]]:
    """Seconds per request one by one and all at once, and what one by one spent beside the solve."""
    with fresh_database() as url, serving(setup, url) as base:
        ask(base, targets(first_day - timedelta(days=1), 1)[0], 0)  # warm-up: the API's and a worker's start
        one_by_one_targets = targets(first_day, sequential)
        one_by_one = [ask(base, target, n) for n, target in enumerate(one_by_one_targets)]
        asked = targets(first_day + timedelta(days=sequential), burst)
        with ThreadPoolExecutor(burst) as pool:
            at_once = list(pool.map(lambda pair: ask(base, pair[1], 1000 + pair[0]), enumerate(asked)))
        solving = solve_seconds(url, one_by_one_targets)
    beside = [wait - solve for wait, solve in zip(one_by_one, solving, strict=True)]
    return {"sequential": one_by_one, "burst": at_once, "beside": beside}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sequential", type=int, default=8, help="targets asked one at a time")
    parser.add_argument("--burst", type=int, default=8, help="targets asked all at once")
    args = parser.parse_args(argv)
    print(f"load average before: {os.getloadavg()[0]:.1f}; {os.cpu_count()} cores")
    print("| setup | sequential p50 | p95 | beside the solve p50 | burst p50 | p95 | burst last |")
    print("|---|---|---|---|---|---|---|")
    for setup in SETUPS:
        # the same dates each time, in a fresh database: every target is new to it
        times = measure(setup, args.sequential, args.burst, FIRST_DAY)
        one, many = times["sequential"], times["burst"]
        print(
            f"| {setup.name} | {statistics.median(one):.2f} s | {percentile(one, 0.95):.2f} s "
            f"| {statistics.median(times['beside']):.2f} s "
            f"| {statistics.median(many):.2f} s | {percentile(many, 0.95):.2f} s | {max(many):.2f} s |",
            flush=True,
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
