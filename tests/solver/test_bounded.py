"""People's puzzles solved within limits: a cap on solutions, a limit of time, and the probe."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from settings import Settings
from solver.bounded import probe, solve_within
from solver.catalog import Puzzle
from solver.definitions import Definition, Limits, parse_definition
from solver.encoding import decode
from solver.problem import TargetProblem
from solver.puzzles import get_puzzle
from tests.support import exact_cover

FOUR_BY_FIVE = (
    "title: Four by five\ntargets: board\npieces: pentominoes L P W Y\nboard:\n" + "# # # # #\n" * 4
)
NO_FIT = "title: No fit\ntargets: board\npieces: pentominoes I L\nboard:\n# # # # #\n# # # # #\n"
ISOLATED_JANUARY = """title: January apart
targets: month-day
pieces: calendar
board:
.   Feb Mar Apr May Jun . . Jan
Jul Aug Sep Oct Nov Dec .
1   2   3   4   5   6   7
8   9   10  11  12  13  14
15  16  17  18  19  20  21
22  23  24  25  26  27  28
29  30  31
"""


def _puzzle(text: str) -> Puzzle:
    found = parse_definition(text)
    assert isinstance(found, Definition), found
    return found.puzzle("custom")


def test_within_the_cap_every_solution_is_found() -> None:
    puzzle = _puzzle(FOUR_BY_FIVE)
    every = TargetProblem(puzzle, puzzle.targets[0])
    expected = {code for sub in every.subproblems() for code in every.solve_subproblem(sub)}
    count = solve_within(puzzle, puzzle.targets[0], Limits(solutions_per_target=len(expected)))
    assert (count.outcome, set(count.encodings), count.solvable) == ("all", expected, True)
    assert len(expected) == 5  # classes of solutions under the rectangle's four symmetries


def test_beyond_the_cap_the_answer_is_more_than_n_with_the_first_n() -> None:
    puzzle = _puzzle(FOUR_BY_FIVE)
    every = solve_within(puzzle, puzzle.targets[0], Limits())
    capped = solve_within(puzzle, puzzle.targets[0], Limits(solutions_per_target=2))
    assert (capped.outcome, capped.count, capped.cap) == ("more-than", 2, 2)
    assert set(capped.encodings) < set(every.encodings)


def test_a_target_without_solution_is_named_by_the_probe() -> None:
    puzzle = _puzzle(NO_FIT)
    [count] = probe(puzzle, ["board"], seconds=5.0, limits=Limits())
    assert (count.target, count.outcome, count.count, count.solvable) == ("board", "all", 0, False)


def test_out_of_time_the_target_is_undecided() -> None:
    puzzle = _puzzle(FOUR_BY_FIVE)
    count = solve_within(puzzle, puzzle.targets[0], Limits(), seconds=0.0)
    assert (count.outcome, count.count, count.solvable) == ("undecided", 0, None)


@pytest.mark.slow  # CP-SAT stopped by its clock in the middle of the 6 x 10 box
def test_the_time_limit_stops_the_search() -> None:
    box = get_puzzle("pentomino-6x10")
    count = solve_within(box, box.targets[0], Limits(), seconds=0.2)
    assert count.outcome == "undecided"
    assert count.count < 2339  # fewer than the box's solutions: the search did not finish


@pytest.mark.slow  # a calendar's board analysed (about a second)
def test_a_custom_calendar_probed_matches_the_independent_enumeration() -> None:
    puzzle = _puzzle(ISOLATED_JANUARY)
    counts = probe(puzzle, ["01-25", "01-31", "02-10"], seconds=30.0, limits=Limits())
    assert [(c.target, c.outcome) for c in counts] == [("01-25", "all"), ("01-31", "all"), ("02-10", "all")]
    for count in counts:
        target = puzzle.target(count.target)
        solver_side = {
            exact_cover.as_named(puzzle, ((p.piece, p.cells) for p in decode(puzzle, code)))
            for code in count.encodings
        }
        assert solver_side == set(exact_cover.solve(puzzle, target)), count.target
    assert counts[2].solvable is False  # January's cell has no neighbour: only January dates work


def test_the_settings_default_to_the_libraries_limits() -> None:
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert (
        Limits(
            max_board_cells=settings.CUSTOM_PUZZLE_MAX_BOARD_CELLS,
            max_pieces=settings.CUSTOM_PUZZLE_MAX_PIECES,
            seconds_per_target=settings.CUSTOM_PUZZLE_SECONDS_PER_TARGET,
            solutions_per_target=settings.CUSTOM_PUZZLE_SOLUTIONS_PER_TARGET,
        )
        == Limits()
    )
    with pytest.raises(ValidationError, match="between 1 and 26"):
        Settings(_env_file=None, CUSTOM_PUZZLE_MAX_PIECES=27)  # type: ignore[call-arg]
