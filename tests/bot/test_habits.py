"""Streaks: consecutive days solved, not lost before the day is over."""

from __future__ import annotations

from datetime import date, timedelta

from bot.habits import streaks

TODAY = date(2026, 11, 22)


def days_before(*offsets: int) -> list[date]:
    return [TODAY - timedelta(days=o) for o in offsets]


def test_streaks() -> None:
    assert streaks([], TODAY) == (0, 0)
    assert streaks(days_before(0, 1, 2), TODAY) == (3, 3)
    assert streaks(days_before(1, 2), TODAY) == (2, 2)  # today is not over: the streak still stands
    assert streaks(days_before(2, 3, 4, 5), TODAY) == (0, 4)  # yesterday was missed
    assert streaks(days_before(0, 0, 1, 5, 6, 7, 8), TODAY) == (2, 4)  # duplicates count once
