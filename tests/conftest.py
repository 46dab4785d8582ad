"""Shared fixtures: real SQLite files migrated with the real Alembic migrations."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker

from db.engine import make_engine, session_factory
from db.migrate import upgrade
from solver.catalog import catalog
from solver.precompute import run

PROJECT_ROOT = Path(__file__).resolve().parent.parent

# Targets solved on demand are solved in the asking process unless a test asks for more processes
# (tests/solver/test_ondemand.py starts the pool of solver processes the product uses by default).
os.environ.setdefault("ON_DEMAND_PROCESSES", "1")

# PostgreSQL: tests marked `postgres` use the server at POSTGRES_TEST_URL (default below), one fresh
# database per test. Without a server they are skipped with one notice, unless REQUIRE_POSTGRES=1
# (set by .ci/run), where a missing server fails the run instead of silently skipping.
POSTGRES_TEST_URL = os.environ.get("POSTGRES_TEST_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
_postgres_problem: list[str] = []


def _postgres_reachable() -> str | None:
    """None if the test server answers, else why not."""
    engine = create_engine(POSTGRES_TEST_URL, connect_args={"connect_timeout": 3})
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        return None
    except OperationalError as exc:
        return str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
    finally:
        engine.dispose()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    wanted = [item for item in items if item.get_closest_marker("postgres")]
    if not wanted:
        return
    problem = _postgres_reachable()
    if problem is None:
        return
    if os.environ.get("REQUIRE_POSTGRES") == "1":
        raise pytest.UsageError(
            f"REQUIRE_POSTGRES=1 but PostgreSQL at {POSTGRES_TEST_URL} is unusable: {problem}"
        )
    _postgres_problem.append(
        f"{len(wanted)} postgres tests skipped: no PostgreSQL at {POSTGRES_TEST_URL} ({problem})"
    )
    for item in wanted:
        item.add_marker(pytest.mark.skip(reason="PostgreSQL not reachable"))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for line in _postgres_problem:
        terminalreporter.write_line(f"NOTICE: {line}")


def _admin(sql: str) -> None:
    engine = create_engine(POSTGRES_TEST_URL, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(text(sql))
    finally:
        engine.dispose()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test, dropped afterwards."""
    name = f"puzzles_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    _admin(f'CREATE DATABASE "{name}"')
    yield make_url(POSTGRES_TEST_URL).set(database=name).render_as_string(hide_password=False)
    _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def any_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty, migrated database of each kind: SQLite file, then PostgreSQL."""
    if request.param == "postgres":
        url: str = request.getfixturevalue("postgres_url")
    else:
        url = f"sqlite:///{tmp_path / 'any.db'}"
    upgrade(url)
    return url


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    """A fresh, migrated SQLite database file."""
    url = f"sqlite:///{tmp_path / 'puzzles.db'}"
    upgrade(url)
    return url


@pytest.fixture
def sessions(any_database_url: str) -> Iterator[sessionmaker[Session]]:
    """Sessions on a fresh database of each kind (the test runs once per backend)."""
    engine = make_engine(any_database_url)
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


@pytest.fixture
def full_postgres_url(full_catalog_url: str, postgres_url: str) -> str:
    """A PostgreSQL database holding the whole precomputed catalog (copied, not solved again)."""
    from db.transfer import transfer

    transfer(full_catalog_url, postgres_url)
    return postgres_url
