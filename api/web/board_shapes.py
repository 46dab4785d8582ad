"""The board's shapes: the pieces' colours, each piece's orientations and how the rotate and flip
buttons move between them, and the cells' corners in SVG units (one cell side = :data:`SIDE`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from hints.catalog import Cell, Lattice, Piece, Shape, Transform
from hints.words import RGB

SIDE = 40.0  # one cell side, in SVG units
PADDING = 4.0  # around the board, in SVG units

# The board's piece fills in light mode: the images' hues (render.palette.PALETTE, same order), those
# too light for the white empty cell (EMPTY) darkened, so that every piece stands 3:1 or more against
# it (the images outline every piece in black and keep PALETTE). Dark mode: render.palette.DARK_PALETTE.
BOARD_PALETTE: tuple[str, ...] = (
    "#cc6677",  # rose
    "#332288",  # indigo
    "#a07a22",  # sand, darkened to ochre
    "#117733",  # green
    "#2a7fa8",  # cyan, darkened
    "#882255",  # wine
    "#2b8a78",  # teal, darkened
    "#8a8a2a",  # olive, darkened
    "#aa4499",  # purple
    "#c8602e",  # orange, darkened
    "#4d70c8",  # blue, darkened
    "#d9468c",  # pink, darkened
)


def board_piece_colour(index: int) -> RGB:
    """Piece ``index``'s fill on the board in light mode (:data:`BOARD_PALETTE`)."""
    code = BOARD_PALETTE[index % len(BOARD_PALETTE)]
    return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)


# ---------------------------------------------------------------- orientations


@dataclass(frozen=True)
class OrientationTable:
    """A piece's orientations and how the rotate and flip buttons move between them.

    ``rotate[i]`` is the orientation one rotation step clockwise on screen from
    orientation ``i`` (90° on squares, 60° on triangles); ``flip[i]`` its mirror
    image left to right. ``anchors[i]`` holds, for a chosen board cell with
    ``row + col`` even and odd, the index of the cell of orientation ``i`` that
    goes there: the cell nearest the piece's centre among those a lattice
    translation can move onto such a cell (on triangles only cells pointing the
    same way), or None when there is none.
    """

    shapes: tuple[Shape, ...]
    rotate: tuple[int, ...]
    flip: tuple[int, ...]
    anchors: tuple[tuple[int | None, int | None], ...]


def _image(lattice: Lattice, transform: Transform, shape: Shape) -> Shape:
    return lattice.normalize(lattice.apply(transform, cell) for cell in shape)[0]


def _anchors(lattice: Lattice, shape: Shape) -> tuple[int | None, int | None]:
    centres = [lattice.centroid(cell) for cell in shape]
    mid_x = sum(x for x, _ in centres) / len(centres)
    mid_y = sum(y for _, y in centres) / len(centres)

    def nearest(parity: int) -> int | None:
        fitting = [i for i, (r, c) in enumerate(shape) if lattice.is_translation(-r, parity - c)]
        if not fitting:
            return None
        return min(fitting, key=lambda i: (math.dist(centres[i], (mid_x, mid_y)), i))

    return nearest(0), nearest(1)


def orientation_table(lattice: Lattice, piece: Piece) -> OrientationTable:
    """The piece's orientations (in catalog order) with their rotate, flip and anchor tables."""
    shapes = piece.orientations
    step = Transform(1, mirrored=False)
    mirror = Transform(lattice.rotation_steps // 2, mirrored=True)  # (x, y) -> (-x, y): left to right
    return OrientationTable(
        shapes=shapes,
        rotate=tuple(shapes.index(_image(lattice, step, shape)) for shape in shapes),
        flip=tuple(shapes.index(_image(lattice, mirror, shape)) for shape in shapes),
        anchors=tuple(_anchors(lattice, shape) for shape in shapes),
    )


def orientation_of(lattice: Lattice, piece: Piece, cells: tuple[Cell, ...]) -> int:
    """The index of the orientation the cells of a well-formed placement are in."""
    return piece.orientations.index(lattice.normalize(cells)[0])


# ---------------------------------------------------------------- geometry


def _point(lattice: Lattice, vertex: tuple[int, int]) -> tuple[float, float]:
    k, row = vertex
    return round(k * lattice.vertex_step[0] * SIDE, 2), round(row * lattice.vertex_step[1] * SIDE, 2)


def polygon(lattice: Lattice, cell: Cell) -> list[tuple[float, float]]:
    """The corners of a cell in SVG units, clockwise on screen."""
    return [_point(lattice, vertex) for vertex in lattice.vertices(cell)]


def centre(points: list[tuple[float, float]]) -> tuple[float, float]:
    return (
        round(sum(x for x, _ in points) / len(points), 2),
        round(sum(y for _, y in points) / len(points), 2),
    )


def svg_points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in points)


def view_box(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    """x, y, width, height of the box around ``points`` with :data:`PADDING` on each side."""
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    left, top = min(xs) - PADDING, min(ys) - PADDING
    width, height = max(xs) + PADDING - left, max(ys) + PADDING - top
    return round(left, 2), round(top, 2), round(width, 2), round(height, 2)


def hex_colour(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)
