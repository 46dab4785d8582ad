"""InChat belongs where: only a group's admins change its settings, a 'Hints in private' link counts
for its group's members, and a chat that removed or blocked the bot loses its daily post."""

from __future__ import annotations

import asyncio

from telegram import ChatMember, Update
from telegram.constants import ChatType
from telegram.error import TelegramError

from bot.context import BotContext, deps
from bot.replies import starts
from bot.respond import answer, say
from bot.texts import language_for, text
from hints import chat_settings

ADMIN_STATUSES = (ChatMember.ADMINISTRATOR, ChatMember.OWNER)


async def may_change_settings(update: Update, context: BotContext) -> bool:
    """In groups only admins may change settings; says so to everyone else."""
    if await is_settings_admin(update, context):
        return True
    user = update.effective_user
    assert user is not None
    if update.callback_query is not None:  # a button: a toast for the presser, nothing in the group
        words = text("admins_only", language_for(None, user.language_code))
        await answer(update.callback_query, words)
        return False
    await say(update, context, "admins_only")
    return False


async def is_settings_admin(update: Update, context: BotContext) -> bool:
    """Whether the asker may change the chat's settings: anyone in a private chat, an admin in a
    group. An anonymous admin's message is sent as the group itself (``sender_chat`` is the chat):
    only admins can post that way, so it may change settings too."""
    chat, user, message = update.effective_chat, update.effective_user, update.effective_message
    assert chat is not None and user is not None
    if chat.type == ChatType.PRIVATE:
        return True
    if message is not None and message.sender_chat is not None and message.sender_chat.id == chat.id:
        return True
    member = await context.bot.get_chat_member(chat.id, user.id)
    return member.status in ADMIN_STATUSES


async def member_of_linked_group(update: Update, context: BotContext, payload: str) -> int | None:
    """The group a 'Hints in private' link names, if the person following it in a private chat is
    a member (Telegram says so); None for any other payload, person or answer."""
    found = starts.parse_private_start(payload)
    chat, user = update.effective_chat, update.effective_user
    if found is None or found.group is None or chat is None or chat.type != ChatType.PRIVATE or user is None:
        return None
    try:
        member = await context.bot.get_chat_member(found.group, user.id)
    except TelegramError:  # the bot is not in that group, or it is no more: no link
        return None
    joined = member.status in (*ADMIN_STATUSES, ChatMember.MEMBER) or (
        member.status == ChatMember.RESTRICTED and bool(getattr(member, "is_member", False))
    )
    return found.group if joined else None


async def membership(update: Update, context: BotContext) -> None:
    """The bot was removed from a group, or blocked in a private chat: stop its daily post."""
    change = update.my_chat_member
    if change is None or change.new_chat_member.status not in (ChatMember.LEFT, ChatMember.BANNED):
        return

    def stop() -> None:
        with deps(context).sessions.begin() as session:
            chat_settings.unsubscribe(session, change.chat.id)

    await asyncio.to_thread(stop)
