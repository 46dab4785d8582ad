"""The editor's definitions (``api/web/static/make/definition.js`` and ``grids.js``, run under
Node) read by the server: a gallery puzzle opened in the editor and written again is the same
puzzle (board, labels, pieces), on squares and on hexagons; a hexagonal drawing whose top row is an
odd row of the grid keeps its shape when written at the top left corner."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from solver.definitions import PIECES_DIR, Definition, parse_definition
from solver.geometry import Cell, Lattice
from solver.puzzles import get_puzzle
from tests.support.browser import PROJECT_ROOT
from tests.support.node import require_node

PUZZLES = PIECES_DIR.parent / "puzzles"
MAKE = PROJECT_ROOT / "api" / "web" / "static" / "make"
RUNNER = """
import { emptyState, fromText, toText } from "./definition.js";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const answers = JSON.parse(text).map(function (one) {
  if (one.text != null) return toText(fromText(one.text, [], "Opened"), []);
  const state = emptyState(one.lattice, "Drawn");  // cells as the editor's grid has them
  one.cells.forEach(function (c) { state.cells.set(c[0] + "," + c[1], c[2] || ""); });
  state.targets = one.targets;
  state.drawn = one.pieces;
  return toText(state, []);
});
process.stdout.write(JSON.stringify(answers));
"""


@pytest.fixture(scope="module")
def node(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder where ``node runner.mjs`` runs the editor's definition.js."""
    require_node()
    folder = tmp_path_factory.mktemp("make")
    for name in ("definition.js", "grids.js"):
        shutil.copy(MAKE / name, folder / name)
    (folder / "package.json").write_text('{"type": "module"}')
    (folder / "runner.mjs").write_text(RUNNER)
    return folder


def written(node: Path, cases: list[dict[str, Any]]) -> list[str]:
    done = subprocess.run(
        ["node", "runner.mjs"], cwd=node, input=json.dumps(cases), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    texts: list[str] = json.loads(done.stdout)
    return texts


def parsed(text: str) -> Definition:
    found = parse_definition(text)
    assert isinstance(found, Definition), (text, found)
    return found


def at_origin(lattice: Lattice, cells: list[Cell], labels: dict[Cell, str]) -> set[tuple[Cell, str]]:
    """The cells with their labels ("" for a plain one), moved to the origin as a whole."""
    _, shift = lattice.normalize(cells)
    return {((r + shift[0], c + shift[1]), labels.get((r, c), "")) for r, c in cells}


@pytest.mark.parametrize("puzzle_id", ["calendar-hex-43", "calendar-hex-61", "calendar-dailypuzzle-8"])
def test_a_gallery_puzzle_opened_and_written_again_is_the_same_puzzle(node: Path, puzzle_id: str) -> None:
    gallery = get_puzzle(puzzle_id)
    [text] = written(node, [{"text": (PUZZLES / f"{puzzle_id}.txt").read_text(encoding="utf-8")}])
    assert ("lattice: hex\n" in text) == (gallery.lattice.name == "hex")
    mine = parsed(text)
    assert mine.lattice.name == gallery.lattice.name
    assert at_origin(mine.lattice, list(mine.cells), mine.labels) == at_origin(
        gallery.lattice, list(gallery.cells), dict(gallery.labels)
    )
    assert [(p.name, set(p.orientations)) for p in mine.pieces] == [
        (p.name, set(p.orientations)) for p in gallery.pieces
    ]
    assert [t.name for t in mine.targets] == [t.name for t in gallery.targets]


def test_a_hex_drawing_from_an_odd_row_keeps_its_shape_at_the_top_left(node: Path) -> None:
    # the editor's grid: offset rows, odd rows half a cell right; drawn from row 1
    board = [(1, 2), (1, 3), (2, 2), (2, 3), (2, 4), (3, 3)]
    piece = [(1, 1), (2, 1)]  # two hexagons, the lower one down and to the left
    pieces = [{"name": name, "cells": [list(c) for c in piece]} for name in "ABC"]
    [text] = written(
        node, [{"lattice": "hex", "cells": [list(c) for c in board], "targets": "board", "pieces": pieces}]
    )
    assert "piece A\n. #\n # .\n" in text, text
    assert text.endswith("board:\n. # #\n # # #\n. . #\n"), text
    mine = parsed(text)
    lattice = mine.lattice
    assert (
        lattice.normalize(mine.cells)[0] == lattice.normalize([lattice.from_text(r, c) for r, c in board])[0]
    )
    drawn = lattice.orientations([lattice.from_text(r, c) for r, c in piece])
    assert all(set(p.orientations) == set(drawn) for p in mine.pieces)
