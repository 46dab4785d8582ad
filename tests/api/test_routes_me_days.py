"""``/api/v1/me/days``: the Mini App player's day kept on the server, by the service's rules, in
process (TestClient) on a copy of the sample store; "now" is 2026-01-22 12:00 UTC, for the day
and for the sign-in alike, unless a test moves it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, tzinfo

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from api import players, telegram_auth
from db import chats, solves
from db.models import ChatRow
from hints import game
from hints.codes import encode_position
from hints.daily import PuzzleKind
from solver.puzzles import get_puzzle
from tests.support.api_server import assert_error
from tests.support.miniapp import init_data, signed_in_app
from tests.support.miniapp import solved_code as solved_code_in

TODAY = "calendar-dragonfjord/01-22"
NOON = datetime(2026, 1, 22, 12, tzinfo=UTC)


class Clock(datetime):
    """``datetime`` whose ``now`` is :attr:`moment` (2026-01-22 12:00 UTC unless a test moves it)."""

    moment = NOON

    @classmethod
    def now(cls, tz: tzinfo | None = None) -> Clock:  # type: ignore[override]
        return cls.fromtimestamp(cls.moment.timestamp(), tz)


@pytest.fixture(scope="module")
def api(store_url: str) -> Iterator[TestClient]:
    with signed_in_app(store_url) as client:
        yield client


@pytest.fixture(autouse=True)
def frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The day and the sign-in's age are read from one clock."""
    monkeypatch.setattr(players, "datetime", Clock)
    monkeypatch.setattr(telegram_auth, "datetime", Clock)


def signed_in(user_id: int, at: datetime | None = None) -> dict[str, str]:
    """Signed a minute before "now" unless ``at`` says when."""
    signed_at = at or Clock.now(UTC) - timedelta(minutes=1)
    return {"Authorization": f"tma {init_data(user_id, signed_at=signed_at)}"}


def solution_code(sessions: sessionmaker[Session], board: str) -> str:
    """The code of a solved board of ``puzzle/target`` (its first raw solution)."""
    with sessions() as session:
        return solved_code_in(session, board)


def solved_by(sessions: sessionmaker[Session], user_id: int) -> list[tuple[str, str]]:
    with sessions() as session:
        return [(s.kind, s.day.isoformat()) for s in solves.user_solves(session=session, user_id=user_id)]


def test_hints_from_the_board_count_for_the_solve_and_the_first_report_stands(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    who, solved_board = signed_in(301), {"code": solution_code(sessions, TODAY)}
    for stage in (2, 1):  # a second, lower stage never lowers what was seen
        seen = api.post(f"/api/v1/me/days/{TODAY}/hints/{stage}", headers=who)
        assert seen.status_code == 204
    solved = api.post(f"/api/v1/me/days/{TODAY}/solved", headers=who, json=solved_board)
    assert solved.status_code == 200 and solved.headers["cache-control"] == "private, no-store"
    body = solved.json()
    assert (body["date"], body["first"], body["hints"], body["streak"]) == ("2026-01-22", True, 2, 1)
    assert body["share_text"].splitlines() == [
        "A-Puzzle-A-Day calendar (DragonFjord) · 2026-01-22 · ★★★★☆",
        "Hints ■■□ · streak 1 🔥",
    ]
    again = api.post(f"/api/v1/me/days/{TODAY}/solved?lang=ja", headers=who, json=solved_board).json()
    assert again["first"] is False and again["hints"] == 2
    assert again["share_text"].endswith("ヒント ■■□ · 1日連続 🔥")
    assert again["share_text"].startswith("A-Puzzle-A-Day カレンダー（DragonFjord） · ")  # its Japanese title
    with sessions() as session:  # the same record the bot reads, once
        assert [(s.kind, s.hints, s.on_day) for s in solves.user_solves(session=session, user_id=301)] == [
            (PuzzleKind.CALENDAR, 2, True)
        ]
        assert game.streaks(session, 301, PuzzleKind.CALENDAR, NOON.date()) == (1, 1)


def test_the_days_challenge_board_counts_for_the_challenge(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    board = {"code": solution_code(sessions, "pentomino-3x20/board")}
    path = "/api/v1/me/days/pentomino-3x20/board/solved"
    free = api.post(path, headers=signed_in(302), json=board)  # the free board: no pre-placed piece
    assert free.status_code == 409 and free.json()["error"]["code"] == "not_todays_puzzle"
    solved = api.post(path + "?fixed=I,L", headers=signed_in(302), json=board).json()
    assert solved["hints"] == 0 and solved["share_text"].endswith("Solved with no hints · streak 1 🔥")


def test_a_solve_needs_a_board_the_server_sees_solved_and_records_nothing_else(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    who, path = signed_in(306), f"/api/v1/me/days/{TODAY}/solved"
    assert "send the solved board's code" in str(
        assert_error(api.post(path, headers=who), 409, "no_board")["message"]
    )
    empty = encode_position(get_puzzle("calendar-dragonfjord"), ())
    error = assert_error(api.post(path, headers=who, json={"code": empty}), 409, "not_solved")
    assert "0 of 8 pieces placed" in str(error["message"])
    assert api.put(f"/api/v1/me/positions/{TODAY}", headers=who, json={"code": empty}).status_code == 200
    assert_error(api.post(path, headers=who), 409, "not_solved")  # the saved board is no solve either
    assert_error(api.post(path, headers=who, json={"code": "1AA"}), 422, "invalid_code")
    assert_error(api.post(path, headers=who, json={"code": ""}), 422, "invalid_request")
    assert solved_by(sessions, 306) == []


def test_the_board_saved_today_proves_the_solve(api: TestClient, sessions: sessionmaker[Session]) -> None:
    who = signed_in(307)
    saved = api.put(
        f"/api/v1/me/positions/{TODAY}", headers=who, json={"code": solution_code(sessions, TODAY)}
    )
    assert saved.json()["solved"] is True
    solved = api.post(f"/api/v1/me/days/{TODAY}/solved", headers=who)
    assert solved.status_code == 200 and solved.json()["first"] is True
    assert solved_by(sessions, 307) == [("calendar", "2026-01-22")]


def test_init_data_replayed_the_next_day_records_nothing(
    api: TestClient, sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Signed on the 21st at 12:10 UTC: it records the 21st, and 23 h 50 min later not the 22nd."""
    yesterday = datetime(2026, 1, 21, 12, 10, tzinfo=UTC)
    monkeypatch.setattr(Clock, "moment", yesterday + timedelta(minutes=5))
    who = signed_in(308, at=yesterday)
    board = "calendar-dragonfjord/01-21"
    first = api.post(
        f"/api/v1/me/days/{board}/solved", headers=who, json={"code": solution_code(sessions, board)}
    )
    assert first.json()["streak"] == 1
    monkeypatch.setattr(Clock, "moment", yesterday + timedelta(hours=23, minutes=50))
    code = {"code": solution_code(sessions, TODAY)}
    error = assert_error(
        api.post(f"/api/v1/me/days/{TODAY}/solved", headers=who, json=code), 401, "session_before_day"
    )
    assert "reopen the board from the bot" in str(error["message"])
    assert_error(api.post(f"/api/v1/me/days/{TODAY}/hints/1", headers=who), 401, "session_before_day")
    assert solved_by(sessions, 308) == [("calendar", "2026-01-21")]
    fresh = api.post(f"/api/v1/me/days/{TODAY}/solved", headers=signed_in(308), json=code).json()
    assert fresh["streak"] == 2  # a sign-in made today records today


def test_a_board_that_is_not_todays_puzzle_is_refused(api: TestClient) -> None:
    for path in (
        "calendar-dragonfjord/01-25/solved",
        "pentomino-6x10/board/solved",
        "calendar-dragonfjord/01-21/hints/1",
    ):
        assert_error(api.post(f"/api/v1/me/days/{path}", headers=signed_in(303)), 409, "not_todays_puzzle")


def test_the_day_follows_the_players_time_zone(api: TestClient, sessions: sessionmaker[Session]) -> None:
    """At 12:00 UTC it is already the 23rd in Kiritimati (UTC+14)."""
    with sessions.begin() as session:
        chats.set_timezone(session=session, chat_id=304, kind="private", timezone="Pacific/Kiritimati")
    assert api.post(f"/api/v1/me/days/{TODAY}/solved", headers=signed_in(304)).status_code == 409
    board = "calendar-dragonfjord/01-23"
    solved = api.post(
        f"/api/v1/me/days/{board}/solved",
        headers=signed_in(304),
        json={"code": solution_code(sessions, board)},
    )
    assert solved.status_code == 200
    before = signed_in(304, at=datetime(2026, 1, 22, 9, 59, tzinfo=UTC))  # 23:59 on the 22nd there
    assert_error(api.post(f"/api/v1/me/days/{board}/hints/1", headers=before), 401, "session_before_day")


def test_with_a_forged_sign_in_nothing_is_recorded(api: TestClient) -> None:
    """(Without a sign-in, the player is the web visitor of the cookie: test_routes_me_web.py.)"""
    forged = {"Authorization": "tma auth_date=1&user=%7B%22id%22%3A1%7D&hash=00"}
    assert_error(api.post(f"/api/v1/me/days/{TODAY}/solved", headers=forged), 401, "unauthorized")
    assert_error(api.post(f"/api/v1/me/days/{TODAY}/hints/4", headers=signed_in(305)), 422, "invalid_request")


def test_a_stored_zone_that_no_longer_loads_counts_as_the_default(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    """A zone stored before zones were checked ('Europe' is a directory of the tz database) or
    since dropped from it: the player's day is the default zone's, not a 500."""
    with sessions.begin() as session:
        session.add(ChatRow(id=306, kind="private", subscribed=False, post_time="08:00", timezone="Europe"))
    assert api.post(f"/api/v1/me/days/{TODAY}/hints/1", headers=signed_in(306)).status_code == 204
    code = {"code": solution_code(sessions, TODAY)}
    solved = api.post(f"/api/v1/me/days/{TODAY}/solved", headers=signed_in(306), json=code)
    assert solved.status_code == 200 and solved.json()["date"] == "2026-01-22"
