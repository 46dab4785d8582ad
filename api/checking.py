"""``POST /check``: is a player's partial placement legal, and how many solutions extend it?

Malformed requests are 422 errors: an unknown piece, a piece placed twice, a
cell listed twice, cells off the board, pieces overlapping (a player with the
physical puzzle cannot do any of these). Placements that are well formed but
break a rule, a piece whose cells are not one of its shapes or a piece over a
cell that must stay open, are answered with ``legal: false``.

Extensions are counted over *raw* solutions: boards store one representative
per symmetry class, and a player's pieces may sit in a mirrored or rotated
image of it, so every symmetric image counts (the calendar has no symmetry,
its stored solutions are already all of them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session

from api.caching import LruCache
from api.errors import invalid, not_found
from api.schemas import CheckIn, CheckPlacementIn
from db import repository
from hints.service import NotPrecomputed
from solver.catalog import Puzzle, Target, get_puzzle
from solver.geometry import Cell
from solver.hints import SolutionSet, all_images
from solver.problem import Placement, TargetProblem, decode

RawSolutions = tuple[SolutionSet, ...]


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


def _cell_text(puzzle: Puzzle, cell: Cell) -> str:
    label = puzzle.labels.get(cell)
    return f"[{cell[0]}, {cell[1]}]" + (f" ({label})" if label else "")


def resolve_target(puzzle: Puzzle, name: str | None) -> Target:
    """The named target; on single-target boards the name may be left out."""
    if name is None:
        if len(puzzle.targets) != 1:
            raise invalid("target_required", f"{puzzle.id} has several targets: give one, e.g. 01-25")
        return puzzle.targets[0]
    try:
        return puzzle.target(name)
    except KeyError as exc:
        raise not_found("unknown_target", exc.args[0]) from None


def _piece_index(puzzle: Puzzle, name: str) -> int:
    try:
        return puzzle.piece_names.index(name)
    except ValueError:
        valid = ", ".join(puzzle.piece_names)
        raise invalid("unknown_piece", f"unknown piece {name!r} for {puzzle.id}; pieces: {valid}") from None


def _placement(puzzle: Puzzle, board: set[Cell], item: CheckPlacementIn) -> Placement:
    """One well-formed placement, or a 422 naming what is wrong with it."""
    index = _piece_index(puzzle, item.piece)
    cells = [(int(r), int(c)) for r, c in item.cells]
    if len(set(cells)) != len(cells):
        raise invalid("repeated_cell", f"piece {item.piece} lists a cell more than once")
    outside = sorted(set(cells) - board)
    if outside:
        where = ", ".join(f"[{r}, {c}]" for r, c in outside[:5])
        raise invalid("cell_off_board", f"piece {item.piece} has cells off the {puzzle.id} board: {where}")
    return Placement(index, tuple(sorted(cells)))


def parse_placements(puzzle: Puzzle, items: Sequence[CheckPlacementIn]) -> tuple[Placement, ...]:
    """Well-formed placements: known pieces, each once, on the board, not overlapping; else 422."""
    board = set(puzzle.cells)
    placements: list[Placement] = []
    owner: dict[Cell, str] = {}
    for item in items:
        placement = _placement(puzzle, board, item)
        if any(p.piece == placement.piece for p in placements):
            raise invalid("piece_used_twice", f"piece {item.piece} is placed more than once")
        for cell in placement.cells:
            if cell in owner:
                raise invalid(
                    "overlapping_pieces",
                    f"pieces {owner[cell]} and {item.piece} overlap at {_cell_text(puzzle, cell)}",
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
            cells = ", ".join(_cell_text(puzzle, c) for c in blocked)
            problems.append(f"piece {piece.name} covers {cells}, which {target.name} leaves open")
    return tuple(problems)


class RawSolutionStore:
    """Every raw solution of a target as sets of placements, kept for a few targets at a time."""

    def __init__(self, max_targets: int = 16) -> None:
        self._cache: LruCache[tuple[str, str], RawSolutions] = LruCache(max_targets, max_targets)

    def get(self, session: Session, puzzle: Puzzle, target: Target) -> RawSolutions:
        key = (puzzle.id, target.name)
        found = self._cache.get(key)
        if found is None:
            found = self._load(session, puzzle, target)
            self._cache.put(key, found)
        return found

    @staticmethod
    def _load(session: Session, puzzle: Puzzle, target: Target) -> RawSolutions:
        count = repository.count_solutions(session=session, puzzle_id=puzzle.id, target=target.name)
        if count is None:
            raise NotPrecomputed(
                f"{puzzle.id} {target.name} is not precomputed; run python -m solver.precompute"
            )
        codes = repository.get_encodings(session=session, puzzle_id=puzzle.id, target=target.name)
        problem = TargetProblem(puzzle, target)
        return tuple(all_images(problem, (decode(puzzle, code) for code in codes)))


def check(session: Session, store: RawSolutionStore, request: CheckIn) -> CheckResult:
    puzzle = get_puzzle(request.puzzle)
    target = resolve_target(puzzle, request.target)
    placements = parse_placements(puzzle, request.placements)
    problems = rule_problems(puzzle, target, placements)
    solutions = store.get(session, puzzle, target)
    needed = set(placements)
    extending = [s for s in solutions if needed <= s] if not problems else []
    first = extending[0] if request.complete and extending else None
    return CheckResult(puzzle, target, placements, problems, len(extending), len(solutions), first)
