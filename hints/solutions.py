"""Stored solutions as the front ends need them: counts, "solution n of a target", stored targets.

Every read of the solution store goes through here (and :mod:`hints.raw_solutions`,
:mod:`hints.solution_pages`), so the front ends never touch the repository.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.repository import StoredTarget, TargetKey, TargetSummary
from hints.cache import BoundedCache
from hints.errors import NotPrecomputed, UnknownSolution, precompute_command
from solver.catalog import Puzzle, Target, dates_of_year, target_for_date
from solver.encoding import FlipReader, Placement, decode
from solver.puzzles import catalog

__all__ = [
    "StoredSolution",
    "StoredTarget",
    "TargetSummary",
    "complete_counts",
    "heatmap_year",
    "solution_counts",
    "stored_solution",
    "stored_summaries",
    "stored_targets",
    "target_count",
]


def describe(puzzle: Puzzle, target: Target) -> str:
    """'calendar-dragonfjord 01-25' or just the board's id on single-target puzzles."""
    return puzzle.id if len(puzzle.targets) == 1 else f"{puzzle.id} {target.name}"


def stored_key(session: Session, puzzle: Puzzle, target: Target) -> TargetKey:
    """The stored target's key; NotPrecomputed when its solutions are not stored."""
    key = repository.target_key(session=session, puzzle_id=puzzle.id, target=target.name)
    if key is None:
        single = len(puzzle.targets) == 1
        command = precompute_command(puzzle.id, None if single else target.name, on_demand=puzzle.on_demand)
        solvable = (puzzle.id, target.name) if puzzle.on_demand else None
        raise NotPrecomputed(describe(puzzle, target), command=command, solvable=solvable)
    return key


def target_count(session: Session, puzzle: Puzzle, target: Target) -> int:
    """Stored solutions of a target (one per symmetry class on boards); NotPrecomputed if absent."""
    return stored_key(session, puzzle, target).solution_count


def all_solutions(session: Session, puzzle: Puzzle, target: Target) -> list[tuple[Placement, ...]]:
    """Every stored solution of a target in ordinal order; NotPrecomputed if absent."""
    codes = repository.get_encodings(session=session, puzzle_id=puzzle.id, target=target.name)
    if not codes:
        stored_key(session, puzzle, target)  # raises when the target is not stored at all
    return [decode(puzzle, code) for code in codes]


@dataclass(frozen=True)
class StoredSolution:
    number: int  # from 1, in the store's order
    placements: tuple[Placement, ...]
    total: int


def solution_at(session: Session, puzzle: Puzzle, target: Target, ordinal: int) -> tuple[Placement, ...]:
    """The stored solution at ``ordinal`` (from 0), which the caller knows exists."""
    (code,) = repository.get_encodings(
        session=session, puzzle_id=puzzle.id, target=target.name, offset=ordinal, limit=1
    )
    return decode(puzzle, code)


def stored_solution(session: Session, puzzle: Puzzle, target: Target, number: int) -> StoredSolution:
    """Solution ``number`` (from 1); UnknownSolution outside 1..count, NotPrecomputed if absent."""
    total = target_count(session, puzzle, target)
    if not 1 <= number <= total:
        raise UnknownSolution(describe(puzzle, target), number, total)
    return StoredSolution(number, solution_at(session, puzzle, target, number - 1), total)


def solution_counts(session: Session, puzzle: Puzzle) -> dict[str, int]:
    """Stored solution count per real target (a calendar's year, as far as it is stored)."""
    return repository.real_target_counts(session=session, puzzle_id=puzzle.id)


def year_counts(session: Session, puzzle: Puzzle, year: int) -> dict[str, int]:
    """Stored solutions per date ("MM-DD") of ``year`` in a calendar edition, as far as stored: on
    the weekday editions each date's count is that of its target with the weekday the date has in
    ``year`` (02-29 only in leap years there); elsewhere the count of the date's target."""
    stored = solution_counts(session, puzzle)
    if not puzzle.has_weekdays:
        return stored
    counts = {}
    for day in dates_of_year(year):
        count = stored.get(target_for_date(puzzle, day).name)
        if count is not None:
            counts[f"{day.month:02d}-{day.day:02d}"] = count
    return counts


def heatmap_year(puzzle: Puzzle, year: int | None) -> int | None:
    """The year a calendar's year heatmap depends on: ``year`` on the weekday editions (each date
    is counted with the weekday it has that year), None elsewhere, where every year draws the same
    picture. What a cache of the pictures keys them by, with the puzzle and the language."""
    return year if puzzle.has_weekdays else None


FaceUpKey = tuple[str, str, str, int, int]
FACEUP_CACHE_ENTRIES = 32  # an edition's stored state each (a new target stored makes a new one)
_FACEUP_COUNTS: BoundedCache[FaceUpKey, dict[str, int]] = BoundedCache(FACEUP_CACHE_ENTRIES)


def faceup_counts(session: Session, puzzle: Puzzle) -> dict[str, int]:
    """Face-up solutions (no piece turned over) per stored real target of a calendar, read from
    the encodings once per process and stored state (a new target stored counts them again);
    counted once however many ask at the same time, and kept for :data:`FACEUP_CACHE_ENTRIES`
    stored states, the least recently used dropped first."""
    counts = solution_counts(session, puzzle)
    key = (
        str(session.get_bind().engine.url),
        puzzle.id,
        puzzle.fingerprint,
        len(counts),
        sum(counts.values()),
    )

    def count() -> dict[str, int]:
        reader = FlipReader(puzzle)
        return {name: _face_up_stored(session, puzzle, name, reader) for name in counts}

    return _FACEUP_COUNTS.get_or_compute(key, count)


def faceup_cache_entries() -> int:
    """How many stored states' face-up counts this process keeps (for the tests)."""
    return len(_FACEUP_COUNTS)


def _face_up_stored(session: Session, puzzle: Puzzle, target: str, reader: FlipReader) -> int:
    """Stored solutions of a target with no piece turned over: from their flip records, or read
    off the encodings where the store kept none (packed before revision 0012)."""
    stored = repository.get_solutions(session=session, puzzle_id=puzzle.id, target=target)
    if stored is None:
        return 0
    if stored.flips is not None:
        return stored.flips.count("")
    return sum(1 for code in stored.encodings if reader.is_face_up(code))


def complete_counts(session: Session, puzzle: Puzzle) -> dict[str, int]:
    """Solution count per real target, once every real target is stored; else NotPrecomputed."""
    counts = solution_counts(session, puzzle)
    if not counts or len(counts) < sum(1 for t in puzzle.targets if t.real):
        command = precompute_command(puzzle.id, None, on_demand=puzzle.on_demand)
        raise NotPrecomputed(puzzle.id, fully=bool(counts), command=command)
    return counts


def stored_targets(session: Session, puzzle: Puzzle | None = None) -> dict[str, list[StoredTarget]]:
    """Stored targets by puzzle id (of every catalog puzzle, or of one)."""
    grouped: dict[str, list[StoredTarget]] = {p.id: [] for p in ([puzzle] if puzzle else catalog().values())}
    found = repository.list_targets(session=session, puzzle_id=puzzle.id if puzzle else None)
    for target in found:
        grouped.setdefault(target.puzzle_id, []).append(target)
    return grouped


SUMMARY_SECONDS = 5.0  # how long a process trusts its summary of the store (others may store targets)
EMPTY = TargetSummary(0, 0, 0, 0, None, 0)


class StoredSummaries:
    """Every catalog puzzle's :class:`TargetSummary` (``EMPTY`` where nothing is stored), read with
    one aggregate query at most every :data:`SUMMARY_SECONDS` (one reader at a time; the others
    wait for its answer), and read again at once after :meth:`forget` (a target stored by this
    process). What the catalog listings and readiness answer from, and what caches of them are
    keyed by: they cost no target row per request, and show a target another process stored
    within seconds. Thread-safe."""

    def __init__(self, seconds: float = SUMMARY_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self._seconds = seconds
        self._clock = clock
        self._lock = threading.Lock()
        self._reading = threading.Lock()
        self._found: dict[str, TargetSummary] | None = None
        self._read_at = 0.0
        self.reads = 0  # queries made (for the tests)

    def get(self, sessions: sessionmaker[Session] | Session) -> dict[str, TargetSummary]:
        """The summaries, from memory while fresh, else read once (``sessions`` opens a session)."""
        found = self._fresh()
        if found is not None:
            return found
        with self._reading:
            found = self._fresh()
            if found is None:
                found = self._read(sessions)
                with self._lock:
                    self._found, self._read_at = found, self._clock()
                    self.reads += 1
        return found

    def peek(self) -> dict[str, TargetSummary] | None:
        """The summaries while fresh, else None (then :meth:`get` them off the event loop)."""
        return self._fresh()

    def forget(self) -> None:
        """Read the store again next time (a target was just stored)."""
        with self._lock:
            self._found = None

    def _fresh(self) -> dict[str, TargetSummary] | None:
        with self._lock:
            if self._found is not None and self._clock() - self._read_at < self._seconds:
                return self._found
            return None

    @staticmethod
    def _read(sessions: sessionmaker[Session] | Session) -> dict[str, TargetSummary]:
        if isinstance(sessions, Session):
            stored = repository.target_summaries(session=sessions)
        else:
            with sessions() as session:
                stored = repository.target_summaries(session=session)
        return {**{p.id: EMPTY for p in catalog().values()}, **stored}


def stored_summaries(sessions: sessionmaker[Session] | Session) -> StoredSummaries:
    """The stored-target summaries of a store in this process: one per session factory, kept in its
    ``info["caches"]`` (:func:`db.engine.session_factory`), shared by all its sessions."""
    info = sessions.info if isinstance(sessions, Session) else sessions.kw.setdefault("info", {})
    caches: dict[str, object] = info.setdefault("caches", {})
    summaries = caches.setdefault("stored_summaries", StoredSummaries())
    assert isinstance(summaries, StoredSummaries)
    return summaries
