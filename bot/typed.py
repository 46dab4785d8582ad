"""What people type that is no command of the table: words that mean a command, mistyped
commands, and everything else a private chat sends (stickers, photos, chatter).

Words are read by :func:`bot.intents.read_intent` and answered exactly as the command they mean
(the same handler, given the same argument). Groups are left alone: their members talk to each
other, and other bots live there.
"""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType

from bot.commands import COMMANDS, command
from bot.context import BotContext, deps
from bot.handlers import chat_settings
from bot.inputs import reads_as_zone
from bot.intents import read_intent, suggestion
from bot.replies import boards
from bot.respond import clock, person, refuse, say, tell

MAX_TEXT = 1000


def _addressed_elsewhere(message_text: str, bot_username: str) -> bool:
    command_word = message_text.split()[0] if message_text.split() else ""
    return "@" in command_word and command_word.split("@", 1)[1].lower() != bot_username.lower()


async def unknown_command(update: Update, context: BotContext) -> None:
    """A command we do not know gets "Did you mean /today?" (the nearest of ours, with the same
    words after it) or a pointer to /help in private chats; groups (where other bots live) and
    commands addressed to other bots are left alone."""
    message, chat = update.effective_message, update.effective_chat
    if chat is None or chat.type != ChatType.PRIVATE:
        return
    if message is None or not message.text or _addressed_elsewhere(message.text, context.bot.username):
        return
    if len(message.text) > MAX_TEXT:
        await refuse(update, context, "too_long")
        return
    meant = suggestion(message.text, (found.name for found in COMMANDS))
    if meant is None:
        await refuse(update, context, "unknown_command")
        return
    await say(update, context, "did_you_mean", command=meant)


async def plain_message(update: Update, context: BotContext) -> None:
    """Plain text, stickers, photos… in a private chat: words that mean a command are answered as
    that command, a photo with how to copy a board onto the web board; anything else gets a pointer
    to what the bot understands. Silence in groups."""
    chat, message = update.effective_chat, update.effective_message
    if chat is None or chat.type != ChatType.PRIVATE or message is None:
        return
    if message.text is not None and len(message.text) > MAX_TEXT:
        await refuse(update, context, "too_long")
        return
    if message.photo:
        await _photo(update, context)
        return
    intent = read_intent(message.text) if message.text else None
    if intent is None:
        if (
            message.text
            and reads_as_zone(message.text)
            and await chat_settings.typed_zone(update, context, message.text)
        ):
            return
        await refuse(update, context, "plain_text")
        return
    context.args = intent.argument.split() if intent.argument else []
    await command(intent.command).callback(update, context)


async def _photo(update: Update, context: BotContext) -> None:
    """A photo, say of a board with "what next?": how to copy it onto the web board (once a
    minute, like a refusal: more photos get the same words)."""
    now, web, asker = clock(context), deps(context).web, person(update, deps(context).default_timezone)
    if asker is None or not deps(context).budgets.first_refusal(asker.id, "photo"):
        return
    await tell(update, context, lambda who: boards.copy_your_board(who, who.player.today(now), web))
