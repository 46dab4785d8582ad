"""``/api/v1/daily`` and the day's page ``/`` in process (TestClient) on a copy of the sample store:
each answer agrees with the service, bad input gets the one error shape (an HTML page on ``/``), and
dated answers are cacheable. One app for both: its first bundle starts a process pool (about 2 s)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import date

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from api import create_app
from hints.codes import encode_position
from hints.daily import DailyPuzzle, daily_bundle, daily_calendar, daily_challenge
from jobs.target_solving import OnDemand
from render.images import render_heatmap
from render.layout import heatmap_layout
from settings import Settings
from solver.catalog import Puzzle
from solver.encoding import Placement
from solver.stages import Stage
from tests.support.api_server import assert_error, assert_head_and_own_files, assert_png

LINE_DAY = date(2026, 1, 22)  # its challenge is on the 3x20 board
HOLE_DAY = date(2026, 1, 23)  # 8x8 with a hole
BASE = f"/api/v1/daily/{LINE_DAY}"
DAY = LINE_DAY.isoformat()
IMMUTABLE = "public, max-age=31536000, immutable"
STABLE = "public, max-age=86400"
SHORT = "public, max-age=60"


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
    assert api.get(BASE).json()["board_url"] in page(api, date=DAY)  # the page's own board link
    assert body["pentomino"]["board_url"].replace("&", "&amp;") in page(api, date=DAY)


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


# ---------------------------------------------------------------- caching


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


# ---------------------------------------------------------------- the day's page (``/``: api/routes/web.py)


def page(api: TestClient, path: str = "/", status: int = 200, **params: str) -> str:
    response = api.get(path, params=params)
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    return response.text


def test_the_days_page_shows_both_puzzles_as_the_service_counts_them(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    html = page(api, date=DAY)
    with sessions() as session:
        bundle = daily_bundle(session, LINE_DAY)
    assert f"<title>Puzzles of the day · {DAY}</title>" in html and "Thursday 22 January 2026" in html
    assert (
        f"<strong>{bundle.calendar.total}</strong>" in html
        and "leave <strong>Jan and 22</strong> uncovered" in html
    )
    board = bundle.pentomino.puzzle.id  # one total, the one its playable board counts (up to symmetry)
    empty = api.post(f"/api/v1/puzzles/{board}/targets/board/position", json={"placements": []}).json()
    assert empty["distinct_total"] < bundle.pentomino.total  # the challenge boards have symmetries
    assert f"the board has {empty['distinct_total']} solutions up to rotation and reflection" in html
    assert (
        f'src="/api/v1/daily/{DAY}/puzzle.png"' in html
        and f'src="/api/v1/daily/{DAY}/pentomino/puzzle.png"' in html
    )
    assert '<option value="calendar-dragonfjord" selected>' in html


def test_the_page_shows_the_stages_its_url_asks_for(api: TestClient) -> None:
    shown = re.findall(r' src="/api/v1/daily/2026-01-22/([^"]*)"', page(api, date=DAY, stage="2", pstage="1"))
    assert shown == [
        "puzzle.png",
        "hints/1.png",
        "hints/2.png",
        "pentomino/puzzle.png",
        "pentomino/hints/1.png",
    ]


def test_the_page_headers_keep_it_same_origin_and_per_language(api: TestClient) -> None:
    response = api.get("/", params={"date": DAY})
    policy = response.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy and "http" not in policy
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["vary"] == "Accept-Language, Accept-Encoding"  # gzip for who takes it


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_every_image_has_its_size_so_nothing_shifts_as_it_loads(api: TestClient) -> None:
    html = page(api, date=DAY, stage="3", pstage="1")
    images = re.findall(r'<img src="([^"]*)" alt="[^"]*" width="(\d+)" height="(\d+)"', html)
    assert len(images) == 7 and len(re.findall(r"<img ", html)) == 7  # 4 + 2 stages, the heatmap
    for src, width, height in images:
        if "heatmap" in src:  # not drawn from the sample store (a year of dates): the same size always
            drawn = render_heatmap({"01-22": 3})
        else:
            drawn = api.get(src.replace("&amp;", "&")).content
        assert png_size(drawn) == (int(width), int(height)), src
    buttons = re.findall(r'data-width="(\d+)" data-height="(\d+)"', html)  # the figures page.js adds
    assert buttons and all(size in {(w, h) for _, w, h in images} for size in buttons)


@pytest.mark.usefixtures("frozen_today")
def test_the_heatmap_loads_lazily_links_each_date_to_its_board_and_marks_today(api: TestClient) -> None:
    html = page(api, date="2026-01-21", faceup="1")
    heatmap = re.search(r'<div class="heatmap"><img [^>]*>', html)
    assert heatmap is not None and 'loading="lazy"' in heatmap.group(0)
    links = re.findall(
        r'<a href="(/play/calendar-dragonfjord/[^"]*)" aria-label="([^"]*)"><rect ([^/]*)/>', html
    )
    assert len(links) == 366  # 02-29 too: the picture is every year's
    boxes = {href: box for href, _, box in links}
    names = {href: name for href, name, _ in links}
    assert names["/play/calendar-dragonfjord/01-22?faceup=1"] == "Jan 22: play its board"  # for Tab too
    x0, y0, x1, y1 = heatmap_layout().cell_box(1, 22)
    box = f'x="{x0}" y="{y0}" width="{x1 - x0 + 1}" height="{y1 - y0 + 1}"'
    assert boxes["/play/calendar-dragonfjord/01-22?faceup=1"] == box
    assert f'<rect class="today" {box}/>' in html  # today (frozen: 2026-01-22), not the date shown


def test_the_days_page_has_a_description_an_icon_and_only_this_servers_files(api: TestClient) -> None:
    assert_head_and_own_files(api, page(api, date=DAY))


def test_hidden_links_stay_hidden_whatever_their_style(api: TestClient) -> None:
    css = api.get("/static/page.css").text
    assert "[hidden] { display: none !important; }" in css  # .reset's display must not show it
    html = page(api, date=DAY)
    assert '<a class="reset" href="/?date=2026-01-22#calendar" hidden>' in html


def test_the_japanese_page_names_the_editions_in_japanese(api: TestClient) -> None:
    html = page(api, date=DAY, lang="ja")
    assert '<option value="calendar-dragonfjord" selected>A-Puzzle-A-Day カレンダー（DragonFjord）<' in html
    assert "曜日つきカレンダー（月曜始まり）" in html


@pytest.mark.usefixtures("frozen_today")
def test_without_a_date_the_page_is_today(api: TestClient) -> None:
    assert f"<title>Puzzles of the day · {DAY}</title>" in page(api)
    assert "<title>Puzzles of the day · 2026-01-23</title>" in page(api, tz="Pacific/Kiritimati")


def test_the_page_speaks_japanese_when_asked_and_keeps_it_in_its_links(api: TestClient) -> None:
    html = page(api, date=DAY, lang="ja")
    assert html.startswith('<!doctype html><html lang="ja">') and "今日のパズル" in html
    assert (
        f"/api/v1/daily/{DAY}/puzzle.png?lang=ja" in html
        and "/play/calendar-dragonfjord/01-22?lang=ja" in html
    )
    assert '<input type="hidden" name="lang" value="ja">' in html


@pytest.mark.parametrize(
    ("lang", "accept", "chosen"), [(None, "ja-JP,ja;q=0.9", "ja"), ("en", "ja", "en"), ("xx", None, "en")]
)
def test_the_browser_language_picks_the_page_unless_a_known_one_is_asked_for(
    api: TestClient, lang: str | None, accept: str | None, chosen: str
) -> None:
    params = {"date": DAY, **({"lang": lang} if lang else {})}
    headers = {"Accept-Language": accept} if accept else {}
    response = api.get("/", params=params, headers=headers)
    assert response.status_code == 200 and f'<html lang="{chosen}">' in response.text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"date": "2026-02-30"}, "There is no 30 February in 2026."),  # in plain words
        ({"date": "abc"}, "“abc” is not a date: write one like 2026-01-25."),
        ({"date": DAY, "stage": "9"}, "stage must be 0, 1, 2 or 3"),
        ({"date": DAY, "pstage": "-1"}, "pstage must be 0, 1, 2 or 3"),
        ({"date": DAY, "stage": "²"}, "stage must be 0, 1, 2 or 3"),  # a digit to str.isdigit, not to int
        ({"date": DAY, "pstage": "١"}, "pstage must be 0, 1, 2 or 3"),  # an Arabic-Indic one
        ({"tz": "Mars/Olympus"}, "time zone"),
        ({"date": DAY, "edition": "calendar-nope"}, "calendar-weekday"),
    ],
)
def test_bad_queries_answer_an_html_400_with_the_date_form(
    api: TestClient, query: dict[str, str], message: str
) -> None:
    html = page(api, "/", 400, **query)
    assert message in html and '<form class="pick"' in html


def test_bad_queries_are_told_in_the_pages_language(api: TestClient) -> None:
    html = page(api, "/", 400, date="2026-02-30", lang="ja")
    assert '<html lang="ja">' in html and "2026年に2月30日はありません。" in html


def test_a_date_without_a_face_up_solution_offers_the_usual_hints(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    day = date(2024, 1, 29)  # 01-29: no face-up solution; the challenge is on the 8x8 board (stored)
    html = page(api, "/", 200, date=day.isoformat(), faceup="1")
    usual = calendar(sessions, day)
    said = f"No solution on this date without turning a piece over; {usual.total} with turning."
    assert said in html and usual.total == 74
    assert f'class="button" href="/?date={day}#calendar">Show the usual hints' in html
    # the rest of the day stays: the pentomino challenge with its hints, and the year heatmap
    assert '<section id="pentomino"' in html and f"/api/v1/daily/{day}/pentomino/hints/1.png" in html
    assert 'id="year"' in html and "heatmap.png" in html
    japanese = page(api, "/", 200, date=day.isoformat(), faceup="1", lang="ja")
    assert "裏返してよければ74通り" in japanese and "without turning" not in japanese


@pytest.mark.slow  # solves 12-31-fri of the weekday edition on demand: seconds
def test_the_last_date_there_is_has_its_page_on_a_weekday_edition(api: TestClient) -> None:
    # the target solved first (on a busy machine more than the page's one second of waiting)
    solutions = "/api/v1/puzzles/calendar-weekday/targets/12-31-fri/solutions?limit=1"
    deadline = time.monotonic() + 120
    while api.get(solutions).status_code == 503 and time.monotonic() < deadline:
        pass  # each ask waits for the solve up to API_ON_DEMAND_WAIT
    html = page(api, "/", 200, date="9999-12-31", edition="calendar-weekday")
    assert "/play/calendar-weekday/12-31-fri" in html and 'rel="next"' not in html
    assert "/api/v1/puzzles/calendar-weekday/heatmap.png?year=9999" in html


def test_face_up_mode_is_kept_in_the_pages_links(api: TestClient) -> None:
    html = page(api, date=DAY, faceup="1")
    assert 'name="faceup" value="1" checked' in html
    assert (
        f"/api/v1/daily/{DAY}/puzzle.png?faceup=true" in html
        and "/play/calendar-dragonfjord/01-22?faceup=1" in html
    )


def test_a_date_not_precomputed_is_a_503_page_without_operator_commands(
    api: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    shown = page(api, "/", 503, date="2026-03-01")
    assert "not ready yet" in shown and "python -m" not in shown
    assert "python -m solver.precompute" in caplog.text  # the operator finds it in the log
