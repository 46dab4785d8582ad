"""Exact counts from enumeration, and one stored representative per symmetry class."""

import numpy as np
import pytest

from solver.catalog import Puzzle
from solver.cover import Constraints, enumerate_solutions
from solver.encoding import Placement, decode, encode, flipped_pieces
from solver.problem import TargetProblem, board_problem
from solver.puzzles import all_puzzles, get_puzzle
from solver.verify import check_flipped
from tests.support import exact_cover


def enumerate_target(puzzle_id: str, target: str) -> list[str]:
    puzzle = get_puzzle(puzzle_id)
    problem = TargetProblem(puzzle, puzzle.target(target))
    return [code for sub in problem.subproblems() for code in problem.solve_subproblem(sub)]


@pytest.mark.parametrize(
    ("puzzle_id", "expected"),
    [
        ("pentomino-3x20", 2),
        ("pentomino-8x8-hole", 65),
        pytest.param("pentomino-4x15", 368, marks=pytest.mark.slow),
        pytest.param("hexiamond-rhombus-6x6", 156, marks=pytest.mark.slow),
    ],
)
def test_small_boards_match_published_counts(puzzle_id: str, expected: int) -> None:
    codes = enumerate_target(puzzle_id, "board")
    assert len(codes) == expected
    assert len(set(codes)) == expected


@pytest.mark.parametrize(
    ("date", "published"), [("10-06", 7), ("01-25", 216), ("07-14", None), ("02-29", None)]
)
def test_calendar_dates_match_published_and_independent_counts(date: str, published: int | None) -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    codes = enumerate_target("calendar-dragonfjord", date)
    assert len(codes) == len(exact_cover.solve(puzzle, puzzle.target(date)))
    if published is not None:
        assert len(codes) == published


def _image(puzzle: Puzzle, code: str, mapping: dict[tuple[int, int], tuple[int, int]]) -> str:
    moved = [Placement(p.piece, tuple(sorted(mapping[c] for c in p.cells))) for p in decode(puzzle, code)]
    return encode(puzzle, moved)


def every_image(puzzle: Puzzle) -> set[str]:
    """Every solution of a whole board, each symmetric image its own, by the independent enumeration
    (3 s for the 8 x 8 board and 4 s for the rhombus; CP-SAT without the symmetry breaking took 21 s
    and 7-11 s)."""
    return {
        encode(puzzle, [Placement(*pair) for pair in exact_cover.as_pieces(puzzle, solution)])
        for solution in exact_cover.solve(puzzle, puzzle.target("board"))
    }


@pytest.mark.parametrize(
    "puzzle_id",
    [
        "pentomino-3x20",
        pytest.param("pentomino-8x8-hole", marks=pytest.mark.slow),
        pytest.param("hexiamond-rhombus-6x6", marks=pytest.mark.slow),
    ],
)
def test_exactly_one_representative_per_symmetry_class(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    problem = TargetProblem(puzzle, puzzle.target("board"))
    raw = every_image(puzzle)
    classes = {min(_image(puzzle, code, g) for g in problem.symmetry_group) for code in raw}
    kept = enumerate_target(puzzle_id, "board")
    assert len(kept) == len(classes)
    assert {min(_image(puzzle, code, g) for g in problem.symmetry_group) for code in kept} == classes
    assert len(raw) == len(classes) * len(problem.symmetry_group)  # no solution is self-symmetric here


# ---------------------------------------------------------------- face up and flipped

MIRROR_SYMMETRIC = {
    "calendar": {"R", "U", "V"},
    "pentominoes": {"I", "T", "U", "V", "W", "X"},
    "tetrominoes": {"O4", "I4", "T4"},
    "creamakerspace": set(),
    "hexiamonds": {"hexagon", "butterfly", "crown", "lobster", "chevron"},
}
# Pieces drawn in a puzzle's own file (the gallery): the staircase B, the 2 x 3 A, T (F) and V (I).
DRAWN_MIRROR_SYMMETRIC = {
    "calendar-dailypuzzle-8": {"B"},
    "calendar-dailypuzzle-9": {"A", "B", "F", "I"},
    "calendar-weekday-6x9": set(),
    "calendar-hex-43": {"A", "D", "E", "F", "G", "H"},
    "calendar-hex-61": {"B", "D", "E", "H", "K"},
    "calendar-calendarium": {"T", "U", "V", "I"},
}


def test_which_pieces_are_mirror_symmetric() -> None:
    from_sets = set().union(*MIRROR_SYMMETRIC.values())
    for puzzle in all_puzzles().values():
        symmetric = DRAWN_MIRROR_SYMMETRIC.get(puzzle.id, from_sets)
        for piece in puzzle.pieces:
            assert piece.mirror_symmetric == (piece.name in symmetric), (puzzle.id, piece.name)
            assert len(piece.flipped) == (0 if piece.mirror_symmetric else len(piece.orientations) // 2)


@pytest.mark.parametrize(
    ("puzzle_id", "target_name"), [("calendar-dragonfjord", "01-25"), ("calendar-weekday", "10-06-mon")]
)
def test_face_up_solutions_match_an_independent_count(puzzle_id: str, target_name: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    target = puzzle.target(target_name)
    problem = TargetProblem(puzzle, target)
    every = [problem.to_placements(s) for s in enumerate_solutions(problem.cover)]
    for placements in every:
        named = exact_cover.as_named(puzzle, ((p.piece, p.cells) for p in placements))
        assert flipped_pieces(puzzle, placements) == exact_cover.flipped_names(puzzle, named)
        check_flipped(puzzle, placements, flipped_pieces(puzzle, placements))  # raises if they differ
    face_up = {
        exact_cover.as_named(puzzle, ((p.piece, p.cells) for p in placements))
        for placements in every
        if not flipped_pieces(puzzle, placements)
    }
    forbidding = enumerate_solutions(problem.cover, Constraints(forbidden=problem.flipped_options))
    independent = set(exact_cover.solve(puzzle, target, face_up_only=True))
    assert face_up == independent
    assert {
        exact_cover.as_named(puzzle, ((p.piece, p.cells) for p in problem.to_placements(s)))
        for s in forbidding
    } == independent
    assert 0 < len(independent) < len(every)


# ---------------------------------------------------------------- placements from the board's


@pytest.mark.parametrize(
    "puzzle_id", ["calendar-dragonfjord", "calendar-weekday", "calendar-tetromino", "calendar-hex-61"]
)
def test_a_targets_placements_are_its_boards_without_those_on_its_open_cells(puzzle_id: str) -> None:
    """Taken from the board's (kept per puzzle), a target's placements are exactly those enumerated
    on its own cells, in the same order, and each board placement maps to its index here or -1."""
    puzzle = get_puzzle(puzzle_id)
    board = board_problem(puzzle)
    filtered = 0
    for target in puzzle.targets[:: max(1, len(puzzle.targets) // 12)]:  # a dozen, over the year
        problem = TargetProblem(puzzle, target)
        assert problem.placements == problem._enumerated_placements(), target.name
        if problem._board_options is not None:
            filtered += 1
            expected = [problem.placement_index.get(p, -1) for p in board.placements]
            assert np.array_equal(problem._board_options, expected), target.name
    assert filtered > 0
