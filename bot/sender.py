"""Send a :class:`~bot.replies.types.Reply`; each image is uploaded once, then re-sent by file_id."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy.orm import Session, sessionmaker
from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    Message,
    ReplyParameters,
    WebAppInfo,
)
from telegram.constants import ChatAction
from telegram.error import BadRequest, TelegramError
from telegram.ext import ExtBot

from bot.ratelimit import IF_IDLE
from bot.replies.types import Button, Reply
from db import file_ids
from hints.cache import BoundedCache
from hints.pictures import Picture

logger = logging.getLogger(__name__)


def inline_button(button: Button) -> InlineKeyboardButton:
    """A callback button, a link, or a Mini App button (``web_app``, private chats only)."""
    if button.url and button.web_app:
        return InlineKeyboardButton(button.label, web_app=WebAppInfo(button.url))
    if button.url:
        return InlineKeyboardButton(button.label, url=button.url)
    if button.switch_inline is not None:
        return InlineKeyboardButton(button.label, switch_inline_query=button.switch_inline)
    return InlineKeyboardButton(button.label, callback_data=button.data)


def buttons_of(markup: InlineKeyboardMarkup | None) -> tuple[Button, ...]:
    """The buttons of a message as Telegram shows them (the other way from :func:`inline_button`)."""
    if markup is None:
        return ()
    return tuple(
        Button(
            b.text,
            b.callback_data if isinstance(b.callback_data, str) else "",
            *_link(b),
            switch_inline=b.switch_inline_query,
        )
        for row in markup.inline_keyboard
        for b in row
    )


def _link(button: InlineKeyboardButton) -> tuple[str | None, bool]:
    if button.web_app is not None:
        return button.web_app.url, True
    return button.url, False


def keyboard(reply: Reply) -> InlineKeyboardMarkup | None:
    return buttons_markup(reply.buttons, reply.columns)


def buttons_markup(buttons: Sequence[Button], columns: int = 1) -> InlineKeyboardMarkup | None:
    """Inline buttons, ``columns`` to a row; None without any."""
    if not buttons:
        return None
    step = max(1, columns)
    inline = [inline_button(b) for b in buttons]
    return InlineKeyboardMarkup([inline[i : i + step] for i in range(0, len(inline), step)])


def file_rejected(error: BadRequest) -> bool:
    """Whether Telegram refused the file itself (its file_id), not the chat or the message."""
    text = error.message.lower()
    return "file" in text and "rights" not in text


FILE_IDS_KEPT = 4096  # pictures whose file id a process keeps in memory (about 0.5 MB)


class _NoFileId(Exception):
    """Telegram's answer to an upload held no photo, so no file id to keep."""


class Sender:
    """Sends replies; remembers Telegram's file_id per image key (in memory and in the store)."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self._sessions = sessions
        # Bounded: the pictures sent lately (the store keeps every file id for the others).
        self._file_ids: BoundedCache[str, str] = BoundedCache(FILE_IDS_KEPT)
        self._rejected: BoundedCache[str, bool] = BoundedCache(FILE_IDS_KEPT)
        self.uploads = 0  # how many images were uploaded as bytes (for tests and benchmarks)

    async def send(self, bot: Bot, chat_id: int, reply: Reply, *, reply_to: int | None = None) -> Message:
        """Send ``reply`` to the chat, quoting message ``reply_to`` if given (and it still exists)."""
        quoted = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
        if reply.photo is None:
            return await bot.send_message(
                chat_id, reply.text, reply_markup=keyboard(reply), reply_parameters=quoted
            )
        file_id = await self._known_file_id(reply.photo.key)
        if file_id is not None:
            try:
                return await self._send_photo(bot, chat_id, reply, file_id, quoted)
            except BadRequest as exc:
                if not file_rejected(exc):  # e.g. the chat forbids photos: the file_id is fine
                    raise
                # Telegram forgot the file (or it belongs to another bot token): upload again.
                if file_id not in self._rejected:
                    logger.warning(
                        "file_id for %s rejected (%s); uploading again", reply.photo.key, exc.message
                    )
                    self._rejected.put(file_id, True)
                    await asyncio.to_thread(self._forget, reply.photo.key)
        return await self._upload(bot, chat_id, reply, reply.photo, quoted)

    async def _send_photo(
        self, bot: Bot, chat_id: int, reply: Reply, photo: str | bytes, quoted: ReplyParameters | None
    ) -> Message:
        return await bot.send_photo(
            chat_id,
            photo,
            caption=reply.text,
            reply_markup=keyboard(reply),
            has_spoiler=reply.spoiler or None,
            reply_parameters=quoted,
        )

    async def _upload(
        self, bot: Bot, chat_id: int, reply: Reply, photo: Picture, quoted: ReplyParameters | None
    ) -> Message:
        """Upload the picture to this chat, once per picture even for a broadcast: the chats asking
        meanwhile wait for its file id (single-flight) and send that; if that upload failed (its
        chat may forbid photos) or left no file id, one of them uploads in turn."""
        uploaded: list[Message] = []
        leading = False

        async def upload() -> str:
            nonlocal leading
            leading = True
            await self._show_uploading(bot, chat_id)
            png = await asyncio.to_thread(photo.draw)
            uploaded.append(await self._send_photo(bot, chat_id, reply, png, quoted))
            self.uploads += 1
            if not uploaded[0].photo:
                raise _NoFileId
            file_id = uploaded[0].photo[-1].file_id
            await asyncio.to_thread(self._save_file_id, photo.key, file_id)
            return file_id

        while True:
            try:
                file_id = await self._file_ids.get_or_compute_async(photo.key, upload)
            except _NoFileId:
                if leading:
                    return uploaded[0]
            except Exception:
                if leading:
                    raise
            else:
                if leading:
                    return uploaded[0]
                return await self._send_photo(bot, chat_id, reply, file_id, quoted)

    async def edit(self, bot: Bot, chat_id: int, message_id: int, reply: Reply, *, was_photo: bool) -> bool:
        """Turn message ``message_id`` into ``reply`` in place (a photo into a photo, a text into a
        text); False when that is not possible and the caller should send a new message instead."""
        if (reply.photo is not None) != was_photo:
            return False
        try:
            if reply.photo is None:
                await bot.edit_message_text(
                    reply.text, chat_id=chat_id, message_id=message_id, reply_markup=keyboard(reply)
                )
                return True
            await self._edit_photo(bot, chat_id, message_id, reply, reply.photo)
            return True
        except BadRequest as exc:
            if "not modified" in exc.message.lower():  # pressed twice: it already shows this
                return True
            logger.info(
                "could not edit message %s in %s (%s); sending a new one", message_id, chat_id, exc.message
            )
            return False

    async def delete(self, bot: Bot, chat_id: int, message_id: int) -> None:
        """Delete a message of the bot's (best effort: it may be gone already)."""
        try:
            await bot.delete_message(chat_id, message_id)
        except TelegramError as exc:
            logger.debug("message %s in %s not deleted: %s", message_id, chat_id, exc.message)

    async def set_buttons(self, bot: Bot, chat_id: int, message_id: int, reply: Reply) -> bool:
        """Change only the buttons of message ``message_id`` to the reply's; False when that is not
        possible (the caller sends the reply as a new message)."""
        try:
            await bot.edit_message_reply_markup(
                chat_id=chat_id, message_id=message_id, reply_markup=keyboard(reply)
            )
            return True
        except BadRequest as exc:
            if "not modified" in exc.message.lower():
                return True
            logger.info("could not change the buttons of %s in %s (%s)", message_id, chat_id, exc.message)
            return False

    async def _edit_photo(
        self, bot: Bot, chat_id: int, message_id: int, reply: Reply, photo: Picture
    ) -> None:
        file_id = await self._known_file_id(photo.key)
        if file_id is None:
            await self._show_uploading(bot, chat_id)
        source: str | bytes = file_id if file_id is not None else await asyncio.to_thread(photo.draw)
        media = InputMediaPhoto(source, caption=reply.text, has_spoiler=reply.spoiler or None)
        edited = await bot.edit_message_media(
            media, chat_id=chat_id, message_id=message_id, reply_markup=keyboard(reply)
        )
        if file_id is None and isinstance(edited, Message) and edited.photo:
            self.uploads += 1
            await asyncio.to_thread(self._remember, photo.key, edited.photo[-1].file_id)

    async def strip_buttons(
        self, bot: Bot, chat_id: int, message_id: int, keep: Sequence[Button] = ()
    ) -> None:
        """Take the buttons off an older message but ``keep`` (best effort: it may be gone or too
        old) in a turn the chat's send pace can spare (:data:`bot.ratelimit.IF_IDLE`), never a
        reply's: in a group at once or not at all, in a private chat after a short wait for one if
        need be."""
        markup = buttons_markup(keep)
        try:
            if isinstance(bot, ExtBot):
                await bot.edit_message_reply_markup(
                    chat_id=chat_id, message_id=message_id, reply_markup=markup, rate_limit_args=IF_IDLE
                )
            else:
                await bot.edit_message_reply_markup(
                    chat_id=chat_id, message_id=message_id, reply_markup=markup
                )
        except TelegramError as exc:
            logger.debug("buttons of %s in %s left: %s", message_id, chat_id, exc.message)

    async def _show_uploading(self, bot: Bot, chat_id: int) -> None:
        """'sending photo…' in the chat while the image is drawn for the first time (best effort)."""
        try:
            await bot.send_chat_action(chat_id, ChatAction.UPLOAD_PHOTO)
        except TelegramError as exc:
            logger.debug("chat action in %s not shown: %s", chat_id, exc.message)

    async def _known_file_id(self, key: str) -> str | None:
        found = self._file_ids.get(key)
        if found is not None:
            return found
        found = await asyncio.to_thread(self._stored_file_id, key)
        if found is not None and found not in self._rejected:
            self._file_ids.put(key, found)
        return found

    def _stored_file_id(self, key: str) -> str | None:
        with self._sessions() as session:
            return file_ids.get_file_id(session=session, key=key)

    def _remember(self, key: str, file_id: str) -> None:
        self._file_ids.put(key, file_id)
        self._save_file_id(key, file_id)

    def _save_file_id(self, key: str, file_id: str) -> None:
        with self._sessions.begin() as session:
            file_ids.save_file_id(session=session, key=key, file_id=file_id, now=datetime.now(UTC))

    @property
    def file_ids_kept(self) -> int:
        """How many file ids this process keeps in memory (for the tests: bounded)."""
        return len(self._file_ids)

    def _forget(self, key: str) -> None:
        self._file_ids.pop(key)
        with self._sessions.begin() as session:
            file_ids.forget_file_id(session=session, key=key)
