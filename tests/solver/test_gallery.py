"""The gallery: editions from the wild written as catalog files, checked against their published
counts and an independent enumeration (tests/support/exact_cover.py)."""

from __future__ import annotations

import pytest

from solver.bounded import solve_within
from solver.definitions import Limits
from solver.encoding import decode
from solver.puzzles import all_puzzles, get_puzzle
from tests.support import exact_cover

GALLERY = {
    # id: (credit in the title, board cells, plain cells, pieces, targets)
    "calendar-dailypuzzle-8": ("sh1ura", 49, 6, 8, 372),
    "calendar-dailypuzzle-9": ("sh1ura", 49, 6, 9, 372),
    "calendar-weekday-6x9": ("cal.joey.sh", 54, 4, 9, 2604),
}
# Targets of the weekday board compared with the independent enumeration (no counts are published).
WEEKDAY_SAMPLES = ("01-25-sun", "11-28-sat", "02-29-thu")


@pytest.mark.parametrize("puzzle_id", sorted(GALLERY))
def test_the_gallery_is_catalog_data_solved_on_demand(puzzle_id: str) -> None:
    credit, cells, plain, pieces, targets = GALLERY[puzzle_id]
    puzzle = get_puzzle(puzzle_id)
    assert credit in puzzle.title and puzzle.on_demand and puzzle.is_calendar
    assert (len(puzzle.cells), len(puzzle.cells) - len(puzzle.labels)) == (cells, plain)
    assert (len(puzzle.pieces), len(puzzle.targets)) == (pieces, targets)
    assert sum(len(p.cells) for p in puzzle.pieces) == cells - len(puzzle.targets[0].uncovered)


def test_the_daily_puzzle_boards_mix_months_and_days() -> None:
    labels = get_puzzle("calendar-dailypuzzle-8").labels
    assert [labels.get((0, col), "#") for col in range(7)] == ["1", "2", "Jan", "#", "3", "4", "Feb"]
    assert labels == get_puzzle("calendar-dailypuzzle-9").labels


def _published_targets() -> list[tuple[str, str, int]]:
    return [
        (pid, target, count)
        for pid in sorted(GALLERY)
        for target, count in all_puzzles()[pid].published.per_target.items()
    ]


@pytest.mark.catalog  # tens of targets enumerated twice: seconds
@pytest.mark.parametrize(("puzzle_id", "target", "published"), _published_targets())
def test_published_counts_match_the_solver_and_the_independent_enumeration(
    puzzle_id: str, target: str, published: int
) -> None:
    puzzle = get_puzzle(puzzle_id)
    count = solve_within(puzzle, puzzle.target(target), Limits(seconds_per_target=600))
    assert (count.outcome, count.count) == ("all", published)
    assert len(exact_cover.solve(puzzle, puzzle.target(target))) == published


@pytest.mark.catalog  # a weekday target enumerated twice: seconds
@pytest.mark.parametrize("target", WEEKDAY_SAMPLES)
def test_the_weekday_board_matches_the_independent_enumeration(target: str) -> None:
    puzzle = get_puzzle("calendar-weekday-6x9")
    count = solve_within(puzzle, puzzle.target(target), Limits(seconds_per_target=600))
    solver_side = {
        exact_cover.as_named(puzzle, ((p.piece, p.cells) for p in decode(puzzle, code)))
        for code in count.encodings
    }
    assert count.outcome == "all" and count.count > 0
    assert solver_side == set(exact_cover.solve(puzzle, puzzle.target(target)))


def test_every_gallery_edition_has_published_counts_or_says_why_not() -> None:
    assert all_puzzles()["calendar-dailypuzzle-8"].published.per_target["11-18"] == 2
    assert len(_published_targets()) >= 8
    assert not all_puzzles()["calendar-weekday-6x9"].published.per_target
