"""The verifier derives the same shapes as the search on its own, accepts real solutions, and
rejects each kind of broken one."""

import random
from collections.abc import Callable, Sequence
from functools import cache

import pytest

from solver.catalog import Puzzle, Target
from solver.cover import enumerate_solutions, find_solution
from solver.encoding import UNCOVERED, Placement, decode, flipped_pieces
from solver.geometry import symmetries
from solver.problem import TargetProblem
from solver.puzzles import all_puzzles, get_puzzle
from solver.verify import (
    InvalidSolution,
    check_encodings,
    check_flipped,
    check_solution,
    flipped_shapes,
    legal_shapes,
)
from tests.support import exact_cover

CALENDAR = get_puzzle("calendar-dragonfjord")
TARGET = CALENDAR.target("03-14")
TENYO = get_puzzle("hexiamond-tenyo")
WEEKDAY = get_puzzle("calendar-weekday")


def a_solution(puzzle: Puzzle = CALENDAR, target: Target = TARGET) -> list[Placement]:
    """One solution of the target, as a new list the test may change (solved once per module)."""
    return list(_solved(puzzle.id, target))


@cache
def _solved(puzzle_id: str, target: Target) -> tuple[Placement, ...]:
    """A solution found by the independent enumeration: the verifier's cases need a real solution,
    not the solver's (which the other solver tests check), and no board analysis is made for it."""
    puzzle = get_puzzle(puzzle_id)
    solution = exact_cover.one_solution(puzzle, target)
    assert solution is not None
    return tuple(Placement(*pair) for pair in exact_cover.as_pieces(puzzle, solution))


def test_independent_shapes_equal_the_search_orientations_for_every_piece() -> None:
    lattices = set()
    for puzzle in all_puzzles().values():
        for piece in puzzle.pieces:
            assert legal_shapes(puzzle.lattice.name, piece.cells) == set(piece.orientations), piece.name
            assert flipped_shapes(puzzle.lattice.name, piece.cells) == piece.flipped, piece.name
            lattices.add(puzzle.lattice.name)
    assert lattices == {"square", "triangle", "hex"}


@pytest.mark.parametrize("puzzle_id", sorted(all_puzzles()))
def test_accepts_a_real_solution_on_every_puzzle(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    target = puzzle.targets[0]
    check_solution(puzzle, target, a_solution(puzzle, target))  # raises if wrong


@pytest.mark.parametrize("puzzle_id", ["pentomino-8x8-hole", "hexiamond-rhombus-6x6", "hexiamond-tenyo"])
def test_accepts_every_rotated_and_reflected_image_of_a_solution(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    target = puzzle.target("board")
    placements = a_solution(puzzle, target)
    for mapping in symmetries(puzzle.lattice, puzzle.cells):
        image = [Placement(p.piece, tuple(sorted(mapping[cell] for cell in p.cells))) for p in placements]
        check_solution(puzzle, target, image)  # raises if wrong


def test_rejects_the_same_solution_for_another_date() -> None:
    with pytest.raises(InvalidSolution, match="covers target cell"):
        check_solution(CALENDAR, CALENDAR.target("03-15"), a_solution())


def test_rejects_a_gap() -> None:
    march = next(cell for cell, label in CALENDAR.labels.items() if label == "Mar")
    fourteenth = next(cell for cell, label in CALENDAR.labels.items() if label == "14")
    only_march = Target("Mar only", frozenset({march}))
    with pytest.raises(InvalidSolution, match="cells left uncovered") as info:
        check_solution(CALENDAR, only_march, a_solution())
    assert str(info.value) == f"cells left uncovered: {[fourteenth]}"


def test_rejects_an_unknown_piece_index() -> None:
    with pytest.raises(InvalidSolution, match="no piece has index 99"):
        check_solution(CALENDAR, TARGET, [*a_solution(), Placement(99, ((0, 0),))])


def test_rejects_a_piece_used_twice() -> None:
    placements = a_solution()
    placements[1] = Placement(placements[0].piece, placements[1].cells)
    with pytest.raises(InvalidSolution, match=r"used 2 times|used 0 times"):
        check_solution(CALENDAR, TARGET, placements)


def test_rejects_a_shape_that_is_not_the_piece() -> None:
    placements = a_solution()
    rectangle = next(i for i, p in enumerate(placements) if len(p.cells) == 6)
    row, col = placements[rectangle].cells[0]
    placements[rectangle] = Placement(placements[rectangle].piece, tuple((row, col + k) for k in range(6)))
    with pytest.raises(InvalidSolution, match="legal orientation"):
        check_solution(CALENDAR, TARGET, placements)


def test_rejects_overlap_gaps_and_cells_off_the_board() -> None:
    placements = a_solution()
    shifted = Placement(placements[0].piece, tuple((r + 7, c) for r, c in placements[0].cells))
    with pytest.raises(InvalidSolution, match="leaves the board"):
        check_solution(CALENDAR, TARGET, [shifted, *placements[1:]])
    board = set(CALENDAR.cells) - TARGET.uncovered
    for d_row, d_col in [(0, 1), (1, 0), (0, -1), (-1, 0)]:
        moved = Placement(placements[0].piece, tuple((r + d_row, c + d_col) for r, c in placements[0].cells))
        if set(moved.cells) <= board:
            with pytest.raises(InvalidSolution, match="covered twice"):
                check_solution(CALENDAR, TARGET, [moved, *placements[1:]])
            break
    else:
        pytest.fail("no shift of the first piece stays on the board")
    with pytest.raises(InvalidSolution, match="used 2 times"):
        check_solution(CALENDAR, TARGET, [*placements, placements[0]])


def test_triangle_shapes_move_only_by_lattice_translations() -> None:
    """Shifting the hexagon by (0, 1) turns up triangles down: not a hexagon any more."""
    placements = a_solution(TENYO, TENYO.target("board"))
    hexagon = next(i for i, p in enumerate(placements) if TENYO.pieces[p.piece].name == "hexagon")
    cells = placements[hexagon].cells
    placements[hexagon] = Placement(placements[hexagon].piece, tuple((r, c + 1) for r, c in cells))
    with pytest.raises(InvalidSolution, match="hexagon is not in one of its legal orientations"):
        check_solution(TENYO, TENYO.target("board"), placements)
    placements[hexagon] = Placement(placements[hexagon].piece, tuple((r + 1, c + 1) for r, c in cells))
    translated = r"covered twice|leaves the board"  # a lattice translation: the shape itself is accepted
    with pytest.raises(InvalidSolution, match=translated):
        check_solution(TENYO, TENYO.target("board"), placements)


def test_weekday_solutions_are_checked_against_the_weekday_cell() -> None:
    sunday = WEEKDAY.target("01-25-sun")
    placements = a_solution(WEEKDAY, sunday)
    check_solution(WEEKDAY, sunday, placements)  # raises if wrong
    with pytest.raises(InvalidSolution, match="covers target cell"):
        check_solution(WEEKDAY, WEEKDAY.target("01-25-mon"), placements)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("01-25-mon", r"target 01-25-mon leaves \['25', 'Jan', 'Sun'\] open, not \['25', 'Jan', 'Mon'\]"),
        ("01-25", r"leaves \['25', 'Jan', 'Sun'\] open, not \['25', 'Jan'\]"),
        ("13-25-sun", "named like a date but is none"),
        ("01-25-xyz", "named like a date but is none"),
    ],
)
def test_a_target_whose_name_and_open_cells_disagree_is_rejected(name: str, message: str) -> None:
    """A wrong target in the catalog cannot approve its own solutions: the name is read here."""
    sunday = WEEKDAY.target("01-25-sun")
    with pytest.raises(InvalidSolution, match=message):
        check_solution(WEEKDAY, Target(name, sunday.uncovered), a_solution(WEEKDAY, sunday))


def test_rejects_a_tetromino_in_another_tetrominos_shape() -> None:
    puzzle = get_puzzle("calendar-tetromino")
    target = puzzle.target("10-06")
    placements = a_solution(puzzle, target)
    names = [puzzle.pieces[p.piece].name for p in placements]
    l4, t4 = names.index("L4"), names.index("T4")
    placements[l4], placements[t4] = (
        Placement(placements[l4].piece, placements[t4].cells),
        Placement(placements[t4].piece, placements[l4].cells),
    )
    with pytest.raises(InvalidSolution, match="L4 is not in one of its legal orientations"):
        check_solution(puzzle, target, placements)


def test_check_flipped_accepts_the_truth_and_rejects_any_other_claim() -> None:
    placements = a_solution(WEEKDAY, WEEKDAY.target("01-25-sun"))
    flipped = flipped_pieces(WEEKDAY, placements)
    check_flipped(WEEKDAY, placements, flipped)  # raises if wrong
    with pytest.raises(InvalidSolution, match="flipped pieces are"):
        check_flipped(WEEKDAY, placements, flipped ^ {"L4"})
    with pytest.raises(InvalidSolution, match="flipped pieces are"):
        check_flipped(WEEKDAY, placements, {*flipped, "T"})  # T is mirror-symmetric: never flipped


# ---------------------------------------------------------------- check_encodings: the batched check


def _outcome(check: Callable[[], None]) -> tuple[str, str] | None:
    """What a check did: None if it accepted, else the exception's class and message."""
    try:
        check()
    except ValueError as error:
        return type(error).__name__, str(error)
    return None


def _one_by_one(puzzle: Puzzle, target: Target, codes: Sequence[str]) -> tuple[str, str] | None:
    def check() -> None:
        for code in codes:
            check_solution(puzzle, target, decode(puzzle, code))

    return _outcome(check)


def _broken_copies(code: str, rng: random.Random) -> list[str]:
    """One encoded solution broken in every way the batched check must catch, plus random swaps."""
    letters = sorted(set(code) - {UNCOVERED})
    first, second = letters[0], letters[1]
    covered = [i for i, char in enumerate(code) if char != UNCOVERED]
    opened = [i for i, char in enumerate(code) if char == UNCOVERED]
    broken = [
        code[:-1],  # too short
        code + first,  # too long
        code.replace(first, "Z"),  # a letter no piece has
        code.replace(first, "é"),  # not even ASCII
        code.replace(first, second),  # one piece used twice, another not at all
        code.replace(first, UNCOVERED),  # a piece left out
        code[: covered[3]] + UNCOVERED + code[covered[3] + 1 :],  # a gap
    ]
    if opened:
        broken.append(code[: opened[0]] + first + code[opened[0] + 1 :])  # a target cell covered
    for _ in range(12):  # two covered cells swapped: two pieces usually lose their shape
        i, j = rng.sample(covered, 2)
        chars = list(code)
        chars[i], chars[j] = chars[j], chars[i]
        broken.append("".join(chars))
    return broken


@pytest.mark.parametrize(
    ("puzzle_id", "target_name"),
    [
        ("calendar-dragonfjord", "03-14"),
        ("calendar-tetromino", "10-06"),
        ("calendar-weekday", "01-25-sun"),
        ("hexiamond-tenyo", "board"),
    ],
)
def test_check_encodings_accepts_and_rejects_exactly_what_check_solution_does(
    puzzle_id: str, target_name: str
) -> None:
    puzzle = get_puzzle(puzzle_id)
    target = puzzle.target(target_name)
    problem = TargetProblem(puzzle, target)
    codes = [problem.encode_solution(s) for s in enumerate_solutions(problem.cover, limit=40)]
    assert len(codes) >= 2
    check_encodings(puzzle, target, codes)  # raises if it rejects a real solution
    rng = random.Random(puzzle_id)
    rejected = 0
    for broken in _broken_copies(codes[0], rng):
        batch = [*codes[1:], broken]
        expected = _one_by_one(puzzle, target, batch)
        assert _outcome(lambda batch=batch: check_encodings(puzzle, target, batch)) == expected, broken
        rejected += expected is not None
    assert rejected >= 7  # at least every deliberate break (a random swap may keep both shapes)


def test_check_encodings_reads_the_target_name_even_without_solutions() -> None:
    sunday = WEEKDAY.target("01-25-sun")
    with pytest.raises(InvalidSolution, match="not \\['25', 'Jan', 'Mon'\\]"):
        check_encodings(WEEKDAY, Target("01-25-mon", sunday.uncovered), [])
    check_encodings(WEEKDAY, sunday, [])  # nothing to check: accepted


def test_check_encodings_rejects_a_letter_no_piece_has_even_where_the_rest_adds_up() -> None:
    """A target that leaves one cell too few open: the pieces' shapes and the open cells all check
    out, and only the stray letter in the remaining cell is wrong."""
    problem = TargetProblem(CALENDAR, TARGET)
    solution = find_solution(problem.cover)
    assert solution is not None
    code = problem.encode_solution(solution)
    stray = code.index(UNCOVERED)
    narrower = Target("one cell fewer", frozenset(TARGET.uncovered - {CALENDAR.cells[stray]}))
    broken = code[:stray] + "Z" + code[stray + 1 :]
    with pytest.raises(ValueError, match="unknown piece letter 'Z'"):
        check_encodings(CALENDAR, narrower, [broken])
