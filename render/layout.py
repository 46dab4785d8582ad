"""Where every board cell and edge lands in the image, in exact integer pixels.

Cells are polygons over *lattice vertices* ``(k, row)``: on the square lattice
``k`` is a column line, on the triangular lattice ``k`` counts half sides, so
triangle ``(r, c)`` has its apex or bottom point at ``k = c`` and its other two
corners at ``k = c - 1`` and ``k = c + 1`` (see :mod:`solver.geometry`). Each
lattice vertex maps to one integer pixel, so neighbouring cells share edges
exactly. Two cells are neighbours exactly when their polygons share an edge,
which also finds the board outline (edges with one cell).

Sampling pixels (for tests): labels are drawn centred on :meth:`BoardLayout.centre`,
so :meth:`BoardLayout.fill_point` gives a pixel that always shows the cell's fill
colour. It is the centre for unlabelled cells and a point well below the label
(square) or towards the apex (triangle) for labelled ones; it stays clear of
the marked-cell ring and of borders.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from solver.catalog import Puzzle
from solver.geometry import Cell

Point = tuple[int, int]
Vertex = tuple[int, int]  # lattice vertex (k, row)

MARGIN = 40
TITLE_SIZE = 30
SUBTITLE_SIZE = 20
HEADER_GAP = 10
BOARD_LONG_SIDE = 880  # px; keeps every image's long side >= 800 whatever the board's shape
BORDER_WIDTH = 5  # odd, so a border is centred on its edge pixel
SQRT3_2 = math.sqrt(3) / 2

# Ring of a marked cell: the cell polygon scaled about its centre by this factor.
RING_SCALE = {"square": 0.78, "triangle": 0.72}
# Label size as a fraction of the cell side.
LABEL_SCALE = {"square": 0.2, "triangle": 0.16}


def cell_vertices(lattice_name: str, cell: Cell) -> tuple[Vertex, ...]:
    """The corners of ``cell`` as lattice vertices, clockwise on screen."""
    row, col = cell
    if lattice_name == "square":
        return ((col, row), (col + 1, row), (col + 1, row + 1), (col, row + 1))
    if (row + col) % 2 == 0:  # points up: apex on top, base on row + 1
        return ((col, row), (col + 1, row + 1), (col - 1, row + 1))
    return ((col - 1, row), (col + 1, row), (col, row + 1))  # points down


@dataclass(frozen=True)
class Edge:
    """One cell side in pixels, with the one or two cells it separates."""

    start: Point
    end: Point
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class BoardLayout:
    """Image size and the pixel geometry of one puzzle's board (independent of any solution)."""

    lattice: str
    width: int
    height: int
    side: int
    polygons: dict[Cell, tuple[Point, ...]]
    edges: tuple[Edge, ...]
    labelled: frozenset[Cell]

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    @property
    def label_size(self) -> int:
        return max(10, round(self.side * LABEL_SCALE[self.lattice]))

    def centre(self, cell: Cell) -> Point:
        """Pixel centre (centroid) of a cell; labels are centred here."""
        points = self.polygons[cell]
        return (
            round(sum(x for x, _ in points) / len(points)),
            round(sum(y for _, y in points) / len(points)),
        )

    def fill_point(self, cell: Cell) -> Point:
        """A pixel inside ``cell`` that shows its fill colour: away from label, ring and borders."""
        x, y = self.centre(cell)
        if cell not in self.labelled:
            return x, y
        if self.lattice == "square":
            return x, y + round(0.3 * self.side)
        towards_apex = -1 if _points_up(cell) else 1
        return x, y + towards_apex * round(0.22 * self.side * SQRT3_2)

    def ring(self, cell: Cell) -> tuple[Point, ...]:
        """The inset outline drawn on a marked cell."""
        factor = RING_SCALE[self.lattice]
        cx, cy = self.centre(cell)
        points = self.polygons[cell]
        return tuple((round(cx + (x - cx) * factor), round(cy + (y - cy) * factor)) for x, y in points)


def _points_up(cell: Cell) -> bool:
    return (cell[0] + cell[1]) % 2 == 0


def _cell_side(lattice: str, k_span: int, rows: int) -> int:
    """Cell side in px so the board's longer side is about BOARD_LONG_SIDE (even on triangles)."""
    if lattice == "square":
        return BOARD_LONG_SIDE // max(k_span, rows)
    side = int(BOARD_LONG_SIDE / max(k_span / 2, rows * SQRT3_2))
    return side - side % 2  # half a side must be a whole number of pixels


def _edges(lattice: str, cells: Iterable[Cell], to_pixel: dict[Vertex, Point]) -> tuple[Edge, ...]:
    owners: dict[frozenset[Vertex], list[Cell]] = {}
    ends: dict[frozenset[Vertex], tuple[Vertex, Vertex]] = {}
    for cell in cells:
        corners = cell_vertices(lattice, cell)
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            key = frozenset((a, b))
            owners.setdefault(key, []).append(cell)
            ends.setdefault(key, (a, b))
    return tuple(
        Edge(to_pixel[ends[key][0]], to_pixel[ends[key][1]], tuple(sorted(owned)))
        for key, owned in sorted(owners.items(), key=lambda item: sorted(item[0]))
    )


def _build(puzzle: Puzzle) -> BoardLayout:
    lattice = puzzle.lattice.name
    vertices = {v for cell in puzzle.cells for v in cell_vertices(lattice, cell)}
    k_min, k_max = min(k for k, _ in vertices), max(k for k, _ in vertices)
    r_min, r_max = min(r for _, r in vertices), max(r for _, r in vertices)
    side = _cell_side(lattice, k_max - k_min, r_max - r_min)
    x_step = side if lattice == "square" else side // 2
    y_step = side if lattice == "square" else side * SQRT3_2
    board_w = (k_max - k_min) * x_step
    board_h = round((r_max - r_min) * y_step)
    header = TITLE_SIZE + HEADER_GAP + SUBTITLE_SIZE + 2 * HEADER_GAP
    width = board_w + 2 * MARGIN
    height = MARGIN + header + board_h + MARGIN
    left, top = MARGIN, MARGIN + header
    to_pixel = {(k, r): (left + (k - k_min) * x_step, top + round((r - r_min) * y_step)) for k, r in vertices}
    polygons = {cell: tuple(to_pixel[v] for v in cell_vertices(lattice, cell)) for cell in puzzle.cells}
    return BoardLayout(
        lattice=lattice,
        width=width,
        height=height,
        side=side,
        polygons=polygons,
        edges=_edges(lattice, puzzle.cells, to_pixel),
        labelled=frozenset(puzzle.labels),
    )


_LAYOUTS: dict[tuple[str, str], BoardLayout] = {}


def board_layout(puzzle: Puzzle) -> BoardLayout:
    """The (cached) layout of ``puzzle``'s board; every image of the puzzle uses it."""
    key = (puzzle.id, puzzle.fingerprint)
    if key not in _LAYOUTS:
        _LAYOUTS[key] = _build(puzzle)
    return _LAYOUTS[key]


def cell_centre(puzzle: Puzzle, cell: Cell) -> Point:
    """Pixel centre of ``cell`` in every board image of ``puzzle``."""
    return board_layout(puzzle).centre(cell)


# ---------------------------------------------------------------- heatmap

HEATMAP_CELL = 30  # px per date, gaps included
HEATMAP_GAP = 2
HEATMAP_LABEL_W = 48
HEATMAP_DAY_LABEL_H = 22
LEGEND_GAP = 26
LEGEND_BAR_W = 320
LEGEND_BAR_H = 16


@dataclass(frozen=True)
class HeatmapLayout:
    """Pixel geometry of the 12 x 31 month-by-day heatmap (the same for every input).

    The title uses the board's header constants (MARGIN, TITLE_SIZE).
    """

    width: int
    height: int
    grid_left: int
    grid_top: int
    legend_top: int

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def cell_box(self, month: int, day: int) -> tuple[int, int, int, int]:
        """Inclusive pixel box ``(x0, y0, x1, y1)`` of a date's square (month and day from 1)."""
        x0 = self.grid_left + (day - 1) * HEATMAP_CELL
        y0 = self.grid_top + (month - 1) * HEATMAP_CELL
        return x0, y0, x0 + HEATMAP_CELL - 1 - HEATMAP_GAP, y0 + HEATMAP_CELL - 1 - HEATMAP_GAP

    def fill_point(self, month: int, day: int) -> Point:
        """A pixel of the date's square that never carries the printed number (near its top-left corner)."""
        x0, y0, _, _ = self.cell_box(month, day)
        return x0 + 2, y0 + 2


def heatmap_layout() -> HeatmapLayout:
    grid_top = MARGIN + TITLE_SIZE + 2 * HEADER_GAP + HEATMAP_DAY_LABEL_H
    grid_left = MARGIN + HEATMAP_LABEL_W
    legend_top = grid_top + 12 * HEATMAP_CELL + LEGEND_GAP
    return HeatmapLayout(
        width=grid_left + 31 * HEATMAP_CELL + MARGIN,
        height=legend_top + LEGEND_BAR_H + MARGIN,
        grid_left=grid_left,
        grid_top=grid_top,
        legend_top=legend_top,
    )
