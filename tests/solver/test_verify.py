"""The verifier accepts real solutions and rejects each kind of broken one."""

import pytest

from solver.catalog import get_puzzle
from solver.cover import find_solution
from solver.problem import Placement, TargetProblem
from solver.verify import InvalidSolution, check_solution

CALENDAR = get_puzzle("calendar-dragonfjord")
TARGET = CALENDAR.target("03-14")


def a_solution() -> list[Placement]:
    problem = TargetProblem(CALENDAR, TARGET)
    solution = find_solution(problem.cover)
    assert solution is not None
    return list(problem.to_placements(solution))


def test_accepts_a_real_solution() -> None:
    check_solution(CALENDAR, TARGET, a_solution())  # raises if wrong


def test_rejects_the_same_solution_for_another_date() -> None:
    with pytest.raises(InvalidSolution, match=r"target cell|uncovered"):
        check_solution(CALENDAR, CALENDAR.target("03-15"), a_solution())


def test_rejects_a_piece_used_twice() -> None:
    placements = a_solution()
    placements[1] = Placement(placements[0].piece, placements[1].cells)
    with pytest.raises(InvalidSolution, match=r"used 2 times|used 0 times"):
        check_solution(CALENDAR, TARGET, placements)


def test_rejects_a_shape_that_is_not_the_piece() -> None:
    placements = a_solution()
    rectangle = next(i for i, p in enumerate(placements) if len(p.cells) == 6)
    row, col = placements[rectangle].cells[0]
    placements[rectangle] = Placement(placements[rectangle].piece, tuple((row, col + k) for k in range(6)))
    with pytest.raises(InvalidSolution, match="legal orientation"):
        check_solution(CALENDAR, TARGET, placements)


def test_rejects_overlap_gaps_and_cells_off_the_board() -> None:
    placements = a_solution()
    shifted = Placement(placements[0].piece, tuple((r + 7, c) for r, c in placements[0].cells))
    with pytest.raises(InvalidSolution, match="leaves the board"):
        check_solution(CALENDAR, TARGET, [shifted, *placements[1:]])
    board = set(CALENDAR.cells) - TARGET.uncovered
    for d_row, d_col in [(0, 1), (1, 0), (0, -1), (-1, 0)]:
        moved = Placement(placements[0].piece, tuple((r + d_row, c + d_col) for r, c in placements[0].cells))
        if set(moved.cells) <= board:
            with pytest.raises(InvalidSolution, match="covered twice"):
                check_solution(CALENDAR, TARGET, [moved, *placements[1:]])
            break
    else:
        pytest.fail("no shift of the first piece stays on the board")
    with pytest.raises(InvalidSolution, match="used 2 times"):
        check_solution(CALENDAR, TARGET, [*placements, placements[0]])
