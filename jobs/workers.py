"""Solver worker processes: tasks solved in a pool whose workers leave Ctrl-C to the main process."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from solver.tasks import Task, TaskResult, solve_task


def block_interrupts() -> None:
    """Pool workers leave Ctrl-C to the main process, which stops the pool cleanly.

    SIGINT goes to the whole process group. Ignoring it is not enough: CP-SAT installs its own
    handler for each solve (a Ctrl-C then ends the search as incomplete, failing the task) and
    leaves SIG_DFL behind (a later Ctrl-C would kill the worker and break the pool). Blocked, the
    signal never arrives, whatever the handler; CP-SAT's threads inherit the mask. A worker
    finishes its current task and the main process, which is shutting the pool down, drops it.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _solve_here(task: Task) -> TaskResult:
    """Solve in this process, then give Python back its Ctrl-C handler, which CP-SAT resets to SIG_DFL.

    A Ctrl-C during the solve itself is CP-SAT's: the task fails with SearchIncomplete (never a
    partial result). The command line therefore always solves in worker processes.
    """
    handler = signal.getsignal(signal.SIGINT)
    try:
        return solve_task(task)
    finally:
        if handler is not None and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, handler)


def task_results(tasks: Sequence[Task], workers: int) -> Iterable[TaskResult]:
    """Task results as they complete: from ``workers`` processes, or from this one when 0."""
    if workers == 0:
        yield from (_solve_here(task) for task in tasks)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=block_interrupts)
    try:
        pending: set[Future[TaskResult]] = {pool.submit(solve_task, task) for task in tasks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
