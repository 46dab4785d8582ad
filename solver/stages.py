"""Staged hints from a featured solution and the set of all solutions (pure; no store).

A hint shows some placements of the featured solution. Its ``remaining`` is the
number of solutions that contain every shown placement, i.e. the completions
still open to a player who copies the hint onto the board.

- Stage 1: the pre-placed pieces (if any) plus the *safest* next piece: the
  featured placement that the most solutions share (so the first hint does not
  pin the whole answer); ties go to the lowest piece index.
- Stage 2: ``ceil(n/2)`` pieces (at least one more than stage 1, at most n - 1)
  **including stage 1's**, chosen with CP-SAT so the completion is unique when
  such a half exists, otherwise leaving the fewest solutions; ties go to the
  lowest piece indices.
- Stage 3: the whole featured solution.

So the stages nest: each shows every piece of the stage before it, and a player
who copied one stage onto the board never has to take a piece off for the next.

The minimum set of pieces forcing a unique completion is a minimum hitting
set: every other solution must lack at least one shown placement.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING

from solver.encoding import Placement
from solver.problem import TargetProblem

if TYPE_CHECKING:  # OR-Tools is imported by the first hint that needs CP-SAT (solver.cpsat says why)
    from ortools.sat.python import cp_model

SolutionSet = frozenset[Placement]


class Stage(IntEnum):
    """How much of the answer is shown: the puzzle itself, one piece, half the pieces, all of them."""

    PUZZLE = 0
    ONE_PIECE = 1
    HALF = 2
    ANSWER = 3


HINT_STAGES = (Stage.ONE_PIECE, Stage.HALF, Stage.ANSWER)


@dataclass(frozen=True)
class Hint:
    stage: Stage
    shown: tuple[Placement, ...]  # ordered by piece index
    remaining: int
    total: int


def consistent_count(solutions: Iterable[SolutionSet], shown: Collection[Placement]) -> int:
    """How many solutions contain every shown placement."""
    needed = set(shown)
    return sum(1 for solution in solutions if needed <= solution)


def all_images(problem: TargetProblem, solutions: Iterable[Iterable[Placement]]) -> list[SolutionSet]:
    """Every solution under every board symmetry, deduplicated: the raw solutions of a board."""
    return list(images_by_class(problem, solutions))


def images_by_class(
    problem: TargetProblem, solutions: Iterable[Iterable[Placement]]
) -> dict[SolutionSet, int]:
    """Each raw solution (every image of every solution, deduplicated, in order of first appearance)
    mapped to the position of the given solution it first came from: its symmetry class.

    Symmetries act on the problem's placements through their precomputed images
    (:attr:`TargetProblem.placement_images`), so no placement is rebuilt per solution.
    """
    index = problem.placement_index
    permutations = problem.placement_images
    seen: dict[SolutionSet, int] = {}
    for ordinal, solution in enumerate(solutions):
        ids = [index[p] for p in solution]
        for permutation in permutations:
            seen.setdefault(frozenset([permutation[i] for i in ids]), ordinal)
    return seen


def _ordered(placements: Iterable[Placement]) -> tuple[Placement, ...]:
    return tuple(sorted(placements, key=lambda p: p.piece))


def safest_single(
    featured: SolutionSet, solutions: Sequence[SolutionSet], forced: Collection[Placement]
) -> Placement:
    """The featured placement (not already forced) that the most solutions consistent with
    ``forced`` share: the safest next piece, which gives away the least (ties: lowest piece)."""
    base = [s for s in solutions if set(forced) <= s]
    candidates = [p for p in featured if p not in forced]
    return min(candidates, key=lambda p: (-sum(1 for s in base if p in s), p.piece))


def _differences(
    featured: SolutionSet, solutions: Sequence[SolutionSet], forced: Collection[Placement]
) -> Counter[frozenset[Placement]]:
    """Per other solution consistent with ``forced``: the featured placements it lacks (counted)."""
    forced_set = set(forced)
    return Counter(frozenset(featured - s) for s in solutions if s != featured and forced_set <= s)


def _tie_break(model: cp_model.CpModel, chosen: dict[Placement, cp_model.IntVar]) -> cp_model.LinearExpr:
    from ortools.sat.python import cp_model

    return cp_model.LinearExpr.weighted_sum(list(chosen.values()), [p.piece for p in chosen])


def _solve(model: cp_model.CpModel) -> cp_model.CpSolver:
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    status = solver.solve(model)
    if status != cp_model.OPTIMAL:
        raise RuntimeError(f"hint model not solved to optimality: {solver.status_name(status)}")
    return solver


def best_subset(
    featured: SolutionSet, solutions: Sequence[SolutionSet], size: int, forced: Collection[Placement] = ()
) -> tuple[Placement, ...]:
    """``size`` featured placements including ``forced`` that leave the fewest other solutions."""
    from ortools.sat.python import cp_model

    free = sorted((p for p in featured if p not in forced), key=lambda p: p.piece)
    model = cp_model.CpModel()
    # Variables: which free placements to show; which other solutions survive.
    chosen = {p: model.new_bool_var(f"show_{p.piece}") for p in free}
    model.add(sum(chosen.values()) == size - len(forced))
    survivors = []
    for missing, weight in _differences(featured, solutions, forced).items():
        survives = model.new_bool_var("")
        # A solution survives unless a shown placement is missing from it.
        model.add(sum(chosen[p] for p in missing) + survives >= 1)
        survivors.append((survives, weight))
    # Objective: fewest survivors, then lowest piece indices (deterministic ties).
    scale = sum(p.piece for p in free) + 1
    primary = cp_model.LinearExpr.weighted_sum([v for v, _ in survivors], [w * scale for _, w in survivors])
    model.minimize(primary + _tie_break(model, chosen))
    solver = _solve(model)
    return _ordered([*forced, *(p for p, var in chosen.items() if solver.boolean_value(var))])


def minimum_unique_subset(featured: SolutionSet, solutions: Sequence[SolutionSet]) -> tuple[Placement, ...]:
    """The fewest featured placements whose only completion is ``featured`` (a minimum hitting set)."""
    from ortools.sat.python import cp_model

    ordered = sorted(featured, key=lambda p: p.piece)
    model = cp_model.CpModel()
    chosen = {p: model.new_bool_var(f"show_{p.piece}") for p in ordered}
    for missing in _differences(featured, solutions, ()):
        model.add_bool_or([chosen[p] for p in missing])
    scale = sum(p.piece for p in ordered) + 1
    model.minimize(sum(chosen.values()) * scale + _tie_break(model, chosen))
    solver = _solve(model)
    return _ordered(p for p, var in chosen.items() if solver.boolean_value(var))


def half_size(piece_count: int, forced: int) -> int:
    """How many pieces stage 2 shows: half, but more than stage 1 and fewer than all."""
    return min(max(math.ceil(piece_count / 2), forced + 2), piece_count - 1)


def hint_stages(
    featured: SolutionSet, solutions: Sequence[SolutionSet], forced: Collection[Placement] = ()
) -> tuple[Hint, Hint, Hint]:
    """The three hints for ``featured`` among ``solutions`` (which must include it)."""
    if featured not in solutions:
        raise ValueError("the featured solution is not among the solutions")
    total = len(solutions)
    one = _ordered([*forced, safest_single(featured, solutions, forced)])
    half = best_subset(featured, solutions, half_size(len(featured), len(forced)), one)
    full = _ordered(featured)
    return (
        Hint(Stage.ONE_PIECE, one, consistent_count(solutions, one), total),
        Hint(Stage.HALF, half, consistent_count(solutions, half), total),
        Hint(Stage.ANSWER, full, consistent_count(solutions, full), total),
    )
