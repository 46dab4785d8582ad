"""The one command table: handlers, ``/help`` and Telegram's command menus are all made from it.

Every command works everywhere; the menus Telegram shows are short and differ by scope: the
everyday commands in private chats, three for a group's members, and the settings besides for
its admins (:data:`MENUS`). ``/help`` answers a few lines (:data:`EVERYDAY`) and a button per
section (:data:`HELP_SECTIONS`), which shows that section's commands; together they list every
command but ``/start`` and ``/help``. In a group it answers a short group help instead.
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

from bot.callbacks import CALLBACK_VERSION
from bot.context import BotContext, deps
from bot.handlers import chat_settings, forget, members, my_puzzle, play, results, setup
from bot.replies.types import Button, Reply
from bot.respond import respond, stale, tell
from bot.texts import has_text, text
from hints.player_actions import InChat
from i18n import N_, translate

HandlerCallback = Callable[[Update, BotContext], Coroutine[Any, Any, None]]


@dataclass(frozen=True)
class Command:
    name: str
    callback: HandlerCallback
    arguments: str = ""  # shown in /help after the command, translated: "[date]" (Japanese "[日付]")
    listed: bool = True  # in /help (/start and /help itself are not)

    def description(self, language: str) -> str:
        return text(f"command_{self.name}", language)

    def menu_description(self, language: str) -> str:
        """The shorter words of the menu where /help's would not fit it (cut to Telegram's 256)."""
        key = f"menu_{self.name}"
        return (text(key, language) if has_text(key) else self.description(language))[:256]

    def help_line(self, language: str) -> str:
        arguments = translate(language, self.arguments) if self.arguments else ""
        usage = f"/{self.name} {arguments}".rstrip()
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


HELP_PATTERN = rf"^{CALLBACK_VERSION}\|help\|"  # the callback data of /help's topic buttons
EVERYDAY = ("today", "hint", "solved")  # what /help names at once; its buttons open the rest


def help_text(language: str) -> str:
    """The command list in sections: a heading, then one line per command."""
    return "\n\n".join(_section(heading, names, language) for heading, names in HELP_SECTIONS)


def _topic_buttons(language: str) -> tuple[Button, ...]:
    """A button per section of /help, by its heading."""
    return tuple(
        Button(text(heading, language), f"{CALLBACK_VERSION}|help|{heading}")
        for heading, _names in HELP_SECTIONS
    )


def short_help(language: str) -> Reply:
    """/help in a private chat: what the bot does, the everyday commands, that words work too, and
    a button per topic for the rest."""
    everyday = "\n".join(command(name).help_line(language) for name in EVERYDAY)
    words = f"{text('help', language, commands=everyday)}\n{text('help_words', language)}"
    return Reply(words, buttons=_topic_buttons(language), columns=2)


def help_topic(heading: str, language: str) -> Reply:
    """One topic of /help (its heading, then a line per command), with the topics' buttons."""
    return Reply(
        _section(heading, dict(HELP_SECTIONS)[heading], language), buttons=_topic_buttons(language), columns=2
    )


def _section(heading: str, names: tuple[str, ...], language: str) -> str:
    return "\n".join((text(heading, language), *(command(name).help_line(language) for name in names)))


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
    """What the bot does and the everyday commands, with a button per topic; in a group, the
    short group help."""

    def show(who: InChat) -> Reply:
        return Reply(group_help(who.language)) if who.chat.in_group else short_help(who.language)

    await tell(update, context, show)


async def help_button(update: Update, context: BotContext) -> None:
    """A topic of /help: the message shows that topic's commands in place."""
    query = update.callback_query
    assert query is not None
    heading = (query.data or "").rsplit("|", 1)[-1]
    if heading not in dict(HELP_SECTIONS):
        await stale(query)
        return
    await tell(update, context, lambda who: help_topic(heading, who.language), in_place=True)


COMMANDS: tuple[Command, ...] = (
    Command("start", start, listed=False),
    # TRANSLATORS: what may follow /today in /help: a date (Japanese: [日付])
    Command("today", play.today, N_("[date]")),
    Command("hint", play.hint),
    Command("solution", play.solution),
    Command("another", play.another),
    Command("pentomino", play.pentomino),
    # TRANSLATORS: what may follow /subscribe in /help: a time of day (Japanese: [時刻])
    Command("subscribe", chat_settings.subscribe, N_("[time]")),
    Command("unsubscribe", chat_settings.unsubscribe),
    # TRANSLATORS: what may follow /timezone in /help: a time zone or a city
    Command("timezone", chat_settings.timezone, N_("[zone]")),
    Command("check", play.check),
    Command("mypuzzle", my_puzzle.my_puzzle, "[definition]"),
    Command("solved", results.solved),
    Command("stats", results.stats),
    Command("heatmap", results.heatmap),
    Command("top", results.top),
    # TRANSLATORS: what may follow /edition in /help: a calendar edition's name
    Command("edition", chat_settings.edition, N_("[edition]")),
    Command("faceup", chat_settings.faceup, "on|off"),
    Command("language", chat_settings.language, "en|ja"),
    Command("settings", setup.settings_command),
    Command("forget", forget.forget_command),
    Command("help", help_command, listed=False),
)
