"""The service never commits: the caller's unit of work keeps or drops what a read computed."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import delete, event, func, select
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.engine import make_engine, session_factory
from db.models import HintCacheRow, TargetRow
from hints.daily import daily_bundle, daily_calendar, daily_challenge
from hints.positions import PlacedPiece, check_position
from hints.raw_solutions import raw_solutions
from hints.solution_pages import solution_page
from hints.solutions import complete_counts, stored_solution
from jobs.transfer import copy_sqlite
from solver.puzzles import get_puzzle

DAY = date(2026, 11, 22)


@pytest.fixture
def sessions(full_catalog_url: str, tmp_path: Path) -> Iterator[sessionmaker[Session]]:
    """A private copy of the precomputed store with an empty hint cache."""
    engine = make_engine(copy_sqlite(full_catalog_url, tmp_path / "store.db"))
    factory = session_factory(engine)
    with factory.begin() as session:
        session.execute(delete(HintCacheRow))
    yield factory
    engine.dispose()


def cached_hints(sessions: sessionmaker[Session]) -> int:
    with sessions() as session:
        return session.scalar(select(func.count()).select_from(HintCacheRow)) or 0


def refuse_commits(session: Session) -> None:
    def fail(_session: Session) -> None:
        raise AssertionError("a service function committed the caller's transaction")

    event.listen(session, "before_commit", fail)


def test_reads_do_not_commit_and_a_rolled_back_cache_write_loses_nothing(
    sessions: sessionmaker[Session],
) -> None:
    calendar = get_puzzle("calendar-dragonfjord")
    target = calendar.target("11-22")
    with sessions() as session:
        refuse_commits(session)
        bundle = daily_bundle(session, DAY)  # computes both puzzles' hints and writes the cache...
        stored_solution(session, calendar, target, 1)
        solution_page(session, calendar, target, 0, 5)
        complete_counts(session, calendar)
        raw_solutions(session, calendar, target)
        first = bundle.calendar.stages[3].shown[0]
        piece = PlacedPiece(calendar.pieces[first.piece].name, first.cells)
        assert check_position(session, calendar, target, [piece]).extensions >= 1
        session.rollback()  # ...which the caller drops
    assert cached_hints(sessions) == 0
    with sessions() as session:  # nothing was lost: the same answers, computed again
        assert daily_bundle(session, DAY) == bundle


def test_the_callers_commit_keeps_the_cache_and_a_late_second_writer_is_harmless(
    sessions: sessionmaker[Session],
) -> None:
    with sessions.begin() as session:
        first = daily_calendar(session, DAY)
        daily_challenge(session, DAY)
    assert cached_hints(sessions) == 2
    with sessions() as session:
        row = session.scalars(select(HintCacheRow)).first()
        assert row is not None
        target_id, ordinal = row.target_id, row.ordinal
        hints = repository.get_cached_hints(session=session, target_id=target_id, ordinal=ordinal)
        name = session.scalar(select(TargetRow.name).where(TargetRow.id == target_id))
        puzzle_id = session.scalar(select(TargetRow.puzzle_id).where(TargetRow.id == target_id))
        assert name is not None and puzzle_id is not None
        key = repository.target_key(session=session, puzzle_id=puzzle_id, target=name)
    assert hints is not None and key is not None
    # A writer that computed the same entry before it saw this one: a no-op, not an IntegrityError.
    with sessions.begin() as session:
        repository.save_cached_hints(session=session, target=key, ordinal=ordinal, hints=hints)
    assert cached_hints(sessions) == 2
    with sessions() as session:
        assert daily_calendar(session, DAY) == first
