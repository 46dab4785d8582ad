"""The daily puzzles and their hints, read from the store; shared by the bot and the API.

For a date the daily puzzle is the calendar target ``MM-DD`` and a pentomino
challenge: a board chosen by rotating through :data:`PENTOMINO_BOARDS` by date,
one of its stored solutions chosen by a hash of the date, and the fewest of
its pieces that force that solution (over every raw solution: the stored
representatives and their symmetric images). Everything is deterministic,
so every user sees the same puzzle on the same day.

Computed hints are cached in the store (``hint_cache``) per featured solution.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from sqlalchemy.orm import Session

from db import repository
from solver.catalog import Puzzle, Target, get_puzzle
from solver.hints import Hint, SolutionSet, all_images, hint_stages, minimum_unique_subset
from solver.problem import Placement, TargetProblem, decode, encode

CALENDAR_ID = "calendar-dragonfjord"
PENTOMINO_BOARDS = (
    "pentomino-6x10",
    "pentomino-5x12",
    "pentomino-4x15",
    "pentomino-3x20",
    "pentomino-8x8-hole",
)
BOARD_TARGET = "board"
Stages = tuple[Hint, Hint, Hint]
# featured solution -> (pre-placed pieces, the three stages)
HintComputer = Callable[[SolutionSet], tuple[tuple[Placement, ...], Stages]]
DIFFICULTY_LABELS = ("very easy", "easy", "medium", "hard", "very hard")


class NotPrecomputed(LookupError):
    """The store lacks solutions this request needs; run ``python -m solver.precompute``."""


@dataclass(frozen=True)
class Difficulty:
    level: int  # 1 (most solutions) .. 5 (fewest)
    label: str
    rank: int  # 1 = the date with the fewest solutions
    out_of: int


@dataclass(frozen=True)
class DailyCalendar:
    day: date
    puzzle: Puzzle
    target: Target
    total: int
    featured: int  # ordinal of the featured stored solution
    difficulty: Difficulty


@dataclass(frozen=True)
class DailyChallenge:
    day: date
    puzzle: Puzzle
    featured: int
    preplaced: tuple[Placement, ...]
    total: int  # raw solutions of the board (all symmetric images)


def target_name(day: date) -> str:
    return f"{day.month:02d}-{day.day:02d}"


def pick(day: date, key: str, count: int) -> int:
    """A deterministic index in range(count) derived from the date and a key."""
    digest = hashlib.sha256(f"{day.isoformat()}|{key}".encode()).hexdigest()
    return int(digest, 16) % count


def challenge_board(day: date) -> str:
    """The pentomino board of the day, rotating through the boards by date."""
    return PENTOMINO_BOARDS[day.toordinal() % len(PENTOMINO_BOARDS)]


def difficulty(count: int, all_counts: list[int]) -> Difficulty:
    """Rank a solution count among all dates' counts: fewer solutions is harder."""
    ordered = sorted(all_counts)
    below = bisect_left(ordered, count)
    fraction = below / max(len(ordered), 1)
    level = 5 - min(int(fraction * 5), 4)
    return Difficulty(level, DIFFICULTY_LABELS[level - 1], below + 1, len(ordered))


def _count(session: Session, puzzle_id: str, target: str) -> int:
    count = repository.count_solutions(session=session, puzzle_id=puzzle_id, target=target)
    if not count:
        raise NotPrecomputed(f"{puzzle_id} {target} is not precomputed; run python -m solver.precompute")
    return count


def _solutions(session: Session, puzzle: Puzzle, target: str) -> list[SolutionSet]:
    codes = repository.get_encodings(session=session, puzzle_id=puzzle.id, target=target)
    if not codes:
        raise NotPrecomputed(f"{puzzle.id} {target} is not precomputed; run python -m solver.precompute")
    return [frozenset(decode(puzzle, code)) for code in codes]


def daily_calendar(session: Session, day: date) -> DailyCalendar:
    """The calendar puzzle of ``day`` with its count, featured solution and difficulty."""
    puzzle = get_puzzle(CALENDAR_ID)
    target = puzzle.target(target_name(day))
    total = _count(session, puzzle.id, target.name)
    counts = list(repository.real_target_counts(session=session, puzzle_id=puzzle.id).values())
    return DailyCalendar(day, puzzle, target, total, pick(day, puzzle.id, total), difficulty(total, counts))


def _cached_stages(puzzle: Puzzle, cached: repository.CachedHints) -> tuple[Hint, Hint]:
    """Stages 1 and 2 as stored; stage 3 is the featured solution itself."""
    return (
        Hint(1, decode(puzzle, cached.stage1), cached.remaining1, cached.total),
        Hint(2, decode(puzzle, cached.stage2), cached.remaining2, cached.total),
    )


def _hints(session: Session, puzzle: Puzzle, target: str, ordinal: int, compute: HintComputer) -> Stages:
    """Hint stages for one featured solution, from the cache or computed and cached."""
    (featured_code,) = repository.get_encodings(
        session=session, puzzle_id=puzzle.id, target=target, offset=ordinal, limit=1
    )
    featured = decode(puzzle, featured_code)
    cached = repository.get_cached_hints(session=session, puzzle_id=puzzle.id, target=target, ordinal=ordinal)
    if cached is None:
        preplaced, stages = compute(frozenset(featured))
        cached = repository.CachedHints(
            preplaced=encode(puzzle, preplaced),
            stage1=encode(puzzle, stages[0].shown),
            stage2=encode(puzzle, stages[1].shown),
            remaining1=stages[0].remaining,
            remaining2=stages[1].remaining,
            total=stages[0].total,
        )
        repository.save_cached_hints(
            session=session, puzzle_id=puzzle.id, target=target, ordinal=ordinal, hints=cached
        )
        session.commit()
    one, two = _cached_stages(puzzle, cached)
    return one, two, Hint(3, featured, 1, cached.total)


def calendar_hints(session: Session, day: date) -> Stages:
    """The three hint stages of the day's calendar puzzle."""
    daily = daily_calendar(session, day)

    def compute(featured: SolutionSet) -> tuple[tuple[Placement, ...], Stages]:
        return (), hint_stages(featured, _solutions(session, daily.puzzle, daily.target.name))

    return _hints(session, daily.puzzle, daily.target.name, daily.featured, compute)


@lru_cache(maxsize=8)
def _raw_solutions(puzzle_id: str, codes: tuple[str, ...]) -> list[SolutionSet]:
    puzzle = get_puzzle(puzzle_id)
    problem = TargetProblem(puzzle, puzzle.target(BOARD_TARGET))
    return all_images(problem, (decode(puzzle, c) for c in codes))


def raw_board_solutions(session: Session, puzzle: Puzzle) -> list[SolutionSet]:
    """Every solution of a board: the stored representatives and their symmetric images."""
    codes = repository.get_encodings(session=session, puzzle_id=puzzle.id, target=BOARD_TARGET)
    if not codes:
        raise NotPrecomputed(f"{puzzle.id} is not precomputed; run python -m solver.precompute")
    return _raw_solutions(puzzle.id, tuple(codes))


def _challenge_stages(session: Session, puzzle: Puzzle) -> HintComputer:
    def compute(featured: SolutionSet) -> tuple[tuple[Placement, ...], Stages]:
        raw = raw_board_solutions(session, puzzle)
        preplaced = minimum_unique_subset(featured, raw)
        return preplaced, hint_stages(featured, raw, preplaced)

    return compute


def daily_challenge(session: Session, day: date) -> DailyChallenge:
    """The pentomino challenge of ``day``: board, featured solution, pre-placed pieces."""
    puzzle = get_puzzle(challenge_board(day))
    stored = _count(session, puzzle.id, BOARD_TARGET)
    ordinal = pick(day, puzzle.id, stored)
    _hints(session, puzzle, BOARD_TARGET, ordinal, _challenge_stages(session, puzzle))
    cached = repository.get_cached_hints(
        session=session, puzzle_id=puzzle.id, target=BOARD_TARGET, ordinal=ordinal
    )
    assert cached is not None
    return DailyChallenge(day, puzzle, ordinal, decode(puzzle, cached.preplaced), cached.total)


def challenge_hints(session: Session, day: date) -> Stages:
    """The three hint stages of the day's pentomino challenge (pre-placed pieces included)."""
    challenge = daily_challenge(session, day)
    return _hints(
        session,
        challenge.puzzle,
        BOARD_TARGET,
        challenge.featured,
        _challenge_stages(session, challenge.puzzle),
    )


def solution_counts(session: Session, puzzle_id: str = CALENDAR_ID) -> dict[str, int]:
    """Stored solution count per real target (the heatmap's data)."""
    return repository.real_target_counts(session=session, puzzle_id=puzzle_id)
