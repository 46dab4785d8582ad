"""``python -m bot [--no-dispatcher]``: run the Telegram bot (long polling) with its daily-post job.

With ``WEBHOOK_URL`` set, updates go to the API's ``/telegram/webhook`` instead;
run ``python -m bot.dispatch`` for the daily posts then.
"""

from __future__ import annotations

import argparse
import logging
import sys

from telegram import Update
from telegram.error import InvalidToken, NetworkError

from bot.app import ConfigurationError, bot_token, build_application
from bot.dispatcher import DispatcherAlreadyRunning
from bot.logs import configure_logging
from db.engine import DatabaseUnavailable, make_engine, session_factory
from db.migrate import upgrade
from settings import get_settings

logger = logging.getLogger("bot")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--no-dispatcher", action="store_true", help="leave daily posts to python -m bot.dispatch"
    )
    args = parser.parse_args(argv)
    settings = get_settings()
    if settings.WEBHOOK_URL:
        print(
            "error: WEBHOOK_URL is set, so updates arrive at the API (python -m api, /telegram/webhook); "
            "run python -m bot.dispatch for the daily posts",
            file=sys.stderr,
        )
        return 2
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
    application = build_application(
        settings, session_factory(make_engine(settings.DATABASE_URL)), start_scheduler=not args.no_dispatcher
    )
    logger.info("bot starting (polling); SIGINT or SIGTERM stops it cleanly")
    try:
        application.run_polling(allowed_updates=Update.ALL_TYPES, drop_pending_updates=False)
    except InvalidToken:
        logger.error("Telegram rejected TELEGRAM_BOT_TOKEN")
        return 2
    except DispatcherAlreadyRunning as exc:
        logger.error("%s", exc)
        return 1
    except NetworkError as exc:
        logger.error("cannot reach the Telegram Bot API: %s", exc.message)
        return 1
    logger.info("bot stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
