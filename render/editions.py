"""The calendar editions side by side, each as its board and its piece set: what tells them apart.

Three editions share DragonFjord's board and differ only in one or two pieces, so a sheet of
empty boards cannot say which one is on your table; the pieces can. The two weekday editions have
the same board and pieces and differ in the order of the weekdays printed on it, so the cells
carry their labels (months, days, weekdays, in the sheet's language). Each tile is the edition's
short name, its board with every cell's label (the cells a date leaves open are not marked: every
date differs) and its pieces, each in its drawn orientation and colour, with its letter. Drawn at
2x for phones: the sheet is 800 px wide and stays legible shown at 400.
"""

from __future__ import annotations

from collections.abc import Sequence

from render.canvas import Canvas
from render.fonts import text_width
from render.palette import BORDER, CANVAS, EMPTY, GRID, INK, INK_LIGHT, piece_colour
from render.words import board_labels
from solver.catalog import Puzzle
from solver.geometry import Cell, Lattice

SHEET_WIDTH = 800
COLUMNS = 2
TILE_WIDTH = SHEET_WIDTH // COLUMNS
PADDING = 18
TITLE_SIZE = 30  # px at 800 wide: 15 px shown at 400
MIN_TITLE_SIZE = 22  # a long name is drawn smaller to fit its tile, down to 11 px shown at 400
BOARD_CELL = 40  # room for a cell's label ("Wed", "10月") at LABEL_SIZE
LABEL_SIZE = 16  # the board's labels: 8 px shown at 400, read like the printed board's small type
MIN_LABEL_SIZE = 11  # a long (translated) label is drawn smaller to fit its cell, down to this
PIECE_CELL = 22  # px at 800 wide: 11 px shown at 400
PIECE_GAP = 10
LETTER_SIZE = 18  # the pieces' letters: 9 px shown at 400


def _extent(lattice: Lattice, cells: Sequence[Cell], side: float) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the cells drawn with sides of ``side`` pixels."""
    points = [_plane(lattice, vertex, side) for cell in cells for vertex in lattice.vertices(cell)]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def _plane(lattice: Lattice, vertex: tuple[int, int], side: float) -> tuple[float, float]:
    k, row = vertex
    return k * lattice.vertex_step[0] * side, row * lattice.vertex_step[1] * side


def _draw_cells(
    canvas: Canvas,
    lattice: Lattice,
    cells: Sequence[Cell],
    side: float,
    origin: tuple[float, float],
    fill: tuple[int, int, int],
    edge: tuple[int, int, int],
) -> None:
    left, top, _, _ = _extent(lattice, cells, side)
    for cell in cells:
        corners = tuple(
            (round(origin[0] + x - left), round(origin[1] + y - top))
            for x, y in (_plane(lattice, v, side) for v in lattice.vertices(cell))
        )
        canvas.polygon(corners, fill)
        canvas.outline(corners, edge, 1)


def _pieces_height(puzzle: Puzzle, room: int) -> int:
    """How tall the piece set is when its pieces flow in rows ``room`` pixels wide."""
    rows = _piece_rows(puzzle, room)
    return round(sum(height for _, height in rows)) + PIECE_GAP * len(rows)


def _piece_rows(puzzle: Puzzle, room: int) -> list[tuple[list[tuple[int, float]], float]]:
    """The pieces flowed into rows: each row is [(piece index, x)] and its height."""
    rows: list[tuple[list[tuple[int, float]], float]] = []
    row: list[tuple[int, float]] = []
    x = height = 0.0
    for index, piece in enumerate(puzzle.pieces):
        left, top, right, bottom = _extent(puzzle.lattice, piece.orientations[0], PIECE_CELL)
        width = right - left
        if row and x + width > room:
            rows.append((row, height))
            row, x, height = [], 0.0, 0.0
        row.append((index, x))
        x += width + PIECE_GAP
        height = max(height, bottom - top)
    if row:
        rows.append((row, height))
    return rows


def _tile_height(puzzle: Puzzle) -> int:
    room = TILE_WIDTH - 2 * PADDING
    _, top, _, bottom = _extent(puzzle.lattice, puzzle.cells, BOARD_CELL)
    return round(PADDING + TITLE_SIZE + 12 + (bottom - top) + 14 + _pieces_height(puzzle, room) + PADDING)


def _title_size(name: str, room: int) -> int:
    """The title's size: :data:`TITLE_SIZE`, or smaller (not below 22 px) so a long name fits."""
    size = TITLE_SIZE
    while size > MIN_TITLE_SIZE and text_width(name, size) > room:
        size -= 1
    return size


def _draw_labels(canvas: Canvas, puzzle: Puzzle, origin: tuple[float, float], language: str) -> None:
    """Each labelled cell's label, centred in it, as the printed board has it."""
    left, top, _, _ = _extent(puzzle.lattice, puzzle.cells, BOARD_CELL)
    for cell, label in board_labels(puzzle, language).items():
        corners = [_plane(puzzle.lattice, vertex, BOARD_CELL) for vertex in puzzle.lattice.vertices(cell)]
        x = origin[0] - left + sum(cx for cx, _ in corners) / len(corners)
        y = origin[1] - top + sum(cy for _, cy in corners) / len(corners)
        size = LABEL_SIZE
        while size > MIN_LABEL_SIZE and text_width(label, size) > BOARD_CELL - 4:
            size -= 1
        canvas.text((round(x), round(y)), label, size, INK, EMPTY, "mm")


def _draw_tile(canvas: Canvas, puzzle: Puzzle, name: str, origin: tuple[int, int], language: str) -> None:
    x0, y0 = origin
    room = TILE_WIDTH - 2 * PADDING
    size = _title_size(name, room)
    canvas.text((x0 + PADDING, y0 + PADDING + (TITLE_SIZE - size) // 2), name, size, INK, CANVAS, "lt")
    y = y0 + PADDING + TITLE_SIZE + 12
    _, top, _, bottom = _extent(puzzle.lattice, puzzle.cells, BOARD_CELL)
    _draw_cells(canvas, puzzle.lattice, puzzle.cells, BOARD_CELL, (x0 + PADDING, y), EMPTY, GRID)
    _draw_labels(canvas, puzzle, (x0 + PADDING, y), language)
    y += round(bottom - top) + 14
    for row, height in _piece_rows(puzzle, room):
        for index, x in row:
            piece = puzzle.pieces[index]
            shape = piece.orientations[0]
            colour = piece_colour(index)
            origin_xy = (x0 + PADDING + x, y)
            _draw_cells(canvas, puzzle.lattice, shape, PIECE_CELL, origin_xy, colour, BORDER)
            canvas.text(
                _letter_spot(puzzle.lattice, shape, origin_xy),
                piece.name,
                LETTER_SIZE,
                INK_LIGHT,
                colour,
                "mm",
            )
        y += round(height) + PIECE_GAP


def _letter_spot(lattice: Lattice, shape: Sequence[Cell], origin: tuple[float, float]) -> tuple[int, int]:
    """The middle of the piece's first cell, where its letter goes."""
    left, top, _, _ = _extent(lattice, shape, PIECE_CELL)
    corners = [_plane(lattice, vertex, PIECE_CELL) for vertex in lattice.vertices(shape[0])]
    x = sum(cx for cx, _ in corners) / len(corners)
    y = sum(cy for _, cy in corners) / len(corners)
    return round(origin[0] + x - left), round(origin[1] + y - top)


def render_editions(editions: Sequence[tuple[Puzzle, str]], language: str = "en") -> bytes:
    """PNG of every edition as (puzzle, short name), two to a row, in reading order, the boards'
    labels in ``language``."""
    rows = [editions[i : i + COLUMNS] for i in range(0, len(editions), COLUMNS)]
    heights = [max(_tile_height(p) for p, _ in row) for row in rows]
    canvas = Canvas((SHEET_WIDTH, sum(heights)), CANVAS, paletted=False)
    top = 0
    for row, height in zip(rows, heights, strict=True):
        for column, (puzzle, name) in enumerate(row):
            _draw_tile(canvas, puzzle, name, (column * TILE_WIDTH, top), language)
        top += height
        canvas.line((0, top - 1), (SHEET_WIDTH, top - 1), GRID)
    canvas.line((TILE_WIDTH, 0), (TILE_WIDTH, top), GRID)
    return canvas.png()
