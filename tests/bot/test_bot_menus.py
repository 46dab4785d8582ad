"""The command menus registered at start-up and /help, end to end.

Before, one menu of 17 commands (with /solution and /forget) was registered for every chat, in
English and Japanese, and /help answered the same 17 lines in a group. What each menu holds is
test_menus.py's; here, that start-up registers them per scope and language, and /help answers
in sections in a private chat and in a few lines in a group."""

from __future__ import annotations

import json

from tests.support.bot import RunningBot


async def test_start_up_registers_a_short_menu_per_scope_and_language(running_bot: RunningBot) -> None:
    menus = {
        (json.loads(call.params["scope"])["type"], call.params.get("language_code")): [
            command["command"] for command in json.loads(call.params["commands"])
        ]
        for call in running_bot.fake.calls_to("setMyCommands")
    }
    for language in (None, "ja"):
        assert menus[("all_private_chats", language)] == ["today", "hint", "settings", "stats", "help"]
        assert menus[("all_group_chats", language)] == ["today", "hint", "top"]
        assert menus[("all_chat_administrators", language)] == [
            "today",
            "hint",
            "top",
            "settings",
            "subscribe",
            "edition",
        ]
    assert len(menus) == 6
    japanese = json.loads(
        next(
            c.params["commands"]
            for c in running_bot.fake.calls_to("setMyCommands")
            if c.params.get("language_code") == "ja" and "all_private_chats" in c.params["scope"]
        )
    )
    assert japanese[0] == {"command": "today", "description": "その日のカレンダー問題"}


async def test_help_is_in_sections_in_private_and_a_few_lines_in_a_group(running_bot: RunningBot) -> None:
    (private,) = await running_bot.ask("/help", chat_id=5)
    text = private.params["text"]
    assert "\n\nPuzzles and hints\n/today [date] – " in text and "\n\nYour data\n/forget – " in text
    (group,) = await running_bot.ask("/help", chat_id=-77, user_id=5, chat_type="group")
    lines = group.params["text"].splitlines()
    assert lines[0] == "Tester: In this group:" and len(lines) <= 6
    assert "/solution" not in group.params["text"]
