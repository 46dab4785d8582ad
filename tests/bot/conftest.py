"""Fixtures for end-to-end bot tests: the fake Bot API and the real Application polling it."""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pydantic import SecretStr
from sqlalchemy.orm import Session, sessionmaker
from telegram.ext import Application

sys.path.insert(0, str(Path(__file__).parent))

from fake_telegram import FakeTelegram

from bot.app import build_application
from db.engine import make_engine, session_factory
from db.transfer import copy_sqlite
from settings import Settings

TOKEN = "123456789:AAH-fake-token-for-tests-0123456789abc"


class FakeClock:
    """An injectable 'now' that tests move by hand."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


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


def bot_settings(fake: FakeTelegram, url: str, **overrides: object) -> Settings:
    values: dict[str, object] = {
        "TELEGRAM_BOT_TOKEN": SecretStr(TOKEN),
        "TELEGRAM_API_BASE_URL": fake.base_url,
        "DATABASE_URL": url,
        "DEFAULT_TIMEZONE": "UTC",
    }
    values.update(overrides)
    return Settings(**values)  # type: ignore[arg-type]


@dataclass
class RunningBot:
    application: Application  # type: ignore[type-arg]
    sessions: sessionmaker[Session]
    fake: FakeTelegram
    clock: FakeClock

    async def eventually(self, predicate: Callable[[], bool], timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            await asyncio.sleep(0.02)
        raise AssertionError("the bot did not do the expected thing in time")

    async def ask(self, text: str | None, *, replies: int = 1, chat_id: int = 1, **kwargs: object) -> list:  # type: ignore[type-arg]
        """Send a message and wait for ``replies`` new messages to that chat; returns them."""
        before = len(self.fake.sent(chat_id))
        self.fake.message(text, chat_id=chat_id, **kwargs)  # type: ignore[arg-type]
        await self.eventually(lambda: len(self.fake.sent(chat_id)) >= before + replies)
        await asyncio.sleep(0.05)
        return sorted(self.fake.sent(chat_id), key=lambda c: c.at)[before:]


async def start_bot(settings: Settings, fake: FakeTelegram, clock: FakeClock) -> RunningBot:
    sessions = session_factory(make_engine(settings.DATABASE_URL))
    application = build_application(settings, sessions, clock=clock, start_scheduler=False)
    await application.initialize()
    if application.post_init:
        await application.post_init(application)
    await application.start()
    assert application.updater is not None
    await application.updater.start_polling(poll_interval=0.0, timeout=1)
    return RunningBot(application, sessions, fake, clock)


async def stop_bot(bot: RunningBot) -> None:
    application = bot.application
    if application.updater is not None and application.updater.running:
        await application.updater.stop()
    if application.running:
        await application.stop()
    if application.post_shutdown:
        await application.post_shutdown(application)
    await application.shutdown()


@pytest.fixture
async def running_bot(fake: FakeTelegram, store_url: str, clock: FakeClock) -> AsyncIterator[RunningBot]:
    bot = await start_bot(bot_settings(fake, store_url), fake, clock)
    yield bot
    await stop_bot(bot)
