"""Share in one tap: the solve's Share button, and the inline query it writes answered with a card
that opens the bot on that puzzle (inline mode, BotFather's /setinline)."""

from __future__ import annotations

import contextlib
import json

from bot.callbacks import Action, Callback, encode_callback
from hints.daily import PuzzleKind
from tests.support.bot import RunningBot, press


def markup(call: object) -> list[dict[str, str]]:
    found = json.loads(call.params.get("reply_markup", "{}") or "{}")  # type: ignore[attr-defined]
    return [b for row in found.get("inline_keyboard", []) for b in row]


async def answers(bot: RunningBot, query: str, user_id: int, language: str = "en") -> list[dict[str, object]]:
    query_id = bot.fake.inline_query(query, user_id=user_id, language=language)
    found: list[list[dict[str, object]]] = []

    def answered() -> bool:
        with contextlib.suppress(KeyError):
            found.append(bot.fake.inline_answers(query_id))
            return True
        return False

    await bot.eventually(answered)
    return found[0]


async def test_a_solve_offers_share_and_its_inline_card_links_back_to_the_puzzle(
    running_bot: RunningBot,
) -> None:
    """After a solve the share text was plain text: no button, no link back to the bot."""
    bot = running_bot  # 2026-01-25
    solved_button = encode_callback(Callback(Action.SOLVED, PuzzleKind.CALENDAR, bot.clock().date()))
    solved = await press(bot, solved_button, 31)
    (share,) = [b for b in markup(solved) if b["text"] == "Share"]
    assert share["switch_inline_query"] == "cal_20260125"
    (card,) = await answers(bot, share["switch_inline_query"], 31)
    words = solved.params["text"]  # type: ignore[attr-defined]
    assert card["type"] == "article" and card["title"] == "Share your solve"
    content = card["input_message_content"]
    assert isinstance(content, dict) and words.endswith(content["message_text"])
    (link,) = [b for row in card["reply_markup"]["inline_keyboard"] for b in row]  # type: ignore[index]
    assert link == {"text": "Play this puzzle", "url": "https://t.me/puzzle_hint_bot?start=cal_20260125"}


async def test_the_card_speaks_the_players_language_and_needs_a_solve(running_bot: RunningBot) -> None:
    bot = running_bot
    assert await answers(bot, "cal_20260125", 32, language="ja") == []  # nothing solved yet
    assert await answers(bot, "anything else", 32) == []
    await bot.ask("/solved", chat_id=32, language="ja")
    (card,) = await answers(bot, "cal_20260125", 32, language="ja")
    assert card["title"] != "Share your solve" and "2026年1月25日" in str(card["description"])
