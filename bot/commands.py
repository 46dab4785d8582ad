"""The one command table: handlers, ``/help`` and Telegram's command menus are all made from it.

Every command works everywhere; the menus Telegram shows are short and differ by scope: the
everyday commands in private chats, three for a group's members, and the settings besides for
its admins (:data:`MENUS`). ``/help`` lists every command but ``/start`` and itself, in a few
sections (:data:`HELP_SECTIONS`); in a group it answers a short group help instead.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from enum import Enum
from typing import Any

from telegram import (
    BotCommand,
    BotCommandScope,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    Update,
)

from bot.context import BotContext, deps
from bot.handlers import chat_settings, forget, members, my_puzzle, play, results, setup
from bot.replies.types import Reply
from bot.respond import respond, tell
from bot.texts import has_text, text
from hints.seat import InChat

HandlerCallback = Callable[[Update, BotContext], Coroutine[Any, Any, None]]


@dataclass(frozen=True)
class Command:
    name: str
    callback: HandlerCallback
    arguments: str = ""  # shown in /help, e.g. "[YYYY-MM-DD]"
    listed: bool = True  # in /help (/start and /help itself are not)

    def description(self, language: str) -> str:
        return text(f"command_{self.name}", language)

    def menu_description(self, language: str) -> str:
        """The shorter words of the menu where /help's would not fit it (cut to Telegram's 256)."""
        key = f"menu_{self.name}"
        return (text(key, language) if has_text(key) else self.description(language))[:256]

    def help_line(self, language: str) -> str:
        usage = f"/{self.name} {self.arguments}".rstrip()
        return f"{usage} – {self.description(language)}"


class Scope(Enum):
    """Where a command menu shows (Telegram's ``BotCommandScope``)."""

    PRIVATE = "private"  # every private chat
    GROUP = "group"  # every member of every group
    ADMINS = "admins"  # every admin of every group: the members' menu and the settings

    def telegram(self) -> BotCommandScope:
        if self is Scope.PRIVATE:
            return BotCommandScopeAllPrivateChats()
        if self is Scope.GROUP:
            return BotCommandScopeAllGroupChats()
        return BotCommandScopeAllChatAdministrators()


# The commands of each menu, in menu order. /solution and /forget are in none: they work, and
# /help lists them, but they are not a tap away.
MENUS: dict[Scope, tuple[str, ...]] = {
    Scope.PRIVATE: ("today", "hint", "settings", "stats", "help"),
    Scope.GROUP: ("today", "hint", "top"),
    Scope.ADMINS: ("today", "hint", "top", "settings", "subscribe", "edition"),
}

# /help's sections: a heading and its commands, in order; every listed command is in one.
HELP_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("help_puzzles", ("today", "hint", "pentomino", "another", "solution", "check", "mypuzzle")),
    ("help_record", ("solved", "stats", "heatmap", "top")),
    ("help_settings", ("settings", "edition", "faceup", "subscribe", "unsubscribe", "timezone", "language")),
    ("help_data", ("forget",)),
)


def command(name: str) -> Command:
    """The command of the table called ``name`` (KeyError if there is none)."""
    for found in COMMANDS:
        if found.name == name:
            return found
    raise KeyError(name)


def help_text(language: str) -> str:
    """The command list in sections: a heading, then one line per command."""
    return "\n\n".join(
        "\n".join((text(heading, language), *(command(name).help_line(language) for name in names)))
        for heading, names in HELP_SECTIONS
    )


def group_help(language: str) -> str:
    """What /help answers in a group: the few commands members use there, in a few lines."""
    return text("help_group", language)


def menu(language: str, scope: Scope = Scope.PRIVATE) -> list[BotCommand]:
    """Telegram's command menu of ``scope`` in ``language``."""
    return [BotCommand(name, command(name).menu_description(language)) for name in MENUS[scope]]


async def start(update: Update, context: BotContext) -> None:
    """A short greeting with buttons; ``/start <payload>`` opens what a deep link names: a daily
    puzzle ("Hints in private" from a group) or a board saved on the web page."""
    now, web = deps(context).clock(), deps(context).web
    payload = context.args[0] if context.args else None
    member_of = None if payload is None else await members.member_of_linked_group(update, context, payload)
    await respond(
        update,
        context,
        lambda session, who: setup.start(session, who, now, payload, member_of),
        lambda started, who: setup.greeting(started, who, now, web),
    )


async def help_command(update: Update, context: BotContext) -> None:
    """What the bot does and every command, in sections; in a group, the short group help."""

    def show(who: InChat) -> Reply:
        if who.chat.in_group:
            return Reply(group_help(who.language))
        return Reply(text("help", who.language, commands=help_text(who.language)))

    await tell(update, context, show)


COMMANDS: tuple[Command, ...] = (
    Command("start", start, listed=False),
    Command("today", play.today, "[date]"),
    Command("hint", play.hint),
    Command("solution", play.solution),
    Command("another", play.another),
    Command("pentomino", play.pentomino),
    Command("subscribe", chat_settings.subscribe, "[time]"),
    Command("unsubscribe", chat_settings.unsubscribe),
    Command("timezone", chat_settings.timezone, "[zone]"),
    Command("check", play.check),
    Command("mypuzzle", my_puzzle.my_puzzle, "[definition]"),
    Command("solved", results.solved),
    Command("stats", results.stats),
    Command("heatmap", results.heatmap),
    Command("top", results.top),
    Command("edition", chat_settings.edition, "[edition]"),
    Command("faceup", chat_settings.faceup, "on|off"),
    Command("language", chat_settings.language, "en|ja"),
    Command("settings", setup.settings_command),
    Command("forget", forget.forget_command),
    Command("help", help_command, listed=False),
)
