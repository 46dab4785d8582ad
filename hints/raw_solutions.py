"""Every raw solution of a target, and the one in-process cache of them.

Boards store one solution per symmetry class; :class:`RawSolutions` adds their
symmetric images back (the *raw* solutions a player can lay out) and indexes
them by placement. :class:`RawSolutionCache` keeps them in memory, bounded by
bytes (a :class:`~hints.cache.BoundedCache`), one cache per session factory (:func:`raw_cache`).
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from sqlalchemy.orm import Session, sessionmaker

from db.repository import TargetKey
from hints.cache import BoundedCache
from hints.solutions import all_solutions, stored_key
from solver.catalog import Puzzle, Target
from solver.encoding import Placement, is_flipped
from solver.problem import target_problem
from solver.stages import SolutionSet, images_by_class


@dataclass(frozen=True, eq=False)
class RawSolutions:
    """Every raw solution of a target, each with the stored solution (its symmetry class) it images.

    ``masks`` indexes them by placement: bit ``i`` of ``masks[p]`` is set when
    raw solution ``i`` contains placement ``p``, so "how many solutions contain
    all of these placements" is an AND and a bit count.
    """

    solutions: tuple[SolutionSet, ...]
    classes: tuple[int, ...]  # per raw solution: the ordinal (from 0) of its stored representative
    stored: int  # stored solutions: the count up to symmetry

    def __len__(self) -> int:
        return len(self.solutions)

    @property
    def everything(self) -> int:
        """The mask of all raw solutions."""
        return (1 << len(self.solutions)) - 1

    @cached_property
    def masks(self) -> dict[Placement, int]:
        members: dict[Placement, list[int]] = {}
        for index, solution in enumerate(self.solutions):
            for placement in solution:
                members.setdefault(placement, []).append(index)
        return {placement: _mask(indices) for placement, indices in members.items()}

    @cached_property
    def index(self) -> dict[SolutionSet, int]:
        return {solution: i for i, solution in enumerate(self.solutions)}

    @cached_property
    def numbers(self) -> dict[int, int]:
        """Per stored ordinal of this set's classes, its number from 1 among them in stored order:
        the ordinal plus one for a whole target, the place among the face-up solutions in face-up
        mode (what "solution 2 of 3" counts)."""
        return {ordinal: n for n, ordinal in enumerate(sorted(set(self.classes)), 1)}

    def distinct(self, mask: int) -> int:
        """How many symmetry classes (stored solutions) the raw solutions in ``mask`` belong to:
        the count up to symmetry that puzzle fans know ("12 of the 2,339").

        A class's raw solutions are neighbours (``classes`` never decreases), so this is the number
        of runs of one class that ``mask`` touches: each bit is carried down to its run's first
        bit (one shift per member past the first) and the first bits are counted. A few big-int
        operations, however many bits are set (a bit at a time took milliseconds on the boards).
        """
        if len(self.solutions) == self.stored:
            return mask.bit_count()  # no symmetry: every raw solution is its own class
        firsts, joined, longest = self._runs
        for _ in range(longest - 1):
            mask |= (mask >> 1) & joined
        return (mask & firsts).bit_count()

    @cached_property
    def _runs(self) -> tuple[int, int, int]:
        """The runs of one class: the mask of their first bits, the mask of the bits whose next bit
        is in the same run, and the longest run's length."""
        firsts: list[int] = []
        joined: list[int] = []
        longest = run = 0
        for i, ordinal in enumerate(self.classes):
            if i == 0 or self.classes[i - 1] != ordinal:
                firsts.append(i)
                run = 0
            else:
                joined.append(i - 1)
            run += 1
            longest = max(longest, run)
        return _mask(firsts), _mask(joined), longest

    def face_up(self, puzzle: Puzzle) -> RawSolutions:
        """The raw solutions with no piece turned over (face-up mode), each with its class; worked
        out once per cached set of solutions (a placement's side is judged once)."""
        cached: RawSolutions | None = self.__dict__.get("_face_up")
        if cached is None:
            flipped: dict[Placement, bool] = {}

            def up(solution: SolutionSet) -> bool:
                for placement in solution:
                    if placement not in flipped:
                        flipped[placement] = is_flipped(puzzle, placement)
                    if flipped[placement]:
                        return False
                return True

            kept = [(s, c) for s, c in zip(self.solutions, self.classes, strict=True) if up(s)]
            cached = RawSolutions(
                tuple(s for s, _ in kept), tuple(c for _, c in kept), len({c for _, c in kept})
            )
            self.__dict__["_face_up"] = cached
        return cached

    def containing(self, placements: Iterable[Placement], within: int | None = None) -> int:
        """The mask of the raw solutions (within ``within``) that contain every one of ``placements``."""
        found = self.everything if within is None else within
        for placement in placements:
            found &= self.masks.get(placement, 0)
            if not found:
                break
        return found


def _mask(indices: Sequence[int]) -> int:
    """An int with the given bits set (built as bytes: one pass, no quadratic big-int growth)."""
    if not indices:
        return 0
    bits = bytearray((indices[-1] >> 3) + 1)
    for i in indices:
        bits[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(bits, "little")


def footprint(raw: RawSolutions) -> int:
    """About how many bytes ``raw`` holds in memory: its solution sets, the placements in them
    (counted once however many sets share one), its class list, and the placement masks as
    :attr:`RawSolutions.masks` builds them (counted whether built yet or not)."""
    placements = {id(p): p for solution in raw.solutions for p in solution}
    sets = sum(sys.getsizeof(solution) for solution in raw.solutions)
    shapes = sum(
        sys.getsizeof(p) + sys.getsizeof(p.cells) + sum(sys.getsizeof(c) for c in p.cells)
        for p in placements.values()
    )
    distinct = len(set(placements.values()))
    masks = distinct * (_MASK_SLOT + len(raw.solutions) // 8)
    return sys.getsizeof(raw.solutions) + sys.getsizeof(raw.classes) + sets + shapes + masks


_MASK_SLOT = 100  # a dict slot and an int's header per placement in RawSolutions.masks


@dataclass(frozen=True)
class _Entry:
    stored: TargetKey
    raw: RawSolutions
    checked_at: float  # time.monotonic() of the last check that the store still holds ``stored``
    size: int  # footprint(raw), counted against the cache's bound


class RawSolutionCache:
    """Every raw solution of a target (stored ones and their symmetric images), in a
    :class:`~hints.cache.BoundedCache` bounded by bytes (:func:`footprint`).

    A calendar target holds a few dozen to a few thousand raw solutions (tens of KB to a few
    MB), a large board up to 9,936 (about 10 MB): whatever is read, the cache stays under
    ``max_bytes``, dropping the targets used longest ago; a target larger than the bound alone
    is returned but not kept. A target is loaded once however many threads ask at the same
    time (single-flight per key). Entries are checked against the store's target row at most
    every ``recheck_seconds``, so a hot target costs no query at all, and a target stored again
    (``--force``) is read again within that time. Thread-safe.
    """

    def __init__(self, max_bytes: int = 256 << 20, recheck_seconds: float = 10.0) -> None:
        self._entries: BoundedCache[tuple[str, ...], _Entry] = BoundedCache(max_bytes, lambda e: e.size)
        self._recheck = recheck_seconds

    @property
    def size(self) -> int:
        """The bytes the kept entries hold (their footprints), never more than the bound."""
        return self._entries.size

    @property
    def max_bytes(self) -> int:
        """The bound (RAW_SOLUTION_CACHE_MB)."""
        return self._entries.maxsize

    def resize(self, max_bytes: int) -> None:
        """Set the bound (RAW_SOLUTION_CACHE_MB), dropping the least recently used past it."""
        self._entries.resize(max_bytes)

    @staticmethod
    def _key(puzzle: Puzzle, target: Target) -> tuple[str, ...]:
        return (puzzle.id, puzzle.fingerprint, target.name)

    def _fresh(self, entry: _Entry, stored: TargetKey | None) -> bool:
        """Checked recently (and, given ``stored``, read from that storing of the target)."""
        recent = time.monotonic() - entry.checked_at <= self._recheck
        return recent and (stored is None or entry.stored == stored)

    def peek(self, puzzle: Puzzle, target: Target, stored: TargetKey | None = None) -> RawSolutions | None:
        """The cached raw solutions when they were checked recently (and, given ``stored``, were
        read from that storing of the target), without touching the store."""
        entry = self._entries.get(self._key(puzzle, target))
        return entry.raw if entry is not None and self._fresh(entry, stored) else None

    def get(
        self, session: Session, puzzle: Puzzle, target: Target, stored: TargetKey | None = None
    ) -> RawSolutions:
        """The target's raw solutions; NotPrecomputed when it is not stored. ``stored``: the target
        as the caller read it; an entry kept from another storing is then checked against the
        store at once, not after ``recheck_seconds`` (hints computed from it are cached)."""
        key = self._key(puzzle, target)
        fresh = lambda entry: self._fresh(entry, stored)  # noqa: E731
        return self._entries.get_or_compute(key, lambda: self._check(session, puzzle, target), fresh).raw

    def _check(self, session: Session, puzzle: Puzzle, target: Target) -> _Entry:
        """The entry as the store holds the target now: the kept one, checked, while it holds the
        same storing; else read again."""
        stored = stored_key(session, puzzle, target)
        entry = self._entries.get(self._key(puzzle, target))
        if entry is not None and entry.stored == stored:
            return _Entry(stored, entry.raw, time.monotonic(), entry.size)
        raw = self._load(session, puzzle, target)
        return _Entry(stored, raw, time.monotonic(), footprint(raw))

    def clear(self) -> None:
        self._entries.clear()

    @staticmethod
    def _load(session: Session, puzzle: Puzzle, target: Target) -> RawSolutions:
        """The target's raw solutions read and indexed, then kept out of the cyclic garbage
        collector's passes (:func:`gc.freeze`): they are hundreds of thousands of objects that live
        as long as the cache keeps them (and are freed by their reference counts when it drops
        them), and a full pass over them held the GIL for up to 165 ms under a position flood."""
        stored = all_solutions(session, puzzle, target)
        classes = images_by_class(target_problem(puzzle, target), stored)
        raw = RawSolutions(tuple(classes), tuple(classes.values()), len(stored))
        raw.masks, raw.index  # noqa: B018  (indexed now, so their objects are frozen with the rest)
        gc.freeze()
        return raw


def raw_cache(sessions: sessionmaker[Session] | Session) -> RawSolutionCache:
    """The raw-solution cache of a store in this process: one per session factory, kept in its
    ``info["caches"]`` (:func:`db.engine.session_factory`), shared by all its sessions."""
    info = sessions.info if isinstance(sessions, Session) else sessions.kw.setdefault("info", {})
    caches: dict[str, object] = info.setdefault("caches", {})
    cache = caches.setdefault("raw_solutions", RawSolutionCache())
    assert isinstance(cache, RawSolutionCache)
    return cache


def raw_solutions(
    session: Session, puzzle: Puzzle, target: Target, faceup: bool = False, stored: TargetKey | None = None
) -> RawSolutions:
    """Every raw solution of a target (``faceup``: those with no piece turned over), from the
    store's cache (:func:`raw_cache`); ``stored``: the target as the caller read it, which a
    cached entry must come from (else the store is read again)."""
    raw = raw_cache(session).get(session, puzzle, target, stored)
    return raw.face_up(puzzle) if faceup else raw
