"""Everything else: unknown commands, plain text, edits, and errors."""

from __future__ import annotations

import logging
import traceback

from telegram import Update
from telegram.constants import ChatType

from bot.context import BotContext
from bot.respond import apologise, say

logger = logging.getLogger(__name__)

MAX_TEXT = 1000


def _addressed_elsewhere(message_text: str, bot_username: str) -> bool:
    command = message_text.split()[0] if message_text.split() else ""
    return "@" in command and command.split("@", 1)[1].lower() != bot_username.lower()


async def unknown_command(update: Update, context: BotContext) -> None:
    """Commands we do not know get a pointer to /help in private chats; groups (where other bots
    live) and commands addressed to other bots are left alone."""
    message, chat = update.effective_message, update.effective_chat
    if chat is None or chat.type != ChatType.PRIVATE:
        return
    if message is None or not message.text or _addressed_elsewhere(message.text, context.bot.username):
        return
    if len(message.text) > MAX_TEXT:
        await say(update, context, "too_long")
        return
    await say(update, context, "unknown_command")


async def other_message(update: Update, context: BotContext) -> None:
    """Plain text, stickers, photos…: a pointer to /help in private chats, silence in groups."""
    chat, message = update.effective_chat, update.effective_message
    if chat is None or chat.type != ChatType.PRIVATE or message is None:
        return
    too_long = message.text is not None and len(message.text) > MAX_TEXT
    await say(update, context, "too_long" if too_long else "plain_text")


async def edited_message(update: Update, context: BotContext) -> None:
    """Edits change nothing; in private chats we say so."""
    chat = update.effective_chat
    if chat is not None and chat.type == ChatType.PRIVATE and update.effective_user is not None:
        await say(update, context, "edited")


async def error_handler(update: object, context: BotContext) -> None:
    """Log the traceback once and apologise to the user; the bot keeps running."""
    error = context.error
    trace = "".join(traceback.format_exception(type(error), error, error.__traceback__)) if error else ""
    logger.error("unhandled error while handling an update: %s\n%s", error, trace)
    if isinstance(update, Update) and update.effective_chat is not None:
        language_code = update.effective_user.language_code if update.effective_user else None
        await apologise(context.bot, update.effective_chat.id, language_code)
