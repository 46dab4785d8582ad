"""Targets solved the first time someone asks for them: once, stored atomically, then served.

The editions marked ``precompute: on-demand`` (the weekday calendars have 2,604 targets
of about 2.5 s each) are not part of the default precompute run. When the bot or the
API needs one of their targets that is not stored, :meth:`OnDemand.ensure` solves it
with the same CP-SAT enumeration and verification as ``python -m solver.precompute``
and stores it in one transaction of its own (the caller's unit of work is not involved).

Single-flight: within a process, one thread solves a target while the others asking for
it wait and then read it from the store. Across processes on PostgreSQL, an advisory
lock per target does the same. On SQLite, writers are serialised by the database; two
processes asking at the same moment may both solve, and the second store replaces the
first with the same solutions.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from solver.catalog import Puzzle, Target
from solver.precompute import fingerprint, plan_tasks, solve_task

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Solved:
    """What :meth:`OnDemand.ensure` did for a target."""

    computed: bool  # False: it was stored already (or another thread or process stored it)
    solutions: int | None = None
    seconds: float = 0.0


def advisory_key(puzzle_id: str, target: str) -> int:
    """A signed 64-bit PostgreSQL advisory-lock key for one target."""
    digest = hashlib.sha256(f"on-demand:{puzzle_id}:{target}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class OnDemand:
    """Solves and stores targets that are not stored yet, each at most once at a time."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self._sessions = sessions
        self._guard = threading.Lock()
        self._locks: dict[tuple[str, str], threading.Lock] = {}

    def is_stored(self, puzzle: Puzzle, target: Target) -> bool:
        with self._sessions() as session:
            return repository.target_key(session=session, puzzle_id=puzzle.id, target=target.name) is not None

    def ensure(self, puzzle: Puzzle, target: Target) -> Solved:
        """The target stored: at once if it is, else solved here or by whoever is solving it."""
        lock = self._lock(puzzle, target)
        with lock:
            if self.is_stored(puzzle, target):
                return Solved(computed=False)
            with self._across_processes(puzzle, target):
                if self.is_stored(puzzle, target):  # another process stored it meanwhile
                    return Solved(computed=False)
                return self._solve_and_store(puzzle, target)

    def _lock(self, puzzle: Puzzle, target: Target) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault((puzzle.id, target.name), threading.Lock())

    @contextmanager
    def _across_processes(self, puzzle: Puzzle, target: Target) -> Iterator[None]:
        """PostgreSQL: hold the target's advisory lock (other processes wait for it); else nothing."""
        bind = self._sessions.kw.get("bind")
        if bind is None or bind.dialect.name != "postgresql":
            yield
            return
        key = advisory_key(puzzle.id, target.name)
        with bind.connect() as connection:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": key})
            connection.commit()
            try:
                yield
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": key})
                connection.commit()

    def _solve_and_store(self, puzzle: Puzzle, target: Target) -> Solved:
        started = time.perf_counter()
        results = [solve_task(task) for task in plan_tasks(puzzle, [target.name])]
        encodings = sorted(code for result in results for code in result.encodings)
        seconds = time.perf_counter() - started
        with self._sessions.begin() as session:
            repository.sync_puzzle(
                session=session,
                puzzle_id=puzzle.id,
                title=puzzle.title,
                lattice=puzzle.lattice.name,
                fingerprint=fingerprint(puzzle),
            )
            repository.save_target(
                session=session,
                puzzle_id=puzzle.id,
                name=target.name,
                is_real=target.real,
                encodings=encodings,
                seconds=seconds,
            )
        log.info(
            "solved %s %s on demand: %d solutions in %.1f s", puzzle.id, target.name, len(encodings), seconds
        )
        return Solved(computed=True, solutions=len(encodings), seconds=seconds)
