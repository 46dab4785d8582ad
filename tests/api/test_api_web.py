"""The web page in a real browser: Debian's headless Chromium driven by Playwright.

The browser (the session's ``browser`` fixture, ``tests/support/browser.py``) may
only talk to the test server on 127.0.0.1: every other request is aborted and
recorded (and fails the test). Screenshots go to ``test-output/`` at the project root.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.support.browser import OUTPUT, LoopbackOnly

pytestmark = pytest.mark.slow

DAY = "2026-01-25"
IMAGE_LOADED = "img => img.complete && img.naturalWidth > 0"


@pytest.fixture
def guarded(browser: Browser, api_url: str) -> Iterator[tuple[BrowserContext, LoopbackOnly]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    guard = LoopbackOnly(api_url)
    context.route("**/*", guard)
    yield context, guard
    context.close()
    assert guard.blocked == []


def assert_images_loaded(page: Page, selector: str) -> list[str]:
    """Every image under ``selector`` has loaded with a real width; their paths."""
    images = page.locator(f"{selector} img")
    sources = []
    for index in range(images.count()):
        handle = images.nth(index).element_handle()
        page.wait_for_function(IMAGE_LOADED, arg=handle, timeout=30_000)
        sources.append(urlsplit(images.nth(index).get_attribute("src") or "").path)
    return sources


def stage_image(kind: str, stage: int) -> str:
    base = f"/api/v1/daily/{DAY}" + ("/pentomino" if kind == "pentomino" else "")
    return f"{base}/puzzle.png" if stage == 0 else f"{base}/hints/{stage}.png"


def test_hint_buttons_reveal_each_image_in_place(
    guarded: tuple[BrowserContext, LoopbackOnly], api_url: str
) -> None:
    context, _ = guarded
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{api_url}/?date={DAY}")
    assert page.title() == f"Puzzles of the day · {DAY}"
    assert "216" in page.locator("#calendar .facts").inner_text()
    assert assert_images_loaded(page, "#calendar .stages") == [stage_image("calendar", 0)]
    assert assert_images_loaded(page, "#pentomino .stages") == [stage_image("pentomino", 0)]
    assert assert_images_loaded(page, "#year") == ["/api/v1/puzzles/calendar-dragonfjord/heatmap.png"]
    for kind in ("calendar", "pentomino"):
        for stage in (1, 2, 3):
            button = page.locator(f"#{kind} a[data-stage='{stage}']")
            if kind == "pentomino":  # the keyboard way: focus the button, press Enter
                button.focus()
                page.keyboard.press("Enter")
            else:
                button.click()
            figure = page.locator(f"#{kind}-stage-{stage}")
            figure.wait_for()
            assert assert_images_loaded(page, f"#{kind} .stages")[-1] == stage_image(kind, stage)
            assert page.evaluate("document.activeElement.id") == f"{kind}-stage-{stage}"
            assert "done" in (button.get_attribute("class") or "")
        assert page.locator(f"#{kind} .stages figure").count() == 4
    query = parse_qs(urlsplit(page.url).query)
    assert query == {"date": [DAY], "stage": ["3"], "pstage": ["3"]}
    assert errors == []
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=OUTPUT / "api-web-desktop.png", full_page=True)
    page.reload()  # the URL keeps what was revealed
    assert page.locator("#calendar .stages figure").count() == 4


def test_the_basic_view_works_without_javascript(browser: Browser, api_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    guard = LoopbackOnly(api_url)
    context.route("**/*", guard)
    page = context.new_page()
    page.goto(f"{api_url}/?date={DAY}")
    for stage in (1, 2, 3):
        page.locator(f"#calendar a[data-stage='{stage}']").click()
        page.wait_for_url(f"**stage={stage}*")
        sources = assert_images_loaded(page, "#calendar .stages")
        assert sources == [stage_image("calendar", s) for s in range(stage + 1)]
    page.locator("#pentomino a[data-stage='2']").click()
    assert assert_images_loaded(page, "#pentomino .stages")[-1] == stage_image("pentomino", 2)
    assert page.locator("#calendar .stages figure").count() == 4  # the calendar stays revealed
    page.locator("#pentomino a.reset").click()
    assert page.locator("#pentomino .stages figure").count() == 1
    page.fill("#date", "2024-02-29")
    page.locator("form.pick button").click()
    page.wait_for_url("**date=2024-02-29")
    assert "Thursday 29 February 2024" in page.locator("h1").inner_text()
    assert assert_images_loaded(page, "#calendar .stages") == ["/api/v1/daily/2024-02-29/puzzle.png"]
    page.get_by_role("link", name="Next day →").click()
    assert "Friday 1 March 2024" in page.locator("h1").inner_text()
    context.close()
    assert guard.blocked == []


def test_the_page_fits_a_phone(browser: Browser, api_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    guard = LoopbackOnly(api_url)
    context.route("**/*", guard)
    page = context.new_page()
    page.goto(f"{api_url}/?date={DAY}&stage=2&pstage=1")
    assert_images_loaded(page, "main")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    widths = page.evaluate("[...document.images].map(i => i.getBoundingClientRect().right)")
    assert max(widths) <= 390
    heights = page.evaluate(
        "[...document.querySelectorAll('a.button')].map(a => a.getBoundingClientRect().height)"
    )
    assert min(heights) >= 44  # comfortable touch targets
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=OUTPUT / "api-web-phone.png", full_page=True)
    context.close()
    assert guard.blocked == []


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("date=2026-02-30", "real date"),
        ("date=abc", "real date"),
        ("stage=9", "stage must be"),
        ("pstage=-1", "pstage must be"),
        ("tz=Mars/Olympus", "time zone"),
    ],
)
def test_bad_page_queries_answer_an_html_400(client: httpx.Client, query: str, message: str) -> None:
    response = client.get(f"/?{query}")
    assert response.status_code == 400
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert message in response.text
    assert '<form class="pick"' in response.text


def test_page_edges_and_headers(client: httpx.Client) -> None:
    first = client.get("/?date=0001-01-01")
    assert first.status_code == 200
    assert "Previous day" not in first.text and "Next day" in first.text
    last = client.get("/?date=9999-12-31&stage=3&pstage=3")
    assert last.status_code == 200
    assert "Next day" not in last.text
    policy = last.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    today = client.get("/")
    assert today.status_code == 200
    for asset, kind in (("/static/page.css", "text/css"), ("/static/page.js", "text/javascript")):
        response = client.get(asset)
        assert response.headers["content-type"].startswith(kind)
        assert client.get(asset, headers={"If-None-Match": response.headers["etag"]}).status_code == 304
