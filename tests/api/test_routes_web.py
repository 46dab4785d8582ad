"""The board pages in process (TestClient) on a copy of the sample store: ``/play`` (the boards) and
the static files; a bad link answers an HTML page, never a 500. The day's page ``/`` is tested with the
daily routes (tests/api/test_routes_daily.py): it draws the same bundles, and one app computes them
once (its first bundle starts a process pool, about two seconds)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, date, datetime, tzinfo
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

import api.web as api_web
from api import create_app, deps, puzzle_content
from api.presenters import board_link
from api.routes import web
from api.web import assets
from api.web.day_view import View
from api.web.language import PageLanguage
from api.web.page import solving_text
from hints.codes import board_placements, encode_position
from hints.daily import calendar_editions, daily_challenge
from hints.deeplink import encode_link
from hints.solutions import all_solutions
from jobs.target_solving import OnDemand
from render.words import PUZZLE_TITLES
from settings import Settings
from solver.puzzles import all_puzzles, catalog, get_puzzle
from tests.support.api_server import assert_error, assert_head_and_own_files
from tests.support.solving import GatedSolver

CALENDAR = get_puzzle("calendar-dragonfjord")
PLAY = "/play/calendar-dragonfjord/01-22"
HTML = "text/html; charset=utf-8"
BOT = "PuzzleHintBot"
IMMUTABLE = "public, max-age=31536000, immutable"


@pytest.fixture(scope="module")
def api(store_url: str) -> Iterator[TestClient]:
    settings = Settings(
        _env_file=None, DATABASE_URL=store_url, TELEGRAM_BOT_USERNAME=BOT, API_COMPUTE_PER_MINUTE=1000
    )  # type: ignore[call-arg]
    with TestClient(create_app(settings, OnDemand)) as client:
        yield client


def page(api: TestClient, path: str = "/", status: int = 200, **params: str) -> str:
    response = api.get(path, params=params)
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == HTML
    return response.text


def board_data(html: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="board-data">(.*?)</script>', html)
    assert found is not None
    return json.loads(found.group(1))  # type: ignore[no-any-return]


# ---------------------------------------------------------------- the board


@pytest.mark.parametrize("puzzle_id", sorted(catalog()))
def test_every_catalog_board_is_served(api: TestClient, puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    for target in {puzzle.targets[0].name, puzzle.targets[-1].name}:
        html = page(api, f"/play/{puzzle_id}/{target}")
        data = board_data(html)
        assert html.count('<polygon class="cell') == len(puzzle.cells)
        assert (data["puzzle"], data["target"], data["placements"]) == (puzzle_id, target, [])


def test_a_board_starts_from_the_position_its_link_names(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    with sessions() as session:
        first = sorted(all_solutions(session, CALENDAR, CALENDAR.target("01-22"))[0], key=lambda p: p.piece)[
            :3
        ]
    code = encode_position(CALENDAR, first)
    assert code is not None
    data = board_data(page(api, PLAY, p=code))
    assert data["code"] == code
    assert data["placements"] == [
        {"piece": CALENDAR.pieces[p.piece].name, "cells": [list(c) for c in p.cells]} for p in first
    ]


def test_a_board_in_face_up_mode_asks_the_api_in_face_up_mode(api: TestClient) -> None:
    face_up, usual = board_data(page(api, PLAY, faceup="1")), board_data(page(api, PLAY))
    assert (face_up["faceup"], face_up["api"]) == (True, {**usual["api"], "query": "?faceup=true"})  # type: ignore[dict-item]
    assert usual["faceup"] is False


def test_a_board_links_to_the_bot_with_its_position(api: TestClient) -> None:
    code = encode_position(CALENDAR, [])
    assert code is not None
    payload = encode_link(CALENDAR, CALENDAR.target("01-22"), code)
    assert f'href="https://t.me/{BOT}?start={payload}"' in page(api, PLAY)


def test_the_board_may_run_inside_telegram_but_talks_only_to_this_server(api: TestClient) -> None:
    response = api.get(PLAY)
    policy = response.headers["content-security-policy"]
    assert "connect-src 'self'" in policy and "frame-ancestors 'self' https://web.telegram.org" in policy
    assert "unsafe" not in policy


def test_an_impossible_date_says_what_it_is_without_contradicting_its_count(api: TestClient) -> None:
    html = page(api, "/play/calendar-dragonfjord/02-30")
    assert "it has no solution" not in html
    assert "02-30 is not a real date" in html and "the count below says in how many ways" in html


def test_a_board_shares_its_dates_stars_among_the_dates_stored(api: TestClient) -> None:
    """The sample store holds 14 dates of the year: 01-22 ranks among them, as the daily puzzle
    does (the full catalog's boards rank among the whole year: test_api_board.py); a board has
    no date to rank."""
    assert 'data-stars="★★★★☆"' in page(api, PLAY)
    assert "data-stars" not in page(api, "/play/pentomino-8x8-hole/board")


def test_symmetric_boards_explain_their_one_count_once(api: TestClient) -> None:
    html = page(api, "/play/pentomino-8x8-hole/board")
    assert html.count("up to rotation and reflection") == 1
    assert "up to rotation and reflection" not in page(api, PLAY)  # the calendar has no symmetry
    strings = json.loads(re.search(r'id="strings">(.*?)</script>', html).group(1))  # type: ignore[union-attr]
    assert not {"countSymmetry", "solvedSymmetric"} & set(strings)  # no second total, no "(up to symmetry)"


def test_a_face_up_board_can_switch_to_the_usual_puzzle(api: TestClient) -> None:
    html = page(api, "/play/calendar-dragonfjord/01-29", faceup="1", lang="ja")
    assert '<p id="usual-row" hidden><a id="usual-link" href="/play/calendar-dragonfjord/01-29?p=' in html
    link = re.search(r'id="usual-link" href="([^"]*)"', html).group(1)  # type: ignore[union-attr]
    assert "faceup" not in link and link.endswith("lang=ja")
    assert 'id="usual-row"' not in page(api, "/play/calendar-dragonfjord/01-29")


def test_pre_placed_pieces_are_fixed_on_the_board(api: TestClient) -> None:
    hole = get_puzzle("pentomino-8x8-hole")
    x = next(p for p in board_placements(hole)[hole.piece_names.index("X")] if (0, 1) in p.cells)
    code = encode_position(hole, [x])
    html = page(api, "/play/pentomino-8x8-hole/board", p=str(code), fixed="X,Z")
    data = board_data(html)
    assert data["fixed"] == ["X"]  # Z is not on the board: nothing to keep
    assert data["api"]["query"] == "?fixed=X"  # type: ignore[index]
    assert "fixed=X" in re.search(r'id="share-link" href="([^"]*)"', html).group(1)  # type: ignore[union-attr]
    response = api.get("/play/pentomino-8x8-hole/board", params={"p": code, "fixed": "Q"})
    assert response.status_code == 400 and DAMAGED in response.text


def test_the_board_list_names_every_calendar_edition(api: TestClient) -> None:
    html = page(api, "/play")
    assert all(f"/play/{edition.id}/" in html for edition in calendar_editions())
    assert re.search(r'href="/play/calendar-weekday/\d\d-\d\d-[a-z]{3}"', html)  # with its weekday


def test_japanese_pages_translate_the_puzzle_titles(api: TestClient) -> None:
    listed = page(api, "/play", lang="ja")
    assert "ペントミノ 6 × 10" in listed and "Pentominoes 6 × 10" not in listed
    board = page(api, "/play/pentomino-6x10/board", lang="ja")
    assert "<h1>ペントミノ 6 × 10</h1>" in board and board_data(board)["title"] == "ペントミノ 6 × 10"
    assert "<h1>A-Puzzle-A-Day カレンダー（DragonFjord） · 01-22</h1>" in page(api, PLAY, lang="ja")
    every = {puzzle.title for puzzle in all_puzzles().values()}
    assert every <= set(PUZZLE_TITLES)  # a new puzzle's title is marked for translation too


def overlapping_code() -> str:
    every = board_placements(CALENDAR)
    first = every[0][0]
    code = encode_position(CALENDAR, [first, next(p for p in every[1] if set(p.cells) & set(first.cells))])
    assert code is not None
    return code


DAMAGED = "This position link is damaged; open the board again."


@pytest.mark.parametrize(
    ("path", "status", "message"),
    [
        ("/play/no-such-puzzle/01-25", 404, "unknown puzzle &#x27;no-such-puzzle&#x27;"),
        ("/play/calendar-dragonfjord/13-45", 404, "unknown target &#x27;13-45&#x27;"),
        (f"{PLAY}?p=garbage", 400, DAMAGED),
        (f"{PLAY}?p=1{'_' * 10}", 400, DAMAGED),
        (f"{PLAY}?p=1{'A' * 23}", 400, DAMAGED),
        (f"{PLAY}?p={overlapping_code()}", 400, DAMAGED),
    ],
)
def test_bad_play_links_answer_the_list_of_boards_saying_why(
    api: TestClient, path: str, status: int, message: str
) -> None:
    response = api.get(path)
    assert (response.status_code, response.headers["content-type"]) == (status, HTML)
    assert message in response.text and 'role="alert"' in response.text
    assert '<a href="/play/pentomino-6x10/board">' in response.text


@pytest.mark.usefixtures("frozen_today")
def test_the_board_list_opens_calendars_on_today(api: TestClient) -> None:
    html = page(api, "/play")
    assert '<a href="/play/calendar-dragonfjord/01-22">' in html
    assert all(f"/play/{puzzle_id}/" in html for puzzle_id in catalog())
    assert "/play/pentomino-6x10/board?lang=ja" in page(api, "/play", lang="ja")


def test_the_challenge_link_opens_the_days_challenge_with_its_pieces_fixed(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    """A solved calendar board offers the day's challenge: the link used to open an empty board."""
    with sessions() as session:
        challenge = daily_challenge(session, date(2026, 1, 22))  # on the 3x20 board
    response = api.get("/play/challenge/2026-01-22", params={"lang": "ja"}, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == board_link(challenge, "ja")
    board = board_data(api.get(response.headers["location"]).text)
    fixed = [challenge.puzzle.pieces[p.piece].name for p in challenge.preplaced]
    assert board["fixed"] == fixed == [p["piece"] for p in board["placements"]]  # type: ignore[attr-defined]
    assert api.get("/play/challenge/2026-02-30", follow_redirects=False).status_code == 400
    calendar = page(api, PLAY)
    assert 'id="challenge-link" class="next" href="/play/challenge/' in calendar


# ---------------------------------------------------------------- static files


@pytest.mark.parametrize(
    ("path", "media"),
    [
        ("/static/page.css", "text/css"),
        ("/static/page.js", "text/javascript"),
        ("/static/board.css", "text/css"),
        ("/static/board/main.js", "text/javascript"),
        ("/static/board/telegram.js", "text/javascript"),
    ],
)
def test_static_files_are_served_with_etags(api: TestClient, path: str, media: str) -> None:
    found = api.get(path)
    assert found.status_code == 200 and found.headers["content-type"].startswith(media) and found.content
    assert found.headers["cache-control"] == "public, max-age=60"
    assert api.get(path, headers={"If-None-Match": found.headers["etag"]}).status_code == 304


def test_the_static_files_are_the_files_in_the_static_folder_as_they_are(api: TestClient) -> None:
    """Every stylesheet, script and icon the pages link is a plain file in ``api/web/static/`` (none is
    a string in the Python code), served byte for byte."""
    folder = Path(api_web.__file__).parent / "static"
    files = {path.relative_to(folder).as_posix(): path for path in folder.rglob("*") if path.is_file()}
    assert {"page.css", "page.js", "board.css", "board/main.js", "favicon.svg"} <= set(files)
    assert set(web.HASHED) == {assets.ASSETS[name].hashed for name in files}
    for name, path in files.items():
        assert api.get(f"/static/{name}").content == path.read_bytes(), name


def test_any_other_static_file_is_404(api: TestClient) -> None:
    response = api.get("/static/nothing.js")
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"


# ---------------------------------------------------------------- what every page has


@pytest.mark.parametrize("path", ["/play", PLAY, "/play/no-such-puzzle/01-25", "/no-such-page"])
def test_every_page_has_a_description_an_icon_and_only_this_servers_files(api: TestClient, path: str) -> None:
    assert_head_and_own_files(api, api.get(path, headers={"Accept": "text/html"}).text)  # "/": daily tests


def test_the_icon_and_robots_txt_are_served(api: TestClient) -> None:
    icon = api.get("/favicon.ico")
    assert (icon.status_code, icon.headers["content-type"]) == (200, "image/x-icon")
    assert icon.content[:4] == b"\x00\x00\x01\x00"  # an ICO file
    robots = api.get("/robots.txt")
    assert robots.status_code == 200 and "Disallow: /api/" in robots.text.splitlines()


def test_an_unknown_page_is_an_html_404_for_browsers_and_json_for_programs(api: TestClient) -> None:
    browser = api.get("/no-such-page", headers={"Accept": "text/html,*/*;q=0.8", "Accept-Language": "ja"})
    assert (browser.status_code, browser.headers["content-type"]) == (404, HTML)
    assert 'href="/?lang=ja"' in browser.text and "ページが見つかりません" in browser.text
    program = api.get("/no-such-page", headers={"Accept": "application/json"})
    assert program.status_code == 404 and program.json()["error"]["code"] == "not_found"
    api_path = api.get("/api/v1/no-such-thing", headers={"Accept": "text/html"})
    assert api_path.status_code == 404 and api_path.json()["error"]["code"] == "not_found"


def test_an_error_of_ours_on_a_page_is_a_page_in_its_language_and_json_on_the_api(
    api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever escapes a page's route (here a bug drawing the boards' list) is answered as a page,
    in the reader's language and without the server's words; an API route keeps the JSON shape."""

    def broken(*_: object) -> object:
        raise RuntimeError("a bug's own words")

    monkeypatch.setattr(web, "_boards", broken)
    monkeypatch.setattr(puzzle_content, "catalog_payload", broken)
    api.app.state.api.payloads.clear()  # the pages and the catalog are drawn again
    unraised = TestClient(api.app, raise_server_exceptions=False)
    english = unraised.get("/play")
    assert (english.status_code, english.headers["content-type"]) == (500, HTML)
    assert "Something went wrong on our side; please try again later." in english.text
    assert "bug" not in english.text and english.headers["cache-control"] == "no-store"
    japanese = unraised.get("/play", headers={"Accept-Language": "ja"})
    assert japanese.status_code == 500 and '<html lang="ja">' in japanese.text
    assert "Something went wrong" not in japanese.text and 'href="/?lang=ja"' in japanese.text
    assert_error(unraised.get("/api/v1/puzzles", headers={"Accept": "text/html"}), 500, "internal_error")


def test_a_wrong_method_on_a_page_is_a_page_and_json_on_the_api(api: TestClient) -> None:
    refused = api.post("/play", params={"lang": "ja"}, headers={"Accept": "application/json"})
    assert (refused.status_code, refused.headers["content-type"], refused.headers["allow"]) == (
        405,
        HTML,
        "GET",
    )
    assert '<html lang="ja">' in refused.text and "<h1>" in refused.text
    english = api.post("/")
    assert english.status_code == 405 and "it takes nothing sent to it" in english.text
    assert_error(api.post("/api/v1/editions"), 405, "method_not_allowed")


def test_pages_link_static_files_by_content_hash_cached_for_a_year(api: TestClient) -> None:
    html = page(api, PLAY)
    linked = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
    names = {url.removeprefix("/static/").split(".")[0] for url in linked}
    assert {"page", "board", "board/main", "board/telegram", "board/solved", "favicon"} <= names
    for url in linked:
        assert re.fullmatch(r"/static/(board/)?[a-z]+\.[0-9a-f]{10}\.(css|js|svg)", url)
        found = api.get(url)
        assert (found.status_code, found.headers["cache-control"]) == (200, IMMUTABLE)
    assert api.get("/static/board.0000000000.js").status_code == 404
    assert api.get("/static/board/main.0000000000.js").status_code == 404


def test_text_is_gzipped_for_clients_that_take_it(api: TestClient) -> None:
    html = api.get(PLAY, headers={"Accept-Encoding": "gzip"})
    assert html.headers["content-encoding"] == "gzip" and "Accept-Encoding" in html.headers["vary"]
    assert int(html.headers["content-length"]) < len(html.content) / 3  # httpx unpacked it
    plain = api.get(PLAY, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.text == html.text
    script = api.get("/static/board/main.js", headers={"Accept-Encoding": "gzip"})
    assert script.headers["content-encoding"] == "gzip"
    etag = script.headers["etag"]
    again = api.get("/static/board/main.js", headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert again.status_code == 304
    icon = api.get("/favicon.ico", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in icon.headers  # images are compressed already


def test_a_day_being_solved_says_so_keeps_the_form_and_reloads_itself(store_url: str) -> None:
    """Before, the page stayed blank for the whole wait (10 s), then said 503 with a form reset to
    DragonFjord's calendar and today (pressing Show loaded the wrong puzzle), and never retried."""
    held = GatedSolver()
    settings = Settings(_env_file=None, DATABASE_URL=store_url)  # type: ignore[call-arg]
    try:
        with TestClient(create_app(settings, lambda _sessions: held)) as api:
            page = api.get("/", params={"edition": "calendar-weekday", "date": "2022-06-07"})
    finally:
        held.gate.set()
    assert page.status_code == 503 and page.headers["retry-after"] == "5"
    assert '<meta http-equiv="refresh" content="5">' in page.text  # it comes back by itself
    assert "Working out Tuesday 7 June 2022 for" in page.text and "This page reloads by itself." in page.text
    assert 'value="2022-06-07"' in page.text  # the form keeps the date asked for ...
    assert re.search(r'<option value="calendar-weekday"[^>]*selected', page.text)  # ... and the edition


def test_a_day_being_solved_says_how_long_its_editions_targets_took() -> None:
    view = View(date(2022, 6, 7), edition="calendar-weekday")
    assert solving_text(view, 9.6) == (
        "Working out Tuesday 7 June 2022 for Weekday calendar (Sunday first): "
        "about 10 s. This page reloads by itself."
    )
    japanese = solving_text(
        View(date(2022, 6, 7), edition="calendar-weekday", language=PageLanguage("ja")), 0.4
    )
    assert "約1秒" in japanese and "2022" in japanese


class Noon(datetime):
    """``datetime`` whose ``now`` is noon (UTC) on 2026-01-22."""

    @classmethod
    def now(cls, tz: tzinfo | None = None) -> Noon:  # type: ignore[override]
        return cls.fromtimestamp(datetime(2026, 1, 22, 12, tzinfo=UTC).timestamp(), tz)


@pytest.mark.parametrize(
    ("path", "goes_to"),
    [
        ("/play/calendar-dragonfjord", "/play/calendar-dragonfjord/01-22"),  # the calendar's today
        ("/play/pentomino-6x10?lang=ja", "/play/pentomino-6x10/board?lang=ja"),  # a board's one target
        ("/play/challenge", "/play/challenge/today"),
    ],
)
def test_a_board_named_without_its_target_opens_todays(
    api: TestClient, monkeypatch: pytest.MonkeyPatch, path: str, goes_to: str
) -> None:
    """These were 404s: a link someone shortened by hand, or typed."""
    monkeypatch.setattr(deps, "datetime", Noon)
    answer = api.get(path, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == goes_to
    assert api.get("/play/no-such-puzzle").status_code == 404


def test_a_hint_pictures_alt_text_names_each_piece_shown_and_its_cells(api: TestClient) -> None:
    """The picture says in words what its text drawing shows: every piece and the cells it covers."""
    html = page(api, date="2026-01-22", stage="3", pstage="1")
    alts = dict(re.findall(r'<figure id="([\w-]+)"[^>]*>\s*<img src="[^"]*" alt="([^"]*)"', html))
    hint = api.get("/api/v1/daily/2026-01-22/hints/1").json()
    (first,) = hint["placements"]
    assert "Pieces shown:" not in alts["calendar-stage-0"]  # the empty board
    one = alts["calendar-stage-1"]
    assert re.search(rf"Pieces shown: {first['piece']} on [\w ,]+\.$", one), one
    answer = alts["calendar-stage-3"]
    assert answer.count(" on ") == 8 and "Jul" in answer  # all eight pieces, by the labels they cover
    assert "solutions. Pieces shown:" in answer
    challenge = alts["pentomino-stage-1"]
    assert re.search(r"Pieces shown: (\w in rows [\d–]+, columns [\d–]+(; )?)+\.$", challenge), challenge


@pytest.mark.parametrize(
    ("date", "lang", "says"),
    [
        ("2026-02-29", None, "There is no 29 February in 2026."),
        ("2026-02-29", "ja", "2026年に2月29日はありません。"),
        ("2026-13-01", None, "There is no month 13: months go from 01 to 12."),
        ("tomorrow", None, "“tomorrow” is not a date: write one like 2026-01-25."),
    ],
)
def test_a_date_that_is_none_is_said_in_plain_words(
    api: TestClient, date: str, lang: str | None, says: str
) -> None:
    params = {"date": date, **({"lang": lang} if lang else {})}
    html = page(api, status=400, **params)
    assert says in html
    assert "must be a real date" not in html  # the API's words for programs


def test_a_bad_position_link_says_why_in_plain_words(api: TestClient) -> None:
    weekday = get_puzzle("calendar-weekday")
    weekday_code = encode_position(weekday, ())
    assert weekday_code is not None
    cases = [
        ("%25AAAAAAAAAAAAA", None, DAMAGED),
        ("%25AAAAAAAAAAAAA", "ja", "この盤面のリンクは壊れています。盤面を開き直してください。"),
        # the two weekday editions share their pieces and board, so their codes: either is named
        (weekday_code, None, "This position belongs to another puzzle, Weekday calendar ("),
    ]
    for code, lang, says in cases:
        query = f"?p={code}" + (f"&lang={lang}" if lang else "")
        response = api.get(f"/play/calendar-dragonfjord/01-22{query}")
        assert response.status_code == 400
        assert says in response.text, response.text[-1500:]
        assert "position code version" not in response.text and "older version" not in response.text
