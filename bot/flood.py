"""Flood control: one user or one group cannot stall everyone else.

- **Command budgets** (per user, and per group chat): a token bucket each. The
  first command over budget gets one polite answer ("slow down, back in N s"),
  the following ones silence, until the bucket has refilled. Buttons over
  budget get the same words as a toast. The polite answer comes again only
  after the time the whole budget takes to refill. Budgets live in the process that
  handles the update (each webhook worker keeps its own).
- **A bounded backlog** (:class:`UpdateBacklog`): at most ``BOT_UPDATE_BACKLOG``
  updates accepted and not yet handled. Long polling then stops fetching
  (Telegram keeps the updates); the webhook answers 503 and Telegram delivers
  again later. Nothing is dropped.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from enum import Enum

from telegram import Update


class Verdict(Enum):
    ALLOW = "allow"
    WARN = "warn"  # over budget: say so once
    SILENT = "silent"  # over budget and already told


@dataclass(frozen=True)
class Budget:
    burst: int
    per_minute: float


@dataclass
class _Bucket:
    tokens: float
    updated: float
    warned_at: float | None = None


@dataclass
class TokenBuckets:
    """One token bucket per key; :meth:`take` spends a token or says how long until one."""

    budget: Budget
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[object, _Bucket] = field(default_factory=dict)

    def take(self, key: object) -> tuple[Verdict, float]:
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(float(self.budget.burst), now)
        rate = self.budget.per_minute / 60.0
        bucket.tokens = min(float(self.budget.burst), bucket.tokens + (now - bucket.updated) * rate)
        bucket.updated = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            self._forget_full(now)
            return Verdict.ALLOW, 0.0
        return self.refuse(key), (1.0 - bucket.tokens) / rate

    def refuse(self, key: object) -> Verdict:
        """WARN the first time, then SILENT until the whole budget has had time to refill."""
        now = self.clock()
        bucket = self._buckets.setdefault(key, _Bucket(float(self.budget.burst), now))
        refill = self.budget.burst / (self.budget.per_minute / 60.0)
        if bucket.warned_at is not None and now - bucket.warned_at < refill:
            return Verdict.SILENT
        bucket.warned_at = now
        return Verdict.WARN

    def _forget_full(self, now: float) -> None:
        """Drop buckets that have refilled completely: they hold no information."""
        if len(self._buckets) < 10_000:
            return
        full_after = self.budget.burst / (self.budget.per_minute / 60.0)
        for key in [k for k, b in self._buckets.items() if now - b.updated >= full_after]:
            del self._buckets[key]


USER_BUDGET = Budget(burst=8, per_minute=20)
GROUP_BUDGET = Budget(burst=10, per_minute=20)  # a group cannot receive more than 20 a minute anyway


class CommandBudgets:
    """Per-user and per-group budgets for commands and button presses."""

    def __init__(
        self,
        user: Budget = USER_BUDGET,
        group: Budget = GROUP_BUDGET,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._users = TokenBuckets(user, clock)
        self._groups = TokenBuckets(group, clock)

    def admit(self, user_id: int, chat_id: int, group: bool) -> tuple[Verdict, float]:
        """ALLOW, or WARN / SILENT with the seconds until the asker may try again.

        In a group the group's budget is asked first, and a member over their own
        budget is warned only as often as the group itself would be: a busy group
        gets one 'slow down' per refill, not one per member.
        """
        if not group:
            return self._users.take(user_id)
        verdict, wait = self._groups.take(chat_id)
        if verdict != Verdict.ALLOW:
            return verdict, wait
        verdict, wait = self._users.take(user_id)
        if verdict == Verdict.WARN:
            verdict = self._groups.refuse(chat_id)
        return verdict, wait


class UpdateBacklog(asyncio.Queue[object]):
    """The application's update queue, bounded by updates accepted and not yet fully handled.

    python-telegram-bot takes each update off its queue at once and starts a
    task for it, so a plain bounded queue would never fill; this one counts
    from ``put`` to ``task_done`` (called when the handlers have finished).
    Only :class:`~telegram.Update` objects count: the application's own stop
    signal always goes through.
    """

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self.pending = 0

    @property
    def full_of_updates(self) -> bool:
        return self.pending >= self.limit

    def put_nowait(self, item: object) -> None:
        """Queue an update, or raise ``asyncio.QueueFull`` when the backlog is at its limit."""
        if isinstance(item, Update) and self.full_of_updates:
            raise asyncio.QueueFull
        self.pending += 1
        super().put_nowait(item)

    async def put(self, item: object) -> None:
        """Long polling waits here while the backlog is full, so fetching pauses, nothing is lost."""
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
