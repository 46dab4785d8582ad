"""A player's partial position: is it legal, and how many solutions extend it?

Malformed positions raise :class:`~hints.errors.MalformedPosition`: an unknown
piece, a piece placed twice, a cell listed twice, cells off the board, pieces
overlapping (a player with the physical puzzle cannot do any of these).
Positions that are well formed but break a rule, a piece whose cells are not
one of its shapes or a piece over a cell that must stay open, are answered
with their ``problems``.

Extensions are counted over *raw* solutions: boards store one representative
per symmetry class, and a player's pieces may sit in a mirrored or rotated
image of it, so every symmetric image counts (the calendar has no symmetry,
its stored solutions are already all of them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session

from hints.errors import MalformedPosition
from hints.solutions import raw_solutions
from solver.catalog import Puzzle, Target
from solver.geometry import Cell
from solver.hints import SolutionSet
from solver.problem import Placement


@dataclass(frozen=True)
class PlacedPiece:
    """A piece as a player names it, on the cells they put it on (not yet checked)."""

    piece: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class CheckResult:
    puzzle: Puzzle
    target: Target
    placements: tuple[Placement, ...]
    problems: tuple[str, ...]
    extensions: int
    total: int
    solution: SolutionSet | None

    @property
    def legal(self) -> bool:
        return not self.problems


def cell_text(puzzle: Puzzle, cell: Cell) -> str:
    label = puzzle.labels.get(cell)
    return f"[{cell[0]}, {cell[1]}]" + (f" ({label})" if label else "")


def resolve_target(puzzle: Puzzle, name: str | None) -> Target:
    """The named target (UnknownTargetError if none); single-target boards may leave the name out."""
    if name is not None:
        return puzzle.target(name)
    if len(puzzle.targets) != 1:
        raise MalformedPosition("target_required", f"{puzzle.id} has several targets: give one, e.g. 01-25")
    return puzzle.targets[0]


def _piece_index(puzzle: Puzzle, name: str) -> int:
    try:
        return puzzle.piece_names.index(name)
    except ValueError:
        valid = ", ".join(puzzle.piece_names)
        raise MalformedPosition(
            "unknown_piece", f"unknown piece {name!r} for {puzzle.id}; pieces: {valid}"
        ) from None


def _placement(puzzle: Puzzle, board: set[Cell], item: PlacedPiece) -> Placement:
    """One well-formed placement, or MalformedPosition naming what is wrong with it."""
    index = _piece_index(puzzle, item.piece)
    cells = list(item.cells)
    if len(set(cells)) != len(cells):
        raise MalformedPosition("repeated_cell", f"piece {item.piece} lists a cell more than once")
    outside = sorted(set(cells) - board)
    if outside:
        where = ", ".join(f"[{r}, {c}]" for r, c in outside[:5])
        raise MalformedPosition(
            "cell_off_board", f"piece {item.piece} has cells off the {puzzle.id} board: {where}"
        )
    return Placement(index, tuple(sorted(cells)))


def parse_placements(puzzle: Puzzle, items: Sequence[PlacedPiece]) -> tuple[Placement, ...]:
    """Well-formed placements (known pieces, each once, on the board, not overlapping), by piece."""
    board = set(puzzle.cells)
    placements: list[Placement] = []
    owner: dict[Cell, str] = {}
    for item in items:
        placement = _placement(puzzle, board, item)
        if any(p.piece == placement.piece for p in placements):
            raise MalformedPosition("piece_used_twice", f"piece {item.piece} is placed more than once")
        for cell in placement.cells:
            if cell in owner:
                raise MalformedPosition(
                    "overlapping_pieces",
                    f"pieces {owner[cell]} and {item.piece} overlap at {cell_text(puzzle, cell)}",
                )
            owner[cell] = item.piece
        placements.append(placement)
    return tuple(sorted(placements, key=lambda p: p.piece))


def rule_problems(puzzle: Puzzle, target: Target, placements: Sequence[Placement]) -> tuple[str, ...]:
    """Why well-formed placements break the puzzle's rules (empty when they are legal)."""
    problems = []
    for placement in placements:
        piece = puzzle.pieces[placement.piece]
        if puzzle.lattice.normalize(placement.cells)[0] not in piece.orientations:
            problems.append(f"the cells of piece {piece.name} are not a rotation or reflection of it")
        blocked = sorted(set(placement.cells) & target.uncovered)
        if blocked:
            cells = ", ".join(cell_text(puzzle, c) for c in blocked)
            problems.append(f"piece {piece.name} covers {cells}, which {target.name} leaves open")
    return tuple(problems)


def check_position(
    session: Session, puzzle: Puzzle, target: Target, items: Sequence[PlacedPiece], *, complete: bool = False
) -> CheckResult:
    """The position's legality and extension count; with ``complete``, the first extending solution."""
    placements = parse_placements(puzzle, items)
    problems = rule_problems(puzzle, target, placements)
    solutions = raw_solutions(session, puzzle, target)
    needed = set(placements)
    extending = [s for s in solutions if needed <= s] if not problems else []
    first = extending[0] if complete and extending else None
    return CheckResult(puzzle, target, placements, problems, len(extending), len(solutions), first)
