"""Settings a chat cannot hold, end to end through the fake Bot API on the sample store: a forged
settings button stores nothing and is answered in words, and a row stored before the writes were
checked (or with a zone the tz database has since dropped) is read as the defaults."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from sqlalchemy import update

from bot.flood import Budget, CommandBudgets
from db import chats
from db.models import ChatRow
from tests.support.bot import QUICKER, FakeClock, RunningBot, bot_settings, start_bot, stop_bot
from tests.support.fake_telegram import FakeTelegram

NOW = datetime(2026, 1, 22, 10, 0, tzinfo=UTC)  # a date whose puzzles the sample store holds
CHAT = 81
REFUSED = "I can't keep that setting, so nothing changed. /settings shows the choices."
STALE = "This button is no longer valid – use /today."
FORGED = {
    "v1|set|time|99:99": REFUSED,
    "v1|set|time|99:99|o": REFUSED,  # onboarding's step: the zone it would keep is not written either
    "v1|set|zone|Europe": REFUSED,  # a directory of the tz database, not a zone
    "v1|set|zone|Mars/Olympus": REFUSED,
    "v1|set|lang|xx": REFUSED,
    "v1|set|edition|calendar-nowhere": REFUSED,
    "v1|set|faceup|maybe": STALE,  # a field whose values are the bot's own words
    "v1|set|post|maybe": STALE,
}


@pytest.fixture
async def bot(fake: FakeTelegram, sample_url: str) -> AsyncIterator[RunningBot]:
    running = await start_bot(bot_settings(fake, sample_url), fake, FakeClock(NOW), quicker=QUICKER)
    deps = running.application.bot_data.deps  # a dozen presses at once: the budget is not the point here
    running.application.bot_data.deps = replace(
        deps, budgets=CommandBudgets(Budget(burst=50, per_minute=600))
    )
    yield running
    await stop_bot(running)


def toasts(bot: RunningBot) -> list[str | None]:
    return [call.params.get("text") for call in bot.fake.calls_to("answerCallbackQuery")]


def stored(bot: RunningBot) -> tuple[object, ...]:
    with bot.sessions() as session:
        chat = chats.get_chat(session=session, chat_id=CHAT)
    assert chat is not None
    return chat.subscribed, chat.post_time, chat.timezone, chat.language, chat.edition, chat.faceup


async def test_a_forged_settings_button_stores_nothing_and_says_so(bot: RunningBot) -> None:
    (panel,) = await bot.ask("/settings", chat_id=CHAT)
    before = stored(bot)
    assert before == (False, "08:00", None, None, None, False)
    for count, (data, words) in enumerate(FORGED.items(), start=1):
        bot.fake.press(data, chat_id=CHAT, under=panel.result)
        await bot.eventually(lambda: len(toasts(bot)) == count)  # noqa: B023 (awaited in the loop)
        assert toasts(bot)[-1] == words, data
    await bot.settled()
    assert stored(bot) == before
    assert bot.fake.calls_to("editMessageText", CHAT) == [] and len(bot.fake.sent(CHAT)) == 1

    await bot.ask("/language ja", chat_id=CHAT)  # the refusal speaks the chat's language
    bot.fake.press("v1|set|time|25:00", chat_id=CHAT, under=panel.result)
    await bot.eventually(lambda: len(toasts(bot)) == len(FORGED) + 1)
    assert toasts(bot)[-1] == "その設定は保存できないため、何も変えていません。/settings で選べます。"
    await bot.settled()
    assert stored(bot) == (*before[:3], "ja", *before[4:])


async def test_a_stored_zone_or_time_that_no_longer_reads_is_answered_with_the_defaults(
    bot: RunningBot,
) -> None:
    await bot.ask("/subscribe 07:30", chat_id=CHAT)
    with bot.sessions.begin() as session:  # as an older version of the bot could store them
        session.execute(
            update(ChatRow).where(ChatRow.id == CHAT).values(timezone="Europe", post_time="99:99")
        )
    (zone,) = await bot.ask("/timezone", chat_id=CHAT)
    assert zone.params["text"] == "This chat's time zone is UTC."
    (today,) = await bot.ask("/today", chat_id=CHAT)
    assert today.method == "sendPhoto" and today.params["caption"].startswith("2026-01-22")
    (panel,) = await bot.ask("/settings", chat_id=CHAT)
    assert "every day at 08:00 (UTC)" in panel.params["text"]
