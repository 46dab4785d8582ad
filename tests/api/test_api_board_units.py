"""The playable board's server side without a server: orientation tables, page data, markup."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import api.web
from api.routes.web import BOARD_POLICY
from api.web import board
from api.web.assets import IMPORT_MAP, IMPORT_MAP_HASH, SCRIPTED, SCRIPTED_HASH
from api.web.board import BoardView, board_data
from api.web.board_page import render_board_page
from api.web.board_shapes import orientation_of, orientation_table, polygon
from api.web.board_words import board_strings
from api.web.language import PageLanguage
from hints.codes import board_placements, encode_position
from i18n.catalogs import fields
from solver.catalog import Piece, Puzzle
from solver.geometry import Transform
from solver.puzzles import catalog, get_puzzle

PIECES = [(puzzle.id, piece.name) for puzzle in catalog().values() for piece in puzzle.pieces]


def _piece(puzzle_id: str, name: str) -> tuple[Puzzle, Piece]:
    puzzle = get_puzzle(puzzle_id)
    return puzzle, puzzle.pieces[puzzle.piece_names.index(name)]


def _power(table: tuple[int, ...], start: int, times: int) -> int:
    for _ in range(times):
        start = table[start]
    return start


@pytest.mark.parametrize(("puzzle_id", "name"), PIECES)
def test_rotate_and_flip_tables_are_the_lattice_group(puzzle_id: str, name: str) -> None:
    puzzle, piece = _piece(puzzle_id, name)
    table = orientation_table(puzzle.lattice, piece)
    steps = puzzle.lattice.rotation_steps
    count = len(piece.orientations)
    assert table.shapes == piece.orientations
    assert sorted(table.rotate) == list(range(count))  # permutations
    assert sorted(table.flip) == list(range(count))
    for i in range(count):
        assert _power(table.rotate, i, steps) == i  # 4 quarter turns, 6 sixth turns
        assert table.flip[table.flip[i]] == i
        # flip, rotate, flip is a rotation the other way: a reflection group
        assert table.flip[table.rotate[table.flip[i]]] == _power(table.rotate, i, steps - 1)
    reached, frontier = {0}, [0]
    while frontier:
        here = frontier.pop()
        for there in (table.rotate[here], table.flip[here]):
            if there not in reached:
                reached.add(there)
                frontier.append(there)
    assert reached == set(range(count))


@pytest.mark.parametrize(("puzzle_id", "name"), PIECES)
def test_anchors_are_cells_a_translation_can_move_onto_the_chosen_cell(puzzle_id: str, name: str) -> None:
    puzzle, piece = _piece(puzzle_id, name)
    lattice = puzzle.lattice
    table = orientation_table(lattice, piece)
    for shape, anchors in zip(table.shapes, table.anchors, strict=True):
        for parity, anchor in enumerate(anchors):
            assert anchor is not None  # every catalog piece has a cell of each kind
            r, c = shape[anchor]
            assert lattice.is_translation(-r, parity - c)
        if lattice.name == "square":
            assert anchors[0] == anchors[1]


def test_rotation_is_clockwise_and_flip_is_left_to_right_on_screen() -> None:
    puzzle, piece = _piece("pentomino-6x10", "L")
    table = orientation_table(puzzle.lattice, piece)
    lying = piece.orientations.index(((0, 0), (0, 1), (0, 2), (0, 3), (1, 0)))  # ####
    #                                                                             #...
    turned = table.shapes[table.rotate[lying]]  # a quarter turn clockwise: ##, then # three times
    assert turned == ((0, 0), (0, 1), (1, 1), (2, 1), (3, 1))
    assert table.shapes[table.flip[lying]] == ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3))  # ####, ...#


def test_triangles_turn_by_sixty_degrees() -> None:
    puzzle, piece = _piece("hexiamond-tenyo", "hook")
    table = orientation_table(puzzle.lattice, piece)
    cycle = [_power(table.rotate, 0, k) for k in range(6)]
    assert len(set(cycle)) == 6  # six different orientations before the seventh step returns
    assert table.flip[0] not in cycle  # the hook is chiral: its mirror image is no rotation of it
    # one step is a sixth of a turn: the image of the drawing's first orientation, turned by 60°
    turned = puzzle.lattice.normalize(puzzle.lattice.apply(Transform(1, False), c) for c in table.shapes[0])
    assert table.shapes[table.rotate[0]] == turned[0]


def test_orientation_of_a_placement_on_the_board() -> None:
    puzzle = get_puzzle("hexiamond-tenyo")
    for piece_index, placements in enumerate(board_placements(puzzle)):
        piece = puzzle.pieces[piece_index]
        for placement in placements[:: max(1, len(placements) // 7)]:
            index = orientation_of(puzzle.lattice, piece, placement.cells)
            assert puzzle.lattice.normalize(placement.cells)[0] == piece.orientations[index]


def _view(puzzle_id: str, target: str) -> BoardView:
    puzzle = get_puzzle(puzzle_id)
    placement = board_placements(puzzle)[1][0]
    code = encode_position(puzzle, [placement])
    assert code is not None
    return BoardView(puzzle, puzzle.target(target), (placement,), code, "puzzle_bot", "0_24_")


@pytest.mark.parametrize(
    ("puzzle_id", "target"), [("calendar-dragonfjord", "01-25"), ("hexiamond-tenyo", "board")]
)
def test_page_data_describes_the_board(puzzle_id: str, target: str) -> None:
    view = _view(puzzle_id, target)
    data = board_data(view)
    puzzle = view.puzzle
    assert [tuple(c["cell"]) for c in data["cells"]] == list(puzzle.cells)
    assert all(len(c["points"]) == puzzle.lattice.corners for c in data["cells"])
    assert data["cells"][0]["points"] == polygon(puzzle.lattice, puzzle.cells[0])
    assert [p["name"] for p in data["pieces"]] == list(puzzle.piece_names)
    assert [len(p["orientations"]) for p in data["pieces"]] == [len(p.orientations) for p in puzzle.pieces]
    assert {tuple(c) for c in data["uncovered"]} == set(view.target.uncovered)
    assert data["placements"] == [
        {"piece": puzzle.pieces[1].name, "cells": [list(c) for c in view.placements[0].cells]}
    ]
    assert data["code"] == view.code
    assert data["telegram"] == "https://t.me/puzzle_bot?start=0_24_"
    assert data["api"]["saved"] == f"/api/v1/me/positions/{puzzle_id}/{target}"
    assert all(re.fullmatch(r"#[0-9a-f]{6}", p["colour"]) for p in data["pieces"])


def test_the_page_embeds_its_data_as_inert_json() -> None:
    view = _view("calendar-dragonfjord", "01-25")
    page = render_board_page(view)
    match = re.search(r'<script type="application/json" id="board-data">(.*?)</script>', page)
    assert match is not None
    assert "<" not in match.group(1)  # nothing in the data can close the script element
    assert json.loads(match.group(1)) == json.loads(json.dumps(board_data(view)))
    assert 'data-testid="remaining"' in page and 'aria-live="polite"' in page
    assert page.count('class="tray-piece"') == 8
    assert 'href="https://t.me/puzzle_bot?start=0_24_' + view.code + '"' in page
    # two inline scripts, the "js" class on <html> and the modules' import map, each allowed by its
    # hash in the policy; no other code
    assert page.count("<script>") == 1 and f"<script>{SCRIPTED}</script>" in page
    assert page.count("<script type=") == 4  # the two JSON data, the import map, the one module
    assert f'<script type="importmap">{IMPORT_MAP}</script>' in page
    assert page.count('<script type="module"') == 1
    policy = BOARD_POLICY.split("script-src ")[1].split(";")[0]
    assert policy == f"'self' {SCRIPTED_HASH} {IMPORT_MAP_HASH}"


# ---------------------------------------------------------------- languages

MODULES = Path(api.web.__file__).parent / "static" / "board"
BOARD_JS = "\n".join(  # the board's modules but the Telegram shim
    path.read_text(encoding="utf-8") for path in sorted(MODULES.glob("*.js")) if path.name != "telegram.js"
)


STATIC_JS = sorted((MODULES.parent).rglob("*.js"))


@pytest.mark.parametrize("path", STATIC_JS, ids=lambda path: path.relative_to(MODULES.parent).as_posix())
def test_the_scripts_declare_with_let_and_const(path: Path) -> None:
    """No script declares with ``var``: a name lives in its block, and one never reassigned is ``const``
    (eslint's no-var and prefer-const)."""
    declared = re.findall(r"^.*\bvar\s+[\w$]+.*$", path.read_text(encoding="utf-8"), re.MULTILINE)
    assert declared == []


def test_each_board_module_holds_its_own_state() -> None:
    """No state object shared by the modules: each holds its state in its own variables and exports
    functions over it, never a variable another module could watch change (``export let``)."""
    scripts = {path.name: path.read_text(encoding="utf-8") for path in MODULES.glob("*.js")}
    assert "state.js" not in scripts
    for name, script in scripts.items():
        assert not re.search(r"^export (let|var)\b", script, re.MULTILINE), name
        assert not re.search(r"\bimport \{[^}]*\bstate\b", script), name


def _strings(page: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="strings">(.*?)</script>', page)
    assert match is not None
    assert "<" not in match.group(1)  # nothing in the words can close the script element
    strings: dict[str, Any] = json.loads(match.group(1))
    return strings


def test_the_script_gets_every_word_it_writes_from_the_page() -> None:
    """Every message key the board's modules use is in the page's strings, in both languages, with the same
    {fields}; no English sentence is left in the script itself."""
    used = set(re.findall(r'\btn?\("(\w+)"', BOARD_JS))  # t("key", ...), tn("key", n)
    english, japanese = board_strings("en"), board_strings("ja")
    assert used and used <= set(english) and set(english) == set(japanese)
    named = set(re.findall(r'"(\w+)"', BOARD_JS))  # keys chosen first: var solved = ... "solved"
    assert set(english) <= named  # nothing sent that the script never says
    for key, text in english.items():
        forms = text if isinstance(text, list) else [text]
        translated = japanese[key] if isinstance(japanese[key], list) else [japanese[key]]
        same_in_both = ("listLast",)  # "{names} and {last}"
        assert all(f != t for f, t in zip(forms, translated, strict=True)) or key in same_in_both, key
        for form, other in zip(forms, translated, strict=True):
            assert fields(other) <= fields(form) and fields(form) - {"n"} <= fields(other), key
    assert not re.search(r'"[A-Z][a-z]+( [a-z]+){2,}', BOARD_JS)  # e.g. "Pick a piece first"


def test_the_board_page_in_japanese() -> None:
    view = replace(_view("calendar-dragonfjord", "01-25"), language=PageLanguage("ja"))
    page = render_board_page(view)
    assert page.startswith('<!doctype html><html lang="ja">')
    for words in (
        "回転",
        "元に戻す",
        "あなたのボードからのヒント",
        "遊び方",
        "ピース L",
        "1月25日",
        "← 今日のパズル",
    ):
        assert words in page, words
    strings = _strings(page)
    assert strings["countText"] == ["通りの解がまだ可能（全{n}通り中）"] * 2
    assert strings["listSeparator"] == "、"
    assert board_data(view)["api"]["query"] == "?lang=ja"
    assert f'href="/play/calendar-dragonfjord/01-25?p={view.code}&amp;lang=ja"' in page  # the share link
    assert f'href="/play/calendar-dragonfjord/01-25?p={view.code}" lang="en"' in page  # the switch
    assert '<a class="back" href="/?lang=ja">' in page
    assert 'y="20">1月</text>' in page and ">Jan</text>" not in page  # the board's month cells
    english = render_board_page(replace(view, language=PageLanguage()))
    assert (
        '<html lang="en">' in english and "Rotate <kbd>R</kbd>" in english and 'y="20">Jan</text>' in english
    )
    assert _strings(english)["countText"] == [
        "of {n} solution still possible",
        "of {n} solutions still possible",
    ]
    assert board_data(replace(view, faceup=True))["api"]["query"] == "?faceup=true&lang=ja"


def test_a_boards_static_data_is_worked_out_once_per_puzzle_and_bounded() -> None:
    """The pieces' orientation tables were half of every board page's rendering; they depend on the
    puzzle alone, and the puzzles people define will be many, so at most STATIC_PUZZLES are kept."""
    puzzle = get_puzzle("pentomino-3x20")
    first = board._pieces_data(puzzle)
    assert board._pieces_data(puzzle) is first
    for n in range(board.STATIC_PUZZLES + 5):
        board._pieces_data(replace(puzzle, id=f"people-{n}"))
    assert board._pieces_data.cache.currsize == board.STATIC_PUZZLES  # type: ignore[attr-defined]
    assert board._pieces_data(puzzle) is not first  # the oldest went first
