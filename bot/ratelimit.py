"""Telegram's send limits, kept by every process that sends with one bot token.

Telegram allows about 30 messages a second per *bot* (not per process), about
one a second in a private chat and 20 a minute in a group. So:

- **One budget per token, shared through the database.** Before each message a
  process reserves the next free slot in the ``send_budget`` row of its bot
  (one atomic UPDATE, see :func:`db.send_budget.reserve_send_slot`) and
  waits for it. Slots are ``1 / TELEGRAM_MESSAGES_PER_SECOND`` apart however
  many dispatchers and webhook workers send, on PostgreSQL and on SQLite.
  Processes on several hosts need synchronised clocks (NTP): slots are Unix times.
- **Per chat, in this process:** a private chat gets a burst of 3 then one
  message a second; a group a burst of 4 then one every 3.75 s (never more
  than 20 in any minute). A 429 for one chat pauses that chat only.
- **Optional sends** (``rate_limit_args=IF_IDLE``: taking the buttons off an
  older message) take only a turn the chat's pace can spare, so that a reply
  right after them still goes at once. To a group such a send goes at once or
  not at all (its reply queue must never wait for it); to a private chat it
  waits up to :data:`IDLE_WAIT` for a turn to spare, then is skipped.

The waits happen where the message is sent: in the dispatcher's workers, and
for replies in the chat's own queue (:mod:`bot.outgoing`), never in
the handler slots every chat shares.
"""

from __future__ import annotations

import asyncio
import logging
import time
import warnings
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy.orm import Session, sessionmaker
from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

from db import send_budget

logger = logging.getLogger(__name__)

COUNTED_PREFIXES = ("send", "copyMessage", "forwardMessage", "editMessage")
IF_IDLE = 1  # rate_limit_args of a send that may be skipped: only while the chat has a turn to spare
IDLE_WAIT = 3.0  # seconds an optional send to a private chat may wait for a turn to spare
UNCOUNTED = frozenset({"sendChatAction"})


def retry_seconds(error: RetryAfter) -> float:
    """Seconds to wait; python-telegram-bot is moving ``retry_after`` from int to timedelta."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = error.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


def counted(endpoint: str) -> bool:
    """Whether a Bot API method sends (or edits) a message and so counts against the limits."""
    return endpoint.startswith(COUNTED_PREFIXES) and endpoint not in UNCOUNTED


def is_group(chat_id: object) -> bool:
    """Groups, supergroups and channels have negative ids (or an @username)."""
    if isinstance(chat_id, int):
        return chat_id < 0
    return isinstance(chat_id, str) and (chat_id.startswith("@") or chat_id.startswith("-"))


@dataclass(frozen=True)
class Pace:
    interval: float  # seconds between messages once the burst is used
    burst: int  # messages that may go at once


PRIVATE_PACE = Pace(interval=1.0, burst=3)
GROUP_PACE = Pace(interval=3.75, burst=4)  # 4 + 60 / 3.75 = 20 in any minute


class ChatPacer:
    """Per chat: when its next message may go (a burst, then a steady pace), and 429 pauses.

    The paces are Telegram's (:data:`PRIVATE_PACE`, :data:`GROUP_PACE`) unless given."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        *,
        private: Pace = PRIVATE_PACE,
        group: Pace = GROUP_PACE,
    ) -> None:
        self._clock = clock
        self._private, self._group = private, group
        self._next: dict[object, float] = {}  # the chat's theoretical next send time
        self._paused_until: dict[object, float] = {}

    def _pace(self, chat_id: object) -> Pace:
        """The pace of a chat: a group's or a private chat's."""
        return self._group if is_group(chat_id) else self._private

    def reserve(self, chat_id: object) -> float:
        """Take the chat's next turn; seconds to wait for it (0 when it may go now)."""
        pace = self._pace(chat_id)
        now = self._clock()
        start = max(self._next.get(chat_id, now), now)
        self._next[chat_id] = start + pace.interval
        allowed = start - (pace.burst - 1) * pace.interval
        paused = self._paused_until.get(chat_id, 0.0)
        if paused <= now:
            self._paused_until.pop(chat_id, None)
        self._forget_idle(now)
        return max(allowed - now, paused - now, 0.0)

    def spare(self, chat_id: object) -> bool:
        """Whether a message may go now and still leave the chat's next message its turn at once
        (not paused, and two turns of its burst free)."""
        return self.until_spare(chat_id) <= 0.0

    def until_spare(self, chat_id: object) -> float:
        """Seconds until :meth:`spare` holds, if nothing else is sent to the chat meanwhile."""
        pace = self._pace(chat_id)
        now = self._clock()
        start = max(self._next.get(chat_id, now), now)
        free = start + pace.interval - (pace.burst - 1) * pace.interval
        return max(free - now, self._paused_until.get(chat_id, 0.0) - now, 0.0)

    def pause(self, chat_id: object, seconds: float) -> None:
        """Telegram said 'retry after': nothing more to this chat until then."""
        self._paused_until[chat_id] = max(self._paused_until.get(chat_id, 0.0), self._clock() + seconds)

    def _forget_idle(self, now: float) -> None:
        """Keep the table small: chats whose pace is long restored need no entry."""
        if len(self._next) > 10_000:
            for chat_id in [c for c, at in self._next.items() if at < now]:
                del self._next[chat_id]


class SharedRateLimiter(BaseRateLimiter[int]):
    """python-telegram-bot's rate-limiter hook: the shared per-token budget, then per-chat pacing."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        *,
        budget_name: str,
        per_second: float,
        max_retries: int = 3,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self._sessions = sessions
        self._name = budget_name
        self._interval = 1.0 / per_second
        self._max_retries = max_retries
        self._wall_clock = wall_clock
        self.chats = ChatPacer()

    async def initialize(self) -> None:
        """Nothing to set up: the budget row is created by the first send."""

    async def shutdown(self) -> None:
        """Nothing to release."""

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        if not counted(endpoint):
            return await callback(*args, **kwargs)
        chat_id = data.get("chat_id")
        if rate_limit_args == IF_IDLE and not await self._spare_turn(chat_id):
            logger.debug("%s to chat %s skipped: its pace had no turn to spare", endpoint, chat_id)
            return True
        attempt = 0
        while True:
            await asyncio.sleep(self.chats.reserve(chat_id))
            await self._global_turn()
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as exc:
                self.chats.pause(chat_id, retry_seconds(exc))
                logger.warning("Telegram asked to slow down for chat %s (%s s)", chat_id, retry_seconds(exc))
                attempt += 1
                if attempt > self._max_retries:
                    raise

    async def _spare_turn(self, chat_id: object) -> bool:
        """Wait until the chat has a turn to spare: not at all for a group, up to
        :data:`IDLE_WAIT` for a private chat; False when it has none by then."""
        waited, limit = 0.0, 0.0 if is_group(chat_id) else IDLE_WAIT
        while (wait := self.chats.until_spare(chat_id)) > 0.0:
            if waited + wait > limit:
                return False
            await asyncio.sleep(wait)
            waited += wait
        return True

    async def _global_turn(self) -> None:
        """Reserve this process's next slot of the token's budget and wait for it."""
        slot = await asyncio.to_thread(self._reserve)
        delay = slot - self._wall_clock()
        if delay > 0:
            await asyncio.sleep(delay)

    def _reserve(self) -> float:
        with self._sessions.begin() as session:
            return send_budget.reserve_send_slot(
                session=session, name=self._name, now=self._wall_clock(), interval=self._interval
            )
