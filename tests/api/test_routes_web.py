"""The board pages in process (TestClient) on a copy of the sample store: ``/play`` (the boards) and
the static files; a bad link answers an HTML page, never a 500. The day's page ``/`` is tested with the
daily routes (tests/api/test_routes_daily.py): it draws the same bundles, and one app computes them
once (its first bundle starts a process pool, about two seconds)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from api import create_app
from hints.codes import board_placements, encode_position
from hints.deeplink import encode_link
from hints.solutions import all_solutions
from settings import Settings
from solver.catalog import catalog, get_puzzle

CALENDAR = get_puzzle("calendar-dragonfjord")
PLAY = "/play/calendar-dragonfjord/01-22"
HTML = "text/html; charset=utf-8"
BOT = "PuzzleHintBot"


@pytest.fixture(scope="module")
def api(store_url: str) -> Iterator[TestClient]:
    settings = Settings(_env_file=None, DATABASE_URL=store_url, TELEGRAM_BOT_USERNAME=BOT)  # type: ignore[call-arg]
    with TestClient(create_app(settings)) as client:
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


def overlapping_code() -> str:
    every = board_placements(CALENDAR)
    first = every[0][0]
    code = encode_position(CALENDAR, [first, next(p for p in every[1] if set(p.cells) & set(first.cells))])
    assert code is not None
    return code


@pytest.mark.parametrize(
    ("path", "status", "message"),
    [
        ("/play/no-such-puzzle/01-25", 404, "unknown puzzle &#x27;no-such-puzzle&#x27;"),
        ("/play/calendar-dragonfjord/13-45", 404, "unknown target &#x27;13-45&#x27;"),
        (f"{PLAY}?p=garbage", 400, "is not a board of"),
        (f"{PLAY}?p=1{'_' * 10}", 400, "names no calendar-dragonfjord position"),
        (f"{PLAY}?p=1{'A' * 23}", 400, "position code is 11 characters"),
        (f"{PLAY}?p={overlapping_code()}", 400, "overlap"),
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


# ---------------------------------------------------------------- static files


@pytest.mark.parametrize(
    ("path", "media"),
    [
        ("/static/page.css", "text/css"),
        ("/static/page.js", "text/javascript"),
        ("/static/board.css", "text/css"),
        ("/static/board.js", "text/javascript"),
        ("/static/telegram.js", "text/javascript"),
    ],
)
def test_static_files_are_served_with_etags(api: TestClient, path: str, media: str) -> None:
    found = api.get(path)
    assert found.status_code == 200 and found.headers["content-type"].startswith(media) and found.content
    assert found.headers["cache-control"] == "public, max-age=60"
    assert api.get(path, headers={"If-None-Match": found.headers["etag"]}).status_code == 304


def test_any_other_static_file_is_404(api: TestClient) -> None:
    response = api.get("/static/nothing.js")
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
