"""``python -m tests.support.holding_worker``: a solver worker whose first attempt of every job
says ``holding <puzzle> <target>`` on stdout and then holds the job until the process is killed; a
retried attempt solves as any worker does. The test of a worker killed mid-job runs it."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable

from jobs.solve_worker import main
from jobs.target_solving import OnDemand
from solver.catalog import Puzzle, Target


def hold_first_attempts(solver: OnDemand) -> Callable[[Puzzle, Target, int], object]:
    def solve(puzzle: Puzzle, target: Target, attempt: int) -> object:
        if attempt == 0:
            print(f"holding {puzzle.id} {target.name}", flush=True)
            threading.Event().wait()  # until kill -9
        return solver.ensure(puzzle, target)

    return solve


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], solve_with=hold_first_attempts))
