"""Buttons edit their own message in place; a new message takes the buttons off the previous one.

Before, every Next hint press sent a new photo, and every old message kept its
buttons, so a chat filled with stale hint ladders.
"""

from __future__ import annotations

import json

from tests.support.bot import RunningBot
from tests.support.fake_telegram import Call

GROUP = -3_003


def labels(call: Call) -> list[str]:
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")
    return [b["text"] for row in markup.get("inline_keyboard", []) for b in row]


def button_data(call: Call, label: str) -> str:
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")
    return next(b["callback_data"] for row in markup["inline_keyboard"] for b in row if b["text"] == label)


async def test_next_hint_edits_its_own_message_and_typed_commands_trim_old_buttons(
    running_bot: RunningBot,
) -> None:
    bot, fake = running_bot, running_bot.fake
    (puzzle,) = await bot.ask("/today 2026-01-25", chat_id=11)
    fake.press(button_data(puzzle, "Hint 1 of 3"), chat_id=11, under=puzzle.result)
    await bot.eventually(lambda: len(fake.calls_to("editMessageMedia", 11)) == 1)
    (first,) = fake.calls_to("editMessageMedia", 11)
    assert int(first.params["message_id"]) == puzzle.result["message_id"]
    assert json.loads(first.params["media"])["caption"].startswith("Hint 1")
    fake.press(button_data(first, "Hint 2 of 3"), chat_id=11, under=first.result)
    await bot.eventually(lambda: len(fake.calls_to("editMessageMedia", 11)) == 2)
    assert json.loads(fake.calls_to("editMessageMedia", 11)[1].params["media"])["caption"].startswith(
        "Hint 2"
    )
    assert len(fake.sent(11)) == 1  # no new message for either hint
    await bot.ask("/pentomino", chat_id=11)  # a typed command: a new message ...
    await bot.eventually(lambda: len(fake.calls_to("editMessageReplyMarkup", 11)) == 1)
    (stripped,) = fake.calls_to("editMessageReplyMarkup", 11)  # ... takes the old ladder away ...
    assert int(stripped.params["message_id"]) == puzzle.result["message_id"]
    assert labels(stripped) == ["I solved it"]  # ... but 'I solved it' stays for the day


async def test_a_later_days_puzzle_takes_every_button_off_the_older_one(running_bot: RunningBot) -> None:
    bot, fake = running_bot, running_bot.fake
    await bot.ask("/today 2026-01-24", chat_id=15)
    await bot.ask("/today 2026-01-25", chat_id=15)
    await bot.eventually(lambda: len(fake.calls_to("editMessageReplyMarkup", 15)) == 1)
    assert labels(fake.calls_to("editMessageReplyMarkup", 15)[0]) == []


async def test_another_solution_keeps_i_solved_it_and_the_challenge(running_bot: RunningBot) -> None:
    """'Another solution' edited the answer down to [Another solution] alone."""
    bot, fake = running_bot, running_bot.fake
    await bot.ask("/today 2026-01-25", chat_id=16)
    (answer,) = await bot.ask("/solution", chat_id=16)
    fake.press(button_data(answer, "Another solution"), chat_id=16, under=answer.result)
    await bot.eventually(lambda: len(fake.calls_to("editMessageMedia", 16)) == 1)
    (another,) = fake.calls_to("editMessageMedia", 16)
    assert labels(another) == ["I solved it", "Another solution", "Pentomino challenge"]


async def test_a_double_tap_on_a_hint_button_shows_its_stage_twice(running_bot: RunningBot) -> None:
    """Two presses of "Hint" edited the message twice and landed on stage 2, which fixes the answer."""
    bot, fake = running_bot, running_bot.fake
    (puzzle,) = await bot.ask("/today 2026-01-25", chat_id=13)
    for _ in range(2):
        fake.press(button_data(puzzle, "Hint 1 of 3"), chat_id=13, under=puzzle.result)
    await bot.eventually(lambda: len(fake.calls_to("editMessageMedia", 13)) == 2)
    captions = [json.loads(c.params["media"])["caption"] for c in fake.calls_to("editMessageMedia", 13)]
    assert all(caption.startswith("Hint 1 of 3") for caption in captions), captions


async def test_a_hint_button_of_an_older_day_answers_with_a_toast_and_sends_nothing(
    running_bot: RunningBot,
) -> None:
    """Which day is stale is test_replies.py's; here the toast goes out and no message does."""
    bot, fake = running_bot, running_bot.fake
    (old,) = await bot.ask("/today 2026-01-20", chat_id=14)
    await bot.ask("/today", chat_id=14)  # today is 2026-01-25: the 20th is no longer open
    sent = len(fake.sent(14))
    fake.press(button_data(old, "Hint 1 of 3"), chat_id=14, under=old.result)
    await bot.settled()
    toasts = [c.params.get("text") for c in fake.calls_to("answerCallbackQuery")]
    assert toasts[-1] == "That was the puzzle of 2026-01-20. Today's: /today"
    assert len(fake.sent(14)) == sent and fake.calls_to("editMessageMedia", 14) == []


async def test_a_button_that_cannot_edit_sends_a_new_message(running_bot: RunningBot) -> None:
    bot, fake = running_bot, running_bot.fake
    await bot.ask("/subscribe", chat_id=12)  # set up: /start then greets with a text message ...
    (greeting,) = await bot.ask("/start", chat_id=12)
    (today,) = [c for c in [greeting] if c.method == "sendMessage"]
    fake.press(button_data(today, "Today's puzzle"), chat_id=12, under=today.result)
    await bot.eventually(lambda: len(fake.sent(12)) == 3)
    puzzle = sorted(fake.sent(12), key=lambda c: c.at)[-1]
    fake.press(
        button_data(puzzle, "Hint 1 of 3"), chat_id=12
    )  # under a made-up text message: no photo to edit
    await bot.eventually(lambda: len(fake.sent(12)) == 4)
    assert sorted(fake.sent(12), key=lambda c: c.at)[-1].params["caption"].startswith("Hint 1")


async def test_in_a_group_a_members_button_never_changes_another_members_hint(
    running_bot: RunningBot,
) -> None:
    bot, fake = running_bot, running_bot.fake
    group = {"chat_id": GROUP, "chat_type": "supergroup"}
    await bot.ask("/today 2026-01-25", user_id=51, **group)
    (hint,) = await bot.ask("/hint", user_id=51, **group)
    fake.press(button_data(hint, "Hint 2 of 3"), user_id=52, under=hint.result, **group)  # someone else
    await bot.eventually(lambda: len(fake.sent(GROUP)) == 3)
    assert fake.calls_to("editMessageMedia", GROUP) == []
    fake.press(button_data(hint, "Hint 2 of 3"), user_id=51, under=hint.result, **group)  # its owner
    await bot.eventually(lambda: len(fake.calls_to("editMessageMedia", GROUP)) == 1)
    assert json.loads(fake.calls_to("editMessageMedia", GROUP)[0].params["media"])["caption"].startswith(
        "Tester: Hint 2"
    )


async def test_show_the_answer_asks_once_then_the_answer_comes_under_a_spoiler(
    running_bot: RunningBot,
) -> None:
    """One tap on the last hint button spent the answer, and a private chat showed it unhidden."""
    bot, fake = running_bot, running_bot.fake
    await bot.ask("/today 2026-01-25", chat_id=17)
    await bot.ask("/hint", chat_id=17)
    (half,) = await bot.ask("/hint", chat_id=17)
    fake.press(button_data(half, "Show the answer"), chat_id=17, under=half.result)
    message_id = half.result["message_id"]

    def asks() -> list[Call]:
        edits = fake.calls_to("editMessageReplyMarkup", 17)
        return [c for c in edits if int(c.params["message_id"]) == message_id]

    await bot.eventually(lambda: len(asks()) == 1)
    (asking,) = asks()
    assert labels(asking) == ["Yes, show the answer", "I solved it"]
    toasts = [c.params.get("text") for c in fake.calls_to("answerCallbackQuery")]
    assert toasts == ["The answer shows every piece and counts as all three hints. Sure?"]
    assert fake.calls_to("editMessageMedia", 17) == []  # nothing spent yet
    fake.press(button_data(asking, "Yes, show the answer"), chat_id=17, under=half.result)
    await bot.eventually(lambda: len(fake.calls_to("editMessageMedia", 17)) == 1)
    media = json.loads(fake.calls_to("editMessageMedia", 17)[0].params["media"])
    assert media["caption"].startswith("The full answer") and media["has_spoiler"] is True
    (answer,) = await bot.ask("/solution", chat_id=17)
    assert answer.params["has_spoiler"] in ("true", "True", True)
