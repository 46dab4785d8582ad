"""The board for everyone, in a real browser (Debian's Chromium, Playwright): dark mode, a solve with
the keyboard alone whose every cursor move is one sentence for a screen reader, colours that keep
3:1 where they must, the page without JavaScript, and the page at 200 % zoom.

Contrast is WCAG's: the ratio of the two colours' relative luminances (each plus 0.05), computed
here from the colours the browser computed.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.api.test_api_board import Board, PlacementJson, analyse, open_board
from tests.support.browser import LoopbackOnly, screenshot_path

CALENDAR = "calendar-dragonfjord"
DAY = "01-24"
Cell = tuple[int, int]


@pytest.fixture
def context_for(browser: Browser, api_url: str) -> Iterator[Any]:
    """Browser contexts with the options asked for, each talking to the test server only."""
    opened: list[tuple[BrowserContext, LoopbackOnly]] = []

    def new(**options: Any) -> BrowserContext:
        context = browser.new_context(**options)
        guard = LoopbackOnly(api_url)
        guard.watch(context)
        opened.append((context, guard))
        return context

    yield new
    for context, guard in opened:
        context.close()
        assert guard.blocked == []


# ---------------------------------------------------------------- colours


def luminance(colour: str) -> float:
    """WCAG relative luminance of a computed colour, ``rgb(r, g, b)`` or ``#rrggbb``."""
    if colour.startswith("#"):
        channels = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    else:
        match = re.match(r"rgba?\((\d+),\s*(\d+),\s*(\d+)", colour)
        assert match, colour
        channels = [int(match.group(i)) for i in (1, 2, 3)]
    linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def style(page: Page, selector: str, prop: str) -> str:
    value: str = page.locator(selector).first.evaluate(f"e => getComputedStyle(e).{prop}")
    return value


def solution(client: httpx.Client, number: int = 1) -> list[PlacementJson]:
    placements: list[PlacementJson] = client.get(
        f"/api/v1/puzzles/{CALENDAR}/targets/{DAY}/solutions/{number}"
    ).json()["placements"]
    return placements


def test_dark_mode_follows_the_system_with_pieces_that_stand_out(
    context_for: Any, api_url: str, client: httpx.Client
) -> None:
    context = context_for(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    placements = solution(client)[:6]
    code = analyse(client, CALENDAR, DAY, placements)["code"]
    page, board, errors = open_board(context, f"{api_url}/play/{CALENDAR}/{DAY}?p={code}")
    assert board.placed() == {p["piece"] for p in placements}
    assert luminance(style(page, "body", "backgroundColor")) < 0.02  # a dark page
    assert luminance(style(page, "body", "color")) > 0.7  # light words
    empty = style(page, "#board .cell:not(.open)", "fill")
    assert luminance(empty) < 0.05
    fills = page.locator("#board .pieces .piece-cell").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c).fill)"
    )
    assert len(set(fills)) == len(placements)  # one colour each, all different
    ratios = [contrast(fill, empty) for fill in set(fills)]
    assert min(ratios) >= 3, ratios
    assert contrast(style(page, "#board .label:not(.open)", "fill"), empty) >= 4.5  # labels readable
    assert (
        contrast(style(page, "#board .label.open", "fill"), style(page, "#board .cell.open", "fill")) >= 4.5
    )
    page.screenshot(path=screenshot_path("api-board-dark.png"), full_page=True)
    daily = context.new_page()
    daily.goto(f"{api_url}/?date=2026-{DAY}")
    assert luminance(style(daily, "body", "backgroundColor")) < 0.02
    assert contrast(style(daily, "body", "color"), style(daily, "body", "backgroundColor")) >= 7
    assert contrast(style(daily, "a", "color"), style(daily, "body", "backgroundColor")) >= 4.5
    daily.screenshot(path=screenshot_path("api-daily-dark.png"))
    assert errors == []


def test_the_pieces_follow_the_system_scheme_when_it_changes_mid_game(
    context_for: Any, api_url: str, client: httpx.Client
) -> None:
    context = context_for(viewport={"width": 1280, "height": 900}, color_scheme="light")
    placements = solution(client)[:3]
    code = analyse(client, CALENDAR, DAY, placements)["code"]
    page, board, errors = open_board(context, f"{api_url}/play/{CALENDAR}/{DAY}?p={code}")
    pieces = {piece["name"]: piece for piece in board.data["pieces"]}

    def fills(kind: str) -> dict[str, str]:
        drawn = page.locator("#board .pieces [data-piece]").evaluate_all(
            "gs => gs.map(g => [g.dataset.piece, g.querySelector('.piece-cell').getAttribute('fill')])"
        )
        tray = page.locator(".tray-piece svg polygon").first.get_attribute("fill")
        assert tray == board.data["pieces"][0][kind]
        return dict(drawn)

    assert fills("colour") == {p["piece"]: pieces[p["piece"]]["colour"] for p in placements}
    page.emulate_media(color_scheme="dark")
    page.wait_for_function(
        "f => document.querySelector('#board .pieces .piece-cell').getAttribute('fill') !== f",
        arg=pieces[placements[0]["piece"]]["colour"],
    )
    assert fills("dark") == {p["piece"]: pieces[p["piece"]]["dark"] for p in placements}
    assert errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_piece_stands_three_to_one_against_an_empty_cell(
    context_for: Any, api_url: str, client: httpx.Client, scheme: str
) -> None:
    """All twelve colours of a 12-piece board, on the board and in the tray; in light mode the
    light blue once stood at 1.6:1 against the white cell."""
    context = context_for(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    board_id = "pentomino-6x10"
    placements = client.get(f"/api/v1/puzzles/{board_id}/targets/board/solutions/1").json()["placements"]
    code = analyse(client, board_id, "board", placements)["code"]
    page, board, errors = open_board(context, f"{api_url}/play/{board_id}/board?p={code}")
    assert board.placed() == {p["piece"] for p in placements}
    empty = style(page, "#board .cell:not(.open)", "fill")
    on_board = page.locator("#board .pieces .piece-cell").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c).fill)"
    )
    in_tray = page.locator(".tray-piece svg polygon").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c).fill)"
    )
    assert len(set(on_board)) == 12 and set(in_tray) == set(on_board)  # twelve colours, the same in both
    ratios = {fill: round(contrast(fill, empty), 2) for fill in on_board}
    assert min(ratios.values()) >= 3, ratios
    assert errors == []


def test_inside_telegram_its_theme_wins_over_the_systems(context_for: Any, api_url: str) -> None:
    context = context_for(viewport={"width": 390, "height": 844}, color_scheme="dark")
    page = context.new_page()
    page.goto(f"{api_url}/play/{CALENDAR}/{DAY}")
    page.locator("html").evaluate("html => html.dataset.scheme = 'light'")  # as applyTheme sets it
    assert luminance(style(page, "#board .cell:not(.open)", "fill")) > 0.9
    light = context_for(viewport={"width": 390, "height": 844}, color_scheme="light").new_page()
    light.goto(f"{api_url}/play/{CALENDAR}/{DAY}")
    light.locator("html").evaluate("html => html.dataset.scheme = 'dark'")  # Telegram's dark theme
    empty = style(light, "#board .cell:not(.open)", "fill")
    assert luminance(empty) < 0.05
    light.locator("html").evaluate("html => html.style.setProperty('--muted', '#708499')")  # its hint colour
    assert contrast(style(light, "#board .label:not(.open)", "fill"), empty) >= 4.5  # labels keep theirs


# ---------------------------------------------------------------- contrast of what is not text


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focus_ring_the_cursor_and_the_grid_keep_three_to_one(
    context_for: Any, api_url: str, scheme: str
) -> None:
    context = context_for(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{api_url}/play/{CALENDAR}/{DAY}")
    page.keyboard.press("Tab")  # the skip link, first
    expect(page.locator(":focus")).to_have_class("skip")
    page.keyboard.press("Enter")  # focuses the board
    expect(page.locator("#board")).to_be_focused()
    page.keyboard.press("ArrowRight")  # the cursor shows
    paper = style(page, "body", "backgroundColor")
    frame = style(page, ".board-frame", "backgroundColor")
    cell = style(page, "#board .cell:not(.open)", "fill")
    ring = style(page, "#board", "outlineColor")
    assert style(page, "#board", "outlineStyle") == "solid"
    ratios = {
        "focus ring on the page": contrast(ring, paper),
        "cursor on an empty cell": contrast(style(page, "#board .cursor", "stroke"), cell),
        "grid line on an empty cell": contrast(style(page, "#board .cell:not(.open)", "stroke"), cell),
        "grid line on the board's frame": contrast(style(page, "#board .cell:not(.open)", "stroke"), frame),
    }
    assert min(ratios.values()) >= 3, ratios


# ---------------------------------------------------------------- the keyboard and a screen reader


def _arrow_path(cells: set[Cell], start: Cell, goal: Cell) -> list[str]:
    """The fewest arrow keys from ``start`` to ``goal``: a key moves to the next board cell that way."""
    steps = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}

    def moved(cell: Cell, d: Cell) -> Cell:
        for n in range(1, 64):
            there = (cell[0] + d[0] * n, cell[1] + d[1] * n)
            if there in cells:
                return there
        return cell

    seen: dict[Cell, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            return seen[cell]
        for name, d in steps.items():
            there = moved(cell, d)
            if there not in seen:
                seen[there] = [*seen[cell], name]
                queue.append(there)
    raise AssertionError(f"no way from {start} to {goal}")


def _turns(piece: dict[str, Any], start: int, goal: int) -> list[str]:
    """The fewest R, Shift+R and F presses from orientation ``start`` to ``goal``."""
    orientations = piece["orientations"]
    back = {o["rotate"]: i for i, o in enumerate(orientations)}
    seen: dict[int, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        at = queue.popleft()
        if at == goal:
            return seen[at]
        for key, there in (
            ("r", orientations[at]["rotate"]),
            ("Shift+R", back[at]),
            ("f", orientations[at]["flip"]),
        ):
            if there not in seen:
                seen[there] = [*seen[at], key]
                queue.append(there)
    raise AssertionError(f"{piece['name']}: no way from orientation {start} to {goal}")


# Records which live regions change (their ids, one entry per change) from now on.
SPOKEN = """() => {
  window.spoken = [];
  const regions = document.querySelectorAll('[aria-live], [role=status], [role=alert]');
  const observer = new MutationObserver(changes => {
    const changed = new Set(changes.map(c => (c.target.nodeType === 1 ? c.target : c.target.parentElement)
      .closest('[aria-live], [role=status], [role=alert]')));
    changed.forEach(region => window.spoken.push(region.id || region.className));
  });
  regions.forEach(region => observer.observe(region, {childList: true, characterData: true, subtree: true}));
}"""


def _plan(
    board: Board, cells: set[Cell], at: int, cursor: Cell, placement: PlacementJson
) -> tuple[list[str], list[str], Cell, int]:
    """The keys that turn the piece from orientation ``at`` and move the cursor to where Enter places
    it; that cell, and the orientation."""
    wanted, anchor = board.target_of(placement["piece"], placement["cells"])
    goal = (anchor[0], anchor[1])
    turns = _turns(board.pieces[placement["piece"]], at, wanted)
    return turns, _arrow_path(cells, cursor, goal), goal, wanted


def test_a_date_solved_with_the_keyboard_alone_in_at_most_sixty_keys(
    desktop: BrowserContext, api_url: str, client: httpx.Client
) -> None:
    """Tab to the skip link, Enter: the board. Per piece its number key, R/F, arrows, Enter; after
    every key the live region says the cursor's cell, what covers it and whether the piece fits."""
    page, board, errors = open_board(desktop, f"{api_url}/play/{CALENDAR}/{DAY}")
    says = page.locator("#cursor-says")
    assert says.get_attribute("aria-live") == "polite" and says.get_attribute("aria-atomic") == "true"
    presses = 0

    def press(key: str) -> None:
        nonlocal presses
        presses += 1
        page.keyboard.press(key)

    press("Tab")
    expect(page.locator(":focus")).to_have_text("Skip to the board")
    press("Enter")
    expect(page.locator("#board")).to_be_focused()
    expect(says).to_have_text("Jan, row 1, column 1: empty, to be left open; no piece selected.")
    cells = {(c["cell"][0], c["cell"][1]) for c in board.data["cells"]}
    names = {(c["cell"][0], c["cell"][1]): c["name"] for c in board.data["cells"]}
    index = {name: i for i, name in enumerate(board.pieces)}
    orientation = dict.fromkeys(board.pieces, 0)
    cursor: Cell = (0, 0)
    covered: dict[Cell, str] = {}
    left = list(solution(client))
    while left:
        plans = {p["piece"]: _plan(board, cells, orientation[p["piece"]], cursor, p) for p in left}
        placement = min(left, key=lambda p: len(plans[p["piece"]][0]) + len(plans[p["piece"]][1]))
        left.remove(placement)
        turns, arrows, goal, wanted = plans[placement["piece"]]
        name = placement["piece"]
        press(str(index[name] + 1))
        expect(page.locator(board.tray(name))).to_have_attribute("aria-pressed", "true")
        for key in [*turns, *arrows]:
            press(key)
        orientation[name], cursor = wanted, goal
        expect(says).to_contain_text(f"{name} fits here.")  # one sentence: the cell, its cover, the fit
        assert says.inner_text().startswith(names[goal] or f"row {goal[0] + 1}, column {goal[1] + 1}")
        press("Enter")
        expect(page.locator(f'#board .pieces [data-piece="{name}"]')).to_have_count(1)
        covered.update({(r, c): name for r, c in placement["cells"]})
        if len(left) == 7:  # one step aside: the cursor says the cell, what covers it, no piece selected
            board.settle()
            page.evaluate(SPOKEN)
            aside = (goal[0], goal[1] - 1) if (goal[0], goal[1] - 1) in cells else (goal[0], goal[1] + 1)
            press("ArrowLeft" if aside[1] < goal[1] else "ArrowRight")
            cover = f"covered by {covered[aside]}" if aside in covered else "empty"
            cell = f"row {aside[0] + 1}, column {aside[1] + 1}"
            cell = f"{names[aside]}, {cell}" if names[aside] else cell
            expect(says).to_have_text(f"{cell}: {cover}; no piece selected.")
            assert page.evaluate("window.spoken") == ["cursor-says"]  # one live region, once
            cursor = aside
    board.settle()
    assert board.verdict.startswith("Solved!")
    assert presses <= 60, presses
    print(f"keyboard solve of {CALENDAR} {DAY}: {presses} key presses")
    assert errors == []


def test_a_move_is_spoken_once_in_one_sentence_with_the_count(
    desktop: BrowserContext, api_url: str, client: httpx.Client
) -> None:
    """Placing a piece used to change two live regions (the move's words, then the count). Now one
    region speaks once: the move and the count after it; the solving move, the move and the verdict."""
    page, board, errors = open_board(desktop, f"{api_url}/play/{CALENDAR}/{DAY}")
    placements = solution(client)
    total = board.remaining
    page.evaluate(SPOKEN)
    for number, placement in enumerate(placements, start=1):
        name = placement["piece"]
        orientation, anchor = board.target_of(name, placement["cells"])
        board.select(name)
        board.orient(name, orientation)
        page.evaluate("window.spoken = []")  # from the press that places the piece on
        page.locator(board.cell(anchor)).click()
        board.settle()
        expect(page.locator("#says")).not_to_be_empty()
        assert page.evaluate("window.spoken") == ["says"]  # one live region, once
        said = page.locator("#says").inner_text()
        if number < len(placements):
            assert said == f"Placed {name}: {board.remaining} of {total} solutions still possible."
        else:
            assert said == f"Placed {name}. {board.verdict}" and board.verdict.startswith("Solved!")
    page.evaluate("window.spoken = []")
    page.locator("#undo").click()
    board.settle()
    expect(page.locator("#says")).to_have_text(
        f"Undone: {board.remaining} of {total} solutions still possible."
    )
    assert page.evaluate("window.spoken") == ["says"]
    assert errors == []


def test_tab_goes_from_the_tray_to_the_board_to_the_actions(desktop: BrowserContext, api_url: str) -> None:
    page, _, _ = open_board(desktop, f"{api_url}/play/{CALENDAR}/{DAY}")
    order = page.evaluate(
        """() => Array.from(document.querySelectorAll('.skip, .tray-piece, #board, .controls button'))
                 .map(e => e.classList.contains('skip') ? 'skip' : e.id === 'board' ? 'board'
                      : e.classList.contains('tray-piece') ? 'tray' : 'action')"""
    )
    first = [kind for i, kind in enumerate(order) if i == 0 or order[i - 1] != kind]
    assert first == ["skip", "tray", "board", "action"]


# ---------------------------------------------------------------- without JavaScript, and zoomed


def test_without_javascript_the_page_says_so_and_shows_the_puzzle(context_for: Any, api_url: str) -> None:
    context = context_for(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{api_url}/play/{CALENDAR}/{DAY}")
    expect(page.get_by_text("The playable board needs JavaScript.")).to_be_visible()
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#board .cell.open")).to_have_count(2)  # the date's cells, drawn by the server
    expect(page.locator(".tray-piece").first).to_be_visible()  # the pieces, as pictures
    for hidden in (".status", ".hints", ".controls", ".help"):
        expect(page.locator(hidden)).to_be_hidden()
    working = page.locator("button:visible:enabled")
    assert working.count() == 0  # no button that does nothing
    page.screenshot(path=screenshot_path("api-board-no-javascript.png"), full_page=True)


def _cell_size(page: Page) -> float:
    box = page.locator("#board .cell").first.bounding_box()
    assert box is not None
    return box["width"]


def test_at_200_percent_zoom_the_board_grows_and_the_count_stays_in_view(
    context_for: Any, api_url: str
) -> None:
    """A 1280×900 window at 200 % zoom is a 640×450 CSS pixel page."""
    normal = context_for(viewport={"width": 1280, "height": 900}).new_page()
    normal.goto(f"{api_url}/play/{CALENDAR}/{DAY}")
    zoomed = context_for(viewport={"width": 640, "height": 450}, device_scale_factor=2).new_page()
    zoomed.goto(f"{api_url}/play/{CALENDAR}/{DAY}")
    expect(zoomed.locator("main[data-analysed='0']")).to_be_attached()
    at_100, at_200 = _cell_size(normal), _cell_size(zoomed)
    assert at_200 >= 28
    assert 2 * at_200 >= 1.1 * at_100, (at_100, at_200)  # on the screen, labels and cells grow
    count = zoomed.locator(".count").bounding_box()
    assert count is not None and count["y"] + count["height"] <= 450  # the count in view with the board
    expect(zoomed.locator(".remaining")).to_have_text(re.compile(r"^\d+$"))
    tray = zoomed.locator(".tray-piece").last
    tray.scroll_into_view_if_needed()
    expect(tray).to_be_in_viewport()
    zoomed.locator("#board").scroll_into_view_if_needed()
    expect(zoomed.locator("#board")).to_be_in_viewport()
    zoomed.screenshot(path=screenshot_path("api-board-zoom-200.png"))
