"""The web board and the daily page as a player on a phone uses them (Debian's Chromium, Playwright,
390×844 with touch; 844×390 on its side): the record from the server on both pages, "solved today",
the free board that is no day's puzzle, Redo, where a piece can go, the answer behind a question,
what a screen reader hears, and the layout.

The live server runs on the module's copy of the sample store, its clock at 2026-01-22 09:00 UTC
(the pentomino challenge of that day is on the 3×20 board).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, tzinfo
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from api import deps, players
from tests.api.test_api_board import Board, PlacementJson
from tests.support.api_server import SHARED_BY_MANY_TESTS, start_server
from tests.support.browser import LoopbackOnly

MOMENT = datetime(2026, 1, 22, 9, tzinfo=UTC)
TODAY = "2026-01-22"
CALENDAR = "calendar-dragonfjord/01-22"
FREE_BOARD = "pentomino-3x20/board"  # the day's challenge board, without its pre-placed pieces
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "timezone_id": "UTC",
}


class Clock(datetime):
    """The live server's clock (``api.players`` and ``api.deps`` read ``datetime.now`` from here)."""

    @classmethod
    def now(cls, tz: tzinfo | None = None) -> datetime:  # type: ignore[override]
        return datetime.fromtimestamp(MOMENT.timestamp(), tz)


@pytest.fixture(scope="module")
def live_url(store_url: str) -> Iterator[str]:
    """A server of its own on the module's copy of the sample store, at :data:`MOMENT`."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(players, "datetime", Clock)
        patch.setattr(deps, "datetime", Clock)
        running = start_server(store_url, **SHARED_BY_MANY_TESTS)
        yield running.url
        running.stop()


@pytest.fixture
def phone(browser: Browser, live_url: str) -> Iterator[BrowserContext]:
    """A new visitor's phone that may only talk to the test server; no script error allowed."""
    context = browser.new_context(**PHONE)
    guard = LoopbackOnly(live_url)
    guard.watch(context)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    yield context
    context.close()
    assert guard.blocked == [] and errors == []


def open_page(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.clock.set_fixed_time(MOMENT)
    page.goto(url)
    return page


def open_board(context: BrowserContext, live_url: str, board: str, query: str = "") -> Board:
    page = open_page(context, f"{live_url}/play/{board}{query}")
    opened = Board(page, touch=True)
    opened.settle()
    return opened


def solve_with_the_answer(board: Board) -> None:
    """The last hint stage ("all the rest"), asked for twice (it asks first), accepted."""
    page = board.page
    page.locator('.hint-button[data-stage="3"]').tap()
    page.locator('.hint-button[data-stage="3"][data-confirming]').tap()
    page.locator('main[data-hint="3"]').wait_for()
    page.locator("#accept").tap()
    board.settle()
    assert board.verdict.startswith("Solved!")
    page.locator("[data-testid=solved-panel]").wait_for()


# ---------------------------------------------------------------- the record


def test_the_record_is_on_the_board_and_the_daily_page_which_says_solved_today(
    phone: BrowserContext, live_url: str
) -> None:
    daily = open_page(phone, f"{live_url}/")
    daily.wait_for_load_state("networkidle")
    assert daily.locator("#calendar").get_attribute("data-date") == TODAY
    assert daily.locator("#record").is_hidden()  # nothing played yet
    assert daily.locator("#calendar [data-testid=solved-today]").is_hidden()
    board = open_board(phone, live_url, CALENDAR)
    record = board.page.locator("[data-testid=record]")
    record.filter(has_text="Played 1 · Solved 0 · Streak 0 · Best 0 · Hints used 0").wait_for()
    solve_with_the_answer(board)
    record.filter(has_text="Played 1 · Solved 1 · Streak 1 · Best 1 · Hints used 3").wait_for()
    summary = board.page.locator("#solved-summary").inner_text()
    assert re.search(r"Time: \d+ s\b", summary), summary  # under a minute: seconds, not "1 min"
    daily.reload()
    daily.wait_for_load_state("networkidle")
    daily.locator("#calendar [data-testid=solved-today]").wait_for()
    assert daily.locator("#pentomino [data-testid=solved-today]").is_hidden()
    line = daily.locator('#record p[data-kind="calendar"]').inner_text()
    assert line == "Calendar puzzle: played 1 · solved 1 · streak 1 · best streak 1 · hints used 3"


def test_the_free_board_never_speaks_of_streaks_or_tomorrow(phone: BrowserContext, live_url: str) -> None:
    board = open_board(phone, live_url, FREE_BOARD)
    board.page.wait_for_load_state("networkidle")
    solve_with_the_answer(board)
    board.page.wait_for_load_state("networkidle")
    panel = board.page.locator("[data-testid=solved-panel]").inner_text()
    assert "Streak" not in panel and "streak" not in panel and "Tomorrow" not in panel
    assert board.page.locator("[data-testid=record]").is_hidden()


# ---------------------------------------------------------------- undo, redo and what is said


def solution(live_url: str, board: str = CALENDAR) -> list[PlacementJson]:
    puzzle, target = board.split("/")
    url = f"{live_url}/api/v1/puzzles/{puzzle}/targets/{target}/solutions/1"
    placements: list[PlacementJson] = httpx.get(url).json()["placements"]
    return placements


def cursor_to(page: Page, cell: list[int]) -> str:
    """The keyboard's cursor moved onto ``cell``: what it says there."""
    page.locator("#board").focus()
    page.keyboard.press("Home")
    for _ in range(cell[0]):
        page.keyboard.press("ArrowDown")
    for _ in range(cell[1]):
        page.keyboard.press("ArrowRight")
    return page.locator("#cursor-says").inner_text()


def test_redo_and_undo_leave_no_ghost_and_every_turn_and_step_is_said(
    phone: BrowserContext, live_url: str
) -> None:
    board = open_board(phone, live_url, CALENDAR)
    page = board.page
    first, second, third = solution(live_url)[:3]
    board.place(first)
    board.place(second)
    assert page.locator("#redo").is_disabled()
    board.select(third["piece"])
    page.locator("#rotate").tap()
    said = page.locator("#says").inner_text()
    assert re.fullmatch(rf"{third['piece']} rotated: orientation 2 of \d+\.", said), said
    page.locator("#flip").tap()
    assert re.fullmatch(
        rf"{third['piece']} flipped: orientation \d+ of \d+\.", page.locator("#says").inner_text()
    )
    board.pick_up(second["piece"])
    assert page.locator("main").get_attribute("data-selected") == second["piece"]
    page.locator("#undo").tap()  # the pick-up undone: the piece is back, and held no more
    board.settle()
    assert board.placed() == {first["piece"], second["piece"]}
    assert page.locator("main").get_attribute("data-selected") == ""
    assert page.locator('.tray-piece[aria-pressed="true"]').count() == 0
    page.locator("#undo").tap()
    board.settle()
    assert board.placed() == {first["piece"]}
    page.locator("#redo").tap()
    board.settle()
    assert board.placed() == {first["piece"], second["piece"]}
    assert page.locator("#says").inner_text().startswith("Redone:")
    cell = second["cells"][0]
    assert f"covered by {second['piece']}" in cursor_to(page, cell)
    page.keyboard.press("Control+z")
    board.settle()
    assert "empty" in page.locator("#cursor-says").inner_text()  # the cursor's words follow the board
    page.keyboard.press("Control+y")
    board.settle()
    assert f"covered by {second['piece']}" in page.locator("#cursor-says").inner_text()


# ---------------------------------------------------------------- where a piece can go


def solvable_places(
    live_url: str, board: Board, placed: list[PlacementJson], name: str
) -> list[list[list[int]]]:
    """Every place of piece ``name`` on empty cells that are not left open, where the position API
    says some solution extends the board with it."""
    data = board.data
    cells = {tuple(c["cell"]) for c in data["cells"]}
    taken = {tuple(c) for p in placed for c in p["cells"]} | {tuple(c) for c in data["uncovered"]}
    url = f"{live_url}/api/v1/puzzles/{data['puzzle']}/targets/{data['target']}/position"
    found = []
    with httpx.Client() as http:  # one client for every ask (each new one loads the CA bundle: 30 ms)
        for orientation in board.pieces[name]["orientations"]:
            shape = orientation["cells"]
            for row, column in cells:
                moved = [[r + row - shape[0][0], c + column - shape[0][1]] for r, c in shape]
                if not all((r, c) in cells and (r, c) not in taken for r, c in moved):
                    continue
                asked = {"placements": [*placed, {"piece": name, "cells": moved}]}
                answer = http.post(url, json=asked).json()
                if answer["legal"] and answer["remaining"] > 0:
                    found.append(sorted(moved))
    return found


def test_where_can_it_go_marks_the_places_that_keep_the_board_solvable(
    phone: BrowserContext, live_url: str
) -> None:
    board = open_board(phone, live_url, CALENDAR)
    page = board.page
    page.locator('main[data-offline="ready"]').wait_for()  # the target's solutions are here
    first, second = solution(live_url)[:2]
    board.place(first)
    page.locator("#where").tap()
    assert page.locator("#where").get_attribute("aria-pressed") == "true"
    assert page.locator("#places-text").inner_text() == "Pick a piece to see where it can go."
    board.select(second["piece"])
    expected = solvable_places(live_url, board, [first], second["piece"])
    count = len({tuple(map(tuple, cells)) for cells in expected})
    assert page.locator("#board").get_attribute("data-places") == str(count)
    marked = set(page.locator("#board .places .place-cell").evaluate_all("ps => ps.map(p => p.dataset.cell)"))
    assert marked == {f"{r},{c}" for cells in expected for r, c in cells}
    assert page.locator("#places-text").inner_text() == (
        f"{second['piece']} can go in {count} places that keep the board solvable (marked)."
    )
    page.locator("#where").tap()  # off again
    assert page.locator("#board .places .place-cell").count() == 0


# ---------------------------------------------------------------- the daily page


def test_the_daily_pages_answer_asks_before_it_shows(phone: BrowserContext, live_url: str) -> None:
    page = open_page(phone, f"{live_url}/?date={TODAY}")
    page.locator("#calendar a[data-stage='2']").tap()
    page.locator("#calendar-stage-2").wait_for()
    page.locator("#calendar .ask summary", has_text="Show the answer").tap()  # one tap under Hint 2
    assert page.locator("#calendar-stage-3").count() == 0  # not shown: asked first
    question = page.locator("#calendar .ask-text")
    assert question.inner_text().startswith("Show the whole solution?")
    question.locator("a[data-stage='3']", has_text="Yes, show the answer").tap()
    page.locator("#calendar-stage-3").wait_for()
    assert "stage=3" in page.url


# ---------------------------------------------------------------- the layout on a phone


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


def test_on_a_phone_the_tray_is_in_view_and_on_its_side_the_whole_board_is(
    browser: Browser, live_url: str
) -> None:
    for width, height in ((390, 844), (844, 390)):
        context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": height}})
        LoopbackOnly(live_url).watch(context)
        board = open_board(context, live_url, CALENDAR)
        page = board.page
        assert page.evaluate("window.scrollY") == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing sideways
        drawn, cell = box(page, "#board"), box(page, '#board .cells [data-cell="2,0"]')
        assert drawn["y"] + drawn["height"] <= height, (width, drawn)  # the whole board in view
        assert cell["height"] >= 28, cell
        if width < height:  # upright: the tray and the hint buttons too
            tray, hints = box(page, ".tray"), box(page, ".hint-buttons")
            assert tray["y"] + tray["height"] <= height, tray
            assert hints["y"] + hints["height"] <= height, hints
        context.close()


def test_the_edition_menu_applies_as_soon_as_it_changes(phone: BrowserContext, live_url: str) -> None:
    page = open_page(phone, f"{live_url}/?date={TODAY}")
    # an edition whose date is solved on demand in a fraction of a second (a weekday one: seconds
    # of two solver processes that nothing here waits for)
    page.select_option("#edition", "calendar-jarringwords")
    page.wait_for_url(f"**/?edition=calendar-jarringwords&date={TODAY}", timeout=10_000)  # no Show press
    assert page.locator("#edition option[selected]").get_attribute("value") == "calendar-jarringwords"
