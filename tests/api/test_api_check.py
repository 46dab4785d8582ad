"""``POST /api/v1/check``: counts agree with a brute-force filter over the (raw) stored solutions."""

from __future__ import annotations

import random
from collections.abc import Iterable

import httpx
import pytest
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from solver.catalog import Puzzle
from solver.encoding import Placement, decode
from solver.geometry import symmetries
from solver.puzzles import get_puzzle
from solver.verify import check_solution
from tests.support.api_server import assert_error

Solution = frozenset[tuple[str, tuple[tuple[int, int], ...]]]


def stored(store: sessionmaker[Session], puzzle: Puzzle, target: str) -> list[tuple[Placement, ...]]:
    with store() as session:
        codes = repository.get_encodings(session=session, puzzle_id=puzzle.id, target=target)
    return [decode(puzzle, code) for code in codes]


def named(puzzle: Puzzle, placements: Iterable[Placement]) -> Solution:
    return frozenset((puzzle.pieces[p.piece].name, tuple(sorted(p.cells))) for p in placements)


def raw_images(puzzle: Puzzle, solutions: list[tuple[Placement, ...]]) -> set[Solution]:
    """Every solution under every board symmetry, computed here from the geometry alone."""
    images = set()
    for mapping in symmetries(puzzle.lattice, puzzle.cells, puzzle.labels):
        for solution in solutions:
            moved = [Placement(p.piece, tuple(sorted(mapping[c] for c in p.cells))) for p in solution]
            images.add(named(puzzle, moved))
    return images


def body(
    puzzle: str, target: str | None, pieces: Iterable[tuple[str, Iterable[tuple[int, int]]]], **extra: object
) -> dict[str, object]:
    placements = [{"piece": name, "cells": [list(c) for c in cells]} for name, cells in pieces]
    request: dict[str, object] = {"puzzle": puzzle, "placements": placements, **extra}
    if target is not None:
        request["target"] = target
    return request


def check(client: httpx.Client, request: dict[str, object]) -> dict[str, object]:
    response = client.post("/api/v1/check", json=request)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


@pytest.mark.parametrize("target", ["01-25", "10-06", "02-29", "02-30"])
def test_calendar_counts_match_brute_force(
    client: httpx.Client, store: sessionmaker[Session], target: str
) -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    solutions = [named(puzzle, s) for s in stored(store, puzzle, target)]
    rng = random.Random(target)
    for _ in range(12):
        chosen = rng.sample(sorted(rng.choice(solutions)), rng.randint(0, 4))
        answer = check(client, body(puzzle.id, target, chosen))
        expected = sum(1 for s in solutions if set(chosen) <= s)
        assert answer["legal"] is True
        assert answer["extensions"] == expected >= 1
        assert (answer["total"], answer["placed"], answer["dead_end"]) == (len(solutions), len(chosen), False)


def test_mirrored_board_placements_count_over_raw_solutions(
    client: httpx.Client, store: sessionmaker[Session]
) -> None:
    puzzle = get_puzzle("pentomino-6x10")
    raw = sorted(raw_images(puzzle, stored(store, puzzle, "board")), key=sorted)
    assert len(raw) == 4 * 2339
    rng = random.Random(6)
    for _ in range(10):
        chosen = rng.sample(sorted(rng.choice(raw)), rng.randint(1, 3))
        answer = check(client, body(puzzle.id, None, chosen))
        assert answer["extensions"] == sum(1 for s in raw if set(chosen) <= s) >= 1
        assert answer["total"] == len(raw)
        assert answer["target"] == "board"


def test_hexiamond_counts_match_brute_force(client: httpx.Client, store: sessionmaker[Session]) -> None:
    puzzle = get_puzzle("hexiamond-rhombus-6x6")
    raw = sorted(raw_images(puzzle, stored(store, puzzle, "board")), key=sorted)
    rng = random.Random(36)
    for _ in range(6):
        chosen = rng.sample(sorted(rng.choice(raw)), 2)
        answer = check(client, body(puzzle.id, "board", chosen))
        assert answer["extensions"] == sum(1 for s in raw if set(chosen) <= s)


def test_a_dead_end_has_no_extensions(client: httpx.Client) -> None:
    # The X next to the corner walls off cell [0, 0]: legal, but nothing completes it.
    answer = check(
        client,
        body("pentomino-6x10", "board", [("X", [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)])], complete=True),
    )
    assert answer["legal"] is True
    assert (answer["extensions"], answer["dead_end"], answer["solution"]) == (0, True, None)


def test_complete_returns_a_verified_solution_extending_the_placement(client: httpx.Client) -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    target = puzzle.target("01-25")
    given = [("L", [(2, 3), (3, 3), (3, 4), (3, 5), (3, 6)])]
    answer = check(client, body(puzzle.id, "01-25", given, complete=True))
    solution = answer["solution"]
    assert isinstance(solution, list) and len(solution) == 8
    placements = [
        Placement(puzzle.piece_names.index(p["piece"]), tuple(map(tuple, p["cells"]))) for p in solution
    ]
    check_solution(puzzle, target, placements)
    assert {"piece": "L", "cells": [[2, 3], [3, 3], [3, 4], [3, 5], [3, 6]]} in solution
    assert check(client, body(puzzle.id, "01-25", given))["solution"] is None


def test_empty_placement_counts_every_solution(client: httpx.Client) -> None:
    answer = check(client, body("hexiamond-tenyo", None, [], complete=True))
    assert (answer["extensions"], answer["total"], answer["placed"]) == (2 * 4968, 2 * 4968, 0)
    tenyo = get_puzzle("hexiamond-tenyo")
    solution = answer["solution"]
    assert isinstance(solution, list)
    placements = [
        Placement(tenyo.piece_names.index(p["piece"]), tuple(map(tuple, p["cells"]))) for p in solution
    ]
    check_solution(tenyo, tenyo.target("board"), placements)


def test_rule_breaking_placements_are_answered_as_illegal(client: httpx.Client) -> None:
    covers_the_date = check(
        client, body("calendar-dragonfjord", "01-25", [("L", [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)])])
    )
    assert covers_the_date["legal"] is False
    assert covers_the_date["problems"] == ["piece L covers Jan, which 01-25 leaves open"]
    assert (covers_the_date["extensions"], covers_the_date["dead_end"]) == (0, True)
    wrong_shape = check(
        client, body("pentomino-6x10", "board", [("I", [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)])])
    )
    assert wrong_shape["legal"] is False
    assert "rotation or reflection" in wrong_shape["problems"][0]  # type: ignore[index]
    too_few = check(client, body("pentomino-6x10", "board", [("I", [(0, 0), (0, 1)])]))
    assert too_few["legal"] is False


MALFORMED = [
    ({"puzzle": "nope", "placements": []}, 404, "unknown_puzzle"),
    ({"puzzle": "calendar-dragonfjord", "target": "13-01", "placements": []}, 404, "unknown_target"),
    ({"puzzle": "calendar-dragonfjord", "placements": []}, 422, "target_required"),
    (body("pentomino-6x10", None, [("Q", [(0, 0)])]), 422, "unknown_piece"),
    (body("pentomino-6x10", None, [("L", [(0, 0)]), ("L", [(5, 5)])]), 422, "piece_used_twice"),
    (body("pentomino-6x10", None, [("L", [(0, 0), (0, 0)])]), 422, "repeated_cell"),
    (body("pentomino-6x10", None, [("L", [(6, 0)])]), 422, "cell_off_board"),
    (body("pentomino-6x10", None, [("L", [(-1, 0)])]), 422, "cell_off_board"),
    (body("pentomino-6x10", None, [("L", [(10**30, 0)])]), 422, "cell_off_board"),
    (body("pentomino-8x8-hole", None, [("L", [(3, 3)])]), 422, "cell_off_board"),
    (body("calendar-dragonfjord", "01-25", [("L", [(0, 6)])]), 422, "cell_off_board"),
    (
        body("pentomino-6x10", None, [("L", [(0, 0), (1, 0)]), ("P", [(1, 0), (1, 1)])]),
        422,
        "overlapping_pieces",
    ),
    (body("pentomino-6x10", None, [("L", [(i, 0) for i in range(5000)])]), 422, "invalid_request"),
    (body("pentomino-6x10", None, [(str(i), [(0, 0)]) for i in range(100)]), 422, "invalid_request"),
    (body("pentomino-6x10", None, [("L", [])]), 422, "invalid_request"),
    (
        {"puzzle": "pentomino-6x10", "placements": [{"piece": "L", "cells": [[0, 0, 0]]}]},
        422,
        "invalid_request",
    ),
    (
        {"puzzle": "pentomino-6x10", "placements": [{"piece": "L", "cells": [["0", 1]]}]},
        422,
        "invalid_request",
    ),
    (
        {"puzzle": "pentomino-6x10", "placements": [{"piece": "L", "cells": [[0.5, 1]]}]},
        422,
        "invalid_request",
    ),
    (
        {"puzzle": "pentomino-6x10", "placements": [{"piece": "L", "cells": [[True, 1]]}]},
        422,
        "invalid_request",
    ),
    ({"puzzle": "pentomino-6x10", "placements": [{"piece": 3, "cells": [[0, 1]]}]}, 422, "invalid_request"),
    ({"puzzle": "pentomino-6x10", "placements": "L"}, 422, "invalid_request"),
    ({"placements": []}, 422, "invalid_request"),
    ({"puzzle": "pentomino-6x10", "complete": "yes please"}, 422, "invalid_request"),
]


@pytest.mark.parametrize(("request_body", "status", "code"), MALFORMED, ids=[c for _, _, c in MALFORMED])
def test_malformed_bodies(
    client: httpx.Client, request_body: dict[str, object], status: int, code: str
) -> None:
    assert_error(client.post("/api/v1/check", json=request_body), status, code)


def test_overlap_message_names_both_pieces_and_the_cell(client: httpx.Client) -> None:
    request = body("calendar-dragonfjord", "01-25", [("L", [(0, 1), (1, 1)]), ("P", [(1, 1)])])
    error = assert_error(client.post("/api/v1/check", json=request), 422, "overlapping_pieces")
    assert error["message"] == "pieces L and P overlap at Aug"
