"""The on-demand solve queue on its own: its own threads, single-flight, the bound, shutdown.

The solver is a stand-in held on a gate (tests/support/solving.py); nothing is solved."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.solving import SolveQueue, SolvesBusy
from solver.catalog import Puzzle, Target
from solver.puzzles import get_puzzle
from tests.support.solving import GatedSolver

WEEKDAY = get_puzzle("calendar-weekday")


def targets(count: int) -> list[tuple[Puzzle, Target]]:
    """``count`` different weekday targets (1-7 February 2026, then March)."""
    names = ["02-01-sun", "02-02-mon", "02-03-tue", "02-04-wed", "02-05-thu", "03-01-sun"]
    return [(WEEKDAY, WEEKDAY.target(name)) for name in names[:count]]


async def started(solver: GatedSolver, count: int = 1) -> None:
    """Wait until ``count`` more solves have entered the solver."""
    for _ in range(count):
        assert await asyncio.to_thread(solver.entered.acquire, timeout=10)


@pytest.fixture
def solver() -> GatedSolver:
    return GatedSolver()


@pytest.fixture
async def queue(solver: GatedSolver) -> AsyncIterator[SolveQueue]:
    solves = SolveQueue(solver, workers=1, waiting=2)
    yield solves
    solver.gate.set()
    solves.shutdown(wait=True)


async def test_askers_of_one_target_share_one_solve(queue: SolveQueue, solver: GatedSolver) -> None:
    ((puzzle, target),) = targets(1)
    first, second = queue.solve(puzzle, target), queue.solve(puzzle, target)
    await started(solver)
    assert queue.in_flight == 1 and not first.done() and not second.done()
    solver.gate.set()
    await asyncio.gather(first, second)
    assert solver.calls == [(puzzle.id, target.name)] and queue.in_flight == 0


async def test_a_full_queue_refuses_at_once_but_still_joins_a_target_in_flight(
    queue: SolveQueue, solver: GatedSolver
) -> None:
    """One worker and two waiting: a fourth target is refused; asking again for one of the three
    takes no place; once they land, there is room again."""
    (a, b, c, d) = targets(4)
    flights = [queue.solve(*a), queue.solve(*b), queue.solve(*c)]
    await started(solver)
    with pytest.raises(SolvesBusy):
        queue.solve(*d)
    flights.append(queue.solve(*c))  # single-flight: no new place needed
    solver.gate.set()
    await asyncio.gather(*flights)
    await queue.solve(*d)
    assert solver.calls == [(p.id, t.name) for p, t in (a, b, c, d)]


async def test_solves_run_on_the_queues_own_threads_one_at_a_time(
    queue: SolveQueue, solver: GatedSolver
) -> None:
    flights = [queue.solve(*pair) for pair in targets(3)]
    await started(solver)
    assert len(solver.calls) == 1  # one worker: the other two wait in the queue, on no thread
    solver.gate.set()
    await asyncio.gather(*flights)
    assert len(solver.threads) == 1 and next(iter(solver.threads)).startswith("on-demand-solve")


async def test_an_asker_who_gives_up_leaves_the_solve_to_the_others(
    queue: SolveQueue, solver: GatedSolver
) -> None:
    ((puzzle, target),) = targets(1)
    impatient, patient = queue.solve(puzzle, target), queue.solve(puzzle, target)
    await started(solver)
    impatient.cancel()
    solver.gate.set()
    await patient
    assert solver.calls == [(puzzle.id, target.name)]


async def test_a_failed_solve_fails_every_asker_and_the_next_asker_tries_again() -> None:
    class Failing(GatedSolver):
        def ensure(self, puzzle: Puzzle, target: Target) -> object:
            super().ensure(puzzle, target)
            raise RuntimeError("solver broke")

    solver = Failing()
    solver.gate.set()
    queue = SolveQueue(solver, workers=1, waiting=0)
    ((puzzle, target),) = targets(1)
    results = await asyncio.gather(
        queue.solve(puzzle, target), queue.solve(puzzle, target), return_exceptions=True
    )
    assert [str(r) for r in results] == ["solver broke", "solver broke"]
    with pytest.raises(RuntimeError):
        await queue.solve(puzzle, target)
    assert len(solver.calls) == 2
    queue.shutdown(wait=True)


async def test_shutdown_cancels_the_queued_solves(solver: GatedSolver) -> None:
    queue = SolveQueue(solver, workers=1, waiting=2)
    running, queued = (queue.solve(*pair) for pair in targets(2))
    await started(solver)
    queue.shutdown(wait=False)
    solver.gate.set()  # what shutdown_pools does to a real solve in flight: it ends
    await running
    with pytest.raises(asyncio.CancelledError):
        await queued
    queue.shutdown(wait=True)
    assert len(solver.calls) == 1
