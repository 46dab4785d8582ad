"""The hexagonal lattice: polyhex orientation counts against an independent computation."""

import pytest

from solver.cover import enumerate_solutions
from solver.definitions import Definition, parse_definition
from solver.geometry import HexLattice
from solver.problem import TargetProblem
from solver.puzzle_text import make_piece
from tests.support import exact_cover
from tests.support.exact_cover import hex_orientations

LATTICE = HexLattice()


def _free_polyhexes(size: int) -> set[tuple[tuple[int, int], ...]]:
    """Every free polyhex of ``size`` cells, as its canonical (smallest) orientation, grown cell by cell."""
    shapes = {((0, 0),)}
    for _ in range(size - 1):
        grown = set()
        for shape in shapes:
            for cell in shape:
                for other in LATTICE.neighbours(cell):
                    if other not in shape:
                        grown.add(min(LATTICE.orientations((*shape, other))))
        shapes = grown
    return shapes


@pytest.mark.parametrize(
    ("size", "counts"),
    [
        (3, [2, 3, 6]),  # the triangle, the bar, the arc
        (4, [2, 3, 3, 6, 6, 12, 12]),  # propeller; bar, bee; arch, worm; the chiral pistol and wave
    ],
)
def test_trihex_and_tetrahex_orientation_counts(size: int, counts: list[int]) -> None:
    shapes = _free_polyhexes(size)
    assert sorted(len(LATTICE.orientations(shape)) for shape in shapes) == counts
    for shape in shapes:
        independent = hex_orientations(shape)
        assert {frozenset(s) for s in LATTICE.orientations(shape)} == set(independent)
        assert {frozenset(s) for s in LATTICE.rotations(shape)} == {
            s for s, flipped in independent.items() if not flipped
        }


def test_22_pentahexes_with_186_fixed_orientations() -> None:
    shapes = _free_polyhexes(5)
    assert len(shapes) == 22
    assert sum(len(LATTICE.orientations(shape)) for shape in shapes) == 186


@pytest.mark.parametrize("size", [3, 4, 5])
def test_orientations_and_face_up_side_agree_with_an_independent_computation(size: int) -> None:
    for shape in _free_polyhexes(size):
        independent = hex_orientations(shape)
        assert {frozenset(s) for s in LATTICE.orientations(shape)} == set(independent)
        assert {frozenset(s) for s in LATTICE.rotations(shape)} == {
            s for s, flipped in independent.items() if not flipped
        }
        mirrored = LATTICE.normalize((r, r - c) for r, c in shape)[0]
        symmetric = mirrored in LATTICE.rotations(shape)
        assert bool(make_piece(LATTICE, "P", shape).flipped) == (not symmetric)  # symmetric: never flipped


def test_text_positions_are_offset_rows_with_odd_rows_half_a_cell_right() -> None:
    for row in range(-3, 4):
        for col in range(-3, 4):
            cell = LATTICE.from_text(row, col)
            assert LATTICE.to_text(cell) == (row, col)
    x_of = {t: LATTICE.centroid(LATTICE.from_text(*t))[0] for t in [(0, 0), (1, 0), (2, 0)]}
    assert x_of[(1, 0)] - x_of[(0, 0)] == pytest.approx(LATTICE.centroid((0, 1))[0] / 2)
    assert x_of[(2, 0)] == pytest.approx(x_of[(0, 0)])


ROW_OF_FOUR = """title: Four in a row
lattice: hex
targets: board
piece A
##

piece B
# #

board:
# # # #
"""

TWO_ROWS = """title: Two rows
lattice: hex
targets: board
piece A
# #
 #

piece B
##

board:
# # .
 # # #
"""


def _definition(text: str) -> Definition:
    found = parse_definition(text)
    assert isinstance(found, Definition), found
    return found


def test_a_row_of_four_hexagons_with_two_dominoes_has_two_coverings() -> None:
    puzzle = _definition(ROW_OF_FOUR).puzzle("row")
    assert puzzle.lattice.name == "hex" and puzzle.cells == ((0, 0), (0, 1), (0, 2), (0, 3))
    target = puzzle.targets[0]
    coverings = enumerate_solutions(TargetProblem(puzzle, target).plain_cover)
    assert len(coverings) == 2
    assert len(exact_cover.solve(puzzle, target)) == 2


def test_odd_rows_are_read_half_a_cell_to_the_right() -> None:
    puzzle = _definition(TWO_ROWS).puzzle("two")
    # text (1, 0) sits below between text (0, 0) and (0, 1): axial (1, 1), a neighbour of both
    assert set(puzzle.cells) == {(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)}
    assert set(puzzle.pieces[0].cells) == {(0, 0), (0, 1), (1, 1)}
    assert all(puzzle.lattice.shares_edge((1, 1), cell) for cell in [(0, 0), (0, 1), (1, 2)])
    assert len(puzzle.pieces[0].orientations) == 2  # the triangle trihex


@pytest.mark.parametrize(
    "board",
    ["# # .\n# # #\n", " # # .\n # # #\n", "# # .\n # # #\n  # #\n"],
)
def test_rows_indented_against_the_hex_rule_are_named(board: str) -> None:
    text = TWO_ROWS.split("board:\n")[0] + "board:\n" + board
    found = parse_definition(text)
    assert not isinstance(found, Definition)
    assert "hex-row-indented" in {problem.code for problem in found}
