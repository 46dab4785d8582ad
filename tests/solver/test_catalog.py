import hashlib
import re
from datetime import date, timedelta
from pathlib import Path

import pytest

import solver.catalog
from solver.catalog import UnknownPuzzleError, UnknownTargetError, dates_of_year, target_for_date
from solver.catalog_files import CatalogError, load_catalog
from solver.puzzles import all_puzzles, catalog, get_puzzle

EXPECTED_IDS = {
    "calendar-dragonfjord",
    "pentomino-6x10",
    "pentomino-5x12",
    "pentomino-4x15",
    "pentomino-3x20",
    "pentomino-8x8-hole",
    "hexiamond-rhombus-6x6",
    "hexiamond-tenyo",
}
IMPOSSIBLE = {"02-30", "02-31", "04-31", "06-31", "09-31", "11-31"}


def test_catalog_has_every_puzzle_id() -> None:
    assert set(catalog()) == EXPECTED_IDS


def test_calendar_board_matches_seed_002() -> None:
    calendar = get_puzzle("calendar-dragonfjord")
    assert len(calendar.cells) == 43
    assert calendar.labels[(0, 0)] == "Jan" and calendar.labels[(1, 5)] == "Dec"
    assert calendar.labels[(2, 0)] == "1" and calendar.labels[(2, 6)] == "7"
    assert calendar.labels[(6, 2)] == "31"
    assert sorted(p.name for p in calendar.pieces) == sorted("RLNPUVYZ")
    assert sum(len(p.cells) for p in calendar.pieces) == 41


def test_calendar_targets_are_372_with_the_impossible_dates_flagged() -> None:
    targets = get_puzzle("calendar-dragonfjord").targets
    assert len(targets) == 372
    assert {t.name for t in targets if not t.real} == IMPOSSIBLE
    assert sum(t.real for t in targets) == 366
    jan_25 = get_puzzle("calendar-dragonfjord").target("01-25")
    labels = get_puzzle("calendar-dragonfjord").labels
    assert {labels[c] for c in jan_25.uncovered} == {"Jan", "25"}


@pytest.mark.parametrize("puzzle_id", sorted(EXPECTED_IDS - {"calendar-dragonfjord"}))
def test_board_puzzles_have_one_target_and_matching_area(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    assert [t.name for t in puzzle.targets] == ["board"]
    assert sum(len(p.cells) for p in puzzle.pieces) == len(puzzle.cells)
    assert len(puzzle.pieces) == 12


def test_unknown_puzzle_lists_valid_ids() -> None:
    with pytest.raises(UnknownPuzzleError) as info:
        get_puzzle("pentomino-7x9")
    message = str(info.value)
    assert "pentomino-7x9" in message
    assert all(pid in message for pid in EXPECTED_IDS)


def test_unknown_target_lists_valid_targets() -> None:
    with pytest.raises(KeyError) as info:
        get_puzzle("pentomino-6x10").target("01-01")
    assert "valid targets: board" in info.value.args[0]


def _write_catalog(root: Path, puzzle_text: str, pieces_text: str) -> Path:
    (root / "puzzles").mkdir(parents=True)
    (root / "pieces").mkdir()
    (root / "puzzles" / "toy.txt").write_text(puzzle_text)
    (root / "pieces" / "dominoes.txt").write_text(pieces_text)
    return root


DOMINOES = "lattice: square\n\npiece A\n##\n\npiece B\n##\n"
TOY = "id: toy\ntitle: Toy\npieces: dominoes\ntargets: board\nboard:\n# #\n# #\n"


# Piece B: up triangles (0, 0) and (1, 1) meet only at a corner.
TRIANGLES_TOUCHING_AT_A_CORNER = "lattice: triangle\n\npiece A\n##\n\npiece B\n#.\n.#\n"
# Piece B: up triangle (0, 0) and the down triangle below it share its base.
TRIANGLES_SHARING_AN_EDGE = "lattice: triangle\n\npiece A\n##\n\npiece B\n#\n#\n"


def test_a_well_formed_toy_catalog_loads(tmp_path: Path) -> None:
    puzzles = load_catalog(_write_catalog(tmp_path, TOY, DOMINOES))
    assert list(puzzles) == ["toy"]
    assert len(puzzles["toy"].cells) == 4


def test_triangle_pieces_connect_across_an_edge(tmp_path: Path) -> None:
    puzzles = load_catalog(_write_catalog(tmp_path, TOY, TRIANGLES_SHARING_AN_EDGE))
    assert puzzles["toy"].pieces[1].cells == ((0, 0), (1, 0))


@pytest.mark.parametrize(
    ("puzzle_text", "pieces_text", "file_name", "line", "fragment"),
    [
        (TOY.replace("targets: board", "targets: everything"), DOMINOES, "toy.txt", 4, "targets kind"),
        (TOY.replace("title: Toy", "colour: red"), DOMINOES, "toy.txt", 2, "unknown key"),
        (TOY.replace("pieces: dominoes", "pieces: trominoes"), DOMINOES, "toy.txt", 3, "no piece set"),
        (TOY + "# #\n", DOMINOES, "toy.txt", 4, "pieces cover 4 cells"),
        (TOY, DOMINOES.replace("piece B\n##", "piece B\n#x"), "dominoes.txt", 7, "unexpected character"),
        (TOY, DOMINOES.replace("piece B\n##", "piece B\n#.#"), "dominoes.txt", 6, "not connected"),
        (TOY, TRIANGLES_TOUCHING_AT_A_CORNER, "dominoes.txt", 6, "not connected"),
        (
            TOY,
            DOMINOES.replace("lattice: square", "lattice: hexagonal"),
            "dominoes.txt",
            1,
            "unknown lattice",
        ),
        (
            TOY,
            "lattice: square\n\npiece A\n##\n\npiece A\n##\n",
            "dominoes.txt",
            6,
            "piece name 'A' is used twice",
        ),
        (TOY.replace("board:\n", "board\n"), DOMINOES, "toy.txt", 5, "expected 'key: value'"),
    ],
)
def test_malformed_catalog_files_name_file_and_line(
    tmp_path: Path, puzzle_text: str, pieces_text: str, file_name: str, line: int, fragment: str
) -> None:
    root = _write_catalog(tmp_path, puzzle_text, pieces_text)
    with pytest.raises(CatalogError) as info:
        load_catalog(root)
    message = str(info.value)
    assert f"{file_name}:{line}:" in message
    assert fragment in message


# ---------------------------------------------------------------- the calendar editions (issue 11)

EDITIONS = {
    # id: (designer in the title, pieces in order, board cells, targets, real targets)
    "calendar-jarringwords": ("JarringWords", ["R", "L", "N", "P", "U", "V", "Y", "T"], 43, 372, 366),
    "calendar-creamakerspace": ("CreaMakerspace", ["H6", "L", "N", "P", "U", "V", "Y", "W"], 43, 372, 366),
    "calendar-tetromino": ("TheRammer", ["R", "U", "V", "P", "O4", "I4", "L4", "T4", "S4"], 43, 372, 366),
    "calendar-weekday": ("Sunday first", [*"LNPTUVZ", "I4", "L4", "S4"], 50, 2604, 2562),
    "calendar-weekday-monday": ("Monday first", [*"LNPTUVZ", "I4", "L4", "S4"], 50, 2604, 2562),
}


GALLERY = {  # test_gallery.py
    "calendar-dailypuzzle-8",
    "calendar-dailypuzzle-9",
    "calendar-weekday-6x9",
    "calendar-hex-43",
    "calendar-hex-61",
    "calendar-calendarium",
}


def test_the_editions_are_catalog_data_solved_on_demand() -> None:
    assert set(all_puzzles()) == EXPECTED_IDS | set(EDITIONS) | GALLERY
    assert all(all_puzzles()[pid].on_demand for pid in EDITIONS)
    assert not any(p.on_demand for p in catalog().values())
    assert get_puzzle("calendar-weekday").id == "calendar-weekday"  # found, though not in catalog()


@pytest.mark.parametrize("puzzle_id", sorted(EDITIONS))
def test_edition_pieces_boards_and_targets(puzzle_id: str) -> None:
    credit, pieces, cells, targets, real = EDITIONS[puzzle_id]
    puzzle = get_puzzle(puzzle_id)
    assert credit in puzzle.title
    assert list(puzzle.piece_names) == pieces
    assert all(len(name) <= 2 for name in pieces)  # short names the API and the bot can show
    assert len(puzzle.cells) == cells
    assert len(puzzle.targets) == targets and sum(t.real for t in puzzle.targets) == real
    open_cells = len(puzzle.targets[0].uncovered)
    assert sum(len(p.cells) for p in puzzle.pieces) == cells - open_cells


def test_editions_share_dragonfjords_pieces_and_first_six_rows() -> None:
    dragonfjord = get_puzzle("calendar-dragonfjord")
    first_rows = {cell: label for cell, label in dragonfjord.labels.items() if cell[0] < 6}
    pieces = {p.name: p.cells for p in dragonfjord.pieces}
    for puzzle_id in EDITIONS:
        puzzle = get_puzzle(puzzle_id)
        assert {cell: label for cell, label in puzzle.labels.items() if cell[0] < 6} == first_rows
        assert all(p.cells == pieces[p.name] for p in puzzle.pieces if p.name in pieces)


def test_last_rows_of_the_tetromino_and_weekday_boards() -> None:
    def last_rows(puzzle_id: str) -> list[list[str]]:
        puzzle = get_puzzle(puzzle_id)
        rows = max(r for r, _ in puzzle.cells) + 1
        return [[puzzle.labels.get((r, c), ".") for c in range(7)] for r in range(6, rows)]

    assert last_rows("calendar-dragonfjord") == [["29", "30", "31", ".", ".", ".", "."]]
    assert last_rows("calendar-tetromino") == [[".", ".", ".", ".", "29", "30", "31"]]
    assert last_rows("calendar-weekday") == [
        ["29", "30", "31", "Sun", "Mon", "Tue", "Wed"],
        [".", ".", ".", ".", "Thu", "Fri", "Sat"],
    ]
    assert last_rows("calendar-weekday-monday") == [
        ["29", "30", "31", "Mon", "Tue", "Wed", "Thu"],
        [".", ".", ".", ".", "Fri", "Sat", "Sun"],
    ]


def test_piece_orientations_of_the_new_pieces() -> None:
    pieces = {p.name: p for p in get_puzzle("calendar-tetromino").pieces}
    pieces.update({p.name: p for p in get_puzzle("calendar-creamakerspace").pieces})
    expected = {"O4": 1, "I4": 2, "L4": 8, "T4": 4, "S4": 4, "H6": 8}
    assert {name: len(pieces[name].orientations) for name in expected} == expected


@pytest.mark.parametrize("puzzle_id", ["calendar-weekday", "calendar-weekday-monday"])
def test_weekday_targets_leave_a_month_a_day_and_a_weekday_open(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    names = [t.name for t in puzzle.targets]
    assert all(re.fullmatch(r"\d\d-\d\d-(sun|mon|tue|wed|thu|fri|sat)", name) for name in names)
    assert len(set(names)) == 2604
    target = puzzle.target("01-25-sun")
    assert sorted(puzzle.labels[c] for c in target.uncovered) == ["25", "Jan", "Sun"]
    assert {t.name[:5] for t in puzzle.targets if not t.real} == IMPOSSIBLE
    with pytest.raises(UnknownTargetError, match=r"01-01-\w{3}, … 12-31-\w{3} \(MM-DD-ddd\)"):
        puzzle.target("01-25")


def test_every_real_target_is_the_target_of_some_date() -> None:
    """2000-2027 holds every month-day on every weekday (Feb 29: 2000 Tue ... 2024 Thu)."""
    weekday = get_puzzle("calendar-weekday")
    days = [date(2000, 1, 1) + timedelta(days=n) for n in range((date(2028, 1, 1) - date(2000, 1, 1)).days)]
    reached = {target_for_date(weekday, day).name for day in days}
    assert reached == {t.name for t in weekday.targets if t.real}
    assert len(reached) == 2562


@pytest.mark.parametrize(
    ("year", "first", "last", "days"),
    [(1, "mon", "mon", 365), (2024, "mon", "tue", 366), (9999, "fri", "fri", 365)],
)
def test_every_year_has_its_dates_to_the_last_one(year: int, first: str, last: str, days: int) -> None:
    """The weekday editions have a target for every date a year 1-9999 has, 9999-12-31 included."""
    dates = dates_of_year(year)
    assert (len(dates), dates[0], dates[-1]) == (days, date(year, 1, 1), date(year, 12, 31))
    assert len(set(dates)) == days and all(d.year == year for d in dates)
    weekday = get_puzzle("calendar-weekday")
    names = (target_for_date(weekday, dates[0]).name, target_for_date(weekday, dates[-1]).name)
    assert names == (f"01-01-{first}", f"12-31-{last}")


@pytest.mark.parametrize(
    ("puzzle_id", "day", "target", "labels"),
    [
        ("calendar-weekday", date(2026, 1, 25), "01-25-sun", ["25", "Jan", "Sun"]),
        ("calendar-weekday-monday", date(2026, 1, 25), "01-25-sun", ["25", "Jan", "Sun"]),
        ("calendar-weekday", date(2024, 2, 29), "02-29-thu", ["29", "Feb", "Thu"]),
        ("calendar-weekday-monday", date(2025, 12, 31), "12-31-wed", ["31", "Dec", "Wed"]),
        ("calendar-dragonfjord", date(2026, 1, 25), "01-25", ["25", "Jan"]),
        ("calendar-tetromino", date(2026, 10, 6), "10-06", ["6", "Oct"]),
        ("pentomino-6x10", date(2026, 1, 25), "board", []),
    ],
)
def test_target_for_date_uses_the_real_weekday(
    puzzle_id: str, day: date, target: str, labels: list[str]
) -> None:
    puzzle = get_puzzle(puzzle_id)
    found = target_for_date(puzzle, day)
    assert found.name == target
    assert sorted(puzzle.labels[c] for c in found.uncovered) == labels


def test_a_single_piece_set_keeps_its_fingerprint() -> None:
    """Stores keep their solutions: the digest of a one-set puzzle is what it was before sets combined."""
    data = Path(solver.catalog.__file__).parent / "data"
    for puzzle_id, set_name in [("calendar-dragonfjord", "calendar"), ("hexiamond-tenyo", "hexiamonds")]:
        raw = (data / "puzzles" / f"{puzzle_id}.txt").read_bytes() + (
            data / "pieces" / f"{set_name}.txt"
        ).read_bytes()
        assert get_puzzle(puzzle_id).fingerprint == hashlib.sha256(raw).hexdigest()[:16]


TRIOMINOES = "lattice: square\n\npiece I3\n###\n\npiece L3\n##\n#.\n"
WEEKLY = (
    "id: weekly\ntitle: Weekly\npieces: dominoes B\npieces: triominoes L3\ntargets: board\n"
    "precompute: on-demand\nboard:\n# # # # .\n# . . . .\n"
)


def _write_sets(root: Path, puzzle_text: str) -> Path:
    root = _write_catalog(root, puzzle_text, DOMINOES)
    (root / "pieces" / "triominoes.txt").write_text(TRIOMINOES)
    (root / "pieces" / "triangles.txt").write_text(TRIANGLES_SHARING_AN_EDGE)
    return root


def test_pieces_lines_pick_and_combine_pieces_of_several_sets(tmp_path: Path) -> None:
    puzzle = load_catalog(_write_sets(tmp_path, WEEKLY))["weekly"]
    assert puzzle.piece_names == ("B", "L3")
    assert puzzle.on_demand
    assert [len(p.orientations) for p in puzzle.pieces] == [2, 4]


@pytest.mark.parametrize(
    ("puzzle_text", "line", "fragment"),
    [
        (WEEKLY.replace("triominoes L3", "triominoes J3"), 4, "piece set 'triominoes' has no piece 'J3'"),
        (WEEKLY.replace("dominoes B", "dominoes L3"), 3, "has no piece 'L3' (it has A B)"),
        (WEEKLY.replace("triominoes L3", "dominoes B"), 4, "piece name 'B' is used twice"),
        (WEEKLY.replace("triominoes L3", "triangles A"), 4, "is on the triangle lattice, not square"),
        (WEEKLY.replace("on-demand", "sometimes"), 6, "unknown precompute mode 'sometimes'"),
        (WEEKLY.replace("targets: board", "targets: month-day-weekday"), 5, "targets need cells labelled"),
        (WEEKLY.replace("pieces: dominoes B\npieces: triominoes L3\n", ""), 1, "missing 'pieces:'"),
    ],
)
def test_malformed_piece_selections_name_file_and_line(
    tmp_path: Path, puzzle_text: str, line: int, fragment: str
) -> None:
    with pytest.raises(CatalogError) as info:
        load_catalog(_write_sets(tmp_path, puzzle_text))
    assert f"toy.txt:{line}:" in str(info.value)
    assert fragment in str(info.value)
