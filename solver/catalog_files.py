"""The catalog's data files in ``solver/data``: their format, and the parser that reads them.

A piece-set file (``data/pieces/NAME.txt``) holds ``lattice: square|triangle``
and blocks ``piece NAME`` followed by ASCII rows (``#`` cell, ``.`` empty).
A drawing is the piece's face-up side: the orientations only its mirror image
shows are the piece *flipped* (none for a mirror-symmetric piece).
A puzzle file (``data/puzzles/ID.txt``) holds ``key: value`` headers and a
``board:`` grid of whitespace-separated tokens (``.`` no cell, ``#`` a cell,
anything else a labelled cell). Lines starting with ``//`` are comments.
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

import calendar as std_calendar
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import get_args

from solver.catalog import (
    LEAP_YEAR,
    MONTH_ABBREVIATIONS,
    SINGLE_TARGET,
    WEEKDAY_ABBREVIATIONS,
    Piece,
    Published,
    Puzzle,
    Target,
    TargetsKind,
    date_target_name,
)
from solver.geometry import Cell, Lattice, Shape, lattice_named

DATA_DIR = Path(__file__).parent / "data"
PRECOMPUTE_MODES = ("default", "on-demand")


class CatalogError(ValueError):
    """A catalog file is malformed; the message names the file and line."""

    exit_code = 2  # a command named something wrong (jobs.cli.EXIT_USAGE)


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
    orientations = tuple(lattice.orientations(cells))
    face_up = set(lattice.rotations(cells))
    return Piece(name, cells, orientations, frozenset(o for o in orientations if o not in face_up))


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


def _date_targets(labels: dict[Cell, str], where: _Line, with_weekday: bool) -> tuple[Target, ...]:
    """One target per month, day 1-31 (and weekday, in board order); impossible dates are kept, flagged."""
    by_label = {label: cell for cell, label in labels.items()}
    weekdays: list[str | None] = [None]
    if with_weekday:
        weekdays = [label for label in labels.values() if label in WEEKDAY_ABBREVIATIONS]
        if len(weekdays) != len(WEEKDAY_ABBREVIATIONS):
            raise where.error(
                f"month-day-weekday targets need cells labelled {' '.join(WEEKDAY_ABBREVIATIONS)}"
            )
    targets = []
    for month, abbreviation in enumerate(MONTH_ABBREVIATIONS, start=1):
        for day in range(1, 32):
            if abbreviation not in by_label or str(day) not in by_label:
                raise where.error(f"date targets need cells labelled {abbreviation!r} and {str(day)!r}")
            real = day <= std_calendar.monthrange(LEAP_YEAR, month)[1]
            date_cells = {by_label[abbreviation], by_label[str(day)]}
            for weekday in weekdays:
                uncovered = date_cells if weekday is None else date_cells | {by_label[weekday]}
                targets.append(Target(date_target_name(month, day, weekday), frozenset(uncovered), real))
    return tuple(targets)


def _targets_kind(line: _Line) -> TargetsKind:
    """The kind a ``targets:`` line names; CatalogError listing the kinds otherwise."""
    _, value = _header(line)
    kinds: tuple[TargetsKind, ...] = get_args(TargetsKind)
    for kind in kinds:
        if value == kind:
            return kind
    raise line.error(f"unknown targets kind {value!r} (use {', '.join(repr(k) for k in kinds)})")


def _select_pieces(
    lines: list[tuple[str, _Line]], pieces_dir: Path
) -> tuple[Lattice, tuple[Piece, ...], list[Path]]:
    """The pieces named by a puzzle's ``pieces:`` lines, in order, and the set files read.

    CatalogError naming the line for a missing set or piece, a repeated name or mixed lattices.
    """
    lattice: Lattice | None = None
    chosen: dict[str, Piece] = {}
    paths: list[Path] = []
    for value, line in lines:
        set_name, *names = value.split() or [""]
        path = pieces_dir / f"{set_name}.txt"
        if not path.is_file():
            raise line.error(f"no piece set {set_name!r} (looked for {path})")
        set_lattice, pieces = parse_piece_set(path)
        if lattice is not None and set_lattice.name != lattice.name:
            raise line.error(
                f"piece set {set_name!r} is on the {set_lattice.name} lattice, not {lattice.name}"
            )
        lattice = set_lattice
        by_name = {piece.name: piece for piece in pieces}
        for name in names or list(by_name):
            if name not in by_name:
                raise line.error(f"piece set {set_name!r} has no piece {name!r} (it has {' '.join(by_name)})")
            if name in chosen:
                raise line.error(f"piece name {name!r} is used twice in this puzzle")
            chosen[name] = by_name[name]
        if path not in paths:
            paths.append(path)
    assert lattice is not None  # the caller passes at least one line
    return lattice, tuple(chosen.values()), paths


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
    piece_lines: list[tuple[str, _Line]] = []
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
        elif key == "pieces":
            piece_lines.append((value, line))
        elif key in ("id", "title", "targets", "lattice", "precompute"):
            headers[key] = (value, line)
        else:
            raise line.error(f"unknown key {key!r} in a puzzle file")
    first = _Line(path, 1, "")
    for required in ("id", "title", "targets"):
        if required not in headers:
            raise first.error(f"missing '{required}:'")
    if not piece_lines:
        raise first.error("missing 'pieces:'")
    if not board_rows:
        raise first.error("missing 'board:' grid")
    lattice, pieces, piece_paths = _select_pieces(piece_lines, pieces_dir)
    if "lattice" in headers and headers["lattice"][0] != lattice.name:
        raise headers["lattice"][1].error(f"the pieces are on the {lattice.name} lattice")
    precompute_value, precompute_line = headers.get("precompute", ("default", first))
    if precompute_value not in PRECOMPUTE_MODES:
        raise precompute_line.error(
            f"unknown precompute mode {precompute_value!r} (use 'default' or 'on-demand')"
        )
    cells, labels = _parse_board(board_rows)
    targets_line = headers["targets"][1]
    kind = _targets_kind(targets_line)
    if kind == "board":
        targets: tuple[Target, ...] = (Target(SINGLE_TARGET),)
    else:
        targets = _date_targets(labels, targets_line, with_weekday=kind == "month-day-weekday")
    piece_area = sum(len(piece.cells) for piece in pieces)
    for target in targets:
        if piece_area != len(cells) - len(target.uncovered):
            raise targets_line.error(
                f"pieces cover {piece_area} cells but target {target.name} leaves "
                f"{len(cells) - len(target.uncovered)} to cover"
            )
    # One piece set: the same digest as before several sets were allowed, so stores keep their solutions.
    digest = hashlib.sha256(path.read_bytes() + b"".join(p.read_bytes() for p in piece_paths)).hexdigest()
    return Puzzle(
        id=headers["id"][0],
        title=headers["title"][0],
        lattice=lattice,
        pieces=pieces,
        cells=cells,
        labels=labels,
        targets=targets,
        published=Published(**published),  # type: ignore[arg-type]
        fingerprint=digest[:16],
        targets_kind=kind,
        on_demand=precompute_value == "on-demand",
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
