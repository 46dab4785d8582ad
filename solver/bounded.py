"""Solving a target within limits, and a quick probe of a few targets before a puzzle is kept.

People's puzzles are solved with the catalog's CP-SAT enumeration (:mod:`solver.problem`), but a
target may have more solutions than are worth keeping or take longer than anyone waits. The
:class:`~solver.definitions.Limits` say how many and how long: :func:`solve_within` enumerates
until ``solutions_per_target`` + 1 solutions are found (the answer is then "more than N", with
the first N kept, so hints still come from real solutions) or ``seconds_per_target`` have passed
(the answer is "not decided", with whatever was found). The time limit bounds CP-SAT's search;
the board's analysis before it (:func:`solver.problem.board_blockers`, once per puzzle and
process) is not interrupted.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from solver.catalog import Puzzle, Target
from solver.definitions import Limits
from solver.problem import TargetProblem
from solver.verify import check_encodings

Outcome = Literal["all", "more-than", "undecided"]


@dataclass(frozen=True)
class TargetCount:
    """One target solved within limits.

    ``all``: ``encodings`` are every solution (none: the target has no solution).
    ``more-than``: the target has more than ``cap`` solutions; ``encodings`` are the first ``cap``.
    ``undecided``: time ran out; ``encodings`` are those found by then (at least that many exist).
    """

    target: str
    outcome: Outcome
    encodings: tuple[str, ...]
    cap: int
    seconds: float

    @property
    def count(self) -> int:
        return len(self.encodings)

    @property
    def solvable(self) -> bool | None:
        """Whether the target has a solution; None when that was not decided in time."""
        if self.encodings:
            return True
        return None if self.outcome == "undecided" else False


def solve_within(puzzle: Puzzle, target: Target, limits: Limits, seconds: float | None = None) -> TargetCount:
    """The target's solutions, at most ``limits.solutions_per_target``, found within
    ``seconds`` (``limits.seconds_per_target`` when None); each one verified."""
    started = time.perf_counter()
    budget = limits.seconds_per_target if seconds is None else seconds
    deadline = started + budget
    cap = limits.solutions_per_target
    problem = TargetProblem(puzzle, target)
    found: list[str] = []
    outcome: Outcome = "all"
    for sub in problem.subproblems():
        left = deadline - time.perf_counter()
        if left <= 0:
            outcome = "undecided"
            break
        part = problem.solve_within(sub, limit=cap + 1 - len(found), seconds=left)
        found.extend(part.encodings)
        if part.reached_limit and len(found) > cap:
            outcome = "more-than"
            break
        if not part.finished:
            outcome = "undecided"
            break
    kept = found[:cap]
    check_encodings(puzzle, target, kept)
    return TargetCount(target.name, outcome, tuple(kept), cap, time.perf_counter() - started)


def probe(puzzle: Puzzle, targets: Sequence[str], seconds: float, limits: Limits) -> list[TargetCount]:
    """A few targets solved within ``seconds`` in all, the time shared out evenly (what one target
    leaves unused passes to the next): is each solvable, with how many solutions, or undecided.

    The caller picks the targets (today's among them); UnknownTargetError for a name the puzzle
    does not have.
    """
    chosen = [puzzle.target(name) for name in targets]
    deadline = time.perf_counter() + seconds
    counts = []
    for index, target in enumerate(chosen):
        share = max(0.0, deadline - time.perf_counter()) / (len(chosen) - index)
        counts.append(solve_within(puzzle, target, limits, seconds=share))
    return counts
