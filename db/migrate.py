"""Run Alembic migrations from code (``python -m db.migrate`` upgrades to head)."""

from __future__ import annotations

import sys
from pathlib import Path

from alembic import command
from alembic.config import Config

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


def downgrade(database_url: str, revision: str) -> None:
    command.downgrade(alembic_config(database_url), revision)


def main() -> int:
    url = get_settings().DATABASE_URL
    try:
        upgrade(url)
    except DatabaseUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print("database is at the newest schema")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
