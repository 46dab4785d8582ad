"""Token buckets per key, in this process's memory: the request rate's counter.

The budgets of computations count in the ``limits`` library's storages (``db.rate_limits``), but
its in-memory storage sweeps every key it holds from a timer thread a hundred times a second:
53 ms a sweep at 50,000 keys, with the GIL held, so counting every request of every client there
would stall the event loop it protects once many clients ask at once (docs/benchmarks.md). A
bucket here costs one dictionary lookup; a key idle long enough to be full again is forgotten as
the cache is next written, and at most ``max_keys`` are kept (the least recently used go first,
coming back with a full bucket).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from cachetools import TTLCache

MAX_KEYS = 100_000  # about 10 MB of buckets


class TokenBuckets:
    """Each key may take ``burst`` at once, then ``per_second`` a second on average."""

    def __init__(
        self,
        per_second: float,
        burst: int,
        max_keys: int = MAX_KEYS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if per_second <= 0 or burst < 1:
            raise ValueError("a token bucket needs a positive rate and room for at least one")
        self._per_second = per_second
        self._burst = float(burst)
        self._clock = clock
        refill = burst / per_second  # an idle bucket is full again after this many seconds
        self._buckets: TTLCache[str, tuple[float, float]] = TTLCache(max_keys, refill, timer=clock)

    def take(self, key: str, cost: float = 1.0) -> int | None:
        """``cost`` tokens of ``key`` (at most the burst): None when there were as many, else the
        whole seconds until there are."""
        cost = min(cost, self._burst)
        now = self._clock()
        tokens, then = self._buckets.get(key, (self._burst, now))
        tokens = min(self._burst, tokens + (now - then) * self._per_second)
        if tokens >= cost:
            self._buckets[key] = (tokens - cost, now)
            return None
        self._buckets[key] = (tokens, now)
        return max(1, math.ceil((cost - tokens) / self._per_second))

    def __len__(self) -> int:
        return len(self._buckets)
