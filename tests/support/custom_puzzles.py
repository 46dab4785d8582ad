"""A fresh store whose people's puzzles every lookup by id finds (the service's resolver)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.orm import Session, sessionmaker

from db.engine import make_engine, session_factory
from db.migrate import upgrade
from hints import custom_puzzles


@contextmanager
def custom_store(folder: Path) -> Iterator[sessionmaker[Session]]:
    """Sessions on a new migrated SQLite store in ``folder``, its resolver installed meanwhile."""
    url = f"sqlite:///{folder / 'store.db'}"
    upgrade(url)
    engine = make_engine(url)
    made = session_factory(engine)
    uninstall = custom_puzzles.install(made)
    try:
        yield made
    finally:
        uninstall()
        engine.dispose()
