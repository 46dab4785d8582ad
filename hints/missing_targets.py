"""Targets solved on demand, as the service sees them: what solves one, and the one policy for a
request that finds its target missing.

The editions marked ``precompute: on-demand`` are not solved ahead of time. A request that needs
one of their targets raises :class:`~hints.errors.NotPrecomputed` naming it as ``solvable``; the
policy (:func:`after_solving`) is to solve that target and ask once more. Solving is a job
(:class:`jobs.target_solving.OnDemand`: solver processes, locks, store writes), made by the entry point
and handed down as a :class:`TargetSolver`; each front end keeps only *how* it waits (the bot
shows a chat action, the API answers 503 with ``Retry-After`` past its wait).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from sqlalchemy.orm import Session, sessionmaker

from hints.errors import NotPrecomputed
from solver.catalog import Puzzle, Target

T = TypeVar("T")


class TargetSolver(Protocol):
    """Solves and stores a target that is not stored yet; blocks until it is stored."""

    def ensure(self, puzzle: Puzzle, target: Target) -> object: ...

    def close(self) -> None:
        """Stop solving (the process is ending); a solve in flight is abandoned."""


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
