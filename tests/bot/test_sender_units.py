"""bot.sender.Sender's file ids: one upload per picture however many chats ask at once, and a chat
that refuses the upload fails alone."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from telegram.error import BadRequest

from bot.replies.types import Reply
from bot.sender import Sender
from db.engine import make_engine, session_factory
from hints.pictures import Picture


class OneRefusingBot:
    """Stands in for telegram.Bot: the first upload is refused (that chat forbids photos), the
    others are answered with the file id ``uploaded``."""

    def __init__(self) -> None:
        self.uploads: list[int] = []
        self.by_id: list[int] = []

    async def send_photo(self, chat_id: int, photo: object, **_: object) -> SimpleNamespace:
        if isinstance(photo, bytes):
            self.uploads.append(chat_id)
            if len(self.uploads) == 1:
                raise BadRequest("Not enough rights to send photos to the chat")
        else:
            self.by_id.append(chat_id)
        return SimpleNamespace(message_id=chat_id, photo=[SimpleNamespace(file_id="uploaded")])

    async def send_chat_action(self, chat_id: int, action: str, **_: object) -> bool:
        return True


async def test_a_picture_sent_to_many_chats_at_once_is_uploaded_once_past_a_chat_that_refuses_it(
    sample_url: str,
) -> None:
    sender, bot = Sender(session_factory(make_engine(sample_url))), OneRefusingBot()
    reply = Reply("today", photo=Picture("calendar:2026-01-22:stage0", lambda: b"png"))
    chats = range(1, 6)
    outcomes = await asyncio.gather(
        *(sender.send(bot, chat, reply) for chat in chats),  # type: ignore[arg-type]
        return_exceptions=True,
    )
    refused = [o for o in outcomes if isinstance(o, BadRequest)]
    assert len(refused) == 1 and len(bot.uploads) == 2 and sender.uploads == 1
    assert sorted(bot.uploads[1:] + bot.by_id) == sorted(set(chats) - {bot.uploads[0]})
    assert await sender._known_file_id(reply.photo.key) == "uploaded"  # type: ignore[union-attr]
