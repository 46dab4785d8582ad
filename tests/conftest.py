"""Shared fixtures: real stores at the newest schema (migrated once, copied per test), and
markers that say what a test needs, set from the fixtures it uses."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from _pytest.mark.expression import Expression
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker

from db.engine import make_engine, session_factory
from db.migrate import upgrade
from jobs.transfer import transfer
from tests.support.analyses import share_board_analyses
from tests.support.stores import (
    copy_sqlite_file,
    create_postgres,
    drop_postgres,
    precomputed_catalog,
    precomputed_sample,
    sqlite_url,
)

PROJECT_ROOT = Path(__file__).resolve().parent.parent

# Targets solved on demand are solved in the asking process unless a test asks for more processes
# (tests/solver/test_ondemand.py starts the pool of solver processes the product uses by default).
os.environ.setdefault("ON_DEMAND_PROCESSES", "1")
# Tests ask one in-process app hundreds of times a second from one client; the request rate per
# client has its own test (tests/api/test_api_request_rate.py).
os.environ.setdefault("API_REQUESTS_PER_SECOND", "100000")
# ... and many at once from one client (the load-shedding tests); taking turns has its own test too.
os.environ.setdefault("API_REQUESTS_IN_FLIGHT", "1000")
# A target solved on demand runs below the test workers' priority (nice 10) and, on a busy CI
# machine, past the default 10 s wait; the tests of that wait set their own.
os.environ.setdefault("API_ON_DEMAND_WAIT", "60")

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


# A test that uses one of these fixtures (directly or through another) gets the marker: the
# markers cannot drift from what the tests really need.
MARKER_FIXTURES = {
    "catalog": ("full_catalog_url",),
    "browser": ("browser",),
    "postgres": ("postgres_url", "postgres_template"),
    "redis": ("redis_url",),
}

# Redis: tests marked `redis` use the server at REDIS_TEST_URL (default below), each xdist worker
# its own database, emptied per test. Without a server they are skipped, unless REQUIRE_REDIS=1
# (set by .ci/run).
REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379")


def _mark_by_fixtures(items: list[pytest.Item]) -> None:
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        for marker, fixtures in MARKER_FIXTURES.items():
            if used.intersection(fixtures):
                item.add_marker(marker)


def _redis_problem() -> str | None:
    """None if the Redis test server answers, else why not."""
    client = redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=3)
    try:
        client.ping()
        return None
    except redis.RedisError as exc:
        return str(exc)
    finally:
        client.close()


def _skip_without_redis(items: list[pytest.Item]) -> None:
    wanted = [item for item in items if item.get_closest_marker("redis")]
    problem = _redis_problem() if wanted else None
    if problem is None:
        return
    if os.environ.get("REQUIRE_REDIS") == "1":
        raise pytest.UsageError(f"REQUIRE_REDIS=1 but Redis at {REDIS_TEST_URL} is unusable: {problem}")
    _postgres_problem.append(f"{len(wanted)} redis tests skipped: no Redis at {REDIS_TEST_URL} ({problem})")
    for item in wanted:
        item.add_marker(pytest.mark.skip(reason="Redis not reachable"))


# Modules whose every test needs the whole catalog and whose import alone costs seconds (the fuzz
# tests build their cases from the schema at collection): not even imported by a run whose ``-m``
# leaves catalog tests out (``make test-fast``), where every pytest-xdist worker would pay it.
CATALOG_ONLY_MODULES = ("api/test_api_fuzz.py",)


def selects(config: pytest.Config, *markers: str) -> bool:
    """Whether this run's ``-m`` expression keeps a test that carries exactly ``markers``."""
    expression = config.option.markexpr

    def carried(name: str, /, **_: str | int | bool | None) -> bool:
        return name in markers

    return not expression or Expression.compile(expression).evaluate(carried)


# Python's cycle collector looks at the newest objects every 700 allocations by default: about
# 5,000 collections and 1.6 s of each pytest-xdist worker's CPU in the fast loop, most of them
# finding nothing (a test's objects are mostly freed by reference counting). Every 10,000: about
# 400 collections and 0.6 s. Processes started as the product starts them (`python -m`, the
# compute workers' fork server) keep Python's default.
TEST_GC_THRESHOLD = (10_000, 20, 20)


def pytest_configure(config: pytest.Config) -> None:
    gc.set_threshold(*TEST_GC_THRESHOLD)
    if selects(config, "catalog"):  # the fuzz module's plugin (0.4 s of each worker's start)
        config.pluginmanager.import_plugin("schemathesis.pytest.plugin")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one pytest-xdist worker more than the cores this process may run on.

    A worker is often waiting, not computing: a group's sends at Telegram's pace, a process
    starting or stopping, a browser page, a solve in another process. With a worker per core
    the machine sat 100 core-seconds idle in a whole run on two cores (the waits of one worker
    while the other computed); a third worker fills them with the same CPU: 354 s became 319 s
    (docs/benchmarks.md, "Test suite").
    """
    return len(os.sched_getaffinity(0)) + 1


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    tests = Path(__file__).parent
    catalog_only = [tests / module for module in CATALOG_ONLY_MODULES]
    if collection_path in catalog_only and not selects(config, "catalog"):
        return True
    return None  # pytest decides


# Modules of a few tests of seconds each (each starts real processes) that pytest-xdist would hand
# out last, in collection order: the worker that got them ran on for 17-26 s after the other had
# finished. Handed out before the bot's tests instead, the run ends on short tests.
MIDDLE_MODULES = ("test_entry_points.py",)


def _hand_out_in_the_middle(items: list[pytest.Item]) -> None:
    """Move the tests of :data:`MIDDLE_MODULES` before the first bot test (in place)."""
    middle = [item for item in items if item.path.name in MIDDLE_MODULES]
    if not middle:
        return
    rest = [item for item in items if item.path.name not in MIDDLE_MODULES]
    bot = Path(__file__).parent / "bot"
    at = next((i for i, item in enumerate(rest) if item.path.is_relative_to(bot)), len(rest))
    items[:] = [*rest[:at], *middle, *rest[at:]]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    _mark_by_fixtures(items)
    _hand_out_in_the_middle(items)
    _skip_without_redis(items)
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


@pytest.fixture
def redis_url(worker_id: str) -> Iterator[str]:
    """A Redis database of this xdist worker's own, empty, for one test (emptied afterwards)."""
    number = 1 + (int(worker_id.removeprefix("gw")) if worker_id.startswith("gw") else 0) % 15
    url = f"{REDIS_TEST_URL.rstrip('/')}/{number}"
    client = redis.Redis.from_url(url)
    client.flushdb()
    yield url
    client.flushdb()
    client.close()


@pytest.fixture(scope="session", autouse=True)
def board_analyses(request: pytest.FixtureRequest) -> None:
    """Each puzzle's blockers found once for the run's processes and kept for the next run
    (tests/support/analyses.py)."""
    share_board_analyses(request.config.cache.mkdir("catalog"))


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite store at the newest schema, migrated once per run: tests get copies."""
    path = tmp_path_factory.mktemp("template") / "migrated.db"
    upgrade(sqlite_url(path))
    return path


@pytest.fixture(scope="session")
def postgres_template() -> Iterator[str]:
    """An empty PostgreSQL database at the newest schema, migrated once per run, for cloning."""
    url = create_postgres(POSTGRES_TEST_URL)
    upgrade(url)
    yield str(make_url(url).database)
    drop_postgres(POSTGRES_TEST_URL, url)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database (no schema) for one test, dropped afterwards."""
    url = create_postgres(POSTGRES_TEST_URL)
    yield url
    drop_postgres(POSTGRES_TEST_URL, url)


@pytest.fixture
def migrated_postgres_url(postgres_template: str) -> Iterator[str]:
    """A fresh PostgreSQL database at the newest schema (a clone of the template), dropped afterwards."""
    url = create_postgres(POSTGRES_TEST_URL, template=postgres_template)
    yield url
    drop_postgres(POSTGRES_TEST_URL, url)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def any_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty, migrated database of each kind: SQLite file, then PostgreSQL."""
    if request.param == "postgres":
        return str(request.getfixturevalue("migrated_postgres_url"))
    return copy_sqlite_file(request.getfixturevalue("migrated_sqlite"), tmp_path / "any.db")


@pytest.fixture
def database_url(migrated_sqlite: Path, tmp_path: Path) -> str:
    """A fresh, migrated SQLite database file."""
    return copy_sqlite_file(migrated_sqlite, tmp_path / "puzzles.db")


@pytest.fixture
def sessions(any_database_url: str) -> Iterator[sessionmaker[Session]]:
    """Sessions on a fresh database of each kind (the test runs once per backend)."""
    engine = make_engine(any_database_url)
    yield session_factory(engine)
    engine.dispose()


@pytest.fixture(scope="session")
def full_catalog_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A database with every catalog puzzle precomputed, this run's own copy (what the run writes,
    hint caches and targets solved on demand, stays out of the next run). Solved once (about 25 s
    on 2 cores) and kept in pytest's cache until the solver, the store or the migrations change."""
    folder = request.config.cache.mkdir("catalog")
    return precomputed_catalog(folder, tmp_path_factory.mktemp("full") / "puzzles.db")


@pytest.fixture(scope="session")
def sample_store(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fast tests' store: a sample of the catalog (tests/support/stores.py, SAMPLE), this run's
    own copy, shared by the run's tests: read it only (``sample_url`` is a copy to write to)."""
    path = tmp_path_factory.mktemp("sample") / "sample.db"
    precomputed_sample(request.config.cache.mkdir("catalog"), path)
    return path


@pytest.fixture
def sample_url(sample_store: Path, tmp_path: Path) -> str:
    """A private copy of the sample store, for a test that writes (progress, solves, on-demand dates)."""
    return copy_sqlite_file(sample_store, tmp_path / "sample.db")


@pytest.fixture(scope="session")
def catalog_postgres_template(full_catalog_url: str) -> Iterator[str]:
    """A PostgreSQL database holding the whole precomputed catalog, copied once per run, for cloning."""
    url = create_postgres(POSTGRES_TEST_URL)
    transfer(full_catalog_url, url)
    yield str(make_url(url).database)
    drop_postgres(POSTGRES_TEST_URL, url)


@pytest.fixture
def full_postgres_url(catalog_postgres_template: str) -> Iterator[str]:
    """A PostgreSQL database holding the whole precomputed catalog (a clone, not solved again)."""
    url = create_postgres(POSTGRES_TEST_URL, template=catalog_postgres_template)
    yield url
    drop_postgres(POSTGRES_TEST_URL, url)
