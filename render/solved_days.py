"""PNG of one person's month: the days they solved, with and without hints, and today.

A month calendar, weeks across from Monday (or from the day ``first_weekday`` says: Sunday for
Japanese readers), sized for a phone: drawn 800 px
wide, Telegram shows it about 400 px wide, so every text is at least
``MIN_TEXT`` (22 px: 11 px on the phone). A day solved with no hint is filled
dark green with a tick; a day solved with hints is sand-coloured with one dot
per hint stage used (so the two differ in shape as well as colour); today is
framed. The words (title, weekday headings, legend) are parameters, English by
default, so a caller can translate them; the geometry is
:class:`SolvedDaysLayout`, the same for every month with as many weeks.
"""

from __future__ import annotations

import calendar as std_calendar
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from render.canvas import Canvas
from render.fonts import text_width
from render.palette import (
    BORDER,
    CANVAS,
    EMPTY,
    GRID,
    INK,
    MUTED_INK,
    RGB,
    SOLVED_CLEAN,
    SOLVED_HINTED,
    text_colour_on,
)

WIDTH = 800
SIDE = 32  # px left, right, above and below
CELL = 100  # a day's square
GAP = 6  # between squares
TITLE_SIZE = 36
SUBTITLE_SIZE = 26
WEEKDAY_SIZE = 24
DAY_SIZE = 30
LEGEND_SIZE = 26
MIN_TEXT = 22  # a long (translated) text shrinks to fit, never below this
LINE_GAP = 10
LEGEND_GAP = 28  # between the grid and the legend, and between legend items
LEGEND_LINE = 44  # px per legend line
SWATCH = 32
TODAY_FRAME = 4  # px of today's frame, drawn in the gap around its square
DOT_RADIUS = 7
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@dataclass(frozen=True)
class SolvedDaysLayout:
    """Pixel geometry of a month of ``weeks`` rows (4 to 6)::

            January 2026
     Calendar puzzles you solved
    Mon Tue Wed Thu Fri Sat Sun
              [1] [2] [3] [4]
    [5] [6] ...
    [■] solved, no hints  [▒] with hints  [□] today
    """

    year: int
    month: int
    weeks: int
    grid_top: int
    legend_top: int
    first_weekday: int = 0  # the weekday of the first column, Monday 0 to Sunday 6

    @property
    def first_column(self) -> int:
        """The column of the 1st (0 when the month starts on the first column's weekday)."""
        return (std_calendar.weekday(self.year, self.month, 1) - self.first_weekday) % 7

    def cell_box(self, day: int) -> tuple[int, int, int, int]:
        """Inclusive pixel box ``(x0, y0, x1, y1)`` of a day's square (day from 1)."""
        row, column = divmod(self.first_column + day - 1, 7)
        x0 = SIDE + column * (CELL + GAP)
        y0 = self.grid_top + row * (CELL + GAP)
        return x0, y0, x0 + CELL - 1, y0 + CELL - 1

    def fill_point(self, day: int) -> tuple[int, int]:
        """A pixel of the day's square that shows its fill (clear of the number, tick and dots)."""
        _, y0, x1, _ = self.cell_box(day)
        return x1 - 8, y0 + CELL // 2

    def column_centre(self, column: int) -> int:
        return SIDE + column * (CELL + GAP) + CELL // 2


def solved_days_layout(year: int, month: int, first_weekday: int = 0) -> SolvedDaysLayout:
    """The layout of ``month`` of ``year``, weeks starting on ``first_weekday`` (Monday 0); its
    number of weeks decides the height."""
    weeks = len(std_calendar.Calendar(first_weekday).monthdayscalendar(year, month))
    grid_top = SIDE + TITLE_SIZE + LINE_GAP + SUBTITLE_SIZE + 2 * LINE_GAP + WEEKDAY_SIZE + LINE_GAP
    legend_top = grid_top + weeks * (CELL + GAP) - GAP + LEGEND_GAP
    return SolvedDaysLayout(year, month, weeks, grid_top, legend_top, first_weekday)


def _fitted(text: str, size: int, room: int) -> int:
    """``size``, or the largest smaller one (not below :data:`MIN_TEXT`) at which ``text`` fits ``room``."""
    while size > MIN_TEXT and text_width(text, size) > room:
        size -= 1
    return size


# ---------------------------------------------------------------- marks


def _tick(canvas: Canvas, box: tuple[int, int, int, int], colour: RGB) -> None:
    """A tick in the lower right of a square, sized to it."""
    _, y0, x1, y1 = box
    unit = (y1 - y0 + 1) / CELL

    def at(dx: int, dy: int) -> tuple[int, int]:
        return x1 - round(dx * unit), y1 - round(dy * unit)

    width = max(3, round(6 * unit))
    canvas.line(at(44, 30), at(30, 16), colour, width)
    canvas.line(at(30, 16), at(10, 44), colour, width)


def _dots(canvas: Canvas, box: tuple[int, int, int, int], count: int, colour: RGB) -> None:
    """``count`` dots in a row along the bottom of a square (one per hint stage)."""
    x0, _, x1, y1 = box
    step = 3 * DOT_RADIUS
    left = (x0 + x1) // 2 - (count - 1) * step // 2
    for i in range(count):
        canvas.dot((left + i * step, y1 - 16), DOT_RADIUS, colour)


def _frame(canvas: Canvas, box: tuple[int, int, int, int]) -> None:
    """Today's frame, in the gap around its square so that it shows on any fill."""
    x0, y0, x1, y1 = box
    for i in range(1, TODAY_FRAME + 1):
        canvas.outline(((x0 - i, y0 - i), (x1 + i, y0 - i), (x1 + i, y1 + i), (x0 - i, y1 + i)), BORDER, 1)


def _fill(hints: int | None) -> RGB:
    if hints is None:
        return EMPTY
    return SOLVED_CLEAN if hints == 0 else SOLVED_HINTED


def _draw_day(
    canvas: Canvas, box: tuple[int, int, int, int], day: int, hints: int | None, future: bool
) -> None:
    """One square: its fill, outline, number, and the tick or the hint dots."""
    fill = _fill(hints)
    x0, y0, x1, y1 = box
    canvas.rectangle(box, fill)
    if hints is None:
        canvas.outline(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), GRID, 2)
    ink = MUTED_INK if future and hints is None else text_colour_on(fill)
    canvas.text((x0 + 10, y0 + 8), str(day), DAY_SIZE, ink, fill, anchor="lt")
    if hints == 0:
        _tick(canvas, box, ink)
    elif hints is not None:
        _dots(canvas, box, min(hints, 3), ink)


# ---------------------------------------------------------------- legend


def _legend_items(clean: str, hinted: str, today: str) -> list[tuple[str, int | None, bool]]:
    """(text, hints of the swatch or None for a blank one, framed) per legend item."""
    return [(clean, 0, False), (hinted, 1, False), (today, None, True)]


def _legend_rows(
    items: Sequence[tuple[str, int | None, bool]], room: int
) -> list[list[tuple[str, int | None, bool, int]]]:
    """The items flowed into lines of ``room`` px, each with its text size."""
    rows: list[list[tuple[str, int | None, bool, int]]] = [[]]
    used = 0
    for text, hints, framed in items:
        size = _fitted(text, LEGEND_SIZE, room - SWATCH - 10)
        width = SWATCH + 10 + text_width(text, size)
        if rows[-1] and used + LEGEND_GAP + width > room:
            rows.append([])
            used = 0
        used += (LEGEND_GAP if rows[-1] else 0) + width
        rows[-1].append((text, hints, framed, size))
    return rows


def _draw_swatch(canvas: Canvas, left: int, top: int, hints: int | None, framed: bool) -> None:
    box = (left, top, left + SWATCH - 1, top + SWATCH - 1)
    fill = _fill(hints)
    canvas.rectangle(box, fill)
    x0, y0, x1, y1 = box
    if hints is None:
        canvas.outline(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), GRID, 2)
    if framed:
        _frame(canvas, box)
    if hints == 0:
        _tick(canvas, box, text_colour_on(fill))
    elif hints:
        canvas.dot(((x0 + x1) // 2, (y0 + y1) // 2), DOT_RADIUS - 2, text_colour_on(fill))


def _draw_legend(
    canvas: Canvas, rows: Sequence[Sequence[tuple[str, int | None, bool, int]]], top: int
) -> None:
    for line, row in enumerate(rows):
        left, y = SIDE + TODAY_FRAME, top + line * LEGEND_LINE
        for text, hints, framed, size in row:
            _draw_swatch(canvas, left, y, hints, framed)
            canvas.text((left + SWATCH + 10, y + SWATCH // 2), text, size, INK, CANVAS, anchor="lm")
            left += SWATCH + 10 + text_width(text, size) + LEGEND_GAP


# ---------------------------------------------------------------- the month


def render_solved_days(
    year: int,
    month: int,
    solved: Mapping[int, int],
    *,
    today: int | None = None,
    title: str = "",
    subtitle: str = "Calendar puzzles you solved",
    weekday_names: Sequence[str] = WEEKDAYS,
    clean: str = "solved, no hints",
    hinted: str = "with hints (a dot per stage)",
    today_label: str = "today",
    first_weekday: int = 0,
) -> bytes:
    """PNG of ``month`` of ``year``: each day of ``solved`` (day of the month -> hint stages used,
    0 for none) marked, ``today`` (a day of this month, or None) framed, days after it in grey ink.

    ``title`` defaults to "January 2026"; ``weekday_names`` are the 7 column headings, Monday
    first (the picture starts its weeks on ``first_weekday``, Monday 0 to Sunday 6); ``clean``,
    ``hinted`` and ``today_label`` the legend. Long texts shrink to fit (not below 22 px).
    ValueError unless there are 7 weekday names or if a day is not in the month.
    """
    if len(weekday_names) != 7:
        raise ValueError(f"weekday_names needs 7 names, got {len(weekday_names)}")
    days = std_calendar.monthrange(year, month)[1]
    outside = sorted(d for d in solved if not 1 <= d <= days)
    if outside or (today is not None and not 1 <= today <= days):
        raise ValueError(f"days {outside or [today]} are not in {year}-{month:02d}")
    room = WIDTH - 2 * SIDE - 2 * TODAY_FRAME
    rows = _legend_rows(_legend_items(clean, hinted, today_label), room)
    layout = solved_days_layout(year, month, first_weekday)
    height = layout.legend_top + len(rows) * LEGEND_LINE - (LEGEND_LINE - SWATCH) + SIDE
    canvas = Canvas((WIDTH, height), CANVAS)
    heading = title or f"{std_calendar.month_name[month]} {year}"
    canvas.text(
        (WIDTH // 2, SIDE), heading, _fitted(heading, TITLE_SIZE, WIDTH - 2 * SIDE), INK, CANVAS, "mt"
    )
    if subtitle:
        size = _fitted(subtitle, SUBTITLE_SIZE, WIDTH - 2 * SIDE)
        canvas.text((WIDTH // 2, SIDE + TITLE_SIZE + LINE_GAP), subtitle, size, MUTED_INK, CANVAS, "mt")
    header_top = layout.grid_top - LINE_GAP - WEEKDAY_SIZE
    for column, name in enumerate((*weekday_names[first_weekday:], *weekday_names[:first_weekday])):
        size = _fitted(name, WEEKDAY_SIZE, CELL)
        canvas.text((layout.column_centre(column), header_top), name, size, INK, CANVAS, "mt")
    for day in range(1, days + 1):
        box = layout.cell_box(day)
        _draw_day(canvas, box, day, solved.get(day), today is not None and day > today)
    if today is not None:
        _frame(canvas, layout.cell_box(today))
    _draw_legend(canvas, rows, layout.legend_top)
    return canvas.png()
