"""Logging that never shows the bot token."""

from __future__ import annotations

import logging

REDACTED = "[token]"


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
    handler = logging.StreamHandler()
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s", secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for noisy in ("httpx", "httpcore", "apscheduler.executors.default"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
