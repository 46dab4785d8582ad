"""``/healthz`` and ``/readyz``: alive always, ready only once every catalog target is stored, 503
(never 500) on an empty or unmigrated store; in process (TestClient) and on a live server."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from api import create_app
from api.daily import WORKER_MODULES
from db import repository
from db.engine import make_engine, session_factory
from db.models import TargetRow
from hints.compute_worker import cache_bytes as worker_cache_bytes
from hints.supervised import SupervisedPool
from jobs.target_solving import OnDemand
from settings import Settings
from solver.puzzles import catalog
from solver.tasks import fingerprint
from tests.support.api_server import RunningServer, assert_error, start_server
from tests.support.modules import imported


def app_on(url: str) -> TestClient:
    return TestClient(create_app(Settings(_env_file=None, DATABASE_URL=url), OnDemand))  # type: ignore[call-arg]


def store_every_catalog_target(url: str) -> None:
    """Record every catalog target the store lacks (counts only: readiness reads no solution)."""
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        for puzzle in catalog().values():
            repository.sync_puzzle(
                session=session,
                puzzle_id=puzzle.id,
                title=puzzle.title,
                lattice=puzzle.lattice.name,
                fingerprint=fingerprint(puzzle),
            )
            stored = repository.stored_target_names(session=session, puzzle_id=puzzle.id)
            for target in (t for t in puzzle.targets if t.name not in stored):
                session.add(
                    TargetRow(
                        puzzle_id=puzzle.id,
                        name=target.name,
                        is_real=target.real,
                        solution_count=1,
                        seconds=0.0,
                    )
                )
    engine.dispose()


def test_alive_but_not_ready_while_the_catalog_is_partly_stored(
    sample_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with app_on(sample_url) as api:
        health = api.get("/healthz")
        assert (health.status_code, health.json(), health.headers["cache-control"]) == (
            200,
            {"status": "ok"},
            "no-store",
        )
        error = assert_error(api.get("/readyz"), 503, "not_ready")
    assert (error["message"], error["details"]) == ("not ready", [])  # nothing more for the public
    logged = [r.getMessage() for r in caplog.records if r.name.startswith("api")]
    missing = ["calendar-dragonfjord (15 of 372)", "pentomino-6x10 (0 of 1)", "pentomino-5x12 (0 of 1)"]
    assert any(all(m in line for m in missing) for line in logged)  # the operator's detail: the log
    assert any(line.endswith("; run python -m solver.precompute") for line in logged)


def test_readyz_is_made_once_per_read_of_the_store_not_per_request(
    sample_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A flood of ``/readyz`` costs an identity check per request: an unready store is logged once
    per read of its summaries, not once per request."""
    with app_on(sample_url) as api:
        statuses = [api.get("/readyz").status_code for _ in range(5)]
        api.app.state.api.sessions.kw["info"]["caches"]["stored_summaries"].forget()  # type: ignore[attr-defined]
        statuses.append(api.get("/readyz").status_code)
    assert statuses == [503] * 6
    logged = [r for r in caplog.records if r.getMessage().startswith("not ready")]
    assert len(logged) == 2  # the first read, and the read after it was forgotten


def test_ready_once_every_catalog_target_is_stored(sample_url: str) -> None:
    store_every_catalog_target(sample_url)
    with app_on(sample_url) as api:
        ready = api.get("/readyz")
    assert (ready.status_code, ready.headers["cache-control"]) == (200, "no-store")
    body = ready.json()
    assert body["status"] == "ready" and body["puzzles"]["calendar-dragonfjord"] == {
        "targets": 372,
        "stored": 372,
    }
    assert set(body["puzzles"]) == set(catalog()) and all(
        p["targets"] == p["stored"] for p in body["puzzles"].values()
    )


EMPTY_STORE_REQUESTS: list[tuple[str, str, dict[str, object] | None]] = [
    ("GET", "/api/v1/puzzles/pentomino-8x8-hole/targets/board/solutions", None),
    ("GET", "/api/v1/puzzles/pentomino-8x8-hole/targets/board/solutions/1.png", None),
    ("GET", "/api/v1/puzzles/calendar-dragonfjord/heatmap.png", None),
    ("POST", "/api/v1/check", {"puzzle": "pentomino-8x8-hole", "placements": []}),
    ("POST", "/api/v1/puzzles/pentomino-8x8-hole/targets/board/position", {"placements": []}),
]


def test_an_empty_store_answers_503_not_500(database_url: str) -> None:
    with app_on(database_url) as api:
        for method, path, body in EMPTY_STORE_REQUESTS:
            assert_error(api.request(method, path, json=body), 503, "not_precomputed")


def test_an_empty_store_lists_the_catalog_with_nothing_stored(database_url: str) -> None:
    with app_on(database_url) as api:
        listed = api.get("/api/v1/puzzles").json()["puzzles"]
    assert [p["id"] for p in listed] == list(catalog()) and {p["stored_targets"] for p in listed} == {0}


def test_an_unmigrated_store_is_unavailable_but_alive(tmp_path: Path) -> None:
    with app_on(f"sqlite:///{tmp_path / 'blank.db'}") as api:
        assert api.get("/healthz").status_code == 200
        assert_error(api.get("/readyz"), 503, "database_unavailable")
        error = assert_error(api.get("/api/v1/puzzles"), 503, "database_unavailable")
    assert error["message"] == "the solution store cannot be read right now"


@pytest.mark.slow
def test_a_killed_compute_worker_is_replaced_and_its_date_still_answered(sample_url: str) -> None:
    """Before, a compute worker killed once (kill -9, the out-of-memory killer) meant 500
    internal_error for every uncached date from then on, while /healthz said 200."""
    url = sample_url
    settings = Settings(_env_file=None, DATABASE_URL=url, RAW_SOLUTION_CACHE_MB=4)  # type: ignore[call-arg]
    with TestClient(create_app(settings, OnDemand)) as api:
        processes = api.app.state.api.daily.processes  # type: ignore[attr-defined]
        assert api.get("/api/v1/daily/2026-01-22").status_code == 200
        worker = processes.run(os.getpid)
        assert processes.run(worker_cache_bytes, url) == 4 << 20  # the process's bound, not 256 MB
        for framework in ("fastapi", "telegram", "bot"):  # the service and the pages only
            assert processes.run(imported, framework) == []
        os.kill(worker, signal.SIGKILL)
        assert api.get("/api/v1/daily/2026-01-23").status_code == 200
        assert api.get("/healthz").status_code == 200 and processes.replaced >= 1


def test_compute_workers_are_forked_with_the_service_and_the_pages_imported(sample_url: str) -> None:
    """A spawned worker was a new interpreter importing the service (seconds of CPU per worker,
    again after every crash, and hundreds of times in the test suite): now a fork server imports
    it once and forks each worker from there."""
    with TestClient(create_app(Settings(_env_file=None, DATABASE_URL=sample_url), OnDemand)) as api:  # type: ignore[call-arg]
        processes = api.app.state.api.daily.processes  # type: ignore[attr-defined]
        for module in WORKER_MODULES:  # before any page or date asked for
            assert processes.run(imported, module) == [module]
        assert processes.run(os.getppid) != os.getpid()  # the fork server's child, not this process's


def test_healthz_fails_while_no_compute_worker_can_be_made(sample_url: str) -> None:
    with TestClient(create_app(Settings(_env_file=None, DATABASE_URL=sample_url), OnDemand)) as api:  # type: ignore[call-arg]
        daily = api.app.state.api.daily  # type: ignore[attr-defined]
        daily._processes = SupervisedPool(1, sys.exit, (1,))  # every worker ends as it starts
        assert_error(api.get("/api/v1/daily/2026-01-22"), 503, "unavailable")
        assert_error(api.get("/healthz"), 503, "unhealthy")


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


def test_an_empty_store_answers_503_not_500_from_the_compute_worker_too(empty_server: RunningServer) -> None:
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
