"""The command menus by scope and language, and /help's sections, built directly from the table.

Before, one menu of 17 commands (with /solution third and /forget in it) was registered for every
chat, and /help was one list of 17 lines, in groups too."""

from __future__ import annotations

import pytest
from telegram import (
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
)

from bot.commands import COMMANDS, HELP_SECTIONS, MENUS, Scope, group_help, help_text, menu
from bot.texts import LANGUAGES

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
