"""The solution store at weekday-edition scale: bytes per solution, and the time to read one target.

    .venv/bin/python -m benchmarks.store [--targets 40] [--store PATH] [--workers N] [--repeat 25]
                                         [--postgres]

1. A real sample. ``--targets`` targets of ``calendar-weekday`` spread over the year (the dates
   of 2026 every 365 // N days from 5 January, each with its real weekday, so every month and
   weekday appears) are solved with ``solver.precompute.run`` into a SQLite store: ``--store``
   (kept, and reused by the next run, which solves only what is missing) or a temporary file.
   A weekday target takes about 2.5 s of CPU.
2. Size, measured. Copies of that store after ``VACUUM``: as it is (one packed row per target),
   migrated down to revision 0009 (one row per solution, the old layout), and an empty store.
   Bytes per solution = (file - empty store) / solutions. Projected, not measured: the edition's
   4.86 million solutions (issue 11) at that rate, and 2,604 targets at the sample's bytes per
   target (the sample averages more solutions per target than the edition). Goal: <= 64 MB.
3. Read time, measured: ``db.repository.get_encodings`` for a whole target (what
   ``hints.solutions`` calls: one query, unpack, the list of encodings), warm (one untimed read
   first, same session), ``--repeat`` times per target; per target the median; printed: the
   median and the max over the targets. Goal: <= 5 ms. ``--postgres`` times the same reads on
   a copy in PostgreSQL (POSTGRES_TEST_URL, a fresh database dropped afterwards).
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import statistics
import tempfile
import time
import uuid
from datetime import date, timedelta
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from db import repository
from db.engine import make_engine, session_factory
from db.migrate import downgrade, upgrade
from db.transfer import transfer
from solver.catalog import get_puzzle, target_for_date
from solver.precompute import run

EDITION = get_puzzle("calendar-weekday")
EDITION_SOLUTIONS = 4_860_000  # issue 11, counted independently
EDITION_TARGETS = len(EDITION.targets)  # 2,604
GOAL_MB = 64.0
GOAL_READ_MS = 5.0
OLD_LAYOUT = "0009"  # the last revision with one row per solution
ADMIN_URL = os.environ.get("POSTGRES_TEST_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
MB = 1_000_000


def sample_targets(count: int) -> list[str]:
    """``count`` weekday targets: dates of 2026 evenly spaced from 5 January, real weekdays."""
    step = max(1, 365 // count)
    days = (date(2026, 1, 5) + timedelta(days=step * i) for i in range(count))
    return list(dict.fromkeys(target_for_date(EDITION, day).name for day in days))


def vacuumed_size(path: Path) -> int:
    """The SQLite file's size in bytes after ``VACUUM`` (WAL folded back in)."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("VACUUM")
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    return path.stat().st_size


def copy_store(source: Path, target: Path) -> str:
    """A copy of a SQLite store (backup API, WAL included); its URL."""
    with sqlite3.connect(source) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)
    return f"sqlite:///{target}"


def read_times_ms(url: str, names: list[str], repeat: int) -> dict[str, float]:
    """Per target, the median milliseconds of reading all its encodings (warm)."""
    engine = make_engine(url)
    medians = {}
    with session_factory(engine)() as session:
        for name in names:
            repository.get_encodings(session=session, puzzle_id=EDITION.id, target=name)  # warm
            times = []
            for _ in range(repeat):
                started = time.perf_counter()
                repository.get_encodings(session=session, puzzle_id=EDITION.id, target=name)
                times.append((time.perf_counter() - started) * 1000)
            medians[name] = statistics.median(times)
    engine.dispose()
    return medians


def postgres_read_times_ms(store_url: str, names: list[str], repeat: int) -> dict[str, float]:
    """The same reads on a copy of the store in a fresh PostgreSQL database."""
    name = f"store_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        url = make_url(ADMIN_URL).set(database=name).render_as_string(hide_password=False)
        transfer(store_url, url)
        return read_times_ms(url, names, repeat)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def print_reads(label: str, times: dict[str, float], counts: dict[str, int]) -> None:
    slowest = max(times, key=times.__getitem__)
    largest = max(counts, key=counts.__getitem__)
    per_solution = statistics.median(times[n] * 1000 / counts[n] for n in times if counts[n])
    print(f"read all solutions of one target ({label}, warm, get_encodings; goal <= {GOAL_READ_MS:g} ms):")
    median = statistics.median(times.values())
    print(f"  median over targets {median:.2f} ms, {per_solution:.2f} us per solution")
    print(f"  max {times[slowest]:.2f} ms ({slowest}, {counts[slowest]:,} solutions)")
    print(f"  largest target {largest} ({counts[largest]:,} solutions): {times[largest]:.2f} ms")


def measure(store: Path, names: list[str], repeat: int, postgres: bool) -> None:
    """Sizes of the store in both layouts, projections, and read times; printed."""
    engine = make_engine(f"sqlite:///{store}")
    with session_factory(engine)() as session:
        stored = {
            t.name: t.solution_count for t in repository.list_targets(session=session, puzzle_id=EDITION.id)
        }
    engine.dispose()
    counts = {name: stored[name] for name in names}
    solutions = sum(counts.values())
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        empty = work / "empty.db"
        upgrade(f"sqlite:///{empty}")
        empty_bytes = vacuumed_size(empty)
        new_url = copy_store(store, work / "new.db")
        with sqlite3.connect(work / "new.db") as connection:
            blob_bytes = connection.execute("SELECT SUM(LENGTH(data)) FROM solutions").fetchone()[0]
        new_bytes = vacuumed_size(work / "new.db")
        old_url = copy_store(store, work / "old.db")
        downgrade(old_url, OLD_LAYOUT)
        old_bytes = vacuumed_size(work / "old.db")

        print(f"machine: {platform.machine()}, {os.cpu_count()} cores; {platform.python_version()}")
        print(
            f"sample: {len(names)} targets of {EDITION.id}, {solutions:,} solutions "
            f"({min(counts.values()):,} to {max(counts.values()):,} per target, "
            f"mean {solutions / len(names):,.0f}; the edition: {EDITION_SOLUTIONS / EDITION_TARGETS:,.0f})"
        )
        print(f"empty migrated store after VACUUM: {empty_bytes:,} bytes")
        header = (
            f"{'layout':<34} {'file (VACUUM)':>14} {'B/solution':>11} "
            f"{'4.86 M solutions':>17} {'2,604 targets':>14}"
        )
        print(header)
        print("-" * len(header))
        for label, size in (
            (f"one row per solution (rev {OLD_LAYOUT})", old_bytes),
            ("one packed row per target (now)", new_bytes),
        ):
            per_solution = (size - empty_bytes) / solutions
            by_solutions = (empty_bytes + per_solution * EDITION_SOLUTIONS) / MB
            by_targets = (empty_bytes + (size - empty_bytes) / len(names) * EDITION_TARGETS) / MB
            print(
                f"{label:<34} {size / MB:>11.2f} MB {per_solution:>11.2f} "
                f"{by_solutions:>14.1f} MB {by_targets:>11.1f} MB"
            )
        print(
            f"packed data alone: {blob_bytes / solutions:.2f} B/solution "
            f"(the rest: SQLite pages, target rows); goal: the edition <= {GOAL_MB:g} MB"
        )
        print_reads("SQLite", read_times_ms(new_url, names, repeat), counts)
        if postgres:
            print_reads("PostgreSQL", postgres_read_times_ms(new_url, names, repeat), counts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--targets", type=int, default=40, help="weekday targets in the sample (default 40)")
    parser.add_argument("--store", type=Path, help="SQLite file to solve into and keep (reused next time)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--repeat", type=int, default=25, help="timed reads per target (default 25)")
    parser.add_argument("--postgres", action="store_true", help="also time the reads on PostgreSQL")
    args = parser.parse_args()
    names = sample_targets(args.targets)
    with tempfile.TemporaryDirectory() as folder:
        store = args.store or Path(folder) / "weekday.db"
        url = f"sqlite:///{store}"
        upgrade(url)
        engine = make_engine(url)
        summary = run(
            session_factory(engine), [EDITION], targets=names, workers=args.workers, say=lambda _: None
        )
        engine.dispose()
        entry = summary.puzzles[EDITION.id]
        print(
            f"solved {entry.targets_computed} targets now ({entry.seconds:.0f} s CPU, "
            f"{summary.wall_seconds:.0f} s wall), {entry.targets_skipped} already stored"
        )
        measure(store, names, args.repeat, args.postgres)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
