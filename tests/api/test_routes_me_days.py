"""``/api/v1/me/days``: the Mini App player's day kept on the server, by the service's rules, in
process (TestClient) on a copy of the sample store; "now" is 2026-01-22 12:00 UTC."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from api import create_app
from api.routes import me_days
from db import chats, solves
from db.models import ChatRow
from hints import game
from hints.daily import PuzzleKind
from jobs.ondemand import OnDemand
from settings import Settings
from tests.api.conftest import FrozenClock
from tests.support.api_server import assert_error
from tests.support.miniapp import TOKEN, init_data

TODAY = "calendar-dragonfjord/01-22"


@pytest.fixture(scope="module")
def api(store_url: str) -> Iterator[TestClient]:
    settings = Settings(_env_file=None, DATABASE_URL=store_url, TELEGRAM_BOT_TOKEN=TOKEN)  # type: ignore[call-arg, arg-type]
    with TestClient(create_app(settings, OnDemand)) as client:
        yield client


@pytest.fixture(autouse=True)
def frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(me_days, "datetime", FrozenClock)


def signed_in(user_id: int) -> dict[str, str]:
    return {"Authorization": f"tma {init_data(user_id)}"}


def test_hints_from_the_board_count_for_the_solve_and_the_first_report_stands(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    who = signed_in(301)
    for stage in (2, 1):  # a second, lower stage never lowers what was seen
        seen = api.post(f"/api/v1/me/days/{TODAY}/hints/{stage}", headers=who)
        assert seen.status_code == 204
    solved = api.post(f"/api/v1/me/days/{TODAY}/solved", headers=who)
    assert solved.status_code == 200 and solved.headers["cache-control"] == "private, no-store"
    body = solved.json()
    assert (body["date"], body["first"], body["hints"], body["streak"]) == ("2026-01-22", True, 2, 1)
    assert body["share_text"].splitlines() == [
        "A-Puzzle-A-Day calendar (DragonFjord) · 2026-01-22",
        "Hints ■■□",
    ]
    again = api.post(f"/api/v1/me/days/{TODAY}/solved?lang=ja", headers=who).json()
    assert again["first"] is False and again["hints"] == 2 and again["share_text"].endswith("ヒント ■■□")
    with sessions() as session:  # the same record the bot reads
        assert [(s.kind, s.hints, s.on_day) for s in solves.user_solves(session=session, user_id=301)] == [
            (PuzzleKind.CALENDAR, 2, True)
        ]
        assert game.streaks(session, 301, PuzzleKind.CALENDAR, FrozenClock.now().date()) == (1, 1)


def test_the_days_challenge_board_counts_for_the_challenge(api: TestClient) -> None:
    solved = api.post("/api/v1/me/days/pentomino-3x20/board/solved", headers=signed_in(302)).json()
    assert solved["hints"] == 0 and solved["share_text"].endswith("Solved with no hints")


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
    assert (
        api.post("/api/v1/me/days/calendar-dragonfjord/01-23/solved", headers=signed_in(304)).status_code
        == 200
    )


def test_without_a_sign_in_nothing_is_recorded(api: TestClient) -> None:
    assert_error(api.post(f"/api/v1/me/days/{TODAY}/solved"), 401, "unauthorized")
    assert_error(api.post(f"/api/v1/me/days/{TODAY}/hints/4", headers=signed_in(305)), 422, "invalid_request")


def test_a_stored_zone_that_no_longer_loads_counts_as_the_default(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    """A zone stored before zones were checked ('Europe' is a directory of the tz database) or
    since dropped from it: the player's day is the default zone's, not a 500."""
    with sessions.begin() as session:
        session.add(ChatRow(id=306, kind="private", subscribed=False, post_time="08:00", timezone="Europe"))
    assert api.post(f"/api/v1/me/days/{TODAY}/hints/1", headers=signed_in(306)).status_code == 204
    solved = api.post(f"/api/v1/me/days/{TODAY}/solved", headers=signed_in(306))
    assert solved.status_code == 200 and solved.json()["date"] == "2026-01-22"
