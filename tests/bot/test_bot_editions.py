"""/edition end to end: the editions with a picture and buttons, choosing one (admins only in
groups), and the daily puzzle, hints and /stats of an edition solved on demand ('sending photo…'
meanwhile), counted as an independent exact-cover enumeration counts them."""

from __future__ import annotations

from datetime import date, timedelta

from solver.catalog import get_puzzle
from tests.support.bot import RunningBot, press
from tests.support.bot import buttons as keyboard
from tests.support.exact_cover import solve

GROUP = -1_009


async def test_edition_shows_every_board_and_switches_the_daily_puzzle(running_bot: RunningBot) -> None:
    (menu,) = await running_bot.ask("/edition", chat_id=31)
    assert menu.method == "sendPhoto" and "photo" in menu.files
    buttons = keyboard(menu)
    assert len(buttons) == 6 and buttons[0][0].startswith("✓ A-Puzzle-A-Day")  # the chat's, ticked
    weekday = next(data for label, data in buttons if label.startswith("Weekday calendar puzzle, Sunday"))
    chosen = await press(running_bot, weekday, 31, timeout=120)  # solved on demand: 2026-01-25 is a Sunday
    assert chosen.method == "sendPhoto"  # type: ignore[attr-defined]
    caption = chosen.params["caption"]  # type: ignore[attr-defined]
    puzzle = get_puzzle("calendar-weekday")
    count = len(solve(puzzle, puzzle.target("01-25-sun")))  # independent exact-cover count
    assert caption.startswith("Edition: Weekday calendar puzzle, Sunday first")
    assert f"2026-01-25: {count} solutions" in caption and "Leave Jan, 25 and Sun uncovered." in caption
    actions = running_bot.fake.calls_to("sendChatAction", 31)
    assert any(a.params["action"] == "upload_photo" for a in actions)  # shown while solving
    (hint,) = await running_bot.ask("/hint", chat_id=31)
    assert (
        hint.params["caption"].startswith("Hint 1 of 3: 1 piece shown")
        and f"of {count} solutions" in hint.params["caption"]
    )
    (again,) = await running_bot.ask("/edition", chat_id=31)
    assert keyboard(again)[[d for _, d in keyboard(again)].index(weekday)][0].startswith("✓ Weekday")
    (stats,) = await running_bot.ask("/stats", chat_id=31)
    assert "Weekdays as they fall in 2026." in stats.params["caption"]


async def test_edition_by_name_unknown_names_and_group_admins(running_bot: RunningBot) -> None:
    (unknown,) = await running_bot.ask("/edition calendar-nope", chat_id=32)
    assert "calendar-nope" in unknown.params["text"] and "calendar-jarringwords" in unknown.params["text"]
    (member,) = await running_bot.ask(
        "/edition calendar-jarringwords", chat_id=GROUP, chat_type="group", user_id=7
    )
    assert "admins" in member.params["text"]
    running_bot.fake.admins.add((GROUP, 8))
    (admin,) = await running_bot.ask(
        "/edition calendar-jarringwords", chat_id=GROUP, chat_type="group", user_id=8
    )
    puzzle = get_puzzle("calendar-jarringwords")
    count = len(solve(puzzle, puzzle.target("01-25")))
    assert "Edition: Calendar puzzle with a T (JarringWords)" in admin.params["caption"]
    assert f"{count} solutions" in admin.params["caption"]
    (today,) = await running_bot.ask("/today", chat_id=GROUP, chat_type="group", user_id=7)
    assert "Calendar puzzle with a T (JarringWords)" in today.params["caption"]  # the group's edition


async def test_faceup_mode_in_a_chat(running_bot: RunningBot) -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    expected = len(solve(puzzle, puzzle.target("01-25"), face_up_only=True))  # independent count
    (status,) = await running_bot.ask("/faceup", chat_id=33)
    assert "off" in status.params["text"]
    (on,) = await running_bot.ask("/faceup on", chat_id=33)
    assert (
        on.params["caption"].startswith("Face-up mode on") and f"{expected} solutions" in on.params["caption"]
    )
    (hint,) = await running_bot.ask("/hint", chat_id=33)
    assert f"of {expected} solutions" in hint.params["caption"]
    day = date(2026, 1, 1)
    while solve(puzzle, puzzle.target(f"{day:%m-%d}"), face_up_only=True):
        day += timedelta(days=1)
    (none,) = await running_bot.ask(f"/today {day.isoformat()}", chat_id=33)
    assert none.params["caption"].startswith("No solution on this date without turning a piece over")
    (off,) = await running_bot.ask("/faceup off", chat_id=33)
    assert off.params["caption"].startswith("Face-up mode off") and "216 solutions" in off.params["caption"]
