"""The hint ladder nests: every stage shows every piece of the stage before it, on the day's ladder
(calendar, face-up calendar, challenge) and from a saved board. Before, on 217 of the 365 dates
of 2026 DragonFjord's stage 2 dropped stage 1's piece (2026-11-24: hint 1 V, hint 2 R N P L)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date

import pytest
from sqlalchemy.orm import Session

from hints.daily import DailyPuzzle, NoFaceUpSolution, daily_calendar, daily_challenge
from hints.position_hints import position_hint
from hints.raw_solutions import raw_solutions
from solver.encoding import Placement
from solver.puzzles import get_puzzle
from solver.stages import HINT_STAGES, Stage

SAMPLE_DAYS = [date(2026, 1, day) for day in range(20, 32)] + [date(2026, 11, 24)]
CHALLENGE_DAYS = [date(2026, 1, 21), date(2026, 1, 22), date(2026, 1, 23)]
NO_FACE_UP_DAY = date(2026, 1, 29)  # every solution of 01-29 turns a piece over


def assert_nested(daily: DailyPuzzle) -> None:
    shown = [set(daily.stages[stage].shown) for stage in HINT_STAGES]
    assert shown[0] <= shown[1] <= shown[2], f"{daily.puzzle.id} {daily.day}"
    assert len(shown[0]) < len(shown[1]) < len(shown[2])


@pytest.mark.parametrize("day", SAMPLE_DAYS, ids=str)
def test_the_days_calendar_ladder_nests(session: Session, day: date) -> None:
    assert_nested(daily_calendar(session, day))


@pytest.mark.parametrize("day", [d for d in SAMPLE_DAYS if d != NO_FACE_UP_DAY], ids=str)
def test_the_face_up_ladder_nests(session: Session, day: date) -> None:
    assert_nested(daily_calendar(session, day, "calendar-dragonfjord", True))


def test_a_day_without_a_face_up_solution_has_no_face_up_ladder(session: Session) -> None:
    with pytest.raises(NoFaceUpSolution):
        daily_calendar(session, NO_FACE_UP_DAY, "calendar-dragonfjord", True)


@pytest.mark.parametrize("day", CHALLENGE_DAYS, ids=str)
def test_the_challenge_ladder_nests_over_its_preplaced_pieces(session: Session, day: date) -> None:
    daily = daily_challenge(session, day)
    assert set(daily.preplaced) <= set(daily.stages[Stage.ONE_PIECE].shown)
    assert_nested(daily)


def test_2026_11_24_hint_two_keeps_hint_ones_piece(session: Session) -> None:
    """The date the review found: hint 1 showed V, hint 2 showed R N P L without it."""
    daily = daily_calendar(session, date(2026, 11, 24))
    assert daily.stages[Stage.ONE_PIECE].shown[0] in daily.stages[Stage.HALF].shown


def random_boards(session: Session, day: str, count: int, seed: int) -> list[Sequence[Placement]]:
    """Legal boards on the way to a solution: a random part of a random solution of ``day``."""
    puzzle = get_puzzle("calendar-dragonfjord")
    solutions = raw_solutions(session, puzzle, puzzle.target(day)).solutions
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        solution = sorted(rng.choice(solutions), key=lambda p: p.piece)
        boards.append(rng.sample(solution, rng.randint(0, len(solution) - 2)))
    return boards


@pytest.mark.parametrize("day", ["01-20", "01-25", "11-24"])
def test_hints_from_a_saved_board_nest(session: Session, day: str) -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    target = puzzle.target(day)
    for board in random_boards(session, day, 25, seed=int(day.replace("-", ""))):
        added = [set(position_hint(session, puzzle, target, board, stage).added) for stage in HINT_STAGES]
        assert added[0] <= added[1] <= added[2], (day, board)
        assert added[0] and len(added[1]) >= len(added[0])
