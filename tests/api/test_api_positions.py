"""The position endpoints over HTTP: analysis, codes, hints (JSON, PNG, text), errors and caching."""

from __future__ import annotations

import httpx
import pytest

from hints.codes import encode_position
from solver.catalog import get_puzzle
from solver.problem import Placement
from tests.support.api_server import assert_error, assert_png

CALENDAR = get_puzzle("calendar-dragonfjord")
BASE = "/api/v1/puzzles/calendar-dragonfjord/targets/01-25"
BOARD = "/api/v1/puzzles/pentomino-6x10/targets/board"


def body(placements: list[dict[str, object]]) -> dict[str, object]:
    return {"placements": placements}


def solution_placements(client: httpx.Client, base: str, n: int = 1) -> list[dict[str, object]]:
    solution = client.get(f"{base}/solutions/{n}").json()
    return solution["placements"]  # type: ignore[no-any-return]


def test_empty_position_then_prefixes_of_a_solution(client: httpx.Client) -> None:
    pieces = solution_placements(client, BASE)
    empty = client.post(f"{BASE}/position", json=body([])).json()
    assert (empty["remaining"], empty["total"], empty["distinct_total"]) == (216, 216, 216)
    assert empty["code"] and not empty["dead_end"] and not empty["solved"] and empty["placed"] == 0
    previous = 216
    for count in range(1, len(pieces) + 1):
        answer = client.post(f"{BASE}/position", json=body(pieces[:count])).json()
        assert answer["legal"] and answer["placed"] == count and 1 <= answer["remaining"] <= previous
        previous = answer["remaining"]
        again = client.get(f"{BASE}/positions/{answer['code']}").json()
        assert again == answer  # the code names the same position
    assert answer["solved"] and answer["solution_number"] == 1 and answer["hints"] == []


def test_symmetric_boards_count_arrangements_and_classes(client: httpx.Client) -> None:
    answer = client.post(f"{BOARD}/position", json=body([])).json()
    assert (answer["total"], answer["distinct_total"]) == (9356, 2339)
    assert (answer["remaining"], answer["distinct_remaining"]) == (9356, 2339)
    pieces = solution_placements(client, BOARD, 7)
    solved = client.post(f"{BOARD}/position", json=body(pieces)).json()
    assert solved["solved"] and solved["solution_number"] == 7 and solved["remaining"] == 1
    assert solved["distinct_remaining"] == 1
    one = client.post(f"{BOARD}/position", json=body(pieces[:1])).json()
    # a class counts once, however many of its rotations and reflections contain the piece
    assert 1 <= one["distinct_remaining"] <= one["remaining"] and one["distinct_remaining"] < 2339


def test_a_dead_end_names_what_to_take_off(client: httpx.Client) -> None:
    x_in_corner = {"piece": "X", "cells": [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]]}
    answer = client.post(f"{BOARD}/position", json=body([x_in_corner])).json()
    assert answer["legal"] and answer["dead_end"] and answer["remaining"] == 0 and answer["take_off"] == ["X"]
    hint = client.get(f"{BOARD}/positions/{answer['code']}/hints/1").json()
    assert hint["take_off"] == ["X"] and hint["given"] == [] and len(hint["placements"]) == 1
    assert "take off X" in hint["caption"]


def test_rule_breaking_positions_are_illegal_not_errors(client: httpx.Client) -> None:
    covers_jan = {"piece": "R", "cells": [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]}
    answer = client.post(f"{BASE}/position", json=body([covers_jan])).json()
    assert not answer["legal"] and "leaves open" in answer["problems"][0] and answer["remaining"] == 0
    assert answer["hints"] == []
    assert_error(client.get(f"{BASE}/positions/{answer['code']}/hints/1"), 422, "illegal_position")
    not_a_shape = {"piece": "R", "cells": [[2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [2, 1]]}
    bent = client.post(f"{BASE}/position", json=body([not_a_shape])).json()
    assert not bent["legal"] and bent["code"] is None and "rotation or reflection" in bent["problems"][0]
    in_japanese = client.post(f"{BASE}/position?lang=ja", json=body([covers_jan])).json()
    covers_jan_ja = "ピース R が [0, 0]（1月） を覆っています（01-25 では空けておくマスです）"
    assert in_japanese["problems"] == [covers_jan_ja]


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
def test_malformed_positions_are_422(
    client: httpx.Client, placements: list[dict[str, object]], code: str
) -> None:
    assert_error(client.post(f"{BASE}/position", json=body(placements)), 422, code)


def test_bad_codes_targets_and_puzzles(client: httpx.Client) -> None:
    error = assert_error(client.get(f"{BASE}/positions/1AAAA"), 422, "invalid_code")
    assert "11 characters" in error["message"]  # type: ignore[operator]
    assert_error(client.get(f"{BASE}/positions/9AAAAAAAAAA"), 422, "invalid_code")
    assert_error(client.get(f"{BASE}/positions/1AAAAAAAAAA/hints/4"), 422)
    assert_error(
        client.get("/api/v1/puzzles/calendar-dragonfjord/targets/13-40/positions/1AAAAAAAAAA"),
        404,
        "unknown_target",
    )
    assert_error(
        client.post("/api/v1/puzzles/nope/targets/board/position", json=body([])), 404, "unknown_puzzle"
    )
    assert_error(client.post(f"{BASE}/position", json={"placements": [], "extra": 1}), 422, "invalid_request")


def test_hints_are_cached_pure_functions_of_the_url(client: httpx.Client) -> None:
    pieces = solution_placements(client, BASE, 3)[:2]
    code = client.post(f"{BASE}/position", json=body(pieces)).json()["code"]
    for stage in (1, 2, 3):
        url = f"{BASE}/positions/{code}/hints/{stage}"
        first = client.get(url)
        assert first.status_code == 200 and "immutable" in first.headers["cache-control"]
        hint = first.json()
        assert hint["stage"] == stage and hint["code"] == code and len(hint["given"]) == 2
        assert hint["remaining"] >= 1 and hint["total"] == 216 and hint["placements"]
        again = client.get(url, headers={"If-None-Match": first.headers["etag"]})
        assert again.status_code == 304
        assert_png(client.get(f"{url}.png"))
        text = client.get(f"{url}.txt")
        assert text.status_code == 200 and "From your board" in text.text and "new:" in text.text
    full = client.get(f"{BASE}/positions/{code}/hints/3").json()
    check = client.post(f"{BASE}/position", json=body([*pieces, *full["placements"]])).json()
    assert check["solved"]  # stage 3 completes the board


def test_the_png_marks_hint_pieces_and_pieces_to_take_off(client: httpx.Client) -> None:
    piece = CALENDAR.piece_names.index("R")
    code = encode_position(CALENDAR, [Placement(piece, ((2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (3, 2)))])
    plain = assert_png(client.get(f"{BASE}/positions/{code}/hints/1.png"))
    assert plain != assert_png(client.get(f"{BASE}/positions/{code}/hints/2.png"))


def test_check_still_answers_as_before(client: httpx.Client) -> None:
    answer = client.post(
        "/api/v1/check", json={"puzzle": "calendar-dragonfjord", "target": "01-25", "placements": []}
    ).json()
    assert (answer["extensions"], answer["total"], answer["dead_end"]) == (216, 216, False)


def test_position_hints_speak_the_language_asked_for(client: httpx.Client) -> None:
    pieces = solution_placements(client, BASE, 5)[:2]
    code = client.post(f"{BASE}/position", json=body(pieces)).json()["code"]
    url = f"{BASE}/positions/{code}/hints/1"
    english, japanese = client.get(url).json(), client.get(url, params={"lang": "ja"}).json()
    assert english["title"] == "From your board: the safest next piece"
    assert japanese["title"] == "あなたのボードから：いちばん確かな次の一手"
    assert "置きましょう" in japanese["caption"] and japanese["placements"] == english["placements"]
    assert japanese["image"] == f"{url}.png?lang=ja" and english["image"] == f"{url}.png"
    png_en, png_ja = assert_png(client.get(f"{url}.png")), assert_png(client.get(f"{url}.png?lang=ja"))
    assert png_en != png_ja
    assert client.get(f"{url}.png").content == png_en  # each language cached apart
    assert client.get(f"{url}.txt?lang=ja").text == client.get(f"{url}.txt").text  # text stays English
    analysis = client.get(f"{BASE}/positions/{code}", params={"lang": "ja", "faceup": "true"}).json()
    first = analysis["hints"][0]
    assert first["title"] == japanese["title"]
    assert first["url"] == f"{url}?faceup=true&lang=ja" and first["text"] == f"{url}.txt?faceup=true"
    posted = client.post(f"{BASE}/position?lang=ja", json=body(pieces)).json()
    assert posted["hints"][1]["title"] == "あなたのボードから：残りのピースの半分"
    assert client.post(f"{BASE}/position", json=body(pieces)).json()["hints"][1]["title"].startswith("From")
