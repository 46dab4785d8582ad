"""``/api/v1/puzzles``: catalog totals, per-target counts, heatmap, paginated solutions, ETags."""

from __future__ import annotations

import httpx
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from hints.daily import CALENDAR_ID
from hints.solutions import solution_counts
from render.images import render_heatmap
from render.text import render_text
from solver.encoding import Placement, decode
from solver.puzzles import catalog, get_puzzle
from tests.support.api_server import assert_error, assert_png

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


def test_catalog_summaries_are_short_lived_but_conditional(client: httpx.Client) -> None:
    first = client.get("/api/v1/puzzles")
    assert first.headers["cache-control"] == "public, max-age=60"
    again = client.get("/api/v1/puzzles", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304
