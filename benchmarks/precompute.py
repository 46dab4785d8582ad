"""Precompute the whole catalog into a fresh database and print seconds per puzzle.

    .venv/bin/python benchmarks/precompute.py [--workers N]

"compute s" is the CPU time spent in workers on the puzzle (summed over its
tasks); "wall" is the elapsed time of the whole run, all puzzles interleaved.
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile

from db.engine import make_engine, session_factory
from db.migrate import upgrade
from jobs.precompute import run
from solver.puzzles import catalog


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.db"
        upgrade(url)
        sessions = session_factory(make_engine(url))
        puzzles = list(catalog().values())
        summary = run(sessions, puzzles, workers=args.workers, say=lambda _: None)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores; workers {args.workers}")
    print(f"{'puzzle':<24} {'solutions':>10} {'compute s':>10}")
    for entry in summary.puzzles.values():
        print(f"{entry.id:<24} {entry.solutions:>10} {entry.seconds:>10.2f}")
    compute = sum(e.seconds for e in summary.puzzles.values())
    print(f"{'total':<24} {sum(e.solutions for e in summary.puzzles.values()):>10} {compute:>10.2f}")
    print(f"wall time, whole catalog: {summary.wall_seconds:.1f} s (goal: <= 60 s on 2 cores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
