"""Position codes over HTTP, in process (TestClient) on a copy of the sample store: codes of version 1
read as they were meant, outdated codes refused with 410, aliases refused, and board links to the bot
that name the puzzle and target by id and name."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from api import create_app
from db import positions_repository as boards
from hints.codes import DIGITS, TAG_LENGTH, encode_position, layout
from hints.positions import placements_of_code
from hints.saved import saved_board
from hints.solutions import all_solutions
from jobs.target_solving import OnDemand
from settings import Settings
from solver.puzzles import get_puzzle
from tests.support.api_server import SHARED_BY_MANY_TESTS, assert_error
from tests.support.miniapp import TOKEN, init_data

CALENDAR = get_puzzle("calendar-dragonfjord")
DATE = CALENDAR.target("01-25")
BASE = "/api/v1/puzzles/calendar-dragonfjord/targets/01-25"
ME = "/api/v1/me/positions/calendar-dragonfjord/01-25"
BOT = "PuzzleHintBot"
OUTDATED = "2AAA" + "A" * 10  # a tag no layout of the calendar has
OLDER = "this board was saved for an older version of the puzzle"
NOW = datetime(2026, 1, 25, 12, tzinfo=UTC)


@pytest.fixture(scope="module")
def api(store_url: str) -> Iterator[TestClient]:
    options = {"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_BOT_USERNAME": BOT, **SHARED_BY_MANY_TESTS}
    settings = Settings(_env_file=None, DATABASE_URL=store_url, **options)  # type: ignore[call-arg, arg-type]
    with TestClient(create_app(settings, OnDemand)) as client:
        yield client


def signed_in(user_id: int) -> dict[str, str]:
    return {"Authorization": f"tma {init_data(user_id)}"}


def three_pieces(sessions: sessionmaker[Session]) -> str:
    """The current code of three pieces of the first stored solution of 01-25."""
    with sessions() as session:
        first = sorted(all_solutions(session, CALENDAR, DATE)[0], key=lambda p: p.piece)[:3]
    code = encode_position(CALENDAR, first)
    assert code is not None
    return code


def version_1(code: str) -> str:
    """The version-1 code of the position a current calendar code names."""
    number = 0
    for char in code[1 + TAG_LENGTH :]:
        number = number * 64 + DIGITS.index(char)
    width = ((layout(CALENDAR).positions - 1).bit_length() + 7) // 8
    return "1" + base64.urlsafe_b64encode(number.to_bytes(width, "big")).decode().rstrip("=")


def test_a_version_1_code_names_its_position_and_answers_the_current_code(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    code = three_pieces(sessions)
    old = version_1(code)
    answer = api.get(f"{BASE}/positions/{old}")
    assert answer.status_code == 200, answer.text
    assert answer.json() == api.get(f"{BASE}/positions/{code}").json() and answer.json()["code"] == code


@pytest.mark.parametrize("path", [f"{BASE}/positions/{OUTDATED}", f"{BASE}/positions/{OUTDATED}/hints/1.png"])
def test_a_code_of_an_earlier_version_of_the_puzzle_is_gone(api: TestClient, path: str) -> None:
    response = api.get(path)
    error = assert_error(response, 410, "outdated_code")
    assert str(error["message"]).startswith(OLDER) and response.headers["cache-control"] == "no-store"


def test_an_alias_of_a_code_is_refused(api: TestClient, sessions: sessionmaker[Session]) -> None:
    old = version_1(three_pieces(sessions))
    alias = old[:-1] + DIGITS[DIGITS.index(old[-1]) ^ 1]  # a spare low bit of the last character
    error = assert_error(api.get(f"{BASE}/positions/{alias}"), 422, "invalid_code")
    assert "canonical form" in str(error["message"])


def test_the_mini_app_saves_a_version_1_code_under_the_current_one(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    code = three_pieces(sessions)
    saved = api.put(ME, headers=signed_in(90), json={"code": version_1(code)})
    assert saved.status_code == 200 and saved.json()["code"] == code
    with sessions() as session:
        kept = saved_board(session, 90, CALENDAR, DATE)
    assert kept is not None and kept.code == code
    assert api.get(ME, headers=signed_in(90)).json()["code"] == code


def test_a_saved_board_of_an_earlier_version_of_the_puzzle_is_gone(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    assert_error(api.put(ME, headers=signed_in(91), json={"code": OUTDATED}), 410, "outdated_code")
    with sessions.begin() as session:
        assert saved_board(session, 91, CALENDAR, DATE) is None
        boards.save(
            session=session, user_id=91, puzzle_id=CALENDAR.id, target="01-25", code=OUTDATED, now=NOW
        )
    error = assert_error(api.get(ME, headers=signed_in(91)), 410, "outdated_code")
    assert str(error["message"]).startswith(OLDER)


def test_a_board_link_of_an_earlier_version_of_the_puzzle_says_so(api: TestClient) -> None:
    response = api.get("/play/calendar-dragonfjord/01-25", params={"p": OUTDATED})
    assert response.status_code == 400
    assert "This position was saved for an older version of the puzzle" in response.text  # in plain words


def test_a_board_links_to_the_bot_by_puzzle_id_and_target_name(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    code = three_pieces(sessions)
    page = api.get("/play/calendar-dragonfjord/01-25", params={"p": version_1(code)})
    assert page.status_code == 200
    assert f"https://t.me/{BOT}?start=calendar-dragonfjord_01-25_{code}" in page.text
    assert placements_of_code(CALENDAR, code)  # the page's code is the current one of the same board


def test_a_board_of_an_edition_solved_on_demand_links_to_the_bot_too(api: TestClient) -> None:
    """The catalog's indices never covered these editions; ids and names do."""
    page = api.get("/play/calendar-weekday/01-25-sun")
    assert page.status_code == 200, page.text[:300]
    assert f"https://t.me/{BOT}?start=calendar-weekday_01-25-sun_2" in page.text
