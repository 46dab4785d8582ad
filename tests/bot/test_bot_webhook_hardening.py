"""The webhook route under attack: short secrets, odd headers, huge chunked bodies, guessing, a bad token.

Each of these answered wrongly before (a 1-character secret was accepted, a
non-ASCII header and a 3 MB chunked body were 500s, the token reached the
API's log when Telegram rejected it).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pydantic import ValidationError

from bot.webhook import SECRET_HEADER, WEBHOOK_PATH
from settings import Settings
from tests.support.bot import TOKEN
from tests.support.fake_telegram import FakeTelegram

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s" * 40


def api_env(fake: FakeTelegram, store_url: str, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": store_url,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": fake.base_url,
        "WEBHOOK_URL": "http://127.0.0.1:9/telegram/webhook",
        "WEBHOOK_SECRET": SECRET,
        **extra,
    }


@pytest.fixture
def webhook_api(fake: FakeTelegram, store_url: str) -> Iterator[str]:
    api = subprocess.Popen(
        [sys.executable, "-m", "api", "--port", "0"],
        cwd=ROOT,
        env=api_env(fake, store_url),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert api.stdout is not None
    yield api.stdout.readline().split()[2]
    api.send_signal(signal.SIGTERM)
    output, _ = api.communicate(timeout=60)
    assert TOKEN not in output and SECRET not in output


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


def test_a_rejected_token_never_reaches_the_api_log(store_url: str) -> None:
    other = FakeTelegram("987654321:AAH-another-bots-token-0123456789xyz").start()  # rejects TOKEN: 401
    try:
        result = subprocess.run(
            [sys.executable, "-m", "api", "--port", "0", "--log-level", "debug"],
            cwd=ROOT,
            env=api_env(other, store_url),
            capture_output=True,
            text=True,
            timeout=90,
        )
    finally:
        other.stop()
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert TOKEN not in output and TOKEN.split(":")[1] not in output
    assert "[token]" in output or "rejected" in output.lower() or "Unauthorized" in output
