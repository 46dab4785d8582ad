"""``/make``, the editor of people's own puzzles, in process: the page in each language with the
known piece sets and its words for the script, allowed in Telegram's frame like the board, its
modules in the import map; and the links to it from the boards and the daily page's frame."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from api.routes.web import BOARD_POLICY
from api.web import assets
from api.web.language import PageLanguage
from api.web.page import render_failure


def _json_script(page: str, element_id: str) -> dict[str, object]:
    found = re.search(rf'<script type="application/json" id="{element_id}">(.*?)</script>', page)
    assert found is not None, element_id
    loaded: dict[str, object] = json.loads(found.group(1))
    return loaded


def test_the_editor_has_the_piece_sets_and_its_words_and_runs_in_the_mini_app(api: TestClient) -> None:
    answer = api.get("/make")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    assert answer.headers["content-security-policy"] == BOARD_POLICY  # Telegram's frame, the import map
    page = answer.text
    data = _json_script(page, "make-data")
    sets = {s["name"]: s for s in data["sets"]}  # type: ignore[attr-defined]
    assert sets["pentominoes"]["lattice"] == "square" and sets["hexiamonds"]["lattice"] == "triangle"
    pieces = {p["name"]: p["cells"] for p in sets["pentominoes"]["pieces"]}
    assert len(pieces) == 12 and pieces["P"] == [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0]]
    assert data["months"][0] == "Jan" and data["maxCells"] == 64  # type: ignore[index]
    assert _json_script(page, "strings")["cells"] == ["{n} cell", "{n} cells"]
    assert f'src="{assets.url("make/main.js")}"' in page
    assert '<input type="radio" name="lattice" value="hex"> Hexagons' in page
    imports = json.loads(assets.IMPORT_MAP)["imports"]
    assert imports["/static/make/grids.js"] == assets.url("make/grids.js")
    assert imports["/static/board/telegram.js"] == assets.url("board/telegram.js")  # the editor imports it


def test_the_editor_speaks_japanese(api: TestClient) -> None:
    page = api.get("/make", params={"lang": "ja"}).text
    assert '<html lang="ja">' in page and "自分のパズルを作る" in page
    assert (
        '<input type="radio" name="lattice" value="hex"> 六角形' in page
    )  # the grids: squares, triangles, hexagons
    data = _json_script(page, "make-data")
    assert data["months"][11] == "12月" and data["weekdays"][0] == "月"  # type: ignore[index]
    assert _json_script(page, "strings")["noProblems"] == "問題はありません。"


def test_the_boards_the_board_and_the_daily_pages_frame_link_the_editor(api: TestClient) -> None:
    assert 'href="/make"' in api.get("/play").text
    assert 'href="/make"' in api.get("/play/calendar-dragonfjord/01-22").text
    assert 'href="/make?lang=ja"' in api.get("/play", params={"lang": "ja"}).text
    assert 'href="/make"' in render_failure(PageLanguage(), 404, "nothing here")  # the site's footer
