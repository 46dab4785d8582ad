"""The outbox at scale, on PostgreSQL: a quiet tick with many subscribers, and ids spent over 3 days.

    .venv/bin/python -m benchmarks.outbox [--chats 100000] [--simulated-chats 2000] [--store URL]

1. ``--chats`` subscribed chats whose next post is hours away; the median and
   p95 of a whole dispatcher tick that finds nothing to do. Goal: <= 20 ms.
2. ``--simulated-chats`` chats in five time zones, a fake clock ticking every
   10 minutes for 3 days against the fake Bot API (no rate limit): posts made,
   delivery ids spent (the sequence's last value), posts per chat and day.
   Goal: ids <= posts * 1.01, exactly one post per chat and local day.
Needs PostgreSQL (POSTGRES_TEST_URL) and, for part 2, a precomputed store to copy (--store).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta

from pydantic import SecretStr
from sqlalchemy import insert, text
from sqlalchemy.engine import make_url

from benchmarks.dispatch import ADMIN_URL, TOKEN, admin
from bot.app import build_application
from bot.daily_posts import Dispatcher
from bot.sender import Sender
from db import chats, outbox
from db.engine import make_engine, session_factory
from db.migrate import upgrade
from db.models import ChatRow, DeliveryStatus
from jobs.transfer import transfer
from settings import Settings, get_settings
from tests.support.fake_telegram import FakeTelegram

ZONES = ["UTC", "Asia/Tokyo", "America/New_York", "Europe/Berlin", "Pacific/Auckland"]


def fresh_database() -> tuple[str, str]:
    name = f"puzzles_outbox_{uuid.uuid4().hex[:8]}"
    admin(f'CREATE DATABASE "{name}"')
    return name, make_url(ADMIN_URL).set(database=name).render_as_string(hide_password=False)


def quiet_tick(chat_count: int) -> None:
    name, url = fresh_database()
    try:
        upgrade(url)
        engine = make_engine(url)
        sessions = session_factory(engine)
        now = datetime(2026, 1, 25, 12, 0, tzinfo=UTC)
        rows = [
            {
                "id": 10_000_000 + i,
                "kind": "private",
                "timezone": ZONES[i % 5],
                "subscribed": True,
                "post_time": "08:00",
                "subscribed_at": now - timedelta(days=3),
                "next_post_at": now + timedelta(hours=1 + i % 20),
            }
            for i in range(chat_count)
        ]
        with sessions.begin() as session:
            for start in range(0, chat_count, 5000):
                session.execute(insert(ChatRow), rows[start : start + 5000])
        with engine.connect() as connection:
            connection.execute(text("ANALYZE chats"))
        dispatcher = Dispatcher(sessions, Sender(sessions), default_timezone="UTC", clock=lambda: now)
        timings = []
        for _ in range(50):
            started = time.perf_counter()
            report = asyncio.run(dispatcher.tick(None))  # type: ignore[arg-type]  # nothing due: no sends
            timings.append((time.perf_counter() - started) * 1000)
            assert report.due == 0
        engine.dispose()
    finally:
        admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    p95 = statistics.quantiles(timings, n=20)[-1]
    verdict = "ok" if p95 <= 20 else "MISSED"
    print(
        f"quiet tick, {chat_count} subscribed chats: median {statistics.median(timings):.1f} ms, "
        f"p95 {p95:.1f} ms (goal <= 20 ms: {verdict})"
    )


async def simulate(store: str, chat_count: int) -> None:
    name, url = fresh_database()
    fake = FakeTelegram(TOKEN).start()
    try:
        transfer(store, url)
        start = datetime(2026, 1, 25, 0, 0, tzinfo=UTC)
        now = [start]
        settings = Settings(  # type: ignore[call-arg]
            _env_file=None,
            DATABASE_URL=url,
            TELEGRAM_BOT_TOKEN=SecretStr(TOKEN),
            TELEGRAM_API_BASE_URL=fake.base_url,
            TELEGRAM_MESSAGES_PER_SECOND=10_000,
            DISPATCH_CONCURRENCY=32,
        )
        sessions = session_factory(make_engine(url))
        with sessions.begin() as session:
            for chat_id in range(1, chat_count + 1):
                chats.set_timezone(
                    session=session, chat_id=chat_id, kind="private", timezone=ZONES[chat_id % 5]
                )
                chats.subscribe(
                    session=session, chat_id=chat_id, kind="private", post_time="08:00", now=start
                )
        application = build_application(
            settings, sessions, clock=lambda: now[0], start_scheduler=False, updater=False
        )
        await application.initialize()
        dispatcher = application.bot_data.deps.dispatcher
        started = time.perf_counter()
        while now[0] < start + timedelta(days=3):
            await dispatcher.tick(application.bot)
            now[0] += timedelta(minutes=10)
        seconds = time.perf_counter() - started
        await application.shutdown()
        with sessions() as session:
            rows = outbox.delivery_rows(session=session)
            ids = session.scalar(text("SELECT last_value FROM deliveries_id_seq"))
    finally:
        fake.stop()
        admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    sent = sum(r.status == DeliveryStatus.SENT for r in rows)
    per_day = Counter((r.chat_id, r.local_date) for r in rows)
    verdict = "ok" if ids <= sent * 1.01 and set(per_day.values()) == {1} else "MISSED"
    print(
        f"3 simulated days, {chat_count} chats, 432 ticks in {seconds:.0f} s: {sent} posts, "
        f"{ids} delivery ids "
        f"({(ids / sent - 1) * 100:+.2f}%), posts per chat and local day: {sorted(set(per_day.values()))} "
        f"(goal ids <= posts + 1%, one post per chat and day: {verdict})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chats", type=int, default=100_000)
    parser.add_argument("--simulated-chats", type=int, default=2_000)
    parser.add_argument("--store", default=get_settings().DATABASE_URL, help="precomputed store to copy")
    args = parser.parse_args(argv)
    quiet_tick(args.chats)
    asyncio.run(simulate(args.store, args.simulated_chats))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
