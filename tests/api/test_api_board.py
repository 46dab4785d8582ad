"""The playable board ``/play/{puzzle}/{target}`` in a real browser (Debian's Chromium, Playwright).

Every move is made the way a player makes it (clicks, taps, keys, a mouse drag)
and the count on the page is checked against the position API answering the
same placements. The browser may only talk to the test server on 127.0.0.1
(``tests/support/browser.py``); the Mini App tests stub Telegram in the page and
answer ``/api/v1/me/positions`` themselves.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Route

from api.web.assets import BOARD_MODULES
from hints.codes import board_placements, encode_position
from hints.positions import analyse_position
from solver.encoding import Placement
from solver.puzzles import catalog, get_puzzle
from tests.support.browser import LoopbackOnly, screenshot_path

CALENDAR = "calendar-dragonfjord"
DAY = "01-25"
INIT_DATA = "query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%7D&auth_date=1700000000&hash=ab12"
PlacementJson = dict[str, Any]


# ---------------------------------------------------------------- the page, as a player sees it


class Board:
    """A /play page: what it shows, and moves made with the mouse, a finger or the keyboard."""

    def __init__(self, page: Page, touch: bool = False) -> None:
        self.page = page
        self.touch = touch
        self.data: dict[str, Any] = page.evaluate(
            "JSON.parse(document.getElementById('board-data').textContent)"
        )
        self.pieces = {piece["name"]: piece for piece in self.data["pieces"]}

    def settle(self) -> None:
        """Wait until the page has the API's answer to its newest move."""
        moves = self.page.locator("main").get_attribute("data-moves")
        self.page.locator(f'main[data-analysed="{moves}"]').wait_for(timeout=30_000)

    @property
    def remaining(self) -> int:
        text = self.page.locator("[data-testid=remaining]").inner_text()
        assert text.isdigit(), text
        return int(text)

    @property
    def verdict(self) -> str:
        return self.page.locator("#verdict").inner_text()

    @property
    def code(self) -> str:
        return parse_qs(urlsplit(self.page.url).query)["p"][0]

    def placed(self) -> set[str]:
        return set(
            self.page.locator("#board .pieces [data-piece]").evaluate_all(
                "gs => gs.map(g => g.dataset.piece)"
            )
        )

    def _press(self, selector: str) -> None:
        locator = self.page.locator(selector)
        if self.touch:
            locator.tap()
        else:
            locator.click()

    def tray(self, name: str) -> str:
        return f'.tray-piece[data-piece="{name}"]'

    def orientation(self, name: str) -> int:
        return int(self.page.locator(self.tray(name)).get_attribute("data-orientation") or "-1")

    def select(self, name: str) -> None:
        self._press(self.tray(name))
        assert self.page.locator(self.tray(name)).get_attribute("aria-pressed") == "true"

    def turn(self, how: str) -> None:
        """Rotate or flip the selected piece: the R / F keys, or the buttons with a finger."""
        if self.touch:
            self.page.locator(f"#{how}").tap()
        else:
            self.page.keyboard.press("r" if how == "rotate" else "f")

    def orient(self, name: str, wanted: int) -> None:
        """Rotate (and flip if need be) the selected piece until it is in orientation ``wanted``."""
        steps = 4 if self.data["lattice"] == "square" else 6
        for _ in range(2):
            for _ in range(steps):
                if self.orientation(name) == wanted:
                    return
                self.turn("rotate")
            self.turn("flip")
        assert self.orientation(name) == wanted

    def target_of(self, name: str, cells: list[list[int]]) -> tuple[int, list[int]]:
        """The orientation the cells are in, and the board cell its anchor goes on."""
        ordered = sorted(cells)
        for index, orientation in enumerate(self.pieces[name]["orientations"]):
            shape = orientation["cells"]
            d_row, d_col = ordered[0][0] - shape[0][0], ordered[0][1] - shape[0][1]
            if all([r + d_row, c + d_col] == cell for (r, c), cell in zip(shape, ordered, strict=True)):
                anchor = orientation["anchors"][0]
                return index, ordered[anchor]
        raise AssertionError(f"{name} has no orientation with cells {cells}")

    def cell(self, cell: list[int]) -> str:
        return f'#board .cells [data-cell="{cell[0]},{cell[1]}"]'

    def place(self, placement: PlacementJson) -> None:
        """Select the piece, orient it, tap or click the board cell its anchor goes on."""
        name = placement["piece"]
        orientation, anchor = self.target_of(name, placement["cells"])
        self.select(name)
        self.orient(name, orientation)
        self._press(self.cell(anchor))
        self.settle()

    def place_by_keyboard(self, placement: PlacementJson) -> None:
        """The same with the keyboard only: Enter on the tray piece, R/F, arrows on the board, Enter."""
        name = placement["piece"]
        orientation, anchor = self.target_of(name, placement["cells"])
        self.page.locator(self.tray(name)).focus()
        self.page.keyboard.press("Enter")
        self.orient(name, orientation)
        self.page.locator("#board").focus()
        self.page.keyboard.press("Home")  # the cursor to the first cell, (0, 0) here
        for _ in range(anchor[0]):
            self.page.keyboard.press("ArrowDown")
        for _ in range(anchor[1]):
            self.page.keyboard.press("ArrowRight")
        assert self.page.locator("#board").get_attribute("data-cursor") == f"{anchor[0]},{anchor[1]}"
        self.page.keyboard.press("Enter")
        self.settle()

    def pick_up(self, name: str) -> None:
        self._press(f'#board .pieces [data-piece="{name}"] polygon >> nth=0')
        self.settle()


def analyse(
    client: httpx.Client, puzzle: str, target: str, placements: list[PlacementJson]
) -> dict[str, Any]:
    response = client.post(
        f"/api/v1/puzzles/{puzzle}/targets/{target}/position", json={"placements": placements}
    )
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def assert_matches_api(board: Board, client: httpx.Client, placements: list[PlacementJson]) -> dict[str, Any]:
    answer = analyse(client, board.data["puzzle"], board.data["target"], placements)
    assert board.remaining == answer["distinct_remaining"]  # one count: up to symmetry on boards
    assert board.code == answer["code"]  # the URL holds the position
    assert board.placed() == {p["piece"] for p in placements}
    return answer


def _script_error(message: ConsoleMessage) -> bool:
    """A console error of the page's own (answers like 404 "nothing saved" are expected and logged too)."""
    return message.type == "error" and not message.text.startswith("Failed to load resource")


def open_board(context: BrowserContext, url: str, touch: bool = False) -> tuple[Page, Board, list[str]]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda message: errors.append(message.text) if _script_error(message) else None)
    page.goto(url)
    board = Board(page, touch)
    board.settle()
    return page, board, errors


# ---------------------------------------------------------------- playing


def test_a_date_played_from_empty_to_solved_with_clicks_and_keys(
    desktop: BrowserContext, api_url: str, client: httpx.Client
) -> None:
    page, board, errors = open_board(desktop, f"{api_url}/play/{CALENDAR}/{DAY}")
    assert page.title() == f"Play · A-Puzzle-A-Day calendar (DragonFjord) · {DAY}"
    first = assert_matches_api(board, client, [])
    assert first["remaining"] == 216
    assert "of 216 solutions still possible" in page.locator(".count").inner_text()
    solution = client.get(f"/api/v1/puzzles/{CALENDAR}/targets/{DAY}/solutions/1").json()["placements"]
    placed: list[PlacementJson] = []
    for index, placement in enumerate(solution):
        if index == len(solution) - 1:
            board.place_by_keyboard(placement)
        else:
            board.place(placement)
        placed.append(placement)
        answer = assert_matches_api(board, client, placed)
        assert answer["legal"] and not answer["dead_end"]
    assert answer["solved"]
    assert board.verdict == f"Solved! This is solution {answer['solution_number']} of 216."
    assert page.locator("main.solved").count() == 1
    page.screenshot(path=screenshot_path("api-board-desktop.png"), full_page=True)
    page.reload()  # ?p= restores the position
    board.settle()
    assert board.placed() == {p["piece"] for p in solution}
    assert board.verdict.startswith("Solved!")
    assert errors == []


def test_the_board_speaks_japanese_and_the_switch_keeps_the_position(
    desktop: BrowserContext, api_url: str, client: httpx.Client
) -> None:
    page, board, errors = open_board(desktop, f"{api_url}/play/{CALENDAR}/{DAY}?lang=ja")
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert (
        page.locator(".count").inner_text() == "216 通りの解がまだ可能（全216通り中）"
    )  # written by the board's script
    assert board.verdict == "ピースが覆うマスをなぞるか、トレイからピースを選んでください。"
    placement = client.get(f"/api/v1/puzzles/{CALENDAR}/targets/{DAY}/solutions/1").json()["placements"][0]
    board.place(placement)
    assert board.verdict == "8ピース中1ピースを置きました。"
    assert parse_qs(urlsplit(page.url).query)["lang"] == ["ja"]  # the address keeps the language
    page.locator("#rotate").click()  # nothing selected
    assert page.locator("#message").inner_text() == "まずピースを選んでから、回転・裏返しをしてください。"
    page.locator(".hint-button[data-stage='1']").click()
    page.locator("main[data-hint='1']").wait_for()
    assert "置きましょう" in page.locator("#hint-text").inner_text()  # the API's caption, in Japanese
    page.screenshot(path=screenshot_path("api-board-japanese.png"), full_page=True)
    english = page.locator("nav.languages a[lang='en']")
    assert english.get_attribute("href") == f"/play/{CALENDAR}/{DAY}?p={board.code}"
    english.click()
    page.wait_for_url(f"**/play/{CALENDAR}/{DAY}?p={board.code}")
    board = Board(page)
    board.settle()
    assert page.evaluate("document.documentElement.lang") == "en"
    assert board.placed() == {placement["piece"]}
    assert board.verdict == "1 of 8 pieces placed."
    assert errors == []


def _dead_end(store: Any, puzzle_id: str, target: str) -> tuple[list[PlacementJson], list[str]]:
    """Two placements, each in some solution, that no solution has together; and what to take off."""
    puzzle = get_puzzle(puzzle_id)
    goal = puzzle.target(target)
    every = board_placements(puzzle)
    with store() as session:

        def fine(placement: Placement) -> bool:
            if set(placement.cells) & goal.uncovered:
                return False
            return analyse_position(session, puzzle, goal, [placement]).remaining > 0

        first = next(p for p in every[0] if fine(p))
        for second in every[1]:
            if set(second.cells) & set(first.cells) or not fine(second):
                continue
            both = analyse_position(session, puzzle, goal, [first, second])
            if both.dead_end:
                names = [puzzle.pieces[p.piece].name for p in both.take_off]
                return [_json(puzzle_id, first), _json(puzzle_id, second)], names
    raise AssertionError("no dead end found")


def _json(puzzle_id: str, placement: Placement) -> PlacementJson:
    name = get_puzzle(puzzle_id).pieces[placement.piece].name
    return {"piece": name, "cells": [list(cell) for cell in placement.cells]}


def test_a_dead_end_says_what_to_take_off_and_taking_it_off_helps(
    desktop: BrowserContext, api_url: str, client: httpx.Client, store: Any
) -> None:
    placements, take_off = _dead_end(store, CALENDAR, DAY)
    page, board, errors = open_board(desktop, f"{api_url}/play/{CALENDAR}/{DAY}")
    for placement in placements:
        board.place(placement)
    answer = assert_matches_api(board, client, placements)
    assert answer["dead_end"] and answer["take_off"] == take_off
    assert board.remaining == 0
    assert board.verdict == f"Dead end: take off {' and '.join(take_off)}."
    marked = page.locator("#board .pieces .take-off").evaluate_all("gs => gs.map(g => g.dataset.piece)")
    assert sorted(marked) == sorted(take_off)
    for name in take_off:  # follow the advice by hand: click each piece named to pick it up
        board.pick_up(name)
    kept = [p for p in placements if p["piece"] not in take_off]
    answer = assert_matches_api(board, client, kept)
    assert not answer["dead_end"] and board.remaining > 0
    assert not board.verdict.startswith("Dead end")
    for _ in take_off:  # undo brings the dead end back; the "Take off" button follows the advice too
        page.locator("#undo").click()
        board.settle()
    assert board.verdict.startswith("Dead end")
    page.locator("#take-off").click()
    board.settle()
    assert_matches_api(board, client, kept)
    page.locator("#clear").click()
    board.settle()
    assert_matches_api(board, client, [])
    assert errors == []


def test_a_calendar_board_plays_on_offline_once_loaded(
    desktop: BrowserContext, api_url: str, client: httpx.Client, store: Any
) -> None:
    placements, take_off = _dead_end(store, CALENDAR, DAY)
    page, board, errors = open_board(desktop, f"{api_url}/play/{CALENDAR}/{DAY}")
    page.locator('main[data-offline="ready"]').wait_for()  # the date's solutions are in the page
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/api/" in request.url else None)
    desktop.set_offline(True)
    try:
        for placement in placements:
            board.place(placement)
        assert board.remaining == 0 and board.verdict == f"Dead end: take off {' and '.join(take_off)}."
        page.locator("#take-off").click()
        board.settle()
        assert_matches_api(board, client, [p for p in placements if p["piece"] not in take_off])
        page.locator("#clear").click()
        board.settle()
        solution = client.get(f"/api/v1/puzzles/{CALENDAR}/targets/{DAY}/solutions/3").json()
        for placement in solution["placements"]:
            board.place(placement)
        assert board.verdict == "Solved! This is solution 3 of 216."
        assert_matches_api(board, client, solution["placements"])
    finally:
        desktop.set_offline(False)
    assert asked == [] and errors == []


def _hint(client: httpx.Client, code: str, stage: int) -> dict[str, Any]:
    response = client.get(f"/api/v1/puzzles/{CALENDAR}/targets/{DAY}/positions/{code}/hints/{stage}")
    assert response.status_code == 200, response.text
    hint: dict[str, Any] = response.json()
    return hint


def test_hints_start_from_the_board_and_accepting_places_them(
    desktop: BrowserContext, api_url: str, client: httpx.Client, store: Any
) -> None:
    placements, take_off = _dead_end(store, CALENDAR, DAY)
    code = analyse(client, CALENDAR, DAY, placements)["code"]
    page, board, errors = open_board(desktop, f"{api_url}/play/{CALENDAR}/{DAY}?p={code}")
    assert board.placed() == {p["piece"] for p in placements}  # the link's position
    assert board.verdict.startswith("Dead end")
    for stage in (1, 2, 3):
        expected = _hint(client, board.code, stage)
        button = page.locator(f'.hint-button[data-stage="{stage}"]')
        shown = page.locator("main").get_attribute("data-hint")
        button.click()
        if stage == 3:  # the whole answer asks once more, and is not asked for until then
            assert button.inner_text() == "Show the whole answer? Press again"
            assert page.locator("main").get_attribute("data-hint") == shown
            button.click()
        page.locator(f'main[data-hint="{stage}"]').wait_for()
        assert page.locator("#hint-text").inner_text() == expected["caption"]
        drawn = page.locator("#board .hint-pieces [data-piece]").evaluate_all(
            "gs => gs.map(g => g.dataset.piece)"
        )
        assert drawn == [p["piece"] for p in expected["placements"]]
        dashed = page.locator("#board .hint-pieces .outline").first.evaluate(
            "path => getComputedStyle(path).strokeDasharray"
        )
        assert dashed not in ("", "none")  # hint pieces are drawn dashed (and lighter)
        if stage == 1:  # from a dead end, the hint starts by taking pieces off
            assert expected["take_off"] == take_off
            marked = page.locator("#board .pieces .take-off").evaluate_all(
                "gs => gs.map(g => g.dataset.piece)"
            )
            assert sorted(marked) == sorted(take_off)
        page.locator("#accept").click()
        board.settle()
        now = expected["given"] + expected["placements"]
        answer = assert_matches_api(board, client, now)
        assert answer["remaining"] == expected["remaining"]
        assert page.locator("#hint-actions").is_hidden()
    assert board.verdict.startswith("Solved!")
    assert page.locator(".hint-button[disabled]").count() == 3
    assert errors == []


def test_pieces_can_be_dragged_on_and_off_the_board(
    desktop: BrowserContext, api_url: str, client: httpx.Client
) -> None:
    page, board, errors = open_board(desktop, f"{api_url}/play/{CALENDAR}/{DAY}")
    tray_cell = page.locator(f'{board.tray("U")} polygon[data-i="0"]').bounding_box()
    target = page.locator(board.cell([4, 2])).bounding_box()
    assert tray_cell is not None and target is not None
    page.mouse.move(tray_cell["x"] + tray_cell["width"] / 2, tray_cell["y"] + tray_cell["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=12)
    assert page.locator("#board .preview [data-piece=U]").count() == 1  # the piece follows the pointer
    page.mouse.up()
    board.settle()
    shape = board.pieces["U"]["orientations"][0]["cells"]
    d_row, d_col = 4 - shape[0][0], 2 - shape[0][1]  # the grabbed cell lands on the cell dropped on
    dropped = {"piece": "U", "cells": sorted([r + d_row, c + d_col] for r, c in shape)}
    assert_matches_api(board, client, [dropped])
    says = page.locator("#says")  # the move and the count read out together, once
    assert says.get_attribute("aria-live") == "polite" and says.get_attribute("aria-atomic") == "true"
    assert says.inner_text() == f"Placed U. {board.verdict}"  # it covers an open cell: not allowed
    # drag it off the board again: it goes back to the tray
    piece = page.locator('#board .pieces [data-piece="U"] polygon').first.bounding_box()
    assert piece is not None
    page.mouse.move(piece["x"] + piece["width"] / 2, piece["y"] + piece["height"] / 2)
    page.mouse.down()
    page.mouse.move(5, 5, steps=12)
    page.mouse.up()
    board.settle()
    assert_matches_api(board, client, [])
    assert errors == []


def _centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    viewport = page.viewport_size
    assert viewport is not None and 0 <= x <= viewport["width"] and 0 <= y <= viewport["height"]
    return x, y


def touch_drag_to_the_bottom(
    page: Page, board: Board, name: str, placed: list[PlacementJson]
) -> PlacementJson:
    """Drag a tray piece with one finger to the lowest free spot of the board; the placement dropped.

    Playwright has taps but no touch moves, so the finger is synthetic touch pointer events
    at the screen positions of the tray piece's first cell and of the board cell.
    """
    shape = board.pieces[name]["orientations"][board.orientation(name)]["cells"]
    cells = {tuple(c["cell"]) for c in board.data["cells"]}
    taken = {tuple(cell) for p in placed for cell in p["cells"]}
    for row, col in sorted(cells, reverse=True):  # the grabbed first cell lands on (row, col)
        moved = [(r + row - shape[0][0], c + col - shape[0][1]) for r, c in shape]
        if all(cell in cells and cell not in taken for cell in moved):
            break
    source = f'{board.tray(name)} polygon[data-i="0"]'
    page.locator(board.tray(name)).evaluate("button => button.scrollIntoView({block: 'end'})")
    (x0, y0), (x1, y1) = _centre(page, source), _centre(page, board.cell([row, col]))
    finger = {"pointerId": 7, "pointerType": "touch", "isPrimary": True, "button": 0}
    page.locator(source).dispatch_event("pointerdown", {**finger, "clientX": x0, "clientY": y0})
    for step in range(1, 9):
        x, y = x0 + (x1 - x0) * step / 8, y0 + (y1 - y0) * step / 8
        page.locator("main").dispatch_event("pointermove", {**finger, "clientX": x, "clientY": y})
    assert page.locator(f'#board .preview [data-piece="{name}"]').count() == 1
    page.locator(board.cell([row, col])).dispatch_event("pointerup", {**finger, "clientX": x1, "clientY": y1})
    board.settle()
    return {"piece": name, "cells": sorted([r, c] for r, c in moved)}


def test_a_short_game_by_touch_fits_a_phone(browser: Browser, api_url: str, client: httpx.Client) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    guard = LoopbackOnly(api_url)
    guard.watch(context)
    page, board, errors = open_board(context, f"{api_url}/play/{CALENDAR}/{DAY}", touch=True)
    solution = client.get(f"/api/v1/puzzles/{CALENDAR}/targets/{DAY}/solutions/2").json()["placements"]
    for count in (1, 2, 3):
        board.place(solution[count - 1])  # taps: the tray piece, the rotate/flip buttons, the cell
        assert_matches_api(board, client, solution[:count])
    board.pick_up(solution[2]["piece"])  # a tap on a placed piece picks it up
    assert_matches_api(board, client, solution[:2])
    dropped = touch_drag_to_the_bottom(page, board, solution[3]["piece"], solution[:2])
    assert_matches_api(board, client, [*solution[:2], dropped])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    heights = page.evaluate(
        "[...document.querySelectorAll('main button, header a, summary')]"
        ".filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect().height)"
    )
    assert min(heights) >= 44  # comfortable touch targets
    page.screenshot(path=screenshot_path("api-board-phone.png"), full_page=True)
    context.close()
    assert guard.blocked == [] and errors == []


# The phone's share sheet, as the page sees it (navigator.share): what it was handed, kept.
SHARE_SHEET = (
    "window.sharedWith = [];navigator.share = (what) => { sharedWith.push(what); return Promise.resolve(); };"
)


def test_todays_board_solved_with_hints_says_so_counts_the_streak_and_offers_a_share_text(
    browser: Browser, api_url: str
) -> None:
    """The board's solve used to end at "Solved! This is solution 1 of 35": no time, no hints used,
    no streak, nothing to share, nothing next. The server keeps the record: a reload counts nothing again."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, timezone_id="UTC"
    )
    guard = LoopbackOnly(api_url)
    guard.watch(context)
    context.add_init_script(SHARE_SHEET)
    today = datetime.now(UTC).date()
    page, board, errors = open_board(context, f"{api_url}/play/{CALENDAR}/{today:%m-%d}", touch=True)
    assert page.locator("[data-testid=solved-panel]").is_hidden()
    page.locator('.hint-button[data-stage="3"]').click()  # "All the rest": every hint stage used ...
    page.locator('.hint-button[data-stage="3"]').click()  # ... once confirmed
    page.locator('main[data-hint="3"]').wait_for()
    page.locator("#accept").click()
    board.settle()
    assert board.verdict.startswith("Solved!")
    panel = page.locator("[data-testid=solved-panel]")
    panel.wait_for()
    share = page.locator("[data-testid=share-text]").inner_text()
    daily = httpx.get(f"{api_url}/api/v1/daily/{today.isoformat()}", timeout=120)  # hints computed cold
    level = daily.json()["difficulty"]["level"]
    heading, summary_line = share.splitlines()  # the difficulty as the Mini App's share text has it
    assert (
        heading
        == f"A-Puzzle-A-Day calendar (DragonFjord) · {today.isoformat()} · {'★' * level}{'☆' * (5 - level)}"
    )
    assert re.fullmatch(r"Hints ■■■ · \d+ s · streak 1 🔥", summary_line)  # seconds: solved at once
    summary = page.locator("#solved-summary").inner_text()
    assert "Hints used: ■■■" in summary and "Streak: 1 day" in summary
    page.locator("#share-button").tap()  # the phone's share sheet: the text and a link back
    shared = page.evaluate("window.sharedWith")
    assert shared == [{"text": share, "url": f"{api_url}/play/{CALENDAR}/{today:%m-%d}"}]  # no position
    challenge = page.locator("#challenge-link").get_attribute("href", timeout=1000)
    assert challenge == f"/play/challenge/{today.isoformat()}"  # the day's challenge, its pieces fixed
    page.locator("[data-testid=record]", has_text="Solved 1 · Streak 1 · Best 1").wait_for()
    page.locator("#challenge-link").tap()  # next: the day's challenge, its pre-placed pieces on the board
    page.wait_for_url(re.compile(r".*/play/pentomino-[^/]+/board\?p=.*&fixed=.*"))
    next_board = Board(page, touch=True)
    next_board.settle()
    assert next_board.placed() == set(next_board.data["fixed"]) != set()
    assert next_board.remaining == 1  # exactly one way to finish
    context.close()
    assert guard.blocked == [] and errors == []


def test_a_board_opened_already_solved_is_no_solve(
    desktop: BrowserContext, api_url: str, client: httpx.Client
) -> None:
    """A shared link to a solution must not count as the reader's solve (nor start a streak)."""
    solution = client.get(f"/api/v1/puzzles/{CALENDAR}/targets/{DAY}/solutions/1").json()["placements"]
    code = analyse(client, CALENDAR, DAY, solution)["code"]
    page, board, errors = open_board(desktop, f"{api_url}/play/{CALENDAR}/{DAY}?p={code}")
    assert board.verdict.startswith("Solved!")
    assert page.locator("[data-testid=solved-panel]").is_hidden()
    assert errors == []


def test_a_triangular_board_rotates_by_sixty_degrees(
    desktop: BrowserContext, api_url: str, client: httpx.Client
) -> None:
    page, board, errors = open_board(desktop, f"{api_url}/play/hexiamond-tenyo/board")
    assert page.locator(".count").inner_text() == "4968 of 4968 solutions still possible"  # one total
    board.select("hook")
    seen = [board.orientation("hook")]
    for _ in range(6):
        board.turn("rotate")
        seen.append(board.orientation("hook"))
    assert seen[0] == seen[6] and len(set(seen[:6])) == 6  # six turns of 60° are a full turn
    board.turn("flip")
    assert board.orientation("hook") not in seen  # the hook's mirror image is no rotation of it
    orientation = board.pieces["hook"]["orientations"][board.orientation("hook")]
    cells = {tuple(c["cell"]) for c in board.data["cells"]}
    for row, col in sorted(cells):  # the first cell for the anchor that leaves some solutions
        anchor = orientation["cells"][orientation["anchors"][(row + col) % 2]]
        shifted = [[r + row - anchor[0], c + col - anchor[1]] for r, c in orientation["cells"]]
        hook = {"piece": "hook", "cells": shifted}
        if (
            all(tuple(c) in cells for c in shifted)
            and analyse(client, "hexiamond-tenyo", "board", [hook])["remaining"]
        ):
            break
    page.locator(board.cell([row, col])).click()
    board.settle()
    answer = assert_matches_api(board, client, [hook])
    assert 0 < answer["remaining"] < answer["total"] == 9936
    page.screenshot(path=screenshot_path("api-board-triangles.png"), full_page=True)
    assert errors == []


def test_the_daily_page_links_to_both_boards(
    desktop: BrowserContext, api_url: str, client: httpx.Client
) -> None:
    challenge = client.get("/api/v1/daily/2026-01-25/pentomino").json()
    puzzle = get_puzzle(challenge["puzzle"])
    preplaced = [
        Placement(puzzle.piece_names.index(p["piece"]), tuple(tuple(c) for c in p["cells"]))
        for p in challenge["placements"]
    ]
    code = encode_position(puzzle, preplaced)
    page = desktop.new_page()
    page.goto(f"{api_url}/?date=2026-01-25")
    calendar_link = page.locator("#calendar a", has_text="Play this on the board")
    assert calendar_link.get_attribute("href") == f"/play/{CALENDAR}/01-25"
    link = page.locator("#pentomino a", has_text="Play this on the board")
    fixed = ",".join(p["piece"] for p in challenge["placements"])
    assert link.get_attribute("href") == f"/play/{puzzle.id}/board?p={code}&fixed={fixed}"
    link.click()
    page.wait_for_url(f"**/play/{puzzle.id}/board?p={code}&fixed={fixed}")
    board = Board(page)
    board.settle()
    assert_matches_api(board, client, challenge["placements"])
    assert board.remaining == 1  # the challenge's pre-placed pieces leave exactly one way to finish


# ---------------------------------------------------------------- the Telegram Mini App


STUB = """
window.__telegram = {ready: 0, expand: 0};
window.Telegram = {WebApp: {
  initData: INIT_DATA,
  initDataUnsafe: {user: {id: 279058397}},
  themeParams: {bg_color: "#18222d", text_color: "#ffffff", hint_color: "#b1c3d5",
                link_color: "#62bcf9", button_color: "#2ea6ff", button_text_color: "#ffffff",
                secondary_bg_color: "#131415"},
  colorScheme: "dark",
  ready: function () { window.__telegram.ready += 1; },
  expand: function () { window.__telegram.expand += 1; },
  onEvent: function () {},
}};
""".replace("INIT_DATA", json.dumps(INIT_DATA))


class SavedPositions:
    """Answers ``/api/v1/me/positions/...`` in place of the server, and remembers every request."""

    def __init__(self, get_status: int = 404, put_status: int = 200, saved: dict[str, Any] | None = None):
        self.get_status, self.put_status, self.saved = get_status, put_status, saved
        self.requests: list[Request] = []

    def __call__(self, route: Route) -> None:
        request = route.request
        self.requests.append(request)
        status = self.get_status if request.method == "GET" else self.put_status
        body = (self.saved or {}) if status == 200 else {"error": {"code": "x", "message": "no"}}
        route.fulfill(status=status, content_type="application/json", body=json.dumps(body))


@pytest.fixture
def telegram(browser: Browser, api_url: str) -> Iterator[Callable[[SavedPositions, str], BrowserContext]]:
    """Opens phone-sized contexts: ``script`` runs first in every page, ``saved`` answers for the API."""
    opened: list[tuple[BrowserContext, LoopbackOnly]] = []

    def open_context(saved: SavedPositions, script: str = STUB) -> BrowserContext:
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        guard = LoopbackOnly(api_url)
        guard.watch(context)
        context.route("**/api/v1/me/positions/**", saved)
        context.add_init_script(script)
        opened.append((context, guard))
        return context

    yield open_context
    for context, guard in opened:
        context.close()
        assert guard.blocked == []


def test_inside_telegram_every_move_is_saved_with_the_init_data(
    telegram: Callable[..., BrowserContext], api_url: str, client: httpx.Client
) -> None:
    saved = SavedPositions(get_status=404)
    context = telegram(saved)
    page, board, errors = open_board(context, f"{api_url}/play/{CALENDAR}/{DAY}", touch=True)
    assert page.evaluate("window.__telegram.ready") == 1
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--paper').trim()") == (
        "#18222d"
    )
    assert page.evaluate("document.documentElement.dataset.scheme") == "dark"
    [looked_up] = saved.requests  # no ?p=: the saved board was asked for first
    assert looked_up.method == "GET" and looked_up.headers["authorization"] == f"tma {INIT_DATA}"
    assert looked_up.url.endswith(f"/api/v1/me/positions/{CALENDAR}/{DAY}")
    placement = client.get(f"/api/v1/puzzles/{CALENDAR}/targets/{DAY}/solutions/1").json()["placements"][0]
    with page.expect_request(lambda r: r.method == "PUT" and "/me/positions/" in r.url) as put:
        board.place(placement)
    assert put.value.headers["authorization"] == f"tma {INIT_DATA}"
    assert put.value.post_data_json == {"code": board.code}
    assert_matches_api(board, client, [placement])
    page.locator("#save-note", has_text="Saved").wait_for()
    assert errors == []


def test_inside_telegram_the_players_day_is_kept_on_the_server(
    telegram: Callable[..., BrowserContext], api_url: str
) -> None:
    """The Mini App reports hints and the solve to /api/v1/me/days (the server keeps the record, by
    the bot's rules) and shows what the server answers; nothing goes to the browser's record."""
    days: list[Request] = []
    answer = {
        "date": "2026-01-25",
        "first": True,
        "hints": 3,
        "seconds": 60,
        "streak": 4,
        "best": 4,
        "share_text": "A-Puzzle-A-Day calendar (DragonFjord) · 2026-01-25\nHints ■■■ · 1 min · streak 4 🔥",
    }

    def server(route: Route) -> None:
        days.append(route.request)
        solved = route.request.url.split("?")[0].endswith("/solved")
        route.fulfill(
            status=200 if solved else 204,
            content_type="application/json",
            body=json.dumps(answer) if solved else "",
        )

    context = telegram(SavedPositions(get_status=404))
    context.route("**/api/v1/me/days/**", server)
    page, board, errors = open_board(context, f"{api_url}/play/{CALENDAR}/{DAY}", touch=True)
    page.locator('.hint-button[data-stage="3"]').click()  # the answer ...
    page.locator('.hint-button[data-stage="3"][data-confirming]').click()  # ... confirmed
    page.locator('main[data-hint="3"]').wait_for()
    page.locator("#accept").click()
    board.settle()
    page.locator("[data-testid=solved-panel]").wait_for()
    assert page.locator("[data-testid=share-text]").inner_text() == answer["share_text"]
    assert "Streak: 4 days" in page.locator("#solved-summary").inner_text()
    paths = [r.url.split("/me/days/")[1].split("?")[0] for r in days]
    assert paths == [f"{CALENDAR}/{DAY}/opened", f"{CALENDAR}/{DAY}/hints/3", f"{CALENDAR}/{DAY}/solved"]
    assert all(r.method == "POST" and r.headers["authorization"] == f"tma {INIT_DATA}" for r in days)
    assert days[2].post_data_json == {"code": board.code}  # the solved board, for the server to check
    assert errors == []


def test_inside_telegram_a_solve_the_server_does_not_record_says_why(
    telegram: Callable[..., BrowserContext], api_url: str
) -> None:
    """A sign-in made before today records nothing today: the board says so, under the board, and
    shows no solved panel."""
    refusal = {"error": {"code": "session_before_day", "message": "opened before", "details": []}}

    def server(route: Route) -> None:
        solved = route.request.url.split("?")[0].endswith("/solved")
        route.fulfill(
            status=401 if solved else 204,
            content_type="application/json",
            body=json.dumps(refusal) if solved else "",
        )

    context = telegram(SavedPositions(get_status=404))
    context.route("**/api/v1/me/days/**", server)
    page, board, errors = open_board(context, f"{api_url}/play/{CALENDAR}/{DAY}", touch=True)
    page.locator('.hint-button[data-stage="3"]').click()  # the answer ...
    page.locator('.hint-button[data-stage="3"][data-confirming]').click()  # ... confirmed
    page.locator('main[data-hint="3"]').wait_for()
    page.locator("#accept").click()
    board.settle()
    page.locator("#save-note", has_text="opened before today").wait_for()
    assert page.locator("[data-testid=solved-panel]").is_hidden()
    assert errors == []


def test_inside_telegram_the_saved_board_comes_back_and_a_401_does_not_break_the_board(
    telegram: Callable[..., BrowserContext], api_url: str, client: httpx.Client
) -> None:
    solution = client.get(f"/api/v1/puzzles/{CALENDAR}/targets/{DAY}/solutions/3").json()["placements"]
    position = analyse(client, CALENDAR, DAY, solution[:3])
    saved = SavedPositions(get_status=200, put_status=401, saved=position)
    context = telegram(saved)
    page = context.new_page()
    page.goto(f"{api_url}/play/{CALENDAR}/{DAY}")
    page.wait_for_url(f"**?p={position['code']}")  # the saved board, restored through its code
    board = Board(page, touch=True)
    board.settle()
    assert_matches_api(board, client, solution[:3])
    board.place(solution[3])
    assert_matches_api(board, client, solution[:4])  # the board carries on
    note = page.locator("#save-note")
    note.wait_for()
    assert "not saved" in note.inner_text()


def test_the_self_hosted_shim_talks_to_the_telegram_client(
    telegram: Callable[..., BrowserContext], api_url: str
) -> None:
    proxy = (
        "window.__events = [];"
        "window.TelegramWebviewProxy = {postEvent: (t, d) => window.__events.push([t, d])};"
    )
    saved = SavedPositions(get_status=404)
    context = telegram(saved, proxy)
    theme = json.dumps({"bg_color": "#ffffff", "button_color": "#3390ec"})
    fragment = httpx.QueryParams(
        {"tgWebAppData": INIT_DATA, "tgWebAppThemeParams": theme, "tgWebAppVersion": "8.0"}
    )
    page, _, errors = open_board(context, f"{api_url}/play/{CALENDAR}/{DAY}#{fragment}", touch=True)
    events = [event for event, _ in page.evaluate("window.__events")]
    assert events[:2] == ["web_app_ready", "web_app_expand"]
    assert page.evaluate("Telegram.WebApp.initData") == INIT_DATA
    assert page.evaluate("Telegram.WebApp.initDataUnsafe.user.id") == 279058397
    assert saved.requests[0].headers["authorization"] == f"tma {INIT_DATA}"
    assert "#tgWebAppData=" in page.url  # the launch parameters survive the URL updates
    assert errors == []


def test_outside_telegram_nothing_is_saved(desktop: BrowserContext, api_url: str) -> None:
    saved = SavedPositions()
    desktop.route("**/api/v1/me/positions/**", saved)
    page, board, errors = open_board(desktop, f"{api_url}/play/pentomino-6x10/board")
    board.place({"piece": "X", "cells": [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]]})
    assert saved.requests == []
    assert page.evaluate("typeof window.Telegram.WebApp") == "undefined"
    assert errors == []


# ---------------------------------------------------------------- every board, and bad input


@pytest.mark.parametrize("puzzle_id", sorted(catalog()))
def test_every_catalog_board_is_served(client: httpx.Client, puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    for target in (puzzle.targets[0], puzzle.targets[-1]):
        response = client.get(f"/play/{puzzle_id}/{target.name}")
        assert response.status_code == 200
        assert response.headers["content-type"] == "text/html; charset=utf-8"
        assert response.text.count('<polygon class="cell') == len(puzzle.cells)


def _stars_of(html: str) -> str | None:
    found = re.search(r'<main id="main"[^>]* data-stars="([^"]*)"', html)
    return found.group(1) if found else None


def test_a_calendar_board_carries_the_days_difficulty_for_its_share_text(client: httpx.Client) -> None:
    """The plain board shares the stars the Mini App's share text has: the rank of the daily JSON,
    read from the stored counts; other boards, and an impossible date, have none."""
    for faceup in ("0", "1"):
        daily = client.get("/api/v1/daily/2026-01-25", params={"faceup": faceup}).json()
        level = daily["difficulty"]["level"]
        html = client.get(f"/play/{CALENDAR}/01-25", params={"faceup": faceup}).text
        assert _stars_of(html) == "★" * level + "☆" * (5 - level)
    assert _stars_of(client.get(f"/play/{CALENDAR}/02-30").text) is None  # no date asks for it
    assert _stars_of(client.get("/play/pentomino-6x10/board").text) is None


def _overlapping_code() -> str:
    puzzle = get_puzzle(CALENDAR)
    every = board_placements(puzzle)
    first = every[0][0]
    second = next(p for p in every[1] if set(p.cells) & set(first.cells))
    code = encode_position(puzzle, [first, second])
    assert code is not None
    return code


DAMAGED = "This position link is damaged; open the board again."


@pytest.mark.parametrize(
    ("path", "status", "message"),
    [
        ("/play/no-such-puzzle/01-25", 404, "unknown puzzle &#x27;no-such-puzzle&#x27;"),
        (f"/play/{CALENDAR}/13-45", 404, "unknown target &#x27;13-45&#x27;"),
        (f"/play/{CALENDAR}/{DAY}?p=garbage", 400, DAMAGED),
        (f"/play/{CALENDAR}/{DAY}?p=1AAAAAAAAAAAAAAAAAAAAAAA", 400, DAMAGED),
        (f"/play/{CALENDAR}/{DAY}?p=1{'_' * 10}", 400, DAMAGED),
        (f"/play/{CALENDAR}/{DAY}?p={_overlapping_code()}", 400, DAMAGED),
    ],
)
def test_bad_play_links_answer_an_html_error_page(
    client: httpx.Client, path: str, status: int, message: str
) -> None:
    response = client.get(path)
    assert response.status_code == status
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert message in response.text
    assert 'role="alert"' in response.text
    assert '<a href="/play/pentomino-6x10/board">' in response.text  # somewhere to go instead


def test_the_board_loads_its_modules_by_hashed_address_with_no_policy_violation(
    desktop: BrowserContext, api_url: str
) -> None:
    """The page loads one module, which imports the others through the page's import map: every
    module is fetched once, by its hashed address, and the Content-Security-Policy (which allows
    the import map by its hash) reports no violation."""
    page = desktop.new_page()
    page.add_init_script(
        "window.__violations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(urlsplit(request.url).path))
    page.goto(f"{api_url}/play/{CALENDAR}/{DAY}")
    Board(page).settle()
    modules = [path for path in fetched if path.startswith("/static/board/")]
    assert all(re.fullmatch(r"/static/board/[a-z]+\.[0-9a-f]{10}\.js", path) for path in modules), modules
    names = sorted(path.split("/")[-1].split(".")[0] for path in modules)
    every = sorted(name.removeprefix("board/").removesuffix(".js") for name in BOARD_MODULES)
    assert names == every  # each once
    assert page.evaluate("window.__violations") == []


def test_play_headers_and_static_files(client: httpx.Client) -> None:
    response = client.get(f"/play/{CALENDAR}/{DAY}")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "connect-src 'self'" in policy and "default-src 'none'" in policy
    assert "unsafe" not in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert client.get("/play").status_code == 200
    for asset, kind in (
        ("/static/board.css", "text/css"),
        ("/static/board/main.js", "text/javascript"),
        ("/static/board/telegram.js", "text/javascript"),
    ):
        found = client.get(asset)
        assert found.status_code == 200 and found.headers["content-type"].startswith(kind)
        assert client.get(asset, headers={"If-None-Match": found.headers["etag"]}).status_code == 304
    assert client.get("/static/nothing.js").status_code == 404
