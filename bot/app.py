"""Wiring only: the Application, one line per route, the error handler, the daily-post job."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from sqlalchemy.orm import Session, sessionmaker
from telegram import BotCommand
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    MessageHandler,
    filters,
)

from bot import handlers
from bot.dispatcher import Dispatcher
from bot.handlers import Deps
from bot.sender import Sender
from bot.texts import text
from settings import Settings

logger = logging.getLogger(__name__)

TOKEN_PATTERN = re.compile(r"^\d{3,}:[A-Za-z0-9_-]{30,}$")
COMMANDS = (
    "today",
    "hint",
    "solution",
    "another",
    "pentomino",
    "subscribe",
    "unsubscribe",
    "timezone",
    "stats",
    "language",
    "help",
)


class ConfigurationError(ValueError):
    """A setting makes the bot impossible to start; the message says which and why."""


def bot_token(settings: Settings) -> str:
    """The token, checked for shape (never echoed back in the error)."""
    if settings.TELEGRAM_BOT_TOKEN is None or not settings.TELEGRAM_BOT_TOKEN.get_secret_value().strip():
        raise ConfigurationError("TELEGRAM_BOT_TOKEN is not set; get one from @BotFather")
    token = settings.TELEGRAM_BOT_TOKEN.get_secret_value().strip()
    if not TOKEN_PATTERN.match(token):
        raise ConfigurationError(
            "TELEGRAM_BOT_TOKEN is malformed; expected digits, a colon and 30+ characters"
        )
    return token


def _command_list(language: str) -> list[BotCommand]:
    descriptions = dict(line.split(" – ", 1) for line in text("commands", language).splitlines())
    found = []
    for command in COMMANDS:
        key = next(k for k in descriptions if k.split()[0] == f"/{command}")
        found.append(BotCommand(command, descriptions[key][:256]))
    return found


def _message_only() -> filters.BaseFilter:
    return filters.UpdateType.MESSAGE


def add_routes(application: Application) -> None:  # type: ignore[type-arg]
    routes = {
        "start": handlers.start,
        "help": handlers.help_command,
        "today": handlers.today,
        "hint": handlers.hint,
        "solution": handlers.solution,
        "another": handlers.another,
        "pentomino": handlers.pentomino,
        "subscribe": handlers.subscribe,
        "unsubscribe": handlers.unsubscribe,
        "timezone": handlers.timezone,
        "stats": handlers.stats,
        "language": handlers.language,
    }
    for name, callback in routes.items():
        application.add_handler(CommandHandler(name, callback, filters=_message_only()))
    application.add_handler(CallbackQueryHandler(handlers.button))
    application.add_handler(MessageHandler(filters.UpdateType.EDITED, handlers.edited_message))
    application.add_handler(MessageHandler(filters.COMMAND & _message_only(), handlers.unknown_command))
    application.add_handler(MessageHandler(_message_only(), handlers.other_message))
    application.add_error_handler(handlers.error_handler)


def build_application(
    settings: Settings,
    sessions: sessionmaker[Session],
    *,
    clock: Callable[[], datetime] | None = None,
    start_scheduler: bool = True,
    updater: bool = True,
) -> Application:  # type: ignore[type-arg]
    """The bot: polling by default; the dispatcher job runs every DISPATCH_INTERVAL_SECONDS."""
    token = bot_token(settings)
    for noisy in ("httpx", "httpcore"):  # their request lines carry the URL, and the URL carries the token
        logging.getLogger(noisy).setLevel(logging.WARNING)
    now = clock or (lambda: datetime.now(UTC))
    builder = (
        ApplicationBuilder()
        .token(token)
        .rate_limiter(AIORateLimiter(overall_max_rate=settings.TELEGRAM_MESSAGES_PER_SECOND, max_retries=3))
        .concurrent_updates(True)
        .post_init(_post_init)
        .post_shutdown(_post_shutdown)
    )
    if settings.TELEGRAM_API_BASE_URL:
        base = settings.TELEGRAM_API_BASE_URL.rstrip("/")
        builder = builder.base_url(f"{base}/bot").base_file_url(f"{base}/file/bot")
    if not updater:
        builder = builder.updater(None)
    application = builder.build()
    sender = Sender(sessions)
    application.bot_data["deps"] = Deps(sessions, sender, settings.DEFAULT_TIMEZONE, now)
    application.bot_data["dispatcher"] = Dispatcher(
        sessions,
        sender,
        default_timezone=settings.DEFAULT_TIMEZONE,
        clock=now,
        concurrency=settings.DISPATCH_CONCURRENCY,
        lease_seconds=settings.DISPATCH_LEASE_SECONDS,
    )
    application.bot_data["dispatch_seconds"] = settings.DISPATCH_INTERVAL_SECONDS
    application.bot_data["start_scheduler"] = start_scheduler
    add_routes(application)
    return application


async def _post_init(application: Application) -> None:  # type: ignore[type-arg]
    """Register the command lists (English and Japanese) and start the daily-post job."""
    await application.bot.set_my_commands(_command_list("en"))
    await application.bot.set_my_commands(_command_list("ja"), language_code="ja")
    if application.bot_data["start_scheduler"]:
        start_dispatching(application)


def start_dispatching(application: Application) -> None:  # type: ignore[type-arg]
    """Take the dispatcher lock (SQLite) and start the job; its store is this process's memory only."""
    dispatcher: Dispatcher = application.bot_data["dispatcher"]
    dispatcher.start()
    scheduler = AsyncIOScheduler(timezone="UTC")
    scheduler.add_job(
        dispatcher.tick,
        "interval",
        seconds=application.bot_data["dispatch_seconds"],
        args=[application.bot],
        next_run_time=datetime.now(UTC) + timedelta(seconds=1),
        max_instances=1,
        coalesce=True,
        misfire_grace_time=30,
        id="daily-posts",
    )
    scheduler.start()
    application.bot_data["scheduler"] = scheduler


async def _post_shutdown(application: Application) -> None:  # type: ignore[type-arg]
    scheduler = application.bot_data.pop("scheduler", None)
    if scheduler is not None:
        scheduler.shutdown(wait=False)
        application.bot_data["dispatcher"].stop()
