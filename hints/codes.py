"""Position codes: a whole position in a short, URL-safe, versioned string.

A code is the version character ``2``, the puzzle's layout tag (3 characters),
then the position as a fixed-width number, all in the base64url alphabet.

The *layout* of a puzzle is every placement of every piece on the whole board,
in code order (:func:`board_placements`: per piece, each orientation of the
drawing, then each lattice translation that keeps it on the board). Its *tag*
is the first 18 bits of a SHA-256 of that layout (the lattice, each piece's
name and its placements' cells). Redrawing a piece (from its other side, say),
changing the board or changing how placements are listed changes the layout and
so the tag: a code made before is then refused as outdated
(:class:`~hints.errors.OutdatedCode`), never read with the new order.

The number is a mixed-radix number with one digit per piece, in piece order: 0
when the piece is not on the board, else 1 + the index of its placement among
that piece's placements. It is written in base 64, most significant digit
first, with the base64url alphabet as digits (``A`` = 0 … ``_`` = 63), in as
many characters as the puzzle's largest number needs, so every code of a puzzle
has the same length (14 characters on the calendar, 19 on the 6x10 pentomino
board) and fits a Telegram deep link. Every string of that length is one number:
a code is canonical, and a number past the puzzle's last position is refused.

Version 1, the codes made before the tag: ``1`` + base64url (no padding) of
the number as fixed-width big-endian bytes. They are read, exactly, on a puzzle
whose layout is still the one :data:`V1_LAYOUTS` records (the catalog when
version 2 came in), and refused as outdated elsewhere; only their canonical
form is read (the spare low bits of the last character clear). Encoding always
gives version 2.

Codes name placements, not targets: the same code is the same pieces on the
board whichever date it is played on (a piece over the date is then an illegal
position, not a bad code). A piece whose cells are no shape of it has no code.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import string
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from math import prod

from hints.errors import MalformedPosition, OtherPuzzleCode, OutdatedCode
from solver.catalog import Puzzle, Target
from solver.encoding import Placement
from solver.geometry import Cell
from solver.problem import TargetProblem
from solver.puzzles import all_puzzles

VERSION = "2"
VERSION_1 = "1"
TAG_LENGTH = 3
MAX_CODE_LENGTH = 64
CODE_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")
DIGITS = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"  # base64url, A = 0
_VALUE = {char: value for value, char in enumerate(DIGITS)}

# Each puzzle's layout digest (Layout.digest) when version 2 came in: the placement order its
# version-1 codes were made with. Never edit an entry: a puzzle redrawn since reads none of them.
V1_LAYOUTS: dict[str, str] = {
    "calendar-creamakerspace": "076263329404e73f",
    "calendar-dragonfjord": "7b049e784d67a69d",
    "calendar-jarringwords": "9ebd70b0a5479c2a",
    "calendar-tetromino": "223381816745ee48",
    "calendar-weekday": "f374ecf27e8140d1",
    "calendar-weekday-monday": "f374ecf27e8140d1",
    "hexiamond-rhombus-6x6": "62355158ac14996f",
    "hexiamond-tenyo": "8aa5aeccd497ff8d",
    "pentomino-3x20": "ee1aafc33d591b15",
    "pentomino-4x15": "e97e51df00a21fef",
    "pentomino-5x12": "71642afda5da2a3e",
    "pentomino-6x10": "fa3cf57c5fe69912",
    "pentomino-8x8-hole": "732eee2cf944ff4d",
}


@dataclass(frozen=True)
class Layout:
    """What a puzzle's codes are made of: its placements in code order, and their digest and tag."""

    placements: tuple[tuple[Placement, ...], ...]  # per piece
    # (piece, sorted cells) -> 1 + the placement's index among its piece's (plain tuples: encoding
    # a position builds no Placement to look its pieces up; every stored DragonFjord solution and
    # prefix encoded and decoded in 5.5-6 s instead of 7.2-8 s)
    digits: dict[tuple[int, tuple[Cell, ...]], int]
    radices: tuple[int, ...]  # per piece: its placements + 1 (off the board)
    digest: str  # 16 hex digits of the SHA-256 of the layout
    tag: str  # its first 18 bits in base64url

    @cached_property
    def positions(self) -> int:
        """How many numbers name a position: 0 up to this, exclusive."""
        return prod(self.radices)

    @cached_property
    def width(self) -> int:
        """Base-64 digits in every version-2 code's number."""
        return max(1, ((self.positions - 1).bit_length() + 5) // 6)

    @cached_property
    def v1_bytes(self) -> int:
        """Bytes of the number in a version-1 code."""
        return ((self.positions - 1).bit_length() + 7) // 8


# Per puzzle and process, keyed by id and data fingerprint (a redrawn puzzle gets its own).
_LAYOUTS: dict[tuple[str, str], Layout] = {}


def layout(puzzle: Puzzle) -> Layout:
    """The puzzle's layout, made once per process."""
    key = (puzzle.id, puzzle.fingerprint)
    found = _LAYOUTS.get(key)
    if found is None:
        found = _LAYOUTS[key] = _make_layout(puzzle)
    return found


def warm_layouts(puzzles: Iterable[Puzzle] | None = None) -> None:
    """Make the layouts of ``puzzles`` (every shipped one by default) now: a layout takes tens of
    milliseconds of Python holding the GIL (0.3 s for the thirteen), which a server would
    otherwise spend on its event loop's watch the first time a day's link names each board."""
    for puzzle in all_puzzles().values() if puzzles is None else puzzles:
        layout(puzzle)


def _make_layout(puzzle: Puzzle) -> Layout:
    whole_board = TargetProblem(puzzle, Target("whole board"))
    by_piece: list[list[Placement]] = [[] for _ in puzzle.pieces]
    for placement in whole_board.placements:
        by_piece[placement.piece].append(placement)
    placements = tuple(tuple(found) for found in by_piece)
    # repr of str, int and tuple is stable across Python versions, so the digest is too
    pieces = tuple(
        (piece.name, tuple(p.cells for p in found))
        for piece, found in zip(puzzle.pieces, placements, strict=True)
    )
    hashed = hashlib.sha256(repr((puzzle.lattice.name, pieces)).encode()).digest()
    return Layout(
        placements,
        {(p.piece, p.cells): index + 1 for found in placements for index, p in enumerate(found)},
        tuple(len(found) + 1 for found in placements),
        hashed.hex()[:16],
        _base64(hashed)[:TAG_LENGTH],
    )


def code_cells(puzzle: Puzzle) -> tuple[Cell, ...]:
    """The whole board's cells in the order the layout lists each orientation's translations: with
    the pieces' orientations (in catalog order), enough to list every placement in code order (a
    translation moves an orientation's first cell onto one of these cells, and is kept when the
    lattice allows it and every moved cell is on the board)."""
    return TargetProblem(puzzle, Target("whole board")).cells


def board_placements(puzzle: Puzzle) -> tuple[tuple[Placement, ...], ...]:
    """Per piece, every placement on the whole board (target cells included), in code order."""
    return layout(puzzle).placements


def code_length(puzzle: Puzzle) -> int:
    """Characters in every code of this puzzle (version character and tag included)."""
    return len(VERSION) + TAG_LENGTH + layout(puzzle).width


def _base64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _in_base64(number: int, width: int) -> str:
    digits = []
    for _ in range(width):
        number, digit = divmod(number, 64)
        digits.append(DIGITS[digit])
    return "".join(reversed(digits))


def _v1_code(found: Layout, number: int) -> str:
    return VERSION_1 + _base64(number.to_bytes(found.v1_bytes, "big"))


def encode_position(puzzle: Puzzle, placements: Iterable[Placement]) -> str | None:
    """The code of a position (pieces in any order), or None if a piece is not in one of its shapes."""
    found = layout(puzzle)
    digits = [0] * len(puzzle.pieces)
    for placement in placements:
        digit = found.digits.get((placement.piece, tuple(sorted(placement.cells))))
        if digit is None:
            return None
        digits[placement.piece] = digit
    number = 0
    for digit, radix in zip(reversed(digits), reversed(found.radices), strict=True):
        number = number * radix + digit
    return VERSION + found.tag + _in_base64(number, found.width)


def _wrong_shape(puzzle: Puzzle, version: str, expected: int, code: str) -> MalformedPosition:
    return MalformedPosition(
        "invalid_code",
        f"a {puzzle.id} position code is {expected} characters of A-Z a-z 0-9 _ - starting with "
        f"'{version}'; got {len(code)} characters",
    )


def _puzzle_tagged(tag: str, puzzle: Puzzle) -> Puzzle | None:
    """Another shipped puzzle whose layout has ``tag``, if any (a code pasted on another puzzle's
    board); the same puzzle's shipped layout is an older version of ``puzzle``'s, not another."""
    others = (other for other in all_puzzles().values() if other.id != puzzle.id)
    return next((other for other in others if layout(other).tag == tag), None)


def _no_position(puzzle: Puzzle) -> MalformedPosition:
    return MalformedPosition("invalid_code", f"the position code names no {puzzle.id} position")


def _number(puzzle: Puzzle, code: str) -> int:
    """A version-2 code's number; MalformedPosition (OutdatedCode for another layout's tag) if bad."""
    found, expected = layout(puzzle), code_length(puzzle)
    if len(code) <= len(VERSION) + TAG_LENGTH or not CODE_ALPHABET.fullmatch(code):
        raise _wrong_shape(puzzle, VERSION, expected, code)
    tag = code[len(VERSION) : len(VERSION) + TAG_LENGTH]
    if tag != found.tag:
        other = _puzzle_tagged(tag, puzzle)
        raise OutdatedCode(puzzle.id) if other is None else OtherPuzzleCode(puzzle.id, other.id)
    if len(code) != expected:
        raise _wrong_shape(puzzle, VERSION, expected, code)
    number = 0
    for char in code[len(VERSION) + TAG_LENGTH :]:
        number = number * 64 + _VALUE[char]
    if number >= found.positions:
        raise _no_position(puzzle)
    return number


def _v1_number(puzzle: Puzzle, code: str, *, canonical: bool) -> int:
    """A version-1 code's number (``canonical``: refusing spare bits set); MalformedPosition if bad,
    OutdatedCode on a puzzle whose layout is not the one version-1 codes were made with."""
    found = layout(puzzle)
    recorded = V1_LAYOUTS.get(puzzle.id)
    if recorded is None:
        raise MalformedPosition("invalid_code", f"no version-1 position code names a {puzzle.id} position")
    if recorded != found.digest:
        raise OutdatedCode(puzzle.id)
    expected = len(_v1_code(found, 0))
    if len(code) != expected or not CODE_ALPHABET.fullmatch(code):
        raise _wrong_shape(puzzle, VERSION_1, expected, code)
    body = code[len(VERSION_1) :]
    try:
        number = int.from_bytes(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)), "big")
    except (binascii.Error, ValueError):
        raise MalformedPosition("invalid_code", "the position code is not valid base64url") from None
    if number >= found.positions:
        raise _no_position(puzzle)
    if canonical and _v1_code(found, number) != code:
        raise MalformedPosition(
            "invalid_code", "the position code is not in its canonical form (it sets bits no position uses)"
        )
    return number


def _any_number(puzzle: Puzzle, code: str, *, canonical: bool) -> int:
    if code.startswith(VERSION):
        return _number(puzzle, code)
    if code.startswith(VERSION_1):
        return _v1_number(puzzle, code, canonical=canonical)
    raise MalformedPosition(
        "invalid_code", f"unknown position code version {code[:1]!r}; expected '{VERSION}'"
    )


def _placements(puzzle: Puzzle, number: int) -> tuple[Placement, ...]:
    found = layout(puzzle)
    placements = []
    for piece, radix in enumerate(found.radices):
        number, digit = divmod(number, radix)
        if digit:
            placements.append(found.placements[piece][digit - 1])
    return tuple(placements)


def decode_position(puzzle: Puzzle, code: str) -> tuple[Placement, ...]:
    """The placements of a code, by piece (not yet checked for overlaps); MalformedPosition if it is
    not exactly the code of a position, OutdatedCode if it was made for an earlier layout."""
    return _placements(puzzle, _any_number(puzzle, code, canonical=True))


def current_code(puzzle: Puzzle, code: str) -> str:
    """The version-2 code of the position a code names, reading a version-1 code with spare bits set
    too (such codes were accepted and stored once); MalformedPosition or OutdatedCode as decoding."""
    placed = _placements(puzzle, _any_number(puzzle, code, canonical=False))
    encoded = encode_position(puzzle, placed)
    assert encoded is not None, "a decoded position always has a code"
    return encoded
