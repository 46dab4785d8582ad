"""Rate limits every process shares: the ``limits`` library's moving windows.

Where the counts live is one setting, ``REDIS_URL``: unset, each process keeps its own in memory
(right for one process); set, they live in Redis, so every API worker, webhook worker and bot
process, on every machine, spends the same budget of each client and person.

A :class:`Window` is one budget: uses of a key within one or more moving windows (every window
must have room). If Redis cannot be reached the window lets the use through and says so in the
log (at most once a minute): a rate limit that fails closed would take the whole service down
with it.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, RateLimitItemPerSecond
from limits.errors import StorageError
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

logger = logging.getLogger(__name__)

KEY_PREFIX = "puzzle-hints"  # the Redis keys' prefix, so a shared Redis can hold other things too
FAILURE_NOTICE_SECONDS = 60.0


@dataclass(frozen=True)
class Rate:
    """At most ``limit`` uses in any ``seconds``."""

    limit: int
    seconds: int

    def item(self) -> RateLimitItem:
        return RateLimitItemPerSecond(self.limit, self.seconds)


def shared_storage(redis_url: str | None) -> Storage:
    """Where the budgets count: Redis at ``redis_url`` (shared by every process), else this
    process's memory."""
    if not redis_url:
        return MemoryStorage()
    storage = storage_from_string(
        redis_url, key_prefix=KEY_PREFIX, wrap_exceptions=True, socket_timeout=0.5, socket_connect_timeout=0.5
    )
    assert isinstance(storage, Storage)  # a synchronous storage for a redis:// URL
    return storage


class Window:
    """One budget: the uses of each key in moving windows (``rates``), under ``namespace``."""

    def __init__(self, storage: Storage, namespace: str, *rates: Rate) -> None:
        if not rates:
            raise ValueError("a window needs at least one rate")
        self.rates = rates
        self._storage = storage
        self._limiter = MovingWindowRateLimiter(storage)
        self._namespace = namespace
        self._items = [rate.item() for rate in rates]
        self._failed_at = -math.inf

    def take(self, key: str) -> int | None:
        """Count one use of ``key``: None when every window has room, else the whole seconds until
        one is free (nothing is counted then). A use given back (:meth:`refund`) is taken first."""
        try:
            if self._spend_credit(key):
                return None
            wait = self._wait(key)
            if wait is not None:
                return wait
            for item in self._items:
                if not self._limiter.hit(item, self._namespace, key):  # another process was quicker
                    return self._wait(key) or 1
            return None
        except StorageError as exc:
            self._failed(exc)
            return None

    def wait(self, key: str) -> int | None:
        """Seconds until every window has room for one more use of ``key`` (None: it has now);
        nothing is counted."""
        try:
            return self._wait(key)
        except StorageError as exc:
            self._failed(exc)
            return None

    def _wait(self, key: str) -> int | None:
        now = time.time()
        waits = [
            self._limiter.get_window_stats(item, self._namespace, key).reset_time - now
            for item in self._items
            if not self._limiter.test(item, self._namespace, key)
        ]
        return max(1, math.ceil(max(waits))) if waits else None

    def refund(self, key: str) -> None:
        """Give back one use of ``key`` (it was refused further on): its next use is free. A moving
        window cannot forget one entry, so the refund is a credit the next :meth:`take` spends."""
        try:
            self._storage.incr(self._credit_key(key), self._longest())
        except StorageError as exc:
            self._failed(exc)

    def _spend_credit(self, key: str) -> bool:
        """Spend a credit of ``key`` if it has one (another process may spend the same one at the
        same moment: at worst one use more is let through)."""
        credit_key = self._credit_key(key)
        if self._storage.get(credit_key) <= 0:
            return False
        return self._storage.incr(credit_key, self._longest(), amount=-1) >= 0

    def _credit_key(self, key: str) -> str:
        return f"credit/{self._namespace}/{key}"

    def _longest(self) -> int:
        return max(rate.seconds for rate in self.rates)

    def _failed(self, exc: StorageError) -> None:
        """Note a storage failure in the log, at most once a minute; the use was let through."""
        now = time.monotonic()
        if now - self._failed_at >= FAILURE_NOTICE_SECONDS:
            self._failed_at = now
            failure = type(exc.storage_error).__name__
            logger.warning("rate limits unavailable (%s); letting requests through", failure)


class Notices:
    """Whether a key was told something within the last ``seconds`` (shared like the budgets): a
    refusal is worded once a minute, whichever process refuses."""

    def __init__(self, storage: Storage, namespace: str, seconds: int) -> None:
        self._window = Window(storage, f"notice/{namespace}", Rate(1, seconds))

    def due(self, key: str) -> bool:
        """True (and remembered) when the key was not told in the last ``seconds``."""
        return self._window.take(key) is None
