"""The one reader of puzzle text: the catalog's own files and the definitions people write.

The format (docs/catalog.md): ``key: value`` headers, pieces taken from a piece set
(``pieces: SET [NAME ...]``) or drawn in place (``piece NAME`` and rows of ``#`` and ``.``), and
``board:`` followed by rows of whitespace-separated tokens: ``.`` no cell, ``#`` a plain cell
(always covered) and labels (:mod:`solver.labels`). ``//`` starts a comment, on a line of its
own or after whitespace. A piece drawing ends at a blank line, a header or the next ``piece``; the
board ends at a header or a ``piece`` line.

Reading never stops at the first mistake: :func:`read_puzzle` returns every :class:`Problem` it
finds, in line order, alongside what it could read. :mod:`solver.catalog_files` raises the first
one for the catalog's files; :mod:`solver.definitions` answers people with all of them.
"""

from __future__ import annotations

import calendar as std_calendar
import difflib
import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import get_args

from solver.catalog import (
    LEAP_YEAR,
    MONTH_ABBREVIATIONS,
    SINGLE_TARGET,
    WEEKDAY_ABBREVIATIONS,
    Piece,
    Target,
    TargetsKind,
    date_target_name,
)
from solver.geometry import LATTICES, Cell, Lattice, Shape, SquareLattice
from solver.labels import DAYS, BadDay, suggest_label
from solver.labels import read_label as read_board_label
from solver.problems import ParamValue, Problem, problem

PUZZLE_KEYS = ("title", "lattice", "targets", "pieces", "board")
CATALOG_KEYS = ("id", "precompute", "published")  # the catalog's own files only
PIECE_SET_KEYS = ("lattice",)
PRECOMPUTE_MODES = ("default", "on-demand")
TARGETS_KINDS: tuple[TargetsKind, ...] = get_args(TargetsKind)
OPEN_CELLS: dict[TargetsKind, int] = {"board": 0, "month-day": 2, "month-day-weekday": 3}
MAX_PIECE_NAME = 12

_HEADER = re.compile(r"([A-Za-z][A-Za-z0-9_-]*)\s*:\s*(.*)")
_TRAILING_COMMENT = re.compile(r"\s+//.*$")


class CatalogError(ValueError):
    """A catalog file (a puzzle or a piece set of the project) is malformed; the message names the
    file and line."""

    exit_code = 2  # a command named something wrong (jobs.cli.EXIT_USAGE)


@dataclass(frozen=True)
class Line:
    """A line of text: its number (from 1), without comments and trailing spaces."""

    number: int
    text: str

    @property
    def indent(self) -> int:
        return len(self.text) - len(self.text.lstrip())


@dataclass(frozen=True)
class Value:
    """A header's value or a word, and where it starts (column from 1)."""

    text: str
    line: int
    column: int


def content_lines(text: str) -> list[Line]:
    """The lines of ``text``, comments removed (a ``//`` line becomes '')."""
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        content = "" if raw.lstrip().startswith("//") else _TRAILING_COMMENT.sub("", raw)
        lines.append(Line(number, content.rstrip()))
    return lines


def _words(value: Value) -> list[Value]:
    """The whitespace-separated words of a value, each with its column."""
    return [Value(m.group(), value.line, value.column + m.start()) for m in re.finditer(r"\S+", value.text)]


def suggestion(word: str, choices: list[str]) -> str | None:
    """The choice closest to ``word`` (the same letters in another case first), or None."""
    same_letters = [choice for choice in choices if choice.lower() == word.lower()]
    if same_letters:
        return same_letters[0]
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return close[0] if close else None


# ---------------------------------------------------------------- the blocks of a text


@dataclass
class DrawnPiece:
    name: Value
    rows: list[Line] = field(default_factory=list)


@dataclass
class Blocks:
    """A text cut into its parts, before any of them is interpreted."""

    headers: dict[str, Value] = field(default_factory=dict)
    pieces: list[Value | DrawnPiece] = field(default_factory=list)  # in order: set lines and drawings
    published: list[Value] = field(default_factory=list)
    board: Value | None = None
    board_rows: list[Line] = field(default_factory=list)


class Reader:
    """Collects the problems of one text, each with its message in one language."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.problems: list[Problem] = []

    def report(self, line: int, column: int, code: str, **params: ParamValue) -> None:
        self.problems.append(problem(line, column, code, self.language, **params))

    def sorted_problems(self) -> list[Problem]:
        return sorted(self.problems, key=lambda p: (p.line, p.column))


def _is_piece_line(text: str) -> bool:
    stripped = text.strip()
    return stripped == "piece" or stripped.startswith("piece ")


def split_blocks(lines: list[Line], keys: tuple[str, ...], reader: Reader) -> Blocks:
    """Headers, piece drawings and the board's rows; problems for lines that are none of them."""
    blocks = Blocks()
    drawing: DrawnPiece | None = None
    in_board = False
    for line in lines:
        stripped = line.text.strip()
        header = _HEADER.fullmatch(stripped)
        if not stripped:
            drawing = None
        elif _is_piece_line(stripped):
            drawing, in_board = _start_piece(line, reader), False
            blocks.pieces.append(drawing)
        elif header is None and drawing is not None:
            drawing.rows.append(line)
        elif header is None and in_board:
            blocks.board_rows.append(line)
        elif header is None:
            reader.report(line.number, line.indent + 1, "not-a-header", text=stripped)
        else:
            drawing = None
            in_board = _header(line, header, keys, blocks, reader)
    return blocks


def _start_piece(line: Line, reader: Reader) -> DrawnPiece:
    rest = line.text.strip().removeprefix("piece")
    name = Value(rest.strip(), line.number, line.text.index("piece") + 6 + len(rest) - len(rest.lstrip()))
    if not name.text:
        reader.report(line.number, line.indent + 1, "piece-no-name")
    elif len(name.text) > MAX_PIECE_NAME or len(name.text.split()) > 1:
        reader.report(name.line, name.column, "bad-piece-name", name=name.text, limit=MAX_PIECE_NAME)
    return DrawnPiece(name)


def _header(line: Line, match: re.Match[str], keys: tuple[str, ...], blocks: Blocks, reader: Reader) -> bool:
    """Record one header; True when it is ``board:`` (its rows follow)."""
    key, text = match.group(1), match.group(2)
    value = Value(text, line.number, line.indent + match.start(2) + 1)
    if key not in keys:
        if key in CATALOG_KEYS:
            reader.report(line.number, line.indent + 1, "catalog-only-key", key=key)
            return False
        hint = suggestion(key, list(keys))
        params: dict[str, ParamValue] = {"suggestion": hint} if hint else {"keys": ", ".join(keys)}
        reader.report(line.number, line.indent + 1, "unknown-key", key=key, **params)
        return False
    if key == "pieces":
        blocks.pieces.append(value)
    elif key == "published":
        blocks.published.append(value)
    elif key in blocks.headers or (key == "board" and blocks.board is not None):
        first = blocks.board if key == "board" else blocks.headers[key]
        assert first is not None
        reader.report(line.number, line.indent + 1, "repeated-key", key=key, first=first.line)
    elif key == "board":
        blocks.board = value
        if text:
            reader.report(value.line, value.column, "board-value")
        return True
    else:
        blocks.headers[key] = value
    return False


# ---------------------------------------------------------------- pieces


def cells_from_drawing(rows: list[Line], reader: Reader) -> Shape:
    """The cells a drawing marks with '#'; a problem for any character but '#' and '.'."""
    cells = []
    for row_index, line in enumerate(rows):
        for col_index, char in enumerate(line.text):
            if char == "#":
                cells.append((row_index, col_index))
            elif char != ".":
                reader.report(line.number, col_index + 1, "piece-bad-character", char=char)
    return tuple(cells)


def is_connected(lattice: Lattice, cells: Shape) -> bool:
    """Whether cells form one region, each step between lattice neighbours (sharing an edge)."""
    inside = set(cells)
    todo, seen = [cells[0]], {cells[0]}
    while todo:
        for other in lattice.neighbours(todo.pop()):
            if other in inside and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def make_piece(lattice: Lattice, name: str, cells: Shape) -> Piece:
    """A piece from its drawing: its orientations, the flipped ones apart."""
    orientations = tuple(lattice.orientations(cells))
    face_up = set(lattice.rotations(cells))
    return Piece(name, cells, orientations, frozenset(o for o in orientations if o not in face_up))


def drawn_piece(lattice: Lattice, drawing: DrawnPiece, reader: Reader) -> Piece | None:
    """The piece a drawing shows, or None (and a problem) for a drawing that is no piece."""
    before = len(reader.problems)
    name = drawing.name
    if not drawing.rows:
        reader.report(name.line, name.column, "piece-no-drawing", name=name.text)
        return None
    cells = cells_from_drawing(drawing.rows, reader)
    if len(reader.problems) > before:
        return None
    if not cells:
        reader.report(name.line, name.column, "piece-no-cells", name=name.text)
        return None
    if not is_connected(lattice, cells):
        reader.report(name.line, name.column, "piece-not-connected", name=name.text)
        return None
    return make_piece(lattice, name.text, cells)


@dataclass(frozen=True)
class PieceSet:
    lattice: Lattice
    pieces: tuple[Piece, ...]


@dataclass(frozen=True)
class PieceSetText:
    """What a piece-set file holds, or its problems."""

    pieces: PieceSet | None
    problems: list[Problem]


def read_piece_set(text: str, language: str = "en") -> PieceSetText:
    """A piece-set file's lattice and pieces, with every problem found."""
    reader = Reader(language)
    blocks = split_blocks(content_lines(text), PIECE_SET_KEYS, reader)
    lattice_value = blocks.headers.get("lattice")
    lattice = _lattice(lattice_value, reader) if lattice_value else None
    pieces: list[Piece] = []
    first_use: dict[str, int] = {}
    for entry in blocks.pieces:
        if not isinstance(entry, DrawnPiece):  # no 'pieces:' key in a piece set: reported already
            continue
        name = entry.name
        if name.text in first_use:
            reader.report(
                name.line, name.column, "duplicate-piece", name=name.text, first=first_use[name.text]
            )
            continue
        first_use[name.text] = name.line
        piece = drawn_piece(lattice, entry, reader) if lattice is not None and name.text else None
        if piece is not None:
            pieces.append(piece)
    if lattice_value is None or not blocks.pieces:
        reader.report(1, 1, "piece-set-empty")
    problems = reader.sorted_problems()
    ok = lattice is not None and not problems
    return PieceSetText(PieceSet(lattice, tuple(pieces)) if ok and lattice else None, problems)


def _lattice(value: Value, reader: Reader) -> Lattice | None:
    if value.text in LATTICES:
        return LATTICES[value.text]
    reader.report(value.line, value.column, "unknown-lattice", name=value.text)
    return None


class PieceSets:
    """The piece-set files of one directory, each read once."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def names(self) -> list[str]:
        return sorted(path.stem for path in self.directory.glob("*.txt"))

    def path(self, name: str) -> Path:
        return self.directory / f"{name}.txt"

    def get(self, name: str) -> PieceSet | None:
        """The set called ``name``, or None when there is no such file. ValueError (naming the
        file and line) for a set file that is malformed: the sets are the project's own data."""
        path = self.path(name)
        if "/" in name or "\\" in name or not name or not path.is_file():
            return None
        return _piece_set_file(path, path.stat().st_mtime_ns)


@cache
def _piece_set_file(path: Path, _modified: int) -> PieceSet:
    read = read_piece_set(path.read_text(encoding="utf-8"))
    if read.pieces is None:
        first = read.problems[0]
        raise CatalogError(f"{path}:{first.line}: {first.message}")
    return read.pieces


# ---------------------------------------------------------------- the board


@dataclass
class Board:
    cells: list[Cell] = field(default_factory=list)
    labels: dict[Cell, str] = field(default_factory=dict)
    where: dict[Cell, Value] = field(default_factory=dict)  # each labelled cell's token as written


def read_board(rows: list[Line], lattice: Lattice, reader: Reader) -> Board:
    """The board's cells and labels (English), with a problem for each token that is no label."""
    board = Board()
    seen: dict[str, Value] = {}
    for row_index, line in enumerate(rows):
        _check_indent(line, rows[0], lattice, reader)
        tokens = _words(Value(line.text, line.number, 1))
        for col_index, token in enumerate(tokens):
            if token.text == ".":
                continue
            cell = (row_index, col_index)
            board.cells.append(cell)
            if token.text != "#":
                _label_cell(board, cell, token, seen, reader)
    return board


def _check_indent(line: Line, first: Line, lattice: Lattice, reader: Reader) -> None:
    if not isinstance(lattice, SquareLattice) and line.indent:
        reader.report(line.number, 1, "triangle-row-indented")
    elif isinstance(lattice, SquareLattice) and line.indent != first.indent:
        reader.report(line.number, 1, "board-row-indented")


def _label_cell(board: Board, cell: Cell, token: Value, seen: dict[str, Value], reader: Reader) -> None:
    read = read_board_label(token.text)
    if isinstance(read, BadDay):
        reader.report(token.line, token.column, "day-out-of-range", day=read.day)
        return
    if read is None:
        hint = suggest_label(token.text)
        params: dict[str, ParamValue] = {"suggestion": hint} if hint else {}
        reader.report(token.line, token.column, "unknown-label", token=token.text, **params)
        return
    if read.label in seen:
        first = seen[read.label]
        reader.report(
            token.line,
            token.column,
            "repeated-label",
            label=token.text,
            first=first.line,
            first_column=first.column,
        )
        return
    seen[read.label] = token
    board.labels[cell] = read.label
    board.where[cell] = token


def date_targets(labels: dict[Cell, str], with_weekday: bool) -> tuple[Target, ...]:
    """One target per month, day 1-31 (and weekday, in board order); impossible dates are kept,
    flagged. The caller has checked that every label is on the board."""
    by_label = {label: cell for cell, label in labels.items()}
    weekdays: list[str | None] = [None]
    if with_weekday:
        weekdays = [label for label in labels.values() if label in WEEKDAY_ABBREVIATIONS]
    targets = []
    for month, abbreviation in enumerate(MONTH_ABBREVIATIONS, start=1):
        for day in range(1, 32):
            real = day <= std_calendar.monthrange(LEAP_YEAR, month)[1]
            date_cells = {by_label[abbreviation], by_label[str(day)]}
            for weekday in weekdays:
                uncovered = date_cells if weekday is None else date_cells | {by_label[weekday]}
                targets.append(Target(date_target_name(month, day, weekday), frozenset(uncovered), real))
    return tuple(targets)


def check_labels(board: Board, kind: TargetsKind, targets_at: Value, reader: Reader) -> bool:
    """Whether the board's labels fit its kind of targets; a problem for each way they do not."""
    present = set(board.labels.values())
    if kind == "board":
        first = next(iter(board.where.values()), None)
        if first is not None:
            reader.report(first.line, first.column, "label-on-board", token=first.text)
        return first is None
    ok = True
    wanted: list[tuple[str, tuple[str, ...]]] = [
        ("missing-months", MONTH_ABBREVIATIONS),
        ("missing-days", DAYS),
    ]
    if kind == "month-day-weekday":
        wanted.append(("missing-weekdays", WEEKDAY_ABBREVIATIONS))
    else:
        weekday = next((v for c, v in board.where.items() if board.labels[c] in WEEKDAY_ABBREVIATIONS), None)
        if weekday is not None:
            reader.report(weekday.line, weekday.column, "weekday-unused", token=weekday.text)
            ok = False
    for code, labels in wanted:
        missing = [label for label in labels if label not in present]
        if missing:
            reader.report(targets_at.line, targets_at.column, code, kind=kind, missing=" ".join(missing))
            ok = False
    return ok


# ---------------------------------------------------------------- a whole puzzle


@dataclass(frozen=True)
class Rules:
    """What one kind of text may hold: the catalog's files or people's definitions."""

    catalog: bool  # 'id:' required; 'precompute:' and 'published:' allowed
    max_board_cells: int | None = None
    max_pieces: int | None = None
    max_title: int | None = None

    @property
    def keys(self) -> tuple[str, ...]:
        return (*PUZZLE_KEYS, *CATALOG_KEYS) if self.catalog else PUZZLE_KEYS


@dataclass(frozen=True)
class PuzzleText:
    """What a puzzle's text says, read whole: the parts it got right and every problem."""

    headers: dict[str, Value]
    lattice: Lattice
    pieces: tuple[Piece, ...]
    cells: tuple[Cell, ...]
    labels: dict[Cell, str]
    targets_kind: TargetsKind | None
    targets: tuple[Target, ...]
    published: list[Value]
    set_names: tuple[str, ...]  # the piece sets used, in order
    problems: list[Problem]  # in the order found: the catalog raises the first

    def digest(self, raw: bytes, sets: PieceSets) -> str:
        """A fingerprint of the text and the piece-set files it uses (16 hex digits)."""
        files = b"".join(sets.path(name).read_bytes() for name in self.set_names)
        return hashlib.sha256(raw + files).hexdigest()[:16]


def read_puzzle(text: str, sets: PieceSets, rules: Rules, language: str = "en") -> PuzzleText:
    """Everything a puzzle's text says, and every problem in it, in line order."""
    reader = Reader(language)
    blocks = split_blocks(content_lines(text), rules.keys, reader)
    _check_headers(blocks, rules, reader)
    lattice = _puzzle_lattice(blocks, sets, reader)
    pieces, set_names, pieces_ok = _select_pieces(blocks, lattice, sets, rules, reader)
    board = read_board(blocks.board_rows, lattice, reader)
    kind = _targets_kind(blocks.headers.get("targets"), reader)
    targets: tuple[Target, ...] = ()
    if blocks.board is not None:
        _check_board(board, blocks.board, rules, reader)
    if kind is not None and board.cells:
        targets_at = blocks.headers["targets"]
        labels_ok = check_labels(board, kind, targets_at, reader)
        if pieces_ok and pieces:
            _check_area(pieces, len(board.cells), kind, targets_at, reader)
        if labels_ok:
            targets = _targets(kind, board.labels)
    return PuzzleText(
        headers=blocks.headers,
        lattice=lattice,
        pieces=pieces,
        cells=tuple(board.cells),
        labels=board.labels,
        targets_kind=kind,
        targets=targets,
        published=blocks.published,
        set_names=set_names,
        problems=reader.problems,
    )


def _targets(kind: TargetsKind, labels: dict[Cell, str]) -> tuple[Target, ...]:
    if kind == "board":
        return (Target(SINGLE_TARGET),)
    return date_targets(labels, with_weekday=kind == "month-day-weekday")


def _check_headers(blocks: Blocks, rules: Rules, reader: Reader) -> None:
    required = ("id", "title", "targets") if rules.catalog else ("title", "targets")
    for key in required:
        if key not in blocks.headers:
            reader.report(1, 1, "missing-key", key=key)
    if not blocks.pieces:
        reader.report(1, 1, "missing-pieces")
    if blocks.board is None:
        reader.report(1, 1, "missing-board")
    title = blocks.headers.get("title")
    if title is not None and not title.text:
        reader.report(title.line, title.column, "empty-title")
    elif title is not None and rules.max_title is not None and len(title.text) > rules.max_title:
        reader.report(
            title.line, title.column, "title-too-long", chars=len(title.text), limit=rules.max_title
        )
    mode = blocks.headers.get("precompute")
    if mode is not None and mode.text not in PRECOMPUTE_MODES:
        reader.report(mode.line, mode.column, "unknown-precompute", name=mode.text)


def _targets_kind(value: Value | None, reader: Reader) -> TargetsKind | None:
    if value is None:
        return None
    for kind in TARGETS_KINDS:
        if value.text == kind:
            return kind
    reader.report(value.line, value.column, "unknown-targets", name=value.text)
    return None


def _puzzle_lattice(blocks: Blocks, sets: PieceSets, reader: Reader) -> Lattice:
    """The 'lattice:' header's, else the first piece set's, else the square lattice."""
    value = blocks.headers.get("lattice")
    if value is not None:
        named = _lattice(value, reader)
        if named is not None:
            return named
    for entry in blocks.pieces:
        if isinstance(entry, Value) and entry.text:
            found = sets.get(entry.text.split()[0])
            if found is not None:
                return found.lattice
    return LATTICES["square"]


def _select_pieces(
    blocks: Blocks, lattice: Lattice, sets: PieceSets, rules: Rules, reader: Reader
) -> tuple[tuple[Piece, ...], tuple[str, ...], bool]:
    """The pieces in order, the sets used, and whether every piece named or drawn was found."""
    chosen: list[Piece] = []
    first_use: dict[str, int] = {}
    set_names: list[str] = []
    ok = True
    for entry in blocks.pieces:
        if isinstance(entry, DrawnPiece):
            found: list[tuple[Value, Piece | None]] = [(entry.name, _drawn(entry, lattice, reader))]
        else:
            found = list(_from_set(entry, lattice, sets, set_names, reader))
            ok = ok and bool(found)
        for name, piece in found:
            if piece is None and isinstance(entry, Value):
                ok = False  # not in its set (reported): neither a piece nor a name taken
                continue
            if name.text in first_use:
                reader.report(
                    name.line, name.column, "duplicate-piece", name=name.text, first=first_use[name.text]
                )
                ok = False
                continue
            first_use[name.text] = name.line
            if piece is None:
                ok = False
            else:
                chosen.append(piece)
    limit = rules.max_pieces
    if limit is not None and len(first_use) > limit:
        over = list(first_use.values())[limit]
        reader.report(over, 1, "too-many-pieces", count=len(first_use), limit=limit)
    return tuple(chosen), tuple(set_names), ok


def _drawn(entry: DrawnPiece, lattice: Lattice, reader: Reader) -> Piece | None:
    if not entry.name.text or len(entry.name.text) > MAX_PIECE_NAME or len(entry.name.text.split()) > 1:
        return None  # reported when the block was read
    return drawn_piece(lattice, entry, reader)


def _from_set(
    value: Value, lattice: Lattice, sets: PieceSets, set_names: list[str], reader: Reader
) -> Iterator[tuple[Value, Piece | None]]:
    """The pieces one 'pieces:' line names, each with its word; (word, None) for a missing one.
    Nothing when the set itself is unknown or on another lattice (reported)."""
    words = _words(value)
    if not words:
        reader.report(value.line, value.column, "unknown-piece-set", name="", sets=", ".join(sets.names()))
        return
    set_word, names = words[0], words[1:]
    found = sets.get(set_word.text)
    if found is None:
        hint = suggestion(set_word.text, sets.names())
        params: dict[str, ParamValue] = {"suggestion": hint} if hint else {"sets": ", ".join(sets.names())}
        reader.report(set_word.line, set_word.column, "unknown-piece-set", name=set_word.text, **params)
        return
    if found.lattice.name != lattice.name:
        reader.report(
            set_word.line,
            set_word.column,
            "lattice-mismatch",
            set=set_word.text,
            found=found.lattice.name,
            expected=lattice.name,
        )
        return
    if set_word.text not in set_names:
        set_names.append(set_word.text)
    by_name = {piece.name: piece for piece in found.pieces}
    for word in names or [Value(name, value.line, set_word.column) for name in by_name]:
        piece = by_name.get(word.text)
        if piece is None:
            hint = suggestion(word.text, list(by_name))
            params = {"suggestion": hint} if hint else {"names": " ".join(by_name)}
            reader.report(
                word.line, word.column, "unknown-piece", set=set_word.text, name=word.text, **params
            )
        yield word, piece


def _check_board(board: Board, at: Value, rules: Rules, reader: Reader) -> None:
    if not board.cells:
        reader.report(at.line, 1, "empty-board")
    limit = rules.max_board_cells
    if limit is not None and len(board.cells) > limit:
        reader.report(at.line, 1, "board-too-large", cells=len(board.cells), limit=limit)


def _check_area(pieces: tuple[Piece, ...], cells: int, kind: TargetsKind, at: Value, reader: Reader) -> None:
    """The pieces must cover exactly the cells a target leaves covered."""
    area = sum(len(piece.cells) for piece in pieces)
    left_open = OPEN_CELLS[kind]
    if area == cells - left_open:
        return
    if kind == "board":
        reader.report(at.line, at.column, "area-board", pieces=area, cells=cells)
    else:
        reader.report(
            at.line,
            at.column,
            "area-dates",
            pieces=area,
            to_cover=cells - left_open,
            cells=cells,
            open=left_open,
        )
