"""Board and heatmap images: PNG properties, determinism, and colours sampled at cell fill points."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import pairwise

import pytest
from PIL import Image, ImageChops

from render import (
    EMPTY,
    MARKED,
    NO_DATE,
    PALETTE,
    board_layout,
    heatmap_layout,
    piece_colour,
    render_board,
    render_heatmap,
    scale_colour,
)
from render.fonts import printable, text_width
from render.images import badge_radius, name_cell
from render.layout import HEATMAP_NUMBER_SIZE, BoardLayout
from render.palette import BORDER, text_colour_on
from solver.catalog import MONTH_ABBREVIATIONS, Puzzle
from solver.cover import find_solution
from solver.encoding import Placement
from solver.geometry import Cell
from solver.problem import TargetProblem
from solver.puzzles import get_puzzle

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@cache
def solution(puzzle_id: str, target: str) -> tuple[Placement, ...]:
    puzzle = get_puzzle(puzzle_id)
    problem = TargetProblem(puzzle, puzzle.target(target))
    found = find_solution(problem.cover)
    assert found is not None
    return problem.to_placements(found)


def open_png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def name_cells(layout: BoardLayout, placements: Iterable[Placement]) -> set[Cell]:
    """The cells where pieces' name badges sit (their fill and label are covered by the badge)."""
    return {name_cell(layout, p) for p in placements}


def test_every_piece_shown_carries_a_name_badge() -> None:
    puzzle, shown, png = calendar_hint()
    image = open_png(png)
    layout = board_layout(puzzle)
    for placement in shown:
        x, y = layout.centre(name_cell(layout, placement))
        ring = pixel(image, (x - badge_radius(layout, name_cell(layout, placement)) + 1, y))
        assert ring == BORDER  # the badge's outline, where the cell's label or fill was before


def pixel(image: Image.Image, point: tuple[int, int]) -> tuple[int, int, int]:
    value = image.getpixel(point)
    assert isinstance(value, tuple)
    return (value[0], value[1], value[2])


def sample_counts() -> dict[str, int]:
    """A count for every month-day key (impossible dates included, as the store has them)."""
    return {f"{m:02d}-{d:02d}": 7 + (m * 37 + d * 11) % 210 for m in range(1, 13) for d in range(1, 32)}


def calendar_hint() -> tuple[Puzzle, Sequence[Placement], bytes]:
    puzzle = get_puzzle("calendar-dragonfjord")
    shown = solution(puzzle.id, "01-25")[:2]
    marked = puzzle.target("01-25").uncovered
    png = render_board(puzzle, shown, marked=marked, title="2026-01-25 · Hint 1 of 3", subtitle="3 of 216")
    return puzzle, shown, png


def board_png(puzzle_id: str) -> bytes:
    puzzle = get_puzzle(puzzle_id)
    target = puzzle.targets[0]
    shown = solution(puzzle.id, target.name)[:5]
    return render_board(puzzle, shown, marked=target.uncovered, title=f"{puzzle.title} × test", subtitle="5")


IMAGES = {
    "calendar": lambda: calendar_hint()[2],
    "pentomino-6x10": lambda: board_png("pentomino-6x10"),
    "pentomino-3x20": lambda: board_png("pentomino-3x20"),
    "pentomino-4x15": lambda: board_png("pentomino-4x15"),
    "pentomino-8x8-hole": lambda: board_png("pentomino-8x8-hole"),
    "hexiamond-rhombus-6x6": lambda: board_png("hexiamond-rhombus-6x6"),
    "hexiamond-tenyo": lambda: board_png("hexiamond-tenyo"),
    "calendar-hex-61": lambda: board_png("calendar-hex-61"),
    "heatmap": lambda: render_heatmap(sample_counts()),
}


# ---------------------------------------------------------------- every image


@pytest.mark.parametrize("name", sorted(IMAGES))
def test_image_is_a_small_large_deterministic_png(name: str) -> None:
    first, second = IMAGES[name](), IMAGES[name]()
    assert first.startswith(PNG_SIGNATURE)
    assert first == second
    assert len(first) < 200_000
    image = Image.open(io.BytesIO(first))
    assert image.format == "PNG"
    assert max(image.size) >= 800
    assert not image.info.get("dpi") and "Software" not in image.info


def test_layout_size_matches_the_image() -> None:
    puzzle = get_puzzle("hexiamond-tenyo")
    assert open_png(render_board(puzzle, [])).size == board_layout(puzzle).size


# ---------------------------------------------------------------- boards


def test_calendar_cells_show_piece_empty_and_marked_colours() -> None:
    puzzle, shown, png = calendar_hint()
    image = open_png(png)
    layout = board_layout(puzzle)
    covered = {cell: p.piece for p in shown for cell in p.cells}
    marked = puzzle.target("01-25").uncovered
    for cell in set(puzzle.cells) - name_cells(layout, shown):  # a name cell carries the piece's badge
        colour = pixel(image, layout.fill_point(cell))
        if cell in covered:
            assert colour == piece_colour(covered[cell]), cell
        elif cell in marked:
            assert colour == MARKED, cell
        else:
            assert colour == EMPTY, cell


def test_calendar_labels_are_drawn_on_every_cell() -> None:
    """Label ink appears around each labelled cell's centre, also on filled and marked cells."""
    puzzle, shown, png = calendar_hint()
    image = open_png(png)
    layout = board_layout(puzzle)
    owners = {cell: piece_colour(p.piece) for p in shown for cell in p.cells}
    owners.update(dict.fromkeys(puzzle.target("01-25").uncovered, MARKED))
    for cell in set(puzzle.labels) - name_cells(layout, shown):  # there the piece's name is printed
        fill = owners.get(cell, EMPTY)
        x, y = layout.centre(cell)
        ink = text_colour_on(fill)
        reach = layout.side // 3
        around = [pixel(image, (x + dx, y + dy)) for dx in range(-reach, reach) for dy in (-3, 0, 3)]
        assert ink in around, (cell, puzzle.labels[cell])


def test_triangle_board_cells_show_piece_empty_and_marked_colours() -> None:
    puzzle = get_puzzle("hexiamond-tenyo")
    placements = solution(puzzle.id, "board")
    shown, hidden = placements[:4], placements[4:]
    marked = frozenset(hidden[0].cells)
    image = open_png(render_board(puzzle, shown, marked=marked, title="triangles"))
    layout = board_layout(puzzle)
    covered = {cell: p.piece for p in shown for cell in p.cells}
    for cell in set(puzzle.cells) - name_cells(layout, shown):
        colour = pixel(image, layout.fill_point(cell))
        expected = piece_colour(covered[cell]) if cell in covered else MARKED if cell in marked else EMPTY
        assert colour == expected, cell


def test_triangles_point_the_right_way_and_neighbours_share_edges() -> None:
    puzzle = get_puzzle("hexiamond-tenyo")
    layout = board_layout(puzzle)
    for cell, polygon in layout.polygons.items():
        assert len(polygon) == 3
        ys = sorted(y for _, y in polygon)
        points_up = (cell[0] + cell[1]) % 2 == 0
        # an up triangle has one vertex on top and two on its base, a down triangle the reverse
        assert (ys[0] < ys[1] == ys[2]) if points_up else (ys[0] == ys[1] < ys[2]), cell
    for edge in layout.edges:
        if len(edge.cells) == 2:
            (x1, y1), (x2, y2) = (puzzle.lattice.centroid(c) for c in edge.cells)
            assert abs(((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 - 3**-0.5) < 1e-9, edge.cells
    inner = sum(len(edge.cells) == 2 for edge in layout.edges)
    outline = sum(len(edge.cells) == 1 for edge in layout.edges)
    assert 3 * len(puzzle.cells) == 2 * inner + outline


def test_hexagon_cells_show_piece_empty_and_marked_colours_beside_their_labels() -> None:
    puzzle = get_puzzle("calendar-hex-61")
    target = puzzle.targets[0]
    shown = solution(puzzle.id, target.name)[:6]
    image = open_png(render_board(puzzle, shown, marked=target.uncovered, title="hexagons"))
    layout = board_layout(puzzle)
    covered = {cell: p.piece for p in shown for cell in p.cells}
    for cell in set(puzzle.cells) - name_cells(layout, shown):
        colour = pixel(image, layout.fill_point(cell))
        expected = (
            piece_colour(covered[cell]) if cell in covered else MARKED if cell in target.uncovered else EMPTY
        )
        assert colour == expected, cell


def test_hexagons_are_regular_and_neighbours_share_edges() -> None:
    puzzle = get_puzzle("calendar-hex-61")
    layout = board_layout(puzzle)
    for polygon in layout.polygons.values():
        assert len(polygon) == 6
        sides = [
            ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5
            for (x1, y1), (x2, y2) in pairwise((*polygon, polygon[0]))
        ]
        assert max(sides) - min(sides) <= 1.5  # whole pixels: within a rounding of a regular hexagon
        assert polygon[0][0] == polygon[3][0] and polygon[0][1] < polygon[3][1]  # pointy top
    for edge in layout.edges:
        if len(edge.cells) == 2:
            assert puzzle.lattice.shares_edge(*edge.cells)
    inner = sum(len(edge.cells) == 2 for edge in layout.edges)
    outline = sum(len(edge.cells) == 1 for edge in layout.edges)
    assert 6 * len(puzzle.cells) == 2 * inner + outline
    assert outline == 6 * 9  # a hexagon of side five: nine edges per side


def test_pieces_get_distinct_colours_from_a_large_palette() -> None:
    assert len(PALETTE) >= 12
    assert len(set(PALETTE)) == len(PALETTE)
    assert EMPTY not in PALETTE and MARKED not in PALETTE
    puzzle = get_puzzle("pentomino-6x10")
    image = open_png(render_board(puzzle, solution(puzzle.id, "board")))
    layout = board_layout(puzzle)
    seen = {pixel(image, layout.fill_point(p.cells[0])) for p in solution(puzzle.id, "board")}
    assert len(seen) == len(puzzle.pieces)


def test_a_piece_keeps_its_colour_across_images() -> None:
    puzzle = get_puzzle("pentomino-6x10")
    placements = solution(puzzle.id, "board")
    layout = board_layout(puzzle)
    third = placements[2]
    first_image = open_png(render_board(puzzle, placements[:3]))
    second_image = open_png(render_board(puzzle, [third, *placements[7:]]))
    point = layout.fill_point(third.cells[0])
    assert pixel(first_image, point) == pixel(second_image, point) == piece_colour(third.piece)


@pytest.mark.parametrize("puzzle_id", ["pentomino-3x20", "pentomino-4x15"])
def test_long_thin_boards_are_upright_pngs(puzzle_id: str) -> None:
    width, height = open_png(board_png(puzzle_id)).size
    assert height > width


def test_the_6x10_png_keeps_its_orientation() -> None:
    width, height = open_png(board_png("pentomino-6x10")).size
    assert width > height


@pytest.mark.parametrize("puzzle_id", ["pentomino-3x20", "pentomino-4x15"])
def test_upright_board_cells_show_piece_empty_and_marked_colours(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    placements = solution(puzzle.id, "board")
    shown, marked = placements[:6], frozenset(placements[6].cells)
    image = open_png(render_board(puzzle, shown, marked=marked, title="upright"))
    layout = board_layout(puzzle)
    covered = {cell: p.piece for p in shown for cell in p.cells}
    for cell in set(puzzle.cells) - name_cells(layout, shown):
        expected = piece_colour(covered[cell]) if cell in covered else MARKED if cell in marked else EMPTY
        assert pixel(image, layout.fill_point(cell)) == expected, cell


def test_off_board_cells_are_rejected() -> None:
    puzzle = get_puzzle("pentomino-6x10")
    with pytest.raises(ValueError, match="not on the"):
        render_board(puzzle, [Placement(0, ((99, 99),))])


def test_characters_missing_from_the_bundled_font_are_replaced() -> None:
    assert printable("8 × 8 — ok · fine", 30) == "8 x 8 - ok · fine"


# ---------------------------------------------------------------- heatmap


def test_heatmap_scale_ends_and_no_date_cells() -> None:
    counts = sample_counts()
    counts["03-04"] = 1
    counts["11-20"] = 999
    counts["02-30"] = 5000  # impossible date: ignored by the scale, drawn as "no date"
    del counts["07-07"]
    image = open_png(render_heatmap(counts))
    layout = heatmap_layout()
    assert pixel(image, layout.fill_point(3, 4)) == scale_colour(0.0)
    assert pixel(image, layout.fill_point(11, 20)) == scale_colour(1.0)
    assert pixel(image, layout.fill_point(2, 30)) == NO_DATE
    assert pixel(image, layout.fill_point(4, 31)) == NO_DATE
    assert pixel(image, layout.fill_point(7, 7)) == NO_DATE
    assert pixel(image, layout.fill_point(2, 29)) not in (NO_DATE, scale_colour(0.0), scale_colour(1.0))


def test_heatmap_of_nothing_is_all_grey() -> None:
    image = open_png(render_heatmap({}))
    layout = heatmap_layout()
    assert {pixel(image, layout.fill_point(m, d)) for m in (1, 6, 12) for d in (1, 15, 31)} == {NO_DATE}


def test_heatmap_png_is_portrait() -> None:
    image = open_png(render_heatmap(sample_counts()))
    assert image.size == heatmap_layout().size
    assert image.width < image.height


def ink_span(image: Image.Image, box: tuple[int, int, int, int], ink: tuple[int, int, int]) -> int:
    """Pixels from the leftmost to the rightmost pixel of colour ``ink`` inside ``box`` (0 if none)."""
    x0, y0, x1, y1 = box
    xs = [x for x in range(x0, x1 + 1) for y in range(y0, y1 + 1) if pixel(image, (x, y)) == ink]
    return max(xs) - min(xs) + 1 if xs else 0


def test_heatmap_prints_four_digit_counts_at_full_size() -> None:
    counts = {key: 10 * value for key, value in sample_counts().items()}  # 70 .. 2160
    counts["06-15"] = 9999
    image = open_png(render_heatmap(counts))
    layout = heatmap_layout()
    box = layout.cell_box(6, 15)
    ink = text_colour_on(pixel(image, layout.fill_point(6, 15)))
    assert ink_span(image, box, ink) >= text_width("9999", HEATMAP_NUMBER_SIZE) - 4  # printed, not shrunk


def changed_area(first: bytes, second: bytes) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(open_png(first), open_png(second)).getbbox()


def test_heatmap_texts_can_be_localized() -> None:
    counts = sample_counts()
    layout = heatmap_layout()
    english = render_heatmap(counts)
    assert render_heatmap(counts, month_names=MONTH_ABBREVIATIONS) == english
    months = changed_area(english, render_heatmap(counts, month_names=[f"{m}月" for m in range(1, 13)]))
    assert months is not None and months[3] <= layout.grid_top  # only the month names above the grid
    title = changed_area(english, render_heatmap(counts, title="Lösungen pro Datum"))
    assert title is not None and title[3] <= layout.grid_top
    for legend in ({"fewest": "min. {n}"}, {"most": "{n} max."}, {"no_data": "keine Daten"}):
        area = changed_area(english, render_heatmap(counts, **legend))
        assert area is not None and area[1] >= layout.legend_top - 10, legend  # only the legend
    scale = changed_area(english, render_heatmap(counts, fewest="{n}", most="{n}"))
    assert scale is not None  # the counts themselves still appear


def test_heatmap_wants_twelve_month_names() -> None:
    with pytest.raises(ValueError, match="12 names"):
        render_heatmap({}, month_names=MONTH_ABBREVIATIONS[:11])


def test_labelled_triangles_keep_their_fill_point_clear_of_the_label() -> None:
    """No shipped triangle board has labels; a relabelled copy checks the layout rule anyway."""
    tenyo = get_puzzle("hexiamond-tenyo")
    labels = {cell: str(10 + i) for i, cell in enumerate(tenyo.cells)}
    puzzle = dataclasses.replace(tenyo, id="tenyo-labelled-test", labels=labels)
    shown = solution(tenyo.id, "board")[:6]
    marked = frozenset(solution(tenyo.id, "board")[6].cells)
    image = open_png(render_board(puzzle, shown, marked=marked))
    layout = board_layout(puzzle)
    covered = {cell: p.piece for p in shown for cell in p.cells}
    for cell in set(puzzle.cells) - name_cells(layout, shown):
        expected = piece_colour(covered[cell]) if cell in covered else MARKED if cell in marked else EMPTY
        assert pixel(image, layout.fill_point(cell)) == expected, cell
        assert text_colour_on(expected) in {
            pixel(image, (x, layout.centre(cell)[1]))
            for x in range(layout.centre(cell)[0] - 8, layout.centre(cell)[0] + 8)
        }, cell
