"""Position analysis and hints from a position, checked by brute force over the raw solutions."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest
from sqlalchemy.orm import Session

from db import repository
from db.engine import make_engine, session_factory
from hints.codes import CODE_ALPHABET, MAX_CODE_LENGTH, board_placements, code_length, encode_position
from hints.deeplink import MAX_PAYLOAD, decode_link, encode_link
from hints.errors import MalformedPosition
from hints.position_hints import half_of_an_extension, position_hint
from hints.positions import analyse, placements_of_code, take_off
from hints.raw_solutions import RawSolutions, raw_solutions
from hints.solutions import all_solutions
from solver.catalog import Puzzle, Target
from solver.encoding import Placement
from solver.puzzles import catalog, get_puzzle
from solver.stages import SolutionSet, Stage
from solver.verify import check_solution

CALENDAR = get_puzzle("calendar-dragonfjord")
BOARD = get_puzzle("pentomino-6x10")
CALENDAR_TARGETS = ["01-25", "10-06", "11-22", "02-29", "07-04"]


@pytest.fixture(scope="module")
def session(full_catalog_url: str) -> Iterator[Session]:
    engine = make_engine(full_catalog_url)
    with session_factory(engine)() as session:
        yield session
    engine.dispose()


def extending(raw: RawSolutions, placements: Sequence[Placement]) -> list[SolutionSet]:
    """Brute force: the raw solutions that contain every placement."""
    return [s for s in raw.solutions if set(placements) <= s]


def by_piece(placements: SolutionSet | Sequence[Placement]) -> list[Placement]:
    return sorted(placements, key=lambda p: p.piece)


def sample_positions(raw: RawSolutions, rng: random.Random, count: int) -> Iterator[list[Placement]]:
    """Subsets of random solutions, and mixtures of two solutions (often dead ends)."""
    for _ in range(count):
        one, two = rng.choice(raw.solutions), rng.choice(raw.solutions)
        yield rng.sample(by_piece(one), rng.randint(0, len(one)))
        mixed: dict[int, Placement] = {}
        used: set[tuple[int, int]] = set()
        for placement in rng.sample(by_piece(one), 3) + rng.sample(by_piece(two), 3):
            if placement.piece not in mixed and not used & set(placement.cells):
                mixed[placement.piece] = placement
                used |= set(placement.cells)
        yield list(mixed.values())


@pytest.mark.parametrize(("puzzle", "target"), [(CALENDAR, t) for t in CALENDAR_TARGETS] + [(BOARD, "board")])
def test_analysis_matches_brute_force(session: Session, puzzle: Puzzle, target: str) -> None:
    goal = puzzle.target(target)
    raw = raw_solutions(session, puzzle, goal)
    rng = random.Random(f"{puzzle.id}-{target}")
    dead_ends = 0
    for placements in sample_positions(raw, rng, 12 if puzzle is BOARD else 25):
        analysis = analyse(raw, puzzle, goal, placements)
        assert analysis.legal
        assert analysis.remaining == len(extending(raw, placements))
        # up to symmetry: the stored solutions some image of which extends the position
        classes = {raw.classes[raw.index[solution]] for solution in extending(raw, placements)}
        assert analysis.distinct_remaining == len(classes)
        assert (analysis.total, analysis.distinct_total) == (len(raw.solutions), raw.stored)
        assert analysis.dead_end == (analysis.remaining == 0)
        if analysis.dead_end:
            dead_ends += 1
            assert_minimal_take_off(raw, placements, analysis.take_off)
        else:
            assert analysis.take_off == ()
    assert dead_ends > 0  # the dead-end branch was really exercised


def assert_minimal_take_off(
    raw: RawSolutions, placements: list[Placement], removed: Sequence[Placement]
) -> None:
    kept = [p for p in placements if p not in removed]
    assert extending(raw, kept), "taking those off must leave a position some solution extends"
    for smaller in range(len(removed)):
        for off in combinations(placements, smaller):
            rest = [p for p in placements if p not in off]
            assert not extending(raw, rest), f"taking off {len(off)} pieces would already do"


def test_solved_positions_name_their_stored_solution(session: Session) -> None:
    board = BOARD.target("board")
    raw = raw_solutions(session, BOARD, board)
    stored = all_solutions(session, BOARD, board)
    for index in (0, 5, 777, len(raw.solutions) - 1):
        analysis = analyse(raw, BOARD, board, by_piece(raw.solutions[index]))
        assert analysis.solved and analysis.remaining == 1
        number = analysis.solution_number
        assert number is not None
        # The stored solution it names has this arrangement among its rotations and reflections.
        images = {
            frozenset(Placement(p.piece, tuple(sorted(g[c] for c in p.cells))) for p in stored[number - 1])
            for g in _symmetries(BOARD, board)
        }
        assert raw.solutions[index] in images
    target = CALENDAR.target("01-25")
    for number, solution in enumerate(all_solutions(session, CALENDAR, target)[:20], start=1):
        assert (
            analyse(raw_solutions(session, CALENDAR, target), CALENDAR, target, solution).solution_number
            == number
        )


def _symmetries(puzzle: Puzzle, target: Target) -> list[dict[tuple[int, int], tuple[int, int]]]:
    from solver.problem import TargetProblem

    return list(TargetProblem(puzzle, target).symmetry_group)


def test_illegal_positions_have_problems_and_no_counts(session: Session) -> None:
    target = CALENDAR.target("01-25")
    raw = raw_solutions(session, CALENDAR, target)
    jan = next(cell for cell, label in CALENDAR.labels.items() if label == "Jan")
    over_date = next(p for p in board_placements(CALENDAR)[0] if jan in p.cells)
    analysis = analyse(raw, CALENDAR, target, [over_date])
    assert not analysis.legal
    name = CALENDAR.pieces[over_date.piece].name
    assert analysis.problems[0].text() == f"piece {name} covers Jan, which 01-25 leaves open"
    assert analysis.problems[0].text("ja") == (
        f"ピース {name} が 1月 を覆っています（01-25 では空けておくマスです）"
    )
    assert (analysis.remaining, analysis.dead_end, analysis.solved) == (0, False, False)
    bent = Placement(0, tuple((row, 0) for row in range(1, 7)))  # six in a row: not the 2x3 rectangle
    shape_problem = analyse(raw, CALENDAR, target, [bent])
    assert any("not a rotation or reflection" in p.text() for p in shape_problem.problems)
    with pytest.raises(MalformedPosition, match="illegal"):
        position_hint(session, CALENDAR, target, [over_date], Stage.ONE_PIECE)
    first, second = board_placements(CALENDAR)[0][0], board_placements(CALENDAR)[1][0]
    overlapping = encode_position(CALENDAR, [first, second])
    assert overlapping is not None and set(first.cells) & set(second.cells)
    with pytest.raises(MalformedPosition, match="overlap"):
        placements_of_code(CALENDAR, overlapping)


@pytest.mark.parametrize("target", CALENDAR_TARGETS)
def test_hints_from_positions_on_calendar_targets(session: Session, target: str) -> None:
    goal = CALENDAR.target(target)
    raw = raw_solutions(session, CALENDAR, goal)
    rng = random.Random(target)
    for placements in sample_positions(raw, rng, 6):
        analysis = analyse(raw, CALENDAR, goal, placements)
        given = [p for p in analysis.placements if p not in analysis.take_off]
        extensions = extending(raw, given)
        missing = len(CALENDAR.pieces) - len(given)
        if not missing:
            continue
        one = position_hint(session, CALENDAR, goal, placements, Stage.ONE_PIECE)
        half = position_hint(session, CALENDAR, goal, placements, Stage.HALF)
        full = position_hint(session, CALENDAR, goal, placements, Stage.ANSWER)
        assert list(one.given) == given and one.take_off == analysis.take_off
        # Stage 1: the placement in the most extensions.
        counts = {p: sum(p in e for e in extensions) for e in extensions for p in e if p not in given}
        (added,) = one.added
        assert counts[added] == max(counts.values()) == one.remaining
        assert one.in_every == (one.remaining == len(extensions))
        # Stage 2: ceil(m/2) pieces of one extension; unique whenever some such set is.
        size = math.ceil(missing / 2)
        assert len(half.added) == size
        assert half.remaining == len(extending(raw, [*given, *half.added])) >= 1
        best = min(
            len(extending(raw, [*given, *chosen]))
            for e in extensions
            for chosen in combinations(by_piece(e - set(given)), size)
        )
        assert half.remaining == best  # unique (1) when a unique set exists, else the fewest
        # Stage 3: a real solution that extends the position and the half.
        solution = frozenset([*given, *full.added])
        assert solution in raw.solutions and set(half.added) <= solution
        check_solution(CALENDAR, goal, by_piece(solution))


def test_hints_on_the_6x10_board_finish_uniquely(session: Session) -> None:
    board = BOARD.target("board")
    raw = raw_solutions(session, BOARD, board)
    empty_half, extension = half_of_an_extension(raw, [], raw.everything, 6)
    assert len(extending(raw, empty_half)) == 1 and set(empty_half) <= extension
    placements = by_piece(raw.solutions[42])[:4]
    full = position_hint(session, BOARD, board, placements, Stage.ANSWER)
    check_solution(BOARD, board, by_piece({*placements, *full.added}))


def test_nothing_to_take_off_when_a_solution_extends_the_position(session: Session) -> None:
    target = CALENDAR.target("11-22")
    raw = raw_solutions(session, CALENDAR, target)
    assert take_off(raw, by_piece(raw.solutions[0])[:3]) == ()


@pytest.mark.parametrize("puzzle_id", sorted(catalog()))  # a puzzle per test, so the workers share them
def test_codes_round_trip_for_every_stored_solution_and_every_prefix(
    session: Session, puzzle_id: str
) -> None:
    puzzle, checked = catalog()[puzzle_id], 0
    stored = repository.list_targets(session=session, puzzle_id=puzzle_id)
    for target in puzzle.targets:
        for solution in all_solutions(session, puzzle, target):
            checked += 1
            ordered = by_piece(solution)
            for length in range(len(ordered) + 1):
                code = encode_position(puzzle, ordered[:length])
                assert code is not None and len(code) == code_length(puzzle) <= MAX_CODE_LENGTH
                assert CODE_ALPHABET.fullmatch(code)
                assert list(placements_of_code(puzzle, code)) == ordered[:length]
    assert checked == sum(t.solution_count for t in stored) > 0  # every stored solution of the puzzle


def test_every_code_and_deep_link_fits_telegram() -> None:
    for puzzle in catalog().values():
        full = [placements[-1] for placements in board_placements(puzzle)]
        code = encode_position(puzzle, full)
        assert code is not None and len(code) == code_length(puzzle) <= 19
        for target in (puzzle.targets[0], puzzle.targets[-1]):
            link = encode_link(puzzle, target, code)
            assert len(link) <= MAX_PAYLOAD and CODE_ALPHABET.fullmatch(link)
            decoded = decode_link(link)
            assert (decoded.puzzle.id, decoded.target.name, decoded.code) == (puzzle.id, target.name, code)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("3AAAAAAAAAAAAA", "unknown position code version"),
        ("2AAAAAAAAAAAAA", "older version of the puzzle"),
        ("1AAAA", "11 characters"),
        ("1AAAAAAAA*A", "11 characters"),
        ("1__________", "names no"),
    ],
)
def test_bad_codes_say_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(MalformedPosition, match=message):
        placements_of_code(CALENDAR, code)
