"""The request rate per client (``api.middleware.RequestRate``): a client asking faster than its
rate is answered 429 before any work, others and the exempt paths are not."""

from __future__ import annotations

import httpx
import pytest
from starlette.types import Receive, Scope, Send

from api.middleware import RequestRate
from tests.support.limits_clock import freeze_limits

served: list[str] = []


async def app(scope: Scope, receive: Receive, send: Send) -> None:
    served.append(scope["path"])
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


def client_at(rate: RequestRate, address: str) -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=rate, client=(address, 4000))
    return httpx.AsyncClient(transport=transport, base_url="http://api")


async def test_a_client_over_its_rate_is_refused_before_any_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, a client could ask for cached answers as fast as it liked: 600 a second moved
    everyone's p99 several times over (docs/benchmarks.md)."""
    clock = freeze_limits(monkeypatch)
    served.clear()
    rate = RequestRate(app, per_second=2, exempt=("/healthz",))
    async with client_at(rate, "203.0.113.7") as flooder, client_at(rate, "198.51.100.1") as other:
        statuses = [(await flooder.get("/api/v1/daily/today")).status_code for _ in range(8)]
        assert statuses == [200] * 6 + [429] * 2  # three seconds' worth at once
        refused = await flooder.get("/api/v1/daily/today")
        assert refused.json()["error"]["code"] == "too_many_requests"
        assert refused.headers["retry-after"] == "3"
        assert len(served) == 6  # the refused never reached the app
        assert (await flooder.get("/healthz")).status_code == 200  # the orchestrator's check is exempt
        assert (await other.get("/api/v1/daily/today")).status_code == 200  # another client's own rate
        clock.now += 3.01
        assert (await flooder.get("/api/v1/daily/today")).status_code == 200
