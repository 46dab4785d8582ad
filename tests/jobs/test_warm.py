"""``python -m hints.warm``: the coming days' hints computed and committed, one day per unit of work."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import func, select

from db.engine import make_engine, session_factory
from db.models import HintCacheRow
from hints.errors import NotPrecomputed
from jobs.warm import main, warm


def cached_hints(url: str) -> int:
    engine = make_engine(url)
    try:
        with session_factory(engine)() as session:
            return session.scalar(select(func.count()).select_from(HintCacheRow)) or 0
    finally:
        engine.dispose()


def test_warming_caches_both_puzzles_of_every_day(sample_url: str) -> None:
    warm(sample_url, date(2026, 1, 21), 3)  # 4x15, 3x20 and 8x8-hole challenges
    assert cached_hints(sample_url) == 6


def test_each_day_is_kept_even_when_a_later_day_fails(sample_url: str) -> None:
    with pytest.raises(NotPrecomputed, match="pentomino-6x10"):
        warm(sample_url, date(2026, 1, 22), 3)  # 01-24's board is not in the sample
    assert cached_hints(sample_url) == 4


def test_the_command_says_what_it_prepared(sample_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--from", "2026-01-23", "--days", "1", "--database-url", sample_url]) == 0
    assert capsys.readouterr().out.startswith("hints ready for 1 day(s) from 2026-01-23 (")
    assert cached_hints(sample_url) == 2


def test_a_day_not_precomputed_is_one_line_and_exit_1(
    sample_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--from", "2026-01-25", "--days", "1", "--database-url", sample_url]) == 1
    assert (
        capsys.readouterr().err
        == "error: pentomino-5x12 is not precomputed yet; run python -m solver.precompute\n"
    )


@pytest.mark.parametrize("days", ["0", "3661"])
def test_the_number_of_days_is_bounded(days: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--days", days])
    assert stopped.value.code == 2
