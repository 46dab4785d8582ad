"""hints.cache.BoundedCache: the one cache of every process, bounded and computed once per key."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from hints.cache import BoundedCache


def test_a_bound_in_entries_drops_the_least_recently_used() -> None:
    cache: BoundedCache[str, int] = BoundedCache(3)
    for n, key in enumerate("abc"):
        cache.put(key, n)
    assert cache.get("a") == 0  # a is now the most recently used
    cache.put("d", 3)
    assert "b" not in cache and sorted(cache.kept()) == ["a", "c", "d"]
    assert len(cache) == cache.size == 3 == cache.maxsize


def test_a_bound_in_bytes_holds_whatever_is_put() -> None:
    cache: BoundedCache[str, bytes] = BoundedCache(10, len)
    for key in "abcde":
        cache.put(key, b"xxx")
        assert cache.size <= 10
    assert sorted(cache.kept()) == ["c", "d", "e"]
    cache.put("f", b"y" * 8)  # over the bound with the others: they go, least recently used first
    assert cache.kept() == ["f"] and cache.size == 8
    cache.put("f", b"z")
    assert cache.size == 1


def test_a_value_larger_than_the_bound_is_not_kept_and_replaces_nothing_stale() -> None:
    cache: BoundedCache[str, bytes] = BoundedCache(4, len)
    cache.put("a", b"old")
    cache.put("a", b"far too large")
    assert cache.get("a") is None and cache.size == 0
    assert cache.get_or_compute("b", lambda: b"far too large") == b"far too large"
    assert "b" not in cache


def test_a_smaller_bound_drops_the_least_recently_used_at_once() -> None:
    cache: BoundedCache[str, int] = BoundedCache(4)
    for n, key in enumerate("abcd"):
        cache.put(key, n)
    cache.get("a")
    cache.resize(2)
    assert sorted(cache.kept()) == ["a", "d"] and cache.maxsize == 2
    cache.put("e", 4)
    assert sorted(cache.kept()) == ["a", "e"]  # the order of use survived the resize


def test_pop_and_clear_forget() -> None:
    cache: BoundedCache[str, int] = BoundedCache(4)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.pop("a") == 1 and cache.pop("a") is None
    cache.clear()
    assert len(cache) == 0 and cache.size == 0


class Flights(dict[str, Future[int]]):
    """The cache's flights in a thread test: ``joined`` is set once ``waiters`` askers found one."""

    def __init__(self, waiters: int) -> None:
        super().__init__()
        self.waiters = waiters
        self.found = 0
        self.joined = threading.Event()

    def get(self, key: str, default: object = None) -> Future[int] | None:  # type: ignore[override]
        flight = super().get(key)
        if flight is not None:
            self.found += 1
            if self.found == self.waiters:
                self.joined.set()
        return flight


def _threads_asking(cache: BoundedCache[str, int], compute: Callable[[], int], askers: int) -> list[object]:
    """What ``askers`` threads asking for "k" at once got (a value or an exception); ``compute``
    may wait for ``cache._flights.joined``: every other asker is then waiting for it."""
    with ThreadPoolExecutor(askers) as pool:
        futures = [pool.submit(cache.get_or_compute, "k", compute) for _ in range(askers)]
        results: list[object] = []
        for future in futures:
            try:
                results.append(future.result())
            except Exception as exc:
                results.append(exc)
        return results


def test_concurrent_misses_in_threads_compute_once() -> None:
    cache: BoundedCache[str, int] = BoundedCache(4)
    flights = cache._flights = Flights(waiters=7)
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        assert flights.joined.wait(5)  # the seven others are waiting for this computation
        return 42

    assert _threads_asking(cache, compute, 8) == [42] * 8 and calls == [1]
    assert cache.get("k") == 42


def test_an_exception_in_threads_reaches_every_waiter_and_is_not_kept() -> None:
    cache: BoundedCache[str, int] = BoundedCache(4)
    flights = cache._flights = Flights(waiters=3)
    calls: list[int] = []

    def failing() -> int:
        calls.append(1)
        assert flights.joined.wait(5)
        raise LookupError("the store is gone")

    results = _threads_asking(cache, failing, 4)
    assert [str(r) for r in results] == ["the store is gone"] * 4 and calls == [1]
    assert "k" not in cache and not cache._flights
    assert cache.get_or_compute("k", lambda: 7) == 7


def test_a_value_refused_as_invalid_is_computed_again() -> None:
    cache: BoundedCache[str, int] = BoundedCache(4)
    cache.put("k", 1)
    assert cache.get_or_compute("k", lambda: 2, valid=lambda v: v > 1) == 2
    assert cache.get_or_compute("k", lambda: 3, valid=lambda v: v > 1) == 2


async def test_concurrent_misses_in_tasks_compute_once() -> None:
    cache: BoundedCache[str, int] = BoundedCache(4)
    calls: list[int] = []
    release = asyncio.Event()

    async def compute() -> int:
        calls.append(1)
        await release.wait()
        return 42

    askers = [asyncio.create_task(cache.get_or_compute_async("k", compute)) for _ in range(8)]
    await asyncio.sleep(0)  # every asker has started: one computes, seven wait
    assert cache.computing("k")
    release.set()
    assert await asyncio.gather(*askers) == [42] * 8 and calls == [1]
    assert not cache.computing("k") and cache.get("k") == 42


async def test_an_exception_in_tasks_reaches_every_waiter_and_is_not_kept() -> None:
    cache: BoundedCache[str, int] = BoundedCache(4)
    calls: list[int] = []
    release = asyncio.Event()

    async def failing() -> int:
        calls.append(1)
        await release.wait()
        raise LookupError("the store is gone")

    askers = [asyncio.create_task(cache.get_or_compute_async("k", failing)) for _ in range(4)]
    await asyncio.sleep(0)
    release.set()
    results = await asyncio.gather(*askers, return_exceptions=True)
    assert [type(r) for r in results] == [LookupError] * 4 and calls == [1]
    assert "k" not in cache and not cache.computing("k")
