"""Words people type, end to end through the fake Bot API: only the wiring (a plain text answered
as its command, a photo, the refusal once a flood); what the replies say is tested without Telegram."""

from __future__ import annotations

from tests.support.bot import RunningBot

PRIVATE = 8181


async def test_plain_words_are_answered_as_the_command_they_mean(running_bot: RunningBot) -> None:
    (hint,) = await running_bot.ask("hint please", chat_id=PRIVATE)
    assert hint.method == "sendPhoto" and hint.params["caption"].startswith("Hint 1 of 3")
    (tomorrow,) = await running_bot.ask("tomorrow", chat_id=PRIVATE)
    assert tomorrow.params["caption"].startswith("2026-01-26")  # the clock says 2026-01-25
    (japanese,) = await running_bot.ask("ヒントください", chat_id=PRIVATE)
    assert japanese.params["caption"].startswith("Hint 1 of 3")  # of the puzzle now open: 01-26
