"""``/api/v1/editions`` in process (TestClient) on a copy of the sample store: the calendar editions a
player may own and a picture of each board."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api import create_app
from api.puzzle_content import edition_board_png
from hints.daily import CALENDAR_ID, calendar_editions
from jobs.target_solving import OnDemand
from settings import Settings
from solver.puzzles import get_puzzle
from tests.support.api_server import SHARED_BY_MANY_TESTS, assert_error, assert_png
from tests.support.stores import copy_sqlite_file

BOARD = "/api/v1/editions/calendar-weekday/board.png"


@pytest.fixture(scope="module")
def api(sample_store: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    url = copy_sqlite_file(sample_store, tmp_path_factory.mktemp("editions") / "store.db")
    with TestClient(
        create_app(Settings(_env_file=None, DATABASE_URL=url, **SHARED_BY_MANY_TESTS), OnDemand)
    ) as client:  # type: ignore[call-arg]
        yield client


def test_the_editions_are_listed_dragonfjord_first(api: TestClient) -> None:
    response = api.get("/api/v1/editions")
    assert response.status_code == 200 and response.headers["cache-control"] == "public, max-age=60"
    editions = response.json()["editions"]
    assert [e["id"] for e in editions] == [p.id for p in calendar_editions()] and editions[0][
        "id"
    ] == CALENDAR_ID
    assert api.get("/api/v1/editions", headers={"If-None-Match": response.headers["etag"]}).status_code == 304


def test_each_edition_says_what_it_is_and_how_much_is_solved(api: TestClient) -> None:
    by_id = {e["id"]: e for e in api.get("/api/v1/editions").json()["editions"]}
    dragonfjord, weekday = by_id[CALENDAR_ID], by_id["calendar-weekday"]
    assert (dragonfjord["target_format"], dragonfjord["targets"], dragonfjord["on_demand"]) == (
        "MM-DD",
        366,
        False,
    )
    assert dragonfjord["stored_targets"] == 14  # the sample's real dates (02-30 is stored, but not real)
    assert (weekday["target_format"], weekday["targets"], weekday["on_demand"]) == ("MM-DD-ddd", 2562, True)
    assert weekday["stored_targets"] == 0 and {"L", "L4"} <= set(weekday["pieces"])  # names unique in the set
    assert weekday["cells"] == len(get_puzzle("calendar-weekday").cells)
    assert (weekday["board"], weekday["daily"], weekday["puzzle"]) == (
        BOARD,
        "/api/v1/daily/today?edition=calendar-weekday",
        "/api/v1/puzzles/calendar-weekday",
    )
    assert dragonfjord["daily"] == "/api/v1/daily/today"


def test_an_edition_board_is_its_empty_board_drawn_in_the_language_asked_for(api: TestClient) -> None:
    weekday = get_puzzle("calendar-weekday")
    english = api.get(BOARD)
    assert assert_png(english) == edition_board_png(weekday).body
    assert english.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert (
        assert_png(api.get(BOARD, params={"lang": "ja"}))
        == edition_board_png(weekday, "ja").body
        != english.content
    )
    assert api.get(BOARD, headers={"If-None-Match": english.headers["etag"]}).status_code == 304


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/v1/editions/pentomino-6x10/board.png", 404, "unknown_puzzle"),
        ("/api/v1/editions/nope/board.png", 404, "unknown_puzzle"),
        (f"{BOARD}?lang=xx", 422, "unknown_language"),
        (f"/api/v1/editions/{'x' * 65}/board.png", 422, "invalid_request"),
    ],
)
def test_a_board_that_is_no_edition_gets_the_error_shape(
    api: TestClient, path: str, status: int, code: str
) -> None:
    error = assert_error(api.get(path), status, code)
    if code == "unknown_puzzle":  # the valid ids listed are the editions only
        listed = str(error["message"]).split("valid ids: ")[1].split(", ")
        assert listed == [p.id for p in calendar_editions()]
