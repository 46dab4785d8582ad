"""Webhook mode: Telegram POSTs updates to the API process, which hands them to the bot.

Used when ``WEBHOOK_URL`` is set. Requests must carry Telegram's
``X-Telegram-Bot-Api-Secret-Token`` header equal to ``WEBHOOK_SECRET``;
anything else (a missing, wrong or non-ASCII header) is refused with 403
before the body is read, and never processed. Every API worker runs this
bridge; the daily posts belong to ``python -m bot.dispatch``. Creating the
bridge makes every log record of the API process redact the token and secret.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass

from sqlalchemy.orm import Session, sessionmaker
from telegram import Update

from bot.app import build_application
from bot.context import BotApplication
from bot.flood import UpdateBacklog
from bot.logs import redact_logs
from hints.missing_targets import SolverFactory
from settings import Settings

logger = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
WEBHOOK_PATH = "/telegram/webhook"


@dataclass(frozen=True)
class WebhookResult:
    status: int
    detail: str


class WebhookBridge:
    """The bot's Application without an updater, fed by the HTTP route."""

    def __init__(
        self, settings: Settings, sessions: sessionmaker[Session], solvers: SolverFactory | None = None
    ) -> None:
        if settings.WEBHOOK_SECRET is None:
            raise ValueError("WEBHOOK_URL is set but WEBHOOK_SECRET is not")
        self._settings = settings
        self._secret = settings.WEBHOOK_SECRET.get_secret_value()
        token = settings.TELEGRAM_BOT_TOKEN.get_secret_value() if settings.TELEGRAM_BOT_TOKEN else ""
        redact_logs([token.strip(), self._secret])
        self.application: BotApplication = build_application(
            settings, sessions, start_scheduler=False, updater=False, solvers=solvers
        )

    async def start(self) -> None:
        """Initialise the bot, start processing, and tell Telegram where to send updates."""
        await self.application.initialize()
        if self.application.post_init:
            await self.application.post_init(self.application)
        await self.application.start()
        await self.application.bot.set_webhook(
            url=str(self._settings.WEBHOOK_URL), secret_token=self._secret, allowed_updates=Update.ALL_TYPES
        )

    async def stop(self) -> None:
        """Stop processing, send the replies still queued, and stop the on-demand solves."""
        if self.application.running:
            await self.application.stop()
            if self.application.post_stop:  # sends the replies still queued
                await self.application.post_stop(self.application)
        await self.application.shutdown()
        if self.application.post_shutdown:  # the solve queue's threads, as polling's shutdown does
            await self.application.post_shutdown(self.application)

    def authorized(self, secret_header: str | None) -> bool:
        """Whether the header carries the secret (compared as bytes: any header value is safe here)."""
        if secret_header is None:
            return False
        given = secret_header.encode("utf-8", "surrogateescape")
        return secrets.compare_digest(given, self._secret.encode())

    async def receive(self, body: bytes, secret_header: str | None) -> WebhookResult:
        """Check the secret, parse the update and queue it for the handlers."""
        if not self.authorized(secret_header):
            return WebhookResult(403, "missing or wrong secret token")
        try:
            payload = json.loads(body)
            if not isinstance(payload, dict):  # [] or null: python-telegram-bot would raise AttributeError
                return WebhookResult(400, "not a Telegram update")
            update = Update.de_json(payload, self.application.bot)
        except (ValueError, TypeError, KeyError, AttributeError):  # a field of the wrong type: AttributeError
            return WebhookResult(400, "not a Telegram update")
        if update is None:
            return WebhookResult(400, "not a Telegram update")
        backlog = self.application.update_queue
        assert isinstance(backlog, UpdateBacklog)  # what bot.app.build_application gives it
        try:
            queued = backlog.offer(update)
        except asyncio.QueueFull:  # the backlog is at its bound: Telegram delivers it again later
            return WebhookResult(503, "busy: too many updates waiting")
        if queued is False:  # its person has too many waiting: dropped, as the gate would refuse it
            logger.debug("an update of a flooding person was dropped")
        return WebhookResult(200, "ok")
