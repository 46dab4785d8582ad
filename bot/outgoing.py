"""Replies go through a queue per chat, so waiting out one chat's limit blocks no one else.

A handler submits the chat's reply and returns at once, freeing its update slot; the
chat's own task sends its replies in order, waiting for that chat's pace (one a second
in a private chat, 20 a minute in a group) or a 429 pause. Each queue is bounded: a
chat that asks faster than it can be answered loses the newest replies beyond the
bound (logged), never another chat's turn.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TypeVar

from bot.replies.buttons import Lasting

logger = logging.getLogger(__name__)

Send = Callable[[], Awaitable[object]]
K = TypeVar("K")
V = TypeVar("V")
PHOTO_APART = timedelta(minutes=1)  # a group gets the same picture at most once in this long
PER_CHAT_LIMIT = 20


DRAIN_SECONDS = 6.0  # at shutdown, how long queued replies may still go out


class ChatQueues:
    """A FIFO of pending sends per chat, drained by one task per chat while it has work."""

    def __init__(self, limit: int = PER_CHAT_LIMIT) -> None:
        self._limit = limit
        self._queues: dict[int, deque[tuple[Send, bool]]] = {}  # each send, and whether it went ahead
        self._tasks: set[asyncio.Task[None]] = set()
        self.dropped = 0

    def submit(self, chat_id: int, send: Send, *, first: bool = False, prompt: bool = False) -> bool:
        """Queue a send for the chat (``first``: ahead of those already waiting; ``prompt``: ahead
        of the ordinary replies waiting, after the sends already ahead of them, so prompt ones keep
        their order); False (and logged) if the chat's queue is full."""
        queue = self._queues.get(chat_id)
        if queue is None:
            queue = self._queues[chat_id] = deque()
            task = asyncio.create_task(self._drain(chat_id, queue), name=f"replies to {chat_id}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        if len(queue) >= self._limit:
            self.dropped += 1
            logger.warning("reply queue of chat %s is full; a reply was dropped", chat_id)
            return False
        if first:
            queue.appendleft((send, True))
        elif prompt:
            ahead = next((i for i, (_, went_ahead) in enumerate(queue) if not went_ahead), len(queue))
            queue.insert(ahead, (send, True))
        else:
            queue.append((send, False))
        return True

    def aside(self, chat_id: int, send: Send) -> None:
        """Run an optional send (taking an older message's buttons off) beside the chat's queue, so
        the replies after it never wait for it (it waits for a turn the chat can spare)."""

        async def run() -> None:
            try:
                await send()
            except Exception:  # best effort, like the send itself
                logger.exception("an optional send to chat %s failed", chat_id)

        task = asyncio.create_task(run(), name=f"aside {chat_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def waiting(self, chat_id: int) -> int:
        """How many sends wait in the chat's queue (not counting the one being sent)."""
        queue = self._queues.get(chat_id)
        return 0 if queue is None else len(queue)

    async def _drain(self, chat_id: int, queue: deque[tuple[Send, bool]]) -> None:
        try:
            while queue:
                send, _ = queue.popleft()
                try:
                    await send()
                except Exception:  # one failed reply must not stop the chat's others
                    logger.exception("a reply to chat %s could not be sent", chat_id)
        finally:
            self._queues.pop(chat_id, None)

    def busy_chats(self) -> frozenset[int]:
        """The chats with a reply queued or being sent."""
        return frozenset(self._queues)

    async def drain(self, within: float = DRAIN_SECONDS) -> int:
        """Send what is queued (at shutdown) for at most ``within`` seconds, then drop the rest: a
        group's pace is 20 messages a minute, and a stop must finish inside a container's grace
        period (10 s by default). How many queued replies were dropped."""
        deadline = asyncio.get_running_loop().time() + within
        while self._tasks:
            left_seconds = deadline - asyncio.get_running_loop().time()
            if left_seconds <= 0:
                break
            await asyncio.wait(list(self._tasks), timeout=left_seconds)  # waits; cancels nothing
        left = sum(len(queue) for queue in self._queues.values())  # not yet started
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
        if left:
            logger.warning("stopping: %d queued replies were not sent", left)
        return left


class MessageBook:
    """Which bot message was for whom, and each user's newest message with buttons (in memory).

    Buttons edit their own message in place only when it was sent for the person
    pressing (in a group another member's hint stays theirs), and a new message
    with buttons trims the asker's previous one down to what lasts ('I solved it' and
    the links, :func:`bot.replies.buttons.lasting`), so stale hint ladders do not pile
    up; and the pictures sent to each group lately, so the same one goes at most once a minute.
    Bounded: the oldest entries are forgotten first.
    """

    def __init__(self, limit: int = 10_000) -> None:
        self._limit = limit
        self._owners: OrderedDict[tuple[int, int], int] = OrderedDict()
        self._latest: OrderedDict[tuple[int, int], tuple[int, Lasting]] = OrderedDict()
        self._photos: OrderedDict[tuple[int, str], tuple[int, datetime]] = OrderedDict()

    def photo_sent(self, chat_id: int, key: str, message_id: int, at: datetime) -> None:
        """A picture (its key) went to a group as message ``message_id``."""
        self._put(self._photos, (chat_id, key), (message_id, at))

    def recent_photo(self, chat_id: int, key: str, now: datetime) -> int | None:
        """The message that carried this picture to the chat less than PHOTO_APART ago, if any."""
        found = self._photos.get((chat_id, key))
        return found[0] if found is not None and now - found[1] < PHOTO_APART else None

    def owner(self, chat_id: int, message_id: int) -> int | None:
        return self._owners.get((chat_id, message_id))

    def sent(
        self, chat_id: int, user_id: int, message_id: int, buttons: Lasting | None
    ) -> tuple[int, Lasting] | None:
        """Record a new message for ``user_id`` (``buttons``: what of its buttons lasts, None
        without buttons); their previous message with buttons and what of them lasts, if any."""
        self._put(self._owners, (chat_id, message_id), user_id)
        if buttons is None:
            return None
        previous = self._latest.get((chat_id, user_id))
        self._put(self._latest, (chat_id, user_id), (message_id, buttons))
        return previous if previous is not None and previous[0] != message_id else None

    def _put(self, table: OrderedDict[K, V], key: K, value: V) -> None:
        table[key] = value
        table.move_to_end(key)
        while len(table) > self._limit:
            table.popitem(last=False)
