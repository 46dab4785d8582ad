"""Every raw solution of a target as code digits (hints/solution_digits.py), on the sample store:
the digits name the raw solutions' own placements, and the layout cells list every placement in
code order."""

from __future__ import annotations

from sqlalchemy.orm import Session

from hints.codes import board_placements, code_cells, encode_position
from hints.raw_solutions import raw_solutions
from hints.solution_digits import solution_digits
from solver.encoding import is_flipped
from solver.puzzles import get_puzzle

CALENDAR = get_puzzle("calendar-dragonfjord")


def test_each_row_is_a_raw_solution_in_code_digits(session: Session) -> None:
    target = CALENDAR.target("01-25")
    found = solution_digits(session, CALENDAR, target)
    raw = raw_solutions(session, CALENDAR, target)
    layout = board_placements(CALENDAR)
    decoded = [
        frozenset(layout[piece][digit - 1] for piece, digit in enumerate(row)) for row in found.solutions
    ]
    assert decoded == [frozenset(s) for s in raw.solutions]
    assert found.classes == raw.classes and found.stored == raw.stored == len(raw)
    assert found.face_up == tuple(not any(is_flipped(CALENDAR, p) for p in s) for s in raw.solutions)
    assert 0 < sum(found.face_up) < len(raw)
    code = encode_position(CALENDAR, raw.solutions[0])
    assert code is not None and code.startswith(found.version + found.tag)
    assert len(code) == len(found.version + found.tag) + found.width


def test_the_layout_cells_are_every_board_cell_once() -> None:
    cells = code_cells(CALENDAR)
    assert sorted(cells) == sorted(CALENDAR.cells) and len(set(cells)) == len(cells)
