"""A web visitor's days in a real browser (Chromium in the visitor's time zone) against a live
server whose clock is at an hour when the visitor's date is not UTC's: the daily page shows the
visitor's date, the day's boards solved there count for their streaks (the calendar's and the
pentomino challenge's), the share text names the puzzle's date, the edition chosen on one visit is
there on the next, and the record shows played, solved, current and best streak.

One test per zone walks it all, over two simulated days, on a copy of the sample store.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.api.test_api_board import Board
from tests.support.browser import LoopbackOnly
from tests.support.server_clock import ServerClock

CALENDAR = "calendar-dragonfjord"
OTHER_EDITION = "calendar-jarringwords"  # one date solved on demand in a second (a weekday target: 20 s)


def visitor(browser: Browser, live_url: str, zone: str) -> tuple[BrowserContext, LoopbackOnly]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, timezone_id=zone)
    guard = LoopbackOnly(live_url)
    guard.watch(context)
    return context, guard


def daily_page(context: BrowserContext, url: str, day: date) -> Page:
    """The daily page, once it shows ``day`` (its script may reload it once to get there)."""
    page = context.new_page()
    page.clock.set_fixed_time(ServerClock.moment)
    page.goto(url)
    page.locator(f'#calendar[data-date="{day.isoformat()}"]').wait_for()
    page.wait_for_load_state("networkidle")  # the page's script has told the server what it had to
    return page


def solve_with_the_answer(page: Page) -> Board:
    """Solve the open board the quickest way: the last hint stage ("all the rest"), accepted."""
    board = Board(page)
    board.settle()
    page.locator('.hint-button[data-stage="3"]').click()  # the answer ...
    page.locator('.hint-button[data-stage="3"][data-confirming]').click()  # ... confirmed
    page.locator('main[data-hint="3"]').wait_for()
    page.locator("#accept").click()
    board.settle()
    assert board.verdict.startswith("Solved!")
    page.locator("[data-testid=solved-panel]").wait_for()
    return board


def record(page: Page, played: int, solved: int, streak: int, best: int) -> None:
    text = f"Played {played} · Solved {solved} · Streak {streak} · Best {best} · Hints used {3 * solved}"
    page.locator("[data-testid=record]", has_text=text).wait_for(timeout=10_000)


def play_the_day(context: BrowserContext, live_url: str, day: date, zone: str, streak: int) -> None:
    """Open the daily page, solve its calendar board, then the day's pentomino challenge: both
    count for the visitor's ``day``, the ``streak``-th in a row."""
    page = daily_page(context, f"{live_url}/", day)
    page.locator("#calendar a", has_text="Play this on the board").click()
    page.wait_for_url(f"**/play/{CALENDAR}/{day:%m-%d}")
    solve_with_the_answer(page)
    share = page.locator("[data-testid=share-text]").inner_text()
    assert day.isoformat() in share.splitlines()[0]
    assert f"Streak: {streak} day" in page.locator("#solved-summary").inner_text()
    record(page, streak, streak, streak, streak)
    moment = ServerClock.moment
    midnight = datetime.combine(day + timedelta(days=1), datetime.min.time(), ZoneInfo(zone))
    left = round((midnight - moment).total_seconds() / 60)
    assert page.locator("#tomorrow").inner_text() == f"Tomorrow's puzzle in {left // 60} h {left % 60} min"
    challenge = page.locator("#challenge-link")
    assert challenge.get_attribute("href") == f"/play/challenge/{day.isoformat()}"  # not the server's day
    challenge.click()
    page.wait_for_url(re.compile(r".*/play/pentomino-[^/]+/board\?p=.*&fixed=.*"))
    solve_with_the_answer(page)
    assert f"Streak: {streak} day" in page.locator("#solved-summary").inner_text()
    assert day.isoformat() in page.locator("[data-testid=share-text]").inner_text()
    record(page, streak, streak, streak, streak)
    page.close()


@pytest.mark.parametrize(
    ("zone", "moment", "first_day"),
    [  # the visitor's date one day after UTC's, then one day before: the same dates for both
        # (the other edition's target of the second day is solved once, on demand)
        ("Asia/Tokyo", datetime(2026, 1, 21, 20, 21, tzinfo=UTC), date(2026, 1, 22)),
        ("America/Los_Angeles", datetime(2026, 1, 23, 3, 30, tzinfo=UTC), date(2026, 1, 22)),
    ],
)
def test_a_web_visitors_days_in_their_zone(
    browser: Browser,
    live_url: str,
    clock: type[ServerClock],
    zone: str,
    moment: datetime,
    first_day: date,
) -> None:
    clock.moment = moment
    assert moment.date() != first_day
    context, guard = visitor(browser, live_url, zone)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    play_the_day(context, live_url, first_day, zone, streak=1)
    clock.moment = moment + timedelta(days=1)
    play_the_day(context, live_url, first_day + timedelta(days=1), zone, streak=2)
    # the edition chosen with the page's form on one visit is the next visit's
    today = first_day + timedelta(days=1)
    chosen = daily_page(context, f"{live_url}/", today)
    chosen.select_option("#edition", OTHER_EDITION)  # applies at once: no Show press
    chosen.wait_for_url(f"**/?edition={OTHER_EDITION}&date={today.isoformat()}")
    chosen.wait_for_load_state("networkidle")
    chosen.close()
    again = daily_page(context, f"{live_url}/", today)
    assert again.locator("#edition option[selected]").get_attribute("value") == OTHER_EDITION
    context.close()
    assert guard.blocked == [] and errors == []
