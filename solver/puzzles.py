"""The shipped puzzles: every puzzle in ``solver/data``, read once per process, found by id."""

from __future__ import annotations

from functools import cache

from solver.catalog import Puzzle, UnknownPuzzleError
from solver.catalog_files import load_catalog


@cache
def all_puzzles() -> dict[str, Puzzle]:
    """Every shipped puzzle, the on-demand editions included, loaded once per process."""
    return load_catalog()


@cache
def catalog() -> dict[str, Puzzle]:
    """The shipped puzzles precomputed by default and served: all but those marked on-demand."""
    return {pid: puzzle for pid, puzzle in all_puzzles().items() if not puzzle.on_demand}


def get_puzzle(puzzle_id: str, puzzles: dict[str, Puzzle] | None = None) -> Puzzle:
    """The puzzle with this id (on-demand ones too); UnknownPuzzleError listing the valid ids otherwise."""
    known = all_puzzles() if puzzles is None else puzzles
    try:
        return known[puzzle_id]
    except KeyError:
        raise UnknownPuzzleError(f"unknown puzzle {puzzle_id!r}; valid ids: {', '.join(known)}") from None
