"""Memory of the raw-solution cache: every target of the default catalog read through one cache.

    .venv/bin/python -m benchmarks.raw_cache [--database-url URL] [--bound-mb 16]

Reads every stored target of every default catalog puzzle (the DragonFjord year and the boards)
twice through a cache bounded at ``--bound-mb``, then through one bounded far above what the
catalog needs, in fresh processes; prints each run's resident memory growth, the bytes the cache
counts (its entries' footprints) and the loads from the store. Needs a precomputed store.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from db.engine import make_engine, session_factory
from hints.raw_solutions import RawSolutionCache
from settings import get_settings
from solver.puzzles import catalog


def resident_mb() -> float:
    """This process's resident memory now (Linux), in MB."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def read_everything(url: str, bound_mb: int) -> str:
    """One run in this process: the catalog read twice through one cache; a line of figures."""
    sessions = session_factory(make_engine(url))
    cache = RawSolutionCache(max_bytes=bound_mb << 20)
    loads = 0
    with sessions() as session:
        targets = [(p, t) for p in catalog().values() for t in p.targets]
        for puzzle, target in targets[:3]:
            cache._load(session, puzzle, target)  # imports and first-use caches out of the figure
        before, started = resident_mb(), time.perf_counter()
        for _ in range(2):
            for puzzle, target in targets:
                if cache.peek(puzzle, target) is None:
                    loads += 1
                cache.get(session, puzzle, target)
        seconds = time.perf_counter() - started
    return (
        f"bound {bound_mb} MB: {len(targets)} targets read twice, {loads} loads from the store, "
        f"cache holds {cache.size / 2**20:.1f} MB, resident memory +{resident_mb() - before:.0f} MB, "
        f"{seconds:.1f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=get_settings().DATABASE_URL)
    parser.add_argument("--bound-mb", type=int, default=16)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a single run, in a child process
    args = parser.parse_args()
    if args.one is not None:
        print(read_everything(args.database_url, args.one))
        return 0
    for bound in (args.bound_mb, 4096):
        command = [sys.executable, "-m", "benchmarks.raw_cache", "--database-url", args.database_url]
        subprocess.run([*command, "--one", str(bound)], check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
