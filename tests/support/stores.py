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
from jobs.precompute import run
from solver.puzzles import catalog

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# What the precomputed catalog is made from: a change to any of these makes a new cached store.
CATALOG_SOURCES = ("solver", "db", "migrations")


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def copy_sqlite_file(source: Path, target: Path) -> str:
    """Copy a SQLite store with SQLite's backup API (WAL pages included); the copy's URL.

    The source is opened read-only, so a missing one raises instead of being created empty.
    """
    origin = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    destination = sqlite3.connect(str(target))
    try:
        origin.backup(destination)
    finally:
        origin.close()
        destination.close()
    return sqlite_url(target)


def _is_whole(path: Path) -> bool:
    """True if ``path`` is a store with targets in it (a build cut short leaves none, or no file)."""
    if not path.exists():
        return False
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return bool(connection.execute("SELECT count(*) FROM targets").fetchone()[0])
        finally:
            connection.close()
    except sqlite3.Error:
        return False


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


# The sample store of the fast tests: a fortnight of DragonFjord dates (and leap day, an
# impossible date, 11-24) with the small boards their daily challenges need (a date's board
# rotates through PENTOMINO_BOARDS: 01-21, 01-26 and 01-31 get 4x15, 01-22 and 01-27 3x20,
# 01-23, 01-28 and 11-24 8x8-hole). Solved in about 5 s; other dates are solved on demand.
SAMPLE_DATES = (*(f"01-{day:02d}" for day in range(20, 32)), "02-29", "02-30", "11-24")
SAMPLE: dict[str, tuple[str, ...] | None] = {
    "calendar-dragonfjord": SAMPLE_DATES,
    "pentomino-4x15": None,
    "pentomino-3x20": None,
    "pentomino-8x8-hole": None,
}


def _solve_into(url: str, selection: dict[str, tuple[str, ...] | None]) -> None:
    """Precompute each puzzle of ``selection`` (only the named targets, where given) into ``url``.

    The whole puzzles go in one run: one pool of worker processes for all of them, the long
    boards first and the short targets filling in behind (a run per puzzle started a pool per
    puzzle and left a core idle while each puzzle's last task ran).
    """
    engine = make_engine(url)
    sessions, puzzles, workers = session_factory(engine), catalog(), os.cpu_count() or 1
    whole = [puzzles[puzzle_id] for puzzle_id, targets in selection.items() if targets is None]
    try:
        for puzzle_id, targets in selection.items():
            if targets is not None:
                run(sessions, [puzzles[puzzle_id]], targets=targets, workers=workers, say=lambda _: None)
        if whole:
            run(sessions, whole, workers=workers, say=lambda _: None)
    finally:
        engine.dispose()


def precomputed(folder: Path, name: str, selection: dict[str, tuple[str, ...] | None], copy: Path) -> str:
    """``selection`` precomputed into ``folder/<name>-<key>.db`` once and reused; a copy of it made
    at ``copy`` for the caller (what a run writes stays out of the next run); the copy's URL.

    The key covers the solver, the store and the migrations, so a change to any of them
    precomputes again; other processes (pytest-xdist workers) wait on the lock instead of
    solving twice, and copy under it too.
    """
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{catalog_key()}.db"
    with file_lock(folder / f"{name}.lock"):
        if not _is_whole(path):
            for stale in folder.glob(f"{name}-*.db"):
                stale.unlink()
            building = folder / f"building-{name}-{os.getpid()}.db"
            building.unlink(missing_ok=True)
            upgrade(sqlite_url(building))
            _solve_into(sqlite_url(building), selection)
            copy_sqlite_file(building, path)
            for leftover in (building, Path(f"{building}-wal"), Path(f"{building}-shm")):
                leftover.unlink(missing_ok=True)
        return copy_sqlite_file(path, copy)


def precomputed_catalog(folder: Path, copy: Path) -> str:
    """The whole default catalog, precomputed once (about 25 s on 2 cores) and reused; a copy's URL."""
    return precomputed(folder, "catalog", dict.fromkeys(catalog()), copy)


def precomputed_sample(folder: Path, copy: Path) -> str:
    """The fast tests' sample of the catalog (:data:`SAMPLE`), precomputed once and reused; a copy's URL."""
    return precomputed(folder, "sample", SAMPLE, copy)


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
