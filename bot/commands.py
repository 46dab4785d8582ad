"""The one command table: handlers, ``/help`` and Telegram's command menu are all made from it."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from telegram import BotCommand, Update

from bot import handlers, replies
from bot.context import BotContext
from bot.replies import Reply
from bot.texts import text

HandlerCallback = Callable[[Update, BotContext], Coroutine[Any, Any, None]]


@dataclass(frozen=True)
class Command:
    name: str
    callback: HandlerCallback
    arguments: str = ""  # shown in /help, e.g. "[YYYY-MM-DD]"
    listed: bool = True  # in /help and the menu (/start is not)

    def description(self, language: str) -> str:
        return text(f"command_{self.name}", language)

    def help_line(self, language: str) -> str:
        usage = f"/{self.name} {self.arguments}".rstrip()
        return f"{usage} – {self.description(language)}"


def help_text(language: str) -> str:
    """The command list, one line per listed command."""
    return "\n".join(c.help_line(language) for c in COMMANDS if c.listed)


def menu(language: str) -> list[BotCommand]:
    """Telegram's command menu in ``language`` (descriptions cut to Telegram's 256 characters)."""
    return [BotCommand(c.name, c.description(language)[:256]) for c in COMMANDS if c.listed]


async def start(update: Update, context: BotContext) -> None:
    """Greet and list the commands; ``/start <payload>`` (a deep link from the web board) loads a board."""
    if context.args:
        payload, now, web = context.args[0], context.bot_data.deps.clock(), context.bot_data.deps.web
        await handlers.respond(update, context, lambda s, who: replies.load_board(s, who, now, payload, web))
        return
    await handlers.respond(
        update,
        context,
        lambda _session, who: Reply(text("welcome", who.language, commands=help_text(who.language))),
    )


async def help_command(update: Update, context: BotContext) -> None:
    """Same as /start."""
    await start(update, context)


COMMANDS: tuple[Command, ...] = (
    Command("start", start, listed=False),
    Command("today", handlers.today, "[YYYY-MM-DD]"),
    Command("hint", handlers.hint),
    Command("solution", handlers.solution),
    Command("another", handlers.another),
    Command("pentomino", handlers.pentomino),
    Command("subscribe", handlers.subscribe, "[HH:MM]"),
    Command("unsubscribe", handlers.unsubscribe),
    Command("timezone", handlers.timezone, "[Area/City]"),
    Command("check", handlers.check),
    Command("stats", handlers.stats),
    Command("language", handlers.language, "en|ja"),
    Command("help", help_command),
)
