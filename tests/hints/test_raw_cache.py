"""The one raw-solution cache over the whole catalog: bounded by bytes, one load per key at a time."""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.engine import make_engine, session_factory
from hints.raw_solutions import RawSolutionCache, RawSolutions, footprint
from jobs.storing import save_solutions
from solver.catalog import Puzzle, Target
from solver.encoding import decode
from solver.puzzles import get_puzzle


class CountingCache(RawSolutionCache):
    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.loads: list[str] = []
        self._count = threading.Lock()

    def _load(self, session: Session, puzzle: Puzzle, target: Target) -> RawSolutions:  # type: ignore[override]
        time.sleep(0.05)  # a slow load, so concurrent askers really overlap
        with self._count:
            self.loads.append(f"{puzzle.id}:{target.name}")
        return super()._load(session, puzzle, target)  # type: ignore[misc]


@pytest.fixture(scope="module")
def sessions(full_catalog_url: str) -> Iterator[sessionmaker[Session]]:
    engine = make_engine(full_catalog_url)
    yield session_factory(engine)
    engine.dispose()


def test_concurrent_askers_share_one_load(sessions: sessionmaker[Session]) -> None:
    cache = CountingCache()
    board = get_puzzle("pentomino-6x10")

    def ask(_: int) -> int:
        with sessions() as session:
            return len(cache.get(session, board, board.target("board")))

    with ThreadPoolExecutor(8) as pool:
        sizes = list(pool.map(ask, range(8)))
    assert sizes == [9356] * 8 and cache.loads == ["pentomino-6x10:board"]


def test_reading_two_months_of_dates_keeps_the_cache_under_its_bound(
    sessions: sessionmaker[Session],
) -> None:
    bound = 2 << 20
    cache = CountingCache(max_bytes=bound)
    calendar = get_puzzle("calendar-dragonfjord")
    read = 0
    dates = calendar.targets[:62]
    with sessions() as session:
        for target in dates:
            read += footprint(cache.get(session, calendar, target))
            assert cache.size <= bound
        assert read > 4 * bound  # far more was read than the cache may keep
        loads = len(cache.loads)
        cache.get(session, calendar, dates[-1])  # the most recently read: still kept
        assert len(cache.loads) == loads


def test_a_target_stored_again_is_read_again_even_with_the_same_count(
    sessions: sessionmaker[Session], database_url: str
) -> None:
    """On SQLite the re-stored target may get the old row id back; the cache must still see the change."""
    calendar = get_puzzle("calendar-dragonfjord")
    target = calendar.target("01-25")
    with sessions() as session:
        codes = repository.get_encodings(session=session, puzzle_id=calendar.id, target=target.name)
    assert len(codes) >= 4
    other = make_engine(database_url)
    own = session_factory(other)
    cache = CountingCache(recheck_seconds=0.0)

    def store(chosen: list[str]) -> None:
        with own.begin() as session:
            repository.sync_puzzle(
                session=session, puzzle_id=calendar.id, title="t", lattice="square", fingerprint="f"
            )
            save_solutions(session, calendar, target, chosen, 0.1)

    try:
        store(codes[:2])
        with own() as session:
            first = cache.get(session, calendar, target)
        store(codes[2:4])
        with own() as session:
            second = cache.get(session, calendar, target)
    finally:
        other.dispose()
    decoded = [frozenset(decode(calendar, code)) for code in codes[:4]]
    assert [frozenset(s) for s in first.solutions] == decoded[:2]
    assert [frozenset(s) for s in second.solutions] == decoded[2:]
    assert cache.loads == ["calendar-dragonfjord:01-25"] * 2


def test_raw_solutions_are_kept_out_of_the_collectors_passes(
    sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 6x10 board's raw solutions and their indexes are long-lived; the cyclic collector's
    full passes over them held the server's GIL for up to 165 ms under a position flood."""
    frozen: list[int] = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(1))
    board = get_puzzle("pentomino-6x10")
    with sessions() as session:
        raw = RawSolutionCache().get(session, board, board.target("board"))
    assert frozen != []  # frozen once loaded ...
    assert "masks" in vars(raw) and "index" in vars(raw)  # ... with its indexes built first
