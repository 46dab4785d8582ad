"""The words and shapes the pictures and the front ends share: puzzle titles, dates, cell labels,
position captions, and the board's layout and colours for the web's drawings.

A picture (``render``) and the page or message beside it must say a date or name a cell the same
way, and the web board's SVG must match the PNG's layout and colours; the front ends take them
from here, never from ``render`` (the import contracts forbid it).
"""

from __future__ import annotations

from i18n.locale_data import written_date
from render.layout import board_layout, heatmap_layout
from render.palette import DARK_EMPTY, EMPTY, RGB, dark_piece_colour, mix
from render.position import POSITION_TITLES, piece_names, position_caption, position_text
from render.text import render_text
from render.words import (
    board_label,
    date_label,
    day_label,
    heatmap_words,
    join_words,
    long_month_name,
    month_day_words,
    month_name,
    open_cells_words,
    puzzle_title,
)

__all__ = [
    "DARK_EMPTY",
    "EMPTY",
    "POSITION_TITLES",
    "RGB",
    "board_label",
    "board_layout",
    "dark_piece_colour",
    "date_label",
    "day_label",
    "heatmap_layout",
    "heatmap_words",
    "join_words",
    "long_month_name",
    "mix",
    "month_day_words",
    "month_name",
    "open_cells_words",
    "piece_names",
    "position_caption",
    "position_text",
    "puzzle_title",
    "render_text",
    "written_date",
]
