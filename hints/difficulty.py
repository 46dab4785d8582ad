"""How hard a calendar date is: its rank among the solution counts of its edition's dates."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from sqlalchemy.orm import Session

from hints.solutions import faceup_counts, solution_counts
from i18n import N_
from solver.catalog import Puzzle
from solver.puzzles import get_puzzle

# English msgids: translate with ``i18n.translate(language, label)``.
DIFFICULTY_LABELS = (N_("very easy"), N_("easy"), N_("medium"), N_("hard"), N_("very hard"))


@dataclass(frozen=True)
class Difficulty:
    level: int  # 1 (most solutions) .. 5 (fewest)
    label: str
    rank: int  # 1 = the date with the fewest solutions
    out_of: int

    @property
    def stars(self) -> str:
        """★★★☆☆: the level out of five."""
        return "★" * self.level + "☆" * (5 - self.level)


def difficulty(count: int, all_counts: list[int]) -> Difficulty:
    """Rank a solution count among all dates' counts: fewer solutions is harder."""
    ordered = sorted(all_counts)
    below = bisect_left(ordered, count)
    fraction = below / max(len(ordered), 1)
    level = 5 - min(int(fraction * 5), 4)
    return Difficulty(level, DIFFICULTY_LABELS[level - 1], below + 1, len(ordered))


def edition_difficulty(
    session: Session, puzzle: Puzzle, count: int, faceup: bool = False
) -> Difficulty | None:
    """The date's rank among the edition's dates (face-up counts in face-up mode, dates without a
    face-up solution left out); None while some real date of an edition solved on demand is not
    stored yet (a rank among a few dates would mislead)."""
    counts = solution_counts(session, puzzle)
    if len(counts) < sum(1 for t in puzzle.targets if t.real):
        return None
    if faceup:
        counts = {name: n for name, n in faceup_counts(session, puzzle).items() if n}
    return difficulty(count, list(counts.values()))


def target_difficulty(
    session: Session, puzzle: Puzzle, target: str, faceup: bool = False
) -> Difficulty | None:
    """A calendar target's difficulty from the stored counts alone (no solving, no hint): the same
    rank as the daily puzzle's; None when the target is not stored, has no face-up solution in
    face-up mode, or the edition's year is not all stored."""
    count = solution_counts(session, puzzle).get(target)
    if count is not None and faceup:
        count = faceup_counts(session, puzzle).get(target) or None
    return edition_difficulty(session, puzzle, count, faceup) if count is not None else None


def target_stars(session: Session, puzzle_id: str, target: str, faceup: bool = False) -> str:
    """:func:`target_difficulty`'s stars ("" when not known), the puzzle named by id: what a worker
    process is asked for (counting face-up solutions takes a calendar edition about 0.2 s)."""
    rank = target_difficulty(session, get_puzzle(puzzle_id), target, faceup)
    return rank.stars if rank is not None else ""
