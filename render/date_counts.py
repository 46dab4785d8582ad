"""PNG of solution counts for some dates only: the dates of an edition solved so far.

An edition solved on demand has only the dates someone asked for; a year grid of
them would be mostly empty squares. This picture has one tile per date given and
nothing else: the date on top, its count below, coloured on the year heatmap's
scale (:func:`render.images.heatmap_colour`), six tiles a row in the order given,
sized like :mod:`render.solved_days` for a 400 px wide phone (no text under 22 px).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from render.canvas import Canvas
from render.fonts import text_width
from render.images import heatmap_colour
from render.palette import CANVAS, INK, MUTED_INK, scale_colour, text_colour_on

WIDTH = 800
SIDE = 32
COLUMNS = 6
GAP = 8
TILE_H = 88
TITLE_SIZE = 36
SUBTITLE_SIZE = 26
LABEL_SIZE = 24
COUNT_SIZE = 30
MIN_TEXT = 22
LINE_GAP = 10
LEGEND_GAP = 28
BAR_H = 20
MAX_DATES = 72  # 12 rows: more dates than this make too tall a picture (the year grid is better)


@dataclass(frozen=True)
class DateCountsLayout:
    """Pixel geometry of ``count`` tiles::

            title
        only the dates solved so far
    [Jan 20] [Jan 21] [Jan 22] ...
    [  35  ] [  78  ] [ 216  ]
    fewest 35 [gradient.....] 216 most
    """

    count: int
    grid_top: int

    @property
    def tile_w(self) -> int:
        return (WIDTH - 2 * SIDE - (COLUMNS - 1) * GAP) // COLUMNS

    @property
    def rows(self) -> int:
        return max(1, -(-self.count // COLUMNS))

    @property
    def legend_top(self) -> int:
        return self.grid_top + self.rows * (TILE_H + GAP) - GAP + LEGEND_GAP

    @property
    def size(self) -> tuple[int, int]:
        return WIDTH, self.legend_top + BAR_H + 8 + SIDE

    def tile_box(self, index: int) -> tuple[int, int, int, int]:
        """Inclusive pixel box of the ``index``-th tile (from 0)."""
        row, column = divmod(index, COLUMNS)
        x0 = SIDE + column * (self.tile_w + GAP)
        y0 = self.grid_top + row * (TILE_H + GAP)
        return x0, y0, x0 + self.tile_w - 1, y0 + TILE_H - 1

    def fill_point(self, index: int) -> tuple[int, int]:
        """A pixel of the tile that shows its colour (clear of its texts)."""
        x0, y0, _, _ = self.tile_box(index)
        return x0 + 3, y0 + 3


def date_counts_layout(count: int) -> DateCountsLayout:
    grid_top = SIDE + TITLE_SIZE + LINE_GAP + SUBTITLE_SIZE + 2 * LINE_GAP
    return DateCountsLayout(count, grid_top)


def _fitted(text: str, size: int, room: int) -> int:
    while size > MIN_TEXT and text_width(text, size) > room:
        size -= 1
    return size


def _draw_scale(canvas: Canvas, top: int, start: str, end: str) -> None:
    """``start``, a gradient bar and ``end`` on one line across the picture."""
    left, right = SIDE, WIDTH - SIDE
    size = _fitted(start + end, LABEL_SIZE, (right - left) // 2)
    middle = top + BAR_H // 2
    canvas.text((left, middle), start, size, INK, CANVAS, anchor="lm")
    canvas.text((right, middle), end, size, INK, CANVAS, anchor="rm")
    bar_left = left + text_width(start, size) + 12
    bar_right = max(bar_left, right - text_width(end, size) - 12)
    for x in range(bar_left, bar_right + 1):
        colour = scale_colour((x - bar_left) / max(1, bar_right - bar_left))
        canvas.line((x, top), (x, top + BAR_H - 1), colour)


def render_date_counts(
    dates: Sequence[tuple[str, int]],
    *,
    title: str = "Solutions per date",
    subtitle: str = "Only the dates solved so far",
    fewest: str = "fewest {n}",
    most: str = "{n} most",
) -> bytes:
    """PNG of one tile per (date label, solution count) in ``dates``, in that order, coloured from
    the fewest (dark) to the most (bright) among them. Every text is a parameter, English by
    default; ``{n}`` in ``fewest`` and ``most`` stands for the smallest and largest count.
    ValueError for no date, or for more than :data:`MAX_DATES`."""
    if not dates or len(dates) > MAX_DATES:
        raise ValueError(f"between 1 and {MAX_DATES} dates, got {len(dates)}")
    layout = date_counts_layout(len(dates))
    canvas = Canvas(layout.size, CANVAS, paletted=False)  # scale colours: RGB
    canvas.text((WIDTH // 2, SIDE), title, _fitted(title, TITLE_SIZE, WIDTH - 2 * SIDE), INK, CANVAS, "mt")
    size = _fitted(subtitle, SUBTITLE_SIZE, WIDTH - 2 * SIDE)
    canvas.text((WIDTH // 2, SIDE + TITLE_SIZE + LINE_GAP), subtitle, size, MUTED_INK, CANVAS, "mt")
    low, high = min(c for _, c in dates), max(c for _, c in dates)
    for index, (label, count) in enumerate(dates):
        box = layout.tile_box(index)
        colour = heatmap_colour(count, low, high)
        ink = text_colour_on(colour)
        canvas.rectangle(box, colour)
        centre = (box[0] + box[2] + 1) // 2
        room = layout.tile_w - 8
        canvas.text((centre, box[1] + 10), label, _fitted(label, LABEL_SIZE, room), ink, colour, "mt")
        number = str(count)
        canvas.text((centre, box[3] - 8), number, _fitted(number, COUNT_SIZE, room), ink, colour, "mb")
    _draw_scale(canvas, layout.legend_top, fewest.format(n=low), most.format(n=high))
    return canvas.png()
