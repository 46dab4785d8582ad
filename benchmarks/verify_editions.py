"""Every target of whole editions: computed with precompute --all, counted again independently.

    .venv/bin/python -m benchmarks.verify_editions [--edition ID ...] [--store FILE] [--workers N]

Each edition is computed into a SQLite store the way ``python -m solver.precompute --puzzle ID
--all`` does (resumable: a kept ``--store`` is only completed), then the stored count of every
target (impossible dates included) is compared with the count of the exact-cover enumeration of
the tests (``tests/support/exact_cover.py``: its own placements, dancing links in C from the
``exact-cover`` package, no CP-SAT, no solver geometry). Prints per edition the targets, the
solutions, the times and the mismatches; exits 1 if any count differs. Verification only: the
product never uses the reference enumerator.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from db import repository
from db.engine import make_engine, session_factory
from db.migrate import upgrade
from jobs.precompute import run
from solver.catalog import Puzzle
from solver.puzzles import get_puzzle
from tests.support.exact_cover import solve

FORTY_THREE_CELL_EDITIONS = ("calendar-jarringwords", "calendar-creamakerspace", "calendar-tetromino")


def verify(url: str, puzzle: Puzzle, workers: int) -> tuple[int, int, list[str], float, float]:
    """(targets, solutions, mismatches, precompute wall s, reference s) for one edition."""
    engine = make_engine(url)
    sessions = session_factory(engine)
    started = time.perf_counter()
    run(sessions, [puzzle], workers=workers, say=lambda _: None)
    computed = time.perf_counter() - started
    with sessions() as session:
        stored = {
            t.name: t.solution_count for t in repository.list_targets(session=session, puzzle_id=puzzle.id)
        }
    engine.dispose()
    mismatches, solutions = [], 0
    started = time.perf_counter()
    for target in puzzle.targets:
        expected = len(solve(puzzle, target))
        solutions += expected
        if stored.get(target.name) != expected:
            mismatches.append(
                f"{puzzle.id} {target.name}: stored {stored.get(target.name)}, reference {expected}"
            )
    return len(puzzle.targets), solutions, mismatches, computed, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--edition", action="append", help="edition id (repeatable; default the 43-cell ones)"
    )
    parser.add_argument("--store", type=Path, help="SQLite file to compute into and keep (resumable)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    editions = [get_puzzle(e) for e in (args.edition or FORTY_THREE_CELL_EDITIONS)]
    with tempfile.TemporaryDirectory() as folder:
        path = args.store or Path(folder) / "editions.db"
        url = f"sqlite:///{path}"
        upgrade(url)
        print(f"{os.cpu_count()} cores, {args.workers} workers, store {path}")
        print(
            f"{'edition':<26} {'targets':>7} {'solutions':>10} {'precompute s':>12} "
            f"{'reference s':>11} mismatches"
        )
        failed = []
        for puzzle in editions:
            targets, solutions, mismatches, computed, reference = verify(url, puzzle, args.workers)
            print(
                f"{puzzle.id:<26} {targets:>7} {solutions:>10} {computed:>12.1f} "
                f"{reference:>11.1f} {len(mismatches)}"
            )
            failed += mismatches
    for line in failed:
        print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
