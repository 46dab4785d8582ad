"""Engines and sessions, with a clear error when the database cannot be opened."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker


def database_error(exc: SQLAlchemyError) -> str:
    """The first line of what the database driver said (SQLAlchemy's own text runs to several)."""
    return (str(getattr(exc, "orig", None) or exc).splitlines() or ["unknown error"])[0]


class DatabaseUnavailable(RuntimeError):
    """The database URL points somewhere we cannot open or write; one-line message."""

    exit_code = 1  # jobs.cli.EXIT_ENVIRONMENT


def _prepare_sqlite_path(url: str) -> None:
    database = make_url(url).database
    if not database or database == ":memory:":
        return
    path = Path(database)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("ab"):
            pass
    except OSError as exc:
        raise DatabaseUnavailable(f"cannot write the database file {path}: {exc.strerror}") from None


def _configure_sqlite(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
    """Foreign keys on; WAL so readers (bot, API) never wait for the writer, and cheap commits."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; for SQLite the file's folder is created and write access checked."""
    if url.startswith("sqlite"):
        _prepare_sqlite_path(url)
        engine = create_engine(url, connect_args={"timeout": 30})
        event.listen(engine, "connect", _configure_sqlite)
        return engine
    return create_engine(url, pool_pre_ping=True)


def session_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions on ``engine``. ``info["caches"]`` is one dict shared by every session the factory
    makes: where the layers above keep what they cache per store and process (the service's raw
    solutions), so a cache lives as long as the factory a process makes once, and no longer."""
    return sessionmaker(engine, expire_on_commit=False, info={"caches": {}})
