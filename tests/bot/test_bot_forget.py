"""/forget asks first, end to end: Yes / No buttons, the answer edits the question in place, and
Yes deletes everything about the person, their private chat's settings and daily post included.

Before, /forget deleted at once, with no question, and kept the private chat's own settings and
subscription although it said "everything"."""

from __future__ import annotations

import json
from typing import Any

from db import chats, solves
from tests.support.bot import RunningBot, buttons

GROUP = -3_003


async def ask_to_forget(bot: RunningBot, **where: Any) -> Any:
    """Send /forget; the question, with its Yes and No buttons."""
    (question,) = await bot.ask("/forget", **where)
    assert "Delete everything I keep about you?" in question.params["text"]
    assert [label for label, _data in buttons(question)] == ["Yes, delete it", "No, keep it"]
    assert len(json.loads(question.params["reply_markup"])["inline_keyboard"]) == 1  # side by side
    return question


async def answer(
    bot: RunningBot, question: Any, label: str, *, user_id: int, chat_type: str = "private"
) -> Any:
    """Press Yes or No under the question; the call that answered it (an edit or a new message)."""
    (data,) = [d for text, d in buttons(question) if text == label]
    chat_id = int(question.params["chat_id"])
    before = len(bot.fake.calls)
    bot.fake.press(data, chat_id=chat_id, user_id=user_id, chat_type=chat_type, under=question.result)
    await bot.eventually(
        lambda: any(c.method in ("editMessageText", "sendMessage") for c in bot.fake.calls[before:])
    )
    await bot.settled()
    return next(c for c in bot.fake.calls[before:] if c.method in ("editMessageText", "sendMessage"))


def kept(bot: RunningBot, person: int) -> tuple[int, bool]:
    """(the person's solves, whether their private chat still has its row)."""
    with bot.sessions() as session:
        mine = solves.user_solves(session=session, user_id=person)
        chat = chats.get_chat(session=session, chat_id=person)
    return len(mine), chat is not None


async def test_forget_asks_and_no_deletes_nothing(running_bot: RunningBot) -> None:
    bot = running_bot
    await bot.ask("/solved", chat_id=8)
    question = await ask_to_forget(bot, chat_id=8)
    assert kept(bot, 8) == (1, True)  # asking deleted nothing
    no = await answer(bot, question, "No, keep it", user_id=8)
    assert no.method == "editMessageText" and no.params["message_id"] == str(question.result["message_id"])
    assert no.params["text"] == "Nothing was deleted."
    assert kept(bot, 8) == (1, True)


async def test_yes_deletes_everything_with_the_private_chats_settings_and_post(
    running_bot: RunningBot,
) -> None:
    bot = running_bot
    with bot.sessions.begin() as session:
        chats.subscribe(session=session, chat_id=8, kind="private", post_time="07:30", now=bot.clock())
        chats.set_edition(session=session, chat_id=8, kind="private", edition="calendar-jarringwords")
    await bot.ask("/solved", chat_id=8)
    question = await ask_to_forget(bot, chat_id=8)
    yes = await answer(bot, question, "Yes, delete it", user_id=8)
    assert yes.method == "editMessageText" and yes.params["message_id"] == str(question.result["message_id"])
    assert yes.params["text"].startswith("Done:") and "private chat's settings" in yes.params["text"]
    assert "reply_markup" not in yes.params or not json.loads(yes.params["reply_markup"] or "{}")
    assert kept(bot, 8) == (0, False)  # the solve, the settings and the daily post are gone


async def test_in_a_group_only_the_asker_answers(running_bot: RunningBot) -> None:
    bot = running_bot
    where = {"chat_id": GROUP, "chat_type": "supergroup"}
    await bot.ask("/solved", user_id=70, **where)
    question = await ask_to_forget(bot, user_id=70, **where)
    (data,) = [d for text, d in buttons(question) if text == "Yes, delete it"]
    bot.fake.press(data, chat_id=GROUP, user_id=71, chat_type="supergroup", under=question.result)
    await bot.settled()
    toast = bot.fake.calls_to("answerCallbackQuery")[-1]
    assert toast.params["text"] == "Only whoever sent /forget can answer this."
    assert kept(bot, 70)[0] == 1 and len(bot.fake.sent(GROUP)) == 2  # nothing deleted, nothing said
    yes = await answer(bot, question, "Yes, delete it", user_id=70, chat_type="supergroup")
    assert yes.method == "editMessageText" and "Done:" in yes.params["text"]
    assert kept(bot, 70)[0] == 0


async def test_a_question_asked_as_the_group_is_answered_by_an_admin_and_keeps_the_groups_settings(
    running_bot: RunningBot,
) -> None:
    """An anonymous admin's /forget comes as the group itself; the press comes from the admin's
    own account, which Telegram says is an admin. The group's settings are the group's: they stay."""
    bot = running_bot
    bot.fake.admins.add((GROUP, 7))
    as_group = {
        "chat_id": GROUP,
        "chat_type": "supergroup",
        "sender_chat": {"id": GROUP, "type": "supergroup"},
    }
    with bot.sessions.begin() as session:
        chats.subscribe(session=session, chat_id=GROUP, kind="supergroup", post_time="08:00", now=bot.clock())
    await bot.ask("/solved", **as_group)
    question = await ask_to_forget(bot, **as_group)
    yes = await answer(bot, question, "Yes, delete it", user_id=7, chat_type="supergroup")
    assert "Done:" in yes.params["text"]
    with bot.sessions() as session:
        assert solves.user_solves(session=session, user_id=GROUP) == []
        group = chats.get_chat(session=session, chat_id=GROUP)
    assert group is not None and group.subscribed


async def test_a_stale_yes_is_refused_and_deletes_nothing(running_bot: RunningBot) -> None:
    """Before, "Yes" under a question answered "No", or under an older question, still deleted."""
    bot = running_bot
    await bot.ask("/solved", chat_id=9)
    older = await ask_to_forget(bot, chat_id=9)
    newer = await ask_to_forget(bot, chat_id=9)
    no = await answer(bot, newer, "No, keep it", user_id=9)
    assert no.params["text"] == "Nothing was deleted."
    for question in (newer, older):  # "Yes" after "No"; "Yes" under the question asked before
        before = len(bot.fake.calls)
        (data,) = [d for label, d in buttons(question) if label == "Yes, delete it"]
        bot.fake.press(data, chat_id=9, user_id=9, under=question.result)
        await bot.eventually(
            lambda: len(bot.fake.calls_to("answerCallbackQuery")) > 0 and bot.fake.all_taken()
        )
        await bot.settled()
        toasts = [c for c in bot.fake.calls[before:] if c.method == "answerCallbackQuery"]
        assert [t.params["text"] for t in toasts] == [
            "This question is closed: nothing was deleted. Send /forget to be asked again."
        ]
        assert not [c for c in bot.fake.calls[before:] if c.method in ("editMessageText", "sendMessage")]
    assert kept(bot, 9) == (1, True)
    latest = await ask_to_forget(bot, chat_id=9)  # a new question is answered as usual
    yes = await answer(bot, latest, "Yes, delete it", user_id=9)
    assert yes.params["text"].startswith("Done:") and kept(bot, 9) == (0, False)
