"""Channels and anonymous admins end to end: each channel is a person of its own.

Telegram sends every message posted as a channel from one placeholder user; the bot keys saved
boards, solves, hint progress, flood budgets and /forget by the channel instead. Which key an
update gets is test_person.py's."""

from __future__ import annotations

from typing import Any

from db import solves
from hints.codes import encode_position
from hints.deeplink import encode_link
from hints.raw_solutions import raw_solutions
from hints.saved import saved_board
from solver.puzzles import get_puzzle
from tests.support.bot import RunningBot, buttons, press

GROUP_A, GROUP_B = -1_001_100, -1_001_200
A_ID, B_ID = -1_005_001, -1_005_002
CHANNEL_A = {"id": A_ID, "type": "channel", "title": "Channel A"}
CHANNEL_B = {"id": B_ID, "type": "channel", "title": "Channel B"}
CALENDAR = get_puzzle("calendar-dragonfjord")
TODAY = CALENDAR.target("01-25")  # the running bot's clock: 2026-01-25


def posted_as(channel: dict[str, Any], group: int) -> dict[str, Any]:
    """``ask`` options: a message in ``group`` sent as ``channel``."""
    return {"chat_id": group, "chat_type": "supergroup", "sender_chat": channel}


def board_link(bot: RunningBot) -> str:
    """A /start payload of a board with three pieces of a stored 01-25 solution."""
    with bot.sessions() as session:
        solution = sorted(raw_solutions(session, CALENDAR, TODAY).solutions[0], key=lambda p: p.piece)
    code = encode_position(CALENDAR, solution[:3])
    assert code is not None
    return encode_link(CALENDAR, TODAY, code)


async def test_channels_in_two_groups_keep_their_own_board_and_solves_and_forget_only_their_own(
    running_bot: RunningBot,
) -> None:
    bot, a, b = running_bot, posted_as(CHANNEL_A, GROUP_A), posted_as(CHANNEL_B, GROUP_B)
    (loaded,) = await bot.ask(f"/start {board_link(bot)}", **a)
    assert loaded.params["text"].startswith("Channel A: Your board")
    (none,) = await bot.ask("/check", **b)
    assert none.params["text"].startswith("Channel B: You have no saved board yet.")
    (solved_a,) = await bot.ask("/solved", **a)
    (solved_b,) = await bot.ask("/solved", **b)
    assert solved_a.params["text"].startswith("Channel A: Well done! 2026-01-25 solved")
    assert solved_b.params["text"].startswith("Channel B: Well done! 2026-01-25 solved")
    (question,) = await bot.ask("/forget", **b)  # asked as the channel; a group admin confirms
    bot.fake.admins.add((GROUP_B, 9))
    yes = next(data for label, data in buttons(question) if label.startswith("Yes"))
    forgotten = await press(bot, yes, GROUP_B, user_id=9, chat_type="supergroup", under=question.result)
    assert "deleted" in forgotten.params["text"]  # type: ignore[attr-defined]
    (still,) = await bot.ask("/check", **a)
    assert still.params["text"].startswith("Channel A: Your board") and "3 placed" in still.params["text"]
    with bot.sessions() as session:
        assert saved_board(session, A_ID, CALENDAR, TODAY) is not None
        assert [s.user_id for s in solves.user_solves(session=session, user_id=A_ID)] == [A_ID]
        assert solves.user_solves(session=session, user_id=B_ID) == []


async def test_two_channels_in_one_group_each_climb_their_own_hints(running_bot: RunningBot) -> None:
    a, b = posted_as(CHANNEL_A, GROUP_A), posted_as(CHANNEL_B, GROUP_A)
    (first,) = await running_bot.ask("/hint", **a)
    (second,) = await running_bot.ask("/hint", **a)
    (other,) = await running_bot.ask("/hint", **b)
    assert first.params["caption"].startswith("Channel A: Hint 1 of 3")
    assert second.params["caption"].startswith("Channel A: Hint 2 of 3")
    assert other.params["caption"].startswith("Channel B: Hint 1 of 3")


async def test_a_channel_over_its_budget_leaves_another_channel_its_own(running_bot: RunningBot) -> None:
    """A person may send 10 commands at once, wherever; in a group the eleventh gets no answer (a
    group hears only about its own budget). Channel A posts in three groups (at most four replies
    each stay within a group's pace); channel B, in a fourth group, is still answered."""
    groups = (GROUP_A, GROUP_A + 1, GROUP_A + 2)
    for group, count in zip(groups, (4, 4, 3), strict=True):
        for _ in range(count):
            running_bot.fake.message("/help", **posted_as(CHANNEL_A, group))
    await running_bot.eventually(lambda: sum(len(running_bot.fake.sent(g)) for g in groups) == 10)
    await running_bot.settled()
    texts = [c.params["text"] for group in groups for c in running_bot.fake.sent(group)]
    assert len(texts) == 10 and all(t.startswith("Channel A: In this group:") for t in texts)
    (answered,) = await running_bot.ask("/help", **posted_as(CHANNEL_B, GROUP_B))
    assert answered.params["text"].startswith("Channel B: In this group:")


async def test_anonymous_admins_of_two_groups_are_two_people(running_bot: RunningBot) -> None:
    group_a = {"id": GROUP_A, "type": "supergroup", "title": "Group A"}
    group_b = {"id": GROUP_B, "type": "supergroup", "title": "Group B"}
    (solved,) = await running_bot.ask("/solved", **posted_as(group_a, GROUP_A))
    (again,) = await running_bot.ask("/solved", **posted_as(group_b, GROUP_B))
    assert solved.params["text"].startswith("Group A: Well done!")
    assert again.params["text"].startswith("Group B: Well done!")
