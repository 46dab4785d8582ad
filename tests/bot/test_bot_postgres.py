"""The bot on PostgreSQL: commands, progress, settings and a daily post."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.daily_posts import Dispatcher
from tests.support.bot import QUICKER, FakeClock, bot_settings, start_bot, stop_bot
from tests.support.fake_telegram import FakeTelegram

pytestmark = pytest.mark.postgres


async def test_commands_and_a_daily_post_on_postgres(fake: FakeTelegram, full_postgres_url: str) -> None:
    clock = FakeClock(datetime(2026, 1, 25, 7, 0, tzinfo=UTC))
    bot = await start_bot(bot_settings(fake, full_postgres_url), fake, clock, quicker=QUICKER)
    try:
        (today,) = await bot.ask("/today 2026-01-25")
        assert "216 solutions" in today.params["caption"]
        captions = [(await bot.ask("/hint"))[0].params["caption"] for _ in range(3)]
        assert captions[0].startswith("Hint 1 of 3") and captions[1].startswith("Hint 2 of 3")
        assert captions[2].startswith("The full answer (2026-01-25)")
        (subscribed,) = await bot.ask("/subscribe 08:00")
        assert "08:00" in subscribed.params["text"]
        clock.advance(hours=1)
        dispatcher: Dispatcher = bot.application.bot_data.deps.dispatcher
        report = await dispatcher.tick(bot.application.bot)
        assert (report.due, report.sent) == (1, 1)
        assert (await dispatcher.tick(bot.application.bot)).due == 0
    finally:
        await stop_bot(bot)
