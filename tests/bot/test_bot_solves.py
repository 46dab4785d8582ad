"""Habit end to end: "I solved it" pressed -> /stats with its month picture -> /forget, and a
group's /top and the next daily post's line about yesterday.

What these replies say (streaks, times, the order of /top, the yesterday line) is
test_replies_habits.py's; here, that the handlers, the store and the dispatcher join them up."""

from __future__ import annotations

import json

from bot.callbacks import Action, Callback, encode_callback
from bot.daily_posts import Dispatcher
from db import chats, solves
from db.solves import Solve
from hints.daily import PuzzleKind
from tests.support.bot import RunningBot, buttons, press
from tests.support.fake_telegram import Fault

GROUP = -2_024


async def test_solved_button_counts_for_stats_and_forget_deletes_it(running_bot: RunningBot) -> None:
    bot = running_bot  # 2026-01-25 10:00 UTC
    solved_button = encode_callback(Callback(Action.SOLVED, PuzzleKind.CALENDAR, bot.clock().date()))
    solved = await press(bot, solved_button, 8)
    assert solved.params["text"].startswith("Well done! 2026-01-25 solved")  # type: ignore[attr-defined]
    (stats,) = await bot.ask("/stats", chat_id=8)
    assert stats.method == "sendPhoto" and "photo" in stats.files  # the month's solved days come with it
    assert stats.params["caption"].startswith(
        "Your streak: 1 day (best 1).\nThis month: 1 calendar puzzle solved"
    )
    (question,) = await bot.ask("/forget", chat_id=8)
    yes = next(data for label, data in buttons(question) if label.startswith("Yes"))
    bot.fake.press(yes, chat_id=8, under=question.result)  # the answer edits the question
    await bot.eventually(lambda: bool(bot.fake.calls_to("editMessageText", 8)))
    assert "deleted" in bot.fake.calls_to("editMessageText", 8)[-1].params["text"]
    with bot.sessions() as session:  # the unit of work committed the deletion
        assert solves.user_solves(session=session, user_id=8) == []


async def test_i_solved_it_answers_with_a_toast_at_once(running_bot: RunningBot) -> None:
    """The press had no toast: only a spinner, then the message seconds later."""
    bot = running_bot
    solved_button = encode_callback(Callback(Action.SOLVED, PuzzleKind.CALENDAR, bot.clock().date()))
    for toast in ("Well done! Solve recorded ✓", "Already recorded ✓"):
        message = await press(bot, solved_button, 9)
        answered = bot.fake.calls_to("answerCallbackQuery")[-1]
        assert answered.params.get("text") == toast
        assert answered.at <= message.at  # type: ignore[attr-defined]  # the toast before the message


async def test_well_done_in_a_group_goes_ahead_of_the_replies_waiting_there(running_bot: RunningBot) -> None:
    """The toast came at once, but the "Well done" waited behind every reply queued before it in
    the group (2-7 s at a group's pace)."""
    bot, fake = running_bot, running_bot.fake
    group = {"chat_id": GROUP, "chat_type": "supergroup"}
    fake.inject(Fault("slow", "sendMessage", GROUP, times=1, delay=3.0))  # the group's first reply
    for user in (41, 42, 43):
        fake.message("/help", user_id=user, **group)
    replies = bot.application.bot_data.deps.replies
    await bot.eventually(lambda: replies.waiting(GROUP) == 2)  # one being sent, two waiting
    solved_button = encode_callback(Callback(Action.SOLVED, PuzzleKind.CALENDAR, bot.clock().date()))
    fake.press(solved_button, user_id=44, **group)
    await bot.eventually(lambda: len(fake.sent(GROUP)) == 4)
    order = [c.params["text"] for c in sorted(fake.sent(GROUP), key=lambda c: c.at)]
    assert "Well done!" in order[1] and not any("Well done!" in words for words in order[2:])
    toast = fake.calls_to("answerCallbackQuery")[-1]
    assert toast.params.get("text") == "Well done! Solve recorded ✓"


async def test_top_names_a_groups_solvers_and_the_next_post_says_how_yesterday_went(
    running_bot: RunningBot,
) -> None:
    bot = running_bot
    group = {"chat_id": GROUP, "chat_type": "supergroup"}
    with bot.sessions.begin() as session:  # two members solved with hints earlier today
        for user, hints in ((31, 2), (33, 1)):
            solve = Solve(user, PuzzleKind.CALENDAR, bot.clock().date(), GROUP, "Earlier", hints, None)
            solves.record_solve(session=session, solve=solve, now=bot.clock())
        chats.subscribe(session=session, chat_id=GROUP, kind="supergroup", post_time="08:00", now=bot.clock())
    await bot.ask("/solved", user_id=32, **group)  # counted for the group, with no hint
    (board,) = await bot.ask("/top", user_id=34, **group)
    lines = board.params["text"].split("\n")
    assert lines[0] == "Tester: Solved today (2026-01-25):"
    assert lines[1].startswith("1. Tester - 0 hint stages") and len(lines) == 4
    bot.clock.advance(days=1)  # 2026-01-26 10:00: today's post is due
    dispatcher: Dispatcher = bot.application.bot_data.deps.dispatcher
    await dispatcher.tick(bot.application.bot)
    post = sorted(bot.fake.calls_to("sendPhoto", GROUP), key=lambda c: c.at)[-1]
    assert post.params["caption"].startswith("2026-01-26")
    assert post.params["caption"].endswith("Yesterday: 3 solved, 1 with no hint.")
    buttons = [b for row in json.loads(post.params["reply_markup"])["inline_keyboard"] for b in row]
    assert [b["text"] for b in buttons] == [
        "Hint 1 of 3",
        "I solved it",
        "Pentomino challenge",
        "Hints in private",
    ]
    assert buttons[-1]["url"].endswith(
        f"?start=cal_20260126_g{-GROUP}"
    )  # the group's link: solves count there


async def test_a_reply_never_waits_for_an_older_messages_buttons_to_come_off(running_bot: RunningBot) -> None:
    """Taking the buttons off the message before waited in the chat's line (up to 3 s for a spare
    turn), and "Well done" after "I solved it" waited behind it."""
    bot, fake = running_bot, running_bot.fake
    await bot.ask("/today", chat_id=33)
    fake.inject(Fault("slow", "editMessageReplyMarkup", 33, times=1, delay=4.0))
    await bot.ask("/hint", chat_id=33)  # a new message: the puzzle's buttons are trimmed, slowly
    solved_button = encode_callback(Callback(Action.SOLVED, PuzzleKind.CALENDAR, bot.clock().date()))
    solved = await press(bot, solved_button, 33)
    assert solved.params["text"].startswith("Well done!")  # type: ignore[attr-defined]
    assert fake.calls_to("editMessageReplyMarkup", 33) == []  # the trim is still under way
