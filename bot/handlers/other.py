"""Everything else: edits and errors."""

from __future__ import annotations

import logging
import traceback

from telegram import Update
from telegram.constants import ChatType

from bot.context import BotContext
from bot.respond import apologise, refuse

logger = logging.getLogger(__name__)


async def edited_message(update: Update, context: BotContext) -> None:
    """Edits change nothing; in private chats we say so."""
    chat = update.effective_chat
    if chat is not None and chat.type == ChatType.PRIVATE and update.effective_user is not None:
        await refuse(update, context, "edited")


async def error_handler(update: object, context: BotContext) -> None:
    """Log the traceback once and apologise to the user; the bot keeps running."""
    error = context.error
    trace = "".join(traceback.format_exception(type(error), error, error.__traceback__)) if error else ""
    logger.error("unhandled error while handling an update: %s\n%s", error, trace)
    if isinstance(update, Update) and update.effective_chat is not None:
        language_code = update.effective_user.language_code if update.effective_user else None
        await apologise(context.bot, update.effective_chat.id, language_code)
