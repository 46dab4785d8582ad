"""Bot speed: in-process /hint handling, and broadcast throughput against the fake Bot API.

    .venv/bin/python benchmarks/bot.py [--database-url URL] [--rates 30 100] [--chats-per-rate 20]

/hint: builds the reply (store reads, cached hints) and passes it through the
real Sender to a bot stub that answers instantly, so everything but the
network is timed; images are already known by file_id ("images cached").
Flood: a private /today while a group, or one person's stickers, flood the bot (the goal:
answered within 2 s).
Broadcast: one dispatcher tick to N subscribed chats through python-telegram-bot's
real HTTP stack against tests/bot/fake_telegram.py enforcing R messages/s.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, date, datetime
from functools import partial
from pathlib import Path
from types import SimpleNamespace

from pydantic import SecretStr
from sqlalchemy.orm import Session

from bot.app import build_application
from bot.daily_posts import Dispatcher
from bot.replies import hinting
from bot.sender import Sender
from db import chats
from db.engine import make_engine, session_factory
from hints import player_actions
from hints.daily import PuzzleKind
from hints.player_actions import InChat
from hints.players import Chat, Player
from hints.unit_of_work import run
from jobs.transfer import copy_sqlite
from settings import Settings, get_settings
from tests.support.fake_telegram import FakeTelegram

TOKEN = "123456789:AAH-benchmark-token-0123456789abcdef"


class InstantBot:
    """Stands in for telegram.Bot: answers at once, as if the network took no time."""

    async def send_photo(self, chat_id: int, photo: object, **_: object) -> SimpleNamespace:
        return SimpleNamespace(message_id=1, photo=[SimpleNamespace(file_id=f"id-{hash(photo)}")])

    async def send_message(self, chat_id: int, text: str, **_: object) -> SimpleNamespace:
        return SimpleNamespace(message_id=1, photo=None)

    async def send_chat_action(self, chat_id: int, action: str, **_: object) -> bool:
        return True


def copy_store(source_url: str, folder: str) -> str:
    return copy_sqlite(source_url, Path(folder) / "bench.db")


def _open(session: Session, who: InChat, day: date) -> player_actions.Shown:
    """/today's unit of work: the calendar puzzle of ``day`` opened."""
    return player_actions.open_puzzle(session, who, PuzzleKind.CALENDAR, day)


def _hint(session: Session, who: InChat, now: datetime) -> player_actions.NextHint:
    """/hint's unit of work: the chat's settings read, the next hint taken."""
    chats.get_chat(session=session, chat_id=who.chat.id)
    return player_actions.next_hint(session, who, now)


async def hint_latency(url: str, rounds: int = 100) -> list[float]:
    sessions = session_factory(make_engine(url))
    sender, bot = Sender(sessions), InstantBot()
    now = datetime(2026, 1, 25, 10, tzinfo=UTC)
    days = [date(2026, 1, d) for d in range(1, 29)]
    timings = []
    for warm in (True, False):  # first pass fills the hint cache and the file_id cache
        for i in range(rounds):
            # New users each pass, so every call computes a real hint stage (1, 2, 3).
            who = InChat(Player((1 if warm else 2) * 100_000 + i, "UTC", language="en"), Chat(1))
            day = days[i % len(days)]
            # one unit of work per update, as the handlers make it
            run(sessions, partial(_open, who=who, day=day))
            for _ in range(3):
                started = time.perf_counter()
                found = run(sessions, partial(_hint, who=who, now=now))
                reply = hinting.hint_reply(found, who)
                await sender.send(bot, who.chat.id, reply)  # type: ignore[arg-type]
                assert reply.photo is not None, reply.text  # a hint image, not "already seen"
                if not warm:
                    timings.append((time.perf_counter() - started) * 1000)
    return timings


async def broadcast(url: str, rate: float, chat_count: int) -> tuple[float, float, int]:
    fake = FakeTelegram(TOKEN, rate_limit=rate).start()
    settings = Settings(
        TELEGRAM_BOT_TOKEN=SecretStr(TOKEN),
        TELEGRAM_API_BASE_URL=fake.base_url,
        DATABASE_URL=url,
        TELEGRAM_MESSAGES_PER_SECOND=rate,
    )
    sessions = session_factory(make_engine(url))
    clock_now = [datetime(2026, 2, 1, 7, 0, tzinfo=UTC)]
    application = build_application(settings, sessions, clock=lambda: clock_now[0], start_scheduler=False)
    await application.initialize()
    base = int(rate * 1000)
    with sessions.begin() as session:
        for chat_id in range(base, base + chat_count):
            chats.subscribe(
                session=session, chat_id=chat_id, kind="private", post_time="08:00", now=clock_now[0]
            )
    clock_now[0] = datetime(2026, 2, 1, 8, 0, tzinfo=UTC)
    dispatcher: Dispatcher = application.bot_data.deps.dispatcher
    started = time.perf_counter()
    report = await dispatcher.tick(application.bot)
    elapsed = time.perf_counter() - started
    sends = sorted(c.at for c in fake.sent())
    steady = (len(sends) - 1) / (sends[-1] - sends[0])
    await application.shutdown()
    fake.stop()
    assert report.sent == chat_count, report
    return elapsed, steady, fake.rejected_by_rate_limit


STICKER = {
    "sticker": {
        "file_id": "s",
        "file_unique_id": "su",
        "width": 512,
        "height": 512,
        "is_animated": False,
        "is_video": False,
        "type": "regular",
    }
}
FLOODER, GROUP, PRIVATE = 5151, -100_500, 4242


def group_commands(fake: FakeTelegram, count: int) -> int:
    """``count`` /today commands from 30 members of a group; the chat to watch."""
    for index in range(count):
        fake.message("/today 2026-01-25", chat_id=GROUP, user_id=1000 + index % 30, chat_type="group")
    return GROUP


def stickers(fake: FakeTelegram, count: int) -> int:
    """``count`` stickers from one person in their private chat; the chat to watch."""
    for _ in range(count):
        fake.message(None, chat_id=FLOODER, extra=STICKER)
    return FLOODER


async def private_reply_under_flood(
    url: str, flood: Callable[[FakeTelegram, int], int], count: int = 300
) -> tuple[float, int, int]:
    """Seconds until another person's private /today is answered while ``count`` updates of a
    flood are in hand (the fake enforces 30/s and 20 a minute per group); the flooding chat's
    replies sent by then, and the 429s the server answered."""
    fake = FakeTelegram(TOKEN, rate_limit=30, group_per_minute=20).start()
    settings = Settings(
        TELEGRAM_BOT_TOKEN=SecretStr(TOKEN), TELEGRAM_API_BASE_URL=fake.base_url, DATABASE_URL=url
    )
    application = build_application(
        settings, session_factory(make_engine(url)), clock=lambda: datetime(2026, 1, 25, 10, tzinfo=UTC)
    )
    await application.initialize()
    await application.start()
    assert application.updater is not None
    await application.updater.start_polling(poll_interval=0.0, timeout=1)
    flooding = flood(fake, count)
    while not fake.sent(flooding):  # the bot is busy with the flood
        await asyncio.sleep(0.01)
    asked = time.perf_counter()
    fake.message("/today", chat_id=PRIVATE)
    while not fake.sent(PRIVATE):
        await asyncio.sleep(0.01)
    answered = time.perf_counter() - asked
    flood_sent = len(fake.sent(flooding))
    await application.updater.stop()
    await application.stop()
    await application.bot_data.deps.replies.drain(within=0)  # the flood's queued replies: dropped
    await application.shutdown()
    fake.stop()
    return answered, flood_sent, fake.rejected_by_rate_limit + fake.rejected_by_group_limit


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=get_settings().DATABASE_URL)
    parser.add_argument("--rates", type=float, nargs="+", default=[30.0, 100.0])
    parser.add_argument("--chats-per-rate", type=int, default=20, help="chats = rate x this")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = copy_store(args.database_url, folder)
        timings = sorted(asyncio.run(hint_latency(url)))
        p95 = timings[int(0.95 * len(timings))]
        print(
            f"/hint in-process, images cached: median {statistics.median(timings):.1f} ms, "
            f"p95 {p95:.1f} ms, max {timings[-1]:.1f} ms (n={len(timings)}; goal p95 <= 20 ms)"
        )
        for rate in args.rates:
            chats = int(rate * args.chats_per_rate)
            fresh = copy_store(args.database_url, tempfile.mkdtemp(dir=folder))  # no file_ids of other runs
            elapsed, steady, rejected = asyncio.run(broadcast(fresh, rate, chats))
            print(
                f"broadcast {chats} chats at a {rate:.0f}/s limit: {elapsed:.1f} s, "
                f"{chats / elapsed:.1f} posts/s "
                f"= {100 * chats / elapsed / rate:.0f}% of the limit (first to last send {steady:.1f}/s); "
                f"429s from the server: {rejected}"
            )
        for name, flood in (("300 group commands", group_commands), ("one person's 300 stickers", stickers)):
            flooded = copy_store(args.database_url, tempfile.mkdtemp(dir=folder))
            answered, flood_sent, rejected = asyncio.run(private_reply_under_flood(flooded, flood))
            print(
                f"a private /today while {name} are in hand: answered in {answered:.2f} s "
                f"(goal <= 2 s); the flooding chat's replies by then: {flood_sent}; "
                f"429s from the server: {rejected}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
