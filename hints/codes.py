"""Position codes: a whole position in a short, URL-safe, versioned string.

A code is the version character ``1`` followed by base64url (no padding) of a
fixed-width big-endian integer. The integer is a mixed-radix number with one
digit per piece of the puzzle, in piece order: 0 when the piece is not on the
board, else 1 + the index of its placement among every placement of that piece
on the whole board (:func:`board_placements`: each orientation of the drawing,
then each lattice translation that keeps it on the board, in a fixed order).
The width is the number of bytes the largest such number needs, so every code
of a puzzle has the same length (16 characters on the 6x10 pentomino board, 11
on the calendar) and every position of every catalog puzzle fits in a Telegram
deep-link parameter (at most 64 characters of ``A-Za-z0-9_-``).

Codes name placements, not targets: the same code is the same pieces on the
board whichever date it is played on (a piece over the date is then an illegal
position, not a bad code). A piece whose cells are no shape of it has no code.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable
from functools import cache
from math import prod

from hints.errors import MalformedPosition
from solver.catalog import Puzzle, Target, get_puzzle
from solver.problem import Placement, TargetProblem

VERSION = "1"
MAX_CODE_LENGTH = 64
CODE_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")


@cache
def _board_placements(puzzle_id: str) -> tuple[tuple[Placement, ...], ...]:
    puzzle = get_puzzle(puzzle_id)
    whole_board = TargetProblem(puzzle, Target("whole board"))
    by_piece: list[list[Placement]] = [[] for _ in puzzle.pieces]
    for placement in whole_board.placements:
        by_piece[placement.piece].append(placement)
    return tuple(tuple(found) for found in by_piece)


def board_placements(puzzle: Puzzle) -> tuple[tuple[Placement, ...], ...]:
    """Per piece, every placement on the whole board (target cells included), in code order."""
    return _board_placements(puzzle.id)


@cache
def _digit_of(puzzle_id: str) -> dict[Placement, int]:
    return {
        placement: index + 1
        for placements in _board_placements(puzzle_id)
        for index, placement in enumerate(placements)
    }


def _radices(puzzle: Puzzle) -> list[int]:
    return [len(placements) + 1 for placements in board_placements(puzzle)]


def code_length(puzzle: Puzzle) -> int:
    """Characters in every code of this puzzle (the version character included)."""
    width = (prod(_radices(puzzle)) - 1).bit_length()
    return len(VERSION) + len(_base64(bytes((width + 7) // 8)))


def _base64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def encode_position(puzzle: Puzzle, placements: Iterable[Placement]) -> str | None:
    """The code of a position (pieces in any order), or None if a piece is not in one of its shapes."""
    digits = [0] * len(puzzle.pieces)
    known = _digit_of(puzzle.id)
    for placement in placements:
        digit = known.get(Placement(placement.piece, tuple(sorted(placement.cells))))
        if digit is None:
            return None
        digits[placement.piece] = digit
    number = 0
    for digit, radix in zip(reversed(digits), reversed(_radices(puzzle)), strict=True):
        number = number * radix + digit
    width = ((prod(_radices(puzzle)) - 1).bit_length() + 7) // 8
    return VERSION + _base64(number.to_bytes(width, "big"))


def _number(puzzle: Puzzle, code: str) -> int:
    """The code's integer; MalformedPosition saying what is wrong with the code."""
    if not code.startswith(VERSION):
        raise MalformedPosition("invalid_code", f"unknown position code version {code[:1]!r}; expected '1'")
    expected = code_length(puzzle)
    if len(code) != expected or not CODE_ALPHABET.fullmatch(code):
        raise MalformedPosition(
            "invalid_code",
            f"a {puzzle.id} position code is {expected} characters of A-Z a-z 0-9 _ - starting with "
            f"'{VERSION}'; got {len(code)} characters",
        )
    body = code[len(VERSION) :]
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise MalformedPosition("invalid_code", "the position code is not valid base64url") from None
    number = int.from_bytes(data, "big")
    if number >= prod(_radices(puzzle)):
        raise MalformedPosition("invalid_code", f"the position code names no {puzzle.id} position")
    return number


def decode_position(puzzle: Puzzle, code: str) -> tuple[Placement, ...]:
    """The placements of a code, by piece (not yet checked for overlaps); MalformedPosition if bad."""
    number = _number(puzzle, code)
    found = []
    for piece, radix in enumerate(_radices(puzzle)):
        number, digit = divmod(number, radix)
        if digit:
            found.append(board_placements(puzzle)[piece][digit - 1])
    return tuple(found)
