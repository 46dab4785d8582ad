"""Webhook mode: Telegram's updates reach the API process, verified by the secret header."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx

from bot.webhook import SECRET_HEADER, WEBHOOK_PATH
from tests.support.bot import TOKEN
from tests.support.fake_telegram import FakeTelegram

ROOT = Path(__file__).resolve().parents[2]
SECRET = "webhook_secret-42-0123456789abcdefghijkl"  # 32+ characters, as required


def test_updates_are_processed_only_with_the_right_secret(fake: FakeTelegram, store_url: str) -> None:
    env = {
        **os.environ,
        "DATABASE_URL": store_url,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": fake.base_url,
        "WEBHOOK_URL": "http://127.0.0.1:9/telegram/webhook",  # where Telegram would call; unused here
        "WEBHOOK_SECRET": SECRET,
    }
    api = subprocess.Popen(
        [sys.executable, "-m", "api", "--port", "0", "--workers", "2"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert api.stdout is not None
        base = api.stdout.readline().split()[2]
        fake.wait_for(lambda: len(fake.calls_to("setWebhook")) == 2, timeout=60)  # one per worker
        registered = fake.calls_to("setWebhook")[0].params
        assert registered["url"] == env["WEBHOOK_URL"] and registered["secret_token"] == SECRET
        update = {"update_id": 1, **fake.build_message("/today 2026-01-25", chat_id=77)}
        with httpx.Client(base_url=base, timeout=30) as client:
            assert client.post(WEBHOOK_PATH, json=update).status_code == 403
            wrong = client.post(WEBHOOK_PATH, json=update, headers={SECRET_HEADER: "guess"})
            assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "forbidden"
            garbage = client.post(WEBHOOK_PATH, content=b"{not json", headers={SECRET_HEADER: SECRET})
            assert garbage.status_code == 400
            assert fake.sent(77) == []  # nothing refused was processed
            for update_id in range(2, 10):  # both workers share the load (8: one user's command burst)
                update = {"update_id": update_id, **fake.build_message("/help", chat_id=77)}
                assert (
                    client.post(WEBHOOK_PATH, json=update, headers={SECRET_HEADER: SECRET}).status_code == 200
                )
        fake.wait_for(lambda: len(fake.sent(77)) == 8, timeout=60)
        assert all("/today" in c.params["text"] for c in fake.sent(77))
    finally:
        api.send_signal(signal.SIGTERM)
        output, _ = api.communicate(timeout=60)
    assert TOKEN not in output


def test_a_webhook_without_a_secret_is_refused_at_start(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path}/w.db",
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "WEBHOOK_URL": "https://bot.example.org/telegram/webhook",
        "WEBHOOK_SECRET": "",
    }
    result = subprocess.run(
        [sys.executable, "-m", "api", "--port", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "WEBHOOK_SECRET" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
