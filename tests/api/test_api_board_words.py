"""What the board and the day's page say and let a player do, in a real browser (Debian's Chromium,
Playwright): face-up counts and numbers within the face-up solutions, a date without a face-up
solution, one total on symmetric boards, the challenge's pre-placed pieces fixed, tray names
whole, a stale Mini App sign-in, "Hide the hints" and the heatmap's links.

The browser may only talk to the test server on 127.0.0.1 (``tests/support/browser.py``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from hints.codes import encode_position
from solver.encoding import Placement
from solver.puzzles import get_puzzle
from tests.api.test_api_board import STUB, Board, open_board
from tests.support.browser import LoopbackOnly

CALENDAR = "calendar-dragonfjord"
IN_VIEW = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"


@pytest.fixture
def phone(browser: Browser, api_url: str) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    guard = LoopbackOnly(api_url)
    guard.watch(context)
    yield context
    context.close()
    assert guard.blocked == []


def code_of(puzzle_id: str, placements: list[dict[str, object]]) -> str:
    puzzle = get_puzzle(puzzle_id)
    code = encode_position(
        puzzle,
        [
            Placement(puzzle.piece_names.index(str(p["piece"])), tuple(tuple(c) for c in p["cells"]))  # type: ignore[attr-defined]
            for p in placements
        ],
    )
    assert code is not None
    return code


# ---------------------------------------------------------------- counts and numbers


def test_a_face_up_solve_is_numbered_among_the_face_up_solutions(
    desktop: BrowserContext, api_url: str, client: httpx.Client
) -> None:
    face_up = client.get(
        f"/api/v1/puzzles/{CALENDAR}/targets/01-22/solutions", params={"faceup": "true"}
    ).json()
    assert face_up["total"] == 3
    second = face_up["solutions"][1]
    assert second["n"] != 2  # its stored number: "solution 2 of 3" must not say that one
    code = code_of(CALENDAR, second["placements"])
    page, board, errors = open_board(desktop, f"{api_url}/play/{CALENDAR}/01-22?p={code}&faceup=1")
    assert board.verdict == "Solved! This is solution 2 of 3."
    assert page.locator(".count").inner_text() == "1 of 3 solutions still possible"
    assert errors == []


def test_a_date_without_a_face_up_solution_says_so_and_leads_to_the_usual_puzzle(
    phone: BrowserContext, api_url: str
) -> None:
    page, board, errors = open_board(phone, f"{api_url}/play/{CALENDAR}/01-29?faceup=1", touch=True)
    assert board.verdict == "No solution without turning a piece over; 74 with turning."
    hint = page.locator('.hint-button[data-stage="1"]')
    assert hint.is_enabled()
    hint.tap()
    page.locator("#hint-text", has_text="No hint without turning a piece over").wait_for()
    usual = page.locator("#usual-link")
    assert usual.is_visible()
    usual.tap()
    page.wait_for_url(f"**/play/{CALENDAR}/01-29?p=*")
    assert "faceup" not in page.url
    board = Board(page, touch=True)
    board.settle()
    assert board.remaining == 74 and page.locator("#usual-row").count() == 0
    assert errors == []


def test_a_symmetric_board_shows_one_total(
    desktop: BrowserContext, api_url: str, client: httpx.Client
) -> None:
    solution = client.get("/api/v1/puzzles/pentomino-8x8-hole/targets/board/solutions/7").json()
    page, _, errors = open_board(desktop, f"{api_url}/play/pentomino-8x8-hole/board")
    assert page.locator(".count").inner_text() == "65 of 65 solutions still possible"
    assert "520" not in page.locator("main").inner_text()
    assert page.locator("main").inner_text().count("up to rotation and reflection") == 1
    code = code_of("pentomino-8x8-hole", solution["placements"])
    page.goto(f"{api_url}/play/pentomino-8x8-hole/board?p={code}")
    Board(page).settle()
    assert page.locator("#verdict").inner_text() == "Solved! This is solution 7 of 65."
    assert errors == []


# ---------------------------------------------------------------- the challenge's pre-placed pieces


def test_the_challenges_pre_placed_pieces_are_fixed(
    desktop: BrowserContext, api_url: str, client: httpx.Client
) -> None:
    challenge = client.get("/api/v1/daily/2026-01-25/pentomino").json()
    page, board, errors = open_board(desktop, f"{api_url}{challenge['board_url']}")
    fixed = [p["piece"] for p in challenge["placements"]]
    assert fixed and board.placed() == set(fixed)
    first = fixed[0]
    group = page.locator(f'#board .pieces [data-piece="{first}"]')
    assert "fixed" in (group.get_attribute("class") or "")
    page.locator(f'#board .pieces [data-piece="{first}"] polygon >> nth=0').click()
    page.locator("#message", has_text=f"{first} is pre-placed: it stays where it is.").wait_for()
    assert board.placed() == set(fixed) and page.locator("main").get_attribute("data-moves") == "0"
    tray = page.locator(board.tray(first))
    assert tray.get_attribute("aria-label") == f"Piece {first}, pre-placed on the board"
    tray.click()
    assert board.placed() == set(fixed)
    assert page.locator("#clear").is_disabled()  # nothing a player placed
    assert errors == []


# ---------------------------------------------------------------- the tray


def test_long_piece_names_are_not_cut_off_in_the_tray(phone: BrowserContext, api_url: str) -> None:
    page, _, errors = open_board(phone, f"{api_url}/play/hexiamond-tenyo/board", touch=True)
    cut = page.locator(".tray-piece .name").evaluate_all(
        """names => names.filter(n => {
            const box = n.getBoundingClientRect(), button = n.closest("button").getBoundingClientRect();
            return n.scrollWidth > n.clientWidth + 1 || box.left < button.left || box.right > button.right;
        }).map(n => n.textContent)"""
    )
    assert cut == []
    assert errors == []


# ---------------------------------------------------------------- the Mini App's sign-in


def test_a_mini_app_session_over_a_day_old_is_told_to_reopen_from_the_bot(
    browser: Browser, api_url: str, client: httpx.Client
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    guard = LoopbackOnly(api_url)
    guard.watch(context)

    def expired(route: Route) -> None:
        message = "the Mini App session is more than 24 hours old; reopen the board from the bot"
        body = {"error": {"code": "session_expired", "message": message, "details": []}}
        route.fulfill(status=401, content_type="application/json", body=json.dumps(body))

    context.route("**/api/v1/me/positions/**", expired)
    context.add_init_script(STUB)
    try:
        first = client.get(f"/api/v1/puzzles/{CALENDAR}/targets/01-25/solutions/1").json()
        placement = first["placements"][0]
        code = code_of(CALENDAR, [])
        page, board, _ = open_board(context, f"{api_url}/play/{CALENDAR}/01-25?p={code}", touch=True)
        board.place(placement)
        note = page.locator("#save-note", has_text="reopen the board from the bot")
        note.wait_for()
        assert "more than 24 hours old" in note.inner_text()
        assert page.locator("#save-note").evaluate(IN_VIEW)  # in view, by the count it concerns
    finally:
        context.close()
    assert guard.blocked == []


# ---------------------------------------------------------------- the day's page


def hint_hidden_until_shown(page: Page) -> None:
    reset = page.locator("#calendar a.reset")
    assert reset.count() == 1 and not reset.is_visible()
    page.locator('#calendar a[data-stage="1"]').click()
    assert reset.is_visible()


def test_hide_the_hints_shows_only_once_a_hint_is_shown(desktop: BrowserContext, api_url: str) -> None:
    page = desktop.new_page()
    page.goto(f"{api_url}/?date=2026-01-25")
    hint_hidden_until_shown(page)


def test_a_tap_on_the_heatmap_opens_that_dates_board(phone: BrowserContext, api_url: str) -> None:
    page = phone.new_page()
    page.goto(f"{api_url}/?date=2026-01-25")
    heatmap = page.locator(".heatmap img")
    heatmap.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=heatmap.element_handle())
    assert page.locator(".heatmap-links .today").count() == 1
    page.locator(f'.heatmap-links a[href="/play/{CALENDAR}/03-14"] rect').tap()
    page.wait_for_url(f"**/play/{CALENDAR}/03-14")


def test_the_heatmaps_dates_are_reached_with_tab_and_ringed(desktop: BrowserContext, api_url: str) -> None:
    """The heatmap's links were for pointers only (tabindex=-1, hidden from screen readers): each
    date is now a named link in the tab order, the focused one ringed in the focus colour."""
    page = desktop.new_page()
    page.goto(f"{api_url}/?date=2026-01-25")
    page.locator("#pentomino .play-link a").focus()  # the last link before the heatmap
    page.keyboard.press("Tab")
    focused = page.locator(".heatmap-links a:focus")
    expect(focused).to_have_attribute("href", f"/play/{CALENDAR}/01-01")
    expect(focused).to_have_attribute("aria-label", "Jan 1: play its board")
    ring = focused.locator("rect").evaluate(
        "r => [getComputedStyle(r).stroke, getComputedStyle(r).strokeWidth]"
    )
    focus = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--focus').trim()")
    assert ring == [_rgb(focus), "5px"], ring
    page.keyboard.press("Tab")
    expect(page.locator(".heatmap-links a:focus")).to_have_attribute("href", f"/play/{CALENDAR}/01-02")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/play/{CALENDAR}/01-02")


def _rgb(hex_colour: str) -> str:
    red, green, blue = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"
