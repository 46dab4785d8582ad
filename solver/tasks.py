"""Tasks of an enumeration: a target's cover problem cut into subproblems, each solved and
verified on its own (in a worker process), and the checks a stored target must pass.

Pure: catalog files in, encodings out. The jobs that run tasks and store their results live in
:mod:`jobs.precompute` and :mod:`jobs.target_solving`.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from solver.catalog import Puzzle, Target
from solver.encoding import ENCODING_VERSION, decode, flip_records, pieces_of_record
from solver.problem import TargetProblem, board_has_symmetry, target_problem
from solver.puzzles import get_puzzle
from solver.verify import check_encodings, check_flipped


@dataclass(frozen=True)
class Task:
    puzzle_id: str
    target: str
    subproblem: int
    shares: int = 1  # TargetProblem.subproblems(shares): > 1 splits a board without symmetry


@dataclass(frozen=True)
class TaskResult:
    task: Task
    encodings: list[str]
    seconds: float


def _problem(puzzle_id: str, target: str) -> TargetProblem:
    """A board's subproblems share one problem (:func:`solver.problem.target_problem` keeps the
    last few per process: a weekday target's holds about 0.8 MB, all 2,604 would take ~2 GB)."""
    puzzle = get_puzzle(puzzle_id)
    return target_problem(puzzle, puzzle.target(target))


def solve_task(task: Task) -> TaskResult:
    """Enumerate one subproblem and verify each solution (runs in a worker process)."""
    started = time.perf_counter()
    problem = _problem(task.puzzle_id, task.target)
    subproblems = problem.subproblems(task.shares)
    if task.subproblem >= len(subproblems):  # a share past the last: fewer placements on the first cell
        return TaskResult(task, [], time.perf_counter() - started)
    encodings = problem.solve_subproblem(subproblems[task.subproblem])
    check_encodings(problem.puzzle, problem.target, encodings)
    return TaskResult(task, encodings, time.perf_counter() - started)


def fingerprint(puzzle: Puzzle) -> str:
    """The store's print of a puzzle: what its stored solutions depend on, the puzzle's content
    (``Puzzle.solutions_digest``: not its title or comments) and the encoding."""
    return f"{puzzle.solutions_digest}-e{ENCODING_VERSION}"


# The text digests of catalog files retitled since stores kept the text's digest; each file's
# content (board, pieces, targets) is what it was, so its stored solutions stand. Never edit an entry.
RETITLED: dict[str, str] = {
    "calendar-weekday": "b42e905932da24bc",  # "Weekday calendar puzzle, Sunday first (common edition)"
    "calendar-weekday-monday": "1277fc739f534aec",  # "... Monday first (common edition)"
}


def former_fingerprints(puzzle: Puzzle) -> tuple[str, ...]:
    """The prints stores made before kept of this same content: the digest of the whole text
    (title and comments too), as the store's print was until it left them out: the puzzle's own
    text's (a person's puzzle version never changes), and a retitled catalog file's earlier one.
    A store holding one of them keeps its solutions (:func:`db.repository.sync_puzzle`)."""
    formers = [puzzle.fingerprint, *([RETITLED[puzzle.id]] if puzzle.id in RETITLED else [])]
    return tuple(f"{digest}-e{ENCODING_VERSION}" for digest in formers)


def plan_tasks(puzzle: Puzzle, targets: Iterable[str], shares: int = 1) -> list[Task]:
    """Every task needed to enumerate the given targets of a puzzle (``shares``: see ``subproblems``)."""
    tasks: list[Task] = []
    for name in targets:
        count = len(target_problem(puzzle, puzzle.target(name)).subproblems(shares))
        tasks.extend(Task(puzzle.id, name, i, shares) for i in range(count))
    return tasks


def checked_flip_records(puzzle: Puzzle, encodings: Sequence[str]) -> list[str]:
    """Each solution's flip record (:func:`solver.problem.flip_records`), checked against the
    independent geometry of :mod:`solver.verify`; InvalidSolution if one disagrees."""
    records = flip_records(puzzle, encodings)
    for code, record in zip(encodings, records, strict=True):
        check_flipped(puzzle, decode(puzzle, code), pieces_of_record(puzzle, record))
    return records


def target_tasks(puzzle: Puzzle, target: Target, shares: int) -> list[Task]:
    """The target's work in ``shares`` pieces, or in its symmetry subproblems.

    A board without symmetry is split into shares by the workers themselves (a worker whose share
    does not exist returns nothing), so the waiting process does not build the target's placements
    first: 4 ms and thousands of short-lived objects per target saved on the way to the pool.
    """
    if shares > 1 and not board_has_symmetry(puzzle):
        return [Task(puzzle.id, target.name, share, shares) for share in range(shares)]
    return plan_tasks(puzzle, [target.name], shares=shares)
