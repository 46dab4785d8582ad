"""Streaks from the days a user solved something: pure date arithmetic, no store."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta


def streaks(days: Iterable[date], today: date) -> tuple[int, int]:
    """(current, best): consecutive days solved. The current streak ends today, or yesterday when
    today's puzzle is not solved yet (a streak is not lost before the day is over)."""
    solved = sorted(set(days))
    best = run = 0
    previous: date | None = None
    for day in solved:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    present = set(solved)
    end = today if today in present else today - timedelta(days=1)
    current = 0
    while end in present:
        current += 1
        end -= timedelta(days=1)
    return current, best
