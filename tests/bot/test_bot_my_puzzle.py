"""/mypuzzle end to end against the fake Bot API: a definition sent as a message or a file is read,
probed and kept, becomes the person's (or, by an admin, the group's) daily puzzle, and is played
with /today and the three hints; the group's daily post carries it.

What the replies say is test_replies_my_puzzle.py's."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from bot.daily_posts import Dispatcher
from tests.support.bot import QUICKER, FakeClock, RunningBot, bot_settings, press, start_bot, stop_bot
from tests.support.bot import buttons as keyboard
from tests.support.fake_telegram import FakeTelegram

# A 3 x 5 box for three pentominoes: one packing up to the box's symmetries, solved in well under a second.
BOX = """title: Three in a box
targets: board
pieces: pentominoes L P V
board:
# # # # #
# # # # #
# # # # #
"""
GROUP = -1_041


def edited(fake: FakeTelegram, chat_id: int) -> dict[str, object]:
    """The text and buttons of the last message the bot edited in the chat."""
    (*_, last) = fake.calls_to("editMessageText", chat_id)
    return last.params


def pressed_label(params: dict[str, object], label: str) -> str:
    markup = json.loads(str(params.get("reply_markup") or "{}"))
    return next(b["callback_data"] for row in markup["inline_keyboard"] for b in row if b["text"] == label)


async def test_a_definition_kept_becomes_the_daily_puzzle_with_three_hints(running_bot: RunningBot) -> None:
    fake = running_bot.fake
    (checking,) = await running_bot.ask("/mypuzzle\n" + BOX, chat_id=41)
    assert checking.params["text"] == "Checking today's target…"
    kept = edited(fake, 41)
    assert kept["message_id"] == str(checking.result["message_id"])
    words = str(kept["text"])
    assert words.startswith("Kept “Three in a box” as ") and "Today's target board: 1 solution" in words
    await press(running_bot, pressed_label(kept, "Make it my daily puzzle"), 41, timeout=60)
    await running_bot.settled()  # a new puzzle's target is worked out first ("Working out …")
    daily = next(sent for sent in reversed(fake.sent(41)) if "caption" in sent.params)
    assert str(daily.params["caption"]).startswith("Edition: Three in a box.")
    (today,) = await running_bot.ask("/today", chat_id=41)
    assert "Three in a box" in today.params["caption"] and "1 solution" in today.params["caption"]
    captions = []
    for _stage in (1, 2, 3):
        (hint,) = await running_bot.ask("/hint", chat_id=41)
        captions.append(hint.params["caption"])
    assert captions[0].startswith("Hint 1 of 3") and captions[1].startswith("Hint 2 of 3")
    assert captions[2].startswith("The full answer")
    solved = next(data for label, data in keyboard(hint) if label.startswith("I solved it"))
    report = await press(running_bot, solved, 41)
    share = report.params["text"].split("To share (no spoilers):\n", 1)[1]  # type: ignore[attr-defined]
    assert share.startswith("Three in a box")


async def test_a_file_problems_the_list_and_a_delete(running_bot: RunningBot) -> None:
    fake = running_bot.fake
    before = len(fake.sent(42))
    fake.document(BOX.replace("Three in a box", "From a file").encode(), caption="/mypuzzle", chat_id=42)
    await running_bot.eventually(lambda: len(fake.calls_to("editMessageText", 42)) == 1)
    await running_bot.settled()
    assert len(fake.sent(42)) == before + 1
    assert str(edited(fake, 42)["text"]).startswith("Kept “From a file” as ")
    fake.document(b"#" * 30_000, chat_id=42)  # a .txt file in a private chat needs no caption
    await running_bot.eventually(lambda: len(fake.sent(42)) == before + 2)
    assert fake.sent(42)[-1].params["text"] == "That file is too large: a definition may have at most 20 KB."
    (problems,) = await running_bot.ask("/mypuzzle " + BOX.replace("L P V", "L P Q"), chat_id=42)
    assert problems.params["text"].startswith("I could not keep this definition:\nline 3, column ")
    (listed,) = await running_bot.ask("/mypuzzle", chat_id=42)
    assert "Your puzzles:\n• From a file (" in listed.params["text"]
    ask = next(data for label, data in keyboard(listed) if label == "🗑")
    question = await press(running_bot, ask, 42)
    assert question.params["text"].startswith("Delete “From a file” (")  # type: ignore[attr-defined]
    yes = next(data for label, data in keyboard(question) if label == "Yes, delete it")
    await press_in_place(running_bot, yes, 42, question)
    assert str(edited(fake, 42)["text"]) == "Deleted “From a file”."
    (empty,) = await running_bot.ask("/mypuzzle", chat_id=42)
    assert "You have no puzzle of your own yet." in empty.params["text"]


async def press_in_place(bot: RunningBot, data: str, chat_id: int, under: object) -> None:
    """Press a button that edits its own message, and wait for the edit."""
    edits = len(bot.fake.calls_to("editMessageText", chat_id))
    bot.fake.press(data, chat_id=chat_id, under=under.result)  # type: ignore[attr-defined]
    await bot.eventually(lambda: len(bot.fake.calls_to("editMessageText", chat_id)) == edits + 1)


async def test_a_group_admin_makes_theirs_the_groups_daily_post(fake: FakeTelegram, store_url: str) -> None:
    clock = FakeClock(datetime(2026, 1, 25, 7, 0, tzinfo=UTC))
    bot = await start_bot(bot_settings(fake, store_url), fake, clock, quicker=QUICKER)
    fake.admins.add((GROUP, 8))
    await bot.ask("/mypuzzle\n" + BOX, user_id=8, chat_id=GROUP, chat_type="group")
    await bot.eventually(lambda: bool(fake.calls_to("editMessageText", GROUP)))  # a group's pace
    kept = edited(fake, GROUP)
    assert str(kept["text"]).startswith("Tester: Kept “Three in a box” as ")
    choose = pressed_label(kept, "Make it this group's daily puzzle")
    fake.press(choose, chat_id=GROUP, user_id=7, chat_type="group")  # not an admin: nothing set

    def admins_only() -> bool:
        toasts = fake.calls_to("answerCallbackQuery", ok_only=False)
        return any("admins" in str(call.params.get("text", "")) for call in toasts)

    await bot.eventually(admins_only)
    await press(bot, choose, GROUP, user_id=8, chat_type="group", timeout=60)
    await bot.eventually(lambda: bool(fake.calls_to("sendPhoto", GROUP)))  # after "Working out …"
    assert "Edition: Three in a box." in str(fake.calls_to("sendPhoto", GROUP)[-1].params["caption"])
    await bot.ask("/subscribe 08:00", user_id=8, chat_id=GROUP, chat_type="group")
    clock.advance(hours=1)
    dispatcher: Dispatcher = bot.application.bot_data.deps.dispatcher
    assert (await dispatcher.tick(bot.application.bot)).sent == 1
    post = fake.calls_to("sendPhoto", GROUP)[-1].params["caption"]
    assert "Three in a box" in post and "1 solution" in post
    await stop_bot(bot)


async def test_the_owner_sends_a_new_version_from_the_list_or_a_file_and_no_one_else_may(
    running_bot: RunningBot,
) -> None:
    fake = running_bot.fake
    await running_bot.ask("/mypuzzle\n" + BOX, chat_id=43)
    await running_bot.eventually(lambda: len(fake.calls_to("editMessageText", 43)) == 1)
    (listed,) = await running_bot.ask("/mypuzzle", chat_id=43)
    edit = next(data for label, data in keyboard(listed) if label == "✏️")
    how = await press(running_bot, edit, 43)
    puzzle_id = edit.rsplit("|", 1)[1]
    assert how.params["text"].startswith(f"To change “Three in a box”, send /mypuzzle edit {puzzle_id} ")  # type: ignore[attr-defined]
    (checking,) = await running_bot.ask(
        f"/mypuzzle edit {puzzle_id}\n" + BOX.replace("Three in a box", "Three, again"), chat_id=43
    )
    assert checking.params["text"] == "Checking today's target…"
    await running_bot.eventually(lambda: len(fake.calls_to("editMessageText", 43)) == 2)
    assert str(edited(fake, 43)["text"]).startswith(
        f"Kept version 2 of “Three, again” ({puzzle_id}); earlier versions stay as they were."
    )
    fake.document(
        BOX.replace("Three in a box", "From a file").encode(),
        caption=f"/mypuzzle edit {puzzle_id}",
        chat_id=43,
    )
    await running_bot.eventually(lambda: len(fake.calls_to("editMessageText", 43)) == 3)
    assert str(edited(fake, 43)["text"]).startswith(f"Kept version 3 of “From a file” ({puzzle_id})")
    (refused,) = await running_bot.ask(f"/mypuzzle edit {puzzle_id}\n" + BOX, chat_id=44)  # someone else
    assert refused.params["text"] == "Only the person who made this puzzle can change it."
    (problems,) = await running_bot.ask(
        f"/mypuzzle edit {puzzle_id}\n" + BOX.replace("L P V", "L P Q"), chat_id=43
    )
    assert problems.params["text"].startswith("I could not keep this definition:\nline 3, column ")
