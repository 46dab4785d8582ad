"""Helpers of the bot tests: the real Application polling the fake Bot API, and a settable clock."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from pydantic import SecretStr
from sqlalchemy.orm import Session, sessionmaker
from telegram.ext import Application

from bot.app import build_application
from bot.ratelimit import GROUP_PACE, PRIVATE_PACE, ChatPacer, Pace, SharedRateLimiter
from db.engine import make_engine, session_factory
from jobs.target_solving import OnDemand
from settings import Settings
from tests.support.fake_telegram import FakeTelegram

TOKEN = "123456789:AAH-fake-token-for-tests-0123456789abc"

# Telegram's pace in one chat (bot.ratelimit) is a burst, then a message a second (every 3.75 s in
# a group). A walk through the bot that is not about pacing goes QUICKER times faster, with the same
# bursts; the paces themselves are checked against Telegram's limits on a hand-moved clock
# (test_flood_units.py).
QUICKER = 50


def quick_pacer(quicker: float) -> ChatPacer:
    """Telegram's per-chat paces, ``quicker`` times faster (the bursts unchanged)."""

    def quick(pace: Pace) -> Pace:
        return Pace(interval=pace.interval / quicker, burst=pace.burst)

    return ChatPacer(private=quick(PRIVATE_PACE), group=quick(GROUP_PACE))


class FakeClock:
    """An injectable 'now' that tests move by hand."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


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

    async def settled(self, timeout: float = 20.0) -> None:
        """Wait until the bot has taken every update sent so far and finished handling each one,
        so whatever it was going to answer has been sent (no sleeping to see if more comes). Replies
        to private chats are sent too; a group's may still wait for its pace (20 a minute)."""
        backlog = self.application.update_queue
        replies = self.application.bot_data.deps.replies

        def done() -> bool:
            private_busy = any(chat_id > 0 for chat_id in replies.busy_chats())
            return self.fake.all_taken() and backlog.pending == 0 and not private_busy  # type: ignore[attr-defined]

        await self.eventually(done, timeout)

    async def ask(self, text: str | None, *, replies: int = 1, chat_id: int = 1, **kwargs: object) -> list:  # type: ignore[type-arg]
        """Send a message and wait for ``replies`` new messages to that chat and for the bot to
        settle; returns every new message to that chat."""
        before = len(self.fake.sent(chat_id))
        self.fake.message(text, chat_id=chat_id, **kwargs)  # type: ignore[arg-type]
        await self.eventually(lambda: len(self.fake.sent(chat_id)) >= before + replies)
        await self.settled()
        return sorted(self.fake.sent(chat_id), key=lambda c: c.at)[before:]


async def start_bot(
    settings: Settings, fake: FakeTelegram, clock: FakeClock, *, quicker: float = 1
) -> RunningBot:
    """The bot polling the fake Bot API, at Telegram's per-chat pace ``quicker`` times faster."""
    sessions = session_factory(make_engine(settings.DATABASE_URL))
    application = build_application(settings, sessions, clock=clock, start_scheduler=False, solvers=OnDemand)
    if quicker != 1:
        limiter = application.bot.rate_limiter
        assert isinstance(limiter, SharedRateLimiter)
        limiter.chats = quick_pacer(quicker)
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
        if application.post_stop:
            await application.post_stop(application)
    if application.post_shutdown:
        await application.post_shutdown(application)
    await application.shutdown()


def buttons(call: object) -> list[tuple[str, str]]:
    """(label, callback data) of every inline button of a sent message."""
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")  # type: ignore[attr-defined]
    return [(b["text"], b.get("callback_data", "")) for row in markup.get("inline_keyboard", []) for b in row]


async def press(bot: RunningBot, data: str, chat_id: int, timeout: float = 20.0, **kwargs: object) -> object:
    """Press a button in a chat and wait for the one new message it brings; returns it."""
    before = len(bot.fake.sent(chat_id))
    bot.fake.press(data, chat_id=chat_id, **kwargs)  # type: ignore[arg-type]
    await bot.eventually(lambda: len(bot.fake.sent(chat_id)) == before + 1, timeout=timeout)
    return sorted(bot.fake.sent(chat_id), key=lambda c: c.at)[-1]
