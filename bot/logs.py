"""Logging that never shows the bot token (or the webhook secret), whoever logs and however.

:func:`redact_logs` installs a log-record factory, so every record of the
process, of every logger and handler (uvicorn's included), is cleaned when it
is created: its message with the arguments filled in, and its exception text.
The formatter below is a second line of defence for the bot's own handler.
"""

from __future__ import annotations

import logging
import threading
import traceback
from typing import Any

REDACTED = "[token]"
_redacted: set[str] = set()
_install = threading.Lock()


def _clean(text: str) -> str:
    for secret in _redacted:
        text = text.replace(secret, REDACTED)
    return text


def redact_logs(secrets: list[str]) -> None:
    """From now on, no log record of this process contains any of ``secrets`` (empty ones are ignored)."""
    with _install:
        fresh = not _redacted
        _redacted.update(s for s in secrets if s)
        if not fresh or not _redacted:
            return
        make_record = logging.getLogRecordFactory()

        def redacting_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
            record = make_record(*args, **kwargs)
            try:
                message = record.getMessage()
            except Exception:  # a malformed call: logging reports it when the record is emitted
                return record
            # Frozen as it reads now: an argument changed after the call (python-telegram-bot fills
            # a file's URL, token and all, into the very dict it logged) cannot bring a secret back.
            record.msg, record.args = _clean(message), None
            if record.exc_info and record.exc_info[1] is not None:
                record.exc_text = _clean("".join(traceback.format_exception(*record.exc_info)).rstrip("\n"))
            return record

        logging.setLogRecordFactory(redacting_record)


class RedactingFormatter(logging.Formatter):
    """Formats as usual, then replaces every occurrence of the secrets (tracebacks included)."""

    def __init__(self, fmt: str, secrets: list[str]) -> None:
        super().__init__(fmt)
        self._secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        formatted = super().format(record)
        for secret in self._secrets:
            formatted = formatted.replace(secret, REDACTED)
        return formatted


def configure_logging(secrets: list[str], level: int = logging.INFO) -> None:
    """Root logging to stderr with redaction; httpx's per-request lines (they carry the URL) silenced."""
    redact_logs(secrets)
    handler = logging.StreamHandler()
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s", secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for noisy in ("httpx", "httpcore", "apscheduler.executors.default"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
