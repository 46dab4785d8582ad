"""Time hint computation from the store and hint image rendering.

    .venv/bin/python benchmarks/hints.py [--database-url URL]

Needs a precomputed store (``make precompute``); works on a temporary copy of
a SQLite store with the hint cache emptied, so "cold" really computes.
Rendering is timed in a fresh subprocess for the cold figure.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date, timedelta
from functools import partial
from pathlib import Path

from sqlalchemy import delete
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from db.engine import make_engine, session_factory
from db.models import HintCacheRow
from hints.daily import challenge_board, daily_calendar, daily_challenge
from settings import get_settings

COLD_RENDER = """
import time
from datetime import date
from db.engine import make_engine, session_factory
from hints.daily import challenge_board, daily_calendar, daily_challenge
from render.hint import hint_image
with session_factory(make_engine({url!r}))() as s:
    daily = daily_calendar(s, date(2026, 1, 25))
    hint = daily_calendar(s, date(2026, 1, 25)).hints[0]
t = time.perf_counter()
hint_image(daily.puzzle, hint, heading="2026-01-25", marked=daily.target.uncovered)
print((time.perf_counter() - t) * 1000)
"""


def _ms(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return (time.perf_counter() - started) * 1000


def calendar_hints(session: Session, day: date) -> object:
    return daily_calendar(session, day).hints


def challenge_hints(session: Session, day: date) -> object:
    return daily_challenge(session, day).hints


def _line(label: str, values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{label:<46} median {statistics.median(values):6.1f} ms  p95 {p95:6.1f} ms"
        f"  max {max(values):6.1f} ms  (n={len(values)})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=get_settings().DATABASE_URL)
    args = parser.parse_args()
    source = make_url(args.database_url).database
    if not args.database_url.startswith("sqlite") or not source or not Path(source).exists():
        print("needs a precomputed SQLite store; run `make precompute` first", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "bench.db"
        shutil.copy(source, copy)
        url = f"sqlite:///{copy}"
        sessions = session_factory(make_engine(url))
        with sessions.begin() as session:
            session.execute(delete(HintCacheRow))
        days = [date(2024, 1, 1) + timedelta(days=i) for i in range(366)]
        with sessions() as session:
            daily_calendar(session, date(2023, 6, 1))  # imports and catalog, outside the timing
            cold = [_ms(partial(calendar_hints, session, d)) for d in days]
            warm = [_ms(partial(calendar_hints, session, d)) for d in days]
            print(_line("calendar, all 3 stages, cache cold", cold))
            print(_line("calendar, all 3 stages, cached", warm))
            challenge_days = days[:30]
            first = {}
            cold_c = []
            for d in challenge_days:
                board = challenge_board(d)
                elapsed = _ms(partial(challenge_hints, session, d))
                if board in first:
                    cold_c.append(elapsed)
                else:
                    first[board] = elapsed
            warm_c = [_ms(partial(challenge_hints, session, d)) for d in challenge_days]
            firsts = ", ".join(f"{b.removeprefix('pentomino-')} {ms:.0f}" for b, ms in first.items())
            print(f"challenge, first date per board (raw solutions built): {firsts} ms")
            print(_line("challenge, all stages, cache cold", cold_c))
            print(_line("challenge, all stages, cached", warm_c))
        cold_render = [
            float(
                subprocess.run(
                    [sys.executable, "-c", COLD_RENDER.format(url=url)],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
            )
            for _ in range(3)
        ]
        print(_line("hint image, cold (first render in a process)", cold_render))
        from render.hint import hint_image

        with sessions() as session:
            daily = daily_calendar(session, date(2026, 1, 25))
            hints = daily_calendar(session, date(2026, 1, 25)).hints
        warm_render = [
            _ms(partial(hint_image, daily.puzzle, h, heading="2026-01-25", marked=daily.target.uncovered))
            for h in hints * 10
        ]
        print(_line("hint image, warm", warm_render))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
