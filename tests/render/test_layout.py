"""Pixel geometry: long thin boards drawn upright, every cell inside its image, the phone-sized heatmap."""

from __future__ import annotations

import itertools

import pytest

from render.fonts import text_width
from render.images import LEGEND_BAR_MIN, LEGEND_SPACING
from render.layout import (
    HEADER_GAP,
    HEATMAP_GAP,
    HEATMAP_LABEL_SIZE,
    HEATMAP_NUMBER_SIZE,
    MARGIN,
    MAX_ASPECT,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    BoardLayout,
    Point,
    board_layout,
    heatmap_layout,
)
from solver.catalog import MONTH_ABBREVIATIONS
from solver.puzzles import all_puzzles, get_puzzle

PHONE_WIDTH = 400  # px: a phone's chat bubble
LEGIBLE = 9  # px of font size, at least, once an image is scaled down to PHONE_WIDTH
UPRIGHT = ["pentomino-3x20", "pentomino-4x15", "pentomino-5x12"]
AS_THEY_ARE = ["pentomino-6x10", "pentomino-8x8-hole", "calendar-dragonfjord", "hexiamond-rhombus-6x6"]


def signed_area(polygon: tuple[Point, ...]) -> int:
    """Twice the polygon's area, positive when its corners run clockwise on screen (y down)."""
    return sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygon, (*polygon[1:], polygon[0]), strict=True)
    )


# ---------------------------------------------------------------- boards


@pytest.mark.parametrize("puzzle_id", UPRIGHT)
def test_long_thin_boards_are_drawn_upright_within_the_aspect_limit(puzzle_id: str) -> None:
    layout = board_layout(get_puzzle(puzzle_id))
    assert layout.turned
    assert layout.width < layout.height <= MAX_ASPECT * layout.width
    xs = [x for polygon in layout.polygons.values() for x, _ in polygon]
    assert abs(min(xs) - (layout.width - max(xs))) <= 1  # centred between the side margins


@pytest.mark.parametrize("puzzle_id", AS_THEY_ARE)
def test_other_boards_keep_their_orientation(puzzle_id: str) -> None:
    """Rows run down and columns left to right, as in the catalog's drawing."""
    puzzle = get_puzzle(puzzle_id)
    layout = board_layout(puzzle)
    assert not layout.turned
    cells = sorted(puzzle.cells)
    for a, b in itertools.pairwise(cells):
        (xa, ya), (xb, yb) = layout.centre(a), layout.centre(b)
        assert xa < xb if a[0] == b[0] else ya < yb, (a, b)


def test_the_6x10_stays_landscape() -> None:
    layout = board_layout(get_puzzle("pentomino-6x10"))
    assert layout.width > layout.height


def test_turning_is_a_quarter_turn_clockwise_not_a_mirror() -> None:
    """The left end goes to the top and the top row to the right; corners stay clockwise on screen."""
    puzzle = get_puzzle("pentomino-3x20")
    layout = board_layout(puzzle)
    (x, y), side = layout.centre((0, 0)), layout.side
    assert layout.centre((0, 1)) == (x, y + side)  # along the top row: downwards
    assert layout.centre((1, 0)) == (x - side, y)  # down a column: leftwards
    assert all(layout.centre(cell)[1] >= y for cell in puzzle.cells)
    assert all(layout.centre(cell)[0] <= x for cell in puzzle.cells)
    assert all(signed_area(polygon) == 2 * side * side for polygon in layout.polygons.values())


@pytest.mark.parametrize("puzzle_id", UPRIGHT)
def test_turned_neighbours_share_edges(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    layout = board_layout(puzzle)
    for edge in layout.edges:
        (x0, y0), (x1, y1) = edge.start, edge.end
        assert abs(x1 - x0) + abs(y1 - y0) == layout.side and (x0 == x1 or y0 == y1)
        if len(edge.cells) == 2:
            assert puzzle.lattice.shares_edge(*edge.cells)
    inner = sum(len(edge.cells) == 2 for edge in layout.edges)
    outline = sum(len(edge.cells) == 1 for edge in layout.edges)
    assert 4 * len(puzzle.cells) == 2 * inner + outline


def board_is_inside(layout: BoardLayout) -> bool:
    """Every corner inside the image, below the header, and clear of the side margins."""
    top = MARGIN + TITLE_SIZE + HEADER_GAP + SUBTITLE_SIZE + 2 * HEADER_GAP
    right, bottom = layout.width - MARGIN, layout.height - MARGIN
    points = [point for polygon in layout.polygons.values() for point in polygon]
    return all(MARGIN <= x <= right and top <= y <= bottom for x, y in points)


@pytest.mark.parametrize("puzzle_id", sorted(all_puzzles()))
def test_every_cell_centre_is_inside_the_image(puzzle_id: str) -> None:
    layout = board_layout(get_puzzle(puzzle_id))
    for cell in layout.polygons:
        x, y = layout.centre(cell)
        assert 0 <= x < layout.width and 0 <= y < layout.height, cell
    assert board_is_inside(layout)
    assert max(layout.size) >= 800


# ---------------------------------------------------------------- heatmap


def test_heatmap_is_portrait() -> None:
    layout = heatmap_layout()
    assert layout.width < layout.height
    assert max(layout.size) >= 800


def test_heatmap_texts_stay_legible_at_phone_width() -> None:
    layout = heatmap_layout()
    smallest = min(HEATMAP_NUMBER_SIZE, HEATMAP_LABEL_SIZE)  # numbers, day and month labels, legend
    assert smallest * PHONE_WIDTH / layout.width >= LEGIBLE
    # ... and nothing shrinks them: 4-digit counts, the English month names and legend fit at full size
    x0, _, x1, _ = layout.cell_box(1, 1)
    assert text_width("9999", HEATMAP_NUMBER_SIZE) <= x1 - x0 + 1 - 4
    assert all(text_width(name, HEATMAP_LABEL_SIZE) <= x1 - x0 + 1 for name in MONTH_ABBREVIATIONS)
    scale = text_width("fewest 9999", HEATMAP_LABEL_SIZE) + text_width("9999 most", HEATMAP_LABEL_SIZE)
    assert scale + 2 * LEGEND_SPACING + LEGEND_BAR_MIN <= layout.grid_right - layout.grid_left


def test_heatmap_squares_tile_days_down_and_months_across_in_two_halves() -> None:
    layout = heatmap_layout()
    boxes = {(m, d): layout.cell_box(m, d) for m in range(1, 13) for d in range(1, 32)}
    for (month, day), (x0, y0, x1, y1) in boxes.items():
        assert layout.grid_left <= x0 < x1 < layout.grid_right
        assert layout.grid_top <= y0 < y1 < layout.legend_top
        if day > 1:
            assert y0 == boxes[(month, day - 1)][3] + 1 + HEATMAP_GAP  # the next day right below
        if month > 1:
            gap = x0 - boxes[(month - 1, day)][2] - 1
            assert gap > HEATMAP_GAP if month == 7 else gap == HEATMAP_GAP  # July starts the second half
    assert boxes[(12, 1)][2] + 1 == layout.grid_right
    for month, day in boxes:
        fx, fy = layout.fill_point(month, day)
        cx, cy = layout.centre(month, day)
        x0, y0, x1, y1 = boxes[(month, day)]
        assert x0 <= fx < cx <= x1 and y0 <= fy < cy <= y1
