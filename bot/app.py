"""Wiring only: the Application, one handler per command of the table, the error handler, the job.

The daily-post tick runs on the application's ``JobQueue`` (APScheduler
underneath, one scheduler per process, started and stopped with the
application), as python-telegram-bot's own examples schedule work.
"""

from __future__ import annotations

import logging
import re
import ssl
from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache
from typing import cast

import httpx
from sqlalchemy.orm import Session, sessionmaker
from telegram import Update
from telegram.ext import (
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)
from telegram.request import HTTPXRequest

from bot import typed
from bot.commands import COMMANDS, HELP_PATTERN, Scope, help_button, menu
from bot.context import CONTEXT_TYPES, BotApplication, BotContext, Deps
from bot.daily_posts import Dispatcher
from bot.flood import CommandBudgets, UpdateBacklog
from bot.handlers import forget, gate, my_puzzle, other, play, results, setup, upgrade
from bot.logs import redact_logs
from bot.questions import Questions
from bot.ratelimit import SharedRateLimiter
from bot.replies.types import Web
from bot.sender import Sender
from bot.solving import SolveQueue
from bot.texts import LANGUAGES, text
from db.rate_limits import shared_storage
from hints import custom_puzzles
from hints.missing_targets import SolverFactory
from hints.raw_solutions import raw_cache
from settings import Settings

logger = logging.getLogger(__name__)

TOKEN_PATTERN = re.compile(r"^\d{3,}:[A-Za-z0-9_-]{30,}$")
DAILY_POSTS_JOB = "daily-posts"
GATE_GROUP = -1  # handlers in a lower group run first: flood control before any command


# The connection pools python-telegram-bot's builder gives the Bot API calls and getUpdates.
REQUEST_POOL, UPDATES_POOL = 256, 1


@cache
def bot_api_tls() -> ssl.SSLContext:
    """One TLS context per process for every connection to the Bot API: httpx's default one,
    made once (each client otherwise loads the CA bundle again, 30 ms of CPU: two per bot)."""
    return httpx.create_ssl_context()


def bot_api_request(pool: int) -> HTTPXRequest:
    """The builder's default request, on the process's shared TLS context."""
    return HTTPXRequest(connection_pool_size=pool, httpx_kwargs={"verify": bot_api_tls()})


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


def add_routes(application: BotApplication) -> None:
    """Flood control first; one handler per command of the table, then buttons, edits and the rest."""
    application.add_handler(TypeHandler(Update, gate.gate), group=GATE_GROUP)
    messages_only = filters.UpdateType.MESSAGE
    for command in COMMANDS:
        application.add_handler(CommandHandler(command.name, command.callback, filters=messages_only))
    application.add_handler(CallbackQueryHandler(setup.setup_button, pattern=setup.SETUP_PATTERN))
    application.add_handler(CallbackQueryHandler(forget.forget_button, pattern=forget.FORGET_PATTERN))
    application.add_handler(CallbackQueryHandler(help_button, pattern=HELP_PATTERN))
    application.add_handler(CallbackQueryHandler(my_puzzle.mine_button, pattern=my_puzzle.MINE_PATTERN))
    application.add_handler(CallbackQueryHandler(play.button))
    application.add_handler(InlineQueryHandler(results.inline_share))
    application.add_handler(ChatMemberHandler(setup.membership, ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, upgrade.migrated))
    application.add_handler(MessageHandler(filters.UpdateType.EDITED, other.edited_message))
    application.add_handler(MessageHandler(my_puzzle.DOCUMENTS, my_puzzle.document))
    application.add_handler(MessageHandler(filters.COMMAND & messages_only, typed.unknown_command))
    application.add_handler(MessageHandler(messages_only, typed.plain_message))
    application.add_error_handler(other.error_handler)


def build_application(
    settings: Settings,
    sessions: sessionmaker[Session],
    *,
    clock: Callable[[], datetime] | None = None,
    start_scheduler: bool = True,
    updater: bool = True,
    solvers: SolverFactory | None = None,
) -> BotApplication:
    """The bot: polling by default; the daily-post job runs every DISPATCH_INTERVAL_SECONDS.

    ``solvers`` makes the solver of targets not stored yet (the entry point passes
    :class:`jobs.target_solving.OnDemand`); without it such a target is answered as not ready.
    """
    token = bot_token(settings)
    raw_cache(sessions).resize(settings.RAW_SOLUTION_CACHE_MB << 20)
    redact_logs([token])  # every log record of this process, any logger, any level, from now on
    for noisy in ("httpx", "httpcore"):  # their request lines carry the URL (redacted, and noisy)
        logging.getLogger(noisy).setLevel(logging.WARNING)
    now = clock or (lambda: datetime.now(UTC))
    builder = (
        ApplicationBuilder()
        .token(token)
        .context_types(CONTEXT_TYPES)
        .request(bot_api_request(REQUEST_POOL))
        .get_updates_request(bot_api_request(UPDATES_POOL))
        .rate_limiter(
            SharedRateLimiter(
                sessions,
                budget_name=f"bot:{token.split(':', 1)[0]}",  # the bot's id: never the secret part
                per_second=settings.TELEGRAM_MESSAGES_PER_SECOND,
            )
        )
        .update_queue(UpdateBacklog(settings.BOT_UPDATE_BACKLOG))
        .concurrent_updates(True)
        .post_init(_post_init)
        .post_stop(_post_stop)
        .post_shutdown(_post_shutdown)
    )
    if settings.TELEGRAM_API_BASE_URL:
        base = settings.TELEGRAM_API_BASE_URL.rstrip("/")
        builder = builder.base_url(f"{base}/bot").base_file_url(f"{base}/file/bot")
    if not updater:
        builder = builder.updater(None)
    # The builder's type cannot follow context_types into the JobQueue's parameter; it is this.
    application = cast(BotApplication, builder.build())
    sender = Sender(sessions)
    solver = solvers(sessions) if solvers is not None else None
    dispatcher = Dispatcher(
        sessions,
        sender,
        default_timezone=settings.DEFAULT_TIMEZONE,
        clock=now,
        concurrency=settings.DISPATCH_CONCURRENCY,
        lease_seconds=settings.DISPATCH_LEASE_SECONDS,
        solver=solver,
    )
    storage = shared_storage(settings.REDIS_URL)  # the budgets and questions: shared with REDIS_URL
    application.bot_data.deps = Deps(
        sessions=sessions,
        sender=sender,
        dispatcher=dispatcher,
        default_timezone=settings.DEFAULT_TIMEZONE,
        clock=now,
        dispatch_seconds=settings.DISPATCH_INTERVAL_SECONDS,
        start_scheduler=start_scheduler,
        solves=SolveQueue(solver) if solver is not None else None,
        web=Web(settings.PUBLIC_URL) if settings.PUBLIC_URL else None,
        budgets=CommandBudgets(storage=storage),
        questions=Questions(storage),
        uninstall=custom_puzzles.install(sessions),  # every lookup by id finds people's puzzles
    )
    add_routes(application)
    return application


async def _post_init(application: BotApplication) -> None:
    """Register the profile texts and the command menus (private chats, group members, group
    admins) in every language, and schedule the daily posts if asked to."""
    for language in LANGUAGES:
        code = None if language == "en" else language  # English is the default for everyone else
        for scope in Scope:
            await application.bot.set_my_commands(
                menu(language, scope), scope=scope.telegram(), language_code=code
            )
        await application.bot.set_my_description(text("bot_description", language), language_code=code)
        await application.bot.set_my_short_description(
            text("bot_short_description", language), language_code=code
        )
    if application.bot_data.deps.start_scheduler:
        start_dispatching(application)


async def _post_stop(application: BotApplication) -> None:
    """Send the replies still queued before the bot's connection closes (for a few seconds:
    a stop must finish inside a container's grace period; the rest are dropped and logged)."""
    await application.bot_data.deps.replies.drain()


async def _post_shutdown(application: BotApplication) -> None:
    """Stop the daily posts and every on-demand solve: queued ones are cancelled, the solver
    processes of the one in flight stopped, then its thread joined."""
    stop_dispatching(application)
    solves = application.bot_data.deps.solves
    if solves is not None:
        solves.shutdown(wait=False)  # first, so no queued solve starts a new pool of solver processes
        solves.solver.close()
        solves.shutdown(wait=True)
    application.bot_data.deps.uninstall()


async def _daily_posts(context: BotContext) -> None:
    """The job: one outbox tick."""
    await context.bot_data.deps.dispatcher.tick(context.bot)


def start_dispatching(application: BotApplication) -> None:
    """Take the dispatcher lock (SQLite) and schedule the tick on the application's JobQueue.

    The job runs once the application has started (python-telegram-bot starts
    and stops the JobQueue with it); the lock is released when the job queue stops.
    """
    deps = application.bot_data.deps
    deps.dispatcher.start()
    job_queue = application.job_queue
    if job_queue is None:
        raise RuntimeError("python-telegram-bot was installed without its job-queue extra")
    job_queue.run_repeating(
        _daily_posts,
        interval=deps.dispatch_seconds,
        first=1,
        name=DAILY_POSTS_JOB,
        job_kwargs={"max_instances": 1, "coalesce": True, "misfire_grace_time": 30},
    )


def stop_dispatching(application: BotApplication) -> None:
    """Remove the daily-post job and release the dispatcher lock."""
    if application.job_queue is not None:
        for job in application.job_queue.get_jobs_by_name(DAILY_POSTS_JOB):
            job.schedule_removal()
    application.bot_data.deps.dispatcher.stop()
