"""Fixtures of the API tests over the precomputed catalog: the app in-process for route tests,
and a real uvicorn server on 127.0.0.1 for what needs one (the browser, concurrent clients)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, tzinfo
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, BrowserContext
from sqlalchemy.orm import Session, sessionmaker

from api import create_app, deps, players
from db.engine import make_engine, session_factory
from jobs.target_solving import OnDemand
from settings import Settings
from tests.support.api_server import SHARED_BY_MANY_TESTS, start_server
from tests.support.browser import LoopbackOnly, chromium
from tests.support.server_clock import ServerClock
from tests.support.stores import copy_sqlite_file


@pytest.fixture(scope="session")
def api_url(full_catalog_url: str) -> Iterator[str]:
    """The API over the whole precomputed catalog (shared by every test of the session)."""
    running = start_server(full_catalog_url, **SHARED_BY_MANY_TESTS)
    yield running.url
    running.stop()


@pytest.fixture(scope="session")
def client(full_catalog_url: str) -> Iterator[httpx.Client]:
    """The API in-process (its lifespan run), shared by the route tests of the session."""
    app = create_app(Settings(DATABASE_URL=full_catalog_url, **SHARED_BY_MANY_TESTS), OnDemand)  # type: ignore[arg-type]
    with TestClient(app) as http:
        yield http


@pytest.fixture(scope="session")
def store(full_catalog_url: str) -> Iterator[sessionmaker[Session]]:
    """Direct access to the same store, for expected values."""
    engine = make_engine(full_catalog_url)
    yield session_factory(engine)
    engine.dispose()


class FrozenClock(datetime):
    """``datetime`` whose ``now`` is 2026-01-22 12:00 UTC (a sample date) in every zone."""

    @classmethod
    def now(cls, tz: tzinfo | None = None) -> FrozenClock:  # type: ignore[override]
        return cls(2026, 1, 22, 12, tzinfo=UTC).astimezone(tz)


@pytest.fixture
def frozen_today(monkeypatch: pytest.MonkeyPatch) -> None:
    """The API's "today" is 2026-01-22 (12:00 UTC)."""
    monkeypatch.setattr(deps, "datetime", FrozenClock)


@pytest.fixture(scope="module")
def store_url(sample_store: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The route tests' store: this module's copy of the sample store (the app writes to it: hint
    caches, saved boards, targets solved on demand)."""
    return copy_sqlite_file(sample_store, tmp_path_factory.mktemp("routes") / "store.db")


@pytest.fixture(scope="module")
def api(store_url: str) -> Iterator[TestClient]:
    """The API in-process on the module's store (a module that needs other settings has its own)."""
    settings = Settings(_env_file=None, DATABASE_URL=store_url, **SHARED_BY_MANY_TESTS)  # type: ignore[call-arg, arg-type]
    with TestClient(create_app(settings, OnDemand)) as http:
        yield http


@pytest.fixture(scope="module")
def sessions(store_url: str) -> Iterator[sessionmaker[Session]]:
    """Sessions on the module's store, for the service's own answers."""
    engine = make_engine(store_url)
    yield session_factory(engine)
    engine.dispose()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's headless Chromium for one test module (skipped where it is missing).

    Per module, not per session: Playwright's sync API runs its own event loop,
    which must be gone before the asyncio tests of other modules run.
    """
    with chromium() as launched:
        yield launched


@pytest.fixture
def desktop(browser: Browser, api_url: str) -> Iterator[BrowserContext]:
    """A desktop-sized page that may only talk to the test server."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    guard = LoopbackOnly(api_url)
    guard.watch(context)
    yield context
    context.close()
    assert guard.blocked == []


@pytest.fixture(scope="module")
def live_url(store_url: str) -> Iterator[str]:
    """A server of its own on the module's copy of the sample store (its clock is moved)."""
    running = start_server(store_url, **SHARED_BY_MANY_TESTS)
    yield running.url
    running.stop()


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> type[ServerClock]:
    """The live server's clock, moved by the test (``ServerClock.moment``)."""
    monkeypatch.setattr(players, "datetime", ServerClock.Clock)
    monkeypatch.setattr(deps, "datetime", ServerClock.Clock)
    return ServerClock
