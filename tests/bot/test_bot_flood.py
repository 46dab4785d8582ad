"""Flood control end to end: a busy group stalls no one, budgets answer once, progress stays whole.

Before, 300 commands in one group filled every handler slot with sends waiting
out the group's 20-a-minute limit, and a private /today got no answer for 30 s.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from db import bot_repository
from tests.support.bot import TOKEN, FakeClock, RunningBot, bot_settings, start_bot, stop_bot
from tests.support.fake_telegram import FakeTelegram

GROUP = -100_500
PRIVATE = 4242


@pytest.fixture
async def group_limited(store_url: str, clock: FakeClock) -> AsyncIterator[RunningBot]:
    fake = FakeTelegram(TOKEN, rate_limit=30, group_per_minute=20).start()
    bot = await start_bot(bot_settings(fake, store_url), fake, clock)
    yield bot
    await stop_bot(bot)
    fake.stop()


async def test_a_private_today_is_answered_while_a_group_floods(group_limited: RunningBot) -> None:
    """Group sends wait out the group's limit without holding a handler slot each, so a private
    command is answered while 300 group commands are in hand (the latency: benchmarks/bot.py)."""
    fake = group_limited.fake
    for index in range(300):  # thirty members, ten commands each
        fake.message("/today 2026-01-25", chat_id=GROUP, user_id=1000 + index % 30, chat_type="group")
    await group_limited.eventually(lambda: len(fake.sent(GROUP)) >= 1)  # the bot is busy with the group
    fake.message("/today", chat_id=PRIVATE)
    await group_limited.eventually(lambda: len(fake.sent(PRIVATE)) == 1, timeout=10)
    assert len(fake.sent(GROUP)) < 20  # answered before the group's sends were through
    await group_limited.settled(timeout=60)
    group_replies = fake.sent(GROUP)
    assert 1 <= len(group_replies) <= 20  # the group's budget: answers, then one 'slow down', then silence
    assert fake.rejected_by_group_limit == 0 and fake.rejected_by_rate_limit == 0  # no 429 at all
    slow_downs = [c for c in group_replies if "answer again" in c.params.get("text", "")]
    assert len(slow_downs) <= 1


async def test_one_user_over_budget_is_told_once_then_ignored(running_bot: RunningBot) -> None:
    fake = running_bot.fake
    for _ in range(12):
        fake.message("/help", chat_id=PRIVATE)
    await running_bot.settled()
    texts = [c.params["text"] for c in sorted(fake.sent(PRIVATE), key=lambda c: c.at)]
    assert len(texts) == 9  # the burst of 8 answered, one polite word, then silence
    assert sum("answer again" in t for t in texts) == 1


async def test_concurrent_hints_of_one_user_each_advance_the_ladder(running_bot: RunningBot) -> None:
    """Three /hint at once: each reads what the previous one wrote (no lost progress, no
    first-insert IntegrityError), so the user sees stage 1, 2 and 3 once each."""
    fake = running_bot.fake
    await running_bot.ask("/today 2026-01-25", chat_id=PRIVATE)
    before = len(fake.sent(PRIVATE))
    for _ in range(3):
        fake.message("/hint", chat_id=PRIVATE)
    await running_bot.settled()
    hints = sorted(fake.sent(PRIVATE), key=lambda c: c.at)[before:]
    captions = [c.params.get("caption", c.params.get("text", "")) for c in hints]
    assert len(captions) == 3 and len(set(captions)) == 3, captions
    with running_bot.sessions() as session:
        progress = bot_repository.get_progress(session=session, chat_id=PRIVATE, user_id=PRIVATE)
    assert progress is not None and progress.stage == 3
