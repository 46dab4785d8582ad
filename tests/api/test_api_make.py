"""The editor at ``/make`` in a real browser on a phone: a board drawn with a finger, its pieces
picked, checked as it is drawn, saved and played to "Solved!"; a mistake announced and gone once
fixed; a tiny board made with the keyboard alone; a pasted definition opened; and axe-core's
accessibility rules, in light and dark."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.api.test_api_axe import axe_script, violations
from tests.api.test_api_board_players import solve_with_the_answer
from tests.support.browser import LoopbackOnly, screenshot_path
from tests.support.custom_puzzles import CALENDAR as MY_CALENDAR

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def phone(browser: Browser, live_url: str) -> Iterator[BrowserContext]:
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    guard = LoopbackOnly(live_url)
    context.route("**/*", guard)
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


def centre_of(page: Page, row: int, col: int) -> tuple[float, float]:
    cell = page.locator(f'#grid polygon[data-cell="{row},{col}"]')
    cell.scroll_into_view_if_needed()
    found = cell.bounding_box()
    assert found is not None
    return found["x"] + found["width"] / 2, found["y"] + found["height"] / 2


def stroke(page: Page, cells: list[tuple[int, int]]) -> None:
    """One stroke of the mouse across the cells' centres."""
    x, y = centre_of(page, *cells[0])
    page.mouse.move(x, y)
    page.mouse.down()
    for cell in cells[1:]:
        page.mouse.move(*centre_of(page, *cell), steps=3)
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
