"""An exact-cover enumeration for the tests, independent of the solver's search and geometry.

It shares only the catalog's data (a :class:`~solver.catalog.Puzzle`'s cells, its pieces'
names and drawings, a :class:`~solver.catalog.Target`'s open cells). Everything else is
restated here: each piece's orientations are made from its drawing by integer quarter turns
``(r, c) -> (c, -r)`` and the mirror ``(r, c) -> (r, -c)`` on squares, by sixth turns
``(r, c) -> (c, c - r)`` and the mirror ``(r, c) -> (r, r - c)`` on hexagons (axial cells, see
:mod:`solver.geometry`), and on triangles by turning each triangle's three corners as points of the
plane's triangular lattice (:func:`triangle_orientations`); the solutions are found by Knuth's
dancing links as the ``exact-cover`` package implements them, in C (no CP-SAT, no
:mod:`solver.cover`, no :mod:`solver.geometry`, no :mod:`solver.problem`).

A solution is a frozenset of ``(piece name, cells)`` pairs, so it compares directly with the
solver's output turned into the same form (:func:`as_named`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import exact_cover as dancing_links
import numpy as np
from exact_cover.error import NoSolution

from solver.catalog import Puzzle, Target

Cell = tuple[int, int]
Shape = frozenset[Cell]
NamedPlacement = tuple[str, frozenset[Cell]]
NamedSolution = frozenset[NamedPlacement]


@dataclass(frozen=True)
class Option:
    """One way to place one piece: its cells on the board, and whether it shows the other side."""

    piece: str
    cells: frozenset[Cell]
    flipped: bool


def _at_origin(cells: Iterable[Cell], *, even: bool = False) -> Shape:
    """The cells moved to the top left; ``even``: by a move whose row and column add up to an even
    number (a triangle moved by an odd one would turn over)."""
    cell_list = list(cells)
    top = min(r for r, _ in cell_list)
    left = min(c for _, c in cell_list)
    left -= (top + left) % 2 if even else 0
    return frozenset((r - top, c - left) for r, c in cell_list)


def square_orientations(drawing: Iterable[Cell]) -> dict[Shape, bool]:
    """Each distinct orientation of a square-lattice drawing (at the origin) -> whether it is flipped.

    Flipped: the mirror side gives it and no quarter turn of the drawing does.
    """
    return _sides(drawing, lambda r, c: (c, -r), lambda r, c: (r, -c), 4)


def hex_orientations(drawing: Iterable[Cell]) -> dict[Shape, bool]:
    """Each distinct orientation of a hexagonal drawing (axial cells, at the origin) -> whether flipped."""
    return _sides(drawing, lambda r, c: (c, c - r), lambda r, c: (r, r - c), 6)


def triangle_orientations(drawing: Iterable[Cell]) -> dict[Shape, bool]:
    """Each distinct orientation of a triangular drawing (at the top left, moved evenly) -> whether
    flipped. A triangle turns with its three corners (:func:`_corners`), where a sixth turn is
    ``(a, b) -> (-b, a + b)`` and the mirror ``(a, b) -> (a + b, -b)``."""

    def turn(r: int, c: int) -> Cell:
        return _triangle([(-b, a + b) for a, b in _corners(r, c)])

    def mirror(r: int, c: int) -> Cell:
        return _triangle([(a + b, -b) for a, b in _corners(r, c)])

    return _sides(drawing, turn, mirror, 6, even=True)


def _corners(row: int, col: int) -> list[Cell]:
    """A triangle's corners as points ``(a, b)`` of the basis (1, 0), (1/2, sqrt(3)/2): triangle
    ``(row, col)`` points up when ``row + col`` is even; its corners, in half sides ``k`` across and
    rows down, are ``(col, row)`` on top and ``(col ± 1, row + 1)`` below if it points up, else
    ``(col ± 1, row)`` on top and ``(col, row + 1)`` below; a corner ``(k, row)`` is the point
    ``((k - row) / 2, row)``."""
    if (row + col) % 2 == 0:
        points = [(col, row), (col + 1, row + 1), (col - 1, row + 1)]
    else:
        points = [(col - 1, row), (col + 1, row), (col, row + 1)]
    return [((k - r) // 2, r) for k, r in points]


def _triangle(corners: list[Cell]) -> Cell:
    """The triangle with these corners (the inverse of :func:`_corners`)."""
    points = sorted((b, 2 * a + b) for a, b in corners)  # (row, k), top first
    top = points[0][0]
    if points[1][0] == top:  # two corners on top: it points down, its bottom corner gives the column
        return top, points[2][1]
    return top, points[0][1]


def _sides(
    drawing: Iterable[Cell],
    turn: Callable[[int, int], Cell],
    mirror: Callable[[int, int], Cell],
    turns: int,
    *,
    even: bool = False,
) -> dict[Shape, bool]:
    sides: dict[bool, set[Shape]] = {False: set(), True: set()}
    for mirrored in (False, True):
        cells = [mirror(r, c) if mirrored else (r, c) for r, c in drawing]
        for _ in range(turns):
            cells = [turn(r, c) for r, c in cells]
            sides[mirrored].add(_at_origin(cells, even=even))
    orientations = dict.fromkeys(sides[False], False)
    orientations.update(dict.fromkeys(sides[True] - sides[False], True))
    return orientations


def options(puzzle: Puzzle, target: Target, *, face_up_only: bool = False) -> list[Option]:
    """Every placement of every piece on the cells the target covers (unflipped ones only if asked)."""
    orientations = _orientations_on(puzzle.lattice.name)
    even = puzzle.lattice.name == "triangle"  # a triangle moved by an odd step would turn over
    free = set(puzzle.cells) - target.uncovered
    found = []
    for piece in puzzle.pieces:
        for shape, flipped in orientations(piece.cells).items():
            if flipped and face_up_only:
                continue
            top, left = min(shape)  # the shape's first cell goes on each free cell in turn
            for row, col in free:
                if even and (row - top + col - left) % 2:
                    continue
                cells = frozenset((row + r - top, col + c - left) for r, c in shape)
                if cells <= free:
                    found.append(Option(piece.name, cells, flipped))
    return found


def _orientations_on(lattice_name: str) -> Callable[[Iterable[Cell]], dict[Shape, bool]]:
    """This module's orientations for a lattice; ValueError for one it does not know."""
    if lattice_name not in _ORIENTATIONS:
        raise ValueError(f"the independent enumeration does not know the {lattice_name!r} lattice")
    return _ORIENTATIONS[lattice_name]


_ORIENTATIONS = {"square": square_orientations, "hex": hex_orientations, "triangle": triangle_orientations}


def solve(puzzle: Puzzle, target: Target, *, face_up_only: bool = False) -> list[NamedSolution]:
    """Every solution of a target by dancing links (face-up solutions only if asked)."""
    rows = options(puzzle, target, face_up_only=face_up_only)
    chosen_rows = exact_covers(_matrix(puzzle, target, rows))
    return [frozenset((rows[i].piece, rows[i].cells) for i in chosen) for chosen in chosen_rows]


def one_solution(puzzle: Puzzle, target: Target) -> NamedSolution | None:
    """The first solution dancing links finds, or None if there is none."""
    rows = options(puzzle, target)
    matrix = _matrix(puzzle, target, rows)
    if not matrix.any(axis=0).all():
        return None  # a column no row covers
    try:
        chosen = dancing_links.get_exact_cover(matrix)
    except NoSolution:
        return None
    return frozenset((rows[int(i)].piece, rows[int(i)].cells) for i in chosen)


def _matrix(puzzle: Puzzle, target: Target, rows: list[Option]) -> np.ndarray:
    """The exact-cover matrix: a row per placement, a column per open cell, then per piece."""
    cells = sorted(set(puzzle.cells) - target.uncovered)
    column: dict[object, int] = {cell: i for i, cell in enumerate(cells)}
    column.update({piece.name: len(cells) + i for i, piece in enumerate(puzzle.pieces)})
    matrix = np.zeros((len(rows), len(column)), dtype=bool)
    for index, row in enumerate(rows):
        matrix[index, [column[cell] for cell in row.cells]] = True
        matrix[index, column[row.piece]] = True
    return matrix


# Room for this many solutions is made at once (as many rows of the matrix each: 30 MB for a
# hexagonal calendar's 1,800 placements); a target with more is counted first, then enumerated.
SOLUTIONS_AT_ONCE = 4096


def exact_covers(matrix: np.ndarray) -> list[tuple[int, ...]]:
    """Every set of rows of a boolean matrix covering each column exactly once, by Knuth's dancing
    links in C (the ``exact-cover`` package): about twice as fast as Algorithm X on Python integers
    on the hexagonal calendars, and a search this project did not write."""
    if not matrix.any(axis=0).all():
        return []  # a column no row covers
    try:
        found = dancing_links.get_all_solutions(matrix, max_count=SOLUTIONS_AT_ONCE)
        if len(found) >= SOLUTIONS_AT_ONCE:
            found = dancing_links.get_all_solutions(matrix)
    except NoSolution:
        return []
    return [tuple(int(row) for row in rows) for rows in found]


def flipped_names(puzzle: Puzzle, solution: NamedSolution) -> frozenset[str]:
    """The pieces a solution shows flipped, by this module's own orientations."""
    drawings = {piece.name: piece.cells for piece in puzzle.pieces}
    orientations = _orientations_on(puzzle.lattice.name)
    return frozenset(name for name, cells in solution if orientations(drawings[name])[_at_origin(cells)])


def as_named(puzzle: Puzzle, placements: Iterable[tuple[int, Iterable[Cell]]]) -> NamedSolution:
    """A solution given as (piece index, cells) pairs, in this module's form."""
    return frozenset((puzzle.pieces[piece].name, frozenset(cells)) for piece, cells in placements)


def as_pieces(puzzle: Puzzle, solution: NamedSolution) -> list[tuple[int, tuple[Cell, ...]]]:
    """A solution in this module's form as (piece index, sorted cells) pairs, by piece index."""
    index = {piece.name: i for i, piece in enumerate(puzzle.pieces)}
    return sorted((index[name], tuple(sorted(cells))) for name, cells in solution)
