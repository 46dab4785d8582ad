"""A player's own board on the sample store: well formed or not, legal or not, how many solutions
remain, dead ends and what to take off (checked by brute force)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db.engine import make_engine, session_factory
from hints.codes import board_placements, encode_position
from hints.errors import MalformedPosition
from hints.positions import (
    PlacedPiece,
    analyse,
    analyse_if_cached,
    analyse_position,
    cell_text,
    check_position,
    parse_placements,
    placements_of_code,
    problem_texts,
    resolve_target,
    rule_problems,
    take_off,
)
from hints.raw_solutions import RawSolutions, raw_solutions
from hints.solutions import all_solutions
from solver.catalog import UnknownTargetError
from solver.encoding import Placement
from solver.problem import TargetProblem
from solver.puzzles import get_puzzle
from solver.stages import SolutionSet

CALENDAR = get_puzzle("calendar-dragonfjord")
DATE = CALENDAR.target("01-25")  # 216 solutions, no symmetry
HOLE = get_puzzle("pentomino-8x8-hole")  # 65 solutions up to symmetry, 520 arrangements
BOARD = HOLE.target("board")
COVERS_JAN = PlacedPiece("R", ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)))
NOT_A_SHAPE = PlacedPiece("R", ((2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (2, 1)))
X_IN_THE_CORNER = PlacedPiece("X", ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)))  # walls off [0, 0]


def by_piece(placements: SolutionSet | Sequence[Placement]) -> list[Placement]:
    return sorted(placements, key=lambda p: p.piece)


def extending(raw: RawSolutions, placements: Sequence[Placement]) -> list[SolutionSet]:
    """Brute force: the raw solutions that contain every placement."""
    return [s for s in raw.solutions if set(placements) <= s]


def fewest_to_take_off(
    raw: RawSolutions, placements: Sequence[Placement], fixed: frozenset[int] = frozenset()
) -> tuple[Placement, ...]:
    """Brute force of the documented rule: the fewest pieces (never a ``fixed`` one) whose removal
    leaves an extendable position; ties to the most extensions, then to the lowest piece indices."""
    staying = [p for p in placements if p.piece in fixed]
    movable = [p for p in placements if p.piece not in fixed]
    if not extending(raw, staying):
        return tuple(movable)
    for keep in range(len(movable), -1, -1):
        options = []
        for kept in combinations(movable, keep):
            if count := len(extending(raw, [*staying, *kept])):
                removed = tuple(p for p in movable if p not in kept)
                options.append((-count, [p.piece for p in removed], removed))
        if options:
            return min(options, key=lambda option: option[:2])[2]
    raise AssertionError("the empty position always extends")


def sample_positions(raw: RawSolutions, seed: str, count: int) -> Iterator[list[Placement]]:
    """Parts of random solutions, and mixtures of two solutions (often dead ends)."""
    rng = random.Random(seed)
    for _ in range(count):
        one, two = rng.choice(raw.solutions), rng.choice(raw.solutions)
        yield rng.sample(by_piece(one), rng.randint(0, len(one)))
        mixed: dict[int, Placement] = {}
        for placement in rng.sample(by_piece(one), 3) + rng.sample(by_piece(two), 3):
            taken = {cell for p in mixed.values() for cell in p.cells}
            if placement.piece not in mixed and not taken & set(placement.cells):
                mixed[placement.piece] = placement
        yield list(mixed.values())


# ---------------------------------------------------------------- well formed


def test_the_target_may_be_left_out_only_on_single_target_boards() -> None:
    assert resolve_target(HOLE, None) == BOARD and resolve_target(CALENDAR, "01-25") == DATE
    with pytest.raises(MalformedPosition, match="several targets") as caught:
        resolve_target(CALENDAR, None)
    assert caught.value.code == "target_required"
    with pytest.raises(UnknownTargetError):
        resolve_target(CALENDAR, "13-01")


@pytest.mark.parametrize(
    ("items", "code", "message"),
    [
        (
            [PlacedPiece("Q", ((2, 0),))],
            "unknown_piece",
            "unknown piece 'Q' for calendar-dragonfjord; pieces: R, L",
        ),
        ([PlacedPiece("L", ((2, 0), (2, 0)))], "repeated_cell", "piece L lists a cell more than once"),
        (
            [PlacedPiece("L", ((0, 6), (9, 9)))],
            "cell_off_board",
            "cells off the calendar-dragonfjord board: [0, 6], [9, 9]",
        ),
        (
            [PlacedPiece("L", ((2, 0),)), PlacedPiece("L", ((3, 0),))],
            "piece_used_twice",
            "piece L is placed more than once",
        ),
        (
            [PlacedPiece("L", ((0, 1), (1, 1))), PlacedPiece("P", ((1, 1),))],
            "overlapping_pieces",
            "pieces L and P overlap at Aug",
        ),
    ],
)
def test_malformed_positions_say_what_is_wrong(items: list[PlacedPiece], code: str, message: str) -> None:
    with pytest.raises(MalformedPosition) as caught:
        parse_placements(CALENDAR, items)
    assert caught.value.code == code and message in caught.value.message


def test_well_formed_placements_come_back_by_piece() -> None:
    placed = parse_placements(CALENDAR, [PlacedPiece("P", ((3, 1),)), PlacedPiece("R", ((2, 0), (2, 1)))])
    assert placed == (Placement(0, ((2, 0), (2, 1))), Placement(3, ((3, 1),)))


def test_a_code_naming_overlapping_pieces_is_malformed() -> None:
    every = board_placements(CALENDAR)
    first = every[0][0]
    second = next(p for p in every[1] if set(p.cells) & set(first.cells))
    code = encode_position(CALENDAR, [first, second])
    assert code is not None
    with pytest.raises(MalformedPosition, match="pieces R and L overlap at") as caught:
        placements_of_code(CALENDAR, code)
    assert caught.value.code == "overlapping_pieces"


def test_cells_are_named_with_their_labels_where_they_have_one() -> None:
    assert cell_text(CALENDAR, (0, 0)) == "Jan" and cell_text(HOLE, (0, 0)) == "row 1, column 1"


# ---------------------------------------------------------------- legal


def test_a_piece_over_an_open_cell_breaks_the_rules_in_any_language() -> None:
    (problem,) = rule_problems(CALENDAR, DATE, parse_placements(CALENDAR, [COVERS_JAN]))
    assert problem.text() == "piece R covers Jan, which 01-25 leaves open"
    assert problem.text("ja") == "ピース R が 1月 を覆っています（01-25 では空けておくマスです）"
    assert problem_texts([problem], "ja") == [problem.text("ja")]


def test_cells_that_are_no_shape_of_the_piece_break_the_rules() -> None:
    (problem,) = rule_problems(CALENDAR, DATE, parse_placements(CALENDAR, [NOT_A_SHAPE]))
    assert problem.text() == "the cells of piece R are not a rotation or reflection of it"


def test_an_illegal_position_has_problems_and_no_counts(session: Session) -> None:
    raw = raw_solutions(session, CALENDAR, DATE)
    analysis = analyse(raw, CALENDAR, DATE, parse_placements(CALENDAR, [COVERS_JAN]))
    assert not analysis.legal and len(analysis.problems) == 1
    assert (analysis.remaining, analysis.dead_end, analysis.solved, analysis.take_off) == (
        0,
        False,
        False,
        (),
    )
    bent = analyse(raw, CALENDAR, DATE, parse_placements(CALENDAR, [NOT_A_SHAPE]))
    assert bent.code is None and not bent.legal  # no code names a piece in no shape of its own


# ---------------------------------------------------------------- check


def test_check_counts_the_solutions_extending_the_placement(session: Session) -> None:
    raw = raw_solutions(session, CALENDAR, DATE)
    first = by_piece(raw.solutions[7])[:3]
    items = [PlacedPiece(CALENDAR.pieces[p.piece].name, p.cells) for p in first]
    result = check_position(session, CALENDAR, DATE, items, complete=True)
    matching = extending(raw, first)
    assert result.legal and (result.extensions, result.total) == (len(matching), 216)
    assert result.solution == matching[0]  # the first extending solution in stored order
    assert check_position(session, CALENDAR, DATE, items).solution is None  # only when asked


def test_check_of_a_dead_end_or_an_illegal_placement_finds_nothing(session: Session) -> None:
    dead = check_position(session, HOLE, BOARD, [X_IN_THE_CORNER], complete=True)
    assert dead.legal and (dead.extensions, dead.total, dead.solution) == (0, 520, None)
    illegal = check_position(session, CALENDAR, DATE, [COVERS_JAN], complete=True)
    assert not illegal.legal and (illegal.extensions, illegal.solution) == (0, None)


# ---------------------------------------------------------------- analysis


def test_the_empty_position_is_extended_by_every_solution(session: Session) -> None:
    analysis = analyse_position(session, HOLE, BOARD, [])
    assert (analysis.remaining, analysis.total, analysis.distinct_remaining, analysis.distinct_total) == (
        520,
        520,
        65,
        65,
    )
    assert analysis.legal and not analysis.dead_end and not analysis.solved and analysis.code is not None


@pytest.mark.parametrize(
    ("puzzle_id", "target"), [("calendar-dragonfjord", "01-25"), ("pentomino-8x8-hole", "board")]
)
def test_counts_dead_ends_and_take_off_agree_with_brute_force(
    session: Session, puzzle_id: str, target: str
) -> None:
    puzzle = get_puzzle(puzzle_id)
    goal = puzzle.target(target)
    raw = raw_solutions(session, puzzle, goal)
    dead_ends = 0
    for placements in sample_positions(raw, puzzle_id, 12):
        analysis = analyse(raw, puzzle, goal, placements)
        matching = extending(raw, placements)
        assert analysis.legal and analysis.remaining == len(matching)
        assert analysis.distinct_remaining == len({raw.classes[raw.index[s]] for s in matching})
        assert analysis.dead_end == (not matching)
        assert analysis.take_off == (fewest_to_take_off(raw, analysis.placements) if not matching else ())
        dead_ends += analysis.dead_end
    assert dead_ends > 0  # the dead-end rule was really exercised


def many_pieces(raw: RawSolutions, rng: random.Random, most: int) -> list[Placement]:
    """Up to ``most`` pieces at random places of random solutions, none overlapping (dead ends,
    most of them, with several pieces to take off)."""
    chosen: dict[int, Placement] = {}
    for placement in rng.sample(sorted(raw.masks, key=repr), len(raw.masks)):
        taken = {cell for p in chosen.values() for cell in p.cells}
        if placement.piece not in chosen and not taken & set(placement.cells):
            chosen[placement.piece] = placement
        if len(chosen) == most:
            break
    return by_piece(list(chosen.values()))


@pytest.mark.parametrize("faceup", [False, True])
def test_take_off_with_fixed_pieces_agrees_with_brute_force(session: Session, faceup: bool) -> None:
    raw = raw_solutions(session, HOLE, BOARD, faceup=faceup)
    rng = random.Random(f"take-off-{faceup}")
    removed = 0
    for _ in range(40):
        placements = many_pieces(raw, rng, rng.randint(1, 8))
        fixed = frozenset(p.piece for p in rng.sample(placements, rng.randint(0, min(2, len(placements)))))
        found = take_off(raw, placements, fixed)
        assert found == fewest_to_take_off(raw, placements, fixed)
        assert not {p.piece for p in found} & fixed
        removed = max(removed, len(found))
    assert removed >= 3  # searches that had to drop several pieces were exercised


def test_a_walled_off_cell_is_a_dead_end_cured_by_taking_the_wall_off(session: Session) -> None:
    analysis = analyse_position(session, HOLE, BOARD, parse_placements(HOLE, [X_IN_THE_CORNER]))
    assert analysis.legal and analysis.dead_end and analysis.remaining == 0
    assert [HOLE.pieces[p.piece].name for p in analysis.take_off] == ["X"]


def test_a_solved_board_names_the_stored_solution_it_is_an_image_of(session: Session) -> None:
    raw = raw_solutions(session, HOLE, BOARD)
    stored = all_solutions(session, HOLE, BOARD)
    symmetries = TargetProblem(HOLE, BOARD).symmetry_group
    for index in (0, 5, 333, 519):
        analysis = analyse(raw, HOLE, BOARD, by_piece(raw.solutions[index]))
        assert analysis.solved and (analysis.remaining, analysis.distinct_remaining) == (1, 1)
        assert analysis.solution_number is not None
        images = {
            frozenset(
                Placement(p.piece, tuple(sorted(g[c] for c in p.cells)))
                for p in stored[analysis.solution_number - 1]
            )
            for g in symmetries
        }
        assert raw.solutions[index] in images


def test_a_solved_calendar_names_its_stored_number(session: Session) -> None:
    for number, solution in enumerate(all_solutions(session, CALENDAR, DATE)[:5], start=1):
        assert analyse_position(session, CALENDAR, DATE, solution).solution_number == number


def test_face_up_analysis_counts_only_the_face_up_solutions(session: Session) -> None:
    assert analyse_position(session, CALENDAR, DATE, [], faceup=True).total == 11
    assert analyse_position(session, CALENDAR, DATE, []).total == 216


def test_the_cached_analysis_needs_the_target_read_first(own_sessions: sessionmaker[Session]) -> None:
    sessions = own_sessions
    with sessions() as session:
        placements = by_piece(raw_solutions(session, CALENDAR, DATE).solutions[3])[:2]
        expected = analyse_position(session, CALENDAR, DATE, placements)
        face_up = analyse_position(session, CALENDAR, DATE, placements, faceup=True)
    assert analyse_if_cached(sessions, CALENDAR, DATE, placements) == expected
    assert analyse_if_cached(sessions, CALENDAR, DATE, placements, faceup=True) == face_up
    never_read = session_factory(make_engine("sqlite://"))
    assert analyse_if_cached(never_read, CALENDAR, DATE, placements) is None
