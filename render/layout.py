"""Where every board cell and edge lands in the image, in exact integer pixels.

Cells are polygons over the lattice's vertices ``(k, row)``
(:meth:`solver.geometry.Lattice.vertices`). Each lattice vertex maps to one
integer pixel, scaled by the lattice's ``vertex_step`` (rounded to whole pixels per step
on hexagons, whose step is sqrt(3)/2 of a side), so neighbouring cells
share edges exactly. Two cells are neighbours exactly when their polygons
share an edge, which also finds the board outline (edges with one cell).

A long thin square-lattice board (more than ``TURN_RATIO`` times as wide as
tall, e.g. 3 x 20) is drawn turned a quarter turn clockwise, upright, so it
stays large in a phone's narrow chat bubble: its left end is at the top and
its top row on the right. The turn happens here, in the vertex-to-pixel map,
so everything drawn from the layout follows. Such an image is padded
sideways to at most ``MAX_ASPECT`` times as tall as wide, which leaves room
for the title and keeps it from becoming a sliver.

Cosmetics that depend on the cell shape (ring inset, label size, where the
fill point sits) are chosen by the number of corners a cell has.

Sampling pixels (for tests): labels are drawn centred on :meth:`BoardLayout.centre`,
so :meth:`BoardLayout.fill_point` gives a pixel that always shows the cell's fill
colour. It is the centre for unlabelled cells and, for labelled ones, a point
moved vertically towards the side with fewer corners (a triangle's apex),
downwards when both sides have as many (a square, a hexagon); it stays clear of the
label, of the marked-cell ring and of borders.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from solver.catalog import Puzzle
from solver.geometry import Cell, Lattice, Vertex

Point = tuple[int, int]

MARGIN = 40
TITLE_SIZE = 30
SUBTITLE_SIZE = 20
HEADER_GAP = 10
BOARD_LONG_SIDE = 880  # px; keeps every image's long side >= 800 whatever the board's shape
BORDER_WIDTH = 5  # odd, so a border is centred on its edge pixel
TURN_RATIO = 2  # a square-lattice board wider than this many times its height is drawn upright
MAX_ASPECT = 2  # image height per width at most: a 3 x 20 board upright is 520 x 1040 px


@dataclass(frozen=True)
class CellStyle:
    """Shape-dependent cosmetics of one cell, as fractions of its size."""

    ring_scale: float  # ring of a marked cell: the cell polygon scaled about its centre
    label_scale: float  # label size per cell side
    fill_offset: float  # fill point of a labelled cell: distance from the centre per row height


# Keyed by the number of corners of a cell: squares, triangles, hexagons (a hexagon is sqrt(3)
# sides wide, and its vertex rows are half a side apart, hence the larger scale and offset).
CELL_STYLES = {
    4: CellStyle(ring_scale=0.78, label_scale=0.2, fill_offset=0.3),
    3: CellStyle(ring_scale=0.72, label_scale=0.16, fill_offset=0.22),
    6: CellStyle(ring_scale=0.78, label_scale=0.3, fill_offset=0.9),
}


@dataclass(frozen=True)
class Edge:
    """One cell side in pixels, with the one or two cells it separates."""

    start: Point
    end: Point
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class BoardLayout:
    """Image size and the pixel geometry of one puzzle's board (independent of any solution)."""

    style: CellStyle
    width: int
    height: int
    side: int
    row_height: float  # px between consecutive vertex rows
    polygons: dict[Cell, tuple[Point, ...]]
    edges: tuple[Edge, ...]
    labelled: frozenset[Cell]
    turned: bool = False  # drawn a quarter turn clockwise (a long thin board, upright)

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    @property
    def label_size(self) -> int:
        return max(10, round(self.side * self.style.label_scale))

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
        above = sum(py < y for _, py in self.polygons[cell])
        below = sum(py > y for _, py in self.polygons[cell])
        direction = -1 if above < below else 1
        return x, y + direction * round(self.style.fill_offset * self.row_height)

    def ring(self, cell: Cell) -> tuple[Point, ...]:
        """The inset outline drawn on a marked cell."""
        factor = self.style.ring_scale
        cx, cy = self.centre(cell)
        points = self.polygons[cell]
        return tuple((round(cx + (x - cx) * factor), round(cy + (y - cy) * factor)) for x, y in points)


def _side_multiple(lattice: Lattice) -> int:
    """What the cell side in px is a multiple of: 1 on squares, 2 on triangles (k counts half
    sides) and hexagons (vertex rows are half a side apart)."""
    return 1 if lattice.vertex_step == (1.0, 1.0) else 2


def _x_step(lattice: Lattice, side: int) -> int:
    """Px per vertex step along ``k``: exact on squares and triangles, rounded on hexagons."""
    return round(side * lattice.vertex_step[0])


def _cell_side(lattice: Lattice, k_span: int, rows: int) -> int:
    """Cell side in px: the board's longer side about BOARD_LONG_SIDE, every vertex on a whole pixel."""
    step_x, step_y = lattice.vertex_step
    side = int(BOARD_LONG_SIDE / max(k_span * step_x, rows * step_y))
    return side - side % _side_multiple(lattice)


def _edges(lattice: Lattice, cells: Iterable[Cell], to_pixel: dict[Vertex, Point]) -> tuple[Edge, ...]:
    owners: dict[frozenset[Vertex], list[Cell]] = {}
    ends: dict[frozenset[Vertex], tuple[Vertex, Vertex]] = {}
    for cell in cells:
        corners = lattice.vertices(cell)
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            key = frozenset((a, b))
            owners.setdefault(key, []).append(cell)
            ends.setdefault(key, (a, b))
    return tuple(
        Edge(to_pixel[ends[key][0]], to_pixel[ends[key][1]], tuple(sorted(owned)))
        for key, owned in sorted(owners.items(), key=lambda item: sorted(item[0]))
    )


def _turned(lattice: Lattice, k_span: int, rows: int) -> bool:
    """Whether a board spanning ``k_span`` x ``rows`` vertex steps is drawn upright (on a lattice that
    a quarter turn maps onto itself)."""
    return lattice.turns_by_quarter and k_span > TURN_RATIO * rows


def _board_pixels(
    lattice: Lattice, vertices: set[Vertex], side: int, turned: bool
) -> tuple[dict[Vertex, Point], int, int]:
    """Each vertex's pixel relative to the board's top-left corner, and the board's width and height.

    Turned (square lattice only): vertex ``(k, row)`` goes to
    ``((row_max - row) * side, (k - k_min) * side)``, a quarter turn clockwise,
    which keeps every cell's corners clockwise on screen.
    """
    k_min, k_max = min(k for k, _ in vertices), max(k for k, _ in vertices)
    r_min, r_max = min(r for _, r in vertices), max(r for _, r in vertices)
    if turned:
        pixels = {(k, r): ((r_max - r) * side, (k - k_min) * side) for k, r in vertices}
        return pixels, (r_max - r_min) * side, (k_max - k_min) * side
    x_step = _x_step(lattice, side)
    y_step = side * lattice.vertex_step[1]
    pixels = {(k, r): ((k - k_min) * x_step, round((r - r_min) * y_step)) for k, r in vertices}
    return pixels, (k_max - k_min) * x_step, round((r_max - r_min) * y_step)


def _build(puzzle: Puzzle) -> BoardLayout:
    lattice = puzzle.lattice
    vertices = {v for cell in puzzle.cells for v in lattice.vertices(cell)}
    k_span = max(k for k, _ in vertices) - min(k for k, _ in vertices)
    rows = max(r for _, r in vertices) - min(r for _, r in vertices)
    side = _cell_side(lattice, k_span, rows)
    turned = _turned(lattice, k_span, rows)
    board, board_w, board_h = _board_pixels(lattice, vertices, side, turned)
    header = TITLE_SIZE + HEADER_GAP + SUBTITLE_SIZE + 2 * HEADER_GAP
    height = MARGIN + header + board_h + MARGIN
    width = max(board_w + 2 * MARGIN, math.ceil(height / MAX_ASPECT))
    left, top = (width - board_w) // 2, MARGIN + header
    to_pixel = {v: (left + x, top + y) for v, (x, y) in board.items()}
    polygons = {cell: tuple(to_pixel[v] for v in lattice.vertices(cell)) for cell in puzzle.cells}
    return BoardLayout(
        style=CELL_STYLES[lattice.corners],
        width=width,
        height=height,
        side=side,
        row_height=side if turned else side * lattice.vertex_step[1],
        polygons=polygons,
        edges=_edges(lattice, puzzle.cells, to_pixel),
        labelled=frozenset(puzzle.labels),
        turned=turned,
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

# Sized for a phone: scaled down to a 400 px wide chat bubble (x 400 / 668), 18 px text is 10.8 px.
HEATMAP_NUMBER_SIZE = 18  # the count in each square
HEATMAP_LABEL_SIZE = 18  # day and month labels, legend
HEATMAP_MIN_LABEL_SIZE = 12  # a long (localized) label shrinks to fit its room, down to this
HEATMAP_COLUMN = 46  # px per month, gap included: "2000" at 18 px is 40 px wide
HEATMAP_ROW = 26  # px per day, gap included
HEATMAP_GAP = 2
HEATMAP_HALF_GAP = 10  # extra space between June and July
HEATMAP_SIDE = 24  # margin left, right and below
HEATMAP_DAY_LABEL_W = 30  # the day numbers left of January and right of December
HEATMAP_MONTH_LABEL_H = 26
LEGEND_GAP = 20
LEGEND_LINE = 30  # px from the top of the legend's first line to its second
LEGEND_BAR_H = 16


@dataclass(frozen=True)
class HeatmapLayout:
    """Pixel geometry of the year heatmap, portrait for phones (the same for every input)::

                       title
             Jan Feb .. Jun    Jul .. Dec
          1  [ ] [ ]    [ ]    [ ]    [ ]   1
          :                                 :
         31  [ ] [ ]    [ ]    [ ]    [ ]  31
             fewest N [gradient.....] M most
             [ ] no date / no data

    Days run down (31 rows), months across in two halves; the day numbers
    stand on both sides. The title uses the board's header constants
    (MARGIN, TITLE_SIZE).
    """

    width: int
    height: int
    grid_left: int
    grid_top: int
    grid_right: int  # one past the December squares' right edge
    legend_top: int

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def cell_box(self, month: int, day: int) -> tuple[int, int, int, int]:
        """Inclusive pixel box ``(x0, y0, x1, y1)`` of a date's square (month and day from 1)."""
        x0 = self.grid_left + (month - 1) * HEATMAP_COLUMN + (HEATMAP_HALF_GAP if month > 6 else 0)
        y0 = self.grid_top + (day - 1) * HEATMAP_ROW
        return x0, y0, x0 + HEATMAP_COLUMN - 1 - HEATMAP_GAP, y0 + HEATMAP_ROW - 1 - HEATMAP_GAP

    def centre(self, month: int, day: int) -> Point:
        """The middle of a date's square, where its number is drawn."""
        x0, y0, x1, y1 = self.cell_box(month, day)
        return (x0 + x1 + 1) // 2, (y0 + y1 + 1) // 2

    def fill_point(self, month: int, day: int) -> Point:
        """A pixel of the date's square that never carries the printed number (near its top-left corner)."""
        x0, y0, _, _ = self.cell_box(month, day)
        return x0 + 2, y0 + 2


def heatmap_layout() -> HeatmapLayout:
    grid_left = HEATMAP_SIDE + HEATMAP_DAY_LABEL_W
    grid_right = grid_left + 12 * HEATMAP_COLUMN + HEATMAP_HALF_GAP - HEATMAP_GAP
    grid_top = MARGIN + TITLE_SIZE + 2 * HEADER_GAP + HEATMAP_MONTH_LABEL_H
    legend_top = grid_top + 31 * HEATMAP_ROW - HEATMAP_GAP + LEGEND_GAP
    return HeatmapLayout(
        width=grid_right + HEATMAP_DAY_LABEL_W + HEATMAP_SIDE,
        height=legend_top + LEGEND_LINE + LEGEND_BAR_H + HEATMAP_SIDE,
        grid_left=grid_left,
        grid_top=grid_top,
        grid_right=grid_right,
        legend_top=legend_top,
    )
