"""Daily posts through the outbox, with an injectable clock, restarts and injected faults."""

from __future__ import annotations

import time
from datetime import UTC, datetime

from bot.app import start_dispatching
from bot.daily_posts import Dispatcher, TickReport
from db import chats, outbox
from db.models import DeliveryStatus
from tests.support.bot import TOKEN, FakeClock, RunningBot, bot_settings, start_bot, stop_bot
from tests.support.fake_telegram import FakeTelegram, Fault

TOKYO_0700 = datetime(2026, 1, 24, 22, 0, tzinfo=UTC)  # 2026-01-25 07:00 in Asia/Tokyo


async def tick(bot: RunningBot) -> TickReport:
    dispatcher: Dispatcher = bot.application.bot_data.deps.dispatcher
    return await dispatcher.tick(bot.application.bot)


def posts(fake: FakeTelegram, chat_id: int) -> list[str]:
    return [c.params["caption"] for c in fake.calls_to("sendPhoto", chat_id)]


async def test_one_post_per_local_day_across_restarts_faults_and_downtime(
    fake: FakeTelegram, store_url: str
) -> None:
    clock = FakeClock(TOKYO_0700)
    bot = await start_bot(bot_settings(fake, store_url), fake, clock)
    await bot.ask("/timezone Asia/Tokyo")
    await bot.ask("/subscribe 08:00")
    clock.advance(minutes=59)  # 07:59 local
    assert (await tick(bot)).due == 0
    for fault in (
        Fault("500", "sendPhoto", 1, times=2),
        Fault("429", "sendPhoto", 1, times=1, retry_after=1),
        Fault("slow", "sendPhoto", 1, times=1, delay=1.0),
    ):
        fake.inject(fault)
    clock.advance(minutes=1)  # 08:00 local
    report = await tick(bot)
    assert (report.due, report.sent) == (1, 1)
    assert len(posts(fake, 1)) == 1 and posts(fake, 1)[0].startswith("2026-01-25")
    # 500, 500, 429, then the slow success: faults are used in the order they were injected
    assert [c.status for c in fake.calls_to("sendPhoto", 1, ok_only=False)] == [500, 500, 429, 200]
    clock.advance(minutes=5)
    assert (await tick(bot)).due == 0
    await stop_bot(bot)

    restarted = await start_bot(bot_settings(fake, store_url), fake, clock)  # a restart the same day
    assert (await tick(restarted)).due == 0
    await stop_bot(restarted)

    clock.advance(days=1, hours=7)  # down through the next 08:00; back at 15:05 local
    late = await start_bot(bot_settings(fake, store_url), fake, clock)
    assert (await tick(late)).sent == 1
    assert len(posts(fake, 1)) == 2 and posts(fake, 1)[1].startswith("2026-01-26")
    clock.advance(hours=9)  # 00:05 on the 27th, before its post time
    assert (await tick(late)).due == 0
    with late.sessions() as session:
        rows = outbox.delivery_rows(session=session)
    assert [(r.local_date.isoformat(), r.status) for r in rows] == [
        ("2026-01-25", DeliveryStatus.SENT),
        ("2026-01-26", DeliveryStatus.SENT),
    ]
    assert all(r.message_id for r in rows)
    await stop_bot(late)


async def test_new_subscription_does_not_post_for_a_time_already_past(
    fake: FakeTelegram, store_url: str
) -> None:
    clock = FakeClock(datetime(2026, 1, 25, 12, 0, tzinfo=UTC))
    bot = await start_bot(bot_settings(fake, store_url), fake, clock)
    await bot.ask("/subscribe 08:00")  # 08:00 UTC passed four hours ago
    assert (await tick(bot)).due == 0
    clock.advance(hours=20)  # 08:00 the next day
    assert (await tick(bot)).sent == 1
    await stop_bot(bot)


async def test_blocked_chats_unsubscribe_and_migrated_groups_move(fake: FakeTelegram, store_url: str) -> None:
    clock = FakeClock(datetime(2026, 1, 25, 7, 0, tzinfo=UTC))
    bot = await start_bot(bot_settings(fake, store_url), fake, clock)
    fake.admins.add((-5, 7))
    await bot.ask("/subscribe 08:00", chat_id=2)
    await bot.ask("/subscribe 08:00", chat_id=-5, user_id=7, chat_type="group")
    fake.inject(Fault("forbidden", "sendPhoto", 2, times=5))
    fake.inject(Fault("migrate", "sendPhoto", -5, times=1, migrate_to=-1005))
    clock.advance(hours=1)
    report = await tick(bot)
    assert (report.sent, report.failed) == (1, 1)
    assert "forbidden" in report.errors[0]
    assert len(posts(fake, -1005)) == 1 and posts(fake, -5) == []
    with bot.sessions() as session:
        blocked = chats.get_chat(session=session, chat_id=2)
        moved = chats.get_chat(session=session, chat_id=-1005)
        assert chats.get_chat(session=session, chat_id=-5) is None
        statuses = {r.chat_id: r.status for r in outbox.delivery_rows(session=session)}
    assert blocked is not None and not blocked.subscribed
    assert moved is not None and moved.subscribed and moved.post_time == "08:00"
    assert statuses == {2: DeliveryStatus.FAILED, -1005: DeliveryStatus.SENT}
    await stop_bot(bot)


async def test_the_scheduler_job_posts_without_help(fake: FakeTelegram, store_url: str) -> None:
    clock = FakeClock(datetime(2026, 1, 25, 7, 59, tzinfo=UTC))
    settings = bot_settings(fake, store_url, DISPATCH_INTERVAL_SECONDS=0.2)
    bot = await start_bot(settings, fake, clock)
    with bot.sessions.begin() as session:
        chats.subscribe(session=session, chat_id=9, kind="private", post_time="08:00", now=clock())
    start_dispatching(bot.application)  # the daily-post job on the application's JobQueue
    clock.advance(minutes=1)
    await bot.eventually(lambda: len(posts(fake, 9)) == 1, timeout=10)
    time_after_first = time.monotonic()
    while time.monotonic() - time_after_first < 1.0:  # several more ticks
        await bot.eventually(lambda: True)
    assert len(posts(fake, 9)) == 1
    await stop_bot(bot)


async def test_every_chat_is_posted_once_and_the_limiter_keeps_under_the_server_limit(store_url: str) -> None:
    """More posts than the server's one-second burst allowance, so a send budget that let the
    bot go faster than the server's limit would show as 429s (throughput: benchmarks/bot.py)."""
    fake = FakeTelegram(token=TOKEN, rate_limit=100).start()
    clock = FakeClock(datetime(2026, 1, 25, 7, 0, tzinfo=UTC))
    settings = bot_settings(fake, store_url, TELEGRAM_MESSAGES_PER_SECOND=100)
    bot = await start_bot(settings, fake, clock)
    chat_ids = list(range(10_000, 10_150))
    with bot.sessions.begin() as session:
        for chat_id in chat_ids:
            chats.subscribe(session=session, chat_id=chat_id, kind="private", post_time="08:00", now=clock())
    clock.advance(hours=1)
    report = await tick(bot)
    per_chat = {chat_id: len(posts(fake, chat_id)) for chat_id in chat_ids}
    assert report.sent == len(chat_ids) and set(per_chat.values()) == {1}
    assert fake.rejected_by_rate_limit <= 3  # the bot's own limiter kept it under the server's limit
    assert report.retry_later == 0 and report.failed == 0
    await stop_bot(bot)
    fake.stop()
