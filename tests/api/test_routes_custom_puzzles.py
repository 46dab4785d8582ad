"""People's own puzzles through the API, in process: created from a definition (every problem in
words otherwise), owned, versioned, deleted, found by every route that takes a puzzle id."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api import players
from tests.solver.test_hex import ROW_OF_FOUR
from tests.support.api_server import assert_error
from tests.support.miniapp import signed_in_app

# A 3 x 5 box for three pentominoes: quick to probe and to solve.
BOX = """title: Three in a box
targets: board
pieces: pentominoes L P V
board:
# # # # #
# # # # #
# # # # #
"""
CREATE = "/api/v1/puzzles"


@pytest.fixture(scope="module")
def api(store_url: str) -> Iterator[TestClient]:
    with signed_in_app(store_url) as client:
        yield client


@pytest.fixture(autouse=True)
def new_visitor(api: TestClient) -> None:
    api.cookies.clear()


def created(api: TestClient, definition: str = BOX) -> dict[str, object]:
    answer = api.post(CREATE, json={"definition": definition})
    assert answer.status_code == 201, answer.text
    body: dict[str, object] = answer.json()
    return body


def test_a_definition_becomes_a_puzzle_with_a_link_that_every_route_takes(api: TestClient) -> None:
    body = created(api)
    puzzle_id, version_id = str(body["id"]), str(body["puzzle"])
    assert (body["title"], body["version"], body["yours"], body["published"]) == (
        "Three in a box",
        1,
        True,
        False,
    )
    assert version_id == f"{puzzle_id}.1" and body["link"] == f"/p/{puzzle_id}"
    assert body["probe"] == [
        {"target": "board", "solvable": True, "solutions": 1, "more_than": False, "undecided": False}
    ]  # one packing, up to the box's symmetries
    opened = api.get(f"/p/{puzzle_id}", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"].endswith(f"/play/{puzzle_id}")
    board = api.get(f"/play/{puzzle_id}", follow_redirects=False)
    assert board.status_code == 303 and f"/play/{version_id}/board" in board.headers["location"]
    assert api.get(f"/play/{version_id}/board").status_code == 200
    described = api.get(f"/api/v1/puzzles/{puzzle_id}")
    assert described.status_code == 200, described.text
    assert described.json()["id"] == version_id
    solutions = api.get(f"/api/v1/puzzles/{version_id}/targets/board/solutions")
    assert solutions.status_code == 200, solutions.text
    assert solutions.json()["total"] >= 1


def test_every_problem_comes_back_in_words_with_its_place(api: TestClient) -> None:
    broken = BOX.replace("pentominoes L P V", "pentominoes L P Q").replace(
        "# # # # #\n#", "# # # # #\n# #", 1
    )
    answer = api.post(CREATE, json={"definition": broken})
    assert_error(answer, 422, "invalid_definition")
    details = answer.json()["error"]["details"]
    assert len(details) >= 1 and all({"line", "column", "code", "message"} <= set(d) for d in details)
    assert any(d["line"] == 3 and "Q" in d["message"] for d in details)


def test_only_the_owner_changes_a_puzzle_and_an_edit_is_a_new_version(api: TestClient) -> None:
    body = created(api)
    puzzle_id, owner = str(body["id"]), api.cookies[players.COOKIE]
    api.cookies.clear()
    assert_error(api.patch(f"{CREATE}/{puzzle_id}", json={"title": "Mine now"}), 403, "not_owner")
    assert_error(api.delete(f"{CREATE}/{puzzle_id}"), 403, "not_owner")
    api.cookies.set(players.COOKIE, owner)
    renamed = api.patch(f"{CREATE}/{puzzle_id}", json={"title": "Renamed", "published": True})
    assert renamed.status_code == 200 and renamed.json()["title"] == "Renamed" and renamed.json()["published"]
    wider = BOX.replace("pentominoes L P V", "pentominoes L P V T").replace(
        "# # # # #\n", "# # # # #\n# # # # #\n", 1
    )
    edited = api.patch(f"{CREATE}/{puzzle_id}", json={"definition": wider})
    assert edited.status_code == 200, edited.text
    assert (edited.json()["version"], edited.json()["puzzle"]) == (2, f"{puzzle_id}.2")
    assert api.get(f"/api/v1/puzzles/{puzzle_id}.1").json()["id"] == f"{puzzle_id}.1"  # the old one stays
    assert [p["id"] for p in api.get("/api/v1/me/puzzles").json()["puzzles"]] == [puzzle_id]


def test_a_deleted_puzzle_says_so(api: TestClient) -> None:
    puzzle_id = str(created(api)["id"])
    assert api.delete(f"{CREATE}/{puzzle_id}").status_code == 204
    assert_error(api.get(f"/p/{puzzle_id}"), 410, "puzzle_deleted")
    assert_error(api.get(f"/api/v1/puzzles/{puzzle_id}"), 410, "puzzle_deleted")
    assert_error(api.delete(f"{CREATE}/{puzzle_id}"), 410, "puzzle_deleted")
    assert api.get("/api/v1/me/puzzles").json()["puzzles"] == []


def test_a_puzzle_none_of_whose_probed_targets_has_a_solution_is_refused(api: TestClient) -> None:
    # 15 cells, three pentominoes, but no way to pack I, L and P in a 3 x 5 box
    answer = api.post(CREATE, json={"definition": BOX.replace("L P V", "I L P")})
    assert_error(answer, 422, "no_solution")
    assert "board" in answer.json()["error"]["message"]


def test_a_person_keeps_no_more_puzzles_than_the_quota(
    api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = api.app.state.api.settings  # type: ignore[attr-defined]
    monkeypatch.setattr(settings, "CUSTOM_PUZZLES_PER_PERSON", 1)
    assert api.post(CREATE, json={"definition": BOX}).status_code == 201
    refused = api.post(CREATE, json={"definition": BOX})
    assert_error(refused, 429, "quota_reached")
    assert (
        refused.json()["error"]["message"] == "you have reached the limit of puzzles one person may keep: 1"
    )


def test_an_unknown_custom_id_is_a_404(api: TestClient) -> None:
    assert_error(api.get("/p/u2345678"), 404, "unknown_puzzle")
    assert api.get("/api/v1/puzzles/u2345678").status_code == 404


def test_a_persons_puzzle_is_a_daily_edition_that_follows_its_edits(api: TestClient) -> None:
    puzzle_id = str(created(api)["id"])
    chosen = api.put("/api/v1/me/settings", json={"edition": puzzle_id})
    assert chosen.status_code == 200 and chosen.json()["edition"] == f"{puzzle_id}.1"  # its current version
    assert_error(api.put("/api/v1/me/settings", json={"edition": "u2345678"}), 422, "unknown_edition")
    daily = api.get("/api/v1/daily/2026-01-22", params={"edition": puzzle_id})
    assert daily.status_code == 200, daily.text
    assert (daily.json()["puzzle"], daily.json()["target"], daily.json()["title"]) == (
        f"{puzzle_id}.1",
        "board",
        "Three in a box",
    )
    wider = BOX.replace("pentominoes L P V", "pentominoes L P V T").replace(
        "# # # # #\n", "# # # # #\n# # # # #\n", 1
    )
    assert api.patch(f"{CREATE}/{puzzle_id}", json={"definition": wider}).status_code == 200
    again = api.get("/api/v1/daily/2026-01-23", params={"edition": puzzle_id})
    assert again.status_code == 200 and again.json()["puzzle"] == f"{puzzle_id}.2"


def test_a_row_of_four_hexagons_with_two_dominoes_has_exactly_two_solutions(api: TestClient) -> None:
    """The hexagonal lattice through the API: a person's definition, solved on demand. The two
    coverings (A left and B right, or the other way) are mirror images of each other, so the
    stored solutions, one per symmetry class, are one."""
    puzzle_id = created(api, ROW_OF_FOUR)["id"]
    base = f"/api/v1/puzzles/{puzzle_id}/targets/board"
    empty = api.post(f"{base}/position", json={"placements": []})
    assert empty.status_code == 200, empty.text
    assert (empty.json()["total"], empty.json()["distinct_total"]) == (2, 1)
    stored = api.get(f"{base}/solutions").json()
    (solution,) = stored["solutions"]
    cells = sorted(tuple(cell) for piece in solution["placements"] for cell in piece["cells"])
    assert stored["total"] == 1 and cells == [(0, 0), (0, 1), (0, 2), (0, 3)]
