"""How hard a calendar date is: its rank among the solution counts of its edition's dates.

The dates ranked among are the edition's whole year when every real target is stored (the
precomputed editions). An edition solved on demand (the weekday ones, a person's puzzle) has only
the targets asked for or solved ahead stored: its dates are ranked among those, once there are at
least :data:`KNOWN_DATES_FOR_STARS` of them (five levels need five dates to tell apart), and
``Difficulty.out_of`` says how many they were.
"""

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
KNOWN_DATES_FOR_STARS = len(DIFFICULTY_LABELS)  # stored real dates a rank needs below a whole year


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
    """The date's rank among the edition's stored real dates (face-up counts in face-up mode, dates
    without a face-up solution left out): its whole year when all is stored, else the dates stored
    so far; None while fewer than :data:`KNOWN_DATES_FOR_STARS` are (a rank among one or two dates
    would mislead)."""
    counts = solution_counts(session, puzzle)
    if faceup:
        counts = {name: n for name, n in faceup_counts(session, puzzle).items() if n}
    if len(counts) < KNOWN_DATES_FOR_STARS:
        return None
    return difficulty(count, list(counts.values()))


def target_difficulty(
    session: Session, puzzle: Puzzle, target: str, faceup: bool = False
) -> Difficulty | None:
    """A calendar target's difficulty from the stored counts alone (no solving, no hint): the same
    rank as the daily puzzle's; None when the target is not stored, has no face-up solution in
    face-up mode, or fewer than :data:`KNOWN_DATES_FOR_STARS` dates of the edition are."""
    count = solution_counts(session, puzzle).get(target)
    if count is not None and faceup:
        count = faceup_counts(session, puzzle).get(target) or None
    return edition_difficulty(session, puzzle, count, faceup) if count is not None else None


def target_stars(session: Session, puzzle_id: str, target: str, faceup: bool = False) -> str:
    """:func:`target_difficulty`'s stars ("" when not known), the puzzle named by id: what a worker
    process is asked for (counting face-up solutions takes a calendar edition about 0.2 s)."""
    rank = target_difficulty(session, get_puzzle(puzzle_id), target, faceup)
    return rank.stars if rank is not None else ""
