"""Fixtures of the API tests: a real uvicorn server on 127.0.0.1 over the precomputed catalog."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from sqlalchemy.orm import Session, sessionmaker

from db.engine import make_engine, session_factory
from tests.support.api_server import start_server


@pytest.fixture(scope="session")
def api_url(full_catalog_url: str) -> Iterator[str]:
    """The API over the whole precomputed catalog (shared by every test of the session)."""
    running = start_server(full_catalog_url)
    yield running.url
    running.stop()


@pytest.fixture(scope="session")
def client(api_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=api_url, timeout=60) as http:
        yield http


@pytest.fixture(scope="session")
def store(full_catalog_url: str) -> Iterator[sessionmaker[Session]]:
    """Direct access to the same store, for expected values."""
    engine = make_engine(full_catalog_url)
    yield session_factory(engine)
    engine.dispose()
