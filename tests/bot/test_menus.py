"""The command menus by scope and language, and /help's sections: built directly from the table,
then registered at start-up and answered end to end by the running bot.

Before, one menu of 17 commands (with /solution third and /forget in it) was registered for every
chat, in English and Japanese, and /help was one list of 17 lines, in groups too."""

from __future__ import annotations

import json

import pytest
from telegram import (
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
)

from bot.commands import (
    COMMANDS,
    HELP_SECTIONS,
    MENUS,
    Scope,
    group_help,
    help_text,
    help_topic,
    menu,
    short_help,
)
from bot.texts import LANGUAGES
from tests.support.bot import RunningBot

EXPECTED = {
    Scope.PRIVATE: ["today", "hint", "settings", "stats", "help"],
    Scope.GROUP: ["today", "hint", "top"],
    Scope.ADMINS: ["today", "hint", "top", "settings", "subscribe", "edition"],
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scope", list(Scope))
def test_each_scope_has_its_short_menu_in_each_language(scope: Scope, language: str) -> None:
    commands = menu(language, scope)
    assert [c.command for c in commands] == EXPECTED[scope]
    assert not {"solution", "forget", "start"} & {c.command for c in commands}
    for command in commands:
        assert 0 < len(command.description) <= 256


def test_japanese_menus_are_translated() -> None:
    for scope in Scope:
        english = [c.description for c in menu("en", scope)]
        japanese = [c.description for c in menu("ja", scope)]
        assert all(e != j for e, j in zip(english, japanese, strict=True)), scope


def test_menus_use_short_words_where_help_would_not_fit() -> None:
    (stats,) = [c for c in menu("en", Scope.PRIVATE) if c.command == "stats"]
    assert stats.description == "your streaks and the days you solved"
    (top,) = [c for c in menu("en", Scope.GROUP) if c.command == "top"]
    assert top.description == "today's solvers here, fewest hints first"


def test_admins_see_what_members_see_and_the_settings() -> None:
    assert MENUS[Scope.ADMINS][: len(MENUS[Scope.GROUP])] == MENUS[Scope.GROUP]


def test_each_scope_is_telegrams() -> None:
    assert isinstance(Scope.PRIVATE.telegram(), BotCommandScopeAllPrivateChats)
    assert isinstance(Scope.GROUP.telegram(), BotCommandScopeAllGroupChats)
    assert isinstance(Scope.ADMINS.telegram(), BotCommandScopeAllChatAdministrators)


def test_help_lists_every_command_once_in_a_few_sections() -> None:
    listed = [c.name for c in COMMANDS if c.listed]
    in_sections = [name for _heading, names in HELP_SECTIONS for name in names]
    assert sorted(in_sections) == sorted(listed)  # each listed command in exactly one section
    assert "help" not in listed and "start" not in listed
    text = help_text("en")
    sections = text.split("\n\n")
    assert [s.splitlines()[0] for s in sections] == [
        "Puzzles and hints",
        "Solves and streaks",
        "Settings",
        "Your data",
    ]
    assert all(len(s.splitlines()) <= 8 for s in sections)
    assert text.index("/today") < text.index("/solution")  # the everyday commands first


@pytest.mark.parametrize("language", LANGUAGES)
def test_group_help_is_a_few_lines_of_what_members_use(language: str) -> None:
    words = group_help(language)
    assert len(words.splitlines()) <= 6
    assert all(command in words for command in ("/today", "/hint", "/top", "/settings", "/help"))
    assert "/solution" not in words and "/forget" not in words


# ---------------------------------------------------------------- end to end: the running bot


async def test_start_up_registers_a_short_menu_per_scope_and_language(running_bot: RunningBot) -> None:
    menus = {
        (json.loads(call.params["scope"])["type"], call.params.get("language_code")): [
            command["command"] for command in json.loads(call.params["commands"])
        ]
        for call in running_bot.fake.calls_to("setMyCommands")
    }
    for scope in Scope:
        for language in (None, "ja"):
            assert menus[(scope.telegram().type, language)] == EXPECTED[scope]
    assert len(menus) == 6
    japanese = json.loads(
        next(
            c.params["commands"]
            for c in running_bot.fake.calls_to("setMyCommands")
            if c.params.get("language_code") == "ja" and "all_private_chats" in c.params["scope"]
        )
    )
    assert japanese[0] == {"command": "today", "description": "その日のカレンダー問題"}


async def test_help_has_topic_buttons_in_private_and_is_a_few_lines_in_a_group(
    running_bot: RunningBot,
) -> None:
    (private,) = await running_bot.ask("/help", chat_id=5)
    assert "\n/today [date] – " in private.params["text"] and "/forget" not in private.params["text"]
    assert "Your data" in json.loads(private.params["reply_markup"])["inline_keyboard"][1][1]["text"]
    (group,) = await running_bot.ask("/help", chat_id=-77, user_id=5, chat_type="group")
    lines = group.params["text"].splitlines()
    assert lines[0] == "Tester: In this group:" and len(lines) <= 6
    assert "/solution" not in group.params["text"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_is_a_few_lines_and_a_button_per_topic(language: str) -> None:
    """Before, /help was every command at once: 1,303 characters."""
    reply = short_help(language)
    assert len(reply.text) <= 600 and len(reply.text.splitlines()) <= 7
    assert all(f"/{name}" in reply.text for name in ("today", "hint", "solved"))
    assert [button.data for button in reply.buttons] == [f"v1|help|{heading}" for heading, _ in HELP_SECTIONS]
    for heading, names in HELP_SECTIONS:
        topic = help_topic(heading, language)
        assert [line.split()[0] for line in topic.text.splitlines()[1:]] == [f"/{name}" for name in names]
        assert topic.buttons == reply.buttons  # the other topics a tap away


def test_the_japanese_help_names_what_follows_a_command_in_japanese() -> None:
    japanese, english = help_text("ja"), help_text("en")
    for placeholder in ("[date]", "[time]", "[zone]", "[edition]"):
        assert placeholder in english and placeholder not in japanese
    assert "/today [日付] – " in japanese and "/subscribe [時刻] – " in japanese
    assert "/timezone [都市名] – " in japanese and "/edition [エディション] – " in japanese
    assert "/faceup on|off – " in japanese and "/language en|ja – " in japanese  # typed as they are
