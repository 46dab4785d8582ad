"""Counts you can trust: on a sample of targets of every calendar edition, CP-SAT finds exactly the
solutions an independent enumeration finds (tests/support/exact_cover.py: its own orientations and
its own placements, searched by dancing links), and the verifier accepts each of them cell by cell.

Test time is kept modest by the choice of targets: a weekday target has up to ~4,000 solutions
and takes CP-SAT up to ~7 s, so the weekday samples are dates with a few hundred.
"""

import pytest

from solver.encoding import decode
from solver.problem import TargetProblem
from solver.puzzles import all_puzzles, get_puzzle
from solver.verify import check_solution
from tests.support import exact_cover

SAMPLES = [
    ("calendar-dragonfjord", "10-06", 7),  # the published fewest
    ("calendar-dragonfjord", "01-25", 216),  # the published most
    ("calendar-jarringwords", "01-25", 123),
    ("calendar-jarringwords", "10-06", 20),
    ("calendar-jarringwords", "02-30", 57),  # not a real date: counted all the same
    ("calendar-creamakerspace", "01-25", 14),
    ("calendar-creamakerspace", "09-17", 5),
    ("calendar-creamakerspace", "12-31", 37),
    ("calendar-tetromino", "10-06", 439),
    ("calendar-tetromino", "05-05", 509),
    ("calendar-tetromino", "02-30", 531),
    pytest.param("calendar-weekday", "10-06-mon", 173, marks=pytest.mark.slow),
    pytest.param("calendar-weekday", "12-31-mon", 412, marks=pytest.mark.slow),
    pytest.param("calendar-weekday-monday", "10-06-mon", 346, marks=pytest.mark.slow),
    pytest.param("calendar-weekday-monday", "12-31-sat", 687, marks=pytest.mark.slow),
    # the gallery: each edition's published count with the fewest solutions (tests/solver/
    # test_gallery.py checks that these are they, and checks the others with GALLERY_ALL=1)
    pytest.param("calendar-dailypuzzle-8", "11-18", 2, marks=pytest.mark.slow),  # published by sh1ura
    pytest.param("calendar-dailypuzzle-9", "09-14", 26, marks=pytest.mark.slow),  # published by sh1ura
    pytest.param("calendar-weekday-6x9", "02-29-thu", 14, marks=pytest.mark.slow),
    pytest.param("calendar-hex-43", "01-01", 692, marks=pytest.mark.slow),  # published by sh1ura
    pytest.param("calendar-hex-61", "03-30-sat", 33, marks=pytest.mark.slow),  # published by sh1ura
    pytest.param("calendar-calendarium", "04-01-fri", 673, marks=pytest.mark.slow),
]


def test_every_calendar_edition_is_sampled() -> None:
    calendars = {pid for pid, p in all_puzzles().items() if p.targets_kind != "board"}
    sampled = {getattr(sample, "values", sample)[0] for sample in SAMPLES}  # a pytest.param or a tuple
    assert sampled == calendars


@pytest.mark.parametrize(("puzzle_id", "target_name", "expected"), SAMPLES)
def test_cp_sat_finds_exactly_the_independent_solutions(
    puzzle_id: str, target_name: str, expected: int
) -> None:
    puzzle = get_puzzle(puzzle_id)
    target = puzzle.target(target_name)
    problem = TargetProblem(puzzle, target)
    codes = [code for sub in problem.subproblems() for code in problem.solve_subproblem(sub)]
    found = [decode(puzzle, code) for code in codes]
    for placements in found:
        check_solution(puzzle, target, placements)  # raises if any cell is wrong
    as_named = {exact_cover.as_named(puzzle, ((p.piece, p.cells) for p in s)) for s in found}
    independent = exact_cover.solve(puzzle, target)
    assert len(as_named) == len(found)  # no solution twice
    assert as_named == set(independent)
    assert len(independent) == len(set(independent))
    assert len(found) == expected
