"""Calendar editions in the API: ``/api/v1/editions`` (the editions a player may own and a picture of
each board, in process on a copy of the sample store), ``?edition=`` on the daily endpoints, and
targets solved on demand the first time (waiting up to API_ON_DEMAND_WAIT, then 503 with
Retry-After) on a live server."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from api import create_app
from api.puzzle_content import edition_board_png
from hints.daily import CALENDAR_ID, calendar_editions
from jobs.target_solving import OnDemand
from settings import Settings
from solver.puzzles import get_puzzle
from tests.support.api_server import SHARED_BY_MANY_TESTS, assert_error, assert_png, start_server
from tests.support.exact_cover import solve
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


DAY = "2026-10-06"  # a Tuesday whose weekday targets solve quickly (826 and 173 solutions)


@pytest.fixture(scope="module")
def own_store(full_catalog_url: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A copy of the precomputed store: the editions' targets solved here stay out of the shared one."""
    source = Path(full_catalog_url.removeprefix("sqlite:///"))
    copy = tmp_path_factory.mktemp("editions") / "puzzles.db"
    shutil.copy(source, copy)
    return f"sqlite:///{copy}"


@pytest.fixture(scope="module")
def live(own_store: str) -> Iterator[httpx.Client]:
    running = start_server(own_store, API_COMPUTE_PER_MINUTE="1000")  # the module computes many days
    with httpx.Client(base_url=running.url, timeout=120) as http:
        yield http
    running.stop()


def test_the_editions_are_listed_dragonfjord_first_with_their_boards(live: httpx.Client) -> None:
    editions = live.get("/api/v1/editions").json()["editions"]
    ids = [e["id"] for e in editions]
    assert ids[0] == "calendar-dragonfjord" and set(ids) >= {
        "calendar-jarringwords",
        "calendar-creamakerspace",
        "calendar-tetromino",
        "calendar-weekday",
        "calendar-weekday-monday",
    }
    by_id = {e["id"]: e for e in editions}
    weekday = by_id["calendar-weekday"]
    assert weekday["target_format"] == "MM-DD-ddd" and weekday["on_demand"] and weekday["targets"] == 2562
    assert (
        by_id["calendar-dragonfjord"]["stored_targets"] == 366
        and not by_id["calendar-dragonfjord"]["on_demand"]
    )
    assert "L4" in weekday["pieces"] and "L" in weekday["pieces"]  # names unique within the set
    board = live.get(weekday["board"])
    assert board.status_code == 200 and board.content.startswith(b"\x89PNG")
    assert_error(live.get("/api/v1/editions/pentomino-6x10/board.png"), 404)


def test_an_unknown_edition_is_refused_with_the_list(live: httpx.Client) -> None:
    body = assert_error(live.get(f"/api/v1/daily/{DAY}?edition=calendar-nope"), 422, "unknown_edition")
    assert "calendar-weekday" in str(body["message"])


def test_a_daily_edition_target_is_solved_on_demand_once_and_counted_right(live: httpx.Client) -> None:
    daily = live.get(f"/api/v1/daily/{DAY}", params={"edition": "calendar-jarringwords"})
    assert daily.status_code == 200, daily.text
    body = daily.json()
    assert (body["puzzle"], body["target"]) == ("calendar-jarringwords", "10-06")
    puzzle = get_puzzle("calendar-jarringwords")
    assert body["total"] == len(solve(puzzle, puzzle.target("10-06")))  # independent enumeration
    assert body["difficulty"] is None  # a rank needs every date of the edition
    assert all(link["url"].endswith("?edition=calendar-jarringwords") for link in body["hints"])
    hint = live.get(body["hints"][0]["url"]).json()
    assert hint["puzzle"] == "calendar-jarringwords" and hint["total"] == body["total"]
    image = live.get(body["hints"][0]["image"])
    assert image.status_code == 200 and image.content.startswith(b"\x89PNG")
    editions = {e["id"]: e for e in live.get("/api/v1/editions").json()["editions"]}
    assert editions["calendar-jarringwords"]["stored_targets"] == 1  # stored once, served afterwards


def test_weekday_editions_use_the_dates_real_weekday(live: httpx.Client) -> None:
    body = live.get(f"/api/v1/daily/{DAY}", params={"edition": "calendar-weekday-monday"}).json()
    assert (body["puzzle"], body["target"]) == ("calendar-weekday-monday", "10-06-tue")
    assert sorted(body["labels"]) == sorted(["Oct", "6", "Tue"])
    puzzle = get_puzzle("calendar-weekday-monday")
    assert body["total"] == len(solve(puzzle, puzzle.target("10-06-tue")))


def test_every_puzzle_resource_works_for_an_edition_target(live: httpx.Client) -> None:
    page = live.get("/api/v1/puzzles/calendar-creamakerspace/targets/02-29/solutions", params={"limit": 2})
    assert page.status_code == 200, page.text
    puzzle = get_puzzle("calendar-creamakerspace")
    assert page.json()["total"] == len(solve(puzzle, puzzle.target("02-29")))
    position = live.post(
        "/api/v1/puzzles/calendar-creamakerspace/targets/02-29/position", json={"placements": []}
    ).json()
    assert position["remaining"] == page.json()["total"]


def test_a_slow_solve_answers_503_with_retry_after_then_the_stored_target(own_store: str) -> None:
    running = start_server(own_store, API_ON_DEMAND_WAIT="0.01")
    try:
        with httpx.Client(base_url=running.url, timeout=60) as http:
            url = "/api/v1/daily/2026-03-03?edition=calendar-tetromino"
            first = http.get(url)
            assert_error(first, 503, "solving")
            assert first.headers["Retry-After"] == "5"
            deadline = time.monotonic() + 120
            answer = http.get(url)
            while answer.status_code == 503 and time.monotonic() < deadline:
                time.sleep(0.5)
                answer = http.get(url)
            assert answer.status_code == 200, answer.text
            puzzle = get_puzzle("calendar-tetromino")
            assert answer.json()["total"] == len(solve(puzzle, puzzle.target("03-03")))
    finally:
        running.stop()


def test_the_web_page_keeps_the_edition_in_the_url_and_shows_its_year(live: httpx.Client) -> None:
    # the page waits a second for a day solved on demand; the API waits for it to be stored
    assert live.get(f"/api/v1/daily/{DAY}", params={"edition": "calendar-weekday"}).status_code == 200
    page = live.get("/", params={"date": DAY, "edition": "calendar-weekday"})
    assert page.status_code == 200, page.text
    html = page.text
    assert '<option value="calendar-weekday" selected>' in html
    assert "/api/v1/daily/2026-10-06/puzzle.png?edition=calendar-weekday" in html
    assert "date=2026-10-07&amp;edition=calendar-weekday" in html  # next day, same edition
    assert "/api/v1/puzzles/calendar-weekday/heatmap.png?year=2026" in html
    assert "weekday it has in 2026" in html
    default = live.get("/", params={"date": DAY}).text
    assert '<option value="calendar-dragonfjord" selected>' in default and "edition=" not in default
    bad = live.get("/", params={"edition": "calendar-nope"})
    assert bad.status_code == 400 and "calendar-weekday" in bad.text


def test_the_year_heatmap_of_an_edition_solved_on_demand_is_never_cached_for_good(
    live: httpx.Client,
) -> None:
    live.get(f"/api/v1/daily/{DAY}", params={"edition": "calendar-weekday"})  # one date solved at least
    weekday = live.get("/api/v1/puzzles/calendar-weekday/heatmap.png", params={"year": 2026})
    assert weekday.status_code == 200 and weekday.content.startswith(b"\x89PNG")
    assert "immutable" not in weekday.headers["Cache-Control"]
    other_year = live.get("/api/v1/puzzles/calendar-weekday/heatmap.png", params={"year": 2027})
    assert other_year.content != weekday.content  # 10-06 is a Tuesday in 2026, a Wednesday in 2027
    complete = live.get("/api/v1/puzzles/calendar-dragonfjord/heatmap.png")
    assert "immutable" in complete.headers["Cache-Control"]


# ---------------------------------------------------------------- face-up mode


def faceup_count(puzzle_id: str, target: str) -> int:
    puzzle = get_puzzle(puzzle_id)
    return len(solve(puzzle, puzzle.target(target), face_up_only=True))  # independent enumeration


def first_date_without_faceup_solution() -> str:
    day = date(2026, 1, 1)
    while faceup_count("calendar-dragonfjord", f"{day:%m-%d}"):
        day += timedelta(days=1)
    return day.isoformat()


def test_faceup_mode_counts_and_hints_only_face_up_solutions(live: httpx.Client) -> None:
    body = live.get("/api/v1/daily/2026-01-25", params={"faceup": "true"}).json()
    expected = faceup_count("calendar-dragonfjord", "01-25")
    assert body["faceup"] and body["total"] == expected and 0 < expected < 216
    assert all(link["url"].endswith("?faceup=true") for link in body["hints"])
    hint = live.get(body["hints"][0]["url"]).json()
    assert hint["total"] == expected and hint["remaining"] <= expected
    answer = live.get(body["hints"][2]["url"]).json()
    puzzle = get_puzzle("calendar-dragonfjord")
    placed = [(p["piece"], p["cells"]) for p in answer["placements"]]
    shapes = {p.name: p for p in puzzle.pieces}
    assert not any(  # the featured answer turns no piece over
        puzzle.lattice.normalize([tuple(c) for c in cells])[0] in shapes[name].flipped
        for name, cells in placed
    )
    usual = live.get("/api/v1/daily/2026-01-25").json()
    assert usual["total"] == 216 and not usual["faceup"]
    page = live.get("/api/v1/puzzles/calendar-dragonfjord/targets/01-25/solutions", params={"faceup": "true"})
    assert page.json()["total"] == expected
    position = live.post(
        "/api/v1/puzzles/calendar-dragonfjord/targets/01-25/position?faceup=true", json={"placements": []}
    ).json()
    assert position["remaining"] == expected


def test_a_date_without_face_up_solution_says_so_and_offers_the_usual_hints(live: httpx.Client) -> None:
    day = first_date_without_faceup_solution()
    body = assert_error(
        live.get(f"/api/v1/daily/{day}", params={"faceup": "true"}), 404, "no_faceup_solution"
    )
    assert "No solution on this date without turning a piece over" in str(body["message"])
    usual = live.get(f"/api/v1/daily/{day}").json()
    assert str(body["message"]).endswith(f"; {usual['total']} with turning")
    page = live.get("/", params={"date": day, "faceup": "1"})
    said = f"No solution on this date without turning a piece over; {usual['total']} with turning."
    assert page.status_code == 200 and said in page.text
    assert f"date={day}" in page.text and "Show the usual hints" in page.text
    assert '<section id="pentomino"' in page.text and 'id="year"' in page.text  # the rest of the day


def test_the_web_page_and_the_board_keep_face_up_mode(live: httpx.Client) -> None:
    html = live.get("/", params={"date": "2026-01-25", "faceup": "1"}).text
    assert 'name="faceup" value="1" checked' in html
    assert "/api/v1/daily/2026-01-25/puzzle.png?faceup=true" in html
    assert "/play/calendar-dragonfjord/01-25?faceup=1" in html
    board = live.get("/play/calendar-dragonfjord/01-25", params={"faceup": "1"}).text
    assert 'id="flip" aria-keyshortcuts="F" hidden' in board and '"faceup":true' in board
    assert '"query":"?faceup=true"' in board
    usual = live.get("/play/calendar-dragonfjord/01-25").text
    assert 'id="flip" aria-keyshortcuts="F">' in usual and '"faceup":false' in usual


def test_the_japanese_page_of_a_weekday_edition(live: httpx.Client) -> None:
    assert live.get(f"/api/v1/daily/{DAY}", params={"edition": "calendar-weekday"}).status_code == 200
    page = live.get("/", params={"date": DAY, "edition": "calendar-weekday", "lang": "ja"})
    assert page.status_code == 200, page.text
    html = page.text
    assert "2026年10月6日(火)" in html and "<strong>10月6日(火)</strong>" in html
    assert "各日付は2026年の曜日で数えています（曜日のマスも空けます）。" in html
    assert "/api/v1/puzzles/calendar-weekday/heatmap.png?year=2026&amp;lang=ja" in html
    assert "/api/v1/daily/2026-10-06/puzzle.png?edition=calendar-weekday&amp;lang=ja" in html
    assert (
        "date=2026-10-07&amp;edition=calendar-weekday&amp;lang=ja" in html
    )  # next day: same edition, language
    assert '<option value="calendar-weekday" selected>' in html
    faceup = live.get("/", params={"date": "2026-01-25", "faceup": "1", "lang": "ja"}).text
    assert "/play/calendar-dragonfjord/01-25?faceup=1&amp;lang=ja" in faceup
    assert "/api/v1/daily/2026-01-25/puzzle.png?faceup=true&amp;lang=ja" in faceup
