"""Setting a chat up end to end through the fake Bot API: the first /start's three taps, /settings
editing itself, a group's hello, ask-backs as buttons. What the messages say is test_setup.py's."""

from __future__ import annotations

import json
import time
from typing import Any

from db import chats
from tests.support.bot import RunningBot
from tests.support.fake_telegram import Call

GROUP = -4_004
BOT_USER = {"id": 42, "is_bot": True, "first_name": "Puzzle hints", "username": "puzzle_hint_bot"}


def button(call: Call, label: str) -> str:
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")
    return next(b["callback_data"] for row in markup["inline_keyboard"] for b in row if b["text"] == label)


def labels(call: Call) -> list[str]:
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")
    return [b["text"] for row in markup.get("inline_keyboard", []) for b in row]


async def edited(bot: RunningBot, method: str, chat_id: int, count: int) -> Call:
    await bot.eventually(lambda: len(bot.fake.calls_to(method, chat_id)) >= count)
    return bot.fake.calls_to(method, chat_id)[count - 1]


def caption(call: Call) -> str:
    return str(json.loads(call.params["media"])["caption"])


async def test_three_taps_set_up_the_edition_and_the_daily_post(running_bot: RunningBot) -> None:
    bot = running_bot
    (first,) = await bot.ask("/start", chat_id=61)
    assert first.method == "sendPhoto" and "Which calendar do you own?" in first.params["caption"]
    bot.fake.press(button(first, "DragonFjord"), chat_id=61, under=first.result)
    step_two = await edited(bot, "editMessageMedia", 61, 1)
    assert "When should I send you the daily puzzle?" in caption(step_two)
    bot.fake.press(button(step_two, "08:00"), chat_id=61, under=first.result)
    done = await edited(bot, "editMessageMedia", 61, 2)
    assert caption(done).startswith("All set: the daily puzzle comes at 08:00 (UTC).")
    assert "Hint 1 of 3" in labels(done)  # today's puzzle, in the same message
    assert len(bot.fake.sent(61)) == 1  # three taps, one message
    with bot.sessions() as session:
        settings = chats.get_chat(session=session, chat_id=61)
    assert settings is not None and settings.subscribed and settings.post_time == "08:00"


async def test_an_unknown_start_payload_greets_like_a_plain_start(running_bot: RunningBot) -> None:
    (reply,) = await running_bot.ask("/start hello", chat_id=62)
    assert reply.method == "sendPhoto" and "Which calendar do you own?" in reply.params["caption"]


async def test_settings_edit_their_own_message_in_the_new_language(running_bot: RunningBot) -> None:
    bot = running_bot
    (panel,) = await bot.ask("/settings", chat_id=63)
    assert panel.params["text"].startswith("Settings of this chat:")
    bot.fake.press(button(panel, "日本語"), chat_id=63, under=panel.result)
    japanese = await edited(bot, "editMessageText", 63, 1)
    assert japanese.params["text"].startswith("このチャットの設定")
    assert len(bot.fake.sent(63)) == 1


async def test_an_ambiguous_time_is_answered_with_a_button(running_bot: RunningBot) -> None:
    bot = running_bot
    (question,) = await bot.ask("/subscribe 9", chat_id=64)
    assert labels(question) == ["09:00", "21:00"]
    bot.fake.press(button(question, "21:00"), chat_id=64, under=question.result)
    await edited(bot, "editMessageText", 64, 1)
    with bot.sessions() as session:
        settings = chats.get_chat(session=session, chat_id=64)
    assert settings is not None and settings.subscribed and settings.post_time == "21:00"


def added_to_group(admin: int) -> dict[str, Any]:
    chat = {"id": GROUP, "type": "supergroup", "title": "Puzzle group"}
    member = {"user": BOT_USER}
    return {
        "my_chat_member": {
            "chat": chat,
            "from": {"id": admin, "is_bot": False, "first_name": "Admin", "language_code": "en"},
            "date": int(time.time()),
            "old_chat_member": {**member, "status": "left"},
            "new_chat_member": {**member, "status": "member"},
        }
    }


async def test_a_group_hears_hello_once_and_only_admins_start_its_post(running_bot: RunningBot) -> None:
    bot = running_bot
    bot.fake.admins.add((GROUP, 7))
    bot.fake.push(added_to_group(admin=7))
    await bot.eventually(lambda: len(bot.fake.sent(GROUP)) == 1)
    (hello,) = bot.fake.sent(GROUP)
    assert len(hello.params["text"].splitlines()) <= 3
    bot.fake.press(
        button(hello, "Post the daily puzzle here"), chat_id=GROUP, user_id=8, chat_type="supergroup"
    )
    await bot.settled()
    toasts = [c.params.get("text") for c in bot.fake.calls_to("answerCallbackQuery")]
    assert toasts[-1] == "Only the group's admins can change its settings."
    assert len(bot.fake.sent(GROUP)) == 1  # a refusal is a toast, never a group message
    bot.fake.press(
        button(hello, "Post the daily puzzle here"),
        chat_id=GROUP,
        user_id=7,
        chat_type="supergroup",
        under=hello.result,
    )
    await bot.eventually(lambda: len(bot.fake.calls_to("editMessageText", GROUP)) == 1)
    (edited,) = bot.fake.calls_to("editMessageText", GROUP)
    assert int(edited.params["message_id"]) == hello.result["message_id"]  # the hello became the settings
    assert len(bot.fake.sent(GROUP)) == 1 and "Daily puzzle: every day at 08:00" in edited.params["text"]
    with bot.sessions() as session:
        settings = chats.get_chat(session=session, chat_id=GROUP)
    assert settings is not None and settings.subscribed
    (start,) = await bot.ask("/start", chat_id=GROUP, user_id=9, chat_type="supergroup")
    assert "Post the daily puzzle here" in labels(start)  # the group's hello, not the private greeting


async def test_a_zone_typed_during_the_onboarding_goes_on_to_the_post_time(running_bot: RunningBot) -> None:
    """Before, "/timezone Berlin" answered "Time zone set to Berlin." and the onboarding stopped
    there; plain "Berlin" got "I answer commands only"."""
    bot = running_bot
    for chat_id, typed in ((63, "Berlin"), (64, "/timezone Berlin")):
        (first,) = await bot.ask("/start", chat_id=chat_id)
        bot.fake.press(button(first, "DragonFjord"), chat_id=chat_id, under=first.result)
        step_two = await edited(bot, "editMessageMedia", chat_id, 1)
        bot.fake.press(button(step_two, "Time zone: UTC (change)"), chat_id=chat_id, under=first.result)
        await edited(bot, "editMessageMedia", chat_id, 2)
        (going_on,) = await bot.ask(typed, chat_id=chat_id)
        assert going_on.params["caption"].startswith("Time zone set to Berlin.\n\nDragonFjord it is.")
        bot.fake.press(button(going_on, "08:00"), chat_id=chat_id, under=going_on.result)
        done = await edited(bot, "editMessageMedia", chat_id, 3)
        assert caption(done).startswith("All set: the daily puzzle comes at 08:00 (Berlin).")
    (outside,) = await bot.ask("Berlin", chat_id=63)  # set up now: a city is no setting
    assert outside.params["text"].startswith("I didn't understand that.")


async def test_settings_for_a_member_who_is_no_admin_are_words_only(running_bot: RunningBot) -> None:
    """Before, a member got the admins' menu: buttons that looked live and each answered a toast."""
    bot = running_bot
    (member,) = await bot.ask("/settings", chat_id=GROUP, user_id=31, chat_type="group")
    assert labels(member) == []
    assert member.params["text"].splitlines()[1:] == [
        "Calendar: DragonFjord",
        "Face up only: off",
        "Daily puzzle: off",
        "Time zone: UTC",
        "Language: English",
        "Only the group's admins can change these.",
    ]
    bot.fake.admins.add((GROUP, 32))
    (admin,) = await bot.ask("/settings", chat_id=GROUP, user_id=32, chat_type="group")
    assert "Calendar" in labels(admin)
