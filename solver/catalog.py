"""The puzzle catalog: typed puzzles read from the data files in ``solver/data``.

A piece-set file (``data/pieces/NAME.txt``) holds ``lattice: square|triangle``
and blocks ``piece NAME`` followed by ASCII rows (``#`` cell, ``.`` empty).
A puzzle file (``data/puzzles/ID.txt``) holds ``key: value`` headers and a
``board:`` grid of whitespace-separated tokens (``.`` no cell, ``#`` a cell,
anything else a labelled cell). Lines starting with ``//`` are comments.
``targets:`` is ``board`` (cover every cell) or ``month-day`` (leave one
month and one day cell uncovered).
``published:`` lines carry the counts the literature gives; they are used for
verification only.
"""

from __future__ import annotations

import calendar as std_calendar
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from solver.geometry import Cell, Lattice, Shape, lattice_named

DATA_DIR = Path(__file__).parent / "data"
MONTH_ABBREVIATIONS = tuple(std_calendar.month_abbr[m] for m in range(1, 13))
LEAP_YEAR = 2024
SINGLE_TARGET = "board"


class CatalogError(ValueError):
    """A catalog file is malformed; the message names the file and line."""


class UnknownPuzzleError(KeyError):
    """No puzzle has this id; the message lists the valid ids."""

    def __str__(self) -> str:
        return str(self.args[0])


class UnknownTargetError(KeyError):
    """The puzzle has no target of this name; the message lists the valid targets."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class Piece:
    name: str
    cells: Shape
    orientations: tuple[Shape, ...]


@dataclass(frozen=True)
class Target:
    """A goal for one puzzle: the cells to leave uncovered, and whether it is a real date."""

    name: str
    uncovered: frozenset[Cell] = frozenset()
    real: bool = True


@dataclass(frozen=True)
class Published:
    """Counts from the literature, for verification only."""

    per_target: dict[str, int] = field(default_factory=dict)
    real_targets_total: int | None = None
    fewest: tuple[str, int] | None = None
    most: tuple[str, int] | None = None


@dataclass(frozen=True)
class Puzzle:
    id: str
    title: str
    lattice: Lattice
    pieces: tuple[Piece, ...]
    cells: tuple[Cell, ...]
    labels: dict[Cell, str]
    targets: tuple[Target, ...]
    published: Published
    fingerprint: str

    def target(self, name: str) -> Target:
        """The target called ``name``; UnknownTargetError listing the valid targets otherwise."""
        for target in self.targets:
            if target.name == name:
                return target
        names = [t.name for t in self.targets]
        listing = ", ".join(names) if len(names) <= 12 else f"{', '.join(names[:3])}, … {names[-1]} (MM-DD)"
        raise UnknownTargetError(f"unknown target {name!r} for {self.id}; valid targets: {listing}")

    @property
    def piece_names(self) -> tuple[str, ...]:
        return tuple(piece.name for piece in self.pieces)


# ---------------------------------------------------------------- parsing


@dataclass
class _Line:
    path: Path
    number: int
    text: str

    def error(self, message: str) -> CatalogError:
        return CatalogError(f"{self.path}:{self.number}: {message}")


def _content_lines(path: Path) -> Iterator[_Line]:
    """Lines with trailing whitespace removed; ``//`` comment lines become ''."""
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = "" if raw.lstrip().startswith("//") else raw
        yield _Line(path, number, text.rstrip())


def _header(line: _Line) -> tuple[str, str]:
    key, sep, value = line.text.partition(":")
    if not sep or not key.strip() or " " in key.strip():
        raise line.error(f"expected 'key: value', got {line.text!r}")
    return key.strip(), value.strip()


def _cells_from_art(rows: list[_Line]) -> Shape:
    cells = []
    for row_index, line in enumerate(rows):
        for col_index, char in enumerate(line.text):
            if char == "#":
                cells.append((row_index, col_index))
            elif char != ".":
                raise line.error(f"unexpected character {char!r} in piece drawing (use '#' and '.')")
    return tuple(cells)


def _is_connected(lattice: Lattice, cells: Shape) -> bool:
    """Whether cells form one region, each step between lattice neighbours (sharing an edge)."""
    inside = set(cells)
    todo, seen = [cells[0]], {cells[0]}
    while todo:
        for other in lattice.neighbours(todo.pop()):
            if other in inside and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def _finish_piece(lattice: Lattice, name_line: _Line, name: str, rows: list[_Line]) -> Piece:
    if not rows:
        raise name_line.error(f"piece {name!r} has no drawing")
    cells = _cells_from_art(rows)
    if not cells:
        raise name_line.error(f"piece {name!r} has no cells")
    if not _is_connected(lattice, cells):
        raise name_line.error(f"piece {name!r} is not connected")
    return Piece(name, cells, tuple(lattice.orientations(cells)))


def parse_piece_set(path: Path) -> tuple[Lattice, tuple[Piece, ...]]:
    """Read a piece-set file; CatalogError naming file and line on bad input."""
    lattice: Lattice | None = None
    pieces: list[Piece] = []
    current: tuple[_Line, str] | None = None
    rows: list[_Line] = []
    for line in _content_lines(path):
        if current is not None and line.text and not line.text.startswith("piece "):
            rows.append(line)
            continue
        if current is not None:
            assert lattice is not None
            pieces.append(_finish_piece(lattice, current[0], current[1], rows))
            current, rows = None, []
        if not line.text:
            continue
        if line.text.startswith("piece "):
            if lattice is None:
                raise line.error("'lattice:' must come before the first piece")
            name = line.text.removeprefix("piece ").strip()
            if not name or any(p.name == name for p in pieces):
                raise line.error(f"missing or repeated piece name {name!r}")
            current = (line, name)
            continue
        key, value = _header(line)
        if key != "lattice":
            raise line.error(f"unknown key {key!r} in a piece-set file")
        try:
            lattice = lattice_named(value)
        except ValueError as exc:
            raise line.error(str(exc)) from None
    if current is not None:
        assert lattice is not None
        pieces.append(_finish_piece(lattice, current[0], current[1], rows))
    if lattice is None or not pieces:
        raise CatalogError(f"{path}:1: a piece set needs 'lattice:' and at least one piece")
    return lattice, tuple(pieces)


def _parse_board(rows: list[_Line]) -> tuple[tuple[Cell, ...], dict[Cell, str]]:
    cells: list[Cell] = []
    labels: dict[Cell, str] = {}
    for row_index, line in enumerate(rows):
        for col_index, token in enumerate(line.text.split()):
            if token == ".":
                continue
            cell = (row_index, col_index)
            cells.append(cell)
            if token != "#":
                if token in labels.values():
                    raise line.error(f"label {token!r} is used twice")
                labels[cell] = token
    if not cells:
        raise CatalogError(f"{rows[0].path if rows else '?'}: board has no cells")
    return tuple(cells), labels


def _month_day_targets(labels: dict[Cell, str], where: _Line) -> tuple[Target, ...]:
    """One target per month and day 1-31; impossible dates are kept and flagged."""
    by_label = {label: cell for cell, label in labels.items()}
    targets = []
    for month, abbreviation in enumerate(MONTH_ABBREVIATIONS, start=1):
        for day in range(1, 32):
            if abbreviation not in by_label or str(day) not in by_label:
                raise where.error(f"month-day targets need cells labelled {abbreviation!r} and {str(day)!r}")
            real = day <= std_calendar.monthrange(LEAP_YEAR, month)[1]
            uncovered = frozenset({by_label[abbreviation], by_label[str(day)]})
            targets.append(Target(f"{month:02d}-{day:02d}", uncovered, real))
    return tuple(targets)


def _parse_published(line: _Line, value: str, published: dict[str, object]) -> None:
    parts = value.split()
    try:
        if len(parts) == 2 and parts[0] == "real-dates-total":
            published["real_targets_total"] = int(parts[1])
        elif len(parts) == 3 and parts[0] in ("fewest", "most"):
            published[parts[0]] = (parts[1], int(parts[2]))
        elif len(parts) == 2:
            per_target = published.setdefault("per_target", {})
            assert isinstance(per_target, dict)
            per_target[parts[0]] = int(parts[1])
        else:
            raise ValueError
    except ValueError:
        raise line.error(f"cannot read published count {value!r}") from None


def parse_puzzle(path: Path, pieces_dir: Path) -> Puzzle:
    """Read one puzzle file (and its piece set); CatalogError naming file and line on bad input."""
    headers: dict[str, tuple[str, _Line]] = {}
    published: dict[str, object] = {}
    board_rows: list[_Line] | None = None
    for line in _content_lines(path):
        if board_rows is not None:
            if line.text.strip():
                board_rows.append(line)
            continue
        if not line.text.strip():
            continue
        key, value = _header(line)
        if key == "board":
            board_rows = []
        elif key == "published":
            _parse_published(line, value, published)
        elif key in ("id", "title", "pieces", "targets", "lattice"):
            headers[key] = (value, line)
        else:
            raise line.error(f"unknown key {key!r} in a puzzle file")
    first = _Line(path, 1, "")
    for required in ("id", "title", "pieces", "targets"):
        if required not in headers:
            raise first.error(f"missing '{required}:'")
    if not board_rows:
        raise first.error("missing 'board:' grid")
    pieces_value, pieces_line = headers["pieces"]
    piece_path = pieces_dir / f"{pieces_value}.txt"
    if not piece_path.is_file():
        raise pieces_line.error(f"no piece set {pieces_value!r} (looked for {piece_path})")
    lattice, pieces = parse_piece_set(piece_path)
    if "lattice" in headers and headers["lattice"][0] != lattice.name:
        raise headers["lattice"][1].error(f"piece set {pieces_value!r} is on the {lattice.name} lattice")
    cells, labels = _parse_board(board_rows)
    targets_value, targets_line = headers["targets"]
    if targets_value == SINGLE_TARGET:
        targets: tuple[Target, ...] = (Target(SINGLE_TARGET),)
    elif targets_value == "month-day":
        targets = _month_day_targets(labels, targets_line)
    else:
        raise targets_line.error(f"unknown targets kind {targets_value!r} (use 'board' or 'month-day')")
    piece_area = sum(len(piece.cells) for piece in pieces)
    for target in targets:
        if piece_area != len(cells) - len(target.uncovered):
            raise targets_line.error(
                f"pieces cover {piece_area} cells but target {target.name} leaves "
                f"{len(cells) - len(target.uncovered)} to cover"
            )
    digest = hashlib.sha256(path.read_bytes() + piece_path.read_bytes()).hexdigest()[:16]
    return Puzzle(
        id=headers["id"][0],
        title=headers["title"][0],
        lattice=lattice,
        pieces=pieces,
        cells=cells,
        labels=labels,
        targets=targets,
        published=Published(**published),  # type: ignore[arg-type]
        fingerprint=digest,
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


@cache
def catalog() -> dict[str, Puzzle]:
    """The shipped catalog, loaded once per process."""
    return load_catalog()


def get_puzzle(puzzle_id: str, puzzles: dict[str, Puzzle] | None = None) -> Puzzle:
    """The puzzle with this id; UnknownPuzzleError listing the valid ids otherwise."""
    known = catalog() if puzzles is None else puzzles
    try:
        return known[puzzle_id]
    except KeyError:
        raise UnknownPuzzleError(f"unknown puzzle {puzzle_id!r}; valid ids: {', '.join(known)}") from None
