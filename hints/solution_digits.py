"""Every raw solution of a target as digits: what a page needs to analyse positions by itself.

A position code's number has one digit per piece (:mod:`hints.codes`): 0 when the
piece is off the board, else 1 + the index of its placement in the code's order.
Written that way, a raw solution is one small integer per piece, and "the
solutions that contain every placed piece" are the rows that have each placed
piece's digit in its column. So a page that holds a target's :class:`SolutionDigits`
answers every move (count, dead end, what to take off, solved and which solution,
the position's code) without asking the server, offline too, and gives the same
answer as :func:`hints.positions.analyse`: the board's script does this for the
calendar editions, whose dates have from a few to a few thousand raw solutions (7 to 216 on
DragonFjord's, up to 3,701 on the tetromino edition's).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from hints.codes import TAG_LENGTH, VERSION, code_cells, code_length, layout
from hints.raw_solutions import raw_solutions
from solver.catalog import Puzzle, Target
from solver.geometry import Cell


@dataclass(frozen=True)
class SolutionDigits:
    """A target's raw solutions as code digits, with what it takes to write codes and count classes."""

    puzzle: Puzzle
    target: Target
    version: str  # the code's version character
    tag: str  # the puzzle's layout tag (hints.codes)
    width: int  # base-64 digits of a code's number
    cells: tuple[Cell, ...]  # hints.codes.code_cells: the order placements are listed in
    solutions: tuple[tuple[int, ...], ...]  # per raw solution, its digit per piece
    classes: tuple[int, ...]  # per raw solution, the ordinal (from 0) of its stored representative
    face_up: tuple[bool, ...]  # per raw solution, whether it turns no piece over
    stored: int  # stored solutions: the count up to symmetry


def solution_digits(session: Session, puzzle: Puzzle, target: Target) -> SolutionDigits:
    """The target's raw solutions as digits (NotPrecomputed when the target is not stored)."""
    raw = raw_solutions(session, puzzle, target)
    found = layout(puzzle)
    rows = []
    for solution in raw.solutions:
        digits = [0] * len(puzzle.pieces)
        for placement in solution:
            digits[placement.piece] = found.digits[(placement.piece, tuple(sorted(placement.cells)))]
        rows.append(tuple(digits))
    face_up = set(raw.face_up(puzzle).solutions)
    return SolutionDigits(
        puzzle,
        target,
        VERSION,
        found.tag,
        code_length(puzzle) - len(VERSION) - TAG_LENGTH,
        code_cells(puzzle),
        tuple(rows),
        raw.classes,
        tuple(solution in face_up for solution in raw.solutions),
        raw.stored,
    )
