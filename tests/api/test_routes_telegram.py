"""``POST /telegram/webhook`` in process (TestClient): mounted in webhook mode, registered with the fake
Bot API at start, and only updates carrying the secret reach the bot."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api import create_app
from bot.webhook import SECRET_HEADER, WEBHOOK_PATH
from jobs.target_solving import OnDemand
from settings import Settings
from tests.support.api_server import assert_error
from tests.support.bot import TOKEN
from tests.support.fake_telegram import FakeTelegram

SECRET = "webhook_secret-42-0123456789abcdefghijkl"
WEBHOOK_URL = "http://127.0.0.1:9/telegram/webhook"  # where Telegram would call; unused here


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeTelegram]:
    server = FakeTelegram(TOKEN).start()
    yield server
    server.stop()


def webhook_app(fake: FakeTelegram, url: str) -> TestClient:
    return TestClient(
        create_app(
            Settings(  # type: ignore[call-arg]
                _env_file=None,
                DATABASE_URL=url,
                TELEGRAM_BOT_TOKEN=TOKEN,  # type: ignore[arg-type]
                TELEGRAM_API_BASE_URL=fake.base_url,
                WEBHOOK_URL=WEBHOOK_URL,
                WEBHOOK_SECRET=SECRET,  # type: ignore[arg-type]
            ),
            OnDemand,
        )
    )


@pytest.fixture(scope="module")
def api(fake: FakeTelegram, store_url: str) -> Iterator[TestClient]:
    with webhook_app(fake, store_url) as client:
        yield client


def update(fake: FakeTelegram, update_id: int, text: str, chat_id: int) -> dict[str, object]:
    return {"update_id": update_id, **fake.build_message(text, chat_id=chat_id)}


def test_starting_registers_the_webhook_with_its_secret(api: TestClient, fake: FakeTelegram) -> None:
    registered = fake.calls_to("setWebhook")[0].params
    assert (registered["url"], registered["secret_token"]) == (WEBHOOK_URL, SECRET)


def test_an_update_with_the_secret_reaches_the_bot(api: TestClient, fake: FakeTelegram) -> None:
    response = api.post(WEBHOOK_PATH, json=update(fake, 1, "/help", 501), headers={SECRET_HEADER: SECRET})
    assert (response.status_code, response.json()) == (200, {"ok": True})
    fake.wait_for(lambda: len(fake.sent(501)) == 1)
    assert "/today" in fake.sent(501)[0].params["text"]


@pytest.mark.parametrize(
    ("secret", "chat_id"),
    [(None, 510), ("guess", 520), (SECRET[:-1], 530), (SECRET + "x", 540)],
    ids=["none", "guess", "short", "long"],
)
def test_without_the_secret_an_update_is_refused_unread(
    api: TestClient, fake: FakeTelegram, secret: str | None, chat_id: int
) -> None:
    """Each case in chats of its own: it waits for its own answer, and no chat is sent more than
    its burst (the module's bot keeps Telegram's pace, and would take seconds to stop)."""
    headers = {SECRET_HEADER: secret} if secret is not None else {}
    assert_error(
        api.post(WEBHOOK_PATH, json=update(fake, 2, "/help", chat_id), headers=headers), 403, "forbidden"
    )
    later = chat_id + 1
    answered = api.post(WEBHOOK_PATH, json=update(fake, 3, "/help", later), headers={SECRET_HEADER: SECRET})
    assert answered.status_code == 200
    fake.wait_for(lambda: len(fake.sent(later)) == 1)  # a later update is handled...
    assert fake.sent(chat_id) == []  # ...the refused one never was


@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b"\xff\xfe",
        b"{}",
        b"[]",
        b"null",
        b'{"update_id": 5, "message": 3}',
    ],
)
def test_a_body_that_is_no_update_is_400(api: TestClient, body: bytes) -> None:
    response = api.post(WEBHOOK_PATH, content=body, headers={SECRET_HEADER: SECRET})
    assert_error(response, 400, "invalid_update")


def test_the_route_exists_only_in_webhook_mode(store_url: str) -> None:
    with TestClient(create_app(Settings(_env_file=None, DATABASE_URL=store_url), OnDemand)) as plain:  # type: ignore[call-arg]
        assert_error(plain.post(WEBHOOK_PATH, json={}, headers={SECRET_HEADER: SECRET}), 404, "not_found")


def test_a_client_guessing_secrets_is_told_to_wait_and_nothing_leaks(
    fake: FakeTelegram, store_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with webhook_app(fake, store_url) as api:
        for _ in range(20):
            assert_error(api.post(WEBHOOK_PATH, json={}, headers={SECRET_HEADER: "guess"}), 403, "forbidden")
        blocked = api.post(WEBHOOK_PATH, json={}, headers={SECRET_HEADER: SECRET})  # even the right one, now
    assert_error(blocked, 429, "too_many_requests")
    assert 1 <= int(blocked.headers["retry-after"]) <= 60
    secrets = (TOKEN, TOKEN.split(":", 1)[1], SECRET)
    assert not [r.name for r in caplog.records if any(s in r.getMessage() for s in secrets)]
