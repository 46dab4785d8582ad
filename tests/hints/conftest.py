"""Fixtures of the service's fast tests: sessions on the sample store (tests/support/stores.py, SAMPLE).

The sample holds DragonFjord's 01-20..01-31, 02-29, 02-30 and 11-24 and the boards
pentomino-4x15, pentomino-3x20 and pentomino-8x8-hole: the daily challenges of 2026-01-21/26/31
(4x15), 01-22/27 (3x20) and 01-23/28 and 11-24 (8x8-hole). Other dates and boards are not stored.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db.engine import make_engine, session_factory
from tests.support.stores import copy_sqlite_file


@pytest.fixture(scope="module")
def sample_sessions(
    sample_store: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[sessionmaker[Session]]:
    """Sessions on the module's own copy of the sample store (a read may write the hint cache;
    nothing is committed unless a test says so)."""
    url = copy_sqlite_file(sample_store, tmp_path_factory.mktemp("sample") / "sample.db")
    engine = make_engine(url)
    yield session_factory(engine)
    engine.dispose()


@pytest.fixture
def session(sample_sessions: sessionmaker[Session]) -> Iterator[Session]:
    """One session on the module's sample copy, rolled back after the test."""
    with sample_sessions() as opened:
        yield opened


@pytest.fixture
def own_sessions(sample_url: str) -> Iterator[sessionmaker[Session]]:
    """Sessions on a private copy of the sample store, for a test that commits."""
    engine = make_engine(sample_url)
    yield session_factory(engine)
    engine.dispose()
