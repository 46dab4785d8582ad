"""The day cache of the API (``api.daily.DailyContent``) on a copy of the sample store: the pinned
days' payloads, pictures included, are released when their day passes."""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy.orm import Session, sessionmaker

from api.caching import PayloadStore
from api.daily import DailyContent
from hints.daily import PuzzleKind
from solver.stages import Stage


async def test_a_passed_days_pictures_and_answers_are_unpinned(sessions: sessionmaker[Session]) -> None:
    """Before, pictures (keyed by name, not by a tuple) stayed pinned for good: +24 a day."""
    today = [date(2026, 1, 22)]
    payloads = PayloadStore()
    daily = DailyContent(sessions, payloads, today=lambda: today[0])
    await daily.image(PuzzleKind.CALENDAR, today[0], Stage.PUZZLE)
    await daily.daily_json(today[0])
    assert daily.pinned_payloads == 2 and len(payloads) == 0
    today[0] += timedelta(days=5)  # the day passed: the next piece of work unpins it
    await daily.daily_json(date(2026, 1, 26))
    assert daily.pinned_payloads == 1  # only the new day's
    assert len(payloads) == 2  # the old day's two went back to the LRU, which bounds them
