"""The one in-process cache: least recently used first out, bounded, computed once per key.

Every cache of a process is a :class:`BoundedCache`: raw solutions (bounded by
their footprint in bytes), the API's payloads and pictures (by bytes), the daily
bundles and the pinned days (by entries or bytes), the face-up counts and the
bot's file ids (by entries). A bound is ``maxsize`` in the unit ``getsizeof``
measures (1 per entry unless given); a value larger than the whole bound is
returned but not kept.

A miss is computed once however many ask at the same time (*single-flight*):
threads share :meth:`BoundedCache.get_or_compute`, the tasks of one event loop
share :meth:`BoundedCache.get_or_compute_async`. A computation that raises keeps
nothing, and every caller waiting for it gets the same exception.

Built on :class:`cachetools.LRUCache`, which does the ordering and the sizes.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Hashable
from concurrent.futures import Future
from typing import Generic, TypeVar

from cachetools import LRUCache

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_MISSING = object()


def _one(_: object) -> int:
    return 1


class BoundedCache(Generic[K, V]):
    """A thread-safe LRU of at most ``maxsize`` (entries, or what ``getsizeof`` counts per value),
    with single-flight computation of a miss. ``None`` is never a cached value (it means a miss)."""

    def __init__(self, maxsize: int, getsizeof: Callable[[V], int] = _one) -> None:
        self._lock = threading.Lock()
        self._entries: LRUCache[K, V] = LRUCache(maxsize, getsizeof)
        self._flights: dict[K, Future[V]] = {}  # threads computing a key now
        self._tasks: dict[K, asyncio.Future[V]] = {}  # tasks computing a key now (one event loop)

    # ------------------------------------------------------------ reading and writing

    def get(self, key: K) -> V | None:
        """The value kept under ``key`` (now the most recently used), or None."""
        with self._lock:
            return self._entries.get(key)

    def put(self, key: K, value: V) -> None:
        """Keep ``value``, dropping the least recently used entries past the bound; a value larger
        than the whole bound replaces nothing and is not kept."""
        with self._lock:
            self._put(key, value)

    def pop(self, key: K) -> V | None:
        """Forget ``key``; its value, or None."""
        with self._lock:
            return self._entries.pop(key, None)

    def kept(self) -> list[K]:
        """The keys kept now (a copy)."""
        with self._lock:
            return list(self._entries.keys())

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def resize(self, maxsize: int) -> None:
        """Set the bound, dropping the least recently used entries until the others fit it."""
        with self._lock:
            old, self._entries = self._entries, LRUCache(maxsize, self._entries.getsizeof)
            while old.currsize > maxsize:
                old.popitem()  # the least recently used
            while old:
                self._entries.__setitem__(*old.popitem())  # in the same order of use

    def _put(self, key: K, value: V) -> None:
        """Keep ``value`` (lock held)."""
        if self._entries.getsizeof(value) > self._entries.maxsize:
            self._entries.pop(key, None)
            return
        self._entries[key] = value

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def size(self) -> int:
        """What the kept entries measure (their count, or their bytes), never more than the bound."""
        return int(self._entries.currsize)

    @property
    def maxsize(self) -> int:
        return int(self._entries.maxsize)

    # ------------------------------------------------------------ computing a miss once

    def get_or_compute(self, key: K, compute: Callable[[], V], valid: Callable[[V], bool] | None = None) -> V:
        """The value under ``key``, or ``compute()`` kept there: one thread computes, the others
        asking meanwhile wait for its value (or its exception, which is not kept). ``valid``: a
        kept value it refuses counts as a miss."""
        with self._lock:
            found = self._entries.get(key, _MISSING)
            if found is not _MISSING and (valid is None or valid(found)):  # type: ignore[arg-type]
                return found  # type: ignore[return-value]
            flight = self._flights.get(key)
            leading = flight is None
            if flight is None:
                flight = self._flights[key] = Future()
        if not leading:
            return flight.result()
        try:
            value = compute()
        except BaseException as exc:
            with self._lock:
                del self._flights[key]
            flight.set_exception(exc)
            raise
        with self._lock:
            self._put(key, value)
            del self._flights[key]
        flight.set_result(value)
        return value

    def computing(self, key: K) -> bool:
        """Whether a task of this event loop is computing ``key`` now (asking for it then starts
        nothing: it waits for that computation)."""
        return key in self._tasks

    async def get_or_compute_async(self, key: K, compute: Callable[[], Awaitable[V]]) -> V:
        """The value under ``key``, or ``await compute()`` kept there: one task computes, the others
        asking meanwhile wait for its value (or its exception, which is not kept; the computing
        task cancelled cancels them too)."""
        found = self.get(key)
        if found is not None:
            return found
        running = self._tasks.get(key)
        if running is not None:
            return await asyncio.shield(running)
        flight: asyncio.Future[V] = asyncio.get_running_loop().create_future()
        flight.add_done_callback(lambda f: f.cancelled() or f.exception())  # never "never retrieved"
        self._tasks[key] = flight
        try:
            value = await compute()
        except BaseException as exc:
            flight.set_exception(exc)
            raise
        finally:
            del self._tasks[key]
        self.put(key, value)
        flight.set_result(value)
        return value
