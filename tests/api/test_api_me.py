"""The Mini App's save slot: ``/api/v1/me/positions`` signed with Telegram's initData (HMAC-SHA256)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from api.telegram_auth import InitDataError, validate_init_data
from tests.support.api_server import RunningServer, assert_error, start_server
from tests.support.miniapp import TOKEN, init_data

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
