"""axe-core, the accessibility checker, run in the pages in a real browser (Debian's Chromium).

``make browser`` (a step of ``make test``) installs axe-core from npm into the git-ignored
``.cache/node``; the test injects its ``axe.min.js`` into each page (the context bypasses the
pages' Content-Security-Policy for that one script) and asserts that axe finds no violation, of
any impact, in light and in dark mode: the playable board fresh, with pieces placed and with a hint
shown, the daily page with a hint revealed, and the list of boards.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.api.test_api_board import Board, analyse
from tests.support.browser import PROJECT_ROOT, LoopbackOnly

AXE = PROJECT_ROOT / ".cache" / "node" / "node_modules" / "axe-core" / "axe.min.js"
CALENDAR = "calendar-dragonfjord"
DAY = "01-25"

pytestmark = pytest.mark.browser

# Every rule axe runs by default (WCAG 2.0-2.2 A and AA, and its best practices); one line per
# element at fault.
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.flatMap(v => v.nodes.map(n =>
    `${v.id} (${v.impact}): ${n.target.join(" ")}: ${n.failureSummary.replace(/\\s+/g, " ")}`));
}"""


def axe_script() -> Path:
    """axe.min.js, installed by ``make browser``; the test fails without it in CI (skips elsewhere)."""
    if not AXE.exists():
        message = f"axe-core is missing ({AXE.relative_to(PROJECT_ROOT)}): run `make browser` (needs npm)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE


@pytest.fixture
def scheme_context(
    browser: Browser, api_url: str, request: pytest.FixtureRequest
) -> Iterator[BrowserContext]:
    """A phone-sized context in the scheme of the test's parameter, talking to the test server only."""
    axe_script()
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, color_scheme=request.param, bypass_csp=True
    )
    guard = LoopbackOnly(api_url)
    guard.watch(context)
    yield context
    context.close()
    assert guard.blocked == []


def violations(page: Page) -> list[str]:
    page.add_script_tag(path=str(axe_script()))
    found: list[str] = page.evaluate(RUN_AXE)
    return found


def _placed_code(client: httpx.Client) -> str:
    solution: list[dict[str, Any]] = client.get(
        f"/api/v1/puzzles/{CALENDAR}/targets/{DAY}/solutions/1"
    ).json()["placements"]
    code: str = analyse(client, CALENDAR, DAY, solution[:4])["code"]
    return code


@pytest.mark.parametrize("scheme_context", ["light", "dark"], indirect=True)
def test_axe_finds_nothing_on_the_board_fresh_placed_and_with_a_hint(
    scheme_context: BrowserContext, api_url: str, client: httpx.Client
) -> None:
    page = scheme_context.new_page()
    page.goto(f"{api_url}/play/{CALENDAR}/{DAY}")
    Board(page).settle()
    assert violations(page) == []
    page.goto(f"{api_url}/play/{CALENDAR}/{DAY}?p={_placed_code(client)}")
    board = Board(page)
    board.settle()
    assert len(board.placed()) == 4
    page.locator('.hint-button[data-stage="1"]').click()
    page.locator('main[data-hint="1"]').wait_for()
    assert violations(page) == []


@pytest.mark.parametrize("scheme_context", ["light", "dark"], indirect=True)
@pytest.mark.parametrize("path", ["/?date=2026-01-25&stage=1", "/play"])
def test_axe_finds_nothing_on_the_daily_page_and_the_list_of_boards(
    scheme_context: BrowserContext, api_url: str, path: str
) -> None:
    page = scheme_context.new_page()
    page.goto(f"{api_url}{path}")
    page.wait_for_load_state("load")
    assert violations(page) == []
