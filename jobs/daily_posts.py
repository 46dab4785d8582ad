"""The daily-post dispatcher as its own process (webhook deployments, several dispatchers).

    python -m bot.dispatch                 run until SIGTERM or SIGINT
    python -m bot.dispatch --healthcheck   exit 0 if some dispatcher ticked recently, else 1

On PostgreSQL any number may run side by side (rows are claimed with SKIP
LOCKED); on SQLite a second one refuses to start.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
from datetime import UTC, datetime, timedelta

from sqlalchemy.exc import SQLAlchemyError

from db import outbox
from db.engine import database_error, make_engine, session_factory
from settings import Settings, get_settings

logger = logging.getLogger("bot.dispatch")


async def run(settings: Settings) -> None:
    """Dispatch daily posts until a stop signal arrives."""
    # The bot and the solver are imported here, not at the top: the healthcheck, which a container
    # runs every minute, reads one row and needs neither (0.6 s of CPU a check instead of 1.9 s).
    from bot.app import build_application, start_dispatching, stop_dispatching
    from jobs.solve_jobs import solver_factory

    application = build_application(
        settings,
        session_factory(make_engine(settings.DATABASE_URL)),
        start_scheduler=False,
        updater=False,
        solvers=solver_factory(settings),
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    async with application:  # initialize ... shutdown
        start_dispatching(application)
        try:
            await application.start()  # starts the JobQueue that runs the tick
            logger.info("dispatcher %s running", application.bot_data.deps.dispatcher.name)
            await stop.wait()
        finally:
            if application.running:
                await application.stop()
            stop_dispatching(application)


def healthy(settings: Settings, now: datetime | None = None) -> bool:
    """Whether any dispatcher finished a tick within three intervals (plus a minute of slack)."""
    with session_factory(make_engine(settings.DATABASE_URL))() as session:
        last = outbox.last_heartbeat(session=session)
    allowed = timedelta(seconds=3 * settings.DISPATCH_INTERVAL_SECONDS + 60)
    return last is not None and (now or datetime.now(UTC)) - last <= allowed


def outbox_report(settings: Settings, now: datetime | None = None) -> str:
    """One line on posts that could not go out on time (reported, never silently lost)."""
    with session_factory(make_engine(settings.DATABASE_URL))() as session:
        health = outbox.outbox_health(session=session, now=now or datetime.now(UTC))
    return (
        f"outbox: {health.expired_today} post(s) expired in the last day, "
        f"{health.overdue} overdue still waiting, "
        f"{health.uncertain_today} uncertain (no answer from Telegram; not sent again)"
    )


def healthcheck(settings: Settings) -> int:
    """Say whether a dispatcher is alive and how the outbox stands; the exit status (0: alive).
    A store that cannot be read (missing, not migrated) is said in one line, not a traceback."""
    try:
        ok = healthy(settings)
        report = outbox_report(settings)
    except SQLAlchemyError as exc:
        reason = database_error(exc)
        print(f"dispatcher heartbeat: cannot read the store ({reason}; is it migrated? python -m db.migrate)")
        return 1
    print("dispatcher heartbeat: ok" if ok else "dispatcher heartbeat: stale or missing")
    print(report)
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.dispatch", description=__doc__.split("\n\n")[0])
    parser.add_argument("--healthcheck", action="store_true", help="exit 0 if a dispatcher is alive")
    args = parser.parse_args(argv)
    settings = get_settings()
    if args.healthcheck:
        return healthcheck(settings)
    from bot.process import run_process  # with the bot, as in run()

    return run_process("dispatcher", settings, lambda: asyncio.run(run(settings)))


if __name__ == "__main__":
    raise SystemExit(main())
