"""The webhook route under attack: short secrets, odd headers, huge chunked bodies, guessing, a bad token.

Each of these answered wrongly before (a 1-character secret was accepted, a
non-ASCII header and a 3 MB chunked body were 500s, the token reached the
API's log when Telegram rejected it). The API is served by uvicorn in this process.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator

import httpx
import pytest
import uvicorn
from pydantic import ValidationError

from api import create_app
from bot.webhook import SECRET_HEADER, WEBHOOK_PATH
from jobs.api import build_parser, listen, uvicorn_config
from jobs.target_solving import OnDemand
from settings import Settings
from tests.support.api_server import start_server
from tests.support.bot import TOKEN
from tests.support.fake_telegram import FakeTelegram

SECRET = "s" * 40


def webhook_settings(fake: FakeTelegram) -> dict[str, str]:
    return {
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": fake.base_url,
        "WEBHOOK_URL": "http://127.0.0.1:9/telegram/webhook",
        "WEBHOOK_SECRET": SECRET,
    }


def all_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [*caplog.get_records("setup"), *caplog.get_records("call"), *caplog.records]


@pytest.fixture
def webhook_api(
    fake: FakeTelegram,
    sample_url: str,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    fresh_redaction: None,
) -> Iterator[str]:
    """The API in webhook mode, served by uvicorn in this process; neither the token nor the secret
    reaches what it prints or logs."""
    api = start_server(sample_url, **webhook_settings(fake))
    yield api.url
    api.stop()
    output = "".join(capsys.readouterr())
    assert TOKEN not in output and SECRET not in output
    assert not [r.name for r in all_records(caplog) if SECRET in r.getMessage() + str(r.exc_text or "")]


@pytest.mark.parametrize("secret", ["x", "short_secret_of_31_characters_x", "a" * 40 + "!"])
def test_short_or_odd_webhook_secrets_are_refused_at_start(secret: str) -> None:
    with pytest.raises(ValidationError, match="32-256 characters"):
        Settings(
            _env_file=None, WEBHOOK_URL="https://bot.example.org/telegram/webhook", WEBHOOK_SECRET=secret
        )  # type: ignore[call-arg,arg-type]
    Settings(_env_file=None, WEBHOOK_URL="https://bot.example.org/telegram/webhook", WEBHOOK_SECRET="a" * 32)  # type: ignore[call-arg,arg-type]


def chunks(total: int, size: int = 64 * 1024) -> Iterator[bytes]:
    for start in range(0, total, size):
        yield b"x" * min(size, total - start)


def test_odd_headers_huge_chunked_bodies_and_guessing(webhook_api: str, fake: FakeTelegram) -> None:
    with httpx.Client(base_url=webhook_api, timeout=30) as client:
        odd = client.post(WEBHOOK_PATH, content=b"{}", headers={SECRET_HEADER: "sécret".encode("latin-1")})  # type: ignore[dict-item]
        assert odd.status_code == 403 and odd.json()["error"]["code"] == "forbidden"
        huge = client.post(WEBHOOK_PATH, content=chunks(3 * 1024 * 1024), headers={SECRET_HEADER: SECRET})
        assert huge.status_code == 413 and huge.json()["error"]["code"] == "payload_too_large"
        check = client.post(
            "/api/v1/check", content=chunks(3 * 1024 * 1024), headers={"content-type": "application/json"}
        )
        assert check.status_code == 413
        statuses = [
            client.post(WEBHOOK_PATH, json={}, headers={SECRET_HEADER: f"guess-{i}"}).status_code
            for i in range(25)
        ]
        # 20 wrong secrets a minute per client (the odd header above was the first), then 429s.
        assert statuses[:19] == [403] * 19 and set(statuses[19:]) == {429}
        limited = client.post(WEBHOOK_PATH, json={}, headers={SECRET_HEADER: "again"})
        assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
    assert fake.sent() == []


@pytest.mark.slow
def test_a_long_update_is_taken_and_one_persons_flood_never_turns_into_503(
    sample_url: str, fake: FakeTelegram
) -> None:
    """Before, an update over 64 KiB (a long message with its entities) got 413 and was never
    answered, and one person's stickers filled the backlog until everyone got 503."""
    api = start_server(sample_url, **webhook_settings(fake), BOT_UPDATE_BACKLOG="50")
    try:
        fake.wait_for(lambda: len(fake.calls_to("setWebhook")) == 1, timeout=60)
        headers = {SECRET_HEADER: SECRET}
        words = "word " * 14_000  # 70 KB of text, and an entity per word as a client may send
        entities = [{"type": "bold", "offset": 5 * i, "length": 4} for i in range(2_000)]
        long_update = {"update_id": 1, **fake.build_message(words, chat_id=31, extra={"entities": entities})}
        with httpx.Client(base_url=api.url, timeout=30) as client:
            long = client.post(WEBHOOK_PATH, json=long_update, headers=headers)
            assert long.status_code == 200, long.text
            sticker = {"sticker": {"file_id": "s", "file_unique_id": "su", "width": 9, "height": 9,
                                   "is_animated": False, "is_video": False, "type": "regular"}}  # fmt: skip
            statuses = [
                client.post(
                    WEBHOOK_PATH,
                    json={"update_id": 10 + i, **fake.build_message(None, chat_id=32, extra=sticker)},
                    headers=headers,
                ).status_code
                for i in range(150)
            ]
            assert set(statuses) == {200}
            other = {"update_id": 500, **fake.build_message("/help", chat_id=33)}
            assert client.post(WEBHOOK_PATH, json=other, headers=headers).status_code == 200
        fake.wait_for(lambda: len(fake.sent(33)) == 1 and len(fake.sent(31)) == 1, timeout=30)
    finally:
        api.stop()


def test_a_rejected_token_never_reaches_the_api_log(
    sample_url: str,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    fresh_redaction: None,
) -> None:
    other = FakeTelegram("987654321:AAH-another-bots-token-0123456789xyz").start()  # rejects TOKEN: 401
    settings = Settings(DATABASE_URL=sample_url, **webhook_settings(other))  # type: ignore[arg-type]
    app = create_app(settings, OnDemand)
    # Served as python -m api --log-level debug serves it, in a thread of this process.
    server = uvicorn.Server(
        uvicorn_config(app, build_parser().parse_args(["--log-level", "debug"]), settings)
    )
    exits: list[object] = []

    def serve() -> None:
        try:
            server.run(sockets=[listen("127.0.0.1", 0)])
        except SystemExit as stop:  # how uvicorn ends the process when the app cannot start
            exits.append(stop.code)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        thread.join(timeout=90)
    finally:
        server.should_exit = True  # had it started after all
        other.stop()
    assert not thread.is_alive() and not server.started
    assert exits and exits != [0]  # the process would exit with an error
    output = "".join(capsys.readouterr()) + "\n".join(
        r.getMessage() + str(r.exc_text or "") for r in all_records(caplog)
    )
    assert TOKEN not in output and TOKEN.split(":")[1] not in output
    assert "[token]" in output or "rejected" in output.lower() or "Unauthorized" in output
