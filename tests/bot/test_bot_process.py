"""``python -m bot``'s start-up failures, through its ``main`` in this process.

Running, answering and stopping on SIGTERM as a real process is in tests/test_entry_points.py.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from jobs.bot import main
from settings import get_settings
from tests.support.bot import TOKEN

NOISY_LOGGERS = ("httpx", "httpcore", "apscheduler.executors.default")


@pytest.fixture(autouse=True)
def fresh_settings() -> Iterator[None]:
    """``main`` reads the settings through the cached ``get_settings``: each test reads them anew."""
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


@contextmanager
def own_event_loop() -> Iterator[None]:
    """``run_polling`` runs on the current event loop and closes it: give it one, leave none behind."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        yield
    finally:
        asyncio.set_event_loop(None)
        loop.close()


@contextmanager
def logging_put_back() -> Iterator[None]:
    """``main`` sets up the process's logging (root handler and levels): put pytest's back afterwards."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    levels = {name: logging.getLogger(name).level for name in NOISY_LOGGERS}
    try:
        yield
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
        for name, noisy_level in levels.items():
            logging.getLogger(name).setLevel(noisy_level)


def use_environment(monkeypatch: pytest.MonkeyPatch, url: str, **settings: str) -> None:
    values = {"DATABASE_URL": url, "TELEGRAM_API_BASE_URL": "", "TELEGRAM_BOT_TOKEN": "", "WEBHOOK_URL": ""}
    for name, value in {**values, **settings}.items():
        monkeypatch.setenv(name, value)


@pytest.mark.parametrize(
    ("token", "message"),
    [("", "TELEGRAM_BOT_TOKEN is not set"), ("not-a-token-abc", "TELEGRAM_BOT_TOKEN is malformed")],
)
def test_missing_or_malformed_token_is_a_clear_error(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    token: str,
    message: str,
) -> None:
    use_environment(monkeypatch, f"sqlite:///{tmp_path}/b.db", TELEGRAM_BOT_TOKEN=token)
    assert main([]) == 2
    output = "".join(capsys.readouterr()) + caplog.text
    assert message in output and "Traceback" not in output
    if token:
        assert token not in output
    assert not (tmp_path / "b.db").exists()  # refused before anything else


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_unreachable_api_is_reported_without_the_token(
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    fresh_redaction: None,
) -> None:
    url = f"http://127.0.0.1:{_closed_port()}"
    use_environment(monkeypatch, database_url, TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=url)
    with logging_put_back(), own_event_loop():
        assert main([]) == 1  # the environment is not ready
    output = "".join(capsys.readouterr())  # main's own log handler writes to stderr
    assert TOKEN not in output and TOKEN.split(":")[1] not in output
    assert "Telegram Bot API" in output or "NetworkError" in output or "connect" in output.lower()
