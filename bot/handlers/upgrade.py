"""A group that becomes a supergroup keeps everything at once.

Telegram gives the supergroup a new chat id and says so twice: a service message in the old
group (``migrate_to_chat_id``) and one in the supergroup (``migrate_from_chat_id``). The first
of them to arrive moves the chat's settings, daily post, outbox, progress and solves to the new
id in one transaction (:func:`db.chat_moves.move_chat`, which merges with whatever the
supergroup already has); the second finds nothing left to move. A daily post sent to the old id
before either arrived gets Telegram's 400 "group chat was upgraded" and moves the chat the same
way (:mod:`bot.daily_posts`): that path is the fallback.
"""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.orm import Session, sessionmaker
from telegram import Message, Update

from bot.context import BotContext
from hints import chat_settings

logger = logging.getLogger(__name__)


def upgrade_ids(message: Message) -> tuple[int, int] | None:
    """(old group id, new supergroup id) of a migrate service message, either of the two; None
    for any other message."""
    if message.migrate_to_chat_id:
        return message.chat.id, message.migrate_to_chat_id
    if message.migrate_from_chat_id:
        return message.migrate_from_chat_id, message.chat.id
    return None


def move(sessions: sessionmaker[Session], old_id: int, new_id: int) -> int:
    """Move the chat in one transaction; how many rows moved."""
    with sessions.begin() as session:
        return chat_settings.group_upgraded(session, old_id, new_id)


async def migrated(update: Update, context: BotContext) -> None:
    """The group became a supergroup: move what is kept under its id now, not at the next post."""
    message = update.effective_message
    ids = upgrade_ids(message) if message is not None else None
    if ids is None:
        return
    old_id, new_id = ids
    found = context.bot_data.deps
    async with found.user_locks.hold(("upgrade", old_id)):  # both service messages, one at a time
        moved = await asyncio.to_thread(move, found.sessions, old_id, new_id)
    if moved:
        logger.info("chat %s became supergroup %s: %d rows moved", old_id, new_id, moved)
