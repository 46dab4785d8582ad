"""Golden text output of the seed-001-style renderer (checked by eye, then frozen)."""

from render.text import render_text
from solver.encoding import decode
from solver.puzzles import get_puzzle

# One of pentomino-3x20's two solutions, in the store's encoding (one letter per cell).
THREE_BY_TWENTY = "GGJBBBBBDDDAFIKKKKLHGJJJEECDDAAAFIIKLLLHGGJEEECCCCAFFFIILHHH"

GOLDEN_THREE_BY_TWENTY = """\
+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+
| U   U | X | I   I   I   I   I | N   N   N | F | T | W | Y   Y   Y   Y | Z | V |
+   +---+   +---+---+---+---+---+   +---+---+   +   +   +---+   +---+---+   +   +
| U | X   X   X | P   P | L | N   N | F   F   F | T | W   W | Y | Z   Z   Z | V |
+   +---+   +---+   +   +   +---+---+---+   +---+   +---+   +---+   +---+---+   +
| U   U | X | P   P   P | L   L   L   L | F | T   T   T | W   W | Z | V   V   V |
+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+"""

GOLDEN_CALENDAR_NOTHING_REVEALED = """\
+-----+-----+-----+-----+-----+-----+
|[Jan]| Feb   Mar   Apr   May   Jun |
+-----+     +     +     +     +     +
| Jul   Aug   Sep   Oct   Nov   Dec |
+     +     +     +     +     +     +-----+
|  1     2     3     4     5     6     7  |
+     +     +     +     +     +     +     +
|  8     9     10    11    12    13    14 |
+     +     +     +     +     +     +     +
|  15    16    17    18    19    20    21 |
+     +     +     +-----+     +     +     +
|  22    23    24 | [25]|  26    27    28 |
+     +     +     +-----+-----+-----+-----+
|  29    30    31 |
+-----+-----+-----+"""


def test_full_solution_draws_borders_between_pieces_only() -> None:
    puzzle = get_puzzle("pentomino-3x20")
    assert render_text(puzzle, decode(puzzle, THREE_BY_TWENTY)) == GOLDEN_THREE_BY_TWENTY


def test_calendar_with_nothing_revealed_marks_the_date() -> None:
    calendar = get_puzzle("calendar-dragonfjord")
    assert render_text(calendar, [], calendar.target("01-25").uncovered) == GOLDEN_CALENDAR_NOTHING_REVEALED


def test_triangle_board_has_legend_and_no_border_at_corner_contacts() -> None:
    puzzle = get_puzzle("hexiamond-rhombus-6x6")
    lines = render_text(puzzle, []).splitlines()
    assert lines[-1].startswith("A=hexagon B=butterfly")
    # Row 0 spans columns 6..17; only its down triangles (odd row + col) have a flat top edge.
    assert lines[0].count("---") == 6


def test_hex_board_is_offset_rows_of_tokens_as_the_catalog_draws_them() -> None:
    puzzle = get_puzzle("calendar-hex-43")
    lines = render_text(puzzle, [], puzzle.target("01-01").uncovered).splitlines()
    assert len(lines) == 9
    assert lines[1].split() == [".", "Nov", "[1]", "2", "[Jan]"]
    width = len(" [Jan]")  # the widest token and a space
    assert lines[2].index("Oct") < lines[3].index("8") < lines[2].index("3")  # odd rows half a token right
    assert lines[3].index("8") - lines[2].index("Oct") in range(width // 2 - 1, width // 2 + 2)
