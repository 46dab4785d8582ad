"""Flood control: one user or one group cannot stall everyone else.

- **Update budgets** (per person, and per group chat): a moving window each (the ``limits``
  library, :mod:`db.rate_limits`). A person may send 10 updates in any 10 seconds (on average
  one a second, what a private chat can be answered at), so someone using the bot normally,
  even quickly, never meets the budget; a group 10 commands in any 30 seconds (20 a minute,
  what Telegram lets a bot send to a group). What is over budget is refused and never answered
  later, and the words say so, truthfully:

  - in a private chat, the first command over gets "please send it again in N s", N being
    when it would pass; the next ones get silence, for a minute; a sticker, a photo or plain
    words over budget get silence (nobody sends a sticker again);
  - within budget too, a refusal ("I didn't understand that", "I don't know that command") is
    said to a person once a minute (:meth:`CommandBudgets.first_refusal`): 300 stickers, one
    answer;
  - in a group, a member over the *group's* budget gets nothing, and the group one notice a
    minute ("send yours again in N s", N being when the group's budget has room again); a
    member over their own budget gets nothing;
  - a button press over budget gets the same words as a toast, every time (a toast sends
    nothing to the chat).

  The budgets and the once-a-minute notices count where ``REDIS_URL`` says: in Redis they are
  shared by every process that handles updates (the webhook's API workers); unset, each
  process keeps its own.
- **A bounded backlog** (:class:`UpdateBacklog`): at most ``BOT_UPDATE_BACKLOG``
  updates accepted and not yet handled. Long polling then stops fetching
  (Telegram keeps the updates); the webhook answers 503 and Telegram delivers
  again later. Within it, one person may have at most :data:`PER_PERSON_BACKLOG`
  updates waiting for the flood gate: beyond that their newest updates are dropped
  (the webhook still answers 200), since the gate would refuse them anyway. One
  person's flood so never fills the backlog that everyone else shares.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from limits.storage import MemoryStorage, Storage
from telegram import Update

from db.rate_limits import Notices, Rate, Window


class Verdict(Enum):
    ALLOW = "allow"
    WARN = "warn"  # over budget: say so (at most once a minute per person, per group)
    SILENT = "silent"  # over budget: say nothing (a button still gets its toast)


class Admission(NamedTuple):
    verdict: Verdict
    wait: float  # seconds until the refused update would pass if sent again (0 when allowed)
    group: bool = False  # refused for the group's budget, not the asker's own

    @property
    def seconds(self) -> int:
        """``wait`` in whole seconds, rounded up, so that 'again in N s' is never too early."""
        return max(1, math.ceil(self.wait - 1e-9))


@dataclass(frozen=True)
class Budget:
    """``burst`` at once, ``per_minute`` on average: ``burst`` uses in any window of the seconds
    ``per_minute`` takes to allow them."""

    burst: int
    per_minute: float

    def rate(self) -> Rate:
        return Rate(self.burst, max(1, math.ceil(self.burst * 60 / self.per_minute)))


NOTICE_EVERY = 60  # seconds: a person, or a group, is told about a refusal at most this often

# On average one a second is what Telegram lets a bot send to a private chat: a person may ask
# that fast for as long as they like (10 at once), so only a script or a stuck key meets it.
USER_BUDGET = Budget(burst=10, per_minute=60)
GROUP_BUDGET = Budget(burst=10, per_minute=20)  # a group cannot receive more than 20 a minute anyway


class CommandBudgets:
    """Per-person and per-group budgets, counted in ``storage`` (:func:`db.rate_limits.shared_storage`)."""

    def __init__(
        self, user: Budget = USER_BUDGET, group: Budget = GROUP_BUDGET, storage: Storage | None = None
    ) -> None:
        storage = storage or MemoryStorage()
        self._users = Window(storage, "bot-person", user.rate())
        self._groups = Window(storage, "bot-group", group.rate())
        self._person_notices = Notices(storage, "bot-person", NOTICE_EVERY)
        self._group_notices = Notices(storage, "bot-group", NOTICE_EVERY)
        self._refusals = Notices(storage, "bot-refusal", NOTICE_EVERY)

    def admit(self, user_id: int, chat_id: int, group: bool, *, worded: bool = True) -> Admission:
        """ALLOW (spending one use of the asker and, in a group, of the group), or a refusal that
        spends nothing: WARN (say so) or SILENT, with the seconds until it would pass.

        In a group a member over their own budget is never announced (SILENT), and the group's
        own refusals are announced once a minute. Without ``worded`` (a sticker, a photo, plain
        words: nothing anyone would send again) a person's refusal is SILENT and spends no notice.
        """
        person = str(user_id)
        wait = self._users.take(person)
        if wait is not None:
            if group or not worded:
                return Admission(Verdict.SILENT, wait)
            return Admission(Verdict.WARN if self._person_notices.due(person) else Verdict.SILENT, wait)
        if group:
            group_wait = self._groups.take(str(chat_id))
            if group_wait is not None:
                self._users.refund(person)  # refused: the asker's use is given back
                told = self._group_notices.due(str(chat_id))
                return Admission(Verdict.WARN if told else Verdict.SILENT, group_wait, True)
        return Admission(Verdict.ALLOW, 0.0)

    def first_refusal(self, user_id: int, key: str) -> bool:
        """Whether to say the refusal ``key`` (``"plain_text"``: "I didn't understand that") to a
        person now: once a minute each, so a flood of stickers gets one answer, not one each."""
        return self._refusals.due(f"{user_id}/{key}")


PER_PERSON_BACKLOG = 20  # a person's updates waiting for the gate; more than the user budget's burst


def update_owner(update: Update) -> int | None:
    """Whose update this is, for the per-person bound: the chat a message was sent as (a channel,
    an anonymous admin's group), else the user; None for updates of no one (a poll's results)."""
    message = update.effective_message if update.callback_query is None else None
    if message is not None and message.sender_chat is not None:
        return message.sender_chat.id
    user = update.effective_user
    return user.id if user is not None else None


class UpdateBacklog(asyncio.Queue[object]):
    """The application's update queue, bounded by updates accepted and not yet fully handled.

    python-telegram-bot takes each update off its queue at once and starts a
    task for it, so a plain bounded queue would never fill; this one counts
    from ``put`` to ``task_done`` (called when the handlers have finished).
    Only :class:`~telegram.Update` objects count: the application's own stop
    signal always goes through.

    Per person it counts the updates accepted and not yet :meth:`started` (the
    flood gate calls it first thing); past ``per_person`` their updates are
    dropped (:meth:`offer` says so), never queued.
    """

    def __init__(self, limit: int, per_person: int = PER_PERSON_BACKLOG) -> None:
        super().__init__()
        self.limit = limit
        self.per_person = per_person
        self.pending = 0
        self.dropped = 0
        self._waiting: dict[int, int] = {}  # per person: updates accepted, gate not yet reached
        self._owners: dict[int, int] = {}  # update id -> its person, while it waits

    @property
    def full_of_updates(self) -> bool:
        return self.pending >= self.limit

    def put_nowait(self, item: object) -> None:
        """Queue an update (or drop it, see :meth:`offer`)."""
        self.offer(item)

    def offer(self, item: object) -> bool:
        """Queue an update: True; False (dropped) when its person has ``per_person`` updates
        waiting already; ``asyncio.QueueFull`` when the whole backlog is at its limit."""
        if isinstance(item, Update):
            if self.full_of_updates:
                raise asyncio.QueueFull
            if not self._admit_person(item):
                self.dropped += 1
                return False
        self.pending += 1
        super().put_nowait(item)
        return True

    def _admit_person(self, update: Update) -> bool:
        """Count the update against its person's waiting updates; False when they have too many."""
        owner = update_owner(update)
        if owner is None:
            return True
        waiting = self._waiting.get(owner, 0)
        if waiting >= self.per_person:
            return False
        self._waiting[owner] = waiting + 1
        self._owners[update.update_id] = owner
        return True

    def started(self, update: Update) -> None:
        """The update reached the flood gate: it no longer waits for its person."""
        owner = self._owners.pop(update.update_id, None)
        if owner is None:
            return
        left = self._waiting.get(owner, 1) - 1
        if left > 0:
            self._waiting[owner] = left
        else:
            self._waiting.pop(owner, None)

    async def put(self, item: object) -> None:
        """Long polling waits here while the backlog is full, so fetching pauses, nothing is lost
        (but a flooding person's updates past their bound, which the gate would refuse anyway)."""
        while isinstance(item, Update) and self.full_of_updates:
            await asyncio.sleep(0.05)
        self.put_nowait(item)

    def task_done(self) -> None:
        super().task_done()
        self.pending = max(0, self.pending - 1)


class KeyedLocks:
    """One asyncio lock per key (a user in a chat), kept only while someone holds or awaits it.

    Two updates of one user (a double-tapped button, two quick /hint) are
    handled one after the other, so each reads the progress the other wrote.
    """

    def __init__(self) -> None:
        self._locks: dict[object, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def hold(self, key: object) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)
