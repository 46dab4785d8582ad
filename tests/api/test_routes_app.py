"""What every route shares, in process (TestClient): one error shape for anything unreadable, a
body size limit, HEAD as GET, and security headers on every response."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from api import create_app
from api.app import MAX_BODY_BYTES
from api.middleware import location_path
from hints.codes import encode_position
from hints.raw_solutions import raw_cache
from jobs import target_solving
from jobs.target_solving import OnDemand
from settings import Settings, get_settings
from solver.puzzles import get_puzzle
from tests.support.api_server import assert_error
from tests.support.stores import copy_sqlite_file


@pytest.fixture(scope="module")
def api(sample_store: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    url = copy_sqlite_file(sample_store, tmp_path_factory.mktemp("app") / "store.db")
    with TestClient(create_app(Settings(_env_file=None, DATABASE_URL=url), OnDemand)) as client:  # type: ignore[call-arg]
        yield client


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("GET", "/api/v1/nothing", 404, "not_found"),
        ("GET", "/no/such/page", 404, "not_found"),
        ("PUT", "/api/v1/check", 405, "method_not_allowed"),
        ("DELETE", "/api/v1/puzzles", 405, "method_not_allowed"),
    ],
)
def test_no_route_and_wrong_methods_get_the_error_shape(
    api: TestClient, method: str, path: str, status: int, code: str
) -> None:
    response = api.request(method, path)
    assert_error(response, status, code)
    assert response.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "the request body is not valid JSON"),
        (b"", "body: Field required"),
        (b"[1, 2, 3]", "body: Input should be a valid dictionary or object to extract fields from"),
        (b'{"puzzle": "pentomino-3x20", "extra": 1}', "body.extra: Extra inputs are not permitted"),
    ],
)
def test_unreadable_bodies_are_422_saying_why(api: TestClient, content: bytes, message: str) -> None:
    response = api.post("/api/v1/check", content=content, headers={"content-type": "application/json"})
    assert assert_error(response, 422, "invalid_request")["message"] == message


def test_a_declared_oversized_body_is_refused_before_parsing(api: TestClient) -> None:
    huge = b'{"puzzle": "' + b"x" * MAX_BODY_BYTES + b'"}'
    error = assert_error(api.post("/api/v1/check", content=huge), 413, "payload_too_large")
    assert error["message"] == f"request body over {MAX_BODY_BYTES} bytes"


def test_a_streamed_oversized_body_is_refused_too(api: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(10):
            yield b"x" * 10_000

    response = api.post("/api/v1/check", content=chunks(), headers={"content-type": "application/json"})
    assert_error(response, 413, "payload_too_large")


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/puzzles/pentomino-3x20",
        "/api/v1/puzzles/pentomino-3x20/targets/board/solutions/1.png",
        "/api/v1/puzzles/nope",
        "/healthz",
        "/docs",
        "/play",
    ],
)
def test_every_response_carries_the_security_headers(api: TestClient, path: str) -> None:
    response = api.get(path)
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    if response.headers["content-type"].startswith("text/html"):
        assert "http" not in response.headers["content-security-policy"]  # no third-party origin


def test_head_is_get_without_the_body(api: TestClient) -> None:
    path = "/api/v1/puzzles/pentomino-3x20/targets/board/solutions?limit=1"
    got, head = api.get(path), api.head(path)
    assert (head.status_code, head.content, head.headers["etag"]) == (200, b"", got.headers["etag"])
    assert head.headers["content-length"] == str(len(got.content))


def test_an_unknown_default_time_zone_is_refused_at_start() -> None:
    settings = Settings(_env_file=None, DATABASE_URL="sqlite://", DEFAULT_TIMEZONE="Mars/Olympus")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="DEFAULT_TIMEZONE 'Mars/Olympus' is not an IANA time zone"):
        create_app(settings, OnDemand)


def test_the_app_bounds_the_raw_solution_cache_by_its_setting(store_url: str) -> None:
    settings = Settings(_env_file=None, DATABASE_URL=store_url, RAW_SOLUTION_CACHE_MB=1)  # type: ignore[call-arg]
    empty = encode_position(get_puzzle("calendar-dragonfjord"), [])
    with TestClient(create_app(settings, OnDemand)) as api:
        for day in ("01-20", "01-21", "01-22", "01-23", "01-24", "01-25"):
            path = f"/api/v1/puzzles/calendar-dragonfjord/targets/{day}/positions/{empty}"
            assert api.get(path).status_code == 200
        assert 0 < raw_cache(api.app.state.api.sessions).size <= 1 << 20


def test_a_cache_bound_below_one_mb_is_refused() -> None:
    with pytest.raises(ValidationError, match="RAW_SOLUTION_CACHE_MB"):
        Settings(_env_file=None, RAW_SOLUTION_CACHE_MB=0)  # type: ignore[call-arg]


@pytest.fixture
def two_solver_processes(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """ON_DEMAND_PROCESSES=2 for this test (jobs.target_solving reads it through get_settings)."""
    monkeypatch.setenv("ON_DEMAND_PROCESSES", "2")
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()  # the next call reads the environment monkeypatch puts back


@pytest.mark.slow  # a pool of solver processes
def test_the_apps_solver_processes_end_with_the_app(store_url: str, two_solver_processes: None) -> None:
    """Left to the interpreter's exit, they were joined from an atexit hook after a SIGTERM."""
    with TestClient(create_app(Settings(_env_file=None, DATABASE_URL=store_url), OnDemand)) as api:  # type: ignore[call-arg]
        solved = api.get("/api/v1/puzzles/calendar-jarringwords/targets/03-01/solutions")
        assert solved.status_code == 200 and solved.json()["total"] > 0  # solved on demand by the pool
        workers = [p for pool in target_solving._POOLS.values() for p in pool._processes.values()]
        assert workers and all(p.is_alive() for p in workers)
    assert not any(p.is_alive() for p in workers) and target_solving._POOLS == {}


@pytest.mark.parametrize(
    ("path", "location"),
    [
        ("/api/v1/puzzles/", "/api/v1/puzzles"),
        ("/api/v1/editions/?lang=ja", "/api/v1/editions?lang=ja"),
        ("/play/", "/play"),
    ],
)
def test_a_redirect_names_a_path_never_the_host_the_client_sent(
    api: TestClient, path: str, location: str
) -> None:
    response = api.get(path, headers={"Host": "evil.example"}, follow_redirects=False)
    assert response.status_code == 307 and response.headers["location"] == location


def test_a_location_is_cut_to_a_path_that_no_browser_reads_as_a_host() -> None:
    assert location_path(b"http://evil.example//other.host/x?y=1", "evil.example") == b"/other.host/x?y=1"
    assert location_path(b"https://elsewhere.example/x", "evil.example") == b"https://elsewhere.example/x"
    assert location_path(b"/already/a/path", "evil.example") == b"/already/a/path"


def test_a_body_that_is_not_even_text_is_422_like_any_bad_json(api: TestClient) -> None:
    """Bytes that are not UTF-8, sent to a route whose body is optional, were a 400 the schema
    did not list (found by the schema fuzzer)."""
    response = api.post(
        "/api/v1/me/days/calendar-dragonfjord/01-25/solved",
        content=b"*s\xff",
        headers={"content-type": "application/json"},
    )
    assert assert_error(response, 422, "invalid_request")["message"] == "the request body is not valid JSON"
