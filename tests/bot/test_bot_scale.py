"""Several dispatcher processes on one database, a kill in the middle, and the SQLite rule."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from db import chats
from db.engine import make_engine, session_factory
from db.models import DeliveryRow
from tests.support.bot import TOKEN
from tests.support.fake_telegram import FakeTelegram, Fault

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def dispatcher(url: str, fake: FakeTelegram, **settings: str) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": fake.base_url,
        "WEBHOOK_URL": "",
        "DISPATCH_INTERVAL_SECONDS": "1",
        **settings,
    }
    return subprocess.Popen(
        [sys.executable, "-m", "bot.dispatch"],
        cwd=PROJECT_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def subscribe_chats(url: str, chat_ids: range) -> None:
    """Chats whose 00:00 UTC post is due now (subscribed yesterday)."""
    yesterday = datetime.now(UTC) - timedelta(days=1)
    sessions = session_factory(make_engine(url))
    with sessions.begin() as session:
        for chat_id in chat_ids:
            chats.subscribe(
                session=session, chat_id=chat_id, kind="private", post_time="00:00", now=yesterday
            )


def all_sent(sessions: sessionmaker[Session], count: int) -> bool:
    """Every one of ``count`` delivery rows is final and sent: nothing is left to claim or send."""
    with sessions() as session:
        statuses = list(session.scalars(select(DeliveryRow.status)))
    return len(statuses) == count and set(statuses) == {"sent"}


@pytest.mark.slow
@pytest.mark.postgres
def test_two_dispatchers_one_killed_every_chat_posted_once(full_postgres_url: str) -> None:
    """A dispatcher killed mid-run: its claimed posts go to the other once their lease ends, and
    no chat is posted twice but for the one post in flight (2,000 chats: benchmarks/dispatch.py)."""
    chat_ids = range(50_000, 50_150)
    subscribe_chats(full_postgres_url, chat_ids)
    fake = FakeTelegram(TOKEN, rate_limit=400).start()
    rng = random.Random(7)
    for chat_id in rng.sample(list(chat_ids), 10):
        fake.inject(Fault("429", "sendPhoto", chat_id, retry_after=1))
    for chat_id in rng.sample(list(chat_ids), 10):
        fake.inject(Fault("500", "sendPhoto", chat_id))
    settings = {
        "TELEGRAM_MESSAGES_PER_SECOND": "150",
        "DISPATCH_CONCURRENCY": "1",
        "DISPATCH_LEASE_SECONDS": "3",
    }
    first, second = (
        dispatcher(full_postgres_url, fake, **settings),
        dispatcher(full_postgres_url, fake, **settings),
    )
    engine = make_engine(full_postgres_url)
    try:
        fake.wait_for(lambda: len(fake.sent()) >= 60, timeout=120)
        first.send_signal(signal.SIGKILL)
        killed_at = len(fake.sent())
        fake.wait_for(lambda: all_sent(session_factory(engine), len(chat_ids)), timeout=240)
        with session_factory(engine)() as session:
            rows = list(session.scalars(select(DeliveryRow)))
    finally:
        engine.dispose()
        second.send_signal(signal.SIGTERM)
        output, _ = second.communicate(timeout=60)
        if first.poll() is None:
            first.kill()
        fake.stop()
    posts = Counter(int(c.params["chat_id"]) for c in fake.sent())
    duplicates = [chat for chat, n in posts.items() if n > 1]
    print(
        f"\n2 dispatchers, {len(chat_ids)} chats: killed one after {killed_at} posts; "
        f"twice: {len(duplicates)}"
    )
    assert set(posts) == set(chat_ids)
    assert len(duplicates) <= 1  # at most the one message the killed dispatcher had in flight
    assert second.returncode == 0, output
    assert len({r.claimed_by for r in rows}) == 2  # both dispatchers did real work
    assert TOKEN not in output


@pytest.mark.slow
def test_sqlite_allows_one_dispatcher_and_heartbeats_tell_health(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    fake = FakeTelegram(TOKEN).start()
    environment = {**os.environ, "DATABASE_URL": url, "DISPATCH_INTERVAL_SECONDS": "0.5"}
    check = [sys.executable, "-m", "bot.dispatch", "--healthcheck"]
    first = dispatcher(url, fake, DISPATCH_INTERVAL_SECONDS="0.5")
    try:
        deadline = time.monotonic() + 60
        while subprocess.run(check, env=environment, cwd=PROJECT_ROOT, capture_output=True).returncode != 0:
            assert time.monotonic() < deadline, "the first dispatcher never beat its heart"
            assert first.poll() is None, first.communicate()[0]
            time.sleep(0.3)
        second = dispatcher(url, fake)
        output, _ = second.communicate(timeout=60)
        assert second.returncode == 1
        assert "another dispatcher already runs on this SQLite database" in output
        first.send_signal(signal.SIGTERM)
        first.communicate(timeout=60)
        assert first.returncode == 0
    finally:
        if first.poll() is None:  # the test failed: leave no dispatcher running
            first.kill()
        fake.stop()
    empty = f"sqlite:///{tmp_path / 'empty.db'}"
    from db.migrate import upgrade

    upgrade(empty)
    stale = subprocess.run(
        check, env={**environment, "DATABASE_URL": empty}, cwd=PROJECT_ROOT, capture_output=True
    )
    assert stale.returncode == 1 and b"stale or missing" in stale.stdout
