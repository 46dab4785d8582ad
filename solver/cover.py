"""Generic exact cover with OR-Tools CP-SAT; knows nothing about puzzles.

The CP-SAT side (model, settings, collector) is :mod:`solver.cpsat`, imported by the first solve:
importing this module (the API and the bot do at start) loads no OR-Tools.

A :class:`CoverProblem` has items ``0 .. n_items-1`` that must each be covered
exactly once, groups ``0 .. n_groups-1`` (pieces) of which exactly one option
must be chosen, and options (placements) that each belong to one group and
cover some items. A solution is the sorted tuple of chosen option indices.

Search strategy: items are expected in the order the caller wants them
filled (e.g. the lowest empty cell first). Options are branched on in the
order of their first item, trying "chosen" first, with CP-SAT's fixed search:
the classic fill-the-first-empty-cell backtracking, plus CP-SAT's propagation
and clause learning.

Every solve reads CP-SAT's status: an enumeration that did not finish (and
did not stop at the caller's limit) raises :class:`SearchIncomplete` rather
than passing off a partial list as all solutions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from solver.cover_problem import Constraints, CoverProblem, Option, SearchIncomplete, Solution

__all__ = [
    "NO_CONSTRAINTS",
    "Constraints",
    "CoverProblem",
    "Enumeration",
    "Option",
    "SearchIncomplete",
    "Solution",
    "enumerate_solutions",
    "enumerate_within",
    "find_other_solution",
    "find_solution",
]

NO_CONSTRAINTS = Constraints()


def enumerate_solutions(
    problem: CoverProblem, constraints: Constraints = NO_CONSTRAINTS, limit: int | None = None
) -> list[Solution]:
    """Every solution (or the first ``limit``), each as sorted option indices.

    SearchIncomplete if CP-SAT ends without finishing the enumeration.
    """
    if not _trivially_feasible(problem, constraints):
        return []
    from solver import cpsat  # OR-Tools loaded by the first solve, not by importing this module

    collector, status = cpsat.search(problem, constraints, limit)
    cpsat.check_status(status, stopped_at_limit=collector.reached_limit)
    return collector.solutions


@dataclass(frozen=True)
class Enumeration:
    """What a bounded enumeration found: the solutions, and whether it went through to the end."""

    solutions: list[Solution]
    finished: bool  # False: stopped at the limit of solutions or of time, more may exist
    reached_limit: bool  # stopped because ``limit`` solutions were found


def enumerate_within(
    problem: CoverProblem,
    constraints: Constraints = NO_CONSTRAINTS,
    *,
    limit: int | None = None,
    seconds: float | None = None,
    accept: Callable[[Solution], bool] | None = None,
) -> Enumeration:
    """The solutions ``accept`` keeps (all when None), stopping after ``limit`` of them or after
    ``seconds`` of search; what was found by then, and whether the search finished.

    SearchIncomplete only when CP-SAT rejects the model.
    """
    if not _trivially_feasible(problem, constraints):
        return Enumeration([], finished=True, reached_limit=False)
    from solver import cpsat

    collector, status = cpsat.search(problem, constraints, limit, seconds=seconds, accept=accept)
    if cpsat.rejected(status):
        raise SearchIncomplete(f"CP-SAT enumeration did not finish: status {status.name}")
    return Enumeration(collector.solutions, cpsat.finished(status), collector.reached_limit)


def find_solution(problem: CoverProblem, constraints: Constraints = NO_CONSTRAINTS) -> Solution | None:
    """One solution satisfying the constraints, or None when there is none."""
    found = enumerate_solutions(problem, constraints, limit=1)
    return found[0] if found else None


def find_other_solution(problem: CoverProblem, known: Solution, fixed: Iterable[int] = ()) -> Solution | None:
    """A solution keeping ``fixed`` that differs from ``known``, or None (``known`` is then unique)."""
    return find_solution(problem, Constraints(fixed=tuple(fixed), excluded=(known,)))


def _trivially_feasible(problem: CoverProblem, constraints: Constraints) -> bool:
    """False when fixed options clash; CP-SAT would say so too, only slower."""
    covered: set[int] = set()
    groups: set[int] = set()
    for index in constraints.fixed:
        option = problem.options[index]
        if option.group in groups or covered.intersection(option.items):
            return False
        groups.add(option.group)
        covered.update(option.items)
    return not set(constraints.fixed) & set(constraints.forbidden)
