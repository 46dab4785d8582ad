"""A person's own calendar, made and played in a real browser: the visitor sends a definition,
makes it their daily puzzle, and the daily page and the board play it to "Solved!" with the
streak counted and the share text naming the puzzle by its title."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.api.test_api_board_players import daily_page, record, solve_with_the_answer, visitor
from tests.support.server_clock import ServerClock

DRAGONFJORD = Path(__file__).parents[2] / "solver" / "data" / "puzzles" / "calendar-dragonfjord.txt"
# DragonFjord's board written with Japanese labels by someone who owns the calendar
MINE = "title: 我が家のカレンダー\ntargets: month-day\npieces: calendar\nboard:\n" + "\n".join(
    line.replace("Jan", "1月").replace("Jun", "6月").replace("Dec", "12月")
    for line in DRAGONFJORD.read_text().split("board:\n")[1].splitlines()
)
DAY = date(2026, 1, 22)  # its challenge board is in the sample store


def call(page: Page, method: str, path: str, body: dict[str, object]) -> dict[str, object]:
    """A request made by the page itself, so its answer's cookie is the visitor's."""
    script = """([method, path, body]) => fetch(path, {method, headers: {'content-type': 'application/json'},
        body: JSON.stringify(body)}).then(async r => ({status: r.status, body: await r.json()}))"""
    answer: dict[str, object] = page.evaluate(script, [method, path, body])
    return answer


def solved_on_demand(live_url: str, puzzle: str, target: str) -> None:
    """The target solved (the first ask starts it; the answer comes once it is stored)."""
    deadline = datetime.now(UTC) + timedelta(seconds=120)
    while datetime.now(UTC) < deadline:
        answer = httpx.get(
            f"{live_url}/api/v1/puzzles/{puzzle}/targets/{target}/solutions?limit=1", timeout=60
        )
        if answer.status_code == 200:
            return
        assert answer.status_code == 503, answer.text
    pytest.fail(f"{puzzle} {target} was not solved in time")


@pytest.mark.browser
def test_a_visitors_own_calendar_is_their_daily_puzzle_to_the_end(
    browser: Browser, live_url: str, clock: type[ServerClock]
) -> None:
    clock.moment = datetime(2026, 1, 22, 9, 0, tzinfo=UTC)
    context, guard = visitor(browser, live_url, "UTC")
    page = context.new_page()
    page.clock.set_fixed_time(clock.moment)
    page.goto(f"{live_url}/play")
    made = call(page, "POST", "/api/v1/puzzles", {"definition": MINE})
    assert made["status"] == 201, made
    puzzle = made["body"]  # type: ignore[assignment]
    assert isinstance(puzzle, dict) and puzzle["title"] == "我が家のカレンダー"
    assert [p["target"] for p in puzzle["probe"]] == ["01-22", "01-23", "01-24"]  # today's first
    chosen = call(page, "PUT", "/api/v1/me/settings", {"edition": puzzle["id"]})
    assert chosen["status"] == 200, chosen
    solved_on_demand(live_url, puzzle["puzzle"], "01-22")
    today = daily_page(context, f"{live_url}/", DAY)
    assert "我が家のカレンダー" in today.locator("#calendar").inner_text()
    today.goto(f"{live_url}{puzzle['link']}")  # the puzzle's own link: today's target on the board
    today.wait_for_url(f"**/play/{puzzle['puzzle']}/01-22*")
    board = solve_with_the_answer(today)
    catalog = httpx.get(
        f"{live_url}/api/v1/puzzles/calendar-dragonfjord/targets/01-22/solutions?limit=1"
    ).json()
    assert board.verdict.endswith(f" of {catalog['total']}.")  # the same board as DragonFjord's: as many
    share = today.locator("[data-testid=share-text]").inner_text()
    assert share.splitlines()[0].startswith("我が家のカレンダー · 2026-01-22")

    record(today, 1, 1, 1, 1)
    context.close()
    assert guard.blocked == []
