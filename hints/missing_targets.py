"""Targets solved on demand, as the service sees them: what solves one, and the one policy for a
request that finds its target missing.

The editions marked ``precompute: on-demand`` are not solved ahead of time. A request that needs
one of their targets raises :class:`~hints.errors.NotPrecomputed` naming it as ``solvable``; the
policy (:func:`after_solving`) is to solve that target and ask once more. Solving is a job made
by the entry point and handed down as a :class:`TargetSolver`, one of two by ``SOLVE_JOBS``: in the
asking process (:class:`jobs.target_solving.OnDemand`: solver processes, locks, store writes) or
on the queue in the store (:class:`jobs.solve_jobs.QueuedSolver`: a job that solver workers on any
machine take). Each front end keeps only *how* it waits (the bot shows a chat action, the API
answers 503 with ``Retry-After`` past its wait). A job names its puzzle by id and the worker
finds it with :func:`puzzle_to_solve`, the one lookup every solve goes through.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from sqlalchemy.orm import Session, sessionmaker

from hints.errors import NotPrecomputed
from solver.catalog import Puzzle, Target
from solver.puzzles import get_puzzle

T = TypeVar("T")


class TargetSolver(Protocol):
    """Solves and stores a target that is not stored yet; blocks until it is stored, or raises
    :class:`SolveUnfinished` when it gives up waiting."""

    # How many targets a front end usefully hands it at once (each on a thread of its own that
    # waits): None, the front end's own choice for solving in its process; a number, for a solver
    # whose work happens elsewhere (a queue), where a waiting thread costs nothing but the thread.
    targets_at_once: int | None

    def ensure(self, puzzle: Puzzle, target: Target) -> object: ...

    def close(self) -> None:
        """Stop solving (the process is ending); a solve in flight is abandoned."""


class SolveUnfinished(Exception):
    """The target is not stored and this solver stopped waiting: its job failed, no worker took it
    in time, or the process is stopping. Asking again later may find it stored."""


def puzzle_to_solve(puzzle_id: str) -> Puzzle:
    """The puzzle a solve names by id: the one lookup from a job's payload to what the solver
    enumerates, a shipped puzzle or a person's (its version in the id; found in the store where the
    process installed :func:`hints.custom_puzzles.install`). UnknownPuzzleError when none has it."""
    return get_puzzle(puzzle_id)


# How an entry point hands the job down: given the process's sessions, the solver to use.
SolverFactory = Callable[[sessionmaker[Session]], TargetSolver]


# Solves one target, however the front end waits: (puzzle id, target, the error that named it).
Solve = Callable[[str, str, NotPrecomputed], Awaitable[object]]


async def after_solving(
    attempt: Callable[[], Awaitable[T]], solve: Solve, again: Callable[[], Awaitable[T]] | None = None
) -> T:
    """``attempt()``; if it lacks a target that can be solved on demand, ``solve`` it and try once
    more (``again``, if the second try differs from the first). Any other missing target stays
    :class:`~hints.errors.NotPrecomputed`; whatever ``solve`` raises (a refusal) goes up as is."""
    try:
        return await attempt()
    except NotPrecomputed as missing:
        if missing.solvable is None:
            raise
        await solve(*missing.solvable, missing)
        return await (again or attempt)()
