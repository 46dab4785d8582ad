"""The day cache of the API (``api.daily.DailyContent``) on a copy of the sample store: the pinned
days' payloads, pictures included, are released when their day passes, and are bounded."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlalchemy.orm import Session, sessionmaker

from api import daily as daily_module
from api.caching import PayloadStore, payload_bytes
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


async def test_the_pinned_days_payloads_are_bounded_by_bytes(
    sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, the pinned payloads were a dictionary without a bound."""
    day = date(2026, 1, 22)
    picture = await DailyContent(sessions, PayloadStore(), today=lambda: day).image(
        PuzzleKind.CALENDAR, day, Stage.PUZZLE
    )
    monkeypatch.setattr(daily_module, "PINNED_BYTES", payload_bytes(picture) + 100)
    daily = DailyContent(sessions, PayloadStore(), today=lambda: day)
    await daily.image(PuzzleKind.CALENDAR, day, Stage.PUZZLE)
    await daily.image(PuzzleKind.CALENDAR, day, Stage.ANSWER)
    await daily.daily_json(day)
    assert daily.pinned_payloads == 1  # of three: only the most recent fits beside nothing else


async def test_the_pinned_days_bundles_are_bounded_by_entries(
    sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, the pinned bundles were a dictionary without a bound."""
    monkeypatch.setattr(daily_module, "PINNED_BUNDLES", 2)
    day = date(2026, 1, 22)
    daily = DailyContent(sessions, PayloadStore(), today=lambda: day)
    for shown in (day - timedelta(days=1), day, day + timedelta(days=1)):
        await daily.bundle_async(shown)
    assert [daily.has_bundle(shown) for shown in (day - timedelta(days=1), day)] == [False, True]
