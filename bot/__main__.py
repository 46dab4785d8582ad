"""``python -m bot``: run the Telegram bot (long polling) with its daily-post job."""

from __future__ import annotations

import logging
import sys

from telegram import Update
from telegram.error import InvalidToken, NetworkError

from bot.app import ConfigurationError, bot_token, build_application
from bot.logs import configure_logging
from db.engine import DatabaseUnavailable, make_engine, session_factory
from db.migrate import upgrade
from settings import get_settings

logger = logging.getLogger("bot")


def main() -> int:
    settings = get_settings()
    try:
        token = bot_token(settings)
    except ConfigurationError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    configure_logging([token])
    try:
        upgrade(settings.DATABASE_URL)
    except DatabaseUnavailable as exc:
        logger.error("%s", exc)
        return 1
    application = build_application(settings, session_factory(make_engine(settings.DATABASE_URL)))
    logger.info("bot starting (polling); SIGINT or SIGTERM stops it cleanly")
    try:
        application.run_polling(allowed_updates=Update.ALL_TYPES, drop_pending_updates=False)
    except InvalidToken:
        logger.error("Telegram rejected TELEGRAM_BOT_TOKEN")
        return 2
    except NetworkError as exc:
        logger.error("cannot reach the Telegram Bot API: %s", exc.message)
        return 1
    logger.info("bot stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
