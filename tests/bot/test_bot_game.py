"""The daily game end to end: what a person did in the bot to fake, lose or backfill a solve.

Each rule is hints.game's / hints.player_actions' (tests/hints); here, that the bot's handlers keep it
through the fake Bot API, command by command as a person types them.
"""

from __future__ import annotations

import json

from tests.support.bot import RunningBot
from tests.support.fake_telegram import Call


def labels(call: Call) -> list[str]:
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")
    return [b["text"] for row in markup.get("inline_keyboard", []) for b in row]


def words(call: Call) -> str:
    return str(call.params.get("caption") or call.params.get("text") or "")


async def test_opening_the_challenge_and_back_keeps_the_calendars_hints(running_bot: RunningBot) -> None:
    """/pentomino then /today reset the calendar's progress to stage 0."""
    bot = running_bot
    await bot.ask("/today", chat_id=41)
    for stage in (1, 2):
        (hint,) = await bot.ask("/hint", chat_id=41)
        assert words(hint).startswith(f"Hint {stage}"), words(hint)
    await bot.ask("/pentomino", chat_id=41)
    await bot.ask("/today", chat_id=41)
    (answer,) = await bot.ask("/hint", chat_id=41)
    assert not words(answer).startswith("Hint 1"), words(answer)
    (solved,) = await bot.ask("/solved", chat_id=41)
    assert "3 hint stages" in words(solved), words(solved)


async def test_seeing_the_answer_then_switching_puzzles_never_makes_a_solve_hintless(
    running_bot: RunningBot,
) -> None:
    """/solution, /pentomino, /today, /solved recorded "solved with 0 hint stages" and topped /top."""
    bot = running_bot
    for command in ("/today", "/solution", "/pentomino", "/today"):
        await bot.ask(command, chat_id=42)
    (solved,) = await bot.ask("/solved", chat_id=42)
    assert words(solved).startswith("Well done! 2026-01-25 solved") and "3 hint stages" in words(solved)
    assert "Hints ■■■" in words(solved)  # the share text says so too


async def test_solving_yesterday_today_is_kept_but_starts_no_streak(running_bot: RunningBot) -> None:
    """/today yesterday + /solved repaired a broken streak."""
    bot = running_bot  # 2026-01-25
    await bot.ask("/today 2026-01-24", chat_id=43)
    (solved,) = await bot.ask("/solved", chat_id=43)
    assert "2026-01-24" in words(solved) and "streak" in words(solved).lower()
    (stats,) = await bot.ask("/stats", chat_id=43)
    assert words(stats).startswith("Your streak: 0 days (best 0)."), words(stats)


async def test_every_puzzle_message_offers_i_solved_it(running_bot: RunningBot) -> None:
    """'I solved it' came only after the full answer."""
    bot = running_bot
    messages = [
        (await bot.ask(command, chat_id=44))[0] for command in ("/today", "/hint", "/hint", "/pentomino")
    ]
    for message in messages:
        assert "I solved it" in labels(message), (words(message), labels(message))
