"""Habit end to end: "I solved it" -> streak in /stats, a group's /top order, the daily post's
line about yesterday, no dead end after the answer, and /forget."""

from __future__ import annotations

from bot.dispatcher import Dispatcher
from db import bot_repository
from tests.support.bot import RunningBot, buttons, press

GROUP = -2_024


async def test_solved_builds_a_streak_shown_in_stats(running_bot: RunningBot) -> None:
    bot, clock = running_bot, running_bot.clock  # 2026-01-25 10:00 UTC
    await bot.ask("/today", chat_id=8)
    await bot.ask("/hint", chat_id=8)
    (answer,) = await bot.ask("/solution", chat_id=8)
    labels = [label for label, _ in buttons(answer)]
    assert labels == ["I solved it", "Another solution", "Pentomino challenge"]  # no dead end
    clock.advance(minutes=12)
    solved = await press(bot, buttons(answer)[0][1], 8)
    text = solved.params["text"]  # type: ignore[attr-defined]
    assert "2026-01-25 solved with 3 hint stages" in text and "Streak: 1 day." in text
    assert "12 min" in text
    (again,) = await bot.ask("/solved", chat_id=8)
    assert "already solved" in again.params["text"]  # the first report counts
    clock.advance(days=1)
    await bot.ask("/today", chat_id=8)
    (next_day,) = await bot.ask("/solved", chat_id=8)
    assert "with 0 hint stages" in next_day.params["text"] and "Streak: 2 days." in next_day.params["text"]
    (stats,) = await bot.ask("/stats", chat_id=8)
    assert stats.method == "sendPhoto"  # the year heatmap comes with it
    assert "Your streak: 2 days (best 2). Solved: 2, on average 1.5 hint stages." in stats.params["caption"]
    (forgotten,) = await bot.ask("/forget", chat_id=8)
    assert "deleted" in forgotten.params["text"]
    with bot.sessions() as session:
        assert bot_repository.user_solves(session=session, user_id=8) == []
        assert bot_repository.get_progress(session=session, chat_id=8, user_id=8) is None
    (empty,) = await bot.ask("/stats", chat_id=8)
    assert "Your streak: 0 days (best 0). Solved: 0" in empty.params["caption"]


async def test_top_orders_a_groups_solvers_and_the_next_post_says_how_yesterday_went(
    running_bot: RunningBot,
) -> None:
    bot = running_bot
    group = {"chat_id": GROUP, "chat_type": "supergroup"}
    for user, hints in ((31, 2), (32, 0), (33, 1)):
        await bot.ask("/today", user_id=user, **group)
        for _ in range(hints):
            await bot.ask("/hint", user_id=user, **group)
    bot.clock.advance(minutes=5)
    for user in (31, 32, 33):
        await bot.ask("/solved", user_id=user, **group)
    (board,) = await bot.ask("/top", user_id=34, **group)
    lines = board.params["text"].split("\n")
    assert lines[0].startswith("Tester: Solved today (2026-01-25)")
    assert [line.split(" - ")[1].split(",")[0] for line in lines[1:]] == [
        "0 hint stages",
        "1 hint stage",
        "2 hint stages",
    ]
    with bot.sessions.begin() as session:
        bot_repository.subscribe(
            session=session, chat_id=GROUP, kind="supergroup", post_time="08:00", now=bot.clock()
        )
    bot.clock.advance(days=1)  # 2026-01-26 10:05: today's post is due
    dispatcher: Dispatcher = bot.application.bot_data.deps.dispatcher
    await dispatcher.tick(bot.application.bot)
    post = sorted(bot.fake.calls_to("sendPhoto", GROUP), key=lambda c: c.at)[-1]
    assert post.params["caption"].startswith("2026-01-26")
    assert post.params["caption"].endswith("Yesterday: 3 solved, 1 with no hint.")
