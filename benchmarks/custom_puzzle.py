"""A person's own calendar, from the request that makes it to its first hint.

    .venv/bin/python -m benchmarks.custom_puzzle [--runs 7] [--processes 1 2] [--date 2026-11-28]
    .venv/bin/python -m benchmarks.custom_puzzle --queue [--workers 1 2] [--runs 7]

For each number of solver processes (``ON_DEMAND_PROCESSES`` of a ``python -m api`` started on
a fresh migrated SQLite store in a temporary folder), each run is a new web visitor who

1. sends the 49-cell "Daily puzzle" with its 8 pieces (the gallery's ``calendar-dailypuzzle-8``
   written as a person would, without its catalog headers): read, checked, today's target and the
   next two days' probed, kept (``POST /api/v1/puzzles``);
2. asks for the first hint of today's target from an empty board (the position of no piece, then
   its hint 1): the target is solved on demand (a new puzzle: never stored before), stored, and
   the hint computed. A 503 (still solving) is asked again at once.

Printed: p50 and p95 of the creation, of the first hint after it, and of the whole. Wall times on
this machine (2 cores, shared); the server's first request is made before the runs (warm-up).

``--queue``: the same path through the solve-job queue. For each number of workers, a fresh
migrated PostgreSQL database (``POSTGRES_TEST_URL``), ``python -m api`` with ``SOLVE_JOBS=queue``
on it and that many ``python -m jobs.solve_worker`` processes started here (one solver process
each, ``ON_DEMAND_PROCESSES=1``; timing starts once they have registered with the queue). The
first hint's target is then solved by a worker: the job queued, taken, solved, stored, read.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path

import httpx

from benchmarks.api_load import start_server, stop_server
from benchmarks.solve_jobs import fresh_database, workers_ready

PROJECT_ROOT = Path(__file__).resolve().parent.parent
GALLERY = PROJECT_ROOT / "solver" / "data" / "puzzles" / "calendar-dailypuzzle-8.txt"
CATALOG_ONLY = ("id:", "precompute:", "published:")


def definition() -> str:
    """The gallery's calendar as a person writes it: without the catalog's own headers."""
    lines = GALLERY.read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.startswith(CATALOG_ONLY)) + "\n"


@contextmanager
def server(processes: int) -> Iterator[str]:
    """``python -m api`` on a fresh store with ``processes`` solver processes; its base URL."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'store.db'}"
        env = {**os.environ, "DATABASE_URL": url}
        subprocess.run([sys.executable, "-m", "db.migrate"], cwd=PROJECT_ROOT, env=env, check=True)
        os.environ.update(
            DATABASE_URL=url,
            ON_DEMAND_PROCESSES=str(processes),
            API_COMPUTE_PER_MINUTE="100000",
            API_REQUESTS_PER_SECOND="100000",
        )
        process, base = start_server(url)
        try:
            yield base
        finally:
            stop_server(process)


@contextmanager
def queue_server(workers: int) -> Iterator[str]:
    """``python -m api`` on a fresh PostgreSQL database with the solve-job queue and ``workers``
    solver workers (one solver process each), once they have registered; the API's base URL."""
    with fresh_database() as url:
        os.environ.update(
            DATABASE_URL=url,
            SOLVE_JOBS="queue",
            ON_DEMAND_PROCESSES="1",
            API_COMPUTE_PER_MINUTE="100000",
            API_REQUESTS_PER_SECOND="100000",
        )
        env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
        started = [
            subprocess.Popen(
                [sys.executable, "-m", "jobs.solve_worker"],
                cwd=PROJECT_ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            for _ in range(workers)
        ]
        process, base = start_server(url)
        try:
            deadline = time.monotonic() + 120
            while workers_ready(url) < workers:  # their start is no part of a request's time
                if time.monotonic() > deadline:
                    raise SystemExit("error: the solver workers did not start")
                time.sleep(0.2)
            yield base
        finally:
            stop_server(process)
            for worker in started:
                worker.terminate()
            for worker in started:
                worker.wait(timeout=60)


def first_hint(base: str, text: str, today: str) -> tuple[float, float]:
    """One new visitor's puzzle made, then its first hint: (seconds to make it, seconds to the hint)."""
    with httpx.Client(base_url=base, timeout=300) as client:
        started = time.perf_counter()
        made = client.post("/api/v1/puzzles", json={"definition": text})
        made.raise_for_status()
        kept = time.perf_counter()
        board = f"/api/v1/puzzles/{made.json()['puzzle']}/targets/{today}"
        deadline = kept + 300
        while True:  # 503 while the target is being solved: asked again at once
            empty = client.post(f"{board}/position", json={"placements": []})
            if empty.status_code != 503 or time.perf_counter() > deadline:
                break
        empty.raise_for_status()
        hint = client.get(f"{board}/positions/{empty.json()['code']}/hints/1")
        hint.raise_for_status()
        return kept - started, time.perf_counter() - kept


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--date", default=date.today().isoformat(), help="today's date (MM-DD is the target)")
    parser.add_argument(
        "--queue",
        action="store_true",
        help="solve through the solve-job queue on PostgreSQL (POSTGRES_TEST_URL)",
    )
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="with --queue: solver workers")
    args = parser.parse_args(argv)
    text, target = definition(), args.date[5:]
    print(f"'Daily puzzle' 7 x 7, 8 pieces, target {target}, {args.runs} runs each")
    setups = (
        [(f"queue, {n} worker(s)", lambda n=n: queue_server(n)) for n in args.workers]
        if args.queue
        else [(f"{n} solver process(es)", lambda n=n: server(n)) for n in args.processes]
    )
    for name, serving in setups:
        with serving() as base:
            first_hint(base, text, target)  # warm-up: worker processes started, modules imported
            timings = [first_hint(base, text, target) for _ in range(args.runs)]
        made = [t[0] for t in timings]
        hinted = [t[1] for t in timings]
        whole = [a + b for a, b in timings]
        print(
            f"{name}: create p50 {statistics.median(made):.2f} s "
            f"p95 {percentile(made, 0.95):.2f} s · first hint p50 {statistics.median(hinted):.2f} s "
            f"p95 {percentile(hinted, 0.95):.2f} s · request to first hint p50 "
            f"{statistics.median(whole):.2f} s p95 {percentile(whole, 0.95):.2f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
