"""The solution store at weekday-edition scale: bytes per solution, and the time to read one target.

    .venv/bin/python -m benchmarks.store [--edition ID] [--targets 40] [--store PATH] [--workers N]
                                         [--repeat 25] [--postgres]

1. A real sample. ``--targets`` targets of ``--edition`` (default ``calendar-weekday``; the
   Monday-first edition has the largest targets seen) spread over the year (the dates
   of 2026 every 365 // N days from 5 January, each with its real weekday, so every month and
   weekday appears) are solved with ``solver.precompute.run`` into a SQLite store: ``--store``
   (kept, and reused by the next run, which solves only what is missing) or a temporary file.
   A weekday target takes about 2.5 s of CPU.
2. Size, measured. Copies of that store after ``VACUUM``: as it is (one packed row per target,
   codec 2: Zstandard, with flip records), migrated down to revision 0011 (codec 1: LZMA2, no
   flip records), migrated down to revision 0009 (one row per solution), and an empty store.
   Bytes per solution = (file - empty store) / solutions. Projected, not measured: the edition's
   4.86 million solutions at that rate, and 2,604 targets at the sample's bytes per
   target (the sample averages more solutions per target than the edition). Goal: <= 64 MB.
3. Read time, measured: ``db.repository.get_encodings`` for a whole target (what
   ``hints.solutions`` calls: one query, unpack, the list of encodings), warm (one untimed read
   first, same session), ``--repeat`` times per target; per target the median; printed: the
   median and the max over the targets, for codec 2 and codec 1. Goal: <= 5 ms. ``--postgres``
   times the same reads (codec 2) on a copy in PostgreSQL (POSTGRES_TEST_URL, a fresh database
   dropped afterwards).
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
from jobs.precompute import run
from jobs.transfer import transfer
from solver.catalog import Puzzle, target_for_date
from solver.puzzles import get_puzzle

EDITION_SOLUTIONS = 4_860_000  # calendar-weekday, counted independently
GOAL_MB = 64.0
GOAL_READ_MS = 5.0
OLD_LAYOUT = "0009"  # the last revision with one row per solution
CODEC_1 = "0011"  # the last revision that wrote codec 1 (LZMA2, no flip records)
ADMIN_URL = os.environ.get("POSTGRES_TEST_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
MB = 1_000_000


def sample_targets(edition: Puzzle, count: int) -> list[str]:
    """``count`` weekday targets: dates of 2026 evenly spaced from 5 January, real weekdays."""
    step = max(1, 365 // count)
    days = (date(2026, 1, 5) + timedelta(days=step * i) for i in range(count))
    return list(dict.fromkeys(target_for_date(edition, day).name for day in days))


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


def read_times_ms(url: str, edition: Puzzle, names: list[str], repeat: int) -> dict[str, float]:
    """Per target, the median milliseconds of reading all its encodings (warm)."""
    engine = make_engine(url)
    medians = {}
    with session_factory(engine)() as session:
        for name in names:
            repository.get_encodings(session=session, puzzle_id=edition.id, target=name)  # warm
            times = []
            for _ in range(repeat):
                started = time.perf_counter()
                repository.get_encodings(session=session, puzzle_id=edition.id, target=name)
                times.append((time.perf_counter() - started) * 1000)
            medians[name] = statistics.median(times)
    engine.dispose()
    return medians


def postgres_read_times_ms(
    store_url: str, edition: Puzzle, names: list[str], repeat: int
) -> dict[str, float]:
    """The same reads on a copy of the store in a fresh PostgreSQL database."""
    name = f"store_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        url = make_url(ADMIN_URL).set(database=name).render_as_string(hide_password=False)
        transfer(store_url, url)
        return read_times_ms(url, edition, names, repeat)
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


def measure(store: Path, edition: Puzzle, names: list[str], repeat: int, postgres: bool) -> None:
    """Sizes of the store in each layout, projections, and read times; printed."""
    engine = make_engine(f"sqlite:///{store}")
    with session_factory(engine)() as session:
        stored = {
            t.name: t.solution_count for t in repository.list_targets(session=session, puzzle_id=edition.id)
        }
    engine.dispose()
    counts = {name: stored[name] for name in names}
    solutions = sum(counts.values())
    edition_targets = len(edition.targets)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        empty = work / "empty.db"
        upgrade(f"sqlite:///{empty}")
        empty_bytes = vacuumed_size(empty)
        new_url = copy_store(store, work / "new.db")
        blob_bytes = packed_bytes(work / "new.db")
        new_bytes = vacuumed_size(work / "new.db")
        lzma_url = copy_store(store, work / "codec1.db")
        downgrade(lzma_url, CODEC_1)
        lzma_blob_bytes = packed_bytes(work / "codec1.db")
        lzma_bytes = vacuumed_size(work / "codec1.db")
        old_url = copy_store(store, work / "old.db")
        downgrade(old_url, OLD_LAYOUT)
        old_bytes = vacuumed_size(work / "old.db")

        print(f"machine: {platform.machine()}, {os.cpu_count()} cores; {platform.python_version()}")
        print(
            f"sample: {len(names)} targets of {edition.id}, {solutions:,} solutions "
            f"({min(counts.values()):,} to {max(counts.values()):,} per target, "
            f"mean {solutions / len(names):,.0f}; calendar-weekday: {EDITION_SOLUTIONS / 2604:,.0f})"
        )
        print(f"empty migrated store after VACUUM: {empty_bytes:,} bytes")
        header = (
            f"{'layout':<44} {'file (VACUUM)':>14} {'B/solution':>11} "
            f"{'4.86 M solutions':>17} {f'{edition_targets:,} targets':>14}"
        )
        print(header)
        print("-" * len(header))
        for label, size in (
            (f"one row per solution (rev {OLD_LAYOUT})", old_bytes),
            (f"packed per target, codec 1 LZMA2 (rev {CODEC_1})", lzma_bytes),
            ("packed per target, codec 2 zstd + flips (now)", new_bytes),
        ):
            per_solution = (size - empty_bytes) / solutions
            by_solutions = (empty_bytes + per_solution * EDITION_SOLUTIONS) / MB
            by_targets = (empty_bytes + (size - empty_bytes) / len(names) * edition_targets) / MB
            print(
                f"{label:<44} {size / MB:>11.2f} MB {per_solution:>11.2f} "
                f"{by_solutions:>14.1f} MB {by_targets:>11.1f} MB"
            )
        print(
            f"packed data alone: codec 2 {blob_bytes / solutions:.2f} B/solution, codec 1 "
            f"{lzma_blob_bytes / solutions:.2f} (the rest: SQLite pages, target rows); goal: the edition "
            f"<= {GOAL_MB:g} MB"
        )
        print_reads("SQLite, codec 2", read_times_ms(new_url, edition, names, repeat), counts)
        print_reads("SQLite, codec 1", read_times_ms(lzma_url, edition, names, repeat), counts)
        if postgres:
            print_reads(
                "PostgreSQL, codec 2", postgres_read_times_ms(new_url, edition, names, repeat), counts
            )


def packed_bytes(path: Path) -> int:
    """The bytes of all packed solution sets in a SQLite store."""
    with sqlite3.connect(path) as connection:
        return int(connection.execute("SELECT SUM(LENGTH(data)) FROM solutions").fetchone()[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--edition", default="calendar-weekday", help="a weekday edition (default calendar-weekday)"
    )
    parser.add_argument("--targets", type=int, default=40, help="weekday targets in the sample (default 40)")
    parser.add_argument("--store", type=Path, help="SQLite file to solve into and keep (reused next time)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--repeat", type=int, default=25, help="timed reads per target (default 25)")
    parser.add_argument("--postgres", action="store_true", help="also time the reads on PostgreSQL")
    args = parser.parse_args()
    edition = get_puzzle(args.edition)
    names = sample_targets(edition, args.targets)
    with tempfile.TemporaryDirectory() as folder:
        store = args.store or Path(folder) / "weekday.db"
        url = f"sqlite:///{store}"
        upgrade(url)
        engine = make_engine(url)
        summary = run(
            session_factory(engine), [edition], targets=names, workers=args.workers, say=lambda _: None
        )
        engine.dispose()
        entry = summary.puzzles[edition.id]
        print(
            f"solved {entry.targets_computed} targets now ({entry.seconds:.0f} s CPU, "
            f"{summary.wall_seconds:.0f} s wall), {entry.targets_skipped} already stored"
        )
        measure(store, edition, names, args.repeat, args.postgres)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
