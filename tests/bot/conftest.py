"""Fixtures for end-to-end bot tests: the fake Bot API and the real Application polling it."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from db.transfer import copy_sqlite
from tests.support.bot import TOKEN, FakeClock, RunningBot, bot_settings, start_bot, stop_bot
from tests.support.fake_telegram import FakeTelegram


@pytest.fixture(autouse=True)
def no_token_in_logs(caplog: pytest.LogCaptureFixture) -> object:
    """Every bot test also checks that no log record of the run contains the token."""
    caplog.set_level(logging.DEBUG)
    yield
    leaked = [r.name for r in caplog.records if TOKEN in r.getMessage() or TOKEN in str(r.exc_text or "")]
    assert not leaked, f"the token reached the logs via {leaked}"


@pytest.fixture
def store_url(full_catalog_url: str, tmp_path: Path) -> str:
    """A private copy of the fully precomputed store (SQLite's backup API copies WAL contents too)."""
    return copy_sqlite(full_catalog_url, tmp_path / "bot.db")


@pytest.fixture
def fake() -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram(TOKEN).start()
    yield server  # type: ignore[misc]
    server.stop()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(datetime(2026, 1, 25, 10, 0, tzinfo=UTC))


@pytest.fixture
async def running_bot(fake: FakeTelegram, store_url: str, clock: FakeClock) -> AsyncIterator[RunningBot]:
    bot = await start_bot(bot_settings(fake, store_url), fake, clock)
    yield bot
    await stop_bot(bot)
