"""One cost model: every request answers from a cache keyed by what it depends on, or costs one
computation of the client's budget before the work starts (in-process, on the sample store)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api import clients
from api.app import create_app
from api.daily import DailyContent
from api.routes import web
from api.web import board_page as web_board_page
from api.web import page as web_page
from api.web import templating
from db import repository
from db.engine import make_engine, session_factory
from hints import codes, solutions
from hints.solutions import StoredSummaries
from jobs.target_solving import OnDemand
from settings import Settings
from solver.puzzles import all_puzzles

DAY = "2026-01-22"  # stored in the sample store, with its pentomino challenge
BOARD = "/play/pentomino-8x8-hole/board"


def app_client(store_url: str, per_minute: int) -> TestClient:
    """The API with a budget of ``per_minute`` computations, its summary of the store never stale
    (so a read of the store is the test's doing, not the clock's)."""
    settings = Settings(_env_file=None, DATABASE_URL=store_url, API_COMPUTE_PER_MINUTE=per_minute)  # type: ignore[call-arg]
    app = create_app(settings, OnDemand)
    caches = app.state.api.sessions.kw["info"]["caches"]
    caches["stored_summaries"] = StoredSummaries(clock=lambda: 0.0)
    return TestClient(app)


@pytest.fixture(autouse=True)
def prompt_refusals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clients, "REFUSAL_DELAY", 0.0)  # a 429 at once: these tests wait for none


@pytest.fixture
def api(store_url: str) -> Iterator[TestClient]:
    with app_client(store_url, 1000) as http:
        yield http


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Callable[[Any, str], list[object]]:
    """Count the calls of ``owner.name`` (still calling it): the list grows by one per call."""

    def count(owner: Any, name: str) -> list[object]:
        seen: list[object] = []
        original = getattr(owner, name)

        def counting(*args: Any, **kwargs: Any) -> Any:
            seen.append(args)
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, counting)
        return seen

    return count


# ---------------------------------------------------------------- cached by what they depend on


def test_listings_and_readiness_read_no_target_row_per_request(
    api: TestClient, calls: Callable[[Any, str], list[object]]
) -> None:
    rows = calls(repository, "list_targets")
    summaries = calls(repository, "target_summaries")
    for _ in range(3):
        assert api.get("/api/v1/puzzles").status_code == 200
        assert api.get("/api/v1/editions").status_code == 200
        assert api.get("/readyz").status_code in (200, 503)  # the sample is not the whole catalog
    assert (len(rows), len(summaries)) == (0, 1)  # one aggregate query for all nine answers


def test_one_puzzle_reads_its_targets_once_per_stored_state(
    api: TestClient, calls: Callable[[Any, str], list[object]]
) -> None:
    rows = calls(solutions, "stored_targets")
    first = api.get("/api/v1/puzzles/calendar-dragonfjord")
    again = api.get("/api/v1/puzzles/calendar-dragonfjord", headers={"If-None-Match": first.headers["etag"]})
    assert (first.status_code, again.status_code, len(rows)) == (200, 304, 1)


def test_a_summary_is_read_again_once_stale_or_forgotten(
    store_url: str, calls: Callable[[Any, str], list[object]]
) -> None:
    reads = calls(repository, "target_summaries")
    now = [0.0]
    summaries = StoredSummaries(seconds=5.0, clock=lambda: now[0])
    engine = make_engine(store_url)
    sessions = session_factory(engine)
    try:
        summaries.get(sessions)
        now[0] = 4.9
        assert summaries.get(sessions)["pentomino-8x8-hole"].targets == 1 and len(reads) == 1
        now[0] = 5.0
        summaries.get(sessions)
        assert len(reads) == 2
        summaries.forget()  # a target stored by this process
        assert summaries.peek() is None
        summaries.get(sessions)
        assert len(reads) == 3
    finally:
        engine.dispose()


def test_a_target_solved_here_shows_in_the_listings_at_once(
    api: TestClient, calls: Callable[[Any, str], list[object]]
) -> None:
    edition = "calendar-weekday-monday"
    listed = {e["id"]: e["stored_targets"] for e in api.get("/api/v1/editions").json()["editions"]}
    solved = api.get(f"/api/v1/puzzles/{edition}/targets/01-26-mon/solutions")
    assert solved.status_code == 200
    again = {e["id"]: e["stored_targets"] for e in api.get("/api/v1/editions").json()["editions"]}
    assert again[edition] == listed[edition] + 1


def test_pages_are_rendered_once_and_answered_304_after(
    api: TestClient, calls: Callable[[Any, str], list[object]]
) -> None:
    apart = calls(DailyContent, "apart")  # (content, render, *arguments) per page rendered apart
    lists = calls(web, "render_board_list")
    for path in (f"/?date={DAY}", BOARD, "/play/calendar-dragonfjord/01-25?faceup=1", "/play"):
        first = api.get(path)
        assert first.status_code == 200 and first.headers["etag"]
        assert api.get(path).content == first.content
        assert api.get(path, headers={"If-None-Match": first.headers["etag"]}).status_code == 304
    rendered = Counter(getattr(call[1], "__name__", "") for call in apart)  # type: ignore[index]
    assert (rendered["daily_page_payload"], rendered["board_page_payload"]) == (1, 2)
    assert len(lists) == 1


def test_pages_are_rendered_in_a_worker_process_not_the_servers(
    api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A board page is milliseconds of Python, a daily page tens: in a thread of the server it
    held the GIL, and every answer of the event loop waited for it (today's p99 under a flood of
    boards was about five times its unloaded p99)."""
    here: list[str] = []
    monkeypatch.setattr(web_board_page, "render_board_page", lambda view: here.append("board") or "")
    monkeypatch.setattr(web_page, "render_page", lambda *args: here.append("daily") or "")
    board = api.get(BOARD)
    daily = api.get("/", params={"date": DAY})
    assert board.status_code == daily.status_code == 200
    assert "<svg" in board.text and "2026" in daily.text  # the worker's renderings, not these
    assert here == []


def test_each_thing_a_page_shows_is_in_its_key(
    api: TestClient, calls: Callable[[Any, str], list[object]]
) -> None:
    apart = calls(DailyContent, "apart")
    pages = [
        api.get("/", params={"date": DAY, **extra}).text for extra in ({}, {"stage": "1"}, {"lang": "ja"})
    ]
    rendered = Counter(getattr(call[1], "__name__", "") for call in apart)  # type: ignore[index]
    assert len(set(pages)) == 3 and rendered["daily_page_payload"] == 3


# ---------------------------------------------------------------- charged when not cached


def test_a_page_not_cached_costs_a_computation_and_a_cached_one_nothing(store_url: str) -> None:
    with app_client(store_url, 1) as api:
        assert api.get(BOARD).status_code == 200
        refused = api.get(BOARD, params={"lang": "ja"})
        assert refused.status_code == 429 and "Retry-After" in refused.headers
        assert api.get(BOARD).status_code == 200  # cached: free


def test_a_daily_page_costs_its_bundle_or_its_rendering_never_both(store_url: str) -> None:
    with app_client(store_url, 1) as api:
        assert api.get("/", params={"date": DAY}).status_code == 200  # the bundle computed: one
        assert api.get("/", params={"date": DAY, "stage": "2"}).status_code == 429  # a new rendering
        assert api.get("/", params={"date": DAY}).status_code == 200


def test_a_face_up_board_costs_its_counts_once_and_its_page_no_more(store_url: str) -> None:
    with app_client(store_url, 1) as api:
        assert api.get("/play/calendar-dragonfjord/01-25?faceup=1").status_code == 200  # stars and page: one
        assert api.get("/play/calendar-dragonfjord/01-26?faceup=1").status_code == 429
        assert api.get("/play/calendar-dragonfjord/01-25?faceup=1").status_code == 200


def test_face_up_stars_are_counted_in_a_worker_process_not_the_servers(store_url: str) -> None:
    """Counting an edition's face-up solutions is about 0.2 s of Python: in a thread of the server
    it held the GIL, and every answer of the event loop waited (today's p99 under a face-up flood
    was six times its unloaded p99)."""
    solutions._FACEUP_COUNTS.clear()
    with app_client(store_url, 1000) as api:
        assert api.get("/play/calendar-dragonfjord/01-25?faceup=1").status_code == 200
        processes = api.app.state.api.daily.processes  # type: ignore[attr-defined]
        assert processes.run(solutions.faceup_cache_entries) == 1  # counted and kept in the worker
    assert solutions.faceup_cache_entries() == 0  # not here


def test_the_servers_layouts_are_made_before_its_first_request(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A position code's layout is tens of milliseconds of Python per board: made by the first
    request that links each board, it held the event loop's GIL mid-traffic."""
    made: list[str] = []
    monkeypatch.setattr(codes, "_LAYOUTS", {})
    original = codes._make_layout
    monkeypatch.setattr(codes, "_make_layout", lambda puzzle: made.append(puzzle.id) or original(puzzle))
    with app_client(store_url, 1000) as api:
        assert set(made) == set(all_puzzles())
        made.clear()
        assert api.get(f"/api/v1/daily/{DAY}").status_code == 200
    assert made == []


def test_the_page_templates_are_compiled_before_the_first_request(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Compiling a page's template (Jinja) takes milliseconds of Python: done by the first request
    showing each page, in a worker thread, it held the interpreter's lock while others waited."""
    environment = templating.ENVIRONMENT
    assert environment.cache is not None and environment.loader is not None
    environment.cache.clear()
    compiled: list[str] = []
    load = environment.loader.load

    def counted(env: Any, name: str, globals: Any = None) -> Any:
        compiled.append(name)
        return load(env, name, globals)

    monkeypatch.setattr(environment.loader, "load", counted)
    with app_client(store_url, 1000) as api:
        assert {"board.html", "daily.html"} <= set(compiled) == set(environment.list_templates())
        compiled.clear()
        assert api.get(f"/?date={DAY}").status_code == 200
        assert api.get("/play/calendar-dragonfjord/01-22").status_code == 200
    assert compiled == []
