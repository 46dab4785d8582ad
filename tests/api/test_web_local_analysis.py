"""The board's own analysis (``api/web/static/board/local.js``, run under Node) against the
server's: on random positions of calendar dates, from the page's data and the target's
``solution-digits``, it gives the position API's answer field for field, or defers to the server.

The positions: random subsets of a random raw solution's pieces (so some solutions remain), the
same with a piece moved to a random free spot (mostly dead ends, with pieces to take off), whole
solutions (solved, and which one), in both modes (face-up too), some with fixed pieces.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from hints.codes import board_placements
from hints.raw_solutions import raw_solutions
from solver.encoding import Placement, is_flipped
from solver.puzzles import get_puzzle
from tests.support.browser import PROJECT_ROOT
from tests.support.node import require_node

CALENDAR = get_puzzle("calendar-dragonfjord")
LOCAL = PROJECT_ROOT / "api" / "web" / "static" / "board" / "local.js"
DATES = ("01-25", "01-29", "02-29", "11-24")  # 01-29: no face-up solution
POSITIONS = 30  # per date and mode
COMPARED = (
    "puzzle",
    "target",
    "code",
    "legal",
    "problems",
    "placed",
    "remaining",
    "total",
    "distinct_total",
    "distinct_remaining",
    "dead_end",
    "take_off",
    "solved",
    "solution_number",
    "all_sides_total",
)
RUNNER = """
import { localAnalyser } from "./local.mjs";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const cases = JSON.parse(text);
const answers = cases.map(function (one) {
  const analyse = localAnalyser(one.board, one.kit);
  return one.positions.map(function (position) {
    return analyse(new Map(position.map(function (p) { return [p.index, { cells: p.cells }]; })));
  });
});
process.stdout.write(JSON.stringify(answers));
"""
Position = list[dict[str, Any]]  # [{"index": i, "piece": name, "cells": [[r, c], ...]}]


@pytest.fixture(scope="module")
def node(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder where ``node runner.mjs`` runs the board's local.js (as an ES module)."""
    require_node()
    folder = tmp_path_factory.mktemp("node")
    shutil.copy(LOCAL, folder / "local.mjs")
    (folder / "runner.mjs").write_text(RUNNER)
    return folder


def run_local(node: Path, cases: list[dict[str, Any]]) -> list[list[dict[str, Any] | None]]:
    done = subprocess.run(
        ["node", "runner.mjs"], cwd=node, input=json.dumps(cases), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    answers: list[list[dict[str, Any] | None]] = json.loads(done.stdout)
    return answers


def board_data(api: TestClient, date: str, faceup: bool) -> dict[str, Any]:
    html = api.get(f"/play/{CALENDAR.id}/{date}", params={"faceup": "true"} if faceup else {}).text
    found = re.search(r'<script type="application/json" id="board-data">(.*?)</script>', html, re.S)
    assert found, "no board data in the page"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def as_position(placements: list[Placement]) -> Position:
    return [
        {"index": p.piece, "piece": CALENDAR.pieces[p.piece].name, "cells": [list(c) for c in p.cells]}
        for p in placements
    ]


def random_positions(
    raw: list[frozenset[Placement]], open_cells: set[Any], rng: random.Random
) -> list[Position]:
    """Parts of the solutions, parts with one piece moved elsewhere, whole ones (see the doc)."""
    spots = board_placements(CALENDAR)
    positions = []
    for n in range(POSITIONS):
        solution = sorted(rng.choice(raw), key=lambda p: p.piece)
        if n % 6 == 0:
            positions.append(as_position(solution))
            continue
        kept = rng.sample(solution, rng.randint(0, len(solution) - 1))
        if kept and n % 2:
            moved = kept.pop(rng.randrange(len(kept)))
            taken = {cell for p in kept for cell in p.cells} | open_cells
            free = [p for p in spots[moved.piece] if p != moved and not taken & set(p.cells)]
            if free:
                kept.append(rng.choice(free))
        positions.append(as_position(kept))
    return positions


def test_the_page_analyses_random_positions_as_the_server_does(
    api: TestClient, sessions: sessionmaker[Session], node: Path
) -> None:
    rng = random.Random(24)
    cases, expected = [], []
    for date in DATES:
        target = CALENDAR.target(date)
        with sessions() as session:
            raw = list(raw_solutions(session, CALENDAR, target).solutions)
        kit = api.get(f"/api/v1/puzzles/{CALENDAR.id}/targets/{date}/solution-digits").json()
        for faceup in (False, True):
            board = board_data(api, date, faceup)
            face_up = [s for s in raw if not any(is_flipped(CALENDAR, p) for p in s)]
            positions = random_positions((face_up if faceup else []) or raw, set(target.uncovered), rng)
            fixed = [rng.choice(p)["piece"] if p and i % 5 == 0 else "" for i, p in enumerate(positions)]
            for position, staying in zip(positions, fixed, strict=True):
                params = {"faceup": "true"} if faceup else {}
                params |= {"fixed": staying} if staying else {}
                placements = [{"piece": p["piece"], "cells": p["cells"]} for p in position]
                response = api.post(
                    f"/api/v1/puzzles/{CALENDAR.id}/targets/{date}/position",
                    json={"placements": placements},
                    params=params,
                )
                assert response.status_code == 200, response.text
                expected.append(response.json())
                cases.append(
                    {
                        "board": {**board, "fixed": [staying] if staying else []},
                        "kit": kit,
                        "positions": [position],
                    }
                )
    answers = [found[0] for found in run_local(node, cases)]
    compared = [(a, e) for a, e in zip(answers, expected, strict=True)]
    assert all(local is not None for local, _ in compared)
    mismatched = [
        (server["code"], {f: (local[f], server[f]) for f in COMPARED if local[f] != server[f]})
        for local, server in compared
        if local is not None and any(local[f] != server[f] for f in COMPARED)
    ]
    assert not mismatched, mismatched[:3]
    # the positions cover what the page must say: solutions left, dead ends with pieces to take
    # off, solves of either mode, and the date without a face-up solution
    assert any(e["remaining"] and not e["solved"] for e in expected)
    assert any(e["dead_end"] and e["take_off"] for e in expected)
    assert any(e["solved"] and e["all_sides_total"] is not None for e in expected)
    assert any(e["solved"] and e["all_sides_total"] is None for e in expected)
    assert any(e["total"] == 0 and e["all_sides_total"] for e in expected)


def test_only_the_server_words_a_piece_over_an_open_cell(api: TestClient, node: Path) -> None:
    date = "01-25"
    target = CALENDAR.target(date)
    over = next(
        p for p in board_placements(CALENDAR)[0] if set(p.cells) & target.uncovered
    )  # the first piece on the month or the day
    kit = api.get(f"/api/v1/puzzles/{CALENDAR.id}/targets/{date}/solution-digits").json()
    case = {"board": board_data(api, date, False), "kit": kit, "positions": [as_position([over])]}
    assert run_local(node, [case]) == [[None]]
    server = api.post(
        f"/api/v1/puzzles/{CALENDAR.id}/targets/{date}/position",
        json={"placements": [{"piece": p["piece"], "cells": p["cells"]} for p in as_position([over])]},
    ).json()
    assert server["legal"] is False and server["problems"]
