"""From a catalog puzzle and target to a generic cover problem, and back.

This is the seam between puzzles (cells, pieces, symmetry) and the
puzzle-agnostic CP-SAT code in :mod:`solver.cover`. It also splits one
target's enumeration into independent subproblems, which double as symmetry
breaking: one chosen piece is fixed to one representative placement per orbit
of the board's symmetry group, and the few solutions that orbit members share
are deduplicated by a canonical encoding.

Forbidding :attr:`TargetProblem.flipped_options` (the placements that show their piece turned
over, :func:`solver.encoding.is_flipped`) enumerates face-up solutions; :func:`face_up_count`
counts them among stored solutions without solving.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

import numpy as np

from solver.blockers import Blockers, find_blockers, with_facts
from solver.catalog import SINGLE_TARGET, Puzzle, Target
from solver.cover import Constraints, CoverProblem, Option, Solution, enumerate_solutions, enumerate_within
from solver.encoding import UNCOVERED, FlipReader, Placement, decode, encode, is_flipped, piece_letter
from solver.geometry import Cell, symmetries


@dataclass(frozen=True)
class Subproblem:
    """One unit of enumeration work: a fixed placement and the symmetries that keep it, or a share.

    A *share* (``forbidden`` set) is one of several parts of a board without symmetry: each
    part forbids the placements on the first cell that the other parts take.
    """

    fixed: tuple[int, ...]
    stabilizer: tuple[dict[Cell, Cell], ...]
    forbidden: tuple[int, ...] = ()


def _search_order(puzzle: Puzzle, cells: Iterable[Cell]) -> list[Cell]:
    """Cells sorted so the search sweeps along the board's shorter side first."""
    centroids = {cell: puzzle.lattice.centroid(cell) for cell in cells}
    xs = [x for x, _ in centroids.values()]
    ys = [y for _, y in centroids.values()]
    wide = max(xs) - min(xs) > max(ys) - min(ys)
    if wide:
        return sorted(centroids, key=lambda c: (round(centroids[c][0], 3), centroids[c][1]))
    return sorted(centroids, key=lambda c: (round(centroids[c][1], 3), centroids[c][0]))


@dataclass(frozen=True)
class TargetProblem:
    """All legal placements of a puzzle's pieces for one target, as a cover problem."""

    puzzle: Puzzle
    target: Target

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """Cells to cover, in search order."""
        free = [cell for cell in self.puzzle.cells if cell not in self.target.uncovered]
        return tuple(_search_order(self.puzzle, free))

    @cached_property
    def placements(self) -> tuple[Placement, ...]:
        """Every placement of every piece on the cells to cover, by piece, orientation and anchor
        cell in search order."""
        if self._board_options is not None:
            board = board_problem(self.puzzle)
            return tuple(board.placements[i] for i in np.flatnonzero(self._board_options >= 0))
        return self._enumerated_placements()

    @cached_property
    def _board_options(self) -> np.ndarray | None:
        """Per placement of the whole board, its index here (-1 where it covers an open cell of the
        target), when the target's placements are exactly the board's without those: its cells
        are the board's in the same order. A few array operations per target, where enumerating
        the placements again was a Python loop over every piece, orientation and cell."""
        if not self.target.uncovered:
            return None
        board = board_problem(self.puzzle)
        if tuple(cell for cell in board.cells if cell not in self.target.uncovered) != self.cells:
            return None  # another search order (the open cells changed the board's longer side)
        open_items = np.array([cell in self.target.uncovered for cell in board.cells], dtype=np.bool_)
        blocked = board.incidence[:, open_items].any(axis=1)
        return np.where(blocked, -1, np.cumsum(~blocked) - 1).astype(np.int64)

    @cached_property
    def incidence(self) -> np.ndarray:
        """Which cells (columns, in :attr:`cells` order) each placement (rows) covers."""
        item_of = {cell: i for i, cell in enumerate(self.cells)}
        matrix = np.zeros((len(self.placements), len(self.cells)), dtype=np.bool_)
        for row, placement in enumerate(self.placements):
            matrix[row, [item_of[cell] for cell in placement.cells]] = True
        return matrix

    def _enumerated_placements(self) -> tuple[Placement, ...]:
        free = set(self.cells)
        found: list[Placement] = []
        for piece_index, piece in enumerate(self.puzzle.pieces):
            for shape in piece.orientations:
                anchor = shape[0]
                for cell in self.cells:
                    d_row, d_col = cell[0] - anchor[0], cell[1] - anchor[1]
                    if not self.puzzle.lattice.is_translation(d_row, d_col):
                        continue
                    moved = tuple(sorted((r + d_row, c + d_col) for r, c in shape))
                    if free.issuperset(moved):
                        found.append(Placement(piece_index, moved))
        return tuple(found)

    @cached_property
    def flipped_options(self) -> tuple[int, ...]:
        """Indices of the placements that show their piece flipped (forbid them for face-up solutions)."""
        return tuple(i for i, placement in enumerate(self.placements) if is_flipped(self.puzzle, placement))

    @cached_property
    def placement_index(self) -> dict[Placement, int]:
        return {placement: i for i, placement in enumerate(self.placements)}

    @cached_property
    def plain_cover(self) -> CoverProblem:
        """The placements as a cover problem, nothing more."""
        item_of = {cell: i for i, cell in enumerate(self.cells)}
        options = tuple(Option(p.piece, tuple(sorted(item_of[c] for c in p.cells))) for p in self.placements)
        return CoverProblem(len(self.cells), len(self.puzzle.pieces), options)

    @cached_property
    def cover(self) -> CoverProblem:
        """The cover problem with the board's blockers that hold for this target (:mod:`solver.blockers`)."""
        board, blockers = board_blockers(self.puzzle)
        if board is not self and not self.target.uncovered:
            return board.cover  # the same cells and placements: share the board's, computed once
        option_map = self._board_options
        if option_map is None:
            option_map = np.array([self.placement_index.get(p, -1) for p in board.placements], dtype=np.int64)
        open_items = np.array([cell in self.target.uncovered for cell in board.cells], dtype=np.bool_)
        dead, pairs = blockers.onto(option_map, open_items)
        return with_facts(self.plain_cover, dead, pairs)

    def to_placements(self, solution: Solution) -> tuple[Placement, ...]:
        """Placements of a cover solution, ordered by piece."""
        return tuple(sorted((self.placements[i] for i in solution), key=lambda p: p.piece))

    def to_solution(self, placements: Iterable[Placement]) -> Solution:
        """Cover option indices for placements; KeyError if one is not legal here."""
        return tuple(sorted(self.placement_index[p] for p in placements))

    @cached_property
    def symmetry_group(self) -> tuple[dict[Cell, Cell], ...]:
        """Board symmetries that also map the uncovered target cells onto themselves."""
        group = board_symmetries(self.puzzle)
        return tuple(g for g in group if {g[c] for c in self.target.uncovered} == self.target.uncovered)

    @cached_property
    def placement_images(self) -> tuple[tuple[Placement, ...], ...]:
        """Per symmetry of :attr:`symmetry_group`, the image of each placement (by index)."""
        index = self.placement_index
        return tuple(
            tuple(
                self.placements[index[Placement(p.piece, tuple(sorted(g[c] for c in p.cells)))]]
                for p in self.placements
            )
            for g in self.symmetry_group
        )

    def subproblems(self, shares: int = 1) -> list[Subproblem]:
        """Independent pieces of work whose deduplicated union is one solution per class.

        A board with symmetries is split by them (see the module doc). A board without is one
        piece of work, or with ``shares`` > 1 that many: the placements on the first cell dealt
        out in turn, so that parallel workers solve one target together (on-demand targets).
        """
        group = self.symmetry_group
        if len(group) == 1:
            return self._shares(shares)
        _, orbits = self._breaking_piece_orbits()
        return [Subproblem((rep,), stab) for rep, stab in orbits]

    def _shares(self, shares: int) -> list[Subproblem]:
        if shares <= 1:
            return [Subproblem((), ())]
        first = [i for i, option in enumerate(self.plain_cover.options) if 0 in option.items]
        if len(first) < 2:
            return [Subproblem((), ())]
        dealt = [set(first[k::shares]) for k in range(min(shares, len(first)))]
        return [Subproblem((), (), tuple(i for i in first if i not in share)) for share in dealt]

    def _breaking_piece_orbits(self) -> tuple[int, list[tuple[int, tuple[dict[Cell, Cell], ...]]]]:
        """The piece with fewest placement orbits, and (representative, stabilizer) per orbit."""
        best: tuple[int, list[tuple[int, tuple[dict[Cell, Cell], ...]]]] | None = None
        for piece_index in range(len(self.puzzle.pieces)):
            orbits = self._orbits_of(piece_index)
            if best is None or len(orbits) < len(best[1]):
                best = (piece_index, orbits)
        assert best is not None
        return best

    def _orbits_of(self, piece_index: int) -> list[tuple[int, tuple[dict[Cell, Cell], ...]]]:
        seen: set[int] = set()
        orbits = []
        for index, placement in enumerate(self.placements):
            if placement.piece != piece_index or index in seen:
                continue
            stabilizer = []
            for g in self.symmetry_group:
                image = self.placement_index[
                    Placement(piece_index, tuple(sorted(g[c] for c in placement.cells)))
                ]
                seen.add(image)
                if image == index:
                    stabilizer.append(g)
            orbits.append((index, tuple(stabilizer)))
        return orbits

    @cached_property
    def _letter_positions(self) -> list[tuple[str, tuple[int, ...]]]:
        """Per placement: its piece's letter and its cells' positions in the encoding."""
        position = {cell: i for i, cell in enumerate(self.puzzle.cells)}
        return [(piece_letter(p.piece), tuple(position[c] for c in p.cells)) for p in self.placements]

    def encode_solution(self, solution: Solution) -> str:
        """``encode(puzzle, to_placements(solution))``, without building placements (thousands per target)."""
        chars = [UNCOVERED] * len(self.puzzle.cells)
        for option in solution:
            letter, positions = self._letter_positions[option]
            for position in positions:
                chars[position] = letter
        return "".join(chars)

    def solve_subproblem(self, sub: Subproblem) -> list[str]:
        """Encodings of the subproblem's solutions that are canonical under its stabilizer."""
        solutions = enumerate_solutions(self.cover, Constraints(fixed=sub.fixed, forbidden=sub.forbidden))
        if not sub.stabilizer:
            return [self.encode_solution(solution) for solution in solutions]
        kept = []
        for solution in solutions:
            placements = self.to_placements(solution)
            code = encode(self.puzzle, placements)
            if all(code <= _image_code(self.puzzle, placements, g) for g in sub.stabilizer):
                kept.append(code)
        return kept

    def solve_within(self, sub: Subproblem, *, limit: int | None, seconds: float | None) -> Bounded:
        """:meth:`solve_subproblem` stopped after ``limit`` canonical solutions or ``seconds``."""
        accept = None if not sub.stabilizer else (lambda s: self._canonical(s, sub.stabilizer))
        constraints = Constraints(fixed=sub.fixed, forbidden=sub.forbidden)
        found = enumerate_within(self.cover, constraints, limit=limit, seconds=seconds, accept=accept)
        encodings = [self.encode_solution(solution) for solution in found.solutions]
        return Bounded(encodings, found.finished, found.reached_limit)

    def _canonical(self, solution: Solution, stabilizer: tuple[dict[Cell, Cell], ...]) -> bool:
        """Whether the solution's encoding is the least of its images under ``stabilizer``."""
        placements = self.to_placements(solution)
        code = encode(self.puzzle, placements)
        return all(code <= _image_code(self.puzzle, placements, g) for g in stabilizer)


@dataclass(frozen=True)
class Bounded:
    """A subproblem's solutions found within a limit of solutions or of time."""

    encodings: list[str]
    finished: bool  # every solution of the subproblem is among them
    reached_limit: bool  # stopped because the limit of solutions was reached


T = TypeVar("T")

# Per puzzle and process: what every target of a puzzle shares (keyed by id and data fingerprint).
# Bounded, the least recently used first out: people's puzzles come and go in a long-lived process.
_PER_PUZZLE: OrderedDict[tuple[str, str, str], Any] = OrderedDict()
PER_PUZZLE_ENTRIES = 64
# Per target and process: the problems of the targets asked last (their placements and images).
_PER_TARGET: OrderedDict[tuple[str, str, Target], Any] = OrderedDict()
PER_TARGET_ENTRIES = 32


_KEPT_LOCK = threading.Lock()  # the API's threads share these


def _recent(kept: OrderedDict[Any, Any], bound: int, key: Any, make: Callable[[], T]) -> T:
    """``kept[key]``, made first if missing (outside the lock: two threads may both make it); the
    least recently used entries past ``bound`` dropped."""
    with _KEPT_LOCK:
        found = kept.get(key)
        if found is not None:
            kept.move_to_end(key)
            return found  # type: ignore[no-any-return]
    made = make()
    with _KEPT_LOCK:
        kept[key] = made
        while len(kept) > bound:
            kept.popitem(last=False)
    return made


def _per_puzzle(kind: str, puzzle: Puzzle, make: Callable[[], T]) -> T:
    return _recent(_PER_PUZZLE, PER_PUZZLE_ENTRIES, (kind, puzzle.id, puzzle.fingerprint), make)


def target_problem(puzzle: Puzzle, target: Target) -> TargetProblem:
    """The target's problem, kept per process for the targets asked last: reading a target's
    stored solutions works out its placements and their symmetry images, tens of milliseconds
    that every new store's first reading of a target would pay again."""
    key = (puzzle.id, puzzle.fingerprint, target)
    return _recent(_PER_TARGET, PER_TARGET_ENTRIES, key, lambda: TargetProblem(puzzle, target))


def board_problem(puzzle: Puzzle) -> TargetProblem:
    """The whole board (no cell left open), once per puzzle and process: its targets' placements
    are its own without those on their open cells."""
    return _per_puzzle("board", puzzle, lambda: TargetProblem(puzzle, Target(SINGLE_TARGET)))


def board_blockers(puzzle: Puzzle) -> tuple[TargetProblem, Blockers]:
    """The whole board (no cell left open) and its blockers, found once per puzzle and process.

    About 0.6 s for a weekday calendar; every target of the puzzle reuses them.
    """

    def analyse() -> tuple[TargetProblem, Blockers]:
        board = board_problem(puzzle)
        return board, find_blockers(board.plain_cover)

    return _per_puzzle("blockers", puzzle, analyse)


def board_symmetries(puzzle: Puzzle) -> tuple[dict[Cell, Cell], ...]:
    """The symmetries of the puzzle's board, labels included, identity first; once per puzzle and process."""
    return _per_puzzle(
        "symmetries", puzzle, lambda: tuple(symmetries(puzzle.lattice, puzzle.cells, puzzle.labels))
    )


def board_has_symmetry(puzzle: Puzzle) -> bool:
    """Whether the puzzle's board has a symmetry besides the identity.

    A target's symmetries are those of its board that keep its open cells, so without one no
    target has any, and its subproblems are shares (see :meth:`TargetProblem.subproblems`).
    """
    return len(board_symmetries(puzzle)) > 1


def _image_code(puzzle: Puzzle, placements: Sequence[Placement], g: dict[Cell, Cell]) -> str:
    moved = (Placement(p.piece, tuple(sorted(g[c] for c in p.cells))) for p in placements)
    return encode(puzzle, moved)


# ---------------------------------------------------------------- face up, read from stored solutions


def face_up_count(
    problem: TargetProblem,
    encodings: Sequence[str],
    reader: FlipReader | None = None,
    records: Sequence[str] | None = None,
) -> int:
    """How many of a target's stored solutions stand for a face-up solution (no piece flipped).

    The store keeps one solution per class under the target's board symmetries (a calendar,
    labelled all over, has none, so there every solution is its own class). A rotation keeps each
    piece's side and a reflection turns every piece over, so a class counts when any member of it
    is face up: on a board with symmetries this counts the face-up solutions up to rotation.
    ``records``: the stored flip records of ``encodings``, read instead of the encodings when
    given. ValueError if an encoding does not fit the puzzle.
    """
    reader = reader or FlipReader(problem.puzzle)
    others = problem.symmetry_group[1:]  # the identity comes first
    face_up = [not r for r in records] if records is not None else [reader.is_face_up(c) for c in encodings]
    count = 0
    for code, up in zip(encodings, face_up, strict=True):
        if up:
            count += 1
        elif others:
            placements = decode(problem.puzzle, code)
            count += any(reader.is_face_up(_image_code(problem.puzzle, placements, g)) for g in others)
    return count
