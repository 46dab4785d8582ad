"""Flood control in front of every handler: an update over its person's budget is refused."""

from __future__ import annotations

import asyncio

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ApplicationHandlerStop

from bot.context import BotContext, deps
from bot.flood import UpdateBacklog, Verdict
from bot.replies.types import Reply
from bot.respond import answer, person, send
from bot.texts import language_for, text
from hints import chat_settings


def _counts_against_budget(update: Update, private: bool) -> bool:
    """In a private chat every update costs (a message, sticker, photo or edit is answered there);
    in a group commands and button presses do: the members' chatter is not answered, costs
    nothing and must not use up the group's budget."""
    return private or _is_command(update)


def _is_command(update: Update) -> bool:
    """A command or a button press: what a refusal may ask to send again."""
    if update.callback_query is not None:
        return True
    message_text = update.message.text if update.message is not None else None
    return message_text is not None and message_text.startswith("/")


async def gate(update: Update, context: BotContext) -> None:
    """Runs before every handler: an update over budget is refused before any work, in words that
    are true (:mod:`bot.flood`): a toast for a button; "please send it again in N s" for a command
    in a private chat, at most once a minute; one notice a minute in a busy group; otherwise
    nothing (an inline query over its person's budget is left unanswered)."""
    if isinstance(context.application.update_queue, UpdateBacklog):
        context.application.update_queue.started(update)
    chat, asker = update.effective_chat, person(update, deps(context).default_timezone)
    if asker is None:
        return
    if chat is None:  # an inline query (the Share card): the person's own budget, as in private
        if deps(context).budgets.admit(asker.id, asker.id, False, worded=False).verdict != Verdict.ALLOW:
            raise ApplicationHandlerStop  # left unanswered: no chat to say it in, nothing sent
        return
    private = chat.type == ChatType.PRIVATE
    if not _counts_against_budget(update, private):
        return
    admission = deps(context).budgets.admit(asker.id, chat.id, not private, worded=_is_command(update))
    if admission.verdict == Verdict.ALLOW:
        return
    language = language_for(None, asker.language)
    if update.callback_query is not None:  # a toast every time (it sends nothing); the spinner stops
        await answer(update.callback_query, text("slow_down_button", language, seconds=admission.seconds))
    elif admission.verdict == Verdict.WARN and private:
        await send(update, context, Reply(text("slow_down", language, seconds=admission.seconds)))
    elif admission.verdict == Verdict.WARN:
        await _busy_group_notice(context, chat.id, asker.language, admission.seconds)
    raise ApplicationHandlerStop


async def _busy_group_notice(
    context: BotContext, chat_id: int, language_code: str | None, seconds: int
) -> None:
    """The one notice a minute to a group over its budget: to everyone (no name, no quote), in the
    group's language (else the asker's), ahead of the replies already waiting in its queue."""
    found = deps(context)

    def chosen() -> str | None:
        with found.sessions() as session:
            settings = chat_settings.settings_of(session, chat_id)
            return settings.language if settings is not None else None

    notice = Reply(
        text("slow_down_group", language_for(await asyncio.to_thread(chosen), language_code), seconds=seconds)
    )

    async def deliver() -> None:
        await found.sender.send(context.bot, chat_id, notice)

    found.replies.submit(chat_id, deliver, first=True)
