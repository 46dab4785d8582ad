"""Plain-text drawing of a board with borders between pieces (seed 001's ``+ - |`` idea).

Each board cell becomes a box; a border is drawn wherever the two sides
belong to different owners (a piece, the marked target cells, or nothing yet).
Triangular boards use the same grid: a border between vertically stacked
cells is drawn only where the lattice says they share an edge
(:meth:`solver.geometry.Lattice.shares_edge`; on triangles, only below an up
triangle), never where they meet at a corner. Hexagonal boards have no boxes:
each row of hexagons is a row of tokens (a piece symbol, a label, ``[label]``
for a marked cell, ``.`` for no cell), every odd row shifted half a token right
as the catalog's format draws them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from solver.catalog import Puzzle
from solver.encoding import Placement, piece_letter
from solver.geometry import Cell, HexLattice

_MARKED = "*"


def piece_symbols(puzzle: Puzzle) -> list[str]:
    """Short names for pieces: their own names if one character, else letters A, B, ..."""
    names = puzzle.piece_names
    if all(len(name) == 1 for name in names):
        return list(names)
    return [piece_letter(i) for i in range(len(names))]


def legend(puzzle: Puzzle) -> str:
    """'A=hexagon B=butterfly ...' when symbols differ from names, else ''."""
    symbols = piece_symbols(puzzle)
    if symbols == list(puzzle.piece_names):
        return ""
    return " ".join(f"{s}={n}" for s, n in zip(symbols, puzzle.piece_names, strict=True))


def _owners(placements: Iterable[Placement], marked: Collection[Cell]) -> dict[Cell, str]:
    owner = {cell: _MARKED for cell in marked}
    for placement in placements:
        for cell in placement.cells:
            owner[cell] = str(placement.piece)
    return owner


def _content(puzzle: Puzzle, cell: Cell, owner: str | None, symbols: list[str]) -> str:
    if owner is None:
        return puzzle.labels.get(cell, "")
    if owner == _MARKED:
        return f"[{puzzle.labels.get(cell, '')}]"
    return symbols[int(owner)]


def render_text(puzzle: Puzzle, placements: Iterable[Placement], marked: Collection[Cell] = ()) -> str:
    """The board as text: piece symbols, labels of open cells, ``[label]`` for marked cells."""
    owner = _owners(placements, marked)
    symbols = piece_symbols(puzzle)
    if isinstance(puzzle.lattice, HexLattice):
        return _hex_text(puzzle, owner, symbols)
    cells = set(puzzle.cells)
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    width = max([3, *(len(label) + 2 for label in puzzle.labels.values())])

    def key(cell: Cell) -> str | None:
        return owner.get(cell, "") if cell in cells else None

    def vertical_edge(upper: Cell) -> bool:
        lower = (upper[0] + 1, upper[1])
        if not puzzle.lattice.shares_edge(upper, lower):
            return False  # e.g. a down triangle meets the cell below only at a corner
        return (upper in cells or lower in cells) and key(upper) != key(lower)

    def corner(r: int, c: int) -> str:
        """'+' where a corner touches the board, else a space (row r, column c top-left)."""
        touching = {(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)} & cells
        return "+" if touching else " "

    lines = []
    for r in range(rows + 1):
        edge_line = ""
        for c in range(cols):
            edge_line += corner(r, c) + ("-" * width if vertical_edge((r - 1, c)) else " " * width)
        lines.append((edge_line + corner(r, cols)).rstrip())
        if r == rows:
            break
        cell_line = ""
        for c in range(-1, cols):
            left, right = (r, c), (r, c + 1)
            border = (left in cells or right in cells) and key(left) != key(right)
            cell_line += "|" if border else " "
            if c + 1 < cols:
                text = _content(puzzle, right, owner.get(right), symbols) if right in cells else ""
                cell_line += text.center(width)
        lines.append(cell_line.rstrip())
    text_block = "\n".join(line for line in lines)
    extra = legend(puzzle)
    return text_block + ("\n" + extra if extra else "")


def _hex_text(puzzle: Puzzle, owner: dict[Cell, str], symbols: list[str]) -> str:
    """Hexagonal boards: offset rows of tokens, each as wide as the widest, odd rows indented half."""
    lattice = puzzle.lattice
    at = {lattice.to_text(cell): cell for cell in puzzle.cells}
    left = min(n for _, n in at)
    contents = {spot: _content(puzzle, cell, owner.get(cell), symbols) or "#" for spot, cell in at.items()}
    width = max(len(text) for text in contents.values()) + 1
    lines = []
    for row in range(max(r for r, _ in at) + 1):
        last = max(n for r, n in at if r == row)
        tokens = [contents.get((row, n), ".").center(width) for n in range(left, last + 1)]
        lines.append((" " * (width // 2) if row % 2 else "") + "".join(tokens).rstrip())
    extra = legend(puzzle)
    return "\n".join(lines) + ("\n" + extra if extra else "")
