"""Shared fixtures: real SQLite files migrated with the real Alembic migrations."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db.engine import make_engine, session_factory
from db.migrate import upgrade
from solver.catalog import catalog
from solver.precompute import run

PROJECT_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    """A fresh, migrated SQLite database file."""
    url = f"sqlite:///{tmp_path / 'puzzles.db'}"
    upgrade(url)
    return url


@pytest.fixture
def sessions(database_url: str) -> Iterator[sessionmaker[Session]]:
    engine = make_engine(database_url)
    yield session_factory(engine)
    engine.dispose()


@pytest.fixture(scope="session")
def full_catalog_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A database with every catalog puzzle precomputed (about 45 s on 2 cores), built once."""
    url = f"sqlite:///{tmp_path_factory.mktemp('full') / 'puzzles.db'}"
    upgrade(url)
    engine = make_engine(url)
    run(session_factory(engine), list(catalog().values()), workers=os.cpu_count() or 1, say=lambda _: None)
    engine.dispose()
    return url
