"""PNG images of boards (hints) and of the solutions-per-date heatmap.

Everything is drawn on integer pixel coordinates (no anti-aliasing except
inside text), with Pillow's bundled font only, and saved without metadata, so
the same input always gives the same bytes. Geometry lives in
:mod:`render.layout`, colours in :mod:`render.palette`.
"""

from __future__ import annotations

import calendar as std_calendar
from collections.abc import Collection, Iterable, Mapping, Sequence

from render.canvas import Canvas
from render.fonts import printable, text_width
from render.layout import (
    BORDER_WIDTH,
    HEADER_GAP,
    HEATMAP_COLUMN,
    HEATMAP_GAP,
    HEATMAP_LABEL_SIZE,
    HEATMAP_MIN_LABEL_SIZE,
    HEATMAP_NUMBER_SIZE,
    LEGEND_BAR_H,
    LEGEND_LINE,
    MARGIN,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    BoardLayout,
    HeatmapLayout,
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
from solver.encoding import Placement
from solver.geometry import Cell

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


def _draw_labels(canvas: Canvas, labels: Mapping[Cell, str], layout: BoardLayout, owners: Owners) -> None:
    for cell, label in labels.items():
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
    """The name badge's radius: well inside the cell (a fraction of the cell's incircle)."""
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
    labels: Mapping[Cell, str] | None = None,
) -> bytes:
    """PNG of the board with ``placements`` filled in their piece colours and ``marked`` cells shown dark.

    Uncovered cells stay white with their labels; thick lines separate pieces,
    marked cells and empty space, and surround the board. Pieces ``added`` by
    a hint are drawn lighter with a ring on each cell; pieces to take off
    (``crossed``) carry an X on each cell. Every piece shown carries its name
    in a badge. ``labels`` replaces the puzzle's cell labels (translated month names, say).
    ValueError if a placement or mark lies off the board.
    """
    layout = board_layout(puzzle)
    owners = _owners(puzzle, [*crossed, *placements, *added], marked)  # what the hint adds wins
    canvas = Canvas(layout.size, CANVAS)
    _draw_cells(canvas, layout, owners, {p.piece for p in added})
    _draw_edges(canvas, layout, owners)
    _draw_rings(canvas, layout, owners)
    _draw_new_marks(canvas, layout, added)
    _draw_crosses(canvas, layout, crossed)
    _draw_labels(canvas, puzzle.labels if labels is None else labels, layout, owners)
    _draw_piece_names(canvas, puzzle, layout, [*placements, *added])
    _draw_header(canvas, title, subtitle)
    return canvas.png()


# ---------------------------------------------------------------- heatmap

LEGEND_SPACING = 10  # px between a legend text and its gradient or swatch
LEGEND_BAR_MIN = 80  # px; the legend's texts shrink before the gradient gets shorter


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


def _fitted_size(text: str, size: int, room: int) -> int:
    """``size``, or the largest smaller size at which ``text`` fits ``room`` px (not below the minimum)."""
    while size > HEATMAP_MIN_LABEL_SIZE and text_width(text, size) > room:
        size -= 1
    return size


def _draw_axes(canvas: Canvas, layout: HeatmapLayout, month_names: Sequence[str]) -> None:
    """Month names above their columns, day numbers left of January and right of December.

    The month names share one size: the largest at which the longest fits its column.
    """
    size = min(_fitted_size(name, HEATMAP_LABEL_SIZE, HEATMAP_COLUMN - HEATMAP_GAP) for name in month_names)
    for month, name in enumerate(month_names, start=1):
        x, _ = layout.centre(month, 1)
        canvas.text((x, layout.grid_top - 8), name, size, INK, CANVAS, anchor="ms")  # on one baseline
    for day in range(1, 32):
        _, y = layout.centre(1, day)
        canvas.text((layout.grid_left - 8, y), str(day), HEATMAP_LABEL_SIZE, INK, CANVAS, anchor="rm")
        canvas.text((layout.grid_right + 8, y), str(day), HEATMAP_LABEL_SIZE, INK, CANVAS, anchor="lm")


def _draw_dates(
    canvas: Canvas, layout: HeatmapLayout, values: dict[tuple[int, int], int], low: int, high: int
) -> None:
    """Every square in its count's colour (grey without one), the count inside when it fits (4 digits do)."""
    room = HEATMAP_COLUMN - HEATMAP_GAP - 4
    for month in range(1, 13):
        for day in range(1, 32):
            count = values.get((month, day))
            colour = NO_DATE if count is None else heatmap_colour(count, low, high)
            canvas.rectangle(layout.cell_box(month, day), colour)
            if count is None:
                continue
            number = str(count)
            size = _fitted_size(number, HEATMAP_NUMBER_SIZE, room)
            if text_width(number, size) <= room:
                ink = text_colour_on(colour)
                canvas.text(layout.centre(month, day), number, size, ink, colour, anchor="mm")


def _draw_gradient(canvas: Canvas, left: int, right: int, top: int) -> None:
    for x in range(left, right + 1):
        colour = scale_colour((x - left) / max(1, right - left))
        canvas.line((x, top), (x, top + LEGEND_BAR_H - 1), colour)


def _draw_scale(canvas: Canvas, layout: HeatmapLayout, top: int, start: str, end: str) -> None:
    """``start``, a gradient bar and ``end`` on one line across the grid's width."""
    left, right = layout.grid_left, layout.grid_right
    room = right - left - 2 * LEGEND_SPACING - LEGEND_BAR_MIN
    size = HEATMAP_LABEL_SIZE
    while size > HEATMAP_MIN_LABEL_SIZE and text_width(start, size) + text_width(end, size) > room:
        size -= 1
    middle = top + LEGEND_BAR_H // 2
    canvas.text((left, middle), start, size, INK, CANVAS, anchor="lm")
    canvas.text((right, middle), end, size, INK, CANVAS, anchor="rm")
    bar_left = left + text_width(start, size) + LEGEND_SPACING
    bar_right = right - text_width(end, size) - LEGEND_SPACING
    _draw_gradient(canvas, bar_left, max(bar_left, bar_right), top)


def _draw_no_data(canvas: Canvas, layout: HeatmapLayout, top: int, text: str) -> None:
    """A grey swatch and what it means."""
    left = layout.grid_left
    canvas.rectangle((left, top, left + LEGEND_BAR_H - 1, top + LEGEND_BAR_H - 1), NO_DATE)
    text_left = left + LEGEND_BAR_H + LEGEND_SPACING
    size = _fitted_size(text, HEATMAP_LABEL_SIZE, layout.grid_right - text_left)
    canvas.text((text_left, top + LEGEND_BAR_H // 2), text, size, INK, CANVAS, anchor="lm")


def render_heatmap(
    counts: Mapping[str, int],
    *,
    title: str = "Solutions per date",
    month_names: Sequence[str] = MONTH_ABBREVIATIONS,
    fewest: str = "fewest {n}",
    most: str = "{n} most",
    no_data: str = "no date / no data",
) -> bytes:
    """PNG of the year: a square per date coloured by ``counts`` ("MM-DD" -> solutions), its count inside.

    Portrait, for phones: days run down, months across in two halves (see
    :class:`render.layout.HeatmapLayout`). Only real dates (02-29 included)
    take part in the scale; impossible dates (02-30) and dates missing from
    ``counts`` are grey. Every text drawn is a parameter, English by default,
    so a caller can localize it: ``title``; ``month_names``, the 12 column
    headings, January first (abbreviations: a column is 44 px wide, and all
    12 shrink together when one does not fit); ``fewest`` and ``most``, the
    two ends of the legend's scale, where ``{n}`` stands for the smallest and
    the largest count; ``no_data``, next to the grey swatch. Long texts shrink
    to fit. ValueError unless there are 12 month names.
    """
    if len(month_names) != 12:
        raise ValueError(f"month_names needs 12 names, got {len(month_names)}")
    layout = heatmap_layout()
    values = _real_counts(counts)
    canvas = Canvas(layout.size, CANVAS, paletted=False)  # hundreds of scale colours: RGB
    _draw_header(canvas, title, "")
    _draw_axes(canvas, layout, month_names)
    low, high = (min(values.values()), max(values.values())) if values else (0, 0)
    _draw_dates(canvas, layout, values, low, high)
    top = layout.legend_top
    if values:
        _draw_scale(canvas, layout, top, fewest.format(n=low), most.format(n=high))
        top += LEGEND_LINE
    _draw_no_data(canvas, layout, top, no_data)
    return canvas.png()
