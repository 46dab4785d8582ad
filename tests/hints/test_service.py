"""Hints for every date of a leap year and pentomino challenges, checked by brute force.

These use the session-wide fully precomputed store (built once, about 45 s).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from itertools import combinations

import pytest
from sqlalchemy.orm import Session

from db.engine import make_engine, session_factory
from hints.daily import PENTOMINO_BOARDS, challenge_board, daily_calendar, daily_challenge
from hints.raw_solutions import raw_solutions
from hints.solutions import all_solutions
from solver.cover import Constraints, find_other_solution, find_solution
from solver.problem import TargetProblem
from solver.puzzles import get_puzzle
from solver.stages import SolutionSet

LEAP_YEAR = [date(2024, 1, 1) + timedelta(days=i) for i in range(366)]


@pytest.fixture(scope="module")
def session(full_catalog_url: str) -> Iterator[Session]:
    engine = make_engine(full_catalog_url)
    with session_factory(engine)() as session:
        yield session
    engine.dispose()


def consistent(solutions: list[SolutionSet], shown: object) -> int:
    return sum(1 for s in solutions if set(shown) <= s)  # type: ignore[call-overload]


@pytest.mark.parametrize("month", range(1, 13))  # a month per test, so the workers share the year
def test_every_leap_year_date_has_consistent_hints(session: Session, month: int) -> None:
    calendar = get_puzzle("calendar-dragonfjord")
    for day in (day for day in LEAP_YEAR if day.month == month):
        daily = daily_calendar(session, day)
        solutions = [frozenset(s) for s in all_solutions(session, calendar, daily.target)]
        featured = solutions[daily.featured]
        one, two, full = daily_calendar(session, day).hints
        assert len(one.shown) == 1 and len(two.shown) == 4 and set(full.shown) == featured
        for hint in (one, two, full):
            assert set(hint.shown) <= featured  # drawn from one stored solution
            assert hint.total == len(solutions) == daily.total
            assert hint.remaining == consistent(solutions, hint.shown)  # brute-force filter
            covered = {cell for p in hint.shown for cell in p.cells}
            assert not covered & daily.target.uncovered  # never covers the date
        safest = max(consistent(solutions, [p]) for p in featured)
        assert one.remaining == safest  # the featured placement the most solutions share
        best_half = min(consistent(solutions, half) for half in combinations(featured, 4))
        assert two.remaining == best_half


def test_some_dates_half_hint_leaves_a_unique_solution(session: Session) -> None:
    """The uniqueness branch of the check above is really exercised."""
    unique = [day for day in LEAP_YEAR if daily_calendar(session, day).hints[1].remaining == 1]
    assert unique


def test_hints_are_deterministic_and_cached(session: Session) -> None:
    day = date(2026, 1, 25)
    assert daily_calendar(session, day).hints == daily_calendar(session, day).hints
    assert daily_challenge(session, day) == daily_challenge(session, day)


def test_difficulty_orders_dates_by_solution_count(session: Session) -> None:
    hardest = daily_calendar(session, date(2026, 10, 6))
    easiest = daily_calendar(session, date(2026, 1, 25))
    assert hardest.total == 7 and hardest.difficulty.level == 5 and hardest.difficulty.rank == 1
    assert easiest.total == 216 and easiest.difficulty.level == 1 and easiest.difficulty.rank == 366


def test_challenge_boards_rotate_by_date() -> None:
    boards = [challenge_board(date(2026, 3, 1) + timedelta(days=i)) for i in range(5)]
    assert sorted(boards) == sorted(PENTOMINO_BOARDS)


@pytest.mark.parametrize(
    "day", [date(2026, 3, 1) + timedelta(days=i) for i in range(5)] + [date(2026, 11, 22)]
)
def test_challenge_completion_is_unique_and_minimal(session: Session, day: date) -> None:
    challenge = daily_challenge(session, day)
    puzzle = challenge.puzzle
    raw = raw_solutions(session, puzzle, puzzle.target("board")).solutions
    assert len(raw) == challenge.total
    shown = challenge.preplaced
    matches = [s for s in raw if set(shown) <= s]
    assert len(matches) == 1  # unique among all raw solutions
    featured = matches[0]
    # Independent proof with the CP-SAT cover model of the whole board.
    problem = TargetProblem(puzzle, puzzle.target("board"))
    fixed = tuple(problem.placement_index[p] for p in shown)
    only = find_solution(problem.cover, Constraints(fixed=fixed))
    assert only is not None and set(problem.to_placements(only)) == featured
    assert find_other_solution(problem.cover, only, fixed) is None
    # No smaller set of the featured solution's pieces forces a unique completion.
    for smaller in combinations(sorted(featured, key=lambda p: p.piece), len(shown) - 1):
        assert consistent(raw, smaller) > 1
    hints = daily_challenge(session, day).hints
    assert [h.remaining for h in hints] == [1, 1, 1]
    assert all(set(shown) <= set(h.shown) <= featured for h in hints)
    assert len(hints[0].shown) == len(shown) + 1 and len(hints[1].shown) > len(hints[0].shown)
