"""A real edition store, measured whole: size on disk and the time to read each target.

    .venv/bin/python -m benchmarks.edition_store STORE.db [--edition ID] [--repeat 5]

``STORE.db`` is a SQLite store that ``python -m solver.precompute --puzzle ID --all
--database-url sqlite:///STORE.db`` filled (completely, or partly: the run is resumable and a
Ctrl-C keeps every stored target whole). Nothing is solved here. Printed:

- targets stored (of the edition's), solutions, and the solve seconds the store recorded (sum of
  ``targets.seconds``: each task's wall time in its worker, so CPU time on an idle machine);
- the file's size after ``VACUUM`` (on a copy), bytes per solution over an empty migrated store,
  and, when the store is partial, the size projected to the whole edition at that rate: by the
  edition's solution count where it is known (``--edition-solutions``; 4.86 million for
  ``calendar-weekday``, counted independently), and by targets (which overestimates
  when the stored targets are larger than the edition's average);
- reading all solutions of each target with ``db.repository.get_encodings`` (warm, ``--repeat``
  reads, the median per target): the median over targets, the slowest and the largest target.

Goals: the whole ``calendar-weekday`` edition in at most 64 MB of SQLite, every
target read in at most 5 ms.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from db import repository
from db.engine import make_engine, session_factory
from db.migrate import upgrade
from solver.puzzles import get_puzzle

KNOWN_SOLUTIONS = {"calendar-weekday": 4_860_000}  # counted independently
GOAL_MB = 64.0
GOAL_READ_MS = 5.0
MB = 1_000_000


def vacuumed_size(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        connection.execute("VACUUM")
    finally:
        connection.close()
    return path.stat().st_size


def copied_size(store: Path) -> int:
    """The store's size after VACUUM, measured on a copy (the store itself is left as it is)."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "copy.db"
        with sqlite3.connect(store) as reading, sqlite3.connect(copy) as writing:
            reading.backup(writing)
        return vacuumed_size(copy)


def empty_size() -> int:
    with tempfile.TemporaryDirectory() as folder:
        empty = Path(folder) / "empty.db"
        upgrade(f"sqlite:///{empty}")
        return vacuumed_size(empty)


def read_ms(url: str, edition_id: str, names: list[str], repeat: int) -> dict[str, float]:
    engine = make_engine(url)
    medians = {}
    with session_factory(engine)() as session:
        for name in names:
            repository.get_encodings(session=session, puzzle_id=edition_id, target=name)
            times = []
            for _ in range(repeat):
                started = time.perf_counter()
                repository.get_encodings(session=session, puzzle_id=edition_id, target=name)
                times.append((time.perf_counter() - started) * 1000)
            medians[name] = statistics.median(times)
    engine.dispose()
    return medians


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("store", type=Path, help="a SQLite store filled by precompute --all")
    parser.add_argument("--edition", default="calendar-weekday")
    parser.add_argument("--repeat", type=int, default=5, help="timed reads per target (default 5)")
    parser.add_argument("--edition-solutions", type=int, help="the edition's solution count, if known")
    args = parser.parse_args()
    if not args.store.is_file():
        parser.error(f"no such store: {args.store}")
    edition = get_puzzle(args.edition)
    url = f"sqlite:///{args.store}"
    engine = make_engine(url)
    with session_factory(engine)() as session:
        stored = repository.list_targets(session=session, puzzle_id=edition.id)
    engine.dispose()
    if not stored:
        parser.error(f"{args.store} holds no target of {edition.id}")
    counts = {t.name: t.solution_count for t in stored}
    solutions = sum(counts.values())
    cpu = sum(t.seconds for t in stored)
    whole = len(edition.targets)
    print(f"{edition.id}: {len(stored):,} of {whole:,} targets stored, {solutions:,} solutions")
    real = [t for t in stored if t.is_real]
    print(f"  real targets: {len(real):,}, {sum(t.solution_count for t in real):,} solutions")
    print(f"  solve seconds recorded: {cpu:,.0f} s ({cpu / len(stored):.2f} s per target)")
    size, empty = copied_size(args.store), empty_size()
    per_solution = (size - empty) / solutions
    print(
        f"  file after VACUUM: {size / MB:.2f} MB; {per_solution:.2f} bytes per solution over an empty store"
    )
    known = args.edition_solutions or KNOWN_SOLUTIONS.get(edition.id)
    if len(stored) < whole and known:
        by_solutions = empty + per_solution * known
        print(
            f"  projected to the edition's {known:,} solutions: {by_solutions / MB:.1f} MB"
            f" (goal <= {GOAL_MB:g})"
        )
    if len(stored) < whole:
        projected = empty + (size - empty) / len(stored) * whole
        print(
            f"  projected to all {whole:,} targets at this rate: {projected / MB:.1f} MB"
            f" (goal <= {GOAL_MB:g})"
        )
    else:
        print(f"  the whole edition: {size / MB:.1f} MB (goal <= {GOAL_MB:g})")
    times = read_ms(url, edition.id, sorted(counts), args.repeat)
    slowest = max(times, key=times.__getitem__)
    largest = max(counts, key=counts.__getitem__)
    print(
        f"read all solutions of one target (SQLite, warm, median of {args.repeat};"
        f" goal <= {GOAL_READ_MS:g} ms):"
    )
    print(f"  median over targets {statistics.median(times.values()):.2f} ms")
    print(f"  slowest {slowest} ({counts[slowest]:,} solutions): {times[slowest]:.2f} ms")
    print(f"  largest {largest} ({counts[largest]:,} solutions): {times[largest]:.2f} ms")
    over = sum(1 for t in times.values() if t > GOAL_READ_MS)
    print(f"  targets over {GOAL_READ_MS:g} ms: {over}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
