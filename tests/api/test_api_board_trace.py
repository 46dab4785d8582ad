"""Placing pieces by tracing the cells they cover, and the board's layout on a phone, in a real browser
(Debian's Chromium, Playwright).

A stroke is one press, moves from cell centre to cell centre over the cells a piece covers (to an
edge neighbour at a time, back over cells already passed where the piece branches) and one release:
the mouse's, or a finger's through Chromium's touch input (``Input.dispatchTouchEvent``, what a
touchscreen sends, so touch-action and pointer capture are the browser's own). Every solve counts its
strokes: one per piece.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, expect

from solver.puzzles import catalog, get_puzzle
from tests.api.test_api_board import Board, PlacementJson, open_board
from tests.support.browser import LoopbackOnly, screenshot_path

CALENDAR = "calendar-dragonfjord"
DAY = "01-24"
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
Cell = tuple[int, int]


@pytest.fixture
def contexts(browser: Browser, api_url: str) -> Iterator[dict[str, BrowserContext]]:
    """A phone (390×844, touch) and a desktop context, both talking to the test server only."""
    guards = {name: LoopbackOnly(api_url) for name in ("phone", "desktop")}
    opened = {
        "phone": browser.new_context(**PHONE),
        "desktop": browser.new_context(**DESKTOP),
    }
    for name, context in opened.items():
        guards[name].watch(context)
    yield opened
    for context in opened.values():
        context.close()
    assert all(guard.blocked == [] for guard in guards.values())


def analyse(
    client: httpx.Client, board: Board, placements: list[PlacementJson], faceup: bool = False
) -> dict[str, Any]:
    response = client.post(
        f"/api/v1/puzzles/{board.data['puzzle']}/targets/{board.data['target']}/position",
        params={"faceup": "true"} if faceup else {},
        json={"placements": placements},
    )
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def assert_shows(
    board: Board, client: httpx.Client, placements: list[PlacementJson], faceup: bool = False
) -> dict[str, Any]:
    """The page shows these placements, with the API's count and code for them."""
    answer = analyse(client, board, placements, faceup)
    assert board.placed() == {p["piece"] for p in placements}
    assert board.remaining == answer["distinct_remaining"]
    assert board.code == answer["code"]
    return answer


class Tracer:
    """Strokes and taps on the board of a page, counted."""

    def __init__(self, board: Board, touch: bool) -> None:
        self.board, self.page, self.touch = board, board.page, touch
        self.strokes = 0
        self.clock = 0.0  # the touch events' timestamps: a finger's pace, 60 events a second
        self.cdp: CDPSession | None = board.page.context.new_cdp_session(board.page) if touch else None
        self.corners = {
            (cell["cell"][0], cell["cell"][1]): {(x, y) for x, y in cell["points"]}
            for cell in board.data["cells"]
        }

    def walk(self, cells: list[list[int]], start: list[int] | None = None) -> list[Cell]:
        """A path through every cell from ``start`` (else the first), each step to an edge neighbour
        (depth first, stepping back)."""
        todo = [(r, c) for r, c in cells]
        if start is not None:
            todo.remove((start[0], start[1]))
            todo.insert(0, (start[0], start[1]))
        path: list[Cell] = []
        seen: set[Cell] = set()

        def visit(cell: Cell) -> None:
            seen.add(cell)
            path.append(cell)
            for other in todo:
                if other not in seen and len(self.corners[cell] & self.corners[other]) >= 2:
                    visit(other)
                    path.append(cell)

        visit(todo[0])
        assert seen == set(todo), f"cells not joined by edges: {cells}"
        while len(path) > 1 and path[-1] in path[:-1]:
            path.pop()  # no need to walk back at the end
        return path

    def points(self, cells: list[Cell]) -> list[tuple[float, float]]:
        """The cells' centres on the screen (through the board's turn, if it is turned)."""
        self.page.locator("#board").scroll_into_view_if_needed()
        found: list[list[float]] = self.page.evaluate(
            """(cells) => {
              const matrix = document.querySelector('#board .frame').getScreenCTM();
              const data = JSON.parse(document.getElementById('board-data').textContent);
              return cells.map(([r, c]) => {
                const cell = data.cells.find(d => d.cell[0] === r && d.cell[1] === c);
                const p = new DOMPoint(cell.centre[0], cell.centre[1]).matrixTransform(matrix);
                return [p.x, p.y];
              });
            }""",
            [list(cell) for cell in cells],
        )
        viewport = self.page.viewport_size
        assert viewport is not None
        for x, y in found:
            assert 0 <= x <= viewport["width"] and 0 <= y <= viewport["height"], (x, y)
        return [(x, y) for x, y in found]

    def _touch(self, kind: str, point: tuple[float, float] | None, pause: float = 1 / 60) -> None:
        """A touch event, stamped ``pause`` after the one before (so a finger that rests before it
        lifts flings nothing, and the next tap is not taken for stopping a fling)."""
        assert self.cdp is not None
        self.clock = max(self.clock + pause, time.time())
        touches = [] if point is None else [{"x": point[0], "y": point[1]}]
        self.cdp.send(
            "Input.dispatchTouchEvent", {"type": kind, "touchPoints": touches, "timestamp": self.clock}
        )

    def stroke(self, cells: list[list[int]], start: list[int] | None = None) -> None:
        """One stroke over the cells: press on the first (or ``start``), move through them all, release.

        One move per cell, to its centre: the walk steps to an edge neighbour, so the way there
        crosses no other cell, and each move waits for a frame of the browser's (17 ms)."""
        points = self.points(self.walk(cells, start))
        self.strokes += 1
        if self.touch:
            self._touch("touchStart", points[0])
            for point in points[1:]:
                self._touch("touchMove", point)
            self._touch("touchMove", points[-1], pause=0.2)  # the finger rests, then lifts
            self._touch("touchEnd", None)
        else:
            self.page.mouse.move(*points[0])
            self.page.mouse.down()
            for x, y in points[1:]:
                self.page.mouse.move(x, y)
            self.page.mouse.up()

    def tap(self, cell: list[int]) -> None:
        [point] = self.points([(cell[0], cell[1])])
        if self.touch:
            self.page.touchscreen.tap(*point)
        else:
            self.page.mouse.click(*point)

    def moves(self) -> int:
        return int(self.page.locator("main").get_attribute("data-moves") or "0")

    def trace(self, placement: PlacementJson, start: list[int] | None = None) -> None:
        """Trace the piece's cells in one stroke; wait for the page's move and the API's answer."""
        before = self.moves()
        self.stroke(placement["cells"], start)
        self.page.locator(f'main[data-moves="{before + 1}"]').wait_for()
        self.board.settle()

    def traced(self, count: int) -> None:
        """Wait until ``count`` cells are marked as traced."""
        expect(self.page.locator("main")).to_have_attribute("data-traced", str(count))
        assert self.page.locator("#board .trace [data-cell]").count() == count

    def said(self, text: str | re.Pattern[str]) -> None:
        """Wait until the status says ``text`` about the last stroke, tap or move."""
        expect(self.page.locator("#message")).to_have_text(text)


def _solution(client: httpx.Client, puzzle: str, target: str, faceup: bool) -> list[PlacementJson]:
    base = f"/api/v1/puzzles/{puzzle}/targets/{target}/solutions"
    if faceup:
        listed = client.get(base, params={"faceup": "true", "limit": 1}).json()["solutions"]
        if not listed:
            pytest.skip(f"{puzzle} {target} has no face-up solution")
        placements: list[PlacementJson] = listed[0]["placements"]
        return placements
    placements = client.get(f"{base}/1").json()["placements"]
    return placements


# ---------------------------------------------------------------- one stroke per piece


@pytest.mark.parametrize(
    ("puzzle", "target", "device", "faceup"),
    [
        (CALENDAR, DAY, "desktop", False),  # squares with holes, by mouse
        (CALENDAR, DAY, "phone", True),  # by finger, face up only
        ("pentomino-4x15", "board", "phone", False),  # the twelve pentominoes, the board turned upright
        ("hexiamond-tenyo", "board", "desktop", False),  # triangles
    ],
)
def test_a_stored_solution_is_traced_in_one_stroke_per_piece(
    contexts: dict[str, BrowserContext],
    api_url: str,
    client: httpx.Client,
    puzzle: str,
    target: str,
    device: str,
    faceup: bool,
) -> None:
    solution = _solution(client, puzzle, target, faceup)
    query = "?faceup=true" if faceup else ""
    touch = device == "phone"
    page, board, errors = open_board(contexts[device], f"{api_url}/play/{puzzle}/{target}{query}", touch)
    assert board.verdict == "Trace a piece across the cells it covers, or pick one from the tray."
    tracer = Tracer(board, touch)
    for count, placement in enumerate(solution, start=1):
        tracer.trace(placement)
        tracer.said(f"Placed {placement['piece']}.")
        tracer.traced(0)  # the highlight goes with the placed piece
        answer = assert_shows(board, client, solution[:count], faceup)
        assert answer["legal"]
    assert answer["solved"] and board.verdict.startswith("Solved!")
    assert tracer.strokes == len(get_puzzle(puzzle).pieces) == len(solution)
    if touch:
        page.screenshot(path=screenshot_path(f"api-board-traced-{puzzle}{'-faceup' if faceup else ''}.png"))
    assert errors == []


# ---------------------------------------------------------------- shapes that are no piece, replacing


def test_a_shape_that_is_no_piece_is_said_and_stays_marked_for_correction(
    contexts: dict[str, BrowserContext], api_url: str, client: httpx.Client
) -> None:
    page, board, errors = open_board(contexts["desktop"], f"{api_url}/play/{CALENDAR}/{DAY}")
    tracer = Tracer(board, touch=False)
    bar = [[2, 0], [2, 1], [2, 2], [2, 3], [2, 4]]  # five in a row: DragonFjord has no I pentomino
    tracer.stroke(bar)
    tracer.said("No piece left has this shape: tap cells to mark or unmark them, or trace again.")
    tracer.traced(5)
    assert page.locator("#board .trace .traced.refused [data-cell]").count() == 5
    assert tracer.moves() == 0 and board.placed() == set()
    tracer.tap([2, 4])  # a marked cell: unmarked
    tracer.traced(4)
    tracer.said("4 cells marked: trace or tap the rest of the piece.")
    assert page.locator("#board .trace .traced.refused").count() == 0
    tracer.tap([3, 0])  # four in a row and one under the first: the L
    tracer.said("Placed L.")
    board.settle()
    shape = [[2, 0], [2, 1], [2, 2], [2, 3], [3, 0]]
    assert_shows(board, client, [{"piece": "L", "cells": shape}])
    # a new stroke that starts on an unmarked cell starts over
    tracer.stroke([[4, 0], [4, 1], [4, 2], [4, 3], [4, 4]])
    tracer.traced(5)
    tracer.said(re.compile("^No piece left"))
    tracer.stroke([[5, 0], [5, 1], [6, 0], [6, 1], [6, 2]])
    tracer.said("Placed P.")
    board.settle()
    tracer.traced(0)
    assert_shows(
        board,
        client,
        [{"piece": "L", "cells": shape}, {"piece": "P", "cells": [[5, 0], [5, 1], [6, 0], [6, 1], [6, 2]]}],
    )
    # the L's shape again elsewhere: it is on the board already
    tracer.stroke([[3, 3], [3, 4], [3, 5], [3, 6], [4, 6]])
    tracer.said("This is the shape of L, which is on the board already.")
    tracer.traced(5)
    assert board.placed() == {"L", "P"}
    page.keyboard.press("Escape")  # forgets the marked cells
    tracer.traced(0)
    # a stroke lifted too early: the next one that begins on its cells goes on with them
    tracer.stroke([[4, 3], [4, 4], [4, 5]])
    tracer.said("3 cells marked: trace or tap the rest of the piece.")
    tracer.stroke([[4, 3], [3, 3]])
    tracer.traced(4)
    tracer.tap([3, 5])  # a U, and the start of the 2×3 R: the page asks
    tracer.said("These cells are U, or part of a larger piece: tap another cell, or place U.")
    page.locator("#trace-place").click()
    tracer.said("Placed U.")
    board.settle()
    u = [[3, 3], [3, 5], [4, 3], [4, 4], [4, 5]]
    assert_shows(
        board,
        client,
        [
            {"piece": "L", "cells": shape},
            {"piece": "P", "cells": [[5, 0], [5, 1], [6, 0], [6, 1], [6, 2]]},
            {"piece": "U", "cells": u},
        ],
    )
    assert errors == []


def _mirrored_only(board: Board, name: str) -> int:
    """An orientation of the piece that no rotation of its drawn side (orientation 0) reaches."""
    orientations = board.pieces[name]["orientations"]
    turns, index = {0}, orientations[0]["rotate"]
    while index not in turns:
        turns.add(index)
        index = orientations[index]["rotate"]
    return min(set(range(len(orientations))) - turns)


def test_face_up_tracing_accepts_only_face_up_orientations(
    contexts: dict[str, BrowserContext], api_url: str, client: httpx.Client
) -> None:
    _, board, errors = open_board(contexts["desktop"], f"{api_url}/play/{CALENDAR}/{DAY}?faceup=true")
    tracer = Tracer(board, touch=False)
    orientation = board.pieces["L"]["orientations"][_mirrored_only(board, "L")]["cells"]
    turned_over = [[r + 2, c + 1] for r, c in orientation]  # the L turned over, on the days 1-31
    tracer.stroke(turned_over)
    tracer.said(re.compile("^No piece left has this shape"))
    tracer.traced(5)
    assert board.placed() == set()
    face_up = [[r + 2, c + 1] for r, c in board.pieces["L"]["orientations"][0]["cells"]]
    tracer.stroke(face_up)
    tracer.said("Placed L.")
    board.settle()
    assert_shows(board, client, [{"piece": "L", "cells": face_up}], faceup=True)
    assert errors == []


def _overlapping(client: httpx.Client) -> tuple[PlacementJson, PlacementJson]:
    """Placements of two different pieces, each from a stored solution, that share a cell."""
    first = client.get(f"/api/v1/puzzles/{CALENDAR}/targets/{DAY}/solutions/1").json()["placements"]
    second = client.get(f"/api/v1/puzzles/{CALENDAR}/targets/{DAY}/solutions/2").json()["placements"]
    for a in first:
        for b in second:
            if a["piece"] != b["piece"] and {tuple(c) for c in a["cells"]} & {tuple(c) for c in b["cells"]}:
                return a, b
    raise AssertionError("no overlapping placements")


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_tracing_over_a_placed_piece_replaces_it(
    contexts: dict[str, BrowserContext], api_url: str, client: httpx.Client, device: str
) -> None:
    first, second = _overlapping(client)
    touch = device == "phone"
    page, board, errors = open_board(contexts[device], f"{api_url}/play/{CALENDAR}/{DAY}", touch)
    tracer = Tracer(board, touch)
    tracer.trace(first)
    assert_shows(board, client, [first])
    taken = {tuple(cell) for cell in first["cells"]}
    free = next(cell for cell in second["cells"] if tuple(cell) not in taken)
    tracer.trace(second, start=free)  # starts on a free cell (a press on a placed piece moves it)
    tracer.said(f"Placed {second['piece']} instead of {first['piece']}.")
    assert_shows(board, client, [second])
    assert tracer.strokes == 2
    page.locator("#undo").click()  # one move: undo brings the first back
    board.settle()
    assert_shows(board, client, [first])
    assert errors == []


# ---------------------------------------------------------------- the tray's way, on touch


def test_a_selected_piece_shows_under_the_finger_before_it_drops(
    contexts: dict[str, BrowserContext], api_url: str, client: httpx.Client
) -> None:
    page, board, errors = open_board(contexts["phone"], f"{api_url}/play/{CALENDAR}/{DAY}", touch=True)
    tracer = Tracer(board, touch=True)
    board.select("U")  # a tap on the tray; rotate or flip as ever
    [first, second] = tracer.points([(4, 1), (5, 4)])
    preview = page.locator('#board .preview [data-piece="U"] [data-cell]')
    tracer._touch("touchStart", first)
    page.locator('#board .preview [data-piece="U"] [data-cell="4,1"]').wait_for()
    assert preview.count() == 5  # under the finger, not placed yet
    under_first = set(preview.evaluate_all("cs => cs.map(c => c.dataset.cell)"))
    assert tracer.moves() == 0 and board.placed() == set()
    tracer._touch("touchMove", second)  # (the piece under the first cell covers no cell of row 5)
    page.locator('#board .preview [data-piece="U"] [data-cell="5,4"]').wait_for()  # it follows the finger
    under_second = set(preview.evaluate_all("cs => cs.map(c => c.dataset.cell)"))
    assert under_second != under_first and len(under_second) == 5
    assert board.placed() == set()
    tracer._touch("touchMove", second, pause=0.2)
    tracer._touch("touchEnd", None)  # lifted: it drops where it was shown
    page.locator('main[data-moves="1"]').wait_for()
    board.settle()
    cells = sorted([int(r), int(c)] for r, c in (cell.split(",") for cell in under_second))
    assert_shows(board, client, [{"piece": "U", "cells": cells}])
    assert page.locator("#board .preview [data-piece]").count() == 0
    assert errors == []


# ---------------------------------------------------------------- the layout on a phone


def _in_view(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (selector, box)


@pytest.mark.parametrize(
    ("puzzle", "target"), [(CALENDAR, DAY), ("pentomino-4x15", "board"), ("pentomino-3x20", "board")]
)
def test_on_a_phone_the_board_the_count_and_a_hint_are_in_view_together(
    contexts: dict[str, BrowserContext], api_url: str, client: httpx.Client, puzzle: str, target: str
) -> None:
    solution = _solution(client, puzzle, target, faceup=False)
    page, board, errors = open_board(contexts["phone"], f"{api_url}/play/{puzzle}/{target}", touch=True)
    tracer = Tracer(board, touch=True)
    for placement in solution[:2]:
        tracer.trace(placement)
    page.locator('.hint-button[data-stage="1"]').tap()
    page.locator('main[data-hint="1"]').wait_for()
    assert page.locator("#hint-text").inner_text()
    for selector in (
        "#board",
        "[data-testid=remaining]",
        "#count-text",
        "#verdict",
        "#hint-text",
        "#accept",
        ".hint-buttons",
    ):
        _in_view(page, selector)
    page.screenshot(path=screenshot_path(f"api-board-phone-hint-{puzzle}.png"))
    assert errors == []


@pytest.mark.parametrize("puzzle_id", sorted(catalog()))
def test_every_board_has_cells_of_28_css_pixels_or_more_on_a_phone(
    contexts: dict[str, BrowserContext], api_url: str, puzzle_id: str
) -> None:
    target = get_puzzle(puzzle_id).targets[0].name
    page, board, errors = open_board(contexts["phone"], f"{api_url}/play/{puzzle_id}/{target}", touch=True)
    sizes = page.locator("#board .cells polygon").evaluate_all(
        "cs => cs.map(c => { const r = c.getBoundingClientRect(); return Math.min(r.width, r.height); })"
    )
    assert len(sizes) == len(board.data["cells"])
    assert min(sizes) >= 28, min(sizes)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing sideways
    turned = page.locator("#board").get_attribute("data-turned") == "true"
    assert turned == (puzzle_id in ("pentomino-3x20", "pentomino-4x15"))  # the long ones, drawn upright
    assert errors == []


def _tray_boxes(page: Page) -> list[tuple[float, float, float, float]]:
    """Where each tray piece is on the page (not the window: scrolling is no move)."""
    boxes: list[list[float]] = page.locator(".tray-piece").evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect();"
        " return [r.left + scrollX, r.top + scrollY, r.width, r.height]; })"
    )
    return [(round(x, 1), round(y, 1), round(w, 1), round(h, 1)) for x, y, w, h in boxes]


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_tray_does_not_move_between_moves(
    contexts: dict[str, BrowserContext], api_url: str, client: httpx.Client, device: str
) -> None:
    touch = device == "phone"
    solution = _solution(client, CALENDAR, DAY, faceup=False)
    page, board, errors = open_board(contexts[device], f"{api_url}/play/{CALENDAR}/{DAY}", touch)
    tracer = Tracer(board, touch)
    tray = _tray_boxes(page)
    steps = [
        lambda: tracer.trace(solution[0]),  # placed by a stroke
        lambda: tracer.stroke([[4, 0], [4, 1], [4, 2], [4, 3], [4, 4]]),  # no piece: said and kept
        lambda: tracer.said(re.compile("^No piece left")),
        lambda: tracer.tap([4, 4]),  # corrected
        lambda: tracer.said("4 cells marked: trace or tap the rest of the piece."),
        lambda: tracer.trace(solution[1]),  # a new stroke starts over and places
        lambda: page.locator('.hint-button[data-stage="1"]').click(),  # a hint in words and buttons
        lambda: page.locator('main[data-hint="1"]').wait_for(),
        lambda: page.locator("#accept").click(),
        board.settle,
        lambda: page.locator("#undo").click(),
        board.settle,
        lambda: board.place(solution[2]),  # the tray's way: select ("… selected"), turn, tap
    ]
    for step in steps:
        step()
        assert _tray_boxes(page) == tray
    assert board.placed() == {p["piece"] for p in solution[:3]}
    assert errors == []
