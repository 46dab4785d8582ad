"""The request rate per client (``api.middleware.RequestRate``): a client asking faster than its
rate is answered 429 before any work, others and the exempt paths are not."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from starlette.types import Receive, Scope, Send

from api.middleware import RequestRate
from api.token_buckets import TokenBuckets

served: list[str] = []


async def app(scope: Scope, receive: Receive, send: Send) -> None:
    served.append(scope["path"])
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


def client_at(rate: RequestRate, address: str) -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=rate, client=(address, 4000))
    return httpx.AsyncClient(transport=transport, base_url="http://api")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0
        self.pauses: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        """The refusals' pauses, recorded (the test never waits)."""
        self.pauses.append(seconds)


async def test_a_client_over_its_rate_is_refused_before_any_work() -> None:
    """Before, a client could ask for cached answers as fast as it liked: 600 a second moved
    everyone's p99 several times over (docs/benchmarks.md)."""
    clock = Clock()
    served.clear()
    rate = RequestRate(app, per_second=2, exempt=("/healthz",), clock=clock, sleep=clock.sleep)
    async with client_at(rate, "203.0.113.7") as flooder, client_at(rate, "198.51.100.1") as other:
        statuses = [(await flooder.get("/api/v1/daily/today")).status_code for _ in range(8)]
        assert statuses == [200] * 6 + [429] * 2  # three seconds' worth at once
        assert clock.pauses == [1.0, 1.0]  # each refusal waited, at most its Retry-After
        refused = await flooder.get("/api/v1/daily/today")
        assert refused.json()["error"]["code"] == "too_many_requests"
        assert refused.headers["retry-after"] == "1"  # the next of its two a second
        assert len(served) == 6  # the refused never reached the app
        assert (await flooder.get("/healthz")).status_code == 200  # the orchestrator's check is exempt
        assert (await other.get("/api/v1/daily/today")).status_code == 200  # another client's own rate
        clock.now += 0.5
        assert (await flooder.get("/api/v1/daily/today")).status_code == 200
        assert (await flooder.get("/api/v1/daily/today")).status_code == 429  # one a half second


async def test_a_refusal_waits_at_most_its_retry_after_and_not_at_all_when_told_so() -> None:
    """A flooder's connection waits for its 429 (a timer, not the event loop's time): eight
    connections then get eight refusals a second, not thousands."""
    clock = Clock()
    paused = RequestRate(app, per_second=2, clock=clock, sleep=clock.sleep, pause=5.0)
    async with client_at(paused, "203.0.113.7") as flooder:
        statuses = [(await flooder.get("/")).status_code for _ in range(7)]
    assert statuses[-1] == 429 and clock.pauses == [1]  # Retry-After 1: never longer than that
    clock.pauses.clear()
    at_once = RequestRate(app, per_second=2, clock=clock, sleep=clock.sleep, pause=0)
    async with client_at(at_once, "203.0.113.7") as flooder:
        assert [(await flooder.get("/")).status_code for _ in range(7)][-1] == 429
    assert clock.pauses == []


def test_a_bucket_refills_at_its_rate_up_to_its_burst() -> None:
    clock = Clock()
    buckets = TokenBuckets(per_second=4, burst=8, clock=clock)
    assert [buckets.take("a") for _ in range(9)] == [None] * 8 + [1]
    clock.now += 100  # idle for long: full again, never more than the burst
    assert [buckets.take("a") for _ in range(9)] == [None] * 8 + [1]
    clock.now += 0.25
    assert buckets.take("a") is None
    assert buckets.take("a") == 1


async def test_a_post_costs_three_gets() -> None:
    """A POST is never answered from a cache (a warm position's analysis took 2.25 times the
    server's time of a cached answer, in one block): it spends three of the client's requests."""
    clock = Clock()
    rate = RequestRate(app, per_second=2, clock=clock, sleep=clock.sleep)
    async with client_at(rate, "203.0.113.7") as client:
        statuses = [(await client.post("/api/v1/check", json={})).status_code for _ in range(3)]
        assert statuses == [200, 200, 429]  # six requests' worth at once: two POSTs
        clock.now += 1.0  # two requests' worth back: GETs, not a POST
        refused = await client.post("/api/v1/check", json={})
        assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
        assert (await client.get("/api/v1/daily/today")).status_code == 200


def test_a_bucket_takes_a_cost_at_most_its_burst() -> None:
    clock = Clock()
    buckets = TokenBuckets(per_second=1, burst=3, clock=clock)
    assert [buckets.take("a", 2) for _ in range(2)] == [None, 1]  # one token left: a second more
    assert buckets.take("a") is None
    assert buckets.take("b", 10) is None  # never more than the burst: a full bucket always serves


def test_the_buckets_are_bounded_and_forget_idle_clients() -> None:
    """Every address that ever asked would otherwise stay in memory: the bound is what a flood
    from many addresses can hold, and a full bucket needs no entry."""
    clock = Clock()
    buckets = TokenBuckets(per_second=1, burst=3, max_keys=100, clock=clock)
    for n in range(250):
        buckets.take(f"client-{n}")
    assert len(buckets) == 100
    clock.now += 3.01  # every bucket full again
    buckets.take("late")
    assert len(buckets) == 1


def test_a_bucket_needs_a_rate_and_room() -> None:
    with pytest.raises(ValueError):
        TokenBuckets(per_second=0, burst=3)
    with pytest.raises(ValueError):
        TokenBuckets(per_second=1, burst=0)


async def test_one_clients_requests_take_turns_while_anothers_go_ahead() -> None:
    """A client's burst is handled two at a time (its others wait their turn, not the event loop),
    so everyone else's requests are not queued behind all of it."""
    release = asyncio.Event()
    inside: list[str] = []

    async def slow(scope: Scope, receive: Receive, send: Send) -> None:
        inside.append(scope["client"][0])
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    rate = RequestRate(slow, per_second=100, in_flight=2)
    async with client_at(rate, "203.0.113.7") as burst, client_at(rate, "198.51.100.1") as other:
        asked = [asyncio.create_task(burst.get(f"/{n}")) for n in range(5)]
        others = asyncio.create_task(other.get("/"))
        for _ in range(1000):  # until the requests let in are inside (a few turns of the loop)
            await asyncio.sleep(0)
        assert sorted(inside) == ["198.51.100.1", "203.0.113.7", "203.0.113.7"]  # two of five, and the other
        release.set()
        statuses = [(await task).status_code for task in [*asked, others]]
    assert statuses == [200] * 6 and len(inside) == 6
    assert rate.turns is not None and len(rate.turns) == 0  # nobody waiting: nothing kept
