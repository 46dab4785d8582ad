"""Start and stop of the bot's processes (``python -m bot``, ``python -m bot.dispatch``).

Both check the token before anything else, log through the redacting
formatter, migrate the database, and turn the failures a user can fix into
one log line and an exit code instead of a traceback.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from telegram.error import InvalidToken, NetworkError

from bot.app import ConfigurationError, bot_token
from bot.dispatch_lock import DispatcherAlreadyRunning
from bot.logs import configure_logging
from db.engine import DatabaseUnavailable
from db.migrate import upgrade
from settings import Settings


def run_process(name: str, settings: Settings, work: Callable[[], None]) -> int:
    """Run ``work`` until it returns (a stop signal); the exit code: 0 ok, 1 environment, 2 configuration."""
    logger = logging.getLogger(name)
    try:
        token = bot_token(settings)
    except ConfigurationError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    configure_logging([token])
    try:
        upgrade(settings.DATABASE_URL)
        work()
    except (DispatcherAlreadyRunning, DatabaseUnavailable) as exc:
        logger.error("%s", exc)
        return 1
    except InvalidToken:
        logger.error("Telegram rejected TELEGRAM_BOT_TOKEN")
        return 2
    except NetworkError as exc:
        logger.error("cannot reach the Telegram Bot API: %s", exc.message)
        return 1
    logger.info("%s stopped", name)
    return 0
