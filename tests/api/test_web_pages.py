"""The web pages: the day's page ``/``, the boards ``/play``, the static files, and what every page
has (its head, a bad address or method answered as a page, gzip). A bad link answers an HTML page,
never a 500.

Most tests ask the app in process (``api``) on a copy of the sample store: one app for the day's
page and the boards (its first bundle starts a process pool, about two seconds). Those that need
dates the sample lacks ask the app over the whole precomputed catalog (``client``, marked
``catalog``). The browser tests drive Debian's headless Chromium with Playwright (marked
``browser``) against a real server on the catalog (``api_url``); the browser may only talk to that
server on 127.0.0.1: every other request is aborted and recorded (and fails the test). Screenshots
go to ``test-output/`` at the project root."""

from __future__ import annotations

import io
import json
import re
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, tzinfo
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from fastapi.testclient import TestClient
from PIL import Image, ImageStat
from playwright.sync_api import Browser, BrowserContext, Page
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
from hints.daily import DailyPuzzle, calendar_editions, daily_bundle, daily_calendar, daily_challenge
from hints.deeplink import encode_link
from hints.solutions import all_solutions
from jobs.target_solving import OnDemand
from render.images import render_heatmap
from render.layout import heatmap_layout
from render.words import PUZZLE_TITLES
from settings import Settings
from solver.puzzles import all_puzzles, catalog, get_puzzle
from tests.support.api_server import assert_error, assert_head_and_own_files
from tests.support.browser import OUTPUT, LoopbackOnly
from tests.support.solving import GatedSolver

LINE_DAY = date(2026, 1, 22)  # a date of the sample store; its challenge is on the 3x20 board
DAY = LINE_DAY.isoformat()
CATALOG_DAY = "2026-01-25"  # a date of the whole catalog (the sample lacks its challenge's board)
CALENDAR = get_puzzle("calendar-dragonfjord")
PLAY = "/play/calendar-dragonfjord/01-22"
HTML = "text/html; charset=utf-8"
BOT = "PuzzleHintBot"
IMMUTABLE = "public, max-age=31536000, immutable"
IMAGE_LOADED = "img => img.complete && img.naturalWidth > 0"


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


def calendar(sessions: sessionmaker[Session], day: date = LINE_DAY, **options: object) -> DailyPuzzle:
    with sessions() as session:
        return daily_calendar(session, day, **options)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the day's page


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


# ---------------------------------------------------------------- the day's page on the whole catalog


def test_page_edges_and_headers(client: httpx.Client) -> None:
    first = client.get("/?date=0001-01-01")
    assert first.status_code == 200
    assert "Previous day" not in first.text and "Next day" in first.text
    last = client.get("/?date=9999-12-31&stage=3&pstage=3")
    assert last.status_code == 200
    assert "Next day" not in last.text
    policy = last.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    today = client.get("/")
    assert today.status_code == 200
    for asset, kind in (("/static/page.css", "text/css"), ("/static/page.js", "text/javascript")):
        response = client.get(asset)
        assert response.headers["content-type"].startswith(kind)
        assert client.get(asset, headers={"If-None-Match": response.headers["etag"]}).status_code == 304


def _hrefs(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'(?:href|src|data-src)="([^"]*)"', html)]


def _page_links(html: str) -> list[str]:
    """The links of the page to itself and to the boards and images (not the language switch)."""
    links = [h for h in _hrefs(html) if h.startswith(("/?", "/play/", "/api/v1/daily/", "/api/v1/puzzles/"))]
    switch = re.search(r'<nav class="languages".*?</nav>', html)
    assert switch is not None
    return [h for h in links if h not in _hrefs(switch.group(0))]


def test_the_page_in_japanese_keeps_its_language_everywhere(client: httpx.Client) -> None:
    response = client.get("/", params={"date": CATALOG_DAY, "lang": "ja", "stage": "1"})
    assert response.status_code == 200
    html = response.text
    assert html.startswith('<!doctype html><html lang="ja">')
    for words in ("今日のパズル", "2026年1月25日(日)", "カレンダー・パズル", "ペントミノ・チャレンジ"):
        assert words in html, words
    for words in ("ヒント1：1ピース", "ヒント2：ピースの半分", "答えを見る", "ボードで遊ぶ", "1年の一覧"):
        assert words in html, words
    assert "<strong>1月25日</strong>を空けて置きましょう。解は<strong>216</strong>通り" in html
    assert "Hint 1: one piece" not in html and "Puzzles of the day" not in html
    links = _page_links(html)
    assert len(links) > 10
    assert [link for link in links if "lang=ja" not in link] == []  # every link keeps the language
    assert '<input type="hidden" name="lang" value="ja">' in html  # the date form too
    assert f"/api/v1/daily/{CATALOG_DAY}/hints/1.png?lang=ja" in links
    assert "/api/v1/puzzles/calendar-dragonfjord/heatmap.png?lang=ja" in links
    assert "/play/calendar-dragonfjord/01-25?lang=ja" in links
    english = re.search(r'<a href="([^"]*)" lang="en"', html)
    assert english is not None and unescape(english.group(1)) == f"/?date={CATALOG_DAY}&stage=1"
    assert '<strong lang="ja" aria-current="true">日本語</strong>' in html
    assert response.headers["vary"] == "Accept-Language, Accept-Encoding"


def test_the_english_page_links_carry_no_language(client: httpx.Client) -> None:
    html = client.get("/", params={"date": CATALOG_DAY}).text
    assert html.startswith('<!doctype html><html lang="en">')
    assert "Puzzles of the day" in html and "Sunday 25 January 2026" in html
    assert [link for link in _page_links(html) if "lang=" in link] == []
    japanese = re.search(r'<a href="([^"]*)" lang="ja"', html)
    assert japanese is not None and unescape(japanese.group(1)) == f"/?date={CATALOG_DAY}&lang=ja"


def test_the_browser_language_picks_japanese_and_an_explicit_choice_sticks(client: httpx.Client) -> None:
    asked = {"Accept-Language": "ja-JP,ja;q=0.9,en-US;q=0.8"}
    html = client.get("/", params={"date": CATALOG_DAY}, headers=asked).text
    assert '<html lang="ja">' in html and "今日のパズル" in html
    assert all("lang=ja" in link for link in _page_links(html))
    english_link = re.search(r'<a href="([^"]*)" lang="en"', html)
    assert english_link is not None and "lang=en" in english_link.group(1)  # else Japanese again
    chosen = client.get("/", params={"date": CATALOG_DAY, "lang": "en"}, headers=asked).text
    assert '<html lang="en">' in chosen and "Puzzles of the day" in chosen
    pages = [link for link in _page_links(chosen) if link.startswith(("/?", "/play/"))]
    assert pages and all("lang=en" in link for link in pages)  # the choice sticks from page to page
    assert [link for link in _page_links(chosen) if "lang=" in link and link not in pages] == []  # images
    preferring_english = {"Accept-Language": "fr, en;q=0.9, ja;q=0.8"}
    assert '<html lang="en">' in client.get("/", headers=preferring_english).text


# ---------------------------------------------------------------- the day's page in a browser


@pytest.fixture
def guarded(browser: Browser, api_url: str) -> Iterator[tuple[BrowserContext, LoopbackOnly]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    guard = LoopbackOnly(api_url)
    guard.watch(context)
    yield context, guard
    context.close()
    assert guard.blocked == []


def assert_images_loaded(page: Page, selector: str) -> list[str]:
    """Every image under ``selector`` has loaded with a real width (scrolled to, as the heatmap
    loads lazily); their paths."""
    images = page.locator(f"{selector} img")
    sources = []
    for index in range(images.count()):
        images.nth(index).scroll_into_view_if_needed()
        handle = images.nth(index).element_handle()
        page.wait_for_function(IMAGE_LOADED, arg=handle, timeout=30_000)
        sources.append(urlsplit(images.nth(index).get_attribute("src") or "").path)
    return sources


def stage_image(kind: str, stage: int) -> str:
    base = f"/api/v1/daily/{CATALOG_DAY}" + ("/pentomino" if kind == "pentomino" else "")
    return f"{base}/puzzle.png" if stage == 0 else f"{base}/hints/{stage}.png"


def test_hint_buttons_reveal_each_image_in_place(
    guarded: tuple[BrowserContext, LoopbackOnly], api_url: str
) -> None:
    context, _ = guarded
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{api_url}/?date={CATALOG_DAY}")
    assert page.title() == f"Puzzles of the day · {CATALOG_DAY}"
    assert "216" in page.locator("#calendar .facts").inner_text()
    assert assert_images_loaded(page, "#calendar .stages") == [stage_image("calendar", 0)]
    assert assert_images_loaded(page, "#pentomino .stages") == [stage_image("pentomino", 0)]
    assert assert_images_loaded(page, "#year") == ["/api/v1/puzzles/calendar-dragonfjord/heatmap.png"]
    for kind in ("calendar", "pentomino"):
        for stage in (1, 2, 3):
            button = page.locator(f"#{kind} a[data-stage='{stage}']")
            asked = page.locator(f"#{kind} details.ask summary")
            if kind == "pentomino":  # the keyboard way: focus the button, press Enter
                if stage == 3:  # the answer asks first
                    asked.focus()
                    page.keyboard.press("Enter")
                button.focus()
                page.keyboard.press("Enter")
            else:
                if stage == 3:
                    asked.click()
                button.click()
            figure = page.locator(f"#{kind}-stage-{stage}")
            figure.wait_for()
            assert assert_images_loaded(page, f"#{kind} .stages")[-1] == stage_image(kind, stage)
            assert page.evaluate("document.activeElement.id") == f"{kind}-stage-{stage}"
            assert "done" in (button.get_attribute("class") or "")
        assert page.locator(f"#{kind} .stages figure").count() == 4
    query = parse_qs(urlsplit(page.url).query)
    assert query == {"date": [CATALOG_DAY], "stage": ["3"], "pstage": ["3"]}
    assert errors == []
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=OUTPUT / "api-web-desktop.png", full_page=True)
    page.reload()  # the URL keeps what was revealed
    assert page.locator("#calendar .stages figure").count() == 4


def test_the_japanese_page_reveals_japanese_images_and_keeps_its_language(
    guarded: tuple[BrowserContext, LoopbackOnly], api_url: str
) -> None:
    context, _ = guarded
    page = context.new_page()
    page.goto(f"{api_url}/?date={CATALOG_DAY}&lang=ja")
    assert page.title() == "今日のパズル · 2026年1月25日(日)"
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert assert_images_loaded(page, "#calendar .stages") == [stage_image("calendar", 0)]
    assert (
        page.locator("#calendar .stages img").get_attribute("src") == f"{stage_image('calendar', 0)}?lang=ja"
    )
    page.locator("#calendar a[data-stage='1']").click()
    page.locator("#calendar-stage-1").wait_for()
    assert page.locator("#calendar-stage-1 figcaption strong").inner_text() == "ヒント 1/3"
    assert (
        page.locator("#calendar-stage-1 img").get_attribute("src") == f"{stage_image('calendar', 1)}?lang=ja"
    )
    assert parse_qs(urlsplit(page.url).query) == {"date": [CATALOG_DAY], "lang": ["ja"], "stage": ["1"]}
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=OUTPUT / "api-web-japanese.png", full_page=True)
    page.locator("nav.languages a[lang='en']").click()
    page.wait_for_url(f"**/?date={CATALOG_DAY}&stage=1")
    assert page.locator("#calendar-stage-1 figcaption strong").inner_text() == "Hint 1 of 3"


def test_the_basic_view_works_without_javascript(browser: Browser, api_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    guard = LoopbackOnly(api_url)
    guard.watch(context)
    page = context.new_page()
    page.goto(f"{api_url}/?date={CATALOG_DAY}")
    for stage in (1, 2, 3):
        if stage == 3:  # the answer asks first, without the script too
            page.locator("#calendar details.ask summary").click()
        page.locator(f"#calendar a[data-stage='{stage}']").click()
        page.wait_for_url(f"**stage={stage}*")
        sources = assert_images_loaded(page, "#calendar .stages")
        assert sources == [stage_image("calendar", s) for s in range(stage + 1)]
    page.locator("#pentomino a[data-stage='2']").click()
    assert assert_images_loaded(page, "#pentomino .stages")[-1] == stage_image("pentomino", 2)
    assert page.locator("#calendar .stages figure").count() == 4  # the calendar stays revealed
    page.locator("#pentomino a.reset").click()
    assert page.locator("#pentomino .stages figure").count() == 1
    page.fill("#date", "2024-02-29")
    page.locator("form.pick button").click()
    page.wait_for_url("**date=2024-02-29")
    assert "Thursday 29 February 2024" in page.locator("h1").inner_text()
    assert assert_images_loaded(page, "#calendar .stages") == ["/api/v1/daily/2024-02-29/puzzle.png"]
    page.get_by_role("link", name="Next day →").click()
    assert "Friday 1 March 2024" in page.locator("h1").inner_text()
    context.close()
    assert guard.blocked == []


def test_the_page_may_read_its_own_robots_txt(
    guarded: tuple[BrowserContext, LoopbackOnly], api_url: str
) -> None:
    """Lighthouse reads robots.txt from within the page: the policy once allowed no fetch at all
    (SEO 92, "unable to download a robots.txt file"); now this server's own addresses."""
    context, _ = guarded
    page = context.new_page()
    page.goto(f"{api_url}/?date={CATALOG_DAY}")
    assert page.evaluate("fetch('/robots.txt').then(r => r.text())").startswith("User-agent: *")


def _mean_luminance(png: bytes) -> float:
    """The mean lightness (0 black .. 1 white) of a screenshot."""
    with Image.open(io.BytesIO(png)) as picture:
        return float(ImageStat.Stat(picture.convert("L")).mean[0]) / 255


def test_in_dark_mode_the_pictures_are_dimmed_so_they_do_not_glare(browser: Browser, api_url: str) -> None:
    """The hint pictures and the heatmap are drawn on white; on the dark page they used to glare."""
    lightness = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
        guard = LoopbackOnly(api_url)
        guard.watch(context)
        page = context.new_page()
        page.goto(f"{api_url}/?date={CATALOG_DAY}&stage=1")
        assert_images_loaded(page, "#calendar")
        assert_images_loaded(page, "#year")
        lightness[scheme] = {
            picture: _mean_luminance(page.locator(f"{picture} img").first.screenshot())
            for picture in ("#calendar-stage-1", ".heatmap")
        }
        context.close()
        assert guard.blocked == []
    for picture, light in lightness["light"].items():
        assert lightness["dark"][picture] <= 0.75 * light, (picture, lightness)


def test_the_page_fits_a_phone(browser: Browser, api_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    guard = LoopbackOnly(api_url)
    guard.watch(context)
    page = context.new_page()
    page.goto(f"{api_url}/?date={CATALOG_DAY}&stage=2&pstage=1")
    assert_images_loaded(page, "main")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    widths = page.evaluate("[...document.images].map(i => i.getBoundingClientRect().right)")
    assert max(widths) <= 390
    heights = page.evaluate(
        "[...document.querySelectorAll('a.button')].map(a => a.getBoundingClientRect().height)"
    )
    assert min(heights) >= 44  # comfortable touch targets
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=OUTPUT / "api-web-phone.png", full_page=True)
    context.close()
    assert guard.blocked == []


# ---------------------------------------------------------------- the boards


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


@pytest.mark.parametrize("lang", ["xx", "de", "JA-jp", "<script>", ""])
def test_an_unsupported_language_falls_back_quietly(client: httpx.Client, lang: str) -> None:
    plain = client.get("/", params={"date": CATALOG_DAY, "lang": lang})
    assert plain.status_code == 200 and '<html lang="en">' in plain.text
    assert "<script>" not in plain.text.replace('<script src="/static/page.js" defer></script>', "")
    browser = client.get("/", params={"date": CATALOG_DAY, "lang": lang}, headers={"Accept-Language": "ja"})
    assert browser.status_code == 200 and '<html lang="ja">' in browser.text
    board = client.get("/play/calendar-dragonfjord/01-25", params={"lang": lang})
    assert board.status_code == 200 and '<html lang="en">' in board.text


def test_error_pages_speak_the_language_too(client: httpx.Client) -> None:
    bad = client.get("/", params={"date": "2026-02-30", "lang": "ja"})
    assert bad.status_code == 400 and '<html lang="ja">' in bad.text
    assert "2026年に2月30日はありません。" in bad.text and "February" not in bad.text
    assert '<input type="hidden" name="lang" value="ja">' in bad.text
    board = client.get("/play/no-such-puzzle/01-25", params={"lang": "ja"})
    assert board.status_code == 404 and "そのパズルまたは問題はありません" in board.text
    assert '<a href="/play/pentomino-6x10/board?lang=ja">' in board.text
    listing = client.get("/play", headers={"Accept-Language": "ja"}).text
    assert "遊べるボード" in listing and "/play/pentomino-6x10/board?lang=ja" in listing
