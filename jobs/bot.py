"""``python -m bot [--no-dispatcher]``: run the Telegram bot (long polling) with its daily-post job.

With ``WEBHOOK_URL`` set, updates go to the API's ``/telegram/webhook`` instead;
run ``python -m bot.dispatch`` for the daily posts then.
"""

from __future__ import annotations

import argparse
import logging
import sys

from telegram import Update

from bot.app import build_application
from bot.process import run_process
from db.engine import make_engine, session_factory
from jobs.solve_jobs import solver_factory
from settings import get_settings


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

    def poll() -> None:
        application = build_application(
            settings,
            session_factory(make_engine(settings.DATABASE_URL)),
            start_scheduler=not args.no_dispatcher,
            solvers=solver_factory(settings),
        )
        logging.getLogger("bot").info("bot starting (polling); SIGINT or SIGTERM stops it cleanly")
        application.run_polling(allowed_updates=Update.ALL_TYPES, drop_pending_updates=False)

    return run_process("bot", settings, poll)


if __name__ == "__main__":
    raise SystemExit(main())
