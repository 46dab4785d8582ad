"""Fencing: a dispatcher holds its post under a renewed lease and a claim token; what may duplicate.

Before, the lease was renewed only between retries (a slow send was taken
over and sent twice), renewals and outcomes matched the row by id alone (a
dispatcher that had lost the post still sent it and overwrote the record),
and every timeout was retried (a message Telegram had received was sent again).
"""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime, timedelta

import httpx
import pytest
from telegram import Bot, Message
from telegram.error import NetworkError, TimedOut

from bot.daily_posts import Dispatcher, LeaseLost
from bot.replies.types import Reply
from bot.sender import Sender
from db import chats, outbox
from db.models import DeliveryStatus
from jobs.daily_posts import outbox_report
from tests.support.bot import FakeClock, RunningBot, bot_settings, start_bot, stop_bot
from tests.support.fake_telegram import FakeTelegram, Fault

CHAT = 31


def real_now() -> datetime:
    return datetime.now(UTC)


def make_due(bot: RunningBot, now: datetime) -> date:
    """A subscribed chat with a post due now (its day is today's UTC date)."""
    with bot.sessions.begin() as session:
        chats.subscribe(session=session, chat_id=CHAT, kind="private", post_time="00:00", now=now)
        outbox.enqueue(session=session, keys=[(CHAT, now.date())], now=now)
        chats.schedule(session=session, next_posts={CHAT: now + timedelta(days=1)})
    return now.date()


def dispatcher(bot: RunningBot, name: str, *, lease: float, clock: object = real_now) -> Dispatcher:
    return Dispatcher(
        bot.sessions,
        Sender(bot.sessions),
        default_timezone="UTC",
        clock=clock,  # type: ignore[arg-type]
        concurrency=1,
        lease_seconds=lease,
        name=name,
    )


def outcome(bot: RunningBot) -> tuple[str, str | None, int | None]:
    with bot.sessions() as session:
        (row,) = outbox.delivery_rows(session=session)
        return row.status, row.claimed_by, row.message_id


async def test_a_slow_send_keeps_its_lease_and_is_not_taken_over(fake: FakeTelegram, store_url: str) -> None:
    bot = await start_bot(bot_settings(fake, store_url), fake, FakeClock(real_now()))
    try:
        make_due(bot, real_now())
        first, second = dispatcher(bot, "a", lease=0.6), dispatcher(bot, "b", lease=0.6)
        fake.inject(Fault("slow", "sendPhoto", CHAT, times=1, delay=2.5))
        sending = asyncio.create_task(first.tick(bot.application.bot))
        taken_over = 0
        for _ in range(10):  # the second dispatcher keeps looking while the first one's send hangs
            await asyncio.sleep(0.25)
            taken_over += (await second.tick(bot.application.bot)).due
        report = await sending
    finally:
        await stop_bot(bot)
    assert taken_over == 0
    assert (report.sent, report.lost) == (1, 0)
    assert len(fake.sent(CHAT)) == 1
    assert outcome(bot)[:2] == (DeliveryStatus.SENT, "a")


async def test_a_dispatcher_that_lost_its_claim_neither_sends_nor_records(
    fake: FakeTelegram, store_url: str
) -> None:
    start = real_now()
    bot = await start_bot(bot_settings(fake, store_url), fake, FakeClock(start))
    try:
        day = make_due(bot, start)
        stalled_clock = FakeClock(start)
        stalled = dispatcher(bot, "stalled", lease=60, clock=stalled_clock)
        job = stalled._claim(day - timedelta(days=1), set())  # claimed, then the process stalls
        assert job is not None
        later = dispatcher(bot, "later", lease=60, clock=FakeClock(start + timedelta(seconds=61)))
        report = await later.tick(bot.application.bot)  # the lease ran out: taken over and sent
        assert report.sent == 1
        stalled_clock.advance(seconds=62)
        with pytest.raises(LeaseLost):  # the stalled one wakes up
            await stalled._deliver(bot.application.bot, job)
    finally:
        await stop_bot(bot)
    assert len(fake.sent(CHAT)) == 1
    status, claimed_by, message_id = outcome(bot)
    assert (status, claimed_by) == (DeliveryStatus.SENT, "later") and message_id


class FlakySender(Sender):
    """Fails the first send with ``error``, then succeeds; counts every attempt."""

    def __init__(self, bot: RunningBot, error: Exception) -> None:
        super().__init__(bot.sessions)
        self.error: Exception | None = error
        self.attempts = 0

    async def send(self, bot: Bot, chat_id: int, reply: Reply) -> Message:
        self.attempts += 1
        if self.error is not None:
            error, self.error = self.error, None
            raise error
        return await super().send(bot, chat_id, reply)


def network_error(kind: type[NetworkError], cause: Exception) -> NetworkError:
    try:
        raise kind("request failed") from cause
    except NetworkError as error:
        return error


@pytest.mark.parametrize(
    ("error", "attempts", "status"),
    [
        (network_error(TimedOut, httpx.ReadTimeout("read")), 1, DeliveryStatus.FAILED),
        (
            network_error(NetworkError, httpx.RemoteProtocolError("closed mid-answer")),
            1,
            DeliveryStatus.FAILED,
        ),
        (network_error(TimedOut, httpx.ConnectTimeout("connect")), 2, DeliveryStatus.SENT),
        (network_error(TimedOut, httpx.PoolTimeout("pool")), 2, DeliveryStatus.SENT),
        (network_error(NetworkError, httpx.ConnectError("refused")), 2, DeliveryStatus.SENT),
    ],
    ids=["read-timeout", "broken-answer", "connect-timeout", "pool-timeout", "refused"],
)
async def test_only_sends_that_cannot_have_arrived_are_retried(
    fake: FakeTelegram, store_url: str, error: NetworkError, attempts: int, status: str
) -> None:
    bot = await start_bot(bot_settings(fake, store_url), fake, FakeClock(real_now()))
    try:
        make_due(bot, real_now())
        flaky = FlakySender(bot, error)
        only = Dispatcher(bot.sessions, flaky, default_timezone="UTC", clock=real_now, concurrency=1)
        await only.tick(bot.application.bot)
    finally:
        await stop_bot(bot)
    assert flaky.attempts == attempts
    assert outcome(bot)[0] == status
    assert len(fake.sent(CHAT)) == (1 if status == DeliveryStatus.SENT else 0)
    if status == DeliveryStatus.FAILED:
        with bot.sessions() as session:
            (row,) = outbox.delivery_rows(session=session)
        assert row.error is not None and row.error.startswith("uncertain")
        report = outbox_report(bot_settings(fake, store_url), now=real_now())
        assert "1 uncertain" in report  # the health check reports it
