"""A person's days in the store (``player_days``), on both databases."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy.orm import Session, sessionmaker

from db import days_repository as days

NOW = datetime(2026, 1, 25, 7, 0, tzinfo=UTC)


def test_the_first_opening_is_read_back_on_both_databases(sessions: sessionmaker[Session]) -> None:
    """Before, PostgreSQL's timezone-aware answer was read back as None: no solve had a time there."""
    with sessions.begin() as session:
        days.open_day(
            session=session, user_id=7, day=date(2026, 1, 25), puzzle="calendar", kind="calendar", now=NOW
        )
    with sessions() as session:
        day = days.get_day(session=session, user_id=7, day=date(2026, 1, 25), puzzle="calendar")
        first = days.first_opened(session=session, user_id=7, day=date(2026, 1, 25), kind="calendar")
    assert day is not None and day.opened_at == NOW and first == NOW
