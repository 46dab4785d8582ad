"""/edition end to end: the editions with a picture and buttons, choosing one (admins only in
groups), and the daily puzzle, hints and /heatmap of an edition solved on demand ('sending photo…'
meanwhile), counted as an independent exact-cover enumeration counts them.

What the menu and the edition's replies say is test_replies_editions.py's."""

from __future__ import annotations

from solver.puzzles import get_puzzle
from tests.support.bot import RunningBot
from tests.support.bot import buttons as keyboard
from tests.support.exact_cover import solve

GROUP = -1_009


async def test_an_edition_button_solves_on_demand_and_switches_the_daily_puzzle(
    running_bot: RunningBot,
) -> None:
    (menu,) = await running_bot.ask("/edition", chat_id=31)
    assert menu.method == "sendPhoto" and "photo" in menu.files
    weekday = next(d for label, d in keyboard(menu) if label == "Weekday, Sunday first")
    fake, before = running_bot.fake, len(running_bot.fake.sent(31))
    fake.press(weekday, chat_id=31)  # solved on demand: 2026-01-25 is a Sunday
    await running_bot.eventually(lambda: len(fake.sent(31)) == before + 2, timeout=120)
    notice, chosen = fake.sent(31)[before:]  # said at once, then the answer
    assert notice.params["text"].startswith("Working out 25 Jan for Weekday calendar (Sunday first)")
    assert chosen.method == "sendPhoto"
    caption = chosen.params["caption"]  # type: ignore[attr-defined]
    puzzle = get_puzzle("calendar-weekday")
    count = len(solve(puzzle, puzzle.target("01-25-sun")))  # independent exact-cover count
    assert caption.startswith("Edition: Weekday calendar (Sunday first)")
    assert f"2026-01-25: {count} solutions" in caption and "Leave Jan, 25 and Sun uncovered." in caption
    actions = running_bot.fake.calls_to("sendChatAction", 31)
    assert any(a.params["action"] == "upload_photo" for a in actions)  # shown while solving
    (hint,) = await running_bot.ask("/hint", chat_id=31)
    assert (
        hint.params["caption"].startswith("Hint 1 of 3: 1 piece shown")
        and f"of {count} solutions" in hint.params["caption"]
    )
    (year,) = await running_bot.ask("/heatmap", chat_id=31)
    assert "Weekdays as they fall in 2026." in year.params["caption"]
    assert "over the 1 date solved so far only" in year.params["caption"]


async def test_edition_by_name_unknown_names_and_group_admins(running_bot: RunningBot) -> None:
    """Only a group's admins choose its edition (getChatMember), and then everyone's /today is in it."""
    (unknown,) = await running_bot.ask("/edition calendar-nope", chat_id=32)
    assert unknown.params["text"].startswith("I don't know the edition “calendar-nope”.")
    group = {"chat_id": GROUP, "chat_type": "group"}
    (member,) = await running_bot.ask("/edition calendar-jarringwords", user_id=7, **group)
    assert "admins" in member.params["text"]
    running_bot.fake.admins.add((GROUP, 8))
    working, admin = await running_bot.ask("/edition JarringWords", replies=2, user_id=8, **group)
    assert working.params["text"].startswith("Tester: Working out 25 Jan for Calendar puzzle with a T")
    assert admin.params["caption"].startswith("Tester: Edition: Calendar puzzle with a T (JarringWords)")
    running_bot.clock.advance(minutes=1)  # a group gets one photo of a puzzle a minute
    (today,) = await running_bot.ask("/today", user_id=7, **group)
    assert "Calendar puzzle with a T (JarringWords)" in today.params["caption"]  # the group's edition


async def test_faceup_mode_in_a_chat(running_bot: RunningBot) -> None:
    """The face-up count of the whole catalog's 01-25, as an independent exact cover counts it,
    in /faceup on's reply and in the next /hint (the stored mode read back by a new update)."""
    puzzle = get_puzzle("calendar-dragonfjord")
    expected = len(solve(puzzle, puzzle.target("01-25"), face_up_only=True))  # independent count
    (status,) = await running_bot.ask("/faceup", chat_id=33)
    assert status.params["text"].startswith("Face-up mode is off.")
    (on,) = await running_bot.ask("/faceup on", chat_id=33)
    assert (
        on.params["caption"].startswith("Face-up mode on") and f"{expected} solutions" in on.params["caption"]
    )
    (hint,) = await running_bot.ask("/hint", chat_id=33)
    assert f"of {expected} solutions" in hint.params["caption"]
