"""Run Alembic migrations from code.

``python -m db.migrate`` upgrades to the newest schema; ``python -m db.migrate --downgrade
REVISION`` goes back to ``REVISION`` (``base``: no tables), refusing when that would delete
people's data unless ``--allow-data-loss`` is given (see :mod:`db.data_loss`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.util import CommandError

from db import data_loss
from db.engine import DatabaseUnavailable, make_engine
from settings import get_settings

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def alembic_config(database_url: str) -> Config:
    config = Config(str(PROJECT_ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(PROJECT_ROOT / "migrations"))
    config.attributes["database_url"] = database_url
    config.attributes["configure_logger"] = False
    return config


def upgrade(database_url: str, revision: str = "head") -> None:
    """Migrate the database up to ``revision``; DatabaseUnavailable if it cannot be opened."""
    make_engine(database_url).dispose()  # fails early with a one-line message
    command.upgrade(alembic_config(database_url), revision)


def downgrade(database_url: str, revision: str, *, allow_data_loss: bool = False) -> None:
    """Migrate the database down to ``revision``. DataLossRefused, before anything changes, when
    that would delete people's data and ``allow_data_loss`` is not set."""
    config = alembic_config(database_url)
    config.attributes[data_loss.ATTRIBUTE] = allow_data_loss
    command.downgrade(config, revision)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m db.migrate", description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", help="override DATABASE_URL (default from the environment or .env)")
    parser.add_argument(
        "--downgrade",
        metavar="REVISION",
        help="go back to this revision (e.g. 0012, or base) instead of upgrading",
    )
    parser.add_argument(
        "--allow-data-loss",
        action="store_true",
        help="with --downgrade: go ahead even when chats, progress, solves, saved boards or the "
        "outbox lose tables or columns that hold data (back them up first)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.allow_data_loss and args.downgrade is None:
        parser.error("--allow-data-loss goes with --downgrade")
    url = args.database_url or get_settings().DATABASE_URL
    try:
        if args.downgrade is None:
            upgrade(url)
        else:
            make_engine(url).dispose()
            downgrade(url, args.downgrade, allow_data_loss=args.allow_data_loss)
    except DatabaseUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except CommandError as exc:  # an unknown revision, or a downgrade refused (DataLossRefused)
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.downgrade is None:
        print("database is at the newest schema")
    else:
        print(f"database downgraded to {args.downgrade}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
