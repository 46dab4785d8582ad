"""Hints from a player's own board on the sample store: the safest next piece, half the missing
pieces, the whole extension (checked by brute force)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

import pytest
from sqlalchemy.orm import Session

from hints.errors import MalformedPosition
from hints.position_hints import half_of_an_extension, position_hint, safest_piece
from hints.positions import PlacedPiece, parse_placements
from hints.raw_solutions import RawSolutions, raw_solutions
from solver.encoding import Placement
from solver.puzzles import get_puzzle
from solver.stages import SolutionSet, Stage

CALENDAR = get_puzzle("calendar-dragonfjord")
DATE = CALENDAR.target("01-25")  # 216 solutions, no symmetry
HOLE = get_puzzle("pentomino-8x8-hole")  # 65 solutions up to symmetry, 520 arrangements
BOARD = HOLE.target("board")
COVERS_JAN = PlacedPiece("R", ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)))
X_IN_THE_CORNER = PlacedPiece("X", ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)))  # walls off [0, 0]


def by_piece(placements: SolutionSet | Sequence[Placement]) -> list[Placement]:
    return sorted(placements, key=lambda p: p.piece)


def extending(raw: RawSolutions, placements: Sequence[Placement]) -> list[SolutionSet]:
    """Brute force: the raw solutions that contain every placement."""
    return [s for s in raw.solutions if set(placements) <= s]


def test_hint_1_adds_the_placement_in_the_most_extensions(session: Session) -> None:
    raw = raw_solutions(session, CALENDAR, DATE)
    given = by_piece(raw.solutions[40])[:2]
    hint = position_hint(session, CALENDAR, DATE, given, Stage.ONE_PIECE)
    matching = extending(raw, given)
    counts = {p: sum(p in s for s in matching) for s in matching for p in s if p not in given}
    best = max(counts.values())
    (added,) = hint.added
    assert added == min((p for p, n in counts.items() if n == best), key=lambda p: (p.piece, p.cells))
    assert (hint.remaining, list(hint.given), hint.take_off) == (best, given, ())
    assert hint.in_every == (best == len(matching)) and (hint.total, hint.distinct_total) == (216, 216)


def test_hint_2_adds_half_the_missing_pieces_leaving_the_fewest_solutions(session: Session) -> None:
    raw = raw_solutions(session, CALENDAR, DATE)
    given = by_piece(raw.solutions[40])[:2]
    hint = position_hint(session, CALENDAR, DATE, given, Stage.HALF)
    size = math.ceil((8 - 2) / 2)
    best = min(
        len(extending(raw, [*given, *chosen]))
        for s in extending(raw, given)
        for chosen in combinations(by_piece(s - set(given)), size)
    )
    assert len(hint.added) == size and hint.remaining == len(extending(raw, [*given, *hint.added])) == best


def test_hint_3_finishes_the_extension_hint_2_drew_from(session: Session) -> None:
    raw = raw_solutions(session, CALENDAR, DATE)
    given = by_piece(raw.solutions[40])[:2]
    half = position_hint(session, CALENDAR, DATE, given, Stage.HALF)
    full = position_hint(session, CALENDAR, DATE, given, Stage.ANSWER)
    solution = frozenset([*given, *full.added])
    assert solution in raw.solutions and set(half.added) <= solution and full.remaining == 1


def test_hints_from_a_dead_end_start_after_taking_off(session: Session) -> None:
    placements = parse_placements(HOLE, [X_IN_THE_CORNER])
    hint = position_hint(session, HOLE, BOARD, placements, Stage.ONE_PIECE)
    assert (hint.given, hint.take_off, len(hint.added)) == ((), placements, 1)
    assert hint.symmetric and (hint.total, hint.distinct_total) == (520, 65)
    assert 1 <= hint.distinct_remaining <= hint.remaining


def test_a_solved_position_has_nothing_to_add(session: Session) -> None:
    solution = by_piece(raw_solutions(session, CALENDAR, DATE).solutions[0])
    hint = position_hint(session, CALENDAR, DATE, solution, Stage.HALF)
    assert (hint.added, hint.remaining, hint.in_every) == ((), 1, True)


def test_an_illegal_position_gets_no_hints(session: Session) -> None:
    with pytest.raises(MalformedPosition, match="no hints for an illegal position: piece R covers") as caught:
        position_hint(session, CALENDAR, DATE, parse_placements(CALENDAR, [COVERS_JAN]), Stage.ONE_PIECE)
    assert caught.value.code == "illegal_position"


def test_face_up_hints_lead_to_a_face_up_solution(session: Session) -> None:
    hint = position_hint(session, CALENDAR, DATE, [], Stage.ANSWER, faceup=True)
    assert frozenset(hint.added) in raw_solutions(session, CALENDAR, DATE, faceup=True).solutions
    assert hint.total == 11


def test_the_drawing_shows_what_the_hint_says(session: Session) -> None:
    hint = position_hint(session, HOLE, BOARD, parse_placements(HOLE, [X_IN_THE_CORNER]), Stage.HALF)
    drawing = hint.drawing(HOLE, BOARD)
    assert (drawing.puzzle, drawing.target, drawing.stage) == (HOLE, BOARD, Stage.HALF)
    assert (drawing.given, drawing.take_off, drawing.added) == (hint.given, hint.take_off, hint.added)
    assert (drawing.remaining, drawing.total) == (hint.remaining, 520)


def test_from_the_empty_board_half_of_an_extension_finishes_uniquely(session: Session) -> None:
    raw = raw_solutions(session, HOLE, BOARD)
    half, extension = half_of_an_extension(raw, [], raw.everything, 6)
    assert len(half) == 6 and set(half) <= extension and extending(raw, half) == [extension]


def test_there_is_no_safest_piece_without_an_extension(session: Session) -> None:
    raw = raw_solutions(session, HOLE, BOARD)
    assert safest_piece(raw, [], within=0) is None
    placement, count = safest_piece(raw, [], raw.everything) or (None, 0)
    assert placement is not None and count == len(extending(raw, [placement]))


def test_when_no_half_is_unique_hint_2_takes_the_one_leaving_the_fewest() -> None:
    """Two pieces left, each with two places that combine freely: one piece never pins the rest."""
    a1, a2 = Placement(0, ((0, 0),)), Placement(0, ((0, 1),))
    b1, b2 = Placement(1, ((1, 0),)), Placement(1, ((1, 1),))
    raw = RawSolutions(tuple(frozenset(s) for s in ((a1, b1), (a1, b2), (a2, b1), (a2, b2))), (0, 1, 2, 3), 4)
    half, extension = half_of_an_extension(raw, [], raw.everything, 1)
    assert (half, extension) == ((a1,), raw.solutions[0])  # 2 left; ties: the first extension, lowest piece
    assert raw.containing(half).bit_count() == 2
