"""A target of a puzzle a person made is solved on demand within the deployment's limits: beyond
them it is refused in words, once (the refusal is kept: a version never changes)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from hints import custom_puzzles
from hints.errors import BeyondLimits
from jobs import target_solving
from jobs.target_solving import OnDemand
from solver import bounded
from solver.definitions import Limits
from solver.puzzles import get_puzzle
from tests.support.custom_puzzles import FOUR_BY_FIVE, custom_store

NOW = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


@pytest.fixture
def sessions(tmp_path: Path) -> Iterator[sessionmaker[Session]]:
    with custom_store(tmp_path) as made:
        yield made


def kept(sessions: sessionmaker[Session]) -> str:
    read = custom_puzzles.read(FOUR_BY_FIVE, "en")
    assert not isinstance(read, list)
    with sessions.begin() as session:
        return custom_puzzles.create(session, 7, read, custom_puzzles.ProbeResult(()), NOW).puzzle.current_id


def test_a_custom_target_within_the_limits_is_solved_and_stored(sessions: sessionmaker[Session]) -> None:
    puzzle = get_puzzle(kept(sessions))
    solved = OnDemand(sessions, processes=1).ensure(puzzle, puzzle.target("board"))
    assert solved.computed and solved.solutions == 4  # the probe's count: the box's packings up to symmetry
    with sessions() as session:
        assert repository.target_key(session=session, puzzle_id=puzzle.id, target="board") is not None


def test_more_solutions_than_kept_is_refused_in_words_once(
    sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(custom_puzzles, "limits", lambda settings=None: Limits(solutions_per_target=3))
    solves: list[str] = []

    def counted(*args: object, **kwargs: object) -> bounded.TargetCount:
        solves.append("solve")
        return bounded.solve_within(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(target_solving, "solve_within", counted)
    puzzle = get_puzzle(kept(sessions))
    solver = OnDemand(sessions, processes=1)
    for _ in range(2):
        with pytest.raises(BeyondLimits) as refused:
            solver.ensure(puzzle, puzzle.target("board"))
        assert str(refused.value) == (
            f"board of {puzzle.id} has more than 3 solutions, more than this server keeps for one target; "
            "a smaller board or fewer pieces would do"
        )
    assert solves == ["solve"]  # the second refusal was not worked out again
    with sessions() as session:
        assert repository.target_key(session=session, puzzle_id=puzzle.id, target="board") is None


def test_the_refusal_is_kept_in_the_store_for_every_process_until_the_limits_grow(
    sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch
) -> None:
    cap = {"solutions": 3}
    monkeypatch.setattr(
        custom_puzzles, "limits", lambda settings=None: Limits(solutions_per_target=cap["solutions"])
    )
    solves: list[str] = []

    def counted(*args: object, **kwargs: object) -> bounded.TargetCount:
        solves.append("solve")
        return bounded.solve_within(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(target_solving, "solve_within", counted)
    puzzle = get_puzzle(kept(sessions))
    with pytest.raises(BeyondLimits) as first:
        OnDemand(sessions, processes=1).ensure(puzzle, puzzle.target("board"))
    with pytest.raises(BeyondLimits) as elsewhere:  # another process: nothing of the first in memory
        OnDemand(sessions, processes=1).ensure(puzzle, puzzle.target("board"))
    assert str(elsewhere.value) == str(first.value)
    assert solves == ["solve"]
    cap["solutions"] = 10  # the operator keeps more solutions now: the refusal no longer holds
    solved = OnDemand(sessions, processes=1).ensure(puzzle, puzzle.target("board"))
    assert solved.computed and solved.solutions == 4
    assert solves == ["solve", "solve"]
