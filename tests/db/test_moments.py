"""Stored instants: written in UTC, read back aware of it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from db.moments import NEVER, aware, utc


def test_a_naive_moment_read_back_is_utc_and_an_aware_one_is_left_alone() -> None:
    naive = datetime(2026, 1, 25, 7, 0)
    read = aware(naive)
    assert read == datetime(2026, 1, 25, 7, 0, tzinfo=UTC)
    assert read is not None and read > NEVER  # NEVER sorts before any stored moment
    tokyo = datetime(2026, 1, 25, 16, 0, tzinfo=timezone(timedelta(hours=9)))
    assert aware(tokyo) is tokyo
    assert aware(None) is None
    assert utc(tokyo) == tokyo and utc(tokyo).tzinfo is UTC
