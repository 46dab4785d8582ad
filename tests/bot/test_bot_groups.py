"""Groups count fairly, end to end: a member presses "Hints in private" in a group that plays face
up, gets the group's puzzle in the private chat, solves it there and is on the group's /top; a
link followed by someone Telegram says is not in the group counts for no one.

What the replies say is test_replies_groups.py's; here, that the handlers ask Telegram about
membership and join the link, the store and /top up."""

from __future__ import annotations

import json

from hints.daily import daily_calendar
from tests.support.bot import RunningBot

GROUP = -1001234567890
IN_GROUP = {"chat_id": GROUP, "chat_type": "supergroup"}
LINK = "https://t.me/puzzle_hint_bot?start=cal_20260125_g1001234567890"
FROM_GROUP = "Your group's puzzle: when you solve it here, it counts on the group's /top too."


def private_link(call: object) -> str:
    """The URL of a message's "Hints in private" button."""
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")  # type: ignore[attr-defined]
    (url,) = [b["url"] for row in markup["inline_keyboard"] for b in row if b["text"] == "Hints in private"]
    return str(url)


async def test_a_member_solves_from_hints_in_private_and_is_on_the_groups_top(
    running_bot: RunningBot,
) -> None:
    bot = running_bot  # 2026-01-25 10:00 UTC
    bot.fake.admins.add((GROUP, 7))
    await bot.ask("/faceup on", user_id=7, **IN_GROUP)  # the group plays face up
    (puzzle,) = await bot.ask("/today", user_id=70, **IN_GROUP)
    assert private_link(puzzle) == LINK
    (opened,) = await bot.ask(f"/start {LINK.split('start=')[1]}", chat_id=70)  # the link, followed
    assert [c.params["user_id"] for c in bot.fake.calls_to("getChatMember", GROUP)][-1] == "70"
    with bot.sessions() as session:
        faceup = daily_calendar(session, bot.clock().date(), faceup=True).total
    assert opened.params["caption"].startswith(f"{FROM_GROUP}\n2026-01-25: {faceup} solutions")
    (hint,) = await bot.ask("/hint", chat_id=70)
    assert f"of {faceup} solutions" in hint.params["caption"]  # still the group's puzzle
    (solved,) = await bot.ask("/solved", chat_id=70)
    assert solved.params["text"].startswith("Well done! 2026-01-25 solved with 1 hint stage")
    (board,) = await bot.ask("/top", user_id=71, **IN_GROUP)
    assert board.params["text"].split("\n")[1:] == ["1. Tester - 1 hint stage, 1 min"]


async def test_a_link_followed_by_someone_not_in_the_group_counts_for_no_one(running_bot: RunningBot) -> None:
    bot = running_bot
    bot.fake.outsiders.add((GROUP, 72))
    (opened,) = await bot.ask(f"/start {LINK.split('start=')[1]}", chat_id=72)
    assert opened.params["caption"].startswith("2026-01-25: 216 solutions")  # the chat's own puzzle
    await bot.ask("/solved", chat_id=72)
    (board,) = await bot.ask("/top", user_id=71, **IN_GROUP)
    assert board.params["text"].startswith("Tester: Nobody here has solved 2026-01-25 yet.")


def labels(call: object) -> list[str]:
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")  # type: ignore[attr-defined]
    return [b["text"] for row in markup.get("inline_keyboard", []) for b in row]


async def test_a_group_gets_one_photo_of_a_puzzle_a_minute_and_later_askers_a_pointer(
    running_bot: RunningBot,
) -> None:
    """Fifteen members' /today made ten identical photos in 26 s."""
    bot = running_bot
    (first,) = await bot.ask("/today", user_id=81, **IN_GROUP)
    (second,) = await bot.ask("/today", user_id=82, **IN_GROUP)
    assert first.method == "sendPhoto" and second.method == "sendMessage"
    assert json.loads(second.params["reply_parameters"])["message_id"] == first.result["message_id"]
    assert second.params["text"] == "Tester: It is just above ⬆ (sent a moment ago)."
    assert labels(second)[:2] == ["Hint 1 of 3", "I solved it"]  # their own buttons
    bot.clock.advance(seconds=61)
    (third,) = await bot.ask("/today", user_id=83, **IN_GROUP)
    assert third.method == "sendPhoto"
