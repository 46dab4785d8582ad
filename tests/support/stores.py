"""Test stores: migrated once per run and copied per test, and the precomputed catalog kept between runs.

Running the twelve Alembic revisions for every test cost more than most tests; copying a
migrated file (SQLite) or cloning a template database (PostgreSQL) costs milliseconds.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from db.engine import make_engine, session_factory
from db.migrate import upgrade
from solver.catalog import catalog
from solver.precompute import run

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# What the precomputed catalog is made from: a change to any of these makes a new cached store.
CATALOG_SOURCES = ("solver", "db", "migrations")


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def copy_sqlite_file(source: Path, target: Path) -> str:
    """Copy a SQLite store with SQLite's backup API (WAL pages included); the copy's URL."""
    origin, destination = sqlite3.connect(str(source)), sqlite3.connect(str(target))
    try:
        origin.backup(destination)
    finally:
        origin.close()
        destination.close()
    return sqlite_url(target)


def catalog_key() -> str:
    """A digest of every source and data file the precomputed store depends on."""
    digest = hashlib.sha256()
    for folder in CATALOG_SOURCES:
        for path in sorted((PROJECT_ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in (".py", ".txt") and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(PROJECT_ROOT)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """An exclusive lock between processes (pytest-xdist workers, or two runs at once)."""
    with path.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def precomputed_catalog(folder: Path) -> Path:
    """The whole catalog precomputed into ``folder/catalog-<key>.db``, made once and reused.

    The key covers the solver, the store and the migrations, so a change to any of them
    precomputes again; other processes wait on the lock instead of solving twice.
    """
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"catalog-{catalog_key()}.db"
    with file_lock(folder / "catalog.lock"):
        if not path.exists():
            for stale in folder.glob("catalog-*.db"):
                stale.unlink()
            building = folder / f"building-{os.getpid()}.db"
            upgrade(sqlite_url(building))
            engine = make_engine(sqlite_url(building))
            workers = os.cpu_count() or 1
            run(session_factory(engine), list(catalog().values()), workers=workers, say=lambda _: None)
            engine.dispose()
            copy_sqlite_file(building, path)
            building.unlink()
    return path


def admin(server_url: str, sql: str) -> None:
    """Run one statement outside a transaction (CREATE/DROP DATABASE)."""
    engine = create_engine(server_url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(text(sql))
    finally:
        engine.dispose()


def database_name(prefix: str) -> str:
    return f"{prefix}_{os.getpid()}_{uuid.uuid4().hex[:8]}"


def with_database(server_url: str, name: str) -> str:
    return make_url(server_url).set(database=name).render_as_string(hide_password=False)


def create_postgres(server_url: str, template: str | None = None) -> str:
    """A new database on the server (a copy of ``template`` if given); its URL."""
    name = database_name("puzzles_test")
    admin(server_url, f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    return with_database(server_url, name)


def drop_postgres(server_url: str, url: str) -> None:
    admin(server_url, f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)')
