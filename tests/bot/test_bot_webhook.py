"""Webhook mode: Telegram's updates reach the API, verified by the secret header.

The API runs in this process (uvicorn in a thread); ``python -m api --workers 2`` in webhook
mode, one bridge per worker process, is in tests/test_entry_points.py.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from bot.webhook import SECRET_HEADER, WEBHOOK_PATH
from jobs.api import main
from settings import get_settings
from tests.support.api_server import start_server
from tests.support.bot import TOKEN
from tests.support.fake_telegram import FakeTelegram

SECRET = "webhook_secret-42-0123456789abcdefghijkl"  # 32+ characters, as required
WEBHOOK_URL = "http://127.0.0.1:9/telegram/webhook"  # where Telegram would call; unused here
CHATS = range(77, 85)


def test_updates_are_processed_only_with_the_right_secret(
    fake: FakeTelegram, sample_url: str, capsys: pytest.CaptureFixture[str], fresh_redaction: None
) -> None:
    api = start_server(
        sample_url,
        TELEGRAM_BOT_TOKEN=TOKEN,
        TELEGRAM_API_BASE_URL=fake.base_url,
        WEBHOOK_URL=WEBHOOK_URL,
        WEBHOOK_SECRET=SECRET,
    )
    try:
        fake.wait_for(lambda: len(fake.calls_to("setWebhook")) == 1, timeout=60)
        registered = fake.calls_to("setWebhook")[0].params
        assert registered["url"] == WEBHOOK_URL and registered["secret_token"] == SECRET
        update = {"update_id": 1, **fake.build_message("/today 2026-01-25", chat_id=77)}
        with httpx.Client(base_url=api.url, timeout=30) as client:
            assert client.post(WEBHOOK_PATH, json=update).status_code == 403
            wrong = client.post(WEBHOOK_PATH, json=update, headers={SECRET_HEADER: "guess"})
            assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "forbidden"
            garbage = client.post(WEBHOOK_PATH, content=b"{not json", headers={SECRET_HEADER: SECRET})
            assert garbage.status_code == 400
            assert fake.sent(77) == []  # nothing refused was processed
            # Eight chats: one chat's replies are paced after a burst of 3 (one user's burst of 8
            # commands, shared by two workers, is in tests/test_entry_points.py).
            for update_id, chat_id in enumerate(CHATS, start=2):
                update = {"update_id": update_id, **fake.build_message("/help", chat_id=chat_id)}
                assert (
                    client.post(WEBHOOK_PATH, json=update, headers={SECRET_HEADER: SECRET}).status_code == 200
                )
        fake.wait_for(lambda: len(fake.sent()) == len(CHATS), timeout=60)
        assert [len(fake.sent(chat_id)) for chat_id in CHATS] == [1] * len(CHATS)
        assert all("/today" in c.params["text"] for c in fake.sent())
    finally:
        api.stop()
    output = "".join(capsys.readouterr())  # the log records are checked by no_token_in_logs
    assert TOKEN not in output


def test_a_webhook_without_a_secret_is_refused_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    environment = {
        "DATABASE_URL": f"sqlite:///{tmp_path}/w.db",
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "WEBHOOK_URL": "https://bot.example.org/telegram/webhook",
        "WEBHOOK_SECRET": "",
    }
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()  # python -m api reads them through the cached get_settings
    try:
        assert main(["--port", "0"]) != 0
    finally:
        get_settings.cache_clear()
    output = "".join(capsys.readouterr())
    assert "WEBHOOK_SECRET" in output
    assert "Traceback" not in output
    assert "api: serving" not in output
