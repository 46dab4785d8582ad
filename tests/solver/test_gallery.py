"""The gallery: editions from the wild written as catalog files, checked against their published
counts and an independent enumeration (tests/support/exact_cover.py)."""

from __future__ import annotations

import os

import pytest

from solver.bounded import solve_within
from solver.definitions import Limits
from solver.encoding import FlipReader, decode
from solver.puzzles import all_puzzles, get_puzzle
from tests.support import exact_cover

GALLERY = {
    # id: (credit in the title, board cells, plain cells, pieces, targets)
    "calendar-dailypuzzle-8": ("sh1ura", 49, 6, 8, 372),
    "calendar-dailypuzzle-9": ("sh1ura", 49, 6, 9, 372),
    "calendar-weekday-6x9": ("cal.joey.sh", 54, 4, 9, 2604),
    "calendar-hex-43": ("sh1ura", 43, 0, 10, 372),
    "calendar-hex-61": ("sh1ura", 61, 11, 11, 2604),
    "calendar-calendarium": ("Dmitry Andreev", 53, 3, 10, 2604),
}
EVERY_COUNT = os.environ.get("GALLERY_ALL") == "1"
# Targets of the weekday board compared with the independent enumeration (no counts are published).
WEEKDAY_SAMPLES = ("01-25-sun", "11-28-sat", "02-29-thu")
# Calendarium as Mark Jaquith's solver lists it (solutions/MONTH/DAY/WEEKDAY.txt): the coverings
# with every piece turned only by rotation (the face-up ones here, each piece drawn as that solver
# draws it), and, in a later version of the files, with the F also turned over (None: not read).
CALENDARIUM_LISTED = {"04-01-fri": (9, 22), "12-31-sun": (10, None), "02-14-tue": (35, None)}


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
    """Per edition, its published target with the fewest solutions: each published count costs
    seconds to tens of seconds enumerated twice, so the suite checks one per edition; with
    ``GALLERY_ALL=1`` in the environment, every one (about five minutes on 2 cores)."""
    chosen = []
    for pid in sorted(GALLERY):
        published = all_puzzles()[pid].published.per_target
        targets = sorted(published, key=lambda name: (published[name], name))
        chosen += [(pid, name, published[name]) for name in targets[: None if EVERY_COUNT else 1]]
    return chosen


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
    published = [all_puzzles()[pid].published.per_target for pid in GALLERY]
    assert sum(len(counts) for counts in published) >= 8 and len(_published_targets()) == 4
    assert not all_puzzles()["calendar-weekday-6x9"].published.per_target
    assert not all_puzzles()["calendar-calendarium"].published.per_target  # in other rules: below


def test_the_hexagonal_calendars_are_hexagons_of_side_five() -> None:
    big, small = get_puzzle("calendar-hex-61"), get_puzzle("calendar-hex-43")
    assert big.lattice.name == small.lattice.name == "hex"
    # axial cells (solver.geometry): a hexagon of side five is |c - r - d| <= 4 within nine rows
    d = min(c - r for r, c in big.cells) + 4
    assert set(big.cells) == {
        (r, c) for r in range(9) for c in range(r - 4 + d, r + 5 + d) if c - d in range(9)
    }
    assert set(small.labels.values()) <= set(big.labels.values())
    assert big.labels.get((4, 0 + d)) == "Jan" and sorted(big.labels.values()).count("Sun") == 1


def test_calendarium_has_its_odd_cells_where_its_source_puts_them() -> None:
    puzzle = get_puzzle("calendar-calendarium")
    labels = puzzle.labels
    assert [labels[(0, col)] for col in range(9)] == ["Jan", "Feb", "Mar", "Apr", "1", "2", "3", "Mon", "Tue"]
    assert (labels[(2, 5)], labels[(5, 7)], labels[(4, 8)]) == ("31", "14", "Sun")
    assert set(puzzle.cells) - set(labels) == {(1, 8), (2, 8), (4, 7)}  # plain cells
    assert (5, 8) not in puzzle.cells  # the missing corner


@pytest.mark.catalog  # three weekday targets solved, seconds each
@pytest.mark.parametrize("target", sorted(CALENDARIUM_LISTED))
def test_calendarium_face_up_matches_the_solutions_its_source_lists(target: str) -> None:
    """The rotations-only counts of the source are this catalog's face-up counts, by CP-SAT and
    by the independent enumeration; with the F free to turn over as well, the later files' count."""
    face_up, with_f_turned = CALENDARIUM_LISTED[target]
    puzzle = get_puzzle("calendar-calendarium")
    count = solve_within(puzzle, puzzle.target(target), Limits(seconds_per_target=600))
    reader = FlipReader(puzzle)
    flips = [reader.flipped(code) for code in count.encodings]
    solver_face_up = {
        exact_cover.as_named(puzzle, ((p.piece, p.cells) for p in decode(puzzle, code)))
        for code, flipped in zip(count.encodings, flips, strict=True)
        if not flipped
    }
    assert count.outcome == "all" and len(solver_face_up) == face_up
    assert solver_face_up == set(exact_cover.solve(puzzle, puzzle.target(target), face_up_only=True))
    if with_f_turned is not None:
        assert sum(flipped <= {"F"} for flipped in flips) == with_f_turned
