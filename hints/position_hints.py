"""Hints from a player's own position: the next piece, half the missing ones, or all of them.

The hints start from the position after taking off its dead-end pieces
(:func:`hints.positions.take_off`), ``m`` pieces missing:

1. one more piece, the *safest*: of the placements found in some extension,
   the one found in the most (ties: lowest piece index, then lowest cells);
2. ``ceil(m/2)`` more pieces of one extension, chosen so the completion is
   unique when any such set exists, else so that the fewest solutions remain
   (ties: the earliest extension in the store's raw order, then the fewest
   pieces needed for uniqueness, then the lowest piece indices);
3. every missing piece: the extension stage 2 drew from.

Stages nest like the daily ladder's: each adds to the one before.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from sqlalchemy.orm import Session

from hints.errors import MalformedPosition, NoFaceUpSolution
from hints.positions import analyse, problem_texts
from hints.raw_solutions import RawSolutions, raw_solutions
from hints.solutions import describe
from render.position import PositionDrawing
from solver.catalog import Puzzle, Target
from solver.encoding import Placement
from solver.geometry import Cell
from solver.stages import SolutionSet, Stage


@dataclass(frozen=True)
class PositionHint:
    stage: Stage
    given: tuple[Placement, ...]  # the position the hint starts from (take_off already removed)
    take_off: tuple[Placement, ...]
    added: tuple[Placement, ...]  # the pieces this hint adds
    remaining: int  # raw solutions containing given + added
    total: int
    distinct_total: int
    distinct_remaining: int  # symmetry classes with a raw solution containing given + added
    in_every: bool  # every extension of ``given`` has the added pieces too

    @property
    def symmetric(self) -> bool:
        """Whether raw counts differ from the counts up to symmetry (boards with symmetries)."""
        return self.total != self.distinct_total

    def drawing(self, puzzle: Puzzle, target: Target) -> PositionDrawing:
        """What the image and the text of this hint show."""
        return PositionDrawing(
            puzzle,
            target,
            self.stage,
            self.given,
            self.take_off,
            self.added,
            self.remaining,
            self.total,
            self.distinct_remaining,
            self.distinct_total,
            self.in_every,
        )


def _members(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, in increasing order."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def safest_piece(raw: RawSolutions, given: Sequence[Placement], within: int) -> tuple[Placement, int] | None:
    """The placement (of a piece not yet placed) in the most extensions, with that count."""
    placed = {p.piece for p in given}
    best: tuple[int, int, tuple[Cell, ...], Placement] | None = None
    for placement, mask in raw.masks.items():
        if placement.piece in placed:
            continue
        count = (mask & within).bit_count()
        if count:
            key = (-count, placement.piece, placement.cells, placement)
            if best is None or key[:3] < best[:3]:
                best = key
    return None if best is None else (best[3], -best[0])


def _unique_subset(
    raw: RawSolutions, missing: Sequence[Placement], within: int, most: int
) -> tuple[Placement, ...] | None:
    """The fewest (then lowest) of ``missing`` that only one extension in ``within`` contains."""
    for size in range(1, most + 1):
        for chosen in combinations(missing, size):
            if raw.containing(chosen, within).bit_count() == 1:
                return chosen
    return None


def half_of_an_extension(
    raw: RawSolutions, given: Sequence[Placement], within: int, size: int
) -> tuple[tuple[Placement, ...], SolutionSet]:
    """``size`` placements of one extension, unique when possible, else leaving the fewest; and it."""
    extensions = [raw.solutions[i] for i in _members(within)]
    placed = set(given)
    fallback: tuple[int, int, tuple[Placement, ...], SolutionSet] | None = None
    for order, extension in enumerate(extensions):
        missing = sorted(extension - placed, key=lambda p: p.piece)
        unique = _unique_subset(raw, missing, within, size)
        if unique is not None:
            rest = [p for p in missing if p not in unique]
            return tuple(sorted((*unique, *rest[: size - len(unique)]), key=lambda p: p.piece)), extension
        for chosen in combinations(missing, size):
            key = (raw.containing(chosen, within).bit_count(), order, chosen, extension)
            if fallback is None or key[:2] < fallback[:2]:
                fallback = key
    assert fallback is not None, "a position with extensions has at least one"
    return fallback[2], fallback[3]


def _nested_addition(
    raw: RawSolutions, puzzle: Puzzle, given: Sequence[Placement], within: int, stage: Stage
) -> tuple[Placement, ...]:
    """The pieces hint ``stage`` adds to ``given``, nested like the daily ladder: stage 1 the safest
    next piece; stage 2 half the missing pieces, stage 1's among them; stage 3 a whole extension
    that contains stage 2. (``within``: the extensions of ``given``, none when it is a dead end.)"""
    missing = len(puzzle.pieces) - len(given)
    first = safest_piece(raw, given, within) if missing else None
    if first is None:  # complete, or a dead end: nothing to add
        return ()
    if stage == Stage.ONE_PIECE:
        return (first[0],)
    with_first = (*given, first[0])
    rest, extension = half_of_an_extension(
        raw, with_first, raw.containing([first[0]], within), math.ceil(missing / 2) - 1
    )
    if stage == Stage.HALF:
        return tuple(sorted((first[0], *rest), key=lambda p: p.piece))
    return tuple(sorted(extension - set(given), key=lambda p: p.piece))


def position_hint(
    session: Session,
    puzzle: Puzzle,
    target: Target,
    placements: Sequence[Placement],
    stage: Stage,
    faceup: bool = False,
    fixed: frozenset[int] = frozenset(),
) -> PositionHint:
    """Hint ``stage`` (1 one piece, 2 half the missing pieces, 3 all of them) from a legal position
    (``faceup``: towards the solutions that turn no piece over; ``fixed``: pieces never to take off)."""
    raw = raw_solutions(session, puzzle, target, faceup)
    if faceup and not raw.solutions:  # nothing to hint from: say why, and how many with turning
        raise NoFaceUpSolution(describe(puzzle, target), len(raw_solutions(session, puzzle, target)))
    analysis = analyse(raw, puzzle, target, placements, fixed)
    if not analysis.legal:
        raise MalformedPosition(
            "illegal_position",
            "no hints for an illegal position: " + "; ".join(problem_texts(analysis.problems)),
        )
    given = tuple(p for p in analysis.placements if p not in analysis.take_off)
    within = raw.containing(given)
    added = _nested_addition(raw, puzzle, given, within, stage)
    extensions = raw.containing(added, within)
    remaining = extensions.bit_count()
    in_every = remaining == within.bit_count()
    return PositionHint(
        stage,
        given,
        analysis.take_off,
        added,
        remaining,
        len(raw),
        raw.stored,
        raw.distinct(extensions),
        in_every,
    )
