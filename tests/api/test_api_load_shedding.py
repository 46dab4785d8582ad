"""Distinct dates cannot push out or starve today's work: pinned days, single-flight, a bounded pool,
per-client budgets. Before, every cold date queued behind one process-wide lock, forever."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta
from typing import Any

import httpx
import pytest

from api import clients as clients_module
from api import daily as daily_module
from api.caching import PayloadStore
from api.clients import ClientBudget, Requester
from api.daily import DailyContent
from api.errors import ApiError
from tests.support.api_server import RunningServer, start_server

TODAY = date(2026, 11, 22)


class FakeBundles(DailyContent):
    """DailyContent whose bundles are cheap stand-ins, counted per date."""

    def __init__(
        self,
        per_minute: int = 20,
        refusal_delay: float = 0.0,
        gate: threading.Event | None = None,
        **limits: Any,
    ) -> None:
        # Refusals are answered at once unless a test is about their delay (which has a test of its own).
        budget = ClientBudget(per_minute, refusal_delay)
        super().__init__(None, PayloadStore(), today=lambda: TODAY, budget=budget, **limits)  # type: ignore[arg-type]
        self.built: list[date] = []
        self._gate = gate  # each computation waits until the test opens it
        self._lock = threading.Lock()

    def _compute(self, day: date, variant: object = None) -> Any:
        if self._gate is not None:
            assert self._gate.wait(timeout=30), "the test never opened the gate"
        with self._lock:
            self.built.append(day)
        return ("bundle", day)


async def test_pinned_days_survive_a_flood_of_other_dates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daily_module, "MAX_BUNDLES", 4)
    content = FakeBundles(queue=100, per_minute=1000)
    for day in (TODAY - timedelta(days=1), TODAY, TODAY + timedelta(days=1)):
        await content.bundle_async(day)
    for offset in range(50):
        await content.bundle_async(date(1950, 1, 1) + timedelta(days=offset), client=Requester("flooder"))
    built = len(content.built)
    for day in (TODAY - timedelta(days=1), TODAY, TODAY + timedelta(days=1)):
        await content.bundle_async(day)
    assert len(content.built) == built  # never evicted, never computed again
    await content.bundle_async(date(1950, 1, 1))
    assert len(content.built) == built + 1  # while the LRU of 4 really did evict old dates


async def until_done(tasks: list[asyncio.Task[Any]], count: int) -> None:
    """Let the event loop run until ``count`` of ``tasks`` have ended (refusals end at once)."""
    for _ in range(1000):
        if sum(task.done() for task in tasks) >= count:
            return
        await asyncio.sleep(0)
    raise AssertionError(f"{sum(task.done() for task in tasks)} of {len(tasks)} ended, not {count}")


async def test_one_computation_per_date_however_many_ask() -> None:
    gate = threading.Event()
    content = FakeBundles(gate=gate, queue=100, per_minute=1000)
    asked = [
        asyncio.create_task(content.bundle_async(date(2000, 1, 1), client=Requester(f"c{i}")))
        for i in range(8)
    ]
    await asyncio.sleep(0)  # every asker asks while the one computation is held
    assert not any(task.done() for task in asked)
    gate.set()
    results = await asyncio.gather(*asked)
    assert content.built == [date(2000, 1, 1)] and len(set(results)) == 1


async def test_beyond_the_queue_the_answer_is_503_with_retry_after() -> None:
    gate = threading.Event()
    content = FakeBundles(gate=gate, workers=1, queue=2, per_minute=1000)
    asked = [
        asyncio.create_task(content.bundle_async(date(2000, 1, 1) + timedelta(days=i), client=Requester("c")))
        for i in range(6)
    ]
    await until_done(asked, 3)  # refused while the first computation is held
    gate.set()
    outcomes = await asyncio.gather(*asked, return_exceptions=True)
    refused = [o for o in outcomes if isinstance(o, ApiError)]
    assert refused and all(e.status == 503 and e.headers["Retry-After"] for e in refused)
    assert len(refused) == 3  # one computing, two waiting, the rest refused at once
    assert outcomes[:3] == [("bundle", date(2000, 1, 1) + timedelta(days=i)) for i in range(3)]
    assert await content.bundle_async(TODAY) == ("bundle", TODAY)  # today is never refused


async def test_one_client_cannot_fill_the_queue() -> None:
    gate = threading.Event()
    content = FakeBundles(gate=gate, workers=1, queue=8, per_minute=1000)
    greedy = [
        asyncio.create_task(
            content.bundle_async(date(2000, 1, 1) + timedelta(days=i), client=Requester("greedy"))
        )
        for i in range(6)
    ]
    await until_done(greedy, 3)  # greedy's share of the queue is full while the first is held
    other = asyncio.create_task(content.bundle_async(date(2002, 1, 1), client=Requester("someone else")))
    await asyncio.sleep(0)
    assert not other.done()  # queued, not refused
    gate.set()
    outcomes = await asyncio.gather(*greedy, return_exceptions=True)
    assert await other == ("bundle", date(2002, 1, 1))  # room in the queue although greedy asked first
    refused = [o for o in outcomes if isinstance(o, ApiError)]
    assert len(refused) == 3 and all(e.status == 503 for e in refused)  # one computing, two queued


async def test_each_client_has_a_budget_of_cold_dates_per_minute() -> None:
    content = FakeBundles(per_minute=3)
    for day in range(3):
        await content.bundle_async(date(2001, 1, 1 + day), client=Requester("greedy"))
    with pytest.raises(ApiError) as refused:
        await content.bundle_async(date(2001, 2, 1), client=Requester("greedy"))
    assert refused.value.status == 429 and int(refused.value.headers["Retry-After"]) >= 1
    await content.bundle_async(date(2001, 1, 1), client=Requester("greedy"))  # cached dates cost nothing
    await content.bundle_async(date(2001, 2, 1), client=Requester("someone else"))


async def test_a_refusal_is_answered_late_so_a_flooder_cannot_spin_the_event_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before, a refused client got its 429 at once and asked again at once (1,400 a second in the
    flood benchmark), competing with today's answers for the event loop."""
    content = FakeBundles(per_minute=1, refusal_delay=0.5)
    await content.bundle_async(date(2001, 1, 1), client=Requester("flooder"))
    held = [
        asyncio.create_task(content.bundle_async(date(2001, 1, 2 + i), client=Requester("flooder")))
        for i in range(5)
    ]
    await asyncio.sleep(0.1)
    assert await content.bundle_async(TODAY) == ("bundle", TODAY)  # today is answered meanwhile
    assert not any(task.done() for task in held)  # the refusals are still held
    outcomes = await asyncio.gather(*held, return_exceptions=True)
    assert all(isinstance(o, ApiError) and o.status == 429 for o in outcomes)
    monkeypatch.setattr(clients_module, "MAX_DELAYED_REFUSALS", 0)  # beyond the bound: refused at once
    late = asyncio.create_task(content.bundle_async(date(2001, 2, 1), client=Requester("flooder")))
    await asyncio.sleep(0.1)
    assert late.done() and isinstance(late.exception(), ApiError)


@pytest.fixture(scope="module")
def tight_server(full_catalog_url: str) -> Iterator[RunningServer]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(clients_module, "REFUSAL_DELAY", 0.0)  # the delay has its test above
        server = start_server(
            full_catalog_url, API_COMPUTE_WORKERS="1", API_COMPUTE_QUEUE="1", API_COMPUTE_PER_MINUTE="4"
        )
    yield server
    server.stop()


@pytest.mark.slow
def test_over_http_floods_get_503_and_429_never_500(tight_server: RunningServer) -> None:
    days = [f"19{10 + i}-03-0{1 + i % 9}" for i in range(8)]
    with httpx.Client(base_url=tight_server.url, timeout=60) as http:  # the threads share it: one TLS setup

        def fetch(day: str) -> httpx.Response:
            return http.get(f"/api/v1/daily/{day}")

        with ThreadPoolExecutor(8) as pool:
            statuses = [r.status_code for r in pool.map(fetch, days)]
        assert set(statuses) <= {200, 429, 503} and {429, 503} & set(statuses), statuses
        one_by_one = [fetch(f"1999-12-{day:02d}") for day in range(1, 6)]  # the minute's budget runs out
        refused = next(r for r in one_by_one if r.status_code == 429)
        assert int(refused.headers["retry-after"]) >= 1
        assert refused.json()["error"]["code"] == "too_many_requests"
        assert fetch("today").status_code == 200  # today's work is never refused
