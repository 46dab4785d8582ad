"""``/api/v1/daily``: the day's calendar puzzle and pentomino challenge as JSON, pictures and text
drawings. Each answer agrees with the service (and each picture with the renderer), bad input gets
the one error shape, dated answers are cacheable, and ``today`` is the date in the zone asked for.

Most tests ask the app in process (``api``) on a copy of the sample store; those that need dates
the sample lacks ask the app over the whole precomputed catalog (``client``, marked ``catalog``), and
one races first requests against a real server (``api_url``). The day's page, drawn from the same
bundles, is tests/api/test_web_pages.py's."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime
from zoneinfo import ZoneInfo

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from api import create_app
from hints.codes import encode_position
from hints.daily import DailyPuzzle, challenge_board, daily_calendar, daily_challenge, target_name
from jobs.target_solving import OnDemand
from render.hint import hint_image, hint_text
from settings import Settings
from solver.catalog import MONTH_ABBREVIATIONS, Puzzle
from solver.encoding import Placement
from solver.stages import Hint, Stage
from tests.support.api_server import assert_error, assert_png

LINE_DAY = date(2026, 1, 22)  # its challenge is on the 3x20 board
HOLE_DAY = date(2026, 1, 23)  # 8x8 with a hole
BASE = f"/api/v1/daily/{LINE_DAY}"
DAY = LINE_DAY.isoformat()
IMMUTABLE = "public, max-age=31536000, immutable"
STABLE = "public, max-age=86400"
SHORT = "public, max-age=60"
# dates of the whole catalog (``client``), the first and the last there are among them
CATALOG_DAYS = [date(2026, 1, 25), date(2024, 2, 29), date(1, 1, 1), date(9999, 12, 31)]


@pytest.fixture(scope="module")
def api(store_url: str) -> Iterator[TestClient]:
    settings = Settings(_env_file=None, DATABASE_URL=store_url, API_COMPUTE_PER_MINUTE=1000)  # type: ignore[call-arg]
    with TestClient(create_app(settings, OnDemand)) as client:
        yield client


def calendar(sessions: sessionmaker[Session], day: date = LINE_DAY, **options: object) -> DailyPuzzle:
    with sessions() as session:
        return daily_calendar(session, day, **options)  # type: ignore[arg-type]


def challenge(sessions: sessionmaker[Session], day: date = LINE_DAY) -> DailyPuzzle:
    with sessions() as session:
        return daily_challenge(session, day)


def as_json(puzzle: Puzzle, placements: tuple[Placement, ...]) -> list[dict[str, object]]:
    return [
        {"piece": puzzle.pieces[p.piece].name, "cells": [list(c) for c in sorted(p.cells)]}
        for p in sorted(placements, key=lambda p: p.piece)
    ]


# ---------------------------------------------------------------- the day's JSON


def test_the_daily_puzzle_agrees_with_the_service(api: TestClient, sessions: sessionmaker[Session]) -> None:
    response = api.get(BASE)
    assert response.status_code == 200 and response.headers["content-type"] == "application/json"
    body, daily = response.json(), calendar(sessions)
    assert (body["date"], body["puzzle"], body["target"], body["title"]) == (
        "2026-01-22",
        "calendar-dragonfjord",
        "01-22",
        daily.puzzle.title,
    )
    assert daily.difficulty is not None  # ranked among the sample's 14 dates
    rank = {"level": daily.difficulty.level, "label": "hard", "rank": daily.difficulty.rank, "out_of": 14}
    assert (body["total"], body["faceup"], body["difficulty"]) == (daily.total, False, rank)
    assert body["uncovered"] == [[0, 0], [5, 0]] and body["labels"] == ["Jan", "22"]
    assert body["image"] == f"{BASE}/puzzle.png"
    assert [(h["stage"], h["title"]) for h in body["hints"]] == [
        (1, "Hint 1 of 3"),
        (2, "Hint 2 of 3"),
        (3, "The answer"),
    ]
    assert [h["url"] for h in body["hints"]] == [f"{BASE}/hints/{s}" for s in (1, 2, 3)]
    assert [h["image"] for h in body["hints"]] == [f"{BASE}/hints/{s}.png" for s in (1, 2, 3)]
    assert [h["text"] for h in body["hints"]] == [f"{BASE}/hints/{s}.txt" for s in (1, 2, 3)]


def test_the_challenge_agrees_with_the_service_and_with_the_days_json(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    body, board = api.get(f"{BASE}/pentomino").json(), challenge(sessions)
    assert (body["puzzle"], body["target"], body["total"]) == ("pentomino-3x20", "board", board.total)
    assert body["placements"] == as_json(board.puzzle, board.preplaced) and len(body["placements"]) == 1
    assert body["image"] == f"{BASE}/pentomino/puzzle.png"
    assert [h["url"] for h in body["hints"]] == [f"{BASE}/pentomino/hints/{s}" for s in (1, 2, 3)]
    assert api.get(BASE).json()["pentomino"] == body


def test_the_days_json_links_to_the_boards(api: TestClient, sessions: sessionmaker[Session]) -> None:
    body = api.get(BASE).json()
    assert body["board_url"] == "/play/calendar-dragonfjord/01-22"
    board = challenge(sessions)
    code = encode_position(board.puzzle, board.preplaced)
    fixed = ",".join(board.puzzle.pieces[p.piece].name for p in board.preplaced)
    assert body["pentomino"]["board_url"] == f"/play/pentomino-3x20/board?p={code}&fixed={fixed}"
    assert api.get(BASE, params={"faceup": "true", "lang": "ja"}).json()["board_url"] == (
        "/play/calendar-dragonfjord/01-22?faceup=1&lang=ja"
    )
    html = api.get("/", params={"date": DAY}).text
    assert api.get(BASE).json()["board_url"] in html  # the page's own board link
    assert body["pentomino"]["board_url"].replace("&", "&amp;") in html


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_a_calendar_hint_agrees_with_the_service(
    api: TestClient, sessions: sessionmaker[Session], stage: int
) -> None:
    body, daily = api.get(f"{BASE}/hints/{stage}").json(), calendar(sessions)
    hint = daily.stages[stage]
    assert (body["stage"], body["remaining"], body["total"]) == (stage, hint.remaining, hint.total)
    assert body["placements"] == as_json(daily.puzzle, hint.shown) and body["preplaced"] == []
    assert (body["title"], body["caption"]) == (daily.title(Stage(stage)), daily.caption(Stage(stage)))
    assert body["image"] == f"{BASE}/hints/{stage}.png"


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_a_challenge_hint_agrees_with_the_service(
    api: TestClient, sessions: sessionmaker[Session], stage: int
) -> None:
    body, board = (
        api.get(f"/api/v1/daily/{HOLE_DAY}/pentomino/hints/{stage}").json(),
        challenge(sessions, HOLE_DAY),
    )
    hint = board.stages[stage]
    assert (body["puzzle"], body["target"], body["remaining"], body["total"]) == (
        "pentomino-8x8-hole",
        "board",
        1,
        520,
    )
    assert body["placements"] == as_json(board.puzzle, hint.shown)
    assert body["preplaced"] == [board.puzzle.pieces[p.piece].name for p in board.preplaced]


@pytest.mark.parametrize("day", CATALOG_DAYS, ids=str)
def test_daily_matches_the_service(client: httpx.Client, store: sessionmaker[Session], day: date) -> None:
    body = client.get(f"/api/v1/daily/{day.isoformat()}").json()
    with store() as session:
        calendar = daily_calendar(session, day)
        challenge = daily_challenge(session, day)
    assert body["date"] == day.isoformat()
    assert (body["puzzle"], body["target"]) == ("calendar-dragonfjord", target_name(day))
    assert body["total"] == calendar.total
    assert body["difficulty"] == {
        "level": calendar.difficulty.level,
        "label": calendar.difficulty.label,
        "rank": calendar.difficulty.rank,
        "out_of": 366,
    }
    assert body["uncovered"] == sorted([list(c) for c in calendar.target.uncovered])
    month = MONTH_ABBREVIATIONS[day.month - 1]
    assert body["labels"] == [month, str(day.day)]
    base = f"/api/v1/daily/{day.isoformat()}"
    assert body["image"] == f"{base}/puzzle.png"
    assert [h["url"] for h in body["hints"]] == [f"{base}/hints/{s}" for s in (1, 2, 3)]
    assert [h["image"] for h in body["hints"]] == [f"{base}/hints/{s}.png" for s in (1, 2, 3)]
    pentomino = body["pentomino"]
    assert pentomino["puzzle"] == challenge_board(day) == challenge.puzzle.id
    assert pentomino["placements"] == as_json(challenge.puzzle, challenge.preplaced)
    assert pentomino["total"] == challenge.total
    assert pentomino["image"] == f"{base}/pentomino/puzzle.png"
    assert client.get(f"{base}/pentomino").json() == pentomino


def test_the_issue_example_shape(client: httpx.Client, store: sessionmaker[Session]) -> None:
    body = client.get("/api/v1/daily/2026-01-25/hints/1").json()
    assert {k: body[k] for k in ("date", "puzzle", "target", "stage", "total")} == {
        "date": "2026-01-25",
        "puzzle": "calendar-dragonfjord",
        "target": "01-25",
        "stage": 1,
        "total": 216,
    }
    assert body["placements"][0].keys() == {"piece", "cells"}
    challenge = client.get("/api/v1/daily/2026-01-25/pentomino").json()
    assert {"date", "puzzle", "placements"} <= challenge.keys()


@pytest.mark.parametrize("day", CATALOG_DAYS[:2], ids=str)
def test_calendar_hints_match_the_service(
    client: httpx.Client, store: sessionmaker[Session], day: date
) -> None:
    with store() as session:
        stages = daily_calendar(session, day).hints
        daily = daily_calendar(session, day)
    for hint in stages:
        body = client.get(f"/api/v1/daily/{day.isoformat()}/hints/{hint.stage}").json()
        assert body["stage"] == hint.stage
        assert (body["remaining"], body["total"]) == (hint.remaining, hint.total)
        assert body["placements"] == as_json(daily.puzzle, hint.shown)
        assert body["preplaced"] == []
        assert body["image"] == f"/api/v1/daily/{day.isoformat()}/hints/{hint.stage}.png"
    assert len(client.get(f"/api/v1/daily/{day.isoformat()}/hints/3").json()["placements"]) == 8


@pytest.mark.parametrize("day", CATALOG_DAYS, ids=str)
def test_challenge_hints_match_the_service(
    client: httpx.Client, store: sessionmaker[Session], day: date
) -> None:
    with store() as session:
        stages = daily_challenge(session, day).hints
        challenge = daily_challenge(session, day)
    names = [challenge.puzzle.pieces[p.piece].name for p in challenge.preplaced]
    for hint in stages:
        body = client.get(f"/api/v1/daily/{day.isoformat()}/pentomino/hints/{hint.stage}").json()
        assert (body["puzzle"], body["target"]) == (challenge.puzzle.id, "board")
        assert (body["remaining"], body["total"]) == (hint.remaining, hint.total)
        assert body["placements"] == as_json(challenge.puzzle, hint.shown)
        assert body["preplaced"] == names
        assert set(names) <= {p["piece"] for p in body["placements"]}


# ---------------------------------------------------------------- images and text drawings


@pytest.mark.parametrize("path", ["puzzle", "hints/2"])
def test_calendar_images_and_texts_are_the_services_drawings(
    api: TestClient, sessions: sessionmaker[Session], path: str
) -> None:
    daily, stage = calendar(sessions), Stage(0 if path == "puzzle" else 2)
    assert assert_png(api.get(f"{BASE}/{path}.png")) == daily.image(stage)
    text = api.get(f"{BASE}/{path}.txt")
    assert (text.status_code, text.headers["content-type"]) == (200, "text/plain; charset=utf-8")
    assert text.text == daily.text(stage)


def test_challenge_images_and_texts_are_the_services_drawings(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    board = challenge(sessions)
    assert assert_png(api.get(f"{BASE}/pentomino/hints/1.png")) == board.image(Stage.ONE_PIECE)
    assert api.get(f"{BASE}/pentomino/puzzle.txt").text == board.text(Stage.PUZZLE)
    assert api.get(f"{BASE}/pentomino/hints/3.txt").text == board.text(Stage.ANSWER)


def test_images_are_the_renderers_output(client: httpx.Client, store: sessionmaker[Session]) -> None:
    """Every stage's PNG and text equal what render.hint draws for the same hint (stage 0 = the puzzle)."""
    day = date(2026, 1, 25)
    with store() as session:
        daily = daily_calendar(session, day)
        calendar_stages = (Hint(0, (), daily.total, daily.total), *daily_calendar(session, day).hints)
        challenge = daily_challenge(session, day)
        challenge_stages = (
            Hint(0, challenge.preplaced, 1, challenge.total),
            *daily_challenge(session, day).hints,
        )
    heading = f"2026-01-25 · pentomino challenge ({challenge.puzzle.id.removeprefix('pentomino-')})"
    for stage in range(4):
        suffix = "puzzle" if stage == 0 else f"hints/{stage}"
        calendar_png = assert_png(client.get(f"/api/v1/daily/2026-01-25/{suffix}.png"))
        options = {"heading": "2026-01-25", "marked": daily.target.uncovered}
        before = calendar_stages[stage - 1].shown if stage else None  # what the stage adds is marked
        drawn = hint_image(daily.puzzle, calendar_stages[stage], before=before, **options)  # type: ignore[arg-type]
        assert calendar_png == drawn
        calendar_text = client.get(f"/api/v1/daily/2026-01-25/{suffix}.txt").text
        assert calendar_text == hint_text(daily.puzzle, calendar_stages[stage], **options)  # type: ignore[arg-type]
        board_png = assert_png(client.get(f"/api/v1/daily/2026-01-25/pentomino/{suffix}.png"))
        preplaced = len(challenge.preplaced)
        assert board_png == hint_image(
            challenge.puzzle,
            challenge_stages[stage],
            heading=heading,
            preplaced=preplaced,
            before=challenge_stages[stage - 1].shown if stage else None,
        )


# ---------------------------------------------------------------- languages


def test_images_speak_the_language_asked_for_each_cached_apart(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    url = f"/api/v1/daily/{HOLE_DAY}/pentomino/puzzle.png"
    english, japanese = assert_png(api.get(url)), assert_png(api.get(url, params={"lang": "ja"}))
    assert japanese == challenge(sessions, HOLE_DAY).image(Stage.PUZZLE, "ja") != english
    assert api.get(url, params={"lang": "en"}).content == english and api.get(url).content == english


def test_json_titles_and_links_follow_the_language(api: TestClient) -> None:
    body = api.get(BASE, params={"lang": "ja"}).json()
    assert [h["title"] for h in body["hints"]] == ["ヒント 1/3", "ヒント 2/3", "答え"]
    assert (
        body["image"] == f"{BASE}/puzzle.png?lang=ja"
        and body["hints"][0]["image"] == f"{BASE}/hints/1.png?lang=ja"
    )
    assert body["hints"][0]["text"] == f"{BASE}/hints/1.txt"  # the text drawings are English
    hint = api.get(f"{BASE}/hints/1", params={"lang": "ja"}).json()
    assert (
        hint["title"] == "ヒント 1/3"
        and hint["placements"] == api.get(f"{BASE}/hints/1").json()["placements"]
    )


def test_images_are_drawn_in_the_language_asked_for_each_cached_apart(
    client: httpx.Client, store: sessionmaker[Session]
) -> None:
    """``lang=ja`` draws the same stage in Japanese; neither language is ever served from the other's
    cache (asked alternately, each answer is its own language's drawing, with its own ETag)."""
    day = date(2026, 1, 23)  # a date no other test asks for, so both start cold
    with store() as session:
        daily = daily_calendar(session, day)
        challenge = daily_challenge(session, day)
    for stage in (0, 1):
        suffix = "puzzle.png" if stage == 0 else f"hints/{stage}.png"
        for base, puzzle in (
            ("/api/v1/daily/2026-01-23", daily),
            ("/api/v1/daily/2026-01-23/pentomino", challenge),
        ):
            english = assert_png(client.get(f"{base}/{suffix}"))
            japanese = assert_png(client.get(f"{base}/{suffix}", params={"lang": "ja"}))
            assert japanese != english
            assert english == puzzle.image(Stage(stage))
            assert japanese == puzzle.image(Stage(stage), "ja")
            again = client.get(f"{base}/{suffix}", params={"lang": "en"})
            assert again.content == english  # lang=en is the default
            assert client.get(f"{base}/{suffix}", params={"lang": "ja"}).content == japanese
            etags = {client.get(f"{base}/{suffix}", params=p).headers["etag"] for p in ({}, {"lang": "ja"})}
            assert len(etags) == 2


def test_hint_json_titles_and_captions_follow_lang(client: httpx.Client) -> None:
    english = client.get("/api/v1/daily/2026-01-25/hints/1").json()
    japanese = client.get("/api/v1/daily/2026-01-25/hints/1", params={"lang": "ja"}).json()
    assert english["title"] == "Hint 1 of 3" and japanese["title"] == "ヒント 1/3"
    assert japanese["caption"] != english["caption"] and "通り" in japanese["caption"]
    assert japanese["placements"] == english["placements"]  # only the words change
    assert japanese["image"] == "/api/v1/daily/2026-01-25/hints/1.png?lang=ja"
    assert english["image"] == "/api/v1/daily/2026-01-25/hints/1.png"
    daily = client.get("/api/v1/daily/2026-01-25", params={"lang": "ja"}).json()
    assert [h["title"] for h in daily["hints"]] == ["ヒント 1/3", "ヒント 2/3", "答え"]
    assert daily["image"].endswith("puzzle.png?lang=ja")
    assert daily["hints"][0]["text"] == "/api/v1/daily/2026-01-25/hints/1.txt"  # text drawings: English
    assert daily["pentomino"]["image"] == "/api/v1/daily/2026-01-25/pentomino/puzzle.png?lang=ja"


@pytest.mark.parametrize(
    "path",
    ["/api/v1/puzzles/calendar-dragonfjord/heatmap.png", "/api/v1/editions/calendar-weekday/board.png"],
)
def test_the_heatmap_and_the_edition_boards_speak_japanese_too(client: httpx.Client, path: str) -> None:
    english = assert_png(client.get(path))
    japanese = assert_png(client.get(path, params={"lang": "ja"}))
    assert japanese != english  # month names, weekdays and legend in Japanese
    assert client.get(path).content == english
    assert client.get(path, params={"lang": "ja"}).content == japanese


@pytest.mark.parametrize("lang", ["xx", "JA", "ja-JP", "", "<b>"])
def test_an_unknown_language_is_refused_on_the_image_endpoints(client: httpx.Client, lang: str) -> None:
    for path in (
        "/api/v1/daily/2026-01-25/puzzle.png",
        "/api/v1/daily/2026-01-25/hints/2.png",
        "/api/v1/daily/2026-01-25/pentomino/hints/1.png",
        "/api/v1/daily/2026-01-25/hints/2",
        "/api/v1/puzzles/calendar-dragonfjord/heatmap.png",
        "/api/v1/editions/calendar-dragonfjord/board.png",
    ):
        error = assert_error(client.get(path, params={"lang": lang}), 422, "unknown_language")
        assert "en, ja" in str(error["message"]), path


# ---------------------------------------------------------------- editions and face-up mode


def test_face_up_mode_answers_from_the_face_up_solutions(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    body = api.get(BASE, params={"faceup": "true"}).json()
    daily = calendar(sessions, faceup=True)
    assert body["faceup"] and body["total"] == daily.total == 3
    assert all(link["url"].endswith("?faceup=true") for link in body["hints"])
    answer = api.get(f"{BASE}/hints/3", params={"faceup": "true"}).json()
    assert answer["placements"] == as_json(daily.puzzle, daily.stages[Stage.ANSWER].shown)


def test_a_date_without_a_face_up_solution_is_404(api: TestClient) -> None:
    error = assert_error(
        api.get("/api/v1/daily/2026-01-29", params={"faceup": "true"}), 404, "no_faceup_solution"
    )
    assert "without turning a piece over" in str(error["message"])
    assert str(error["message"]).endswith("; 74 with turning")  # how many there are with turning


def test_an_edition_date_is_solved_on_demand_the_first_time(api: TestClient) -> None:
    response = api.get("/api/v1/daily/2020-02-29", params={"edition": "calendar-jarringwords"})
    assert response.status_code == 200, response.text
    body = response.json()
    assert (body["puzzle"], body["target"], body["difficulty"]) == ("calendar-jarringwords", "02-29", None)
    assert body["total"] == 63 and body["pentomino"]["puzzle"] == "pentomino-8x8-hole"
    assert all(link["url"].endswith("?edition=calendar-jarringwords") for link in body["hints"])


def test_an_unknown_edition_is_refused_with_the_list(api: TestClient) -> None:
    error = assert_error(api.get(BASE, params={"edition": "calendar-nope"}), 422, "unknown_edition")
    assert "calendar-weekday" in str(error["message"])


# ---------------------------------------------------------------- bad input and missing data


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/v1/daily/2026-02-30", 422, "invalid_date"),
        ("/api/v1/daily/abc/hints/1.png", 422, "invalid_date"),
        ("/api/v1/daily/2026-1-5/pentomino", 422, "invalid_date"),
        ("/api/v1/daily/today?tz=Mars/Olympus", 422, "invalid_timezone"),
        (f"{BASE}/hints/0", 422, "invalid_request"),
        (f"{BASE}/hints/4.png", 422, "invalid_request"),
        (f"{BASE}/pentomino/hints/one.txt", 422, "invalid_request"),
        (f"{BASE}/puzzle.png?lang=xx", 422, "unknown_language"),
        (f"{BASE}/hints/1?lang=EN", 422, "unknown_language"),
        ("/api/v1/daily/2026-03-01", 503, "not_precomputed"),
        ("/api/v1/daily/2026-01-25/pentomino", 503, "not_precomputed"),
    ],
)
def test_bad_input_and_missing_data_get_the_error_shape(
    api: TestClient, path: str, status: int, code: str
) -> None:
    assert_error(api.get(path), status, code)


def test_an_unknown_language_is_told_the_languages(api: TestClient) -> None:
    error = assert_error(
        api.get(f"{BASE}/pentomino/hints/2.png", params={"lang": "de"}), 422, "unknown_language"
    )
    assert error["message"] == "unknown language 'de'; languages: en, ja"


def test_a_stage_out_of_range_says_where_and_why(api: TestClient) -> None:
    error = assert_error(api.get(f"{BASE}/hints/4"), 422, "invalid_request")
    assert error["details"] == [
        {
            "location": "path.stage",
            "type": "less_than_equal",
            "message": "Input should be less than or equal to 3",
        }
    ]


def test_a_board_not_stored_is_503_and_the_command_to_run_goes_to_the_log_only(
    api: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    error = assert_error(api.get("/api/v1/daily/2026-01-25"), 503, "not_precomputed")
    assert error["message"] == "pentomino-5x12 is not precomputed yet; try again later"
    logged = [r.getMessage() for r in caplog.records if r.name == "api"]
    assert "pentomino-5x12 is not precomputed yet; run python -m solver.precompute" in logged


# ---------------------------------------------------------------- caching, today, concurrent first requests


def test_dated_json_is_stable_and_answers_304_to_its_etag(api: TestClient) -> None:
    first = api.get(BASE)
    assert first.headers["cache-control"] == STABLE
    again = api.get(BASE, headers={"If-None-Match": first.headers["etag"]})
    assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", first.headers["etag"])
    assert api.get(BASE, headers={"If-None-Match": '"stale"'}).status_code == 200


@pytest.mark.parametrize("path", ["hints/2.png", "hints/2.txt", "pentomino/puzzle.png"])
def test_dated_drawings_are_immutable(api: TestClient, path: str) -> None:
    first = api.get(f"{BASE}/{path}")
    assert first.headers["cache-control"] == IMMUTABLE
    assert api.get(f"{BASE}/{path}", headers={"If-None-Match": first.headers["etag"]}).status_code == 304


def test_head_answers_the_headers_of_get_without_the_body(api: TestClient) -> None:
    image = api.get(f"{BASE}/puzzle.png")
    head = api.head(f"{BASE}/puzzle.png")
    assert (head.status_code, head.content, head.headers["etag"]) == (200, b"", image.headers["etag"])
    assert head.headers["content-length"] == str(len(image.content))


@pytest.mark.usefixtures("frozen_today")
@pytest.mark.parametrize(
    ("tz", "day"), [(None, "2026-01-22"), ("Pacific/Kiritimati", "2026-01-23"), ("Etc/GMT+12", "2026-01-22")]
)
def test_today_is_the_date_in_the_time_zone_asked_for_and_short_lived(
    api: TestClient, tz: str | None, day: str
) -> None:
    params = {"tz": tz} if tz else {}
    today = api.get("/api/v1/daily/today", params=params)
    assert today.json()["date"] == day and today.headers["cache-control"] == SHORT
    assert today.json() == api.get(f"/api/v1/daily/{day}").json()
    image = api.get("/api/v1/daily/today/pentomino/hints/1.png", params=params)
    assert (
        image.headers["cache-control"] == SHORT
        and image.content == api.get(f"/api/v1/daily/{day}/pentomino/hints/1.png").content
    )


def test_dated_images_are_immutable_and_dated_json_stable(client: httpx.Client) -> None:
    png = client.get("/api/v1/daily/2026-01-25/hints/2.png")
    assert png.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert (
        client.get(
            "/api/v1/daily/2026-01-25/hints/2.png", headers={"If-None-Match": png.headers["etag"]}
        ).status_code
        == 304
    )
    json = client.get("/api/v1/daily/2026-01-25")
    assert json.headers["cache-control"] == "public, max-age=86400"
    assert (
        client.get("/api/v1/daily/2026-01-25", headers={"If-None-Match": json.headers["etag"]}).status_code
        == 304
    )


@pytest.mark.parametrize("tz", [None, "Pacific/Kiritimati", "Etc/GMT+12", "Europe/Berlin"])
def test_today_honours_the_time_zone(client: httpx.Client, tz: str | None) -> None:
    zone = ZoneInfo(tz or "UTC")
    params = {"tz": tz} if tz else {}
    before = datetime.now(zone).date()
    response = client.get("/api/v1/daily/today", params=params)
    after = datetime.now(zone).date()
    assert response.status_code == 200
    assert response.json()["date"] in {before.isoformat(), after.isoformat()}
    assert response.headers["cache-control"] == "public, max-age=60"
    dated = client.get(f"/api/v1/daily/{response.json()['date']}")
    assert dated.json() == response.json()
    image = client.get("/api/v1/daily/today/hints/1.png", params=params)
    assert image.headers["cache-control"] == "public, max-age=60"
    assert_png(image)
    hint = client.get("/api/v1/daily/today/pentomino/hints/2", params=params)
    assert hint.json()["date"] in {before.isoformat(), after.isoformat()}


def test_concurrent_first_requests_for_a_new_date_all_succeed(api_url: str) -> None:
    """A cold date computed (and its hint cache written) once, however many requests race for it."""
    paths = [
        f"/api/v1/daily/2031-07-04{suffix}"
        for suffix in ("", "/hints/1", "/hints/2.png", "/puzzle.png", "/pentomino", "/pentomino/hints/3.png")
    ] * 3

    with httpx.Client(base_url=api_url, timeout=60) as http:  # the threads share it: one TLS setup

        def fetch(path: str) -> tuple[int, str]:
            response = http.get(path)
            return response.status_code, response.headers.get("etag", "")

        with ThreadPoolExecutor(len(paths)) as pool:
            results = list(pool.map(fetch, paths))
    assert {status for status, _ in results} == {200}
    for path in set(paths):
        assert len({etag for p, (_, etag) in zip(paths, results, strict=True) if p == path}) == 1
