"""The gallery: editions from the wild written as catalog files, checked against their published
counts and an independent enumeration (tests/support/exact_cover.py)."""

from __future__ import annotations

import os

import pytest

from solver.bounded import solve_within
from solver.definitions import Limits
from solver.encoding import FlipReader, decode
from solver.puzzles import all_puzzles, get_puzzle
from tests.solver.test_editions import SAMPLES
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
# Targets of the weekday board compared with the independent enumeration (no counts are published;
# 02-29-thu is among tests/solver/test_editions.py's samples).
WEEKDAY_SAMPLES = ("01-25-sun", "11-28-sat")
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


def _fewest(puzzle_id: str) -> tuple[str, int]:
    """An edition's published target with the fewest solutions (the cheapest to enumerate), and its count."""
    published = all_puzzles()[puzzle_id].published.per_target
    name = min(published, key=lambda target: (published[target], target))
    return name, published[name]


def _sampled() -> set[tuple[str, str, int]]:
    """The targets tests/solver/test_editions.py enumerates twice (CP-SAT and the independent one)."""
    return {tuple(getattr(sample, "values", sample)) for sample in SAMPLES}  # type: ignore[misc]


def _published_targets() -> list[tuple[str, str, int]]:
    """Every published count, checked with ``GALLERY_ALL=1`` in the environment (about five minutes
    on 2 cores); otherwise each edition's cheapest is among tests/solver/test_editions.py's samples,
    enumerated twice there (checked once is enough: each costs seconds to tens of seconds)."""
    return [
        (pid, name, count)
        for pid in sorted(GALLERY)
        for name, count in sorted(all_puzzles()[pid].published.per_target.items())
    ]


def test_each_editions_fewest_published_count_is_enumerated_twice_in_the_edition_samples() -> None:
    published = {pid for pid in GALLERY if all_puzzles()[pid].published.per_target}
    assert {(pid, *_fewest(pid)) for pid in published} <= _sampled()


@pytest.mark.catalog  # tens of targets enumerated twice: minutes
@pytest.mark.skipif(not EVERY_COUNT, reason="every published count is checked with GALLERY_ALL=1")
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
    assert sum(len(counts) for counts in published) >= 8 and sum(1 for counts in published if counts) == 4
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
