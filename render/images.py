"""PNG images of boards (hints) and of the solutions-per-date heatmap.

Everything is drawn on integer pixel coordinates (no anti-aliasing except
inside text), with Pillow's bundled font only, and saved without metadata, so
the same input always gives the same bytes. Geometry lives in
:mod:`render.layout`, colours in :mod:`render.palette`.
"""

from __future__ import annotations

import calendar as std_calendar
from collections.abc import Collection, Iterable, Mapping

from render.canvas import Canvas
from render.fonts import printable, text_width
from render.layout import (
    BORDER_WIDTH,
    HEADER_GAP,
    HEATMAP_CELL,
    HEATMAP_GAP,
    LEGEND_BAR_H,
    LEGEND_BAR_W,
    MARGIN,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    BoardLayout,
    board_layout,
    heatmap_layout,
)
from render.palette import (
    BORDER,
    CANVAS,
    EMPTY,
    GRID,
    INK,
    MARKED,
    MARKED_RING,
    MUTED_INK,
    NO_DATE,
    RGB,
    mix,
    piece_colour,
    scale_colour,
    text_colour_on,
)
from solver.catalog import LEAP_YEAR, MONTH_ABBREVIATIONS, Puzzle
from solver.geometry import Cell
from solver.problem import Placement

_MARKED_OWNER = -1  # owner key of a marked cell; pieces are 0, 1, ...
Owners = dict[Cell, int]


# ---------------------------------------------------------------- shared


def _draw_centred_line(canvas: Canvas, text: str, y: int, size: int, colour: RGB) -> None:
    """One line of text centred horizontally on the canvas background, shrunk until it fits the margins."""
    width = canvas.image.width
    while size > 12 and text_width(printable(text, size), size) > width - 2 * MARGIN:
        size -= 1
    canvas.text((width // 2, y), text, size, colour, CANVAS, anchor="mt")


def _draw_header(canvas: Canvas, title: str, subtitle: str) -> None:
    if title:
        _draw_centred_line(canvas, title, MARGIN, TITLE_SIZE, INK)
    if subtitle:
        _draw_centred_line(canvas, subtitle, MARGIN + TITLE_SIZE + HEADER_GAP, SUBTITLE_SIZE, MUTED_INK)


# ---------------------------------------------------------------- board


def _owners(puzzle: Puzzle, placements: Iterable[Placement], marked: Collection[Cell]) -> Owners:
    """Cell -> piece index (or _MARKED_OWNER); a placement wins over a mark, as in render.text."""
    board = set(puzzle.cells)
    owner = {cell: _MARKED_OWNER for cell in marked}
    for placement in placements:
        if not 0 <= placement.piece < len(puzzle.pieces):
            raise ValueError(f"piece index {placement.piece} out of range for {puzzle.id}")
        for cell in placement.cells:
            owner[cell] = placement.piece
    outside = sorted(set(owner) - board)
    if outside:
        raise ValueError(f"cells {outside} are not on the {puzzle.id} board")
    return owner


def _fill(owner: int | None) -> RGB:
    if owner is None:
        return EMPTY
    return MARKED if owner == _MARKED_OWNER else piece_colour(owner)


def _grid_colour(owner: int | None) -> RGB:
    """Thin line between two cells of one owner: grey on empty cells, a darker shade on a piece."""
    if owner is None:
        return GRID
    if owner == _MARKED_OWNER:
        return mix(MARKED, EMPTY, 0.3)
    return mix(piece_colour(owner), BORDER, 0.3)


def _draw_cells(canvas: Canvas, layout: BoardLayout, owners: Owners, tinted: Collection[int] = ()) -> None:
    """Each cell in its owner's colour; pieces in ``tinted`` (a hint's new pieces) in a lighter shade."""
    for cell, polygon in layout.polygons.items():
        owner = owners.get(cell)
        fill = _fill(owner)
        canvas.polygon(polygon, mix(fill, EMPTY, NEW_TINT) if owner in tinted else fill)


NEW_TINT = 0.45  # how far a hint's new pieces are lightened towards white
NEW_MARK_INSET = 0.55  # the dashed ring on each cell of a new piece, as a fraction of the cell


def _draw_new_marks(canvas: Canvas, layout: BoardLayout, added: Iterable[Placement]) -> None:
    """A ring in the piece's own colour on each cell of a piece the hint adds."""
    for placement in added:
        colour = mix(piece_colour(placement.piece), BORDER, 0.35)
        for cell in placement.cells:
            cx, cy = layout.centre(cell)
            ring = tuple(
                (round(cx + (x - cx) * NEW_MARK_INSET), round(cy + (y - cy) * NEW_MARK_INSET))
                for x, y in layout.polygons[cell]
            )
            canvas.outline(ring, colour, width=3)


def _draw_crosses(canvas: Canvas, layout: BoardLayout, crossed: Iterable[Placement]) -> None:
    """A bold X over each cell of a piece to take off."""
    arm = max(4, layout.side // 4)
    for placement in crossed:
        for cell in placement.cells:
            x, y = layout.centre(cell)
            canvas.line((x - arm, y - arm), (x + arm, y + arm), BORDER, BORDER_WIDTH)
            canvas.line((x - arm, y + arm), (x + arm, y - arm), BORDER, BORDER_WIDTH)


def _draw_edges(canvas: Canvas, layout: BoardLayout, owners: Owners) -> None:
    """Thin lines inside one owner's region first, then thick ones between owners and around the board.

    Thick segments get round caps (dots at both ends) so that segments meeting
    at any angle, as on the triangular lattice, join without notches.
    """
    thick = []
    for edge in layout.edges:
        sides = {owners.get(cell) for cell in edge.cells}
        if len(edge.cells) == 1 or len(sides) > 1:
            thick.append(edge)
        else:
            canvas.line(edge.start, edge.end, _grid_colour(sides.pop()))
    for edge in thick:
        canvas.line(edge.start, edge.end, BORDER, BORDER_WIDTH)
    for point in sorted({p for edge in thick for p in (edge.start, edge.end)}):
        canvas.dot(point, BORDER_WIDTH // 2, BORDER)


def _draw_rings(canvas: Canvas, layout: BoardLayout, owners: Owners) -> None:
    for cell, owner in owners.items():
        if owner == _MARKED_OWNER:
            canvas.outline(layout.ring(cell), MARKED_RING, width=3)


def _draw_labels(canvas: Canvas, puzzle: Puzzle, layout: BoardLayout, owners: Owners) -> None:
    for cell, label in puzzle.labels.items():
        fill = _fill(owners.get(cell))
        canvas.text(layout.centre(cell), label, layout.label_size, text_colour_on(fill), fill, anchor="mm")


NAME_BADGE_SCALE = 0.68  # the badge carrying a piece's name, as a fraction of the cell's inradius


def name_cell(layout: BoardLayout, placement: Placement) -> Cell:
    """The piece's cell nearest its middle, where its name is printed."""
    points = {cell: layout.centre(cell) for cell in placement.cells}
    mx = sum(x for x, _ in points.values()) / len(points)
    my = sum(y for _, y in points.values()) / len(points)
    return min(points, key=lambda c: ((points[c][0] - mx) ** 2 + (points[c][1] - my) ** 2, c))


def badge_radius(layout: BoardLayout, cell: Cell) -> int:
    """The name badge's radius: well inside the cell (a square's or a triangle's incircle)."""
    cx, cy = layout.centre(cell)
    points = layout.polygons[cell]
    midpoints = [
        ((ax + bx) / 2, (ay + by) / 2)
        for (ax, ay), (bx, by) in zip(points, (*points[1:], points[0]), strict=True)
    ]
    inradius = min(((mx - cx) ** 2 + (my - cy) ** 2) ** 0.5 for mx, my in midpoints)
    return max(6, round(inradius * NAME_BADGE_SCALE))


def _draw_piece_names(
    canvas: Canvas, puzzle: Puzzle, layout: BoardLayout, placements: Iterable[Placement]
) -> None:
    """Each piece's name (L, N, L4 ...) in a small badge, so a hint can be read aloud."""
    for placement in placements:
        name = puzzle.pieces[placement.piece].name
        colour = mix(piece_colour(placement.piece), EMPTY, 0.75)
        cell = name_cell(layout, placement)
        centre, radius = layout.centre(cell), badge_radius(layout, cell)
        size = max(8, round(radius * 1.2))
        canvas.dot(centre, radius, BORDER)
        canvas.dot(centre, radius - 2, colour)
        canvas.text(centre, name, size if len(name) == 1 else round(size * 0.8), BORDER, colour, anchor="mm")


def render_board(
    puzzle: Puzzle,
    placements: Iterable[Placement],
    *,
    marked: Collection[Cell] = frozenset(),
    title: str = "",
    subtitle: str = "",
    added: Collection[Placement] = (),
    crossed: Collection[Placement] = (),
) -> bytes:
    """PNG of the board with ``placements`` filled in their piece colours and ``marked`` cells shown dark.

    Uncovered cells stay white with their labels; thick lines separate pieces,
    marked cells and empty space, and surround the board. Pieces ``added`` by
    a hint are drawn lighter with a ring on each cell; pieces to take off
    (``crossed``) carry an X on each cell. Every piece shown carries its name
    in a badge. ValueError if a placement or mark lies off the board.
    """
    layout = board_layout(puzzle)
    owners = _owners(puzzle, [*crossed, *placements, *added], marked)  # what the hint adds wins
    canvas = Canvas(layout.size, CANVAS)
    _draw_cells(canvas, layout, owners, {p.piece for p in added})
    _draw_edges(canvas, layout, owners)
    _draw_rings(canvas, layout, owners)
    _draw_new_marks(canvas, layout, added)
    _draw_crosses(canvas, layout, crossed)
    _draw_labels(canvas, puzzle, layout, owners)
    _draw_piece_names(canvas, puzzle, layout, [*placements, *added])
    _draw_header(canvas, title, subtitle)
    return canvas.png()


# ---------------------------------------------------------------- heatmap

_NUMBER_SIZE = 12
_AXIS_SIZE = 14


def days_in_month(month: int) -> int:
    """Days of ``month`` in a leap year (02-29 is a real date, as in the catalog)."""
    return std_calendar.monthrange(LEAP_YEAR, month)[1]


def _real_counts(counts: Mapping[str, int]) -> dict[tuple[int, int], int]:
    """(month, day) -> count for the dates that exist and appear in ``counts``."""
    found = {}
    for month in range(1, 13):
        for day in range(1, days_in_month(month) + 1):
            key = f"{month:02d}-{day:02d}"
            if key in counts:
                found[(month, day)] = counts[key]
    return found


def heatmap_colour(count: int, low: int, high: int) -> RGB:
    """Scale colour of ``count`` between ``low`` (dark end) and ``high`` (bright end); middle if equal."""
    return scale_colour(0.5 if high == low else (count - low) / (high - low))


def _draw_axes(canvas: Canvas, grid_left: int, grid_top: int) -> None:
    for month, name in enumerate(MONTH_ABBREVIATIONS, start=1):
        y = grid_top + (month - 1) * HEATMAP_CELL + (HEATMAP_CELL - HEATMAP_GAP) // 2
        canvas.text((grid_left - 8, y), name, _AXIS_SIZE, INK, CANVAS, anchor="rm")
    for day in range(1, 32):
        x = grid_left + (day - 1) * HEATMAP_CELL + (HEATMAP_CELL - HEATMAP_GAP) // 2
        canvas.text((x, grid_top - 6), str(day), _AXIS_SIZE, INK, CANVAS, anchor="mb")


def _draw_dates(canvas: Canvas, values: dict[tuple[int, int], int], low: int, high: int) -> None:
    layout = heatmap_layout()
    for month in range(1, 13):
        for day in range(1, 32):
            box = layout.cell_box(month, day)
            count = values.get((month, day))
            colour = NO_DATE if count is None else heatmap_colour(count, low, high)
            canvas.rectangle(box, colour)
            if count is not None and text_width(str(count), _NUMBER_SIZE) <= box[2] - box[0] - 4:
                centre = ((box[0] + box[2] + 1) // 2, (box[1] + box[3] + 1) // 2)
                canvas.text(centre, str(count), _NUMBER_SIZE, text_colour_on(colour), colour, anchor="mm")


def _draw_gradient(canvas: Canvas, left: int, top: int) -> None:
    for i in range(LEGEND_BAR_W):
        colour = scale_colour(i / (LEGEND_BAR_W - 1))
        canvas.line((left + i, top), (left + i, top + LEGEND_BAR_H - 1), colour)


def _draw_legend(canvas: Canvas, top: int, low: int | None, high: int | None) -> None:
    """'fewest N', a gradient bar, 'M most', then a swatch for 'no date / no data'."""
    middle = top + LEGEND_BAR_H // 2
    x = MARGIN
    if low is not None and high is not None:
        canvas.text((x, middle), f"fewest {low}", _AXIS_SIZE, INK, CANVAS, anchor="lm")
        x += text_width(f"fewest {low}", _AXIS_SIZE) + 10
        _draw_gradient(canvas, x, top)
        x += LEGEND_BAR_W + 10
        canvas.text((x, middle), f"{high} most", _AXIS_SIZE, INK, CANVAS, anchor="lm")
        x += text_width(f"{high} most", _AXIS_SIZE) + 40
    canvas.rectangle((x, top, x + LEGEND_BAR_H - 1, top + LEGEND_BAR_H - 1), NO_DATE)
    canvas.text((x + LEGEND_BAR_H + 8, middle), "no date / no data", _AXIS_SIZE, INK, CANVAS, anchor="lm")


def render_heatmap(counts: Mapping[str, int], *, title: str = "Solutions per date") -> bytes:
    """PNG of a months x days grid coloured by ``counts`` ("MM-DD" -> solutions), numbers inside.

    Only real dates (02-29 included) take part in the scale; impossible dates
    (02-30) and dates missing from ``counts`` are grey.
    """
    layout = heatmap_layout()
    values = _real_counts(counts)
    low = min(values.values()) if values else None
    high = max(values.values()) if values else None
    canvas = Canvas(layout.size, CANVAS, paletted=False)  # hundreds of scale colours: RGB
    _draw_header(canvas, title, "")
    _draw_axes(canvas, layout.grid_left, layout.grid_top)
    _draw_dates(canvas, values, low or 0, high or 0)
    _draw_legend(canvas, layout.legend_top, low, high)
    return canvas.png()
