"""Hints computed from a PostgreSQL store equal those from the SQLite store."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from db.engine import make_engine, session_factory
from hints.daily import daily_calendar, daily_challenge

pytestmark = pytest.mark.postgres


def test_same_hints_and_challenges_on_both_backends(full_catalog_url: str, full_postgres_url: str) -> None:
    days = [date(2024, 1, 1) + timedelta(days=17 * i) for i in range(22)]
    with (
        session_factory(make_engine(full_catalog_url))() as lite,
        session_factory(make_engine(full_postgres_url))() as postgres,
    ):
        for day in days:
            assert daily_calendar(postgres, day) == daily_calendar(lite, day)
            assert daily_calendar(postgres, day).hints == daily_calendar(lite, day).hints
        for day in days[:5]:
            assert daily_challenge(postgres, day) == daily_challenge(lite, day)
            assert daily_challenge(postgres, day).hints == daily_challenge(lite, day).hints
