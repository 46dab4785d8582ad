"""``python -m bot`` as a real process against the fake Bot API."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.bot import TOKEN
from tests.support.fake_telegram import FakeTelegram

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def bot_process(env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "bot"],
        cwd=PROJECT_ROOT,
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def base_env(url: str) -> dict[str, str]:
    return {"DATABASE_URL": url, "TELEGRAM_API_BASE_URL": "", "TELEGRAM_BOT_TOKEN": "", "WEBHOOK_URL": ""}


@pytest.mark.parametrize(
    ("token", "message"),
    [("", "TELEGRAM_BOT_TOKEN is not set"), ("not-a-token-abc", "TELEGRAM_BOT_TOKEN is malformed")],
)
def test_missing_or_malformed_token_is_a_clear_error(tmp_path: Path, token: str, message: str) -> None:
    env = {**base_env(f"sqlite:///{tmp_path}/b.db"), "TELEGRAM_BOT_TOKEN": token}
    output, _ = bot_process(env).communicate(timeout=60)
    assert message in output and "Traceback" not in output
    if token:
        assert token not in output


@pytest.mark.slow
def test_runs_answers_and_stops_cleanly_on_sigterm_without_logging_the_token(
    fake: FakeTelegram, store_url: str
) -> None:
    env = {**base_env(store_url), "TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_API_BASE_URL": fake.base_url}
    process = bot_process(env)
    try:
        fake.wait_for(lambda: len(fake.calls_to("setMyCommands")) == 2, timeout=60)
        fake.message("/today 2026-01-25")
        fake.wait_for(lambda: len(fake.sent(1)) == 1, timeout=30)
        assert fake.sent(1)[0].files["photo"].startswith(b"\x89PNG")
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0
    assert "bot stopped" in output
    assert TOKEN not in output and TOKEN.split(":")[1] not in output


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_unreachable_api_is_reported_without_the_token(tmp_path: Path) -> None:
    env = {
        **base_env(f"sqlite:///{tmp_path}/b.db"),
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": f"http://127.0.0.1:{_closed_port()}",
    }
    output, _ = bot_process(env).communicate(timeout=120)
    assert TOKEN not in output and TOKEN.split(":")[1] not in output
    assert "Telegram Bot API" in output or "NetworkError" in output or "connect" in output.lower()
