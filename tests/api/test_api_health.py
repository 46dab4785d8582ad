"""``/healthz`` and ``/readyz`` on an empty, an unmigrated and the full store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.api_server import RunningServer, assert_error, start_server


@pytest.fixture
def empty_server(database_url: str) -> Iterator[RunningServer]:
    running = start_server(database_url)
    yield running
    running.stop()


def test_empty_store_is_alive_but_not_ready(empty_server: RunningServer) -> None:
    health = httpx.get(f"{empty_server.url}/healthz")
    assert (health.status_code, health.json()) == (200, {"status": "ok"})
    assert health.headers["cache-control"] == "no-store"
    error = assert_error(httpx.get(f"{empty_server.url}/readyz"), 503, "not_ready")
    assert (error["message"], error["details"]) == ("not ready", [])


def test_an_empty_store_answers_503_not_500(empty_server: RunningServer) -> None:
    # The first uncached date starts the compute worker (seconds of imports on a busy machine).
    http = httpx.Client(timeout=60)
    for path in (
        "/api/v1/daily/2026-01-25",
        "/api/v1/daily/2026-01-25/hints/1.png",
        "/api/v1/daily/today/pentomino",
        "/api/v1/puzzles/calendar-dragonfjord/heatmap.png",
        "/api/v1/puzzles/pentomino-6x10/targets/board/solutions",
        "/api/v1/puzzles/pentomino-6x10/targets/board/solutions/1.png",
    ):
        assert_error(http.get(f"{empty_server.url}{path}"), 503, "not_precomputed")
    check = http.post(f"{empty_server.url}/api/v1/check", json={"puzzle": "pentomino-6x10", "placements": []})
    assert_error(check, 503, "not_precomputed")
    catalog = http.get(f"{empty_server.url}/api/v1/puzzles").json()["puzzles"]
    assert {p["stored_targets"] for p in catalog} == {0}
    page = http.get(f"{empty_server.url}/?date=2026-01-25")
    assert page.status_code == 503
    assert "not ready yet" in page.text and "python -m" not in page.text
    http.close()


def test_an_unmigrated_store_is_unavailable(tmp_path: Path) -> None:
    running = start_server(f"sqlite:///{tmp_path / 'blank.db'}")
    try:
        assert httpx.get(f"{running.url}/healthz").status_code == 200
        assert_error(httpx.get(f"{running.url}/readyz"), 503, "database_unavailable")
        assert_error(httpx.get(f"{running.url}/api/v1/puzzles"), 503, "database_unavailable")
    finally:
        running.stop()


@pytest.mark.slow
def test_full_store_is_ready(client: httpx.Client) -> None:
    ready = client.get("/readyz")
    assert ready.status_code == 200
    body = ready.json()
    assert body["status"] == "ready"
    assert body["puzzles"]["calendar-dragonfjord"] == {"targets": 372, "stored": 372}
    assert all(p["targets"] == p["stored"] for p in body["puzzles"].values())
