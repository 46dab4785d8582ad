"""The ladder nests on every date of a year, in every calendar edition the test catalog stores
(DragonFjord's), plain and face up: 217 of 2026's dates broke it before."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta

import pytest
from sqlalchemy.orm import Session

from db.engine import make_engine, session_factory
from hints.daily import NoFaceUpSolution, calendar_editions, daily_calendar
from hints.solutions import stored_targets
from solver.stages import HINT_STAGES

pytestmark = pytest.mark.slow  # a year of dates: seconds


@pytest.fixture
def session(full_catalog_url: str) -> Iterator[Session]:
    engine = make_engine(full_catalog_url)
    with session_factory(engine)() as opened:
        yield opened
    engine.dispose()


def leap_year_dates() -> list[date]:
    first = date(2028, 1, 1)
    return [first + timedelta(days=n) for n in range(366)]


@pytest.mark.parametrize("faceup", [False, True], ids=["plain", "face-up"])
def test_every_date_of_every_stored_edition_nests(session: Session, faceup: bool) -> None:
    editions = [e for e in calendar_editions() if len(stored_targets(session, e)[e.id]) >= 366]
    assert editions, "the test catalog stores at least DragonFjord's calendar"
    checked = 0
    for edition in editions:
        for day in leap_year_dates():
            try:
                daily = daily_calendar(session, day, edition.id, faceup)
            except NoFaceUpSolution:
                continue
            shown = [set(daily.stages[stage].shown) for stage in HINT_STAGES]
            assert shown[0] < shown[1] < shown[2], (edition.id, day)
            checked += 1
    assert checked >= 366 if not faceup else checked > 200
