"""Fixtures for end-to-end bot tests: the fake Bot API and the real Application polling it."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot import logs
from jobs.transfer import copy_sqlite
from tests.support.bot import QUICKER, TOKEN, FakeClock, RunningBot, bot_settings, start_bot, stop_bot
from tests.support.fake_telegram import FakeTelegram


@pytest.fixture(autouse=True)
def no_token_in_logs(caplog: pytest.LogCaptureFixture) -> object:
    """Every bot test also checks that no log record of any phase (set-up, the test, tear-down)
    contains the token or its secret part, in the message or in the exception text."""
    caplog.set_level(logging.DEBUG)
    yield
    records = [*caplog.get_records("setup"), *caplog.get_records("call"), *caplog.records]
    leaked = [r.name for r in records if leaks(r)]
    assert not leaked, f"the token reached the logs via {leaked}"


def leaks(record: logging.LogRecord) -> bool:
    secret_part = TOKEN.split(":", 1)[1]
    texts = (record.getMessage(), str(record.exc_text or ""))
    return any(TOKEN in text or secret_part in text for text in texts)


@pytest.fixture
def fresh_redaction(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No redaction left over from an earlier test: whatever hides the token, the code under test
    set it up (its ``main`` or the app it builds)."""
    monkeypatch.setattr(logs, "_redacted", set())
    factory = logging.getLogRecordFactory()
    yield
    logging.setLogRecordFactory(factory)


@pytest.fixture
def store_url(full_catalog_url: str, tmp_path: Path) -> str:
    """A private copy of the fully precomputed store (SQLite's backup API copies WAL contents too)."""
    return copy_sqlite(full_catalog_url, tmp_path / "bot.db")


@pytest.fixture
def fake() -> Iterator[FakeTelegram]:
    server = FakeTelegram(TOKEN).start()
    yield server
    server.stop()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(datetime(2026, 1, 25, 10, 0, tzinfo=UTC))


@pytest.fixture
async def running_bot(fake: FakeTelegram, store_url: str, clock: FakeClock) -> AsyncIterator[RunningBot]:
    """The bot on a copy of the whole catalog, at a quick per-chat pace (tests/support/bot.py)."""
    bot = await start_bot(bot_settings(fake, store_url), fake, clock, quicker=QUICKER)
    yield bot
    await stop_bot(bot)
