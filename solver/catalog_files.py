"""The catalog's data files in ``solver/data``: their format, and the parser that reads them.

A piece-set file (``data/pieces/NAME.txt``) holds ``lattice: square|triangle``
and blocks ``piece NAME`` followed by ASCII rows (``#`` cell, ``.`` empty).
A drawing is the piece's face-up side: the orientations only its mirror image
shows are the piece *flipped* (none for a mirror-symmetric piece).
A puzzle file (``data/puzzles/ID.txt``) holds ``key: value`` headers and a
``board:`` grid of whitespace-separated tokens (``.`` no cell, ``#`` a cell,
a month, day or weekday a labelled cell: :mod:`solver.labels`). ``//`` starts a comment.
The text is read by :mod:`solver.puzzle_text`, the reader of people's definitions too.
``pieces: SET`` takes a whole piece set; ``pieces: SET NAME ...`` takes the
named pieces of it, in that order; several ``pieces:`` lines add up (piece
names must stay unique, the lattices must agree).
``targets:`` is ``board`` (cover every cell), ``month-day`` (leave one
month and one day cell uncovered, named ``MM-DD``) or ``month-day-weekday``
(leave a month, a day and a weekday uncovered, named ``MM-DD-ddd`` with the
weekday in lowercase English, e.g. ``01-25-sun``).
``precompute: on-demand`` keeps a puzzle out of :func:`solver.puzzles.catalog`
(the puzzles precomputed by default and served); :func:`solver.puzzles.get_puzzle`
finds every puzzle.
``published:`` lines carry the counts the literature gives; they are used for
verification only.
"""

from __future__ import annotations

from pathlib import Path

from solver.catalog import Piece, Published, Puzzle
from solver.geometry import Lattice
from solver.puzzle_text import (
    PRECOMPUTE_MODES,
    CatalogError,
    PieceSets,
    PuzzleText,
    Rules,
    Value,
    read_piece_set,
    read_puzzle,
)

__all__ = ["DATA_DIR", "PRECOMPUTE_MODES", "CatalogError", "load_catalog", "parse_piece_set", "parse_puzzle"]

DATA_DIR = Path(__file__).parent / "data"
CATALOG_RULES = Rules(catalog=True)


def parse_piece_set(path: Path) -> tuple[Lattice, tuple[Piece, ...]]:
    """Read a piece-set file; CatalogError naming file and line on bad input."""
    read = read_piece_set(path.read_text(encoding="utf-8"))
    if read.pieces is None:
        first = read.problems[0]
        raise CatalogError(f"{path}:{first.line}: {first.message}")
    return read.pieces.lattice, read.pieces.pieces


def _published(values: list[Value], path: Path) -> Published:
    """The ``published:`` counts; CatalogError naming the line of one that cannot be read."""
    per_target: dict[str, int] = {}
    found: dict[str, object] = {}
    for value in values:
        parts = value.text.split()
        try:
            if len(parts) == 2 and parts[0] == "real-dates-total":
                found["real_targets_total"] = int(parts[1])
            elif len(parts) == 3 and parts[0] in ("fewest", "most"):
                found[parts[0]] = (parts[1], int(parts[2]))
            elif len(parts) == 2:
                per_target[parts[0]] = int(parts[1])
            else:
                raise ValueError
        except ValueError:
            raise CatalogError(f"{path}:{value.line}: cannot read published count {value.text!r}") from None
    return Published(per_target=per_target, **found)  # type: ignore[arg-type]


def parse_puzzle(path: Path, pieces_dir: Path) -> Puzzle:
    """Read one puzzle file (and its piece sets); CatalogError naming file and line on bad input."""
    raw = path.read_bytes()
    sets = PieceSets(pieces_dir)
    read = read_puzzle(raw.decode("utf-8"), sets, CATALOG_RULES)
    if read.problems:
        first = read.problems[0]
        raise CatalogError(f"{path}:{first.line}: {first.message}")
    return _puzzle(read, _published(read.published, path), read.digest(raw, sets))


def _puzzle(read: PuzzleText, published: Published, fingerprint: str) -> Puzzle:
    """The puzzle a catalog file describes (a file without problems)."""
    assert read.targets_kind is not None
    headers = read.headers
    precompute = headers["precompute"].text if "precompute" in headers else "default"
    return Puzzle(
        id=headers["id"].text,
        title=headers["title"].text,
        lattice=read.lattice,
        pieces=read.pieces,
        cells=read.cells,
        labels=read.labels,
        targets=read.targets,
        published=published,
        fingerprint=fingerprint,
        targets_kind=read.targets_kind,
        on_demand=precompute == "on-demand",
    )


def load_catalog(data_dir: Path = DATA_DIR) -> dict[str, Puzzle]:
    """Every puzzle in ``data_dir/puzzles``, keyed by id, in file-name order."""
    puzzles: dict[str, Puzzle] = {}
    for path in sorted((data_dir / "puzzles").glob("*.txt")):
        puzzle = parse_puzzle(path, data_dir / "pieces")
        if puzzle.id in puzzles:
            raise CatalogError(f"{path}:1: puzzle id {puzzle.id!r} is defined twice")
        puzzles[puzzle.id] = puzzle
    return puzzles
