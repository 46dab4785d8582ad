"""Every message in its person's language, end to end: the daily post of a chat that never sent
/language comes in the Telegram language of its user (a private chat, remembered and kept up to
date) or of the admin who subscribed it (a group); /language overrides both.

The rule itself is test_replies_languages.py's, how it is stored tests/db/test_chats.py's."""

from __future__ import annotations

from bot.daily_posts import Dispatcher
from tests.support.bot import RunningBot

JAPANESE = "2026年1月25日(日)：解は216通り"
ENGLISH = "2026-01-25: 216 solutions"


def post(bot: RunningBot, chat_id: int) -> str:
    """The caption of the last photo sent to the chat (its daily post)."""
    return str(bot.fake.calls_to("sendPhoto", chat_id)[-1].params["caption"])


async def test_daily_posts_speak_the_language_of_whoever_they_are_for(running_bot: RunningBot) -> None:
    bot = running_bot  # 2026-01-25 10:00 UTC
    await bot.ask("/subscribe 11:00", chat_id=81, language="ja")  # never sends /language
    await bot.ask("/subscribe 11:00", chat_id=82, language="ja")
    await bot.ask("/language en", chat_id=82, language="ja")
    await bot.ask("/subscribe 11:00", chat_id=83, language="en")
    await bot.ask("/help", chat_id=83, language="ja")  # switched Telegram to Japanese since
    for group in (-2055, -2056):
        bot.fake.admins.add((group, 7))
        await bot.ask("/subscribe 11:00", chat_id=group, user_id=7, chat_type="group", language="ja")
    await bot.ask("/language en", chat_id=-2056, user_id=7, chat_type="group", language="ja")
    await bot.ask("/today", chat_id=-2055, user_id=8, chat_type="group", language="en")  # a member: no change
    bot.clock.advance(hours=1)
    dispatcher: Dispatcher = bot.application.bot_data.deps.dispatcher
    assert (await dispatcher.tick(bot.application.bot)).sent == 5
    assert post(bot, 81).startswith(JAPANESE)
    assert post(bot, 82).startswith(ENGLISH)
    assert post(bot, 83).startswith(JAPANESE)
    assert post(bot, -2055).startswith(JAPANESE)
    assert post(bot, -2056).startswith(ENGLISH)
