"""Daily-post throughput with PostgreSQL and dispatcher processes against the fake Bot API.

    .venv/bin/python -m benchmarks.dispatch [--chats 4000] [--limit 200] [--store URL] [--kill]

Needs PostgreSQL (POSTGRES_TEST_URL, default postgresql+psycopg://postgres@127.0.0.1:5432/test)
and a precomputed store to copy. Runs: two dispatchers sharing the limit, one dispatcher alone,
and one dispatcher with no limit (its own per-post overhead), then computes how long a daily
post to 10,000 chats takes at Telegram's real 30 messages/s.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from db import chats
from db.engine import make_engine, session_factory
from jobs.transfer import transfer
from tests.support.fake_telegram import FakeTelegram, Fault

PROJECT_ROOT = Path(__file__).resolve().parent.parent

TOKEN = "123456789:AAH-benchmark-token-0123456789abcdef"
ADMIN_URL = os.environ.get("POSTGRES_TEST_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def admin(sql: str) -> None:
    engine = create_engine(ADMIN_URL, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(sql))
    engine.dispose()


def fresh_database(store: str, chat_count: int) -> tuple[str, str]:
    name = f"puzzles_bench_{uuid.uuid4().hex[:8]}"
    admin(f'CREATE DATABASE "{name}"')
    url = make_url(ADMIN_URL).set(database=name).render_as_string(hide_password=False)
    transfer(store, url)
    yesterday = datetime.now(UTC) - timedelta(days=1)
    with session_factory(make_engine(url)).begin() as session:
        for chat_id in range(1_000_000, 1_000_000 + chat_count):
            chats.subscribe(
                session=session, chat_id=chat_id, kind="private", post_time="00:00", now=yesterday
            )
    return name, url


def run(store: str, chat_count: int, limit: float | None, dispatchers: int) -> tuple[float, float]:
    """Seconds from first to last post, and posts per second, for one configuration."""
    name, url = fresh_database(store, chat_count)
    fake = FakeTelegram(TOKEN, rate_limit=limit).start()
    per_process = (limit or 10_000) / dispatchers
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": fake.base_url,
        "WEBHOOK_URL": "",
        "DISPATCH_INTERVAL_SECONDS": "1",
        "DISPATCH_CONCURRENCY": "8",
        "TELEGRAM_MESSAGES_PER_SECOND": str(per_process),
    }
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "bot.dispatch"],
            cwd=PROJECT_ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(dispatchers)
    ]
    try:
        fake.wait_for(lambda: len(fake.sent()) >= chat_count, timeout=600)
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            process.wait(timeout=60)
        fake.stop()
        admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    sends = sorted(c.at for c in fake.sent())
    seconds = sends[-1] - sends[0]
    return seconds, (len(sends) - 1) / seconds


def crash(store: str, chat_count: int, kill_after: int) -> tuple[int, int, int]:
    """Two dispatchers at Telegram's real 30/s with injected 429s and 500s, one killed with SIGKILL
    after ``kill_after`` posts: (chats posted, chats posted twice, seconds until every chat had its
    post). The test suite checks the same at 300 chats (tests/bot/test_bot_scale.py)."""
    name, url = fresh_database(store, chat_count)
    fake = FakeTelegram(TOKEN, rate_limit=100).start()
    rng = random.Random(7)
    first_chat = 1_000_000
    for chat_id in rng.sample(range(first_chat, first_chat + chat_count), 20):
        fake.inject(Fault("429", "sendPhoto", chat_id, retry_after=1))
    for chat_id in rng.sample(range(first_chat, first_chat + chat_count), 20):
        fake.inject(Fault("500", "sendPhoto", chat_id))
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": fake.base_url,
        "WEBHOOK_URL": "",
        "DISPATCH_INTERVAL_SECONDS": "1",
        "DISPATCH_CONCURRENCY": "1",
        "DISPATCH_LEASE_SECONDS": "5",
        "TELEGRAM_MESSAGES_PER_SECOND": "45",
    }
    command = [sys.executable, "-m", "bot.dispatch"]
    first, second = (
        subprocess.Popen(
            command, cwd=PROJECT_ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        for _ in range(2)
    )
    started = time.monotonic()
    try:
        fake.wait_for(lambda: len(fake.sent()) >= kill_after, timeout=600)
        first.send_signal(signal.SIGKILL)
        fake.wait_for(lambda: len({c.params["chat_id"] for c in fake.sent()}) >= chat_count, timeout=1200)
        seconds = time.monotonic() - started
    finally:
        second.send_signal(signal.SIGTERM)
        second.wait(timeout=60)
        if first.poll() is None:
            first.kill()
        fake.stop()
        admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    posts = Counter(int(c.params["chat_id"]) for c in fake.sent())
    return len(posts), sum(1 for n in posts.values() if n > 1), round(seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chats", type=int, default=4000)
    parser.add_argument("--limit", type=float, default=200.0)
    parser.add_argument("--store", default="sqlite:///data/puzzles.db")
    parser.add_argument(
        "--kill", action="store_true", help="also the crash run: 2,000 chats, one of two killed"
    )
    args = parser.parse_args()
    print(f"{args.chats} chats, PostgreSQL, fake Bot API; cores: {os.cpu_count()}")
    for dispatchers, limit in ((2, args.limit), (1, args.limit), (1, None)):
        seconds, rate = run(args.store, args.chats, limit, dispatchers)
        shown = f"{limit:.0f}/s limit" if limit else "no limit"
        print(f"{dispatchers} dispatcher(s), {shown}: {rate:.1f} posts/s ({seconds:.1f} s first to last)")
        if limit is None:
            overhead_ms = 1000 / rate
            at_30 = 10_000 / min(30.0, rate)
            print(
                f"per-post overhead of one dispatcher: {overhead_ms:.1f} ms; 10,000 chats at Telegram's 30/s "
                f"take {at_30 / 60:.1f} min (the limit, not the dispatcher, decides)"
            )
    if args.kill:
        posted, twice, seconds = crash(args.store, 2000, kill_after=600)
        print(
            f"crash run: 2 dispatchers, 2000 chats, one killed after 600 posts: {posted} chats posted, "
            f"{twice} twice, all in {seconds} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
