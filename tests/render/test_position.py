"""The words of a hint from a player's own board (``render.position.position_caption``): counts
through the plural rules, a dead end whose piece goes elsewhere is "move", and a hint that finishes
the board says so instead of counting ways to finish."""

from __future__ import annotations

from render.position import PositionDrawing, position_caption
from solver.encoding import Placement
from solver.puzzles import get_puzzle
from solver.stages import Stage

CALENDAR = get_puzzle("calendar-dragonfjord")  # 8 pieces, no symmetry
HOLE = get_puzzle("pentomino-8x8-hole")  # 12 pieces, 520 arrangements, 65 up to symmetry


def piece(puzzle_name: str, name: str, row: int = 0) -> Placement:
    """A placement of the named piece (its cells do not matter to the words)."""
    puzzle = get_puzzle(puzzle_name)
    return Placement(puzzle.piece_names.index(name), ((row, 0),))


def drawing(
    stage: Stage,
    given: tuple[Placement, ...],
    added: tuple[Placement, ...],
    remaining: int,
    *,
    take_off: tuple[Placement, ...] = (),
    in_every: bool = False,
    puzzle_id: str = "calendar-dragonfjord",
    total: int = 35,
    distinct: tuple[int, int] | None = None,
) -> PositionDrawing:
    puzzle = get_puzzle(puzzle_id)
    distinct_remaining, distinct_total = distinct or (remaining, total)
    return PositionDrawing(
        puzzle,
        puzzle.target("01-25" if puzzle_id == "calendar-dragonfjord" else "board"),
        stage,
        given,
        take_off,
        added,
        remaining,
        total,
        distinct_remaining,
        distinct_total,
        in_every,
    )


def calendar_pieces(*names: str) -> tuple[Placement, ...]:
    return tuple(piece("calendar-dragonfjord", name, row) for row, name in enumerate(names))


def test_one_remaining_solution_is_singular() -> None:
    one = drawing(Stage.ONE_PIECE, (), calendar_pieces("L"), 1)
    assert position_caption(one) == "Add L: 1 solution of 35 remains."
    three = drawing(Stage.ONE_PIECE, (), calendar_pieces("L"), 3)
    assert position_caption(three) == "Add L: 3 solutions of 35 remain."


def test_a_hint_that_finishes_the_board_does_not_count_ways_to_finish() -> None:
    names = CALENDAR.piece_names
    given = calendar_pieces(*names[:5])
    rest = calendar_pieces(*names[5:])
    caption = position_caption(drawing(Stage.ANSWER, given, rest, 1))
    assert caption == f"Add {names[5]}, {names[6]} and {names[7]} to finish the board."
    assert "way to finish" not in caption


def test_a_piece_taken_off_and_put_back_elsewhere_is_moved() -> None:
    v_here, v_there = piece("calendar-dragonfjord", "V", 0), piece("calendar-dragonfjord", "V", 3)
    caption = position_caption(drawing(Stage.ONE_PIECE, (), (v_there,), 4, take_off=(v_here,)))
    assert caption == "Dead end: move V. Then 4 solutions of 35 remain."
    assert "take off" not in caption and "Add V" not in caption
    both = drawing(Stage.HALF, (), (v_there, piece("calendar-dragonfjord", "L", 4)), 2, take_off=(v_here,))
    assert position_caption(both) == "Dead end: move V. Add L: 2 solutions of 35 remain."
    z = piece("calendar-dragonfjord", "Z", 5)
    mixed = drawing(Stage.ONE_PIECE, (), (v_there,), 2, take_off=(v_here, z))
    assert position_caption(mixed).startswith("Dead end: take off Z and move V.")


def test_a_piece_taken_off_for_good_is_taken_off() -> None:
    z = piece("calendar-dragonfjord", "Z", 5)
    caption = position_caption(drawing(Stage.ONE_PIECE, (), calendar_pieces("L"), 5, take_off=(z,)))
    assert caption == "Dead end: take off Z first. Add L: 5 solutions of 35 remain."


def test_symmetric_boards_count_distinct_solutions_once() -> None:
    x = piece("pentomino-8x8-hole", "X")
    hint = drawing(Stage.ONE_PIECE, (), (x,), 8, puzzle_id="pentomino-8x8-hole", total=520, distinct=(1, 65))
    assert position_caption(hint) == (
        "Add X: 1 distinct solution of 65 remains (up to rotation and reflection)."
    )
    assert "520" not in position_caption(hint)


def test_the_words_are_translated() -> None:
    caption = position_caption(drawing(Stage.ONE_PIECE, (), calendar_pieces("L"), 1), "ja")
    assert "L" in caption and "Add" not in caption
