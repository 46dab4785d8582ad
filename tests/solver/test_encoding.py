"""solver.encoding: solutions one character per cell, and which pieces a solution shows turned over."""

import pytest

from solver.encoding import Placement, decode, encode, flipped_pieces, is_flipped
from solver.problem import TargetProblem
from solver.puzzles import all_puzzles, get_puzzle
from tests.solver.test_problem import enumerate_target
from tests.support import exact_cover


def _mirrored(cells: tuple[tuple[int, int], ...], lattice: str) -> tuple[tuple[int, int], ...]:
    """The mirror image (r, c) -> (r, -c) on squares and triangles (it keeps r + c's parity),
    (r, c) -> (r, r - c) on hexagons (axial cells)."""
    if lattice == "hex":
        return tuple(sorted((r, r - c) for r, c in cells))
    return tuple(sorted((r, -c) for r, c in cells))


def test_encoding_round_trips() -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    code = enumerate_target("calendar-dragonfjord", "10-06")[0]
    placements = decode(puzzle, code)
    assert len(placements) == 8
    assert encode(puzzle, placements) == code
    assert code.count(".") == 2
    with pytest.raises(ValueError):
        decode(puzzle, code[:-1])
    with pytest.raises(ValueError):
        decode(puzzle, "z" + code[1:])


@pytest.mark.parametrize("puzzle_id", sorted(all_puzzles()))
def test_the_drawing_is_face_up_and_its_mirror_image_flipped_unless_symmetric(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    for index, piece in enumerate(puzzle.pieces):
        assert flipped_pieces(puzzle, [Placement(index, piece.cells)]) == frozenset()
        mirror = Placement(index, _mirrored(piece.cells, puzzle.lattice.name))
        assert flipped_pieces(puzzle, [mirror]) == (frozenset() if piece.mirror_symmetric else {piece.name})
        assert is_flipped(puzzle, mirror) != piece.mirror_symmetric


@pytest.mark.parametrize("puzzle_id", sorted(all_puzzles()))  # squares, hexagons and triangles
def test_every_placement_is_flipped_exactly_when_the_independent_orientations_say_so(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    target = puzzle.targets[0]
    problem = TargetProblem(puzzle, target)
    flipped = set(problem.flipped_options)
    ours = {
        (puzzle.pieces[p.piece].name, frozenset(p.cells), i in flipped)
        for i, p in enumerate(problem.placements)
    }
    independent = {(o.piece, o.cells, o.flipped) for o in exact_cover.options(puzzle, target)}
    assert ours == independent
    assert all(not puzzle.pieces[problem.placements[i].piece].mirror_symmetric for i in flipped)
