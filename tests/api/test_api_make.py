"""The editor at ``/make`` in a real browser on a phone: a board drawn with a finger, its pieces
picked, checked as it is drawn, saved and played to "Solved!"; a hexagonal board and its pieces
drawn, saved and traced to "Solved!"; sh1ura's 7 × 7 "Daily puzzle" copied with its labels and
pieces and today's target played to "Solved!"; a puzzle saved inside the Mini App, owned by its
Telegram user; a mistake announced and gone once fixed; a tiny board made with the keyboard alone;
a pasted definition opened; and axe-core's accessibility rules, in light and dark.

One server for the module (with a bot token, so Mini App sign-ins are checked as in production)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from solver.definitions import PIECES_DIR
from tests.api.test_api_axe import axe_script, violations
from tests.api.test_api_board import Board
from tests.api.test_api_board_custom import solved_on_demand
from tests.api.test_api_board_players import solve_with_the_answer
from tests.api.test_api_board_trace import Tracer
from tests.support.api_server import SHARED_BY_MANY_TESTS, start_server
from tests.support.browser import LoopbackOnly, screenshot_path
from tests.support.custom_puzzles import CALENDAR as MY_CALENDAR
from tests.support.miniapp import TOKEN, init_data
from tests.support.server_clock import ServerClock

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
Cell = tuple[int, int]


@pytest.fixture(scope="module")
def live_url(store_url: str) -> Iterator[str]:
    """The module's server, on its copy of the sample store, taking Mini App sign-ins."""
    running = start_server(store_url, TELEGRAM_BOT_TOKEN=TOKEN, **SHARED_BY_MANY_TESTS)
    yield running.url
    running.stop()


@pytest.fixture
def phone(browser: Browser, live_url: str) -> Iterator[BrowserContext]:
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    guard = LoopbackOnly(live_url)
    guard.watch(context)
    yield context
    context.close()
    assert guard.blocked == []


def editor(context: BrowserContext, url: str) -> tuple[Page, list[str]]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.locator("#grid polygon").first.wait_for()
    return page, errors


def resize(page: Page, rows: int, columns: int) -> None:
    page.locator("#rows").fill(str(rows))
    page.locator("#rows").dispatch_event("change")
    page.locator("#columns").fill(str(columns))
    page.locator("#columns").dispatch_event("change")


def centres(page: Page, cells: list[Cell], grid: str) -> list[tuple[float, float]]:
    """The cells' centres on the screen, the grid scrolled into view (one round trip)."""
    page.locator(grid).scroll_into_view_if_needed()
    found: list[list[float]] = page.evaluate(
        """([grid, cells]) => cells.map(([r, c]) => {
          const b = document.querySelector(`${grid} polygon[data-cell="${r},${c}"]`).getBoundingClientRect();
          return [b.x + b.width / 2, b.y + b.height / 2];
        })""",
        [grid, [list(cell) for cell in cells]],
    )
    return [(x, y) for x, y in found]


def stroke(page: Page, cells: list[Cell], grid: str = "#grid") -> None:
    """One stroke of the mouse across the cells' centres (of the board's grid, or the piece's), one
    move per cell: each move waits for a frame of the browser's (17 ms), and steps in between
    would cross no other cell."""
    points = centres(page, cells, grid)
    page.mouse.move(*points[0])
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*point)
    page.mouse.up()


def painted(page: Page) -> int:
    return page.locator("#grid polygon.on").count()


def pick(page: Page, set_name: str, pieces: str) -> None:
    page.locator("#sets details", has_text=set_name).locator("summary").click()
    for name in pieces.split():
        page.locator(f'#sets input[data-set="{set_name}"][data-piece="{name}"]').check()


def probe_says(page: Page, text: str) -> None:
    page.locator("[data-testid=probe]", has_text=text).wait_for(timeout=20_000)


def draw_the_box(page: Page) -> None:
    resize(page, 3, 5)
    for row in range(3):
        stroke(page, [(row, col) for col in range(5)])
    assert painted(page) == 15
    pick(page, "pentominoes", "L P V")


def test_a_box_drawn_with_a_finger_is_saved_and_played_to_solved(
    phone: BrowserContext, live_url: str
) -> None:
    page, errors = editor(phone, f"{live_url}/make")
    page.locator("#title").fill("Three in my box")
    draw_the_box(page)
    probe_says(page, "Solvable: 1 solution.")
    definition = page.locator("#definition").input_value()
    assert "pieces: pentominoes L P V" in definition and "# # # # #" in definition
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=screenshot_path("api-make-phone.png"), full_page=True)
    page.locator("#save").click()
    page.locator("#saved-links").wait_for()
    assert "Saved: Three in my box." in page.locator("#save-note").inner_text()
    assert "/p/" in page.locator("#saved-link").inner_text()
    page.locator("#play-link").click()
    page.wait_for_url("**/play/*/board*")
    solve_with_the_answer(page)
    assert errors == []


def test_a_mistake_is_announced_and_goes_once_it_is_fixed(phone: BrowserContext, live_url: str) -> None:
    page, errors = editor(phone, f"{live_url}/make")
    draw_the_box(page)
    probe_says(page, "Solvable")
    stroke(page, [(2, 4)])  # a stroke that starts on a painted cell empties it
    assert painted(page) == 14
    problems = page.locator("[data-testid=problems] li")
    problems.first.wait_for(timeout=20_000)
    assert "the pieces cover 15 cells but the board has 14" in problems.first.inner_text()
    assert page.locator("#verdict").get_attribute("aria-live") == "polite"
    stroke(page, [(2, 4)])
    probe_says(page, "Solvable: 1 solution.")
    assert problems.count() == 0
    assert errors == []


def tab_to(page: Page, selector: str, backwards: bool = False) -> None:
    """The Tab key (Shift+Tab backwards) pressed until ``selector`` has the focus."""
    for _ in range(80):
        if page.evaluate(f"document.activeElement === document.querySelector({selector!r})"):
            return
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    pytest.fail(f"Tab never reached {selector}")


def test_a_tiny_board_is_made_with_the_keyboard_alone(phone: BrowserContext, live_url: str) -> None:
    page, errors = editor(phone, f"{live_url}/make")
    tab_to(page, "#grid")
    for key in ("Enter", "ArrowRight", "Enter", "ArrowRight", "Enter", "ArrowRight", "Enter"):
        page.keyboard.press(key)
    assert painted(page) == 4
    assert "row 1, column 4" in page.locator("#cell-status").inner_text()
    tab_to(page, "#draw-piece summary")
    page.keyboard.press("Enter")  # unfolds "Draw a piece"
    for name in ("A", "B"):
        tab_to(page, "#piece-grid")
        for key in ("Home", "Enter", "ArrowRight", "Enter"):
            page.keyboard.press(key)
        tab_to(page, "#piece-name")
        assert page.locator("#piece-name").input_value() == name
        tab_to(page, "#add-piece")
        page.keyboard.press("Enter")
    assert page.locator("#drawn-pieces li").count() == 2
    probe_says(page, "Solvable")
    tab_to(page, "#save")
    page.keyboard.press("Enter")
    page.locator("#saved-links").wait_for()
    definition = page.locator("#definition").input_value()
    assert "piece A\n##\n" in definition and "board:\n# # # #\n" in definition
    assert errors == []


CALENDAR = MY_CALENDAR.replace("My calendar", "Pasted calendar")


def test_a_pasted_definition_opens_in_the_editor(phone: BrowserContext, live_url: str) -> None:
    page, errors = editor(phone, f"{live_url}/make")
    page.locator("#definition").fill(CALENDAR)
    page.locator("#open").click()
    assert "open in the editor" in page.locator("#definition-note").inner_text()
    assert page.locator("#title").input_value() == "Pasted calendar"
    assert (page.locator("#rows").input_value(), page.locator("#columns").input_value()) == ("7", "7")
    assert painted(page) == 43
    assert page.locator("#grid text", has_text="Dec").count() == 1
    assert page.locator('input[name="targets"][value="month-day"]').is_checked()
    assert page.locator("#drawn-pieces li").count() == 8  # the calendar's eight pieces
    probe_says(page, "Solvable today")
    page.evaluate("document.getElementById('rows').scrollIntoView()")
    page.screenshot(path=screenshot_path("api-make-calendar.png"))  # the README's picture
    assert errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_the_editor(browser: Browser, live_url: str, scheme: str) -> None:
    axe_script()
    context = browser.new_context(**PHONE, color_scheme=scheme, bypass_csp=True)  # type: ignore[arg-type]
    page, errors = editor(context, f"{live_url}/make?lang=ja")
    draw_the_box(page)
    probe_says(page, "1")
    assert violations(page) == []
    context.close()
    assert errors == []


def test_labels_are_filled_in_order_by_a_stroke_and_typed_on_a_tapped_cell(
    phone: BrowserContext, live_url: str
) -> None:
    page, errors = editor(phone, f"{live_url}/make")
    resize(page, 3, 7)
    page.locator('input[name="tool"][value="months"]').check()
    stroke(page, [(0, col) for col in range(6)])  # Jan to Jun, in the order of the stroke
    stroke(page, [(1, col) for col in range(5, -1, -1)])  # then Jul to Dec, right to left
    page.locator('input[name="tool"][value="days"]').check()
    stroke(page, [(2, col) for col in range(3)])
    page.locator('input[name="tool"][value="type"]').check()
    stroke(page, [(2, 6)])  # a tap: the cell's label is typed
    page.locator("#label-input").fill("Sun")
    page.keyboard.press("Enter")
    page.locator('input[name="tool"][value="paint"]').check()
    stroke(page, [(0, 6)])  # a plain cell
    rows = page.locator("#definition").input_value().split("board:\n")[1].splitlines()
    assert [row.split() for row in rows] == [
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "#"],
        ["Dec", "Nov", "Oct", "Sep", "Aug", "Jul"],
        ["1", "2", "3", ".", ".", ".", "Sun"],
    ]
    assert page.locator("#grid text", has_text="Sun").count() == 1
    page.locator('input[name="lattice"][value="triangle"]').check()  # the triangle grid and its sets
    assert page.locator("#sets details", has_text="hexiamonds").count() == 1
    assert "lattice: triangle" in page.locator("#definition").input_value()
    page.locator("#grid").screenshot(path=screenshot_path("api-make-triangles.png"))
    drawn = page.locator("#definition").input_value()
    page.reload()  # the drawing is kept in the browser
    page.locator("#grid polygon.on").first.wait_for()
    assert page.locator("#definition").input_value() == drawn
    assert page.locator('input[name="lattice"][value="triangle"]').is_checked()
    assert errors == []


# ---------------------------------------------------------------- hexagons, a gallery calendar, the Mini App


def draw_piece(page: Page, cells: list[Cell]) -> None:
    """One stroke across a piece's cells on the piece grid (each step to a neighbour), then added."""
    if not page.locator("#draw-piece").evaluate("d => d.open"):
        page.locator("#draw-piece summary").click()
    stroke(page, cells, grid="#piece-grid")
    page.locator("#add-piece").click()


def test_a_hex_board_and_its_pieces_drawn_are_saved_and_traced_to_solved(
    phone: BrowserContext, live_url: str
) -> None:
    page, errors = editor(phone, f"{live_url}/make")
    page.locator('input[name="lattice"][value="hex"]').check()
    assert page.locator("#grid polygon").first.evaluate("p => p.points.length") == 6
    resize(page, 2, 3)
    # one stroke: the first row left to right, down to the odd row's last cell, back along it
    stroke(page, [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)])
    assert painted(page) == 6
    stroke(page, [(1, 2)])  # a second stroke on a painted cell empties it ...
    assert painted(page) == 5
    stroke(page, [(1, 2)])  # ... and a third paints it again
    draw_piece(page, [(0, 0), (0, 1), (1, 0)])  # three hexagons round a corner, two above
    draw_piece(page, [(1, 0), (1, 1), (0, 1)])  # and one above two
    probe_says(page, "Solvable: 1 solution.")  # A and B alike, the board symmetric: one class
    definition = page.locator("#definition").input_value()
    assert "lattice: hex\n" in definition
    assert "piece A\n# #\n # .\n" in definition and "piece B\n. #\n # #\n" in definition
    assert definition.endswith("board:\n# # #\n # # #\n")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#grid").screenshot(path=screenshot_path("api-make-hexagons.png"))
    page.locator("#save").click()
    page.locator("#saved-links").wait_for()
    page.locator("#play-link").click()
    page.wait_for_url("**/play/*/board*")
    board = Board(page, touch=True)
    board.settle()
    assert board.data["lattice"] == "hex"
    solved_on_demand(live_url, board.data["puzzle"], "board")
    solution = httpx.get(f"{live_url}/api/v1/puzzles/{board.data['puzzle']}/targets/board/solutions/1").json()
    tracer = Tracer(board, touch=True)  # a finger across the hexagons, one stroke a piece
    for placement in solution["placements"]:
        tracer.trace(placement)
    assert board.verdict.startswith("Solved!")
    assert tracer.strokes == 2 and errors == []


GALLERY = PIECES_DIR.parent / "puzzles"


def gallery_drawing(puzzle_id: str) -> tuple[list[list[str]], dict[str, list[Cell]]]:
    """A square gallery puzzle's board rows (tokens) and drawn pieces (cells), as its file has them."""
    rows: list[list[str]] = []
    pieces: dict[str, list[Cell]] = {}
    drawing: list[Cell] | None = None
    in_board = False
    for line in (GALLERY / f"{puzzle_id}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("//") or not line.strip():
            drawing = None
        elif line.startswith("piece "):
            drawing = pieces.setdefault(line.split()[1], [])
            row = 0
        elif line == "board:":
            in_board = True
        elif in_board:
            rows.append(line.split())
        elif drawing is not None:
            drawing += [(row, col) for col, char in enumerate(line) if char == "#"]
            row += 1
    return rows, pieces


def _touching(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def runs(cells: list[Cell]) -> list[list[Cell]]:
    """The cells in their order, cut where one is no neighbour of the one before: a stroke a run."""
    found: list[list[Cell]] = []
    for cell in cells:
        if found and _touching(found[-1][-1], cell):
            found[-1].append(cell)
        else:
            found.append([cell])
    return found


def walk(cells: list[Cell]) -> list[Cell]:
    """A path over every cell of a piece, each step to a neighbour (depth first, stepping back)."""
    path: list[Cell] = []

    def visit(cell: Cell) -> None:
        path.append(cell)
        for other in cells:
            if other not in path and _touching(cell, other):
                visit(other)
                path.append(cell)

    visit(cells[0])
    return path


def test_the_daily_puzzle_board_copied_in_the_editor_is_played_to_solved_today(
    phone: BrowserContext, live_url: str, clock: type[ServerClock]
) -> None:
    clock.moment = datetime(2026, 1, 22, 9, 0, tzinfo=UTC)
    rows, pieces = gallery_drawing("calendar-dailypuzzle-8")
    where = {token: (r, c) for r, row in enumerate(rows) for c, token in enumerate(row)}
    page, errors = editor(phone, f"{live_url}/make")
    page.clock.set_fixed_time(clock.moment)
    page.locator("#title").fill("Daily puzzle")
    resize(page, 7, 7)
    for tool, labels in (
        ("months", ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]),
        ("days", [str(day) for day in range(1, 32)]),
        ("paint", ["#"]),
    ):
        page.locator(f'input[name="tool"][value="{tool}"]').check()
        cells = [cell for label in labels for cell in sorted(c for t, c in where.items() if t == label)]
        if tool == "paint":
            cells = sorted(
                (r, c) for r, row in enumerate(rows) for c, token in enumerate(row) if token == "#"
            )
        for run in runs(cells):
            stroke(page, run)  # each run filled in order by one stroke
    for cells in pieces.values():
        draw_piece(page, walk(cells))
    assert page.locator("#drawn-pieces li").count() == 8
    page.locator('input[name="targets"][value="month-day"]').check()
    probe_says(page, "Solvable today (Jan 22)")
    definition = page.locator("#definition").input_value()
    assert [row.split() for row in definition.split("board:\n")[1].splitlines()] == rows
    page.locator("#save").click()
    page.locator("#saved-links").wait_for()
    page.locator("#play-link").click()
    page.wait_for_url("**/play/*/01-22*")
    board = Board(page, touch=True)
    board.settle()
    solved_on_demand(live_url, board.data["puzzle"], "01-22")
    solution = httpx.get(f"{live_url}/api/v1/puzzles/{board.data['puzzle']}/targets/01-22/solutions/1").json()
    for placement in solution["placements"]:
        board.place(placement)  # from the tray: picked, turned, dropped
    assert board.verdict.startswith("Solved!")
    assert errors == []


TWO_DOMINOES = "title: Ada's board\ntargets: board\npiece A\n##\n\npiece B\n##\n\nboard:\n# # # #\n"


def test_inside_the_mini_app_a_saved_puzzle_is_the_telegram_users(browser: Browser, live_url: str) -> None:
    signed = init_data(user_id=4242)
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    guard = LoopbackOnly(live_url)
    guard.watch(context)
    launch = httpx.QueryParams({"tgWebAppData": signed, "tgWebAppVersion": "8.0"})
    page, errors = editor(context, f"{live_url}/make#{launch}")
    assert page.evaluate("Telegram.WebApp.initDataUnsafe.user.id") == 4242
    page.locator("#definition").fill(TWO_DOMINOES)
    page.locator("#open").click()
    probe_says(page, "Solvable")
    with page.expect_request("**/api/v1/puzzles?*") as saving:
        page.locator("#save").click()
    assert saving.value.headers["authorization"] == f"tma {signed}"
    page.locator("#saved-links").wait_for()
    link = page.locator("#saved-link").get_attribute("href") or ""
    saved_id = link.removeprefix("/p/")

    def listed(user_id: int) -> list[str]:
        headers = {"Authorization": f"tma {init_data(user_id=user_id)}"}
        answer = httpx.get(f"{live_url}/api/v1/me/puzzles", headers=headers)
        assert answer.status_code == 200, answer.text
        return [p["id"] for p in answer.json()["puzzles"]]

    assert saved_id in listed(4242)
    assert saved_id not in listed(4243)  # another Telegram user's list has it not
    context.close()
    assert guard.blocked == [] and errors == []
