"""An independent, cell-by-cell check of a stored solution.

What it shares with the search: the catalog's data (:class:`Puzzle`,
:class:`Target`, each piece's drawing ``Piece.cells``, the lattice's *name*)
the :class:`Placement` type, and the stored encoding's letters (``piece_letter``,
``UNCOVERED``, ``decode``: one character per cell, no geometry). What it does not share: the lattice code in
:mod:`solver.geometry` (``Lattice.apply``, ``normalize``, ``orientations``)
and the shapes it produced (``Piece.orientations``). Each piece's legal
shapes are derived here from its drawing by integer arithmetic on cell
corners, with the rules restated below, so a bug in the search's geometry
cannot approve its own output.

Corners are ``(k, row)`` pairs. Square cell ``(r, c)`` has corners ``k = c,
c + 1`` on rows ``r, r + 1``; one quarter turn maps corner ``(k, row)`` to
``(-row, k)``. Triangle ``(r, c)`` points up when ``r + c`` is even (apex
``(c, r)``, base ``(c - 1, r + 1) (c + 1, r + 1)``) and down when odd (top
``(c - 1, r) (c + 1, r)``, bottom point ``(c, r + 1)``); corner ``(k, row)``
sits at the plane point ``(k / 2, row * sqrt(3) / 2)``, so one sixth of a
turn maps it to ``((k - 3 row) / 2, (k + row) / 2)``. The mirror is
``(k, row) -> (-k, row)`` on all three. Hexagon ``(r, c)`` (axial) has its
centre at ``(2c - r, 3r)`` and corners ``k ± 1`` on rows ``3r ± 1`` and ``k``
on rows ``3r ± 2``; corner ``(k, row)`` sits at ``(k sqrt(3) / 2, row / 2)``,
so one sixth of a turn maps it to ``((k - row) / 2, (3k + row) / 2)``. A shift
``(dr, dc)`` is a lattice translation on squares and hexagons always, on
triangles only when ``dr + dc`` is even (it must keep up triangles up).

A solution is valid when each piece is placed once, in a legal shape (a
rotation or reflection of its drawing, then a lattice translation), every
board cell outside the target is covered exactly once, and the target cells
are left open. A target named like a date (``MM-DD`` or ``MM-DD-ddd``) must
leave open exactly the cells labelled with that month, day and weekday, read
here from the name, so a wrong target in the catalog cannot pass either.

:func:`check_encodings` applies the same rules to a target's encoded solutions in one pass
(a table of letters in numpy, each distinct placement of a piece judged once); a solution it
rejects is handed to :func:`check_solution` for the message.

A placement is *flipped* when its shape is a reflection of the drawing and no
rotation of it; :func:`check_flipped` compares a claimed set of flipped pieces
with that.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from solver.catalog import Puzzle, Target
from solver.encoding import UNCOVERED, Placement, decode, piece_letter

Cell = tuple[int, int]  # (row, col)
Corner = tuple[int, int]  # (k, row)
Shape = tuple[Cell, ...]  # sorted, translated to the origin by _anchored

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_DATE_NAME = re.compile(r"(\d\d)-(\d\d)(?:-([a-z]{3}))?")


class InvalidSolution(ValueError):
    """A solution breaks a rule; the message says which."""


# ---------------------------------------------------------------- lattice rules


@dataclass(frozen=True)
class _Rules:
    """One lattice restated: cell corners and back, one rotation step, which shifts are translations."""

    corners: Callable[[Cell], tuple[Corner, ...]]
    cell_of: Callable[[Collection[Corner]], Cell]
    turn: Callable[[Corner], Corner]
    turns: int
    is_shift: Callable[[int, int], bool]


def _square_corners(cell: Cell) -> tuple[Corner, ...]:
    row, col = cell
    return ((col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1))


def _square_cell(corners: Collection[Corner]) -> Cell:
    """The square with these corners: its top-left corner names it."""
    return min(row for _, row in corners), min(k for k, _ in corners)


def _triangle_corners(cell: Cell) -> tuple[Corner, ...]:
    row, col = cell
    if (row + col) % 2 == 0:  # points up
        return ((col, row), (col - 1, row + 1), (col + 1, row + 1))
    return ((col - 1, row), (col + 1, row), (col, row + 1))


def _triangle_cell(corners: Collection[Corner]) -> Cell:
    """The triangle with these corners: one corner on its top row means it points up."""
    top = min(row for _, row in corners)
    on_top = [k for k, row in corners if row == top]
    return top, on_top[0] if len(on_top) == 1 else sum(on_top) // 2


def _hex_corners(cell: Cell) -> tuple[Corner, ...]:
    row, col = cell
    k, v = 2 * col - row, 3 * row
    return ((k, v - 2), (k + 1, v - 1), (k + 1, v + 1), (k, v + 2), (k - 1, v + 1), (k - 1, v - 1))


def _hex_cell(corners: Collection[Corner]) -> Cell:
    """The hexagon with these corners: their mean is its centre ``(2c - r, 3r)``."""
    k = sum(k for k, _ in corners) // len(corners)
    row = sum(v for _, v in corners) // len(corners) // 3
    return row, (k + row) // 2


_RULES = {
    "square": _Rules(
        corners=_square_corners,
        cell_of=_square_cell,
        turn=lambda corner: (-corner[1], corner[0]),
        turns=4,
        is_shift=lambda d_row, d_col: True,
    ),
    "triangle": _Rules(
        corners=_triangle_corners,
        cell_of=_triangle_cell,
        turn=lambda corner: ((corner[0] - 3 * corner[1]) // 2, (corner[0] + corner[1]) // 2),
        turns=6,
        is_shift=lambda d_row, d_col: (d_row + d_col) % 2 == 0,
    ),
    "hex": _Rules(
        corners=_hex_corners,
        cell_of=_hex_cell,
        turn=lambda corner: ((corner[0] - corner[1]) // 2, (3 * corner[0] + corner[1]) // 2),
        turns=6,
        is_shift=lambda d_row, d_col: True,
    ),
}


def _rules(lattice_name: str) -> _Rules:
    """The rules of the lattice called ``lattice_name``; InvalidSolution for an unknown one."""
    try:
        return _RULES[lattice_name]
    except KeyError:
        raise InvalidSolution(f"cannot check solutions on the {lattice_name!r} lattice") from None


def _moved(rules: _Rules, corner: Corner, turns: int, mirrored: bool) -> Corner:
    """``corner`` mirrored (if asked), then turned ``turns`` steps about corner (0, 0)."""
    if mirrored:
        corner = (-corner[0], corner[1])
    for _ in range(turns):
        corner = rules.turn(corner)
    return corner


def _anchored(rules: _Rules, cells: Iterable[Cell]) -> Shape:
    """Cells sorted and shifted by a lattice translation to the top row 0 and leftmost column 0 or 1."""
    cell_list = list(cells)
    d_row = -min(row for row, _ in cell_list)
    d_col = -min(col for _, col in cell_list)
    if not rules.is_shift(d_row, d_col):
        d_col += 1
    return tuple(sorted((row + d_row, col + d_col) for row, col in cell_list))


@cache
def _images(lattice_name: str, drawing: tuple[Cell, ...], mirrored: bool) -> frozenset[Shape]:
    """Every rotation of a piece drawing (mirrored first if asked), each anchored by :func:`_anchored`."""
    rules = _rules(lattice_name)
    shapes = set()
    for turns in range(rules.turns):
        image = [
            rules.cell_of([_moved(rules, corner, turns, mirrored) for corner in rules.corners(cell)])
            for cell in drawing
        ]
        shapes.add(_anchored(rules, image))
    return frozenset(shapes)


def legal_shapes(lattice_name: str, drawing: tuple[Cell, ...]) -> frozenset[Shape]:
    """Every rotation and reflection of a piece drawing, each anchored by :func:`_anchored`."""
    return _images(lattice_name, drawing, False) | _images(lattice_name, drawing, True)


def flipped_shapes(lattice_name: str, drawing: tuple[Cell, ...]) -> frozenset[Shape]:
    """The shapes only the drawing's mirror image gives (none for a mirror-symmetric piece)."""
    return _images(lattice_name, drawing, True) - _images(lattice_name, drawing, False)


# ---------------------------------------------------------------- the check


def _check_pieces_used_once(puzzle: Puzzle, placements: Sequence[Placement]) -> None:
    """Return None if every piece is placed exactly once; raise InvalidSolution otherwise."""
    uses = Counter(p.piece for p in placements)
    unknown = sorted(set(uses) - set(range(len(puzzle.pieces))))
    if unknown:
        raise InvalidSolution(f"no piece has index {unknown[0]}")
    for index, piece in enumerate(puzzle.pieces):
        if uses[index] != 1:
            raise InvalidSolution(f"piece {piece.name} is used {uses[index]} times")


def _check_placement(puzzle: Puzzle, target: Target, board: set[Cell], placement: Placement) -> None:
    """Return None if one placement is a legal shape of its piece on open board cells; raise otherwise."""
    piece = puzzle.pieces[placement.piece]
    shapes = legal_shapes(puzzle.lattice.name, piece.cells)
    if _anchored(_rules(puzzle.lattice.name), placement.cells) not in shapes:
        raise InvalidSolution(f"piece {piece.name} is not in one of its legal orientations")
    outside = set(placement.cells) - board
    if outside:
        raise InvalidSolution(f"piece {piece.name} leaves the board at {sorted(outside)}")
    blocked = set(placement.cells) & target.uncovered
    if blocked:
        raise InvalidSolution(f"piece {piece.name} covers target cell(s) {sorted(blocked)}")


def _date_labels(name: str) -> set[str] | None:
    """The labels a target named like a date leaves open (month, day, weekday), or None for other names."""
    match = _DATE_NAME.fullmatch(name)
    if match is None:
        return None
    month, day, weekday = int(match[1]), int(match[2]), match[3]
    if not (1 <= month <= len(_MONTHS) and 1 <= day <= 31) or (weekday and weekday.title() not in _WEEKDAYS):
        raise InvalidSolution(f"target {name} is named like a date but is none")
    labels = {_MONTHS[month - 1], str(day)}
    return labels if weekday is None else labels | {weekday.title()}


def _check_target(puzzle: Puzzle, target: Target) -> None:
    """Return None if a date target leaves open just the cells its name labels; InvalidSolution if not."""
    wanted = _date_labels(target.name)
    if wanted is None:
        return
    open_labels = sorted(puzzle.labels.get(cell, "an unlabelled cell") for cell in target.uncovered)
    if len(open_labels) != len(wanted) or set(open_labels) != wanted:
        raise InvalidSolution(f"target {target.name} leaves {open_labels} open, not {sorted(wanted)}")


def check_solution(puzzle: Puzzle, target: Target, placements: Sequence[Placement]) -> None:
    """Return None if the placements solve ``target``; raise InvalidSolution saying which rule broke."""
    _check_target(puzzle, target)
    _check_pieces_used_once(puzzle, placements)
    board = set(puzzle.cells)
    for placement in placements:
        _check_placement(puzzle, target, board, placement)
    covered = Counter(cell for placement in placements for cell in placement.cells)
    twice = sorted(cell for cell, n in covered.items() if n > 1)
    if twice:
        raise InvalidSolution(f"cells covered twice: {twice}")
    missing = sorted(board - target.uncovered - set(covered))
    if missing:
        raise InvalidSolution(f"cells left uncovered: {missing}")


def check_flipped(puzzle: Puzzle, placements: Sequence[Placement], flipped: Collection[str]) -> None:
    """Return None if ``flipped`` names exactly the pieces shown flipped; raise InvalidSolution otherwise."""
    rules = _rules(puzzle.lattice.name)
    actual = {
        puzzle.pieces[p.piece].name
        for p in placements
        if _anchored(rules, p.cells) in flipped_shapes(puzzle.lattice.name, puzzle.pieces[p.piece].cells)
    }
    if actual != set(flipped):
        raise InvalidSolution(f"flipped pieces are {sorted(actual)}, not {sorted(flipped)}")


# ---------------------------------------------------------------- many encoded solutions at once


def check_encodings(puzzle: Puzzle, target: Target, encodings: Sequence[str]) -> None:
    """Return None if every encoded solution (:func:`solver.problem.encode`) solves ``target``;
    else raise what :func:`check_solution` raises for the first one that does not (ValueError
    from :func:`solver.problem.decode` for one that does not fit the puzzle).

    The same rules as ``check_solution(puzzle, target, decode(puzzle, code))`` on each, more than
    ten times faster on a calendar target's thousand solutions: the target's name is read once; the
    encodings become a table of letters (one row per solution, one column per board cell, so a
    cell is never covered twice); a row must leave open exactly the target's cells and use only
    the puzzle's letters; and each piece's letter must mark a legal shape of that piece, judged
    once per distinct set of cells (a target's solutions reuse a few hundred placements of each
    piece) rather than once per solution.
    """
    _check_target(puzzle, target)
    if not encodings:
        return
    table = _letter_table(puzzle, encodings)
    if table is None:
        suspects = np.ones(len(encodings), dtype=np.bool_)  # a length or a character is wrong somewhere
    else:
        suspects = _rows_breaking_rules(puzzle, target, table)
    for row in np.flatnonzero(suspects):
        code = encodings[int(row)]
        check_solution(puzzle, target, decode(puzzle, code))
        if table is not None:  # check_solution accepted what the table rejected: they disagree
            raise InvalidSolution(f"solution {code} fails the batched check only")


def _letter_table(puzzle: Puzzle, encodings: Sequence[str]) -> npt.NDArray[np.uint8] | None:
    """The encodings as a (solutions x cells) byte table; None if one has the wrong length or a
    character outside ASCII (:func:`check_encodings` then checks each for the message)."""
    width = len(puzzle.cells)
    if any(len(code) != width for code in encodings):
        return None
    try:
        joined = "".join(encodings).encode("ascii")
    except UnicodeEncodeError:
        return None
    return np.frombuffer(joined, dtype=np.uint8).reshape(len(encodings), width)


def _rows_breaking_rules(
    puzzle: Puzzle, target: Target, table: npt.NDArray[np.uint8]
) -> npt.NDArray[np.bool_]:
    """Per row of the letter table: whether it breaks a rule."""
    open_cells = np.array([cell in target.uncovered for cell in puzzle.cells], dtype=np.bool_)
    left_open = table == ord(UNCOVERED)
    suspects: npt.NDArray[np.bool_] = (left_open != open_cells).any(axis=1)
    known = left_open.copy()
    for index in range(len(puzzle.pieces)):
        marked = table == ord(piece_letter(index))
        known |= marked
        suspects |= ~_legal_rows(puzzle, index, marked)
    suspects |= ~known.all(axis=1)
    return suspects


def _legal_rows(puzzle: Puzzle, piece_index: int, marked: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """Per row: whether the cells marked with the piece's letter are one legal shape of the piece."""
    packed = np.ascontiguousarray(np.packbits(marked, axis=1))
    keys = packed.view(np.dtype((np.void, packed.shape[1]))).ravel()
    distinct, first_row, inverse = np.unique(keys, return_index=True, return_inverse=True)
    rules = _rules(puzzle.lattice.name)
    shapes = legal_shapes(puzzle.lattice.name, puzzle.pieces[piece_index].cells)
    verdicts = np.zeros(len(distinct), dtype=np.bool_)
    for key, row in enumerate(first_row):
        cells = [puzzle.cells[int(i)] for i in np.flatnonzero(marked[row])]
        verdicts[key] = bool(cells) and _anchored(rules, cells) in shapes
    legal: npt.NDArray[np.bool_] = verdicts[inverse.ravel()]
    return legal
