"""A stand-in for the on-demand solver whose solves block until a test lets them go."""

from __future__ import annotations

import threading

from hints.missing_targets import TargetSolver
from solver.catalog import Puzzle, Target

GATE_TIMEOUT = 60.0  # seconds: only so a failing test cannot leave a solve thread blocked for good


class GatedSolver:
    """Counts and holds every ``ensure`` until :attr:`gate` is set, then hands it to ``then`` (a
    real ``OnDemand``, to store the target) or returns having stored nothing."""

    targets_at_once: int | None = None

    def __init__(self, then: TargetSolver | None = None) -> None:
        self.gate = threading.Event()
        self.entered = threading.Semaphore(0)  # released once per call, as it starts
        self.calls: list[tuple[str, str]] = []
        self.threads: set[str] = set()
        self._then = then
        self._lock = threading.Lock()

    def ensure(self, puzzle: Puzzle, target: Target) -> object:
        with self._lock:
            self.calls.append((puzzle.id, target.name))
            self.threads.add(threading.current_thread().name)
        self.entered.release()
        self.gate.wait(GATE_TIMEOUT)
        return self._then.ensure(puzzle, target) if self._then is not None else None

    def close(self) -> None:
        self.gate.set()  # a held solve goes on (and stores nothing, or what ``then`` stores)
        if self._then is not None:
            self._then.close()
