"""The daily-post dispatcher takes each chat on its own, on the sample store: a row with a zone or a
time that no longer reads is posted at the defaults, and a chat that cannot be planned at all is
logged and skipped while every other chat gets its post."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot import daily_posts
from bot.daily_posts import Dispatcher, TickReport
from db import chats
from db.models import ChatRow
from tests.support.bot import QUICKER, FakeClock, RunningBot, bot_settings, start_bot, stop_bot
from tests.support.fake_telegram import FakeTelegram

EIGHT = datetime(2026, 1, 22, 8, 0, tzinfo=UTC)  # 08:00 UTC on a date the sample store holds
GOOD = (21, 22)


@pytest.fixture
async def bot(fake: FakeTelegram, sample_url: str) -> AsyncIterator[RunningBot]:
    running = await start_bot(bot_settings(fake, sample_url), fake, FakeClock(EIGHT), quicker=QUICKER)
    with running.sessions.begin() as session:
        for chat_id in GOOD:
            chats.subscribe(session=session, chat_id=chat_id, kind="private", post_time="08:00", now=EIGHT)
    yield running
    await stop_bot(running)


async def tick(bot: RunningBot) -> TickReport:
    dispatcher: Dispatcher = bot.application.bot_data.deps.dispatcher
    return await dispatcher.tick(bot.application.bot)


def posted(bot: RunningBot, chat_id: int) -> list[str]:
    return [c.params["caption"][:10] for c in bot.fake.calls_to("sendPhoto", chat_id)]


def poisoned(chat_id: int, *, timezone: str | None = None, post_time: str = "08:00") -> ChatRow:
    """A subscribed chat's row as an older version of the bot could store it (no check on write)."""
    return ChatRow(
        id=chat_id,
        kind="private",
        subscribed=True,
        subscribed_at=EIGHT,
        next_post_at=EIGHT,
        timezone=timezone,
        post_time=post_time,
    )


async def test_a_zone_or_time_that_no_longer_reads_is_posted_at_the_defaults(
    bot: RunningBot, caplog: pytest.LogCaptureFixture
) -> None:
    with bot.sessions.begin() as session:
        session.add(poisoned(23, timezone="Europe"))  # a directory of the tz database
        session.add(poisoned(24, post_time="99:99"))
    report = await tick(bot)
    assert (report.due, report.sent) == (4, 4)
    assert [posted(bot, chat_id) for chat_id in (*GOOD, 23, 24)] == [["2026-01-22"]] * 4
    warnings = [r.getMessage() for r in caplog.records if r.name == "bot.daily_posts"]
    assert "chat 23: its stored timezone cannot be read; the default is used" in warnings
    assert "chat 24: its stored post_time cannot be read; the default is used" in warnings


async def test_a_chat_that_cannot_be_planned_is_skipped_and_tried_again_later(
    bot: RunningBot, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    with bot.sessions.begin() as session:
        session.add(poisoned(25, timezone="Etc/GMT"))
    scheduled_at = daily_posts.scheduled_at

    def failing(day: date, post_time: str, tz: ZoneInfo) -> datetime:
        if tz.key == "Etc/GMT":  # whatever goes wrong with one chat's row
            raise RuntimeError("a row no one foresaw")
        return scheduled_at(day, post_time, tz)

    monkeypatch.setattr(daily_posts, "scheduled_at", failing)
    report = await tick(bot)
    assert (report.due, report.sent) == (2, 2)
    assert [posted(bot, chat_id) for chat_id in (*GOOD, 25)] == [["2026-01-22"], ["2026-01-22"], []]
    skipped = [r for r in caplog.records if r.getMessage() == "daily post of chat 25 skipped: RuntimeError"]
    assert len(skipped) == 1 and skipped[0].levelname == "WARNING"

    monkeypatch.undo()  # the row is put right; an hour later the chat gets the day's post after all
    bot.clock.advance(hours=1)
    assert (await tick(bot)).sent == 1
    assert posted(bot, 25) == ["2026-01-22"]
