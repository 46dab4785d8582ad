"""Pages of a target's stored solutions, as the API lists them (the face-up ones too)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from db import repository
from hints.errors import OffsetOutOfRange
from hints.raw_solutions import raw_solutions
from hints.solutions import StoredSolution, describe, target_count
from solver.catalog import Puzzle, Target
from solver.encoding import decode


@dataclass(frozen=True)
class SolutionPage:
    total: int
    offset: int
    solutions: tuple[StoredSolution, ...]


def solution_page(
    session: Session, puzzle: Puzzle, target: Target, offset: int, limit: int, faceup: bool = False
) -> SolutionPage:
    """Up to ``limit`` stored solutions from ``offset``; OffsetOutOfRange past the end. ``faceup``:
    only those that turn no piece over (on boards, the classes with such an arrangement); their
    numbers stay the stored ones."""
    if faceup:
        return _faceup_page(session, puzzle, target, offset, limit)
    total = target_count(session, puzzle, target)
    if offset > total:
        raise OffsetOutOfRange(describe(puzzle, target), offset, total)
    codes = repository.get_encodings(
        session=session, puzzle_id=puzzle.id, target=target.name, offset=offset, limit=limit
    )
    solutions = tuple(
        StoredSolution(offset + i + 1, decode(puzzle, code), total) for i, code in enumerate(codes)
    )
    return SolutionPage(total, offset, solutions)


def _faceup_page(session: Session, puzzle: Puzzle, target: Target, offset: int, limit: int) -> SolutionPage:
    ordinals = sorted(set(raw_solutions(session, puzzle, target, faceup=True).classes))
    total = len(ordinals)
    if offset > total:
        raise OffsetOutOfRange(describe(puzzle, target), offset, total)
    codes = repository.get_encodings(session=session, puzzle_id=puzzle.id, target=target.name)
    solutions = tuple(
        StoredSolution(ordinal + 1, decode(puzzle, codes[ordinal]), total)
        for ordinal in ordinals[offset : offset + limit]
    )
    return SolutionPage(total, offset, solutions)
