"""The Mini App's save slot, ``/api/v1/me/positions``, signed with Telegram's initData (HMAC-SHA256): in
process (TestClient) on a copy of the sample store, and on a live server."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from urllib.parse import urlencode

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from api import clients, create_app
from api.telegram_auth import InitDataError, sign, validate_init_data
from hints.codes import encode_position
from hints.saved import saved_board
from hints.solutions import all_solutions
from jobs.target_solving import OnDemand
from settings import Settings
from solver.puzzles import get_puzzle
from tests.support.api_server import SHARED_BY_MANY_TESTS, RunningServer, assert_error, start_server
from tests.support.limits_clock import freeze_limits
from tests.support.miniapp import TOKEN, init_data

CALENDAR = get_puzzle("calendar-dragonfjord")
PATH = "/api/v1/me/positions/calendar-dragonfjord/01-25"
EMPTY = "1AAAAAAAAAA"  # the empty calendar board


def signed(fields: dict[str, str]) -> str:
    """Init data carrying exactly ``fields``, signed with the bot's token."""
    return urlencode({**fields, "hash": sign(fields, TOKEN)})


def fields_of(user: str) -> dict[str, str]:
    """Fields signed now for a ``user`` JSON value given as is."""
    return {"auth_date": str(int(time.time())), "user": user}


def signed_in(user_id: int = 77) -> dict[str, str]:
    return {"Authorization": f"tma {init_data(user_id)}"}


@pytest.fixture(scope="module")
def api(store_url: str) -> Iterator[TestClient]:
    options = {"TELEGRAM_BOT_TOKEN": TOKEN, **SHARED_BY_MANY_TESTS}
    settings = Settings(_env_file=None, DATABASE_URL=store_url, **options)  # type: ignore[call-arg, arg-type]
    with TestClient(create_app(settings, OnDemand)) as client:
        yield client


def test_a_saved_board_is_analysed_kept_and_read_back(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    with sessions() as session:
        first = sorted(all_solutions(session, CALENDAR, CALENDAR.target("01-25"))[0], key=lambda p: p.piece)
    code = encode_position(CALENDAR, first[:3])
    saved = api.put(PATH, headers=signed_in(), json={"code": code})
    assert saved.status_code == 200 and saved.headers["cache-control"] == "private, no-store"
    analysis = api.get(f"/api/v1/puzzles/calendar-dragonfjord/targets/01-25/positions/{code}").json()
    assert saved.json() == analysis and analysis["placed"] == 3
    assert api.get(PATH, headers=signed_in()).json() == analysis
    with sessions() as session:
        kept = saved_board(session, 77, CALENDAR, CALENDAR.target("01-25"))
    assert kept is not None and (kept.code, kept.active) == (code, True)


def test_boards_are_per_user_and_per_target(api: TestClient) -> None:
    assert api.put(PATH, headers=signed_in(80), json={"code": EMPTY}).json()["remaining"] == 216
    assert_error(api.get(PATH, headers=signed_in(81)), 404, "no_saved_position")
    assert_error(api.get(PATH.replace("01-25", "01-24"), headers=signed_in(80)), 404, "no_saved_position")


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        (PATH, {"code": "1AA"}, 422, "invalid_code"),
        (PATH, {"code": ""}, 422, "invalid_request"),
        (PATH, {"code": "1" * 65}, 422, "invalid_request"),
        (PATH, {"code": EMPTY, "extra": 1}, 422, "invalid_request"),
        ("/api/v1/me/positions/nope/01-25", {"code": EMPTY}, 404, "unknown_puzzle"),
        ("/api/v1/me/positions/calendar-dragonfjord/13-01", {"code": EMPTY}, 404, "unknown_target"),
    ],
)
def test_a_bad_save_gets_the_error_shape(
    api: TestClient, path: str, body: dict[str, object], status: int, code: str
) -> None:
    assert_error(api.put(path, headers=signed_in(), json=body), status, code)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("Bearer abc", "must be 'tma <initData>'"),
        (f"tma {init_data(token='999:other-bots-token-000000000000000000')}", "not signed by this bot"),
        (f"tma {init_data().replace('Ada', 'Eve')}", "not signed by this bot"),
        (f"tma {init_data(age=timedelta(hours=25))}", "more than 24 hours old"),
        (f"tma {init_data(age=-timedelta(hours=1))}", "dated in the future"),
        ("tma %%%", "not a query string"),
        (f"tma {init_data()}&user=x", "repeats a field"),
        (f"tma {signed({'auth_date': 'yesterday', 'user': '{}'})}", "no valid auth_date"),
        (f"tma {signed({'auth_date': str(int(time.time()))})}", "names no Telegram user"),
        (f"tma {init_data()}".replace("hash=", "hash=%C3%A9"), "not signed by this bot"),
        (f"tma {signed(fields_of(user=json.dumps({'id': 2**63})))}", "names no Telegram user"),
        (f"tma {signed(fields_of(user=json.dumps({'id': -5})))}", "names no Telegram user"),
        (f"tma {signed(fields_of(user='[' * 50_000 + ']' * 50_000))}", "names no Telegram user"),
        (f"tma {signed(fields_of(user='[77]'))}", "names no Telegram user"),
    ],
    ids=[
        "not-tma",
        "other-bot",
        "tampered",
        "stale",
        "future",
        "not-a-query",
        "repeated-field",
        "bad-auth-date",
        "no-user",
        "non-ascii-hash",
        "id-beyond-64-bits",
        "negative-id",
        "nested-too-deep",
        "user-is-a-list",
    ],
)
def test_forged_or_stale_sign_ins_are_401_saying_which(api: TestClient, header: str, message: str) -> None:
    """(Without a sign-in, the player is the web visitor of the cookie: test_routes_me_web.py.)"""
    headers = {"Authorization": header}
    code = "session_expired" if "24 hours" in message else "unauthorized"  # the board says: reopen it
    for response in (api.put(PATH, headers=headers, json={"code": EMPTY}), api.get(PATH, headers=headers)):
        error = assert_error(response, 401, code)
        assert message in str(error["message"])
        assert "Ada" not in str(error["message"]) and "hash" not in str(error["message"])


@pytest.mark.parametrize("method", ["POST", "DELETE", "PATCH"])
def test_other_methods_are_405_naming_get_and_put(api: TestClient, method: str) -> None:
    response = api.request(method, PATH, headers=signed_in())
    assert_error(response, 405, "method_not_allowed")
    assert response.headers["allow"] == "GET, PUT"


def test_without_a_bot_token_no_sign_in_is_taken(store_url: str) -> None:
    with TestClient(create_app(Settings(_env_file=None, DATABASE_URL=store_url), OnDemand)) as api:  # type: ignore[call-arg]
        assert_error(api.get(PATH, headers=signed_in()), 401, "unauthorized")


def test_neither_the_token_nor_the_init_data_reach_the_logs(
    api: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    good, forged = init_data(90), init_data(90, token="999:other-bots-token-000000000000000000")
    assert api.put(PATH, headers={"Authorization": f"tma {good}"}, json={"code": EMPTY}).status_code == 200
    assert api.put(PATH, headers={"Authorization": f"tma {forged}"}, json={"code": EMPTY}).status_code == 401
    secrets = [TOKEN, good.split("hash=")[1], forged.split("hash=")[1]]
    assert not [r.name for r in caplog.records if any(s in r.getMessage() for s in secrets)]


def test_a_users_writes_are_budgeted_reads_are_not(store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default budget, on a clock that stands still: 10 writes in any 10 seconds, 30 a minute,
    per Telegram user, whichever /me path writes (one user made 268 writes a second)."""
    monkeypatch.setattr(clients, "REFUSAL_DELAY", 0.0)  # held a second in service
    settings = Settings(_env_file=None, DATABASE_URL=store_url, TELEGRAM_BOT_TOKEN=TOKEN)  # type: ignore[call-arg, arg-type]
    clock = freeze_limits(monkeypatch, now=0.0)
    with TestClient(create_app(settings, OnDemand)) as api:

        def save(user: int) -> int:
            return api.put(PATH, headers=signed_in(user), json={"code": EMPTY}).status_code

        assert [save(95) for _ in range(10)] == [200] * 10
        refused = api.put(PATH, headers=signed_in(95), json={"code": EMPTY})
        error = assert_error(refused, 429, "too_many_requests")
        assert refused.headers["retry-after"] == "10" and "30 writes a minute" in str(error["message"])
        hint = api.post("/api/v1/me/days/calendar-dragonfjord/01-25/hints/1", headers=signed_in(95))
        assert_error(hint, 429, "too_many_requests")
        assert api.get(PATH, headers=signed_in(95)).status_code == 200  # reading the board is free
        assert save(96) == 200  # another user's budget
        for clock.now in (10.5, 21.0):
            assert [save(95) for _ in range(10)] == [200] * 10
        clock.now = 32.0
        assert save(95) == 429


PATH = "/api/v1/me/positions/calendar-dragonfjord/01-25"


@pytest.fixture(scope="module")
def mini_app(full_catalog_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    from jobs.transfer import copy_sqlite

    url = copy_sqlite(full_catalog_url, tmp_path_factory.mktemp("me") / "me.db")
    server = start_server(url, TELEGRAM_BOT_TOKEN=TOKEN)
    yield server
    server.stop()


def test_save_then_read_the_board(mini_app: RunningServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with httpx.Client(base_url=mini_app.url) as client:
        headers = {"Authorization": f"tma {init_data()}"}
        assert_error(client.get(PATH, headers=headers), 404, "no_saved_position")
        empty = client.post(
            "/api/v1/puzzles/calendar-dragonfjord/targets/01-25/position", json={"placements": []}
        )
        saved = client.put(PATH, headers=headers, json={"code": empty.json()["code"]})
        assert saved.status_code == 200 and saved.json()["remaining"] == 216
        assert "no-store" in saved.headers["cache-control"]
        assert client.get(PATH, headers=headers).json()["code"] == empty.json()["code"]
        other = {"Authorization": f"tma {init_data(user_id=78)}"}
        assert_error(client.get(PATH, headers=other), 404, "no_saved_position")  # boards are per user
        assert_error(client.put(PATH, headers=headers, json={"code": "1AA"}), 422, "invalid_code")
    secrets = [TOKEN, init_data().split("hash=")[1]]
    assert not [r for r in caplog.records if any(s in r.getMessage() for s in secrets)]


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("Bearer abc", "must be 'tma <initData>'"),
        (f"tma {init_data(token='999:other-bots-token-000000000000000000')}", "not signed by this bot"),
        (f"tma {init_data().replace('Ada', 'Eve')}", "not signed by this bot"),
        (f"tma {init_data(age=timedelta(hours=25))}", "more than 24 hours old"),
        ("tma %%%", "not a query string"),
    ],
)
def test_forged_or_stale_sign_ins_are_401(mini_app: RunningServer, header: str, message: str) -> None:
    """Without a sign-in the request is the cookie's web visitor (tests/api/test_routes_me_web.py);
    a sign-in that is there must be good."""
    headers = {"Authorization": header}
    with httpx.Client(base_url=mini_app.url) as client:
        code = "session_expired" if "24 hours" in message else "unauthorized"
        error = assert_error(client.put(PATH, headers=headers, json={"code": "1AAAAAAAAAA"}), 401, code)
    assert message in error["message"]  # type: ignore[operator]
    assert "Ada" not in error["message"] and "hash" not in error["message"]  # type: ignore[operator]


def test_without_a_token_the_server_takes_no_sign_in(client: httpx.Client) -> None:
    """It was 503 not_configured: a "try later" that no later answers (the fuzzer's server error)."""
    error = assert_error(
        client.get(PATH, headers={"Authorization": f"tma {init_data()}"}), 401, "unauthorized"
    )
    assert "no bot token" in error["message"]  # type: ignore[operator]


def test_validation_rules_without_a_server() -> None:
    now = datetime.now(UTC)
    signed = datetime(2026, 1, 22, 11, 59, tzinfo=UTC)
    user = validate_init_data(init_data(5, signed_at=signed), TOKEN, signed + timedelta(minutes=1))
    assert (user.id, user.first_name, user.signed_at) == (5, "Ada", signed)  # when: for a day's record
    with pytest.raises(InitDataError, match="future"):
        validate_init_data(init_data(age=-timedelta(hours=1)), TOKEN, now)
    with pytest.raises(InitDataError, match="repeats"):
        validate_init_data(init_data() + "&user=x", TOKEN, now)
