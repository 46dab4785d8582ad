"""``/api/v1/me`` for a web visitor (the signed ``player`` cookie) and for a Telegram user, in
process on a copy of the sample store; "now" is 2026-01-21 20:21 UTC: 05:21 on the 22nd in Tokyo,
12:21 on the 21st in Los Angeles."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, tzinfo

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from api import deps, players, telegram_auth
from db import chats, web_players
from hints import game
from hints.saved import saved_board
from solver.puzzles import get_puzzle
from tests.support.api_server import assert_error
from tests.support.miniapp import init_data, signed_in_app
from tests.support.miniapp import solved_code as solved_code_in

EVENING = datetime(2026, 1, 21, 20, 21, tzinfo=UTC)
ME, SETTINGS = "/api/v1/me", "/api/v1/me/settings"
TOKYO_TODAY = "calendar-dragonfjord/01-22"


class Clock(datetime):
    """``datetime`` whose ``now`` is :data:`EVENING`."""

    @classmethod
    def now(cls, tz: tzinfo | None = None) -> Clock:  # type: ignore[override]
        return cls.fromtimestamp(EVENING.timestamp(), tz)


@pytest.fixture(scope="module")
def api(store_url: str) -> Iterator[TestClient]:
    with signed_in_app(store_url) as client:
        yield client


@pytest.fixture(autouse=True)
def frozen(monkeypatch: pytest.MonkeyPatch, api: TestClient) -> None:
    monkeypatch.setattr(players, "datetime", Clock)
    monkeypatch.setattr(telegram_auth, "datetime", Clock)
    api.cookies.clear()


def solved_code(sessions: sessionmaker[Session], board: str) -> str:
    """The code of a solved board of ``puzzle/target`` (its first raw solution)."""
    with sessions() as session:
        return solved_code_in(session, board)


def visitor_in(api: TestClient, zone: str) -> str:
    """A new web visitor who sent their zone; their cookie."""
    api.cookies.clear()
    answer = api.put(SETTINGS, json={"timezone": zone})
    assert answer.status_code == 200, answer.text
    return answer.cookies[players.COOKIE]


def test_a_new_visitor_reads_the_defaults_and_is_stored_on_their_first_write(api: TestClient) -> None:
    first = api.get(ME)
    assert first.status_code == 200 and "set-cookie" not in first.headers
    assert first.headers["cache-control"] == "private, no-store"
    body = first.json()
    assert (body["kind"], body["today"], body["timezone"], body["timezone_known"]) == (
        "new",
        "2026-01-21",
        "UTC",
        False,
    )
    assert body["calendar"] == {
        "played": 0,
        "solved": 0,
        "streak": 0,
        "best": 0,
        "hints": 0,
        "solved_today": False,
    }
    chosen = api.put(SETTINGS, json={"timezone": "Asia/Tokyo"})
    assert chosen.status_code == 200 and chosen.json()["today"] == "2026-01-22"
    cookie = chosen.headers["set-cookie"]
    assert cookie.startswith(f"{players.COOKIE}=1.") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # over http (https: test_a_cookie_over_https_is_secure)
    again = api.get(ME).json()
    assert (again["kind"], again["today"], again["timezone"], again["timezone_known"]) == (
        "web",
        "2026-01-22",
        "Asia/Tokyo",
        True,
    )


def test_a_cookie_over_https_is_secure(api: TestClient) -> None:
    answer = api.put(f"https://testserver{SETTINGS}", json={"faceup": True})
    assert "Secure" in answer.headers["set-cookie"]


def test_a_tampered_cookie_is_a_new_visitor_not_an_error(api: TestClient) -> None:
    cookie = visitor_in(api, "Asia/Tokyo")
    version, player_id, signature = cookie.split(".")
    for forged in (
        f"{version}.{int(player_id) + 1}.{signature}",  # someone else's id
        f"{version}.{player_id}.{signature[:-2]}AA",
        "not-a-cookie",
        f"1.{2**53 - 5}.{signature}",  # no web player's id
    ):
        api.cookies.clear()
        api.cookies.set(players.COOKIE, forged)
        read = api.get(ME)
        assert read.status_code == 200 and read.json()["kind"] == "new"
        written = api.put(SETTINGS, json={"faceup": True})
        assert written.status_code == 200 and written.cookies[players.COOKIE] != cookie


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"timezone": "Mars/Olympus"}, "invalid_timezone", "IANA name"),
        ({"timezone": "Europe"}, "invalid_timezone", "IANA name"),  # a directory of the tz database
        ({"edition": "calendar-nope"}, "unknown_edition", "editions: calendar-dragonfjord"),
        ({"language": "xx"}, "unknown_language", "languages: en"),
        ({"faceup": "sometimes"}, "invalid_request", None),
        ({"colour": "blue"}, "invalid_request", None),
    ],
)
def test_bad_settings_are_422_in_words_and_change_nothing(
    api: TestClient, body: dict[str, object], code: str, words: str | None
) -> None:
    visitor_in(api, "Asia/Tokyo")
    error = assert_error(api.put(SETTINGS, json=body), 422, code)
    assert words is None or words in str(error["message"])
    assert api.get(ME).json()["timezone"] == "Asia/Tokyo"


def test_the_edition_chosen_is_remembered(api: TestClient) -> None:
    visitor_in(api, "America/Los_Angeles")
    api.put(SETTINGS, json={"edition": "calendar-weekday", "faceup": True, "language": "ja"})
    body = api.get(ME).json()
    assert (body["edition"], body["faceup"], body["language"]) == ("calendar-weekday", True, "ja")


def test_a_visitors_solve_of_their_day_counts_and_names_the_puzzles_date(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    visitor_in(api, "Asia/Tokyo")
    code = {"code": solved_code(sessions, TOKYO_TODAY)}
    assert api.post(f"/api/v1/me/days/{TOKYO_TODAY}/opened").status_code == 204
    assert api.post(f"/api/v1/me/days/{TOKYO_TODAY}/hints/1").status_code == 204
    solved = api.post(f"/api/v1/me/days/{TOKYO_TODAY}/solved", json=code)
    assert solved.status_code == 200, solved.text
    body = solved.json()
    assert (body["date"], body["first"], body["hints"], body["streak"]) == ("2026-01-22", True, 1, 1)
    assert "2026-01-22" in body["share_text"].splitlines()[0]
    yesterday = "calendar-dragonfjord/01-21"  # Los Angeles' today, not Tokyo's
    assert_error(api.post(f"/api/v1/me/days/{yesterday}/solved", json=code), 409, "not_todays_puzzle")
    record = api.get(ME).json()["calendar"]
    assert record == {"played": 1, "solved": 1, "streak": 1, "best": 1, "hints": 1, "solved_today": True}


def test_a_visitor_west_of_utc_plays_their_own_date(api: TestClient, sessions: sessionmaker[Session]) -> None:
    visitor_in(api, "America/Los_Angeles")
    board = "calendar-dragonfjord/01-21"
    solved = api.post(f"/api/v1/me/days/{board}/solved", json={"code": solved_code(sessions, board)})
    assert solved.status_code == 200 and solved.json()["date"] == "2026-01-21"


def test_me_for_a_telegram_user_and_their_settings_in_their_chat(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    signed = {"Authorization": f"tma {init_data(401, signed_at=EVENING - timedelta(minutes=1))}"}
    assert api.get(ME, headers=signed).json()["kind"] == "telegram"
    chosen = api.put(SETTINGS, headers=signed, json={"timezone": "Asia/Tokyo", "edition": "calendar-weekday"})
    assert chosen.status_code == 200 and "set-cookie" not in chosen.headers
    assert chosen.json()["today"] == "2026-01-22"
    with sessions() as session:
        chat = chats.get_chat(session=session, chat_id=401)
    assert chat is not None and (chat.timezone, chat.edition) == ("Asia/Tokyo", "calendar-weekday")


def test_opening_the_mini_app_with_a_visitors_cookie_makes_them_one_player(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    visitor_in(api, "Asia/Tokyo")
    code = {"code": solved_code(sessions, TOKYO_TODAY)}
    assert api.post(f"/api/v1/me/days/{TOKYO_TODAY}/solved", json=code).status_code == 200
    signed = {"Authorization": f"tma {init_data(402, signed_at=EVENING - timedelta(minutes=1))}"}
    linked = api.get(ME, headers=signed).json()  # the Mini App, with the web's cookie
    assert (linked["kind"], linked["timezone"], linked["calendar"]["solved"]) == ("telegram", "Asia/Tokyo", 1)
    by_cookie = api.get(ME).json()  # the web page again, no sign-in: the same player
    assert by_cookie["kind"] == "telegram" and by_cookie["calendar"]["streak"] == 1


def test_the_daily_page_shows_the_visitors_date_in_their_zone(
    api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 20:21 UTC on the 21st the server's page is the 21st's; a visitor in Tokyo gets the 22nd's,
    one in Los Angeles the 21st's, once their browser has told the server their zone."""
    monkeypatch.setattr(deps, "datetime", Clock)
    assert 'id="calendar" class="puzzle" aria-labelledby="calendar-title"' in api.get("/").text
    assert 'data-date="2026-01-21"' in api.get("/").text
    visitor_in(api, "Asia/Tokyo")
    assert 'data-date="2026-01-22"' in api.get("/").text
    visitor_in(api, "America/Los_Angeles")
    assert 'data-date="2026-01-21"' in api.get("/").text
    assert 'data-date="2026-01-26"' in api.get("/?date=2026-01-26").text  # a date asked for stays


def test_a_visitor_erases_their_data_and_the_cookie_goes(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    cookie = visitor_in(api, "Asia/Tokyo")
    code = {"code": solved_code(sessions, TOKYO_TODAY)}
    assert api.post(f"/api/v1/me/days/{TOKYO_TODAY}/solved", json=code).status_code == 200
    assert api.put(f"/api/v1/me/positions/{TOKYO_TODAY}", json=code).status_code == 200
    erased = api.delete(ME)
    assert erased.status_code == 204 and erased.headers["cache-control"] == "private, no-store"
    dropped = erased.headers["set-cookie"]
    assert dropped.startswith(f'{players.COOKIE}="";') and "Max-Age=0" in dropped and "HttpOnly" in dropped
    player_id = int(cookie.split(".")[1])
    with sessions() as session:
        assert web_players.get(session=session, player_id=player_id) is None
        assert game.record(session, player_id, EVENING.date()).solves == 0
        puzzle = get_puzzle(TOKYO_TODAY.split("/")[0])
        assert saved_board(session, player_id, puzzle, puzzle.target(TOKYO_TODAY.split("/")[1])) is None
    api.cookies.set(players.COOKIE, cookie)  # the old cookie names no one now
    after = api.get(ME).json()
    assert after["kind"] == "new" and after["calendar"]["played"] == 0
    assert api.delete(ME).status_code == 204  # nothing to erase: the same answer


def test_a_telegram_user_erases_the_web_visitor_who_became_them(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    cookie = visitor_in(api, "Asia/Tokyo")
    signed = {"Authorization": f"tma {init_data(403, signed_at=EVENING - timedelta(minutes=1))}"}
    assert api.get(ME, headers=signed).json()["kind"] == "telegram"  # linked
    assert api.delete(ME, headers=signed).status_code == 204
    with sessions() as session:
        assert web_players.get(session=session, player_id=int(cookie.split(".")[1])) is None
        assert chats.get_chat(session=session, chat_id=403) is None
