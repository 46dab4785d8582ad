"""``/api/v1/puzzles``: the catalog, one puzzle, the year heatmap and the stored solutions agree with
the service; errors, ETags and caching headers. In process (TestClient) on a copy of the sample
store, and on a live server over the whole catalog."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from api import create_app
from db import repository
from db.engine import make_engine, session_factory
from db.models import TargetRow
from hints import pictures
from hints.daily import CALENDAR_ID
from hints.solution_pages import solution_page
from hints.solutions import all_solutions, solution_counts, stored_solution, stored_targets
from jobs.target_solving import OnDemand
from render.images import render_heatmap
from render.text import render_text
from settings import Settings
from solver.catalog import Puzzle
from solver.encoding import Placement, decode
from solver.puzzles import catalog, get_puzzle
from solver.tasks import fingerprint
from tests.support.api_server import SHARED_BY_MANY_TESTS, assert_error, assert_png

CALENDAR = get_puzzle("calendar-dragonfjord")
SOLUTIONS = "/api/v1/puzzles/calendar-dragonfjord/targets/01-22/solutions"  # 78 solutions
HOLE = "/api/v1/puzzles/pentomino-8x8-hole"
IMMUTABLE = "public, max-age=31536000, immutable"
SHORT = "public, max-age=60"


def app_on(url: str) -> TestClient:
    return TestClient(
        create_app(Settings(_env_file=None, DATABASE_URL=url, **SHARED_BY_MANY_TESTS), OnDemand)
    )  # type: ignore[call-arg]


@pytest.fixture(scope="module")
def api(store_url: str) -> Iterator[TestClient]:
    with app_on(store_url) as client:
        yield client


def as_json(placements: Sequence[Placement]) -> list[dict[str, object]]:
    return [
        {"piece": CALENDAR.pieces[p.piece].name, "cells": [list(c) for c in sorted(p.cells)]}
        for p in sorted(placements, key=lambda p: p.piece)
    ]


# ---------------------------------------------------------------- the catalog and one puzzle


def test_the_catalog_lists_every_puzzle_with_its_stored_totals(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    response = api.get("/api/v1/puzzles")
    assert response.status_code == 200 and response.headers["cache-control"] == SHORT
    listed = {p["id"]: p for p in response.json()["puzzles"]}
    assert list(listed) == list(catalog())
    with sessions() as session:
        stored = stored_targets(session)
    for puzzle in catalog().values():
        entry, mine = listed[puzzle.id], stored[puzzle.id]
        assert (entry["total"], entry["stored_targets"]) == (sum(t.solution_count for t in mine), len(mine))
        assert entry["real_total"] == sum(t.solution_count for t in mine if t.is_real)
        assert (entry["targets"], entry["pieces"]) == (len(puzzle.targets), list(puzzle.piece_names))
        assert (entry["lattice"], entry["url"]) == (puzzle.lattice.name, f"/api/v1/puzzles/{puzzle.id}")
    assert (listed["pentomino-4x15"]["total"], listed["pentomino-6x10"]["stored_targets"]) == (368, 0)


def test_a_calendar_lists_its_labelled_cells_and_every_dates_count(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    body = api.get("/api/v1/puzzles/calendar-dragonfjord").json()
    assert [tuple(c["cell"]) for c in body["cells"]] == list(CALENDAR.cells)
    assert (
        body["cells"][0] == {"cell": [0, 0], "label": "Jan"}
        and {"cell": [2, 0], "label": "1"} in body["cells"]
    )
    targets = {t["name"]: t for t in body["target_counts"]}
    assert len(targets) == 372 and {n for n, t in targets.items() if t["impossible"]} == {
        "02-30",
        "02-31",
        "04-31",
        "06-31",
        "09-31",
        "11-31",
    }
    with sessions() as session:
        counts = {t.name: t.solution_count for t in stored_targets(session, CALENDAR)[CALENDAR.id]}
    assert {n: t["solutions"] for n, t in targets.items() if t["solutions"] is not None} == counts
    assert targets["03-01"]["solutions"] is None  # not stored yet
    assert targets["01-25"]["uncovered"] == [[0, 0], [5, 3]]
    assert targets["01-25"]["solutions_url"] == "/api/v1/puzzles/calendar-dragonfjord/targets/01-25/solutions"
    assert (body["symmetries"], body["heatmap"]) == (1, "/api/v1/puzzles/calendar-dragonfjord/heatmap.png")


def test_a_board_has_its_symmetries_and_no_heatmap(api: TestClient) -> None:
    body = api.get(HOLE).json()
    assert (body["symmetries"], body["heatmap"], len(body["cells"])) == (8, None, 60)
    assert all(c["label"] is None for c in body["cells"])
    assert [(t["name"], t["solutions"]) for t in body["target_counts"]] == [("board", 65)]
    assert {p["name"]: p["orientations"] for p in body["piece_shapes"]}["X"] == 1
    assert_error(api.get(f"{HOLE}/heatmap.png"), 404, "no_heatmap")


@pytest.mark.parametrize(
    ("path", "code", "says"),
    [
        ("/api/v1/puzzles/nope", "unknown_puzzle", "pentomino-6x10"),
        ("/api/v1/puzzles/nope/heatmap.png", "unknown_puzzle", "calendar-dragonfjord"),
        ("/api/v1/puzzles/calendar-dragonfjord/targets/02-32/solutions", "unknown_target", "MM-DD"),
        ("/api/v1/puzzles/pentomino-6x10/targets/01-25/solutions/1.png", "unknown_target", "board"),
    ],
)
def test_unknown_puzzles_and_targets_are_404_naming_the_valid_ones(
    api: TestClient, path: str, code: str, says: str
) -> None:
    assert says in str(assert_error(api.get(path), 404, code)["message"])


# ---------------------------------------------------------------- the year heatmap


def test_the_heatmap_of_a_calendar_not_fully_stored_is_503(api: TestClient) -> None:
    error = assert_error(api.get("/api/v1/puzzles/calendar-dragonfjord/heatmap.png"), 503, "not_precomputed")
    assert "not fully precomputed" in str(error["message"])


def test_the_heatmap_of_a_whole_year_is_the_rendered_counts_and_immutable(sample_url: str) -> None:
    engine = make_engine(sample_url)
    with session_factory(engine).begin() as session:
        stored = solution_counts(session, CALENDAR)
        for index, target in enumerate(t for t in CALENDAR.targets if t.real and t.name not in stored):
            session.add(
                TargetRow(puzzle_id=CALENDAR.id, name=target.name, solution_count=7 + index, seconds=0.0)
            )
    with session_factory(engine)() as session:
        counts = solution_counts(session, CALENDAR)
    engine.dispose()
    url = "/api/v1/puzzles/calendar-dragonfjord/heatmap.png"
    with app_on(sample_url) as api:
        heatmap = api.get(url)
        assert assert_png(heatmap) == render_heatmap(counts) and heatmap.headers["cache-control"] == IMMUTABLE
        assert api.get(url, headers={"If-None-Match": heatmap.headers["etag"]}).status_code == 304


@pytest.mark.parametrize("year", [1, 9999])
def test_a_weekday_heatmap_draws_the_first_and_the_last_year_there_is(api: TestClient, year: int) -> None:
    """Nothing of the weekday edition is stored here: every date is grey, none is solved."""
    assert_png(api.get("/api/v1/puzzles/calendar-weekday/heatmap.png", params={"year": year}))


def count_every_real_target(url: str, puzzle: Puzzle) -> None:
    """A count for every real target of ``puzzle`` the store lacks (no solutions: enough to draw)."""
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        repository.sync_puzzle(
            session=session,
            puzzle_id=puzzle.id,
            title=puzzle.title,
            lattice=puzzle.lattice.name,
            fingerprint=fingerprint(puzzle),
        )
        stored = solution_counts(session, puzzle)
        missing = [t for t in puzzle.targets if t.real and t.name not in stored]
        session.add_all(
            TargetRow(puzzle_id=puzzle.id, name=t.name, solution_count=7 + i % 50, seconds=0.0)
            for i, t in enumerate(missing)
        )
    engine.dispose()


def test_the_heatmap_cache_holds_a_year_only_where_the_year_changes_the_picture(
    sample_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DragonFjord's dates have no weekday: every year is one picture, drawn once however many
    years a client asks for. A weekday edition counts each date with its weekday in the year."""
    weekday = get_puzzle("calendar-weekday")
    count_every_real_target(sample_url, CALENDAR)
    count_every_real_target(sample_url, weekday)
    drawn: list[int] = []

    def counting(counts: Any, **words: Any) -> bytes:
        drawn.append(len(counts))
        return render_heatmap(counts, **words)

    monkeypatch.setattr(pictures, "_render_heatmap", counting)
    with app_on(sample_url) as api:
        dragonfjord = "/api/v1/puzzles/calendar-dragonfjord/heatmap.png"
        years = [assert_png(api.get(dragonfjord, params={"year": year})) for year in (2025, 2026, 2027)]
        assert assert_png(api.get(dragonfjord)) == years[0] == years[1] == years[2]
        assert len(drawn) == 1
        weekday_years = {
            year: assert_png(api.get("/api/v1/puzzles/calendar-weekday/heatmap.png", params={"year": year}))
            for year in (2025, 2026, 2025)
        }
        assert len(drawn) == 3  # 2025 and 2026 drawn once each, 2025 again from the cache
        assert weekday_years[2025] != weekday_years[2026]


def test_an_edition_solved_on_demand_shows_the_dates_solved_so_far_briefly(api: TestClient) -> None:
    heatmap = api.get("/api/v1/puzzles/calendar-weekday/heatmap.png", params={"year": 2026})
    assert_png(heatmap)
    assert heatmap.headers["cache-control"] == SHORT  # not final: more dates will be solved
    assert_error(
        api.get("/api/v1/puzzles/calendar-weekday/heatmap.png", params={"year": 0}), 422, "invalid_request"
    )


# ---------------------------------------------------------------- stored solutions


def test_pages_list_every_stored_solution_in_order(api: TestClient, sessions: sessionmaker[Session]) -> None:
    seen = []
    for offset in (0, 50):
        page = api.get(SOLUTIONS, params={"offset": offset, "limit": 50}).json()
        assert (page["puzzle"], page["target"], page["offset"], page["limit"], page["total"]) == (
            "calendar-dragonfjord",
            "01-22",
            offset,
            50,
            78,
        )
        seen.extend(page["solutions"])
    with sessions() as session:
        stored = all_solutions(session, CALENDAR, CALENDAR.target("01-22"))
    assert [s["n"] for s in seen] == list(range(1, 79))
    assert [s["placements"] for s in seen] == [as_json(s) for s in stored]
    assert (seen[0]["image"], seen[0]["text"]) == (f"{SOLUTIONS}/1.png", f"{SOLUTIONS}/1.txt")


def test_page_edges(api: TestClient) -> None:
    default = api.get(SOLUTIONS).json()
    assert (default["offset"], default["limit"], len(default["solutions"])) == (0, 20, 20)
    assert [s["n"] for s in api.get(SOLUTIONS, params={"offset": 75}).json()["solutions"]] == [76, 77, 78]
    assert api.get(SOLUTIONS, params={"offset": 78}).json()["solutions"] == []
    error = assert_error(api.get(SOLUTIONS, params={"offset": 79}), 422, "offset_out_of_range")
    assert error["message"] == "offset 79 is past the end: calendar-dragonfjord 01-22 has 78 solutions"
    one = api.get(SOLUTIONS, params={"offset": 5, "limit": 1}).json()["solutions"]
    assert one == [api.get(f"{SOLUTIONS}/6").json()]


def test_a_face_up_page_keeps_the_stored_numbers(api: TestClient, sessions: sessionmaker[Session]) -> None:
    page = api.get(SOLUTIONS, params={"faceup": "true"}).json()
    with sessions() as session:
        expected = solution_page(session, CALENDAR, CALENDAR.target("01-22"), 0, 20, faceup=True)
    assert page["total"] == expected.total == 3
    assert [s["n"] for s in page["solutions"]] == [s.number for s in expected.solutions]


@pytest.mark.parametrize(
    "query",
    ["offset=-1", "offset=1000001", "limit=0", "limit=101", "limit=abc", "offset=99999999999999999999"],
)
def test_bad_page_parameters_are_422(api: TestClient, query: str) -> None:
    assert_error(api.get(f"{SOLUTIONS}?{query}"), 422, "invalid_request")


def test_solution_n_as_json_png_and_text(api: TestClient, sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        seventh = stored_solution(session, CALENDAR, CALENDAR.target("01-22"), 7)
    body = api.get(f"{SOLUTIONS}/7").json()
    assert (body["n"], body["placements"]) == (7, as_json(seventh.placements))
    image = assert_png(api.get(f"{SOLUTIONS}/7.png"))
    assert image != assert_png(api.get(f"{SOLUTIONS}/8.png"))
    text = api.get(f"{SOLUTIONS}/7.txt")
    assert text.headers["content-type"] == "text/plain; charset=utf-8"
    assert text.text.splitlines()[0].endswith("01-22: solution 7 of 78")
    assert render_text(CALENDAR, seventh.placements, CALENDAR.target("01-22").uncovered) in text.text


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        (f"{SOLUTIONS}/79.png", 404, "unknown_solution"),
        (f"{SOLUTIONS}/79", 404, "unknown_solution"),
        (f"{SOLUTIONS}/0.txt", 422, "invalid_request"),
        (f"{SOLUTIONS}/-1", 422, "invalid_request"),
        (f"{SOLUTIONS}/99999999999999999999999.png", 422, "invalid_request"),
        ("/api/v1/puzzles/calendar-dragonfjord/targets/03-01/solutions", 503, "not_precomputed"),
        ("/api/v1/puzzles/pentomino-6x10/targets/board/solutions/1.png", 503, "not_precomputed"),
    ],
)
def test_missing_solutions_and_bad_numbers_get_the_error_shape(
    api: TestClient, path: str, status: int, code: str
) -> None:
    assert_error(api.get(path), status, code)


def test_an_edition_target_is_solved_on_demand_then_served(api: TestClient) -> None:
    page = api.get("/api/v1/puzzles/calendar-creamakerspace/targets/02-29/solutions", params={"limit": 2})
    assert page.status_code == 200, page.text
    assert page.json()["total"] == 39 and len(page.json()["solutions"]) == 2
    puzzle = api.get("/api/v1/puzzles/calendar-creamakerspace").json()
    assert {t["name"]: t["solutions"] for t in puzzle["target_counts"]}["02-29"] == 39  # stored for good


# ---------------------------------------------------------------- caching


@pytest.mark.parametrize(
    "path",
    [f"{SOLUTIONS}/1.png", f"{SOLUTIONS}?limit=2", f"{SOLUTIONS}/3.txt", f"{HOLE}/targets/board/solutions/2"],
)
def test_solutions_are_immutable_with_etags(api: TestClient, path: str) -> None:
    first = api.get(path)
    etag = first.headers["etag"]
    assert first.headers["cache-control"] == IMMUTABLE and etag.startswith('"') and etag.endswith('"')
    for header in (etag, f"W/{etag}", f'"other", {etag}', "*"):
        again = api.get(path, headers={"If-None-Match": header})
        assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", etag)
    assert api.get(path, headers={"If-None-Match": '"stale"'}).status_code == 200


def test_catalog_summaries_are_short_lived_but_conditional(api: TestClient) -> None:
    for path in ("/api/v1/puzzles", HOLE):
        first = api.get(path)
        assert first.headers["cache-control"] == SHORT
        assert api.get(path, headers={"If-None-Match": first.headers["etag"]}).status_code == 304


IMPOSSIBLE_DATES = {"02-30", "02-31", "04-31", "06-31", "09-31", "11-31"}


def placements_of(puzzle_id: str, items: list[dict[str, object]]) -> set[Placement]:
    names = get_puzzle(puzzle_id).piece_names
    return {
        Placement(names.index(str(item["piece"])), tuple(tuple(c) for c in item["cells"]))  # type: ignore[attr-defined, misc]
        for item in items
    }


def test_catalog_totals_equal_the_store(client: httpx.Client, store: sessionmaker[Session]) -> None:
    response = client.get("/api/v1/puzzles")
    assert response.status_code == 200
    listed = {p["id"]: p for p in response.json()["puzzles"]}
    assert list(listed) == list(catalog())
    with store() as session:
        stored = repository.list_targets(session=session)
    for puzzle in catalog().values():
        mine = [t for t in stored if t.puzzle_id == puzzle.id]
        entry = listed[puzzle.id]
        assert entry["total"] == sum(t.solution_count for t in mine)
        assert entry["real_total"] == sum(t.solution_count for t in mine if t.is_real)
        assert entry["targets"] == len(puzzle.targets) == entry["stored_targets"]
        assert entry["pieces"] == list(puzzle.piece_names)
        assert entry["lattice"] == puzzle.lattice.name
    assert listed["pentomino-6x10"]["total"] == 2339
    assert listed["calendar-dragonfjord"]["real_total"] == 24405
    assert listed["hexiamond-tenyo"]["lattice"] == "triangle"


def test_calendar_lists_cells_labels_and_flags_exactly_the_impossible_dates(
    client: httpx.Client, store: sessionmaker[Session]
) -> None:
    body = client.get("/api/v1/puzzles/calendar-dragonfjord").json()
    puzzle = get_puzzle("calendar-dragonfjord")
    assert [tuple(c["cell"]) for c in body["cells"]] == list(puzzle.cells)
    assert {tuple(c["cell"]): c["label"] for c in body["cells"]} == {
        c: puzzle.labels.get(c) for c in puzzle.cells
    }
    assert body["cells"][0] == {"cell": [0, 0], "label": "Jan"}
    assert {"cell": [1, 0], "label": "Jul"} in body["cells"]
    assert {"cell": [2, 0], "label": "1"} in body["cells"]
    targets = {t["name"]: t for t in body["target_counts"]}
    assert len(targets) == 372
    assert {name for name, t in targets.items() if t["impossible"]} == IMPOSSIBLE_DATES
    with store() as session:
        counts = {
            t.name: t.solution_count for t in repository.list_targets(session=session, puzzle_id=puzzle.id)
        }
    assert {name: t["solutions"] for name, t in targets.items()} == counts
    assert targets["01-25"]["uncovered"] == [[0, 0], [5, 3]]
    assert targets["10-06"]["solutions"] == 7
    assert body["heatmap"] == "/api/v1/puzzles/calendar-dragonfjord/heatmap.png"
    assert body["symmetries"] == 1


def test_board_detail_has_its_symmetries_and_no_heatmap(client: httpx.Client) -> None:
    body = client.get("/api/v1/puzzles/pentomino-8x8-hole").json()
    assert body["symmetries"] == 8
    assert body["heatmap"] is None
    assert len(body["cells"]) == 60
    assert all(c["label"] is None for c in body["cells"])
    assert [t["name"] for t in body["target_counts"]] == ["board"]
    assert body["target_counts"][0]["solutions"] == 65
    assert {p["name"]: p["orientations"] for p in body["piece_shapes"]}["X"] == 1
    assert_error(client.get("/api/v1/puzzles/pentomino-8x8-hole/heatmap.png"), 404, "no_heatmap")


def test_heatmap_is_the_rendered_year(client: httpx.Client, store: sessionmaker[Session]) -> None:
    data = assert_png(client.get("/api/v1/puzzles/calendar-dragonfjord/heatmap.png"))
    with store() as session:
        assert data == render_heatmap(solution_counts(session, get_puzzle(CALENDAR_ID)))


def test_solutions_pages_cover_every_stored_solution_in_order(
    client: httpx.Client, store: sessionmaker[Session]
) -> None:
    url = "/api/v1/puzzles/calendar-dragonfjord/targets/01-25/solutions"
    seen = []
    for offset in (0, 100, 200):
        page = client.get(url, params={"offset": offset, "limit": 100}).json()
        assert (page["offset"], page["limit"], page["total"]) == (offset, 100, 216)
        seen.extend(page["solutions"])
    assert [s["n"] for s in seen] == list(range(1, 217))
    puzzle = get_puzzle("calendar-dragonfjord")
    with store() as session:
        codes = repository.get_encodings(session=session, puzzle_id=puzzle.id, target="01-25")
    for solution, code in zip(seen, codes, strict=True):
        assert placements_of(puzzle.id, solution["placements"]) == set(decode(puzzle, code))
    assert seen[0]["image"] == f"{url}/1.png"
    assert seen[0]["text"] == f"{url}/1.txt"


def test_pagination_edges(client: httpx.Client) -> None:
    url = "/api/v1/puzzles/pentomino-6x10/targets/board/solutions"
    default = client.get(url).json()
    assert (default["offset"], default["limit"], len(default["solutions"])) == (0, 20, 20)
    tail = client.get(url, params={"offset": 2330, "limit": 20}).json()
    assert [s["n"] for s in tail["solutions"]] == list(range(2331, 2340))
    assert client.get(url, params={"offset": 2339}).json()["solutions"] == []
    assert_error(client.get(url, params={"offset": 2340}), 422, "offset_out_of_range")
    one = client.get(url, params={"offset": 5, "limit": 1}).json()["solutions"]
    assert len(one) == 1
    assert one[0] == client.get(f"{url}/6").json()


def test_solution_png_and_text(client: httpx.Client, store: sessionmaker[Session]) -> None:
    base = "/api/v1/puzzles/calendar-dragonfjord/targets/10-06/solutions"
    first = assert_png(client.get(f"{base}/7.png"))
    assert assert_png(client.get(f"{base}/7.png")) == first
    assert first != assert_png(client.get(f"{base}/6.png"))
    text = client.get(f"{base}/7.txt")
    assert text.status_code == 200
    assert text.headers["content-type"] == "text/plain; charset=utf-8"
    puzzle = get_puzzle("calendar-dragonfjord")
    with store() as session:
        (code,) = repository.get_encodings(
            session=session, puzzle_id=puzzle.id, target="10-06", offset=6, limit=1
        )
    assert text.text.splitlines()[0].endswith("10-06: solution 7 of 7")
    assert render_text(puzzle, decode(puzzle, code), puzzle.target("10-06").uncovered) in text.text
    assert_error(client.get(f"{base}/8.png"), 404, "unknown_solution")
    assert_error(client.get(f"{base}/0.txt"), 422, "invalid_request")
    assert_png(client.get("/api/v1/puzzles/hexiamond-tenyo/targets/board/solutions/4968.png"))


def test_immutable_resources_send_etags_and_answer_304(client: httpx.Client) -> None:
    for url in (
        "/api/v1/puzzles/pentomino-3x20/targets/board/solutions/1.png",
        "/api/v1/puzzles/pentomino-3x20/targets/board/solutions?limit=2",
        "/api/v1/puzzles/calendar-dragonfjord/heatmap.png",
    ):
        first = client.get(url)
        etag = first.headers["etag"]
        assert etag.startswith('"') and etag.endswith('"')
        assert "max-age=31536000" in first.headers["cache-control"]
        assert "immutable" in first.headers["cache-control"]
        for header in (etag, f"W/{etag}", f'"other", {etag}', "*"):
            again = client.get(url, headers={"If-None-Match": header})
            assert again.status_code == 304
            assert again.content == b""
            assert again.headers["etag"] == etag
        assert client.get(url, headers={"If-None-Match": '"stale"'}).status_code == 200
        head = client.head(url)
        assert (head.status_code, head.content, head.headers["etag"]) == (200, b"", etag)
        assert head.headers["content-length"] == first.headers["content-length"]  # gzipped or not
