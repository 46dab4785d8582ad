"""Pillow images of puzzle boards and of the solutions-per-date heatmap, as deterministic PNG bytes."""

from render.images import render_board, render_heatmap
from render.layout import BoardLayout, HeatmapLayout, board_layout, cell_centre, heatmap_layout
from render.palette import EMPTY, MARKED, NO_DATE, PALETTE, piece_colour, scale_colour

__all__ = [
    "EMPTY",
    "MARKED",
    "NO_DATE",
    "PALETTE",
    "BoardLayout",
    "HeatmapLayout",
    "board_layout",
    "cell_centre",
    "heatmap_layout",
    "piece_colour",
    "render_board",
    "render_heatmap",
    "scale_colour",
]
