"""The one command table: handlers, ``/help`` and Telegram's command menu are all made from it."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session
from telegram import BotCommand, Update

from bot import handlers, replies, setup_handlers
from bot.context import BotContext
from bot.replies import Reply, Who
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
    """A short greeting with buttons; ``/start <payload>`` opens what a deep link names: a daily
    puzzle ("Hints in private" from a group) or a board saved on the web page."""
    now, web = context.bot_data.deps.clock(), context.bot_data.deps.web
    if context.args:
        payload = context.args[0]
        member_of = await handlers.member_of_linked_group(update, context, payload)

        def opened(session: Session, who: Who) -> Reply:
            daily = replies.from_private_link(session, who, payload, web, member_of)
            if daily is not None:
                return daily
            board = replies.load_board(session, who, now, payload, web)
            return board if board is not None else setup_handlers.first_start(session, who, now, web)

        await handlers.respond(update, context, opened)
        return
    await handlers.respond(
        update, context, lambda session, who: setup_handlers.first_start(session, who, now, web)
    )


async def help_command(update: Update, context: BotContext) -> None:
    """What the bot does and every command."""
    await handlers.respond(
        update,
        context,
        lambda _session, who: Reply(text("help", who.language, commands=help_text(who.language))),
    )


COMMANDS: tuple[Command, ...] = (
    Command("start", start, listed=False),
    Command("today", handlers.today, "[date]"),
    Command("hint", handlers.hint),
    Command("solution", handlers.solution),
    Command("another", handlers.another),
    Command("pentomino", handlers.pentomino),
    Command("subscribe", handlers.subscribe, "[time]"),
    Command("unsubscribe", handlers.unsubscribe),
    Command("timezone", handlers.timezone, "[zone]"),
    Command("check", handlers.check),
    Command("solved", handlers.solved),
    Command("stats", handlers.stats),
    Command("heatmap", handlers.heatmap),
    Command("top", handlers.top),
    Command("edition", handlers.edition, "[edition]"),
    Command("faceup", handlers.faceup, "on|off"),
    Command("language", handlers.language, "en|ja"),
    Command("settings", setup_handlers.settings_command),
    Command("forget", handlers.forget),
    Command("help", help_command),
)
