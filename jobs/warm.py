"""Fill the hint cache for the coming days: ``python -m hints.warm [--days N] [--from YYYY-MM-DD]``.

The pentomino challenge's minimum unique set takes up to about a second on the
6x10 board (all 9356 raw solutions); warming makes every request a cache read.
Each day is its own unit of work: committed when both its puzzles are ready.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from datetime import date, timedelta

from db.engine import make_engine, session_factory
from hints.daily import daily_bundle
from jobs import cli


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m hints.warm", description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=7, help="how many days to prepare (default 7)")
    parser.add_argument(
        "--from", dest="start", type=date.fromisoformat, default=None, help="first day (today)"
    )
    cli.add_database_option(parser)
    return parser


def warm(database_url: str, start: date, days: int) -> float:
    """Compute and store the hints of ``days`` days from ``start``; returns the seconds taken."""
    started = time.perf_counter()
    engine = make_engine(database_url)
    sessions = session_factory(engine)
    try:
        for offset in range(days):
            with sessions.begin() as session:
                daily_bundle(session, start + timedelta(days=offset))
    finally:
        engine.dispose()
    return time.perf_counter() - started


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not 1 <= args.days <= 3660:
        parser.error("--days must be between 1 and 3660")
    start = args.start or date.today()

    def work() -> int:
        seconds = warm(cli.database_url(args), start, args.days)
        print(f"hints ready for {args.days} day(s) from {start.isoformat()} ({seconds:.1f} s)")
        return cli.EXIT_OK

    return cli.run(work)


if __name__ == "__main__":
    raise SystemExit(main())
