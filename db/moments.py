"""Stored instants: every one is written in UTC, and read back aware of it."""

from __future__ import annotations

from datetime import UTC, datetime

NEVER = datetime.min.replace(tzinfo=UTC)  # sorts before any stored moment


def aware(moment: datetime | None) -> datetime | None:
    """SQLite returns naive datetimes even for timezone-aware columns; we always store UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def utc(moment: datetime) -> datetime:
    """The same instant in UTC: SQLite keeps only the wall time, so every stored instant is UTC."""
    return moment.astimezone(UTC)
