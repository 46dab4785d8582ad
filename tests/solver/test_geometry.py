from collections import Counter

import pytest

from solver.geometry import HexLattice, SquareLattice, TriangleLattice, symmetries
from solver.puzzles import get_puzzle


@pytest.mark.parametrize(
    ("piece", "expected"),
    [
        ("F", 8),
        ("I", 2),
        ("X", 1),
        ("T", 4),
        ("U", 4),
        ("V", 4),
        ("W", 4),
        ("Z", 4),
        ("L", 8),
        ("N", 8),
        ("P", 8),
        ("Y", 8),
    ],
)
def test_pentomino_orientation_counts(piece: str, expected: int) -> None:
    pieces = {p.name: p for p in get_puzzle("pentomino-6x10").pieces}
    assert len(pieces[piece].orientations) == expected


def test_hexiamonds_have_94_orientations_in_the_known_distribution() -> None:
    pieces = get_puzzle("hexiamond-tenyo").pieces
    counts = [len(p.orientations) for p in pieces]
    assert sum(counts) == 94
    assert Counter(counts) == {1: 1, 3: 1, 6: 5, 12: 5}


def test_hexiamond_set_is_the_twelve_free_hexiamonds() -> None:
    """Grow every free hexiamond from one triangle and compare with the data file."""
    lattice = TriangleLattice()

    def neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
        r, c = cell
        return [(r, c - 1), (r, c + 1), (r + 1, c) if (r + c) % 2 == 0 else (r - 1, c)]

    def canonical(cells: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        return min(lattice.orientations(cells))

    shapes = {canonical([(0, 0)])}
    for _ in range(5):
        shapes = {canonical([*s, n]) for s in shapes for c in s for n in neighbours(c) if n not in s}
    catalog_shapes = {canonical(list(p.cells)) for p in get_puzzle("hexiamond-tenyo").pieces}
    assert catalog_shapes == shapes
    assert len(shapes) == 12


@pytest.mark.parametrize(
    ("puzzle_id", "group_size"),
    [
        ("pentomino-6x10", 4),
        ("pentomino-3x20", 4),
        ("pentomino-8x8-hole", 8),
        ("hexiamond-rhombus-6x6", 4),
        ("hexiamond-tenyo", 2),
        ("calendar-dragonfjord", 1),
    ],
)
def test_board_symmetry_groups(puzzle_id: str, group_size: int) -> None:
    puzzle = get_puzzle(puzzle_id)
    group = symmetries(puzzle.lattice, puzzle.cells, puzzle.labels)
    assert len(group) == group_size
    board = set(puzzle.cells)
    for mapping in group:
        assert set(mapping.values()) == board  # a permutation of the board


def test_calendar_without_labels_would_have_symmetry_the_labels_remove() -> None:
    calendar = get_puzzle("calendar-dragonfjord")
    # The bare outline has no symmetry either, but a labelled square does lose its symmetry.
    square = [(r, c) for r in range(2) for c in range(2)]
    assert len(symmetries(SquareLattice(), square)) == 8
    assert len(symmetries(SquareLattice(), square, {(0, 0): "a"})) == 2  # the diagonal mirror keeps it
    assert len(symmetries(calendar.lattice, calendar.cells, calendar.labels)) == 1


@pytest.mark.parametrize("lattice", [SquareLattice(), TriangleLattice(), HexLattice()])
def test_transforms_map_cells_to_cells_and_compose_back(
    lattice: SquareLattice | TriangleLattice | HexLattice,
) -> None:
    cells = [(r, c) for r in range(-3, 4) for c in range(-3, 4)]
    for transform in lattice.transforms():
        images = [lattice.apply(transform, cell) for cell in cells]
        assert len(set(images)) == len(cells)
        if isinstance(lattice, TriangleLattice):  # up triangles map to up or all to down, consistently
            flips = {lattice.points_up(a) == lattice.points_up(b) for a, b in zip(cells, images, strict=True)}
            assert len(flips) == 1
    assert len(lattice.transforms()) == (8 if isinstance(lattice, SquareLattice) else 12)
    if isinstance(lattice, HexLattice):  # every turn and mirror keeps neighbours neighbours
        for transform in lattice.transforms():
            for cell in cells:
                image = lattice.apply(transform, cell)
                assert all(
                    lattice.shares_edge(image, lattice.apply(transform, n)) for n in lattice.neighbours(cell)
                )


CELLS = [(r, c) for r in range(-3, 4) for c in range(-3, 4)]


@pytest.mark.parametrize("lattice", [SquareLattice(), TriangleLattice(), HexLattice()])
def test_centroid_is_the_mean_of_the_corners_in_vertex_steps(
    lattice: SquareLattice | TriangleLattice | HexLattice,
) -> None:
    step_x, step_y = lattice.vertex_step
    for cell in CELLS:
        corners = lattice.vertices(cell)
        assert len(corners) == lattice.corners
        x = sum(k * step_x for k, _ in corners) / len(corners)
        y = sum(row * step_y for _, row in corners) / len(corners)
        assert lattice.centroid(cell) == pytest.approx((x, y)), cell


@pytest.mark.parametrize("lattice", [SquareLattice(), TriangleLattice(), HexLattice()])
def test_corners_run_clockwise_on_screen(lattice: SquareLattice | TriangleLattice | HexLattice) -> None:
    step_x, step_y = lattice.vertex_step
    for cell in CELLS:
        points = [(k * step_x, row * step_y) for k, row in lattice.vertices(cell)]
        pairs = zip(points, points[1:] + points[:1], strict=True)
        doubled_area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in pairs)
        assert doubled_area > 0, cell  # positive with y pointing down means clockwise on screen


@pytest.mark.parametrize("lattice", [SquareLattice(), TriangleLattice(), HexLattice()])
def test_neighbours_are_the_cells_sharing_two_corners(
    lattice: SquareLattice | TriangleLattice | HexLattice,
) -> None:
    for cell in CELLS:
        near = [(cell[0] + dr, cell[1] + dc) for dr in (-1, 0, 1) for dc in (-2, -1, 0, 1, 2)]
        sharing = {
            other for other in near if len(set(lattice.vertices(cell)) & set(lattice.vertices(other))) == 2
        }
        assert set(lattice.neighbours(cell)) == sharing, cell
        assert len(sharing) == lattice.corners
        assert all(lattice.shares_edge(cell, other) and lattice.shares_edge(other, cell) for other in sharing)


def test_triangles_share_an_edge_vertically_only_below_an_up_triangle() -> None:
    lattice = TriangleLattice()
    assert lattice.points_up((0, 0)) and lattice.shares_edge((0, 0), (1, 0))
    assert not lattice.points_up((0, 1)) and not lattice.shares_edge((0, 1), (1, 1))
    assert lattice.vertices((0, 1)) == ((0, 0), (2, 0), (1, 1))  # the docstring's drawing
    assert lattice.vertices((0, 2)) == ((2, 0), (3, 1), (1, 1))


@pytest.mark.parametrize(
    ("piece", "expected"),
    [("F", 4), ("I", 2), ("X", 1), ("T", 4), ("U", 4), ("V", 4), ("W", 4), ("Z", 2), ("L", 4), ("N", 4)],
)
def test_rotations_alone_keep_the_drawn_side_up_and_come_first(piece: str, expected: int) -> None:
    lattice = SquareLattice()
    cells = {p.name: p for p in get_puzzle("pentomino-6x10").pieces}[piece].cells
    rotations = lattice.rotations(cells)
    assert len(rotations) == expected
    assert lattice.orientations(cells)[:expected] == rotations


def test_triangle_rotations_of_a_chiral_hexiamond_are_half_its_orientations() -> None:
    lattice = TriangleLattice()
    for piece in get_puzzle("hexiamond-tenyo").pieces:
        rotations = set(lattice.rotations(piece.cells))
        assert rotations <= set(piece.orientations)
        assert len(rotations) in (len(piece.orientations), len(piece.orientations) // 2)
