"""``/api/v1/puzzles/.../position(s)`` and ``POST /api/v1/check`` in process (TestClient) on a copy of
the sample store: analyses and hints agree with the service; malformed input is 422, unknown ids 404."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from hints.codes import board_placements, code_cells
from hints.position_hints import position_hint
from hints.positions import PlacedPiece, analyse_position, check_position, parse_placements
from hints.raw_solutions import raw_solutions
from hints.solutions import all_solutions
from render.position import position_image, position_text
from solver.catalog import Puzzle
from solver.encoding import Placement, is_flipped
from solver.puzzles import get_puzzle
from solver.stages import Stage
from solver.verify import check_solution
from tests.support.api_server import assert_error, assert_png

CALENDAR = get_puzzle("calendar-dragonfjord")
HOLE = get_puzzle("pentomino-8x8-hole")
BASE = "/api/v1/puzzles/calendar-dragonfjord/targets/01-25"
BOARD = "/api/v1/puzzles/pentomino-8x8-hole/targets/board"
X_IN_THE_CORNER: dict[str, object] = {
    "piece": "X",
    "cells": [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]],
}  # walls off [0, 0]
COVERS_JAN: dict[str, object] = {"piece": "R", "cells": [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]}
NOT_A_SHAPE: dict[str, object] = {"piece": "R", "cells": [[2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [2, 1]]}
IMMUTABLE = "public, max-age=31536000, immutable"


def as_json(puzzle: Puzzle, placements: Sequence[Placement]) -> list[dict[str, object]]:
    return [
        {"piece": puzzle.pieces[p.piece].name, "cells": [list(c) for c in sorted(p.cells)]}
        for p in sorted(placements, key=lambda p: p.piece)
    ]


def solution(
    sessions: sessionmaker[Session], puzzle: Puzzle, target: str, n: int = 1
) -> list[dict[str, object]]:
    with sessions() as session:
        return as_json(puzzle, all_solutions(session, puzzle, puzzle.target(target))[n - 1])


def pieces(items: list[dict[str, object]]) -> list[PlacedPiece]:
    return [PlacedPiece(str(i["piece"]), tuple(tuple(c) for c in i["cells"])) for i in items]  # type: ignore[attr-defined, misc]


def analysed(
    api: TestClient, base: str, placements: list[dict[str, object]], **params: str
) -> dict[str, object]:
    response = api.post(f"{base}/position", json={"placements": placements}, params=params)
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    return response.json()  # type: ignore[no-any-return]


# ---------------------------------------------------------------- analysis


def test_the_empty_board_counts_every_solution(api: TestClient) -> None:
    empty = analysed(api, BASE, [])
    assert (empty["remaining"], empty["total"], empty["distinct_total"], empty["placed"]) == (
        216,
        216,
        216,
        0,
    )
    assert empty["legal"] and not empty["dead_end"] and not empty["solved"] and empty["code"]
    hints = empty["hints"]
    assert isinstance(hints, list) and [h["stage"] for h in hints] == [1, 2, 3]
    assert hints[0]["url"] == f"{BASE}/positions/{empty['code']}/hints/1"
    assert hints[0]["title"] == "From your board: the safest next piece"


def test_each_prefix_of_a_solution_agrees_with_the_service_and_its_code(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    placements = solution(sessions, CALENDAR, "01-25")
    for count in range(1, len(placements) + 1):
        answer = analysed(api, BASE, placements[:count])
        with sessions() as session:
            expected = analyse_position(
                session,
                CALENDAR,
                CALENDAR.target("01-25"),
                parse_placements(CALENDAR, pieces(placements[:count])),
            )
        assert (answer["remaining"], answer["code"], answer["placed"]) == (
            expected.remaining,
            expected.code,
            count,
        )
        assert api.get(f"{BASE}/positions/{answer['code']}").json() == answer  # the code names the same board
    assert answer["solved"] and answer["solution_number"] == 1 and answer["hints"] == []


def test_a_repeated_analysis_from_the_cache_is_the_same(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    placements = solution(sessions, HOLE, "board", 9)[:3]
    assert analysed(api, BOARD, placements) == analysed(api, BOARD, placements)


def test_a_symmetric_board_counts_arrangements_and_classes(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    empty = analysed(api, BOARD, [])
    assert (empty["total"], empty["distinct_total"], empty["remaining"], empty["distinct_remaining"]) == (
        520,
        65,
        520,
        65,
    )
    solved = analysed(api, BOARD, solution(sessions, HOLE, "board", 7))
    assert solved["solved"] and (
        solved["solution_number"],
        solved["remaining"],
        solved["distinct_remaining"],
    ) == (7, 1, 1)


def test_a_dead_end_names_what_to_take_off_and_its_hints_start_there(api: TestClient) -> None:
    answer = analysed(api, BOARD, [X_IN_THE_CORNER])
    assert answer["legal"] and answer["dead_end"] and answer["remaining"] == 0 and answer["take_off"] == ["X"]
    hint = api.get(f"{BOARD}/positions/{answer['code']}/hints/1").json()
    assert (hint["take_off"], hint["given"], len(hint["placements"])) == (["X"], [], 1)
    assert "take off X" in hint["caption"]


def test_rule_breaking_boards_are_illegal_not_errors(api: TestClient) -> None:
    covers = analysed(api, BASE, [COVERS_JAN])
    assert not covers["legal"] and covers["problems"] == ["piece R covers Jan, which 01-25 leaves open"]
    assert (covers["remaining"], covers["hints"]) == (0, [])
    assert analysed(api, BASE, [COVERS_JAN], lang="ja")["problems"] == [
        "ピース R が 1月 を覆っています（01-25 では空けておくマスです）"
    ]
    assert_error(api.get(f"{BASE}/positions/{covers['code']}/hints/1"), 422, "illegal_position")
    bent = analysed(api, BASE, [NOT_A_SHAPE])
    assert not bent["legal"] and bent["code"] is None and "rotation or reflection" in str(bent["problems"])


def test_face_up_analysis_counts_only_face_up_solutions(api: TestClient) -> None:
    assert analysed(api, BASE, [], faceup="true")["remaining"] == 11
    code = analysed(api, BASE, [])["code"]
    assert api.get(f"{BASE}/positions/{code}", params={"faceup": "true"}).json()["total"] == 11


def test_a_face_up_solve_is_numbered_among_the_face_up_solutions(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    face_up = api.get(
        "/api/v1/puzzles/calendar-dragonfjord/targets/01-22/solutions", params={"faceup": "true"}
    ).json()
    assert face_up["total"] == 3
    assert [stored["n"] for stored in face_up["solutions"]] != [1, 2, 3]  # stored numbers run past 3
    base = "/api/v1/puzzles/calendar-dragonfjord/targets/01-22"
    for place, stored in enumerate(face_up["solutions"], 1):
        answer = analysed(api, base, stored["placements"], faceup="true")
        assert answer["solved"] and (answer["solution_number"], answer["distinct_total"]) == (place, 3)
        usual = analysed(api, base, stored["placements"])
        assert (usual["solution_number"], usual["all_sides_total"]) == (stored["n"], None)
    assert analysed(api, base, [], faceup="true")["all_sides_total"] == 78


def test_a_whole_board_that_turns_a_piece_over_is_a_face_up_dead_end(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    with sessions() as session:
        raw = raw_solutions(session, CALENDAR, CALENDAR.target("01-25"))
    turned = next(s for s in raw.solutions if any(is_flipped(CALENDAR, p) for p in s))
    answer = analysed(api, BASE, as_json(CALENDAR, list(turned)), faceup="true")
    assert (answer["solved"], answer["dead_end"], answer["solution_number"]) == (False, True, None)
    kept = [p for p in as_json(CALENDAR, list(turned)) if p["piece"] not in answer["take_off"]]
    assert answer["take_off"] and analysed(api, BASE, kept, faceup="true")["remaining"] > 0
    assert analysed(api, BASE, as_json(CALENDAR, list(turned)))["solved"]


def test_solution_digits_are_immutable_and_in_layout_order(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    response = api.get(f"{BASE}/solution-digits")
    assert response.status_code == 200 and response.headers["cache-control"] == IMMUTABLE
    found = response.json()
    with sessions() as session:
        raw = raw_solutions(session, CALENDAR, CALENDAR.target("01-25"))
    placements = board_placements(CALENDAR)
    assert found["pieces"] == list(CALENDAR.piece_names)
    assert [{placements[i][d - 1] for i, d in enumerate(row)} for row in found["solutions"]] == [
        set(s) for s in raw.solutions
    ]
    assert found["code"]["cells"] == [list(c) for c in code_cells(CALENDAR)]
    assert (len(found["classes"]), len(found["face_up"]), found["stored"]) == (len(raw), len(raw), len(raw))
    assert_error(api.get("/api/v1/puzzles/calendar-dragonfjord/targets/13-01/solution-digits"), 404)


def test_a_date_without_face_up_solutions_says_how_many_it_has_with_turning(api: TestClient) -> None:
    base = "/api/v1/puzzles/calendar-dragonfjord/targets/01-29"
    empty = analysed(api, base, [], faceup="true")
    assert (empty["total"], empty["all_sides_total"], empty["dead_end"]) == (0, 74, True)
    error = assert_error(
        api.get(f"{base}/positions/{empty['code']}/hints/1", params={"faceup": "true"}),
        404,
        "no_faceup_solution",
    )
    assert str(error["message"]).endswith("; 74 with turning")


def _conflicting_pair(sessions: sessionmaker[Session]) -> tuple[Placement, Placement]:
    """Two placements on the 8x8 board, no solution has both, the second in more solutions."""
    with sessions() as session:
        raw = raw_solutions(session, HOLE, HOLE.target("board"))
    ranked = sorted(raw.masks.items(), key=lambda item: item[1].bit_count())
    for rare, rare_mask in ranked:
        for common, common_mask in reversed(ranked):
            if common.piece == rare.piece or set(common.cells) & set(rare.cells):
                continue
            if not rare_mask & common_mask and common_mask.bit_count() > rare_mask.bit_count():
                return rare, common
    raise AssertionError("no conflicting pair")


def test_fixed_pieces_are_never_taken_off(api: TestClient, sessions: sessionmaker[Session]) -> None:
    rare, common = _conflicting_pair(sessions)
    board = as_json(HOLE, [rare, common])
    rare_name = HOLE.pieces[rare.piece].name
    common_name = HOLE.pieces[common.piece].name
    assert analysed(api, BOARD, board)["take_off"] == [rare_name]  # the fewer extensions go
    kept = analysed(api, BOARD, board, fixed=rare_name)
    assert kept["dead_end"] and kept["take_off"] == [common_name]
    code = kept["code"]
    by_code = api.get(f"{BOARD}/positions/{code}", params={"fixed": rare_name}).json()
    assert by_code["take_off"] == [common_name]
    assert by_code["hints"][0]["url"].endswith(f"?fixed={rare_name}")
    hint = api.get(f"{BOARD}/positions/{code}/hints/1", params={"fixed": rare_name}).json()
    assert hint["take_off"] == [common_name] and rare_name in [p["piece"] for p in hint["given"]]
    assert_error(api.get(f"{BOARD}/positions/{code}", params={"fixed": "Q"}), 422, "unknown_piece")


# ---------------------------------------------------------------- hints from a position


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_a_hint_agrees_with_the_service_and_is_immutable(
    api: TestClient, sessions: sessionmaker[Session], stage: int
) -> None:
    given = solution(sessions, CALENDAR, "01-25", 3)[:2]
    code = analysed(api, BASE, given)["code"]
    response = api.get(f"{BASE}/positions/{code}/hints/{stage}")
    assert response.headers["cache-control"] == IMMUTABLE
    body = response.json()
    with sessions() as session:
        hint = position_hint(
            session,
            CALENDAR,
            CALENDAR.target("01-25"),
            parse_placements(CALENDAR, pieces(given)),
            Stage(stage),
        )
    assert (body["stage"], body["code"], body["given"]) == (stage, code, given)
    assert (body["placements"], body["remaining"], body["total"], body["in_every"]) == (
        as_json(CALENDAR, hint.added),
        hint.remaining,
        216,
        hint.in_every,
    )
    assert (
        api.get(
            f"{BASE}/positions/{code}/hints/{stage}", headers={"If-None-Match": response.headers["etag"]}
        ).status_code
        == 304
    )


def test_hint_3_finishes_the_board(api: TestClient, sessions: sessionmaker[Session]) -> None:
    given = solution(sessions, CALENDAR, "01-25", 3)[:2]
    code = analysed(api, BASE, given)["code"]
    full = api.get(f"{BASE}/positions/{code}/hints/3").json()
    assert analysed(api, BASE, [*given, *full["placements"]])["solved"]
    assert full["caption"].endswith("to finish the board.") and "way to finish" not in full["caption"]


def test_a_hints_image_and_text_are_the_services_drawing(
    api: TestClient, sessions: sessionmaker[Session]
) -> None:
    answer = analysed(api, BOARD, [X_IN_THE_CORNER])
    with sessions() as session:
        hint = position_hint(
            session, HOLE, HOLE.target("board"), parse_placements(HOLE, pieces([X_IN_THE_CORNER])), Stage.HALF
        )
    drawing = hint.drawing(HOLE, HOLE.target("board"))
    url = f"{BOARD}/positions/{answer['code']}/hints/2"
    assert assert_png(api.get(f"{url}.png")) == position_image(drawing)
    assert assert_png(api.get(f"{url}.png", params={"lang": "ja"})) == position_image(drawing, "ja")
    text = api.get(f"{url}.txt")
    assert text.headers["content-type"] == "text/plain; charset=utf-8"
    assert text.text == position_text(drawing) + "\n" == api.get(f"{url}.txt", params={"lang": "ja"}).text


def test_hint_titles_captions_and_links_follow_the_language(api: TestClient) -> None:
    code = analysed(api, BASE, [])["code"]
    url = f"{BASE}/positions/{code}/hints/1"
    english, japanese = api.get(url).json(), api.get(url, params={"lang": "ja"}).json()
    assert (english["title"], japanese["title"]) == (
        "From your board: the safest next piece",
        "あなたのボードから：いちばん確かな次の一手",
    )
    assert japanese["placements"] == english["placements"] and japanese["caption"] != english["caption"]
    assert (english["image"], japanese["image"]) == (f"{url}.png", f"{url}.png?lang=ja")
    links = api.get(f"{BASE}/positions/{code}", params={"lang": "ja", "faceup": "true"}).json()["hints"][0]
    assert (links["url"], links["text"]) == (f"{url}?faceup=true&lang=ja", f"{url}.txt?faceup=true")


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("placements", "code"),
    [
        ([{"piece": "Q", "cells": [[2, 0]]}], "unknown_piece"),
        ([{"piece": "L", "cells": [[2, 0]]}, {"piece": "L", "cells": [[3, 0]]}], "piece_used_twice"),
        ([{"piece": "L", "cells": [[2, 0]]}, {"piece": "N", "cells": [[2, 0]]}], "overlapping_pieces"),
        ([{"piece": "L", "cells": [[9, 9]]}], "cell_off_board"),
        ([{"piece": "L", "cells": [[2, 0], [2, 0]]}], "repeated_cell"),
    ],
)
def test_malformed_boards_are_422(api: TestClient, placements: list[dict[str, object]], code: str) -> None:
    assert_error(api.post(f"{BASE}/position", json={"placements": placements}), 422, code)


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("GET", f"{BASE}/positions/1AAAA", 422, "invalid_code"),
        ("GET", f"{BASE}/positions/9AAAAAAAAA", 422, "invalid_code"),
        ("GET", f"{BASE}/positions/1AAAAAAAAAA/hints/4", 422, "invalid_request"),
        ("GET", f"{BASE}/positions/1AAAAAAAAAA/hints/0.png", 422, "invalid_request"),
        ("GET", f"{BASE}/positions/1AAAAAAAAAA?lang=xx", 422, "unknown_language"),
        ("GET", f"{BASE}/positions/1AAAAAAAAAA/hints/1.png?lang=fr", 422, "unknown_language"),
        (
            "GET",
            "/api/v1/puzzles/calendar-dragonfjord/targets/13-40/positions/1AAAAAAAAAA",
            404,
            "unknown_target",
        ),
        ("POST", "/api/v1/puzzles/nope/targets/board/position", 404, "unknown_puzzle"),
        (
            "GET",
            "/api/v1/puzzles/calendar-dragonfjord/targets/03-01/positions/1AAAAAAAAAA",
            503,
            "not_precomputed",
        ),
    ],
)
def test_bad_codes_stages_and_ids_get_the_error_shape(
    api: TestClient, method: str, path: str, status: int, code: str
) -> None:
    assert_error(api.request(method, path, json={"placements": []}), status, code)


def test_a_body_with_unknown_fields_is_refused(api: TestClient) -> None:
    assert_error(api.post(f"{BASE}/position", json={"placements": [], "extra": 1}), 422, "invalid_request")


# ---------------------------------------------------------------- POST /check


def check(api: TestClient, body: dict[str, object]) -> dict[str, object]:
    response = api.post("/api/v1/check", json=body)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def test_check_counts_agree_with_the_service(api: TestClient, sessions: sessionmaker[Session]) -> None:
    for target, n in (("01-25", 1), ("02-30", 4), ("11-24", 9)):
        placed = solution(sessions, CALENDAR, target, n)[:3]
        answer = check(api, {"puzzle": CALENDAR.id, "target": target, "placements": placed})
        with sessions() as session:
            expected = check_position(session, CALENDAR, CALENDAR.target(target), pieces(placed))
        assert (answer["extensions"], answer["total"], answer["placed"]) == (
            expected.extensions,
            expected.total,
            3,
        )
        assert answer["legal"] and not answer["dead_end"] and answer["solution"] is None


def test_check_on_a_board_may_leave_the_target_out_and_counts_every_image(api: TestClient) -> None:
    answer = check(api, {"puzzle": HOLE.id, "placements": []})
    assert (answer["target"], answer["extensions"], answer["total"]) == ("board", 520, 520)


def test_check_completes_a_placement_with_a_verified_solution(api: TestClient) -> None:
    given = {"piece": "L", "cells": [[2, 3], [3, 3], [3, 4], [3, 5], [3, 6]]}
    answer = check(api, {"puzzle": CALENDAR.id, "target": "01-25", "placements": [given], "complete": True})
    completed = answer["solution"]
    assert isinstance(completed, list) and len(completed) == 8 and given in completed
    check_solution(CALENDAR, CALENDAR.target("01-25"), parse_placements(CALENDAR, pieces(completed)))


def test_check_of_a_dead_end_and_of_an_illegal_placement(api: TestClient) -> None:
    dead = check(api, {"puzzle": HOLE.id, "placements": [X_IN_THE_CORNER], "complete": True})
    assert dead["legal"] and (dead["extensions"], dead["dead_end"], dead["solution"]) == (0, True, None)
    illegal = check(api, {"puzzle": CALENDAR.id, "target": "01-25", "placements": [COVERS_JAN]})
    assert not illegal["legal"] and illegal["problems"] == ["piece R covers Jan, which 01-25 leaves open"]
    assert (illegal["extensions"], illegal["dead_end"]) == (0, True)
    bent = check(api, {"puzzle": CALENDAR.id, "target": "01-25", "placements": [NOT_A_SHAPE]})
    assert bent["problems"] == ["the cells of piece R are not a rotation or reflection of it"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"puzzle": "nope", "placements": []}, 404, "unknown_puzzle"),
        ({"puzzle": "calendar-dragonfjord", "target": "13-01"}, 404, "unknown_target"),
        ({"puzzle": "calendar-dragonfjord"}, 422, "target_required"),
        ({"puzzle": "pentomino-6x10"}, 503, "not_precomputed"),
        ({"puzzle": HOLE.id, "placements": [{"piece": "L", "cells": [[3, 3]]}]}, 422, "cell_off_board"),
        ({"puzzle": HOLE.id, "placements": [{"piece": "L", "cells": [[0, 0, 0]]}]}, 422, "invalid_request"),
        ({"puzzle": HOLE.id, "placements": [{"piece": "L", "cells": [["0", 1]]}]}, 422, "invalid_request"),
        ({"puzzle": HOLE.id, "placements": [{"piece": "L", "cells": [[True, 1]]}]}, 422, "invalid_request"),
        ({"puzzle": HOLE.id, "placements": [{"piece": "L", "cells": []}]}, 422, "invalid_request"),
        (
            {"puzzle": HOLE.id, "placements": [{"piece": "L", "cells": [[i, 0] for i in range(65)]}]},
            422,
            "invalid_request",
        ),
        ({"puzzle": HOLE.id, "complete": "yes please"}, 422, "invalid_request"),
        ({"placements": []}, 422, "invalid_request"),
    ],
)
def test_check_refuses_what_it_cannot_read(
    api: TestClient, body: dict[str, object], status: int, code: str
) -> None:
    assert_error(api.post("/api/v1/check", json=body), status, code)


def test_an_overlap_names_both_pieces_and_the_cell(api: TestClient) -> None:
    body = {
        "puzzle": CALENDAR.id,
        "target": "01-25",
        "placements": [{"piece": "L", "cells": [[0, 1], [1, 1]]}, {"piece": "P", "cells": [[1, 1]]}],
    }
    error = assert_error(api.post("/api/v1/check", json=body), 422, "overlapping_pieces")
    assert error["message"] == "pieces L and P overlap at Aug"
