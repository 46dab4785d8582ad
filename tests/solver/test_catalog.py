from pathlib import Path

import pytest

from solver.catalog import CatalogError, UnknownPuzzleError, catalog, get_puzzle, load_catalog

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
        (TOY, "lattice: square\n\npiece A\n##\n\npiece A\n##\n", "dominoes.txt", 6, "repeated piece name"),
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
