r"""Lattices: where cells and their corners are, how cells rotate and reflect.

Every cell is a ``(row, col)`` pair of ints, rows growing downwards. A cell's
corners are *lattice vertices* ``(k, row)``, also pairs of ints, listed
clockwise on screen. Vertex ``(k, row)`` lies at the plane point
``(k * step_x, row * step_y)``, where ``(step_x, step_y)`` is the lattice's
``vertex_step`` in units of one cell side; a cell's centroid is the mean of
its corners. Two cells are *neighbours* when they share an edge (two
corners), not just one corner.

Square lattice: ``k`` is the column line, so cell ``(r, c)`` has corners
``(c, r) (c+1, r) (c+1, r+1) (c, r+1)``; ``vertex_step`` is ``(1, 1)``::

    k:    0     1     2     3
    row 0 +-----+-----+-----+        col -->
          |(0,0)|(0,1)|(0,2)|        row
    row 1 +-----+-----+-----+        |
          |(1,0)|(1,1)|(1,2)|        v
    row 2 +-----+-----+-----+

Triangular lattice: each row is a strip of alternating triangles. The
triangle at ``(row, col)`` points up when ``row + col`` is even and down when
it is odd; an up triangle shares its base with the down triangle directly
below it, ``(row + 1, col)``. ``k`` counts half sides, so triangle ``(r, c)``
has its apex or bottom point at ``k = c`` and its other two corners at
``k = c - 1`` and ``k = c + 1``; ``vertex_step`` is ``(1/2, sqrt(3)/2)``::

    k:    0   1   2   3   4   5   6
    row 0 *-------*-------*-------*
           \(0,1)/ \(0,3)/ \(0,5)/      (0,1) points down: corners (0,0) (2,0) (1,1)
            \   /   \   /   \   /       (0,2) points up:   corners (2,0) (3,1) (1,1)
             \ /(0,2)\ /(0,4)\ /
    row 1     *-------*-------*

Hexagonal lattice: pointy-top hexagons in *axial* coordinates, so every
shift ``(d_row, d_col)`` is a translation: hexagon ``(r, c)`` lies half a
cell left of ``(r - 1, c)``. Hexagon ``(r, c)`` has its centre at ``(2c - r, 3r)`` in
vertex steps, ``vertex_step`` is ``(sqrt(3)/2, 1/2)``, and its six corners are
``k = 2c - r`` and ``k = 2c - r ± 1`` around ``row = 3r`` (so vertex rows may
be negative). Its neighbours are ``(r, c±1)``, ``(r-1, c-1) (r-1, c)`` above
and ``(r+1, c) (r+1, c+1)`` below. Definitions draw hexagons in offset rows,
each odd row half a cell to the right (:meth:`Lattice.from_text`)::

    row 0     (0,0)   (0,1)   (0,2)          text row 0:   # # #
    row 1         (1,1)   (1,2)   (1,3)      text row 1:    # # #
    row 2     (2,1)   (2,2)   (2,3)          text row 2:   # # #

Rotations and reflections act on cell centroids in the plane about the
vertex ``(0, 0)`` (about the centre of hexagon ``(0, 0)`` on the hexagonal
lattice, whose vertices are not centres of six-fold turns), then map back to
cells, so all lattices share one code path.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Cell = tuple[int, int]
Shape = tuple[Cell, ...]
Vertex = tuple[int, int]  # a cell corner (k, row)
LatticeName = Literal["square", "triangle", "hex"]

_SQRT3_2 = math.sqrt(3) / 2


@dataclass(frozen=True)
class Transform:
    """A rotation by ``turns`` steps, optionally preceded by a mirror."""

    turns: int
    mirrored: bool


class Lattice:
    """Common behaviour; subclasses define corners, neighbours, centroids and their inverse."""

    name: LatticeName
    rotation_steps: int
    corners: int  # corners (and sides) of one cell
    # Whether a quarter turn maps the lattice onto itself, so a long board may be drawn upright.
    turns_by_quarter: bool
    vertex_step: tuple[float, float]  # plane (x, y) of one step in k and in row, in cell sides

    def transforms(self) -> list[Transform]:
        """All rotations and reflections of the lattice (identity first)."""
        return [Transform(t, m) for m in (False, True) for t in range(self.rotation_steps)]

    def vertices(self, cell: Cell) -> tuple[Vertex, ...]:
        """The corners of ``cell`` as lattice vertices, clockwise on screen."""
        raise NotImplementedError

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells sharing an edge with ``cell`` (on or off any board)."""
        raise NotImplementedError

    def shares_edge(self, a: Cell, b: Cell) -> bool:
        """Whether cells ``a`` and ``b`` share an edge (a shared corner alone is not enough)."""
        return b in self.neighbours(a)

    def centroid(self, cell: Cell) -> tuple[float, float]:
        raise NotImplementedError

    def cell_at(self, x: float, y: float) -> Cell:
        raise NotImplementedError

    def is_translation(self, d_row: int, d_col: int) -> bool:
        """Whether shifting by ``(d_row, d_col)`` maps the lattice onto itself."""
        raise NotImplementedError

    def from_text(self, row: int, col: int) -> Cell:
        """The cell a drawing shows at text row ``row``, token ``col`` (the same pair but on hexagons)."""
        return row, col

    def to_text(self, cell: Cell) -> tuple[int, int]:
        """The text row and token index of ``cell`` in a drawing (inverse of :meth:`from_text`)."""
        return cell

    def apply(self, transform: Transform, cell: Cell) -> Cell:
        """Image of one cell under ``transform`` (about the origin vertex)."""
        x, y = self.centroid(cell)
        if transform.mirrored:
            y = -y
        angle = 2 * math.pi * transform.turns / self.rotation_steps
        cos_a, sin_a = math.cos(angle), math.sin(angle)
        return self.cell_at(x * cos_a - y * sin_a, x * sin_a + y * cos_a)

    def normalize(self, cells: Iterable[Cell]) -> tuple[Shape, Cell]:
        """Translate cells to a canonical position; return (sorted cells, shift used)."""
        cell_list = list(cells)
        d_row = -min(r for r, _ in cell_list)
        d_col = -min(c for _, c in cell_list)
        if not self.is_translation(d_row, d_col):
            d_col += 1
        shifted = tuple(sorted((r + d_row, c + d_col) for r, c in cell_list))
        return shifted, (d_row, d_col)

    def orientations(self, cells: Iterable[Cell]) -> list[Shape]:
        """Distinct normalized images of a shape under every transform, the unmirrored ones first."""
        return self._images(cells, self.transforms())

    def rotations(self, cells: Iterable[Cell]) -> list[Shape]:
        """Distinct normalized images of a shape under the rotations alone (the drawn side up)."""
        return self._images(cells, [t for t in self.transforms() if not t.mirrored])

    def _images(self, cells: Iterable[Cell], transforms: Iterable[Transform]) -> list[Shape]:
        base = list(cells)
        seen: dict[Shape, None] = {}
        for transform in transforms:
            shape, _ = self.normalize(self.apply(transform, cell) for cell in base)
            seen.setdefault(shape, None)
        return list(seen)


class SquareLattice(Lattice):
    name: LatticeName = "square"
    rotation_steps = 4
    corners = 4
    turns_by_quarter = True
    vertex_step = (1.0, 1.0)

    def vertices(self, cell: Cell) -> tuple[Vertex, ...]:
        row, col = cell
        return ((col, row), (col + 1, row), (col + 1, row + 1), (col, row + 1))

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        row, col = cell
        return ((row - 1, col), (row, col + 1), (row + 1, col), (row, col - 1))

    def centroid(self, cell: Cell) -> tuple[float, float]:
        row, col = cell
        return col + 0.5, row + 0.5

    def cell_at(self, x: float, y: float) -> Cell:
        return math.floor(y), math.floor(x)

    def is_translation(self, d_row: int, d_col: int) -> bool:
        return True


class TriangleLattice(Lattice):
    name: LatticeName = "triangle"
    rotation_steps = 6
    corners = 3
    turns_by_quarter = False
    vertex_step = (0.5, _SQRT3_2)

    @staticmethod
    def points_up(cell: Cell) -> bool:
        """Whether the triangle at ``cell`` has its apex on top (``row + col`` even)."""
        return (cell[0] + cell[1]) % 2 == 0

    def vertices(self, cell: Cell) -> tuple[Vertex, ...]:
        row, col = cell
        if self.points_up(cell):  # apex on top, base on row + 1
            return ((col, row), (col + 1, row + 1), (col - 1, row + 1))
        return ((col - 1, row), (col + 1, row), (col, row + 1))

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        row, col = cell
        across_flat_side = (row + 1, col) if self.points_up(cell) else (row - 1, col)
        return ((row, col - 1), (row, col + 1), across_flat_side)

    def centroid(self, cell: Cell) -> tuple[float, float]:
        row, col = cell
        offset = 2 / 3 if self.points_up(cell) else 1 / 3
        return col / 2, (row + offset) * _SQRT3_2

    def cell_at(self, x: float, y: float) -> Cell:
        height = y / _SQRT3_2
        row = math.floor(height)
        col = round(2 * x)
        cell = (row, col)
        if self.points_up(cell) != (height - row > 0.5):
            raise ValueError(f"point ({x:.3f}, {y:.3f}) is not a triangle centroid")
        return cell

    def is_translation(self, d_row: int, d_col: int) -> bool:
        return (d_row + d_col) % 2 == 0


class HexLattice(Lattice):
    name: LatticeName = "hex"
    rotation_steps = 6
    corners = 6
    turns_by_quarter = False
    vertex_step = (_SQRT3_2, 0.5)

    def vertices(self, cell: Cell) -> tuple[Vertex, ...]:
        row, col = cell
        k, v = 2 * col - row, 3 * row
        return ((k, v - 2), (k + 1, v - 1), (k + 1, v + 1), (k, v + 2), (k - 1, v + 1), (k - 1, v - 1))

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        row, col = cell
        return (
            (row - 1, col - 1),
            (row - 1, col),
            (row, col + 1),
            (row + 1, col + 1),
            (row + 1, col),
            (row, col - 1),
        )

    def centroid(self, cell: Cell) -> tuple[float, float]:
        row, col = cell
        return (2 * col - row) * _SQRT3_2, 1.5 * row

    def cell_at(self, x: float, y: float) -> Cell:
        row = round(y / 1.5)
        col = round((x / _SQRT3_2 + row) / 2)
        if abs(self.centroid((row, col))[0] - x) > 1e-6:
            raise ValueError(f"point ({x:.3f}, {y:.3f}) is not a hexagon centre")
        return row, col

    def is_translation(self, d_row: int, d_col: int) -> bool:
        return True

    def from_text(self, row: int, col: int) -> Cell:
        return row, col + (row + 1) // 2

    def to_text(self, cell: Cell) -> tuple[int, int]:
        row, col = cell
        return row, col - (row + 1) // 2


LATTICES: dict[str, Lattice] = {"square": SquareLattice(), "triangle": TriangleLattice(), "hex": HexLattice()}


def lattice_named(name: str) -> Lattice:
    """The lattice called ``name``; ValueError listing the valid names otherwise."""
    try:
        return LATTICES[name]
    except KeyError:
        raise ValueError(f"unknown lattice {name!r}; expected one of {sorted(LATTICES)}") from None


def symmetries(
    lattice: Lattice, cells: Iterable[Cell], labels: dict[Cell, str] | None = None
) -> list[dict[Cell, Cell]]:
    """Cell permutations of a board that are lattice symmetries preserving labels.

    The identity comes first. Labels (e.g. calendar months) must map onto equal
    labels, so a fully labelled board has only the identity.
    """
    board = list(cells)
    labels = labels or {}
    target, own_shift = lattice.normalize(board)
    target_set = set(target)
    found: list[dict[Cell, Cell]] = []
    for transform in lattice.transforms():
        images = [lattice.apply(transform, cell) for cell in board]
        shape, shift = lattice.normalize(images)
        if set(shape) != target_set:
            continue
        d_row, d_col = shift[0] - own_shift[0], shift[1] - own_shift[1]
        mapping = {cell: (img[0] + d_row, img[1] + d_col) for cell, img in zip(board, images, strict=True)}
        if all(labels.get(cell) == labels.get(image) for cell, image in mapping.items()):
            found.append(mapping)
    return found
