"""``db.transfer``: a store copied between SQLite and PostgreSQL keeps every solution set, old stores too."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func, select

from db import repository
from db.engine import make_engine, session_factory
from db.migrate import upgrade
from db.models import SolutionSetRow
from db.repository import CachedHints
from jobs.transfer import main, transfer
from tests.db.factories import encodings, store_targets
from tests.db.test_migrations import old_rows, store_old_layout

TARGETS = {"01-25": encodings(300), "01-26": encodings(1, seed=2), "02-30": []}
HINTS = CachedHints("..A", "..AB", "..ABC", 5, 1, 300)


def fill(url: str) -> None:
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        store_targets(session, TARGETS)
        key = repository.target_key(session=session, puzzle_id="cal", target="01-25")
        assert key is not None
        repository.save_cached_hints(session=session, target=key, ordinal=7, hints=HINTS)
    engine.dispose()


def assert_holds_the_targets(url: str) -> None:
    engine = make_engine(url)
    with session_factory(engine)() as session:
        for name, codes in TARGETS.items():
            assert repository.get_encodings(session=session, puzzle_id="cal", target=name) == codes
            assert repository.count_solutions(session=session, puzzle_id="cal", target=name) == len(codes)
        key = repository.target_key(session=session, puzzle_id="cal", target="01-25")
        assert key is not None
        assert repository.get_cached_hints(session=session, target_id=key.id, ordinal=7) == HINTS
        assert session.scalar(select(func.count()).select_from(SolutionSetRow)) == 2
    engine.dispose()


def test_a_store_goes_over_and_back(any_database_url: str, tmp_path: Path) -> None:
    """SQLite to the other database (SQLite or PostgreSQL) and back to a new SQLite file."""
    source = f"sqlite:///{tmp_path / 'source.db'}"
    upgrade(source)
    fill(source)
    counts = transfer(source, any_database_url)
    assert (counts["targets"], counts["solutions"], counts["hint_cache"]) == (3, 2, 1)
    assert_holds_the_targets(any_database_url)
    back = f"sqlite:///{tmp_path / 'back.db'}"
    transfer(any_database_url, back)
    assert_holds_the_targets(back)
    with pytest.raises(ValueError, match="not empty"):
        transfer(source, back)


def test_a_store_from_before_0010_is_packed_on_the_way(any_database_url: str, tmp_path: Path) -> None:
    source = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(source, "0009")
    store_old_layout(source, TARGETS)
    counts = transfer(source, any_database_url)
    assert counts["solutions"] == 2
    engine = make_engine(any_database_url)
    with session_factory(engine)() as session:
        for name, codes in TARGETS.items():
            assert repository.get_encodings(session=session, puzzle_id="cal", target=name) == codes
    engine.dispose()
    assert len(old_rows(source)) == 301  # the old source was only read


def test_the_command_line_prints_what_it_copied(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, target = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    upgrade(source)
    fill(source)
    assert main([source, target]) == 0
    assert "solutions: 2" in capsys.readouterr().out
    assert main([source, target]) == 1
    assert "not empty" in capsys.readouterr().err
