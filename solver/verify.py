"""An independent check of a stored solution; it shares no code with the search.

It re-derives everything from the catalog: each piece once, in one of its legal
orientations (rotation/reflection, then a lattice translation), every board
cell outside the target covered exactly once, the target cells left open.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from solver.catalog import Puzzle, Target
from solver.problem import Placement


class InvalidSolution(ValueError):
    """A solution breaks a rule; the message says which."""


def check_solution(puzzle: Puzzle, target: Target, placements: Sequence[Placement]) -> None:
    """Return None if the placements solve ``target``; raise InvalidSolution otherwise."""
    uses = Counter(p.piece for p in placements)
    for index, piece in enumerate(puzzle.pieces):
        if uses[index] != 1:
            raise InvalidSolution(f"piece {piece.name} is used {uses[index]} times")
    board = set(puzzle.cells)
    covered: Counter[tuple[int, int]] = Counter()
    for placement in placements:
        name = puzzle.pieces[placement.piece].name
        shape, _ = puzzle.lattice.normalize(placement.cells)
        if shape not in puzzle.pieces[placement.piece].orientations:
            raise InvalidSolution(f"piece {name} is not in one of its legal orientations")
        outside = set(placement.cells) - board
        if outside:
            raise InvalidSolution(f"piece {name} leaves the board at {sorted(outside)}")
        blocked = set(placement.cells) & target.uncovered
        if blocked:
            raise InvalidSolution(f"piece {name} covers target cell(s) {sorted(blocked)}")
        covered.update(placement.cells)
    twice = sorted(cell for cell, n in covered.items() if n > 1)
    if twice:
        raise InvalidSolution(f"cells covered twice: {twice}")
    missing = sorted(board - target.uncovered - set(covered))
    if missing:
        raise InvalidSolution(f"cells left uncovered: {missing}")
