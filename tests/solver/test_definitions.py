"""People's definitions: the catalog's format read from text, and every mistake named in words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solver.catalog import target_for_date
from solver.definitions import Definition, Limits, parse_definition
from solver.problems import CODES, Problem
from solver.puzzles import get_puzzle
from tests.support.custom_puzzles import CALENDAR

JAPANESE_CALENDAR = """// DragonFjord's board, written with Japanese labels
title: 日めくりパズル
targets: month-day
pieces: calendar
board:
1月 2月 3月 4月 ５月 6月 .
7月 8月 9月 10月 11月 12月 .
1日 2日 3日 4日 5日 6日 7日
8  9  10 11 12 13 14
15 16 17 18 19 20 21
22 23 24 25 26 27 28
29 30 31
"""

BOX = """title: Six by ten
targets: board
pieces: pentominoes
board:
# # # # # # # # # #
# # # # # # # # # #
# # # # # # # # # #
# # # # # # # # # #
# # # # # # # # # #
# # # # # # # # # #
"""


def _definition(text: str, limits: Limits | None = None) -> Definition:
    found = parse_definition(text, limits=limits)
    assert isinstance(found, Definition), found
    return found


def _problems(text: str, language: str = "en") -> list[tuple[int, int, str]]:
    found = parse_definition(text, language=language)
    assert isinstance(found, list), "the definition was accepted"
    return [(p.line, p.column, p.message) for p in found]


def test_a_calendar_with_japanese_labels_is_dragonfjords_calendar() -> None:
    puzzle = _definition(JAPANESE_CALENDAR).puzzle("p-1")
    dragonfjord = get_puzzle("calendar-dragonfjord")
    assert (puzzle.id, puzzle.title, puzzle.on_demand) == ("p-1", "日めくりパズル", True)
    assert puzzle.cells == dragonfjord.cells
    assert puzzle.labels == dragonfjord.labels
    assert puzzle.targets == dragonfjord.targets
    assert puzzle.pieces == dragonfjord.pieces


def test_labels_sit_anywhere_among_plain_cells_and_weekdays_read_in_japanese() -> None:
    """Months, days and weekdays mixed on one board, with '#' cells always covered."""
    rows = ["# 1月 1 2 3 4 5", "2月 3月 4月 5月 6月 7月 6", "8月 9月 10月 11月 12月 7 8"]
    rows += ["9 10 11 12 13 14 15", "16 17 18 19 20 21 22", "23 24 25 26 27 28 29"]
    rows += ["30 31 日曜日 月 火曜 水 木", "金曜 土 # . . . ."]
    text = "title: Mixed\ntargets: month-day-weekday\npieces: pentominoes\nboard:\n" + "\n".join(rows)
    text = text.replace(
        "pieces: pentominoes", "pieces: pentominoes F I L N P T U V W\npieces: tetrominoes I4"
    )
    puzzle = _definition(text).puzzle("mixed")
    assert len(puzzle.cells) == 52 and len(puzzle.labels) == 50
    assert {puzzle.labels[c] for c in puzzle.target("01-25-sun").uncovered} == {"Jan", "25", "Sun"}
    assert puzzle.labels[(6, 3)] == "Mon" and puzzle.labels[(7, 1)] == "Sat"
    assert (0, 0) in puzzle.cells and (0, 0) not in puzzle.labels  # a plain cell
    assert len(puzzle.targets) == 2604


def test_pieces_drawn_in_place_join_pieces_of_sets_in_order() -> None:
    text = BOX.replace(
        "pieces: pentominoes",
        "piece Q\n.#.\n###\n.#.\n\npieces: pentominoes F I L N P T U V W Y\npiece S\n##.\n.#.\n.##",
    )
    definition = _definition(text.replace("# # # # # # # # # #\n", "# # # # # # # # # #\n", 1))
    assert [p.name for p in definition.pieces] == ["Q", *"FILNPTUVWY", "S"]
    assert (len(definition.pieces[0].orientations), len(definition.pieces[-1].orientations)) == (1, 4)


def test_the_fingerprint_follows_the_text() -> None:
    first, again = _definition(CALENDAR), _definition(CALENDAR)
    other = _definition(CALENDAR.replace("My calendar", "Our calendar"))
    assert first.fingerprint == again.fingerprint != other.fingerprint
    assert first.puzzle("a").fingerprint == first.fingerprint


def test_a_definition_gives_a_target_for_every_date() -> None:
    from datetime import date

    puzzle = _definition(CALENDAR).puzzle("p")
    assert target_for_date(puzzle, date(2026, 11, 28)).name == "11-28"


def test_limits_are_the_callers() -> None:
    assert _definition(BOX, Limits(max_board_cells=60, max_pieces=12))
    found = parse_definition(BOX, limits=Limits(max_board_cells=59, max_pieces=11))
    assert isinstance(found, list)
    assert [p.code for p in found] == ["too-many-pieces", "board-too-large"]


# ---------------------------------------------------------------- validation that teaches

AREA_44 = (
    2,
    10,
    "the pieces cover 41 cells but each target leaves 42 to cover: the board's 44 cells less the 2 left open",
)
USE_LABELS = "(use '#', '.', a month such as Jan, a day 1-31 or a weekday such as Sun)"

BROKEN: list[tuple[str, str, list[tuple[int, int, str]]]] = [
    (
        "unknown piece set, suggested",
        CALENDAR.replace("pieces: calendar", "pieces: calender"),
        [(3, 9, "no piece set 'calender' (did you mean 'calendar'?)")],
    ),
    (
        "unknown piece set, listed",
        CALENDAR.replace("pieces: calendar", "pieces: dice"),
        [
            (
                3,
                9,
                "no piece set 'dice' (the sets are calendar, creamakerspace, hexiamonds, pentominoes, "
                "tetrominoes)",
            )
        ],
    ),
    (
        "unknown piece name, listed",
        CALENDAR.replace("pieces: calendar", "pieces: calendar R L N P U V Y K"),
        [(3, 32, "piece set 'calendar' has no piece 'K' (it has R L N P U V Y Z)")],
    ),
    (
        "unknown piece name, did you mean",
        CALENDAR.replace("pieces: calendar", "pieces: calendar R L N P U V Y z"),
        [(3, 32, "piece set 'calendar' has no piece 'z' (did you mean 'Z'?)")],
    ),
    (
        "a piece not connected",
        CALENDAR.replace("pieces: calendar", "pieces: calendar R L N P U V Y\npiece Z\n##.\n...\n.##"),
        [(4, 7, "piece 'Z' is not connected: its cells must join edge to edge")],
    ),
    (
        "a duplicate piece, drawn",
        CALENDAR.replace("pieces: calendar", "pieces: calendar R L N P U V Y\npiece Y\n##.\n.#.\n.##"),
        [(4, 7, "piece name 'Y' is used twice (first on line 3)")],
    ),
    (
        "a duplicate piece, from two sets",
        CALENDAR.replace("pieces: calendar", "pieces: calendar R L N P U V Y Z\npieces: pentominoes Z"),
        [(4, 21, "piece name 'Z' is used twice (first on line 3)")],
    ),
    (
        "a lattice mismatch between sets",
        CALENDAR.replace("pieces: calendar", "pieces: calendar\npieces: hexiamonds bar"),
        [(4, 9, "piece set 'hexiamonds' is on the triangle lattice, not square")],
    ),
    (
        "a lattice mismatch with the header",
        CALENDAR.replace("targets: month-day", "targets: month-day\nlattice: triangle"),
        [(4, 9, "piece set 'calendar' is on the square lattice, not triangle")],
    ),
    (
        "a repeated month",
        CALENDAR.replace("Dec .", "Dec Jan"),
        [AREA_44, (6, 25, "label 'Jan' is used twice (first on line 5, column 1)")],
    ),
    (
        "a repeated day in Japanese",
        CALENDAR.replace("Dec .", "Dec 7日"),
        [AREA_44, (7, 25, "label '7' is used twice (first on line 6, column 25)")],
    ),
    (
        "a missing month",
        CALENDAR.replace("Nov Dec", "Nov #"),
        [(2, 10, "month-day targets need cells labelled with every month: Dec missing")],
    ),
    (
        "a missing day",
        CALENDAR.replace("29  30  31", "29  30  #"),
        [(2, 10, "month-day targets need cells labelled with every day 1-31: 31 missing")],
    ),
    (
        "missing weekdays",
        CALENDAR.replace("targets: month-day", "targets: month-day-weekday"),
        [
            (
                2,
                10,
                "month-day-weekday targets need cells labelled with every weekday: Mon Tue Wed Thu Fri Sat "
                "Sun missing",
            ),
            (
                2,
                10,
                "the pieces cover 41 cells but each target leaves 40 to cover: the board's 43 cells less "
                "the 3 left open",
            ),
        ],
    ),
    (
        "labels on a board puzzle",
        CALENDAR.replace("targets: month-day", "targets: board"),
        [
            (2, 10, "the pieces cover 41 cells but the board has 43 to cover"),
            (
                5,
                1,
                "label 'Jan' on a board whose targets is 'board': write '#' for a plain cell, "
                "or 'targets: month-day' for a calendar",
            ),
        ],
    ),
    (
        "a weekday on a month-day calendar",
        CALENDAR.replace("Dec .", "Dec 日曜"),
        [
            AREA_44,
            (
                6,
                25,
                "weekday label '日曜', but 'targets: month-day' opens no weekday: use 'targets: "
                "month-day-weekday' or '#'",
            ),
        ],
    ),
    (
        "a misspelt label",
        CALENDAR.replace("Dec .", "Dec Dek"),
        [AREA_44, (6, 25, "unknown label 'Dek' (did you mean 'Dec'?)")],
    ),
    (
        "letters swapped in a label",
        CALENDAR.replace("Jan Feb", "Jna Feb"),
        [
            (2, 10, "month-day targets need cells labelled with every month: Jan missing"),
            (5, 1, "unknown label 'Jna' (did you mean 'Jan'?)"),
        ],
    ),
    (
        "an unknown label",
        CALENDAR.replace("Dec .", "Dec Foo"),
        [AREA_44, (6, 25, f"unknown label 'Foo' {USE_LABELS}")],
    ),
    (
        "an unknown Japanese month",
        CALENDAR.replace("Dec .", "Dec 13月"),
        [AREA_44, (6, 25, f"unknown label '13月' {USE_LABELS}")],
    ),
    (
        "a day no month has",
        CALENDAR.replace("Dec .", "Dec 32"),
        [AREA_44, (6, 25, "no day 32: days run from 1 to 31")],
    ),
    ("the area sum", CALENDAR.replace("Dec .", "Dec #"), [AREA_44]),
    (
        "the area sum on a board",
        BOX + "# # # #\n",
        [(2, 10, "the pieces cover 60 cells but the board has 64 to cover")],
    ),
    (
        "an unknown targets kind",
        CALENDAR.replace("targets: month-day", "targets: weekday"),
        [(2, 10, "unknown targets kind 'weekday' (use board, month-day or month-day-weekday)")],
    ),
    (
        "an empty title",
        CALENDAR.replace("title: My calendar", "title:"),
        [(1, 7, "'title:' is empty: give the puzzle a name")],
    ),
    ("a missing title", CALENDAR.replace("title: My calendar\n", ""), [(1, 1, "missing 'title:'")]),
    (
        "a missing targets line",
        CALENDAR.replace("targets: month-day\n", ""),
        [(1, 1, "missing 'targets:'")],
    ),
    (
        "an id, which the store gives",
        CALENDAR.replace("title: My calendar", "id: mine\ntitle: My calendar"),
        [(1, 1, "'id:' is only for the catalog's own files: leave it out")],
    ),
    (
        "an unknown key, listed",
        CALENDAR.replace("title: My calendar", "title: My calendar\ncolour: red"),
        [(2, 1, "unknown key 'colour' (the keys are title, lattice, targets, pieces, board)")],
    ),
    (
        "an unknown key, did you mean",
        CALENDAR.replace("targets: month-day", "target: month-day"),
        [(1, 1, "missing 'targets:'"), (2, 1, "unknown key 'target' (did you mean 'targets'?)")],
    ),
    (
        "a repeated key",
        CALENDAR.replace("title: My calendar", "title: My calendar\ntitle: Again"),
        [(2, 1, "'title:' is given twice (first on line 1)")],
    ),
    (
        "an unknown lattice",
        CALENDAR.replace("targets: month-day", "targets: month-day\nlattice: hexagonal"),
        [(3, 10, "unknown lattice 'hexagonal' (use square, triangle or hex)")],
    ),
    (
        "no pieces",
        CALENDAR.replace("pieces: calendar\n", ""),
        [(1, 1, "missing 'pieces:' (or a piece drawn below 'piece NAME')")],
    ),
    (
        "no board",
        CALENDAR[: CALENDAR.index("board:")],
        [(1, 1, "missing 'board:' and the board's rows below it")],
    ),
    (
        "an empty board",
        CALENDAR[: CALENDAR.index("Jan")],
        [(4, 1, "the board has no cells: draw its rows below 'board:'")],
    ),
    (
        "a board row shifted with spaces",
        CALENDAR.replace("Jul Aug", "  Jul Aug"),
        [
            (
                6,
                1,
                "this row is indented unlike the first: cells are counted by tokens, not spaces (write '.' "
                "for a gap)",
            )
        ],
    ),
    (
        "odd rows of the hex lattice not indented",
        "title: Hex\nlattice: hex\ntargets: board\npiece A\n##\n\npiece B\n# #\n\nboard:\n# #\n# #\n",
        [
            (
                12,
                1,
                "on the hex lattice the odd rows (counting from 0) are indented more than the even rows, all "
                "odd rows alike and all even rows alike: the hexagons of an odd row sit half a cell to the "
                "right; start a row with '.' for each gap, not spaces",
            )
        ],
    ),
    (
        "rows of the triangle lattice shifted with spaces",
        BOX.replace("pieces: pentominoes", "pieces: hexiamonds").replace("\n# #", "\n # #", 1),
        [
            (2, 10, "the pieces cover 72 cells but the board has 60 to cover"),
            (
                5,
                1,
                "on the triangle lattice each token is one triangle, pointing up when row + column is even: "
                "start the row with '.' for each gap, not spaces",
            ),
        ],
    ),
    (
        "a piece without a name",
        CALENDAR.replace("pieces: calendar", "pieces: calendar\npiece"),
        [(4, 1, "'piece' needs a name, such as 'piece A'")],
    ),
    (
        "a piece name of two words",
        CALENDAR.replace("pieces: calendar", "pieces: calendar\npiece big one\n#"),
        [(4, 7, "piece name 'big one' must be one word of at most 12 characters, such as A or L4")],
    ),
    (
        "a stray character in a drawing",
        CALENDAR.replace("pieces: calendar", "pieces: calendar\npiece Q\n#x#"),
        [(5, 2, "unexpected character 'x' in piece drawing (use '#' and '.')")],
    ),
    (
        "a piece without a drawing",
        CALENDAR.replace("pieces: calendar", "pieces: calendar\npiece Q\n"),
        [(4, 7, "piece 'Q' has no drawing: draw it below with '#' and '.'")],
    ),
    (
        "a drawing without cells",
        CALENDAR.replace("pieces: calendar", "pieces: calendar\npiece Q\n..."),
        [(4, 7, "piece 'Q' has no cells")],
    ),
    (
        "a row after 'board:'",
        CALENDAR.replace("board:", "board: Jan"),
        [(4, 8, "write the board's rows on the lines below 'board:', not after it")],
    ),
    (
        "a title too long",
        CALENDAR.replace("My calendar", "x" * 81),
        [(1, 8, "the title has 81 characters; at most 80")],
    ),
    (
        "a board larger than the limit",
        "title: T\ntargets: board\npieces: pentominoes\nboard:\n" + ("# " * 10 + "\n") * 7,
        [
            (2, 10, "the pieces cover 60 cells but the board has 70 to cover"),
            (4, 1, "the board has 70 cells; at most 64 are allowed"),
        ],
    ),
    (
        "too many pieces",
        BOX.replace("pieces: pentominoes", "pieces: pentominoes\npieces: tetrominoes O4 I4"),
        [
            (2, 10, "the pieces cover 68 cells but the board has 60 to cover"),
            (4, 1, "14 pieces; at most 13 are allowed"),
        ],
    ),
    (
        "a definition too long",
        "x" * 20_001,
        [(1, 1, "the definition has 20001 characters; at most 20000 are read")],
    ),
    (
        "a line that is no header",
        "just a sentence\n" + CALENDAR,
        [(1, 1, "expected 'key: value', got 'just a sentence'")],
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"), [case[1:] for case in BROKEN], ids=[case[0] for case in BROKEN]
)
def test_each_broken_definition_is_named_in_words_with_its_place(
    text: str, expected: list[tuple[int, int, str]]
) -> None:
    assert _problems(text) == expected


def test_the_table_covers_thirty_definitions_and_every_definition_code() -> None:
    assert len(BROKEN) >= 30
    codes = {p.code for _, text, _ in BROKEN for p in parse_definition(text) if isinstance(p, Problem)}
    catalog_only = {"unknown-precompute", "piece-set-empty"}  # the catalog's files, tested there
    assert CODES - catalog_only <= codes


def test_every_problem_is_found_at_once_in_line_order() -> None:
    text = (
        "title: Broken\ntargets: month-day\npieces: pentominos L N\npieces: pentominoes l\n"
        "piece A\n#.#\npiece A\n##\nboard:\nJna Feb Mar # 32 Sun Sun\n"
    )
    found = parse_definition(text)
    assert isinstance(found, list)
    assert [(p.line, p.code) for p in found] == [
        (2, "missing-months"),
        (2, "missing-days"),
        (3, "unknown-piece-set"),
        (4, "unknown-piece"),
        (5, "piece-not-connected"),
        (7, "duplicate-piece"),
        (10, "unknown-label"),
        (10, "day-out-of-range"),
        (10, "weekday-unused"),
        (10, "repeated-label"),
    ]


def test_messages_in_japanese() -> None:
    problems = _problems(CALENDAR.replace("pieces: calendar", "pieces: calender"), language="ja")
    assert problems == [(3, 9, "ピースセット「calender」はありません（「calendar」のことですか？）")]
    found = parse_definition(CALENDAR.replace("Dec .", "Dec #"))
    assert isinstance(found, list)
    assert found[0].in_language("ja").message == (
        "ピースが覆うのは41マスですが、各ターゲットで覆うマスは42です（盤の44マスから開けておく2マスを除く）"
    )


def test_the_examples_in_the_catalog_docs_are_definitions() -> None:
    text = (Path(__file__).parents[2] / "docs" / "catalog.md").read_text(encoding="utf-8")
    blocks = [
        block
        for block in re.findall(r"^```[a-z]*\n(.*?)^```", text, re.DOTALL | re.MULTILINE)
        if block.startswith("title:")
    ]
    assert len(blocks) == 2
    calendar, board = (_definition(block) for block in blocks)
    assert calendar.labels == get_puzzle("calendar-dragonfjord").labels
    assert (board.targets_kind, len(board.pieces), board.pieces[-1].name) == ("board", 12, "Plus")
