"""Fill the hint cache for the coming days: ``python -m hints.warm [--days N] [--from YYYY-MM-DD]``.

The pentomino challenge's minimum unique set takes up to about a second on the
6x10 board (all 9356 raw solutions); warming makes every request a cache read.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from datetime import date, timedelta

from sqlalchemy.exc import SQLAlchemyError

from db.engine import DatabaseUnavailable, make_engine, session_factory
from hints.service import NotPrecomputed, calendar_hints, challenge_hints
from settings import get_settings


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m hints.warm", description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=7, help="how many days to prepare (default 7)")
    parser.add_argument(
        "--from", dest="start", type=date.fromisoformat, default=None, help="first day (today)"
    )
    parser.add_argument("--database-url", help="override DATABASE_URL")
    return parser


def warm(database_url: str, start: date, days: int) -> float:
    """Compute and store the hints of ``days`` days from ``start``; returns the seconds taken."""
    started = time.perf_counter()
    sessions = session_factory(make_engine(database_url))
    with sessions() as session:
        for offset in range(days):
            day = start + timedelta(days=offset)
            calendar_hints(session, day)
            challenge_hints(session, day)
    return time.perf_counter() - started


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if not 1 <= args.days <= 3660:
        print("error: --days must be between 1 and 3660", file=sys.stderr)
        return 2
    start = args.start or date.today()
    try:
        seconds = warm(args.database_url or get_settings().DATABASE_URL, start, args.days)
    except (NotPrecomputed, DatabaseUnavailable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except SQLAlchemyError as exc:
        print(f"error: cannot use the database: {type(exc).__name__}", file=sys.stderr)
        return 1
    print(f"hints ready for {args.days} day(s) from {start.isoformat()} ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
