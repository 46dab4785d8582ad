"""The web page in a real browser: Debian's headless Chromium driven by Playwright.

The browser (the session's ``browser`` fixture, ``tests/support/browser.py``) may
only talk to the test server on 127.0.0.1: every other request is aborted and
recorded (and fails the test). Screenshots go to ``test-output/`` at the project root.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from html import unescape
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from PIL import Image, ImageStat
from playwright.sync_api import Browser, BrowserContext, Page

from tests.support.browser import OUTPUT, LoopbackOnly

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
    """Every image under ``selector`` has loaded with a real width (scrolled to, as the heatmap
    loads lazily); their paths."""
    images = page.locator(f"{selector} img")
    sources = []
    for index in range(images.count()):
        images.nth(index).scroll_into_view_if_needed()
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
            asked = page.locator(f"#{kind} details.ask summary")
            if kind == "pentomino":  # the keyboard way: focus the button, press Enter
                if stage == 3:  # the answer asks first
                    asked.focus()
                    page.keyboard.press("Enter")
                button.focus()
                page.keyboard.press("Enter")
            else:
                if stage == 3:
                    asked.click()
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


def test_the_japanese_page_reveals_japanese_images_and_keeps_its_language(
    guarded: tuple[BrowserContext, LoopbackOnly], api_url: str
) -> None:
    context, _ = guarded
    page = context.new_page()
    page.goto(f"{api_url}/?date={DAY}&lang=ja")
    assert page.title() == "今日のパズル · 2026年1月25日(日)"
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert assert_images_loaded(page, "#calendar .stages") == [stage_image("calendar", 0)]
    assert (
        page.locator("#calendar .stages img").get_attribute("src") == f"{stage_image('calendar', 0)}?lang=ja"
    )
    page.locator("#calendar a[data-stage='1']").click()
    page.locator("#calendar-stage-1").wait_for()
    assert page.locator("#calendar-stage-1 figcaption strong").inner_text() == "ヒント 1/3"
    assert (
        page.locator("#calendar-stage-1 img").get_attribute("src") == f"{stage_image('calendar', 1)}?lang=ja"
    )
    assert parse_qs(urlsplit(page.url).query) == {"date": [DAY], "lang": ["ja"], "stage": ["1"]}
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=OUTPUT / "api-web-japanese.png", full_page=True)
    page.locator("nav.languages a[lang='en']").click()
    page.wait_for_url(f"**/?date={DAY}&stage=1")
    assert page.locator("#calendar-stage-1 figcaption strong").inner_text() == "Hint 1 of 3"


def test_the_basic_view_works_without_javascript(browser: Browser, api_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    guard = LoopbackOnly(api_url)
    context.route("**/*", guard)
    page = context.new_page()
    page.goto(f"{api_url}/?date={DAY}")
    for stage in (1, 2, 3):
        if stage == 3:  # the answer asks first, without the script too
            page.locator("#calendar details.ask summary").click()
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


def test_the_page_may_read_its_own_robots_txt(
    guarded: tuple[BrowserContext, LoopbackOnly], api_url: str
) -> None:
    """Lighthouse reads robots.txt from within the page: the policy once allowed no fetch at all
    (SEO 92, "unable to download a robots.txt file"); now this server's own addresses."""
    context, _ = guarded
    page = context.new_page()
    page.goto(f"{api_url}/?date={DAY}")
    assert page.evaluate("fetch('/robots.txt').then(r => r.text())").startswith("User-agent: *")


def _mean_luminance(png: bytes) -> float:
    """The mean lightness (0 black .. 1 white) of a screenshot."""
    with Image.open(io.BytesIO(png)) as picture:
        return float(ImageStat.Stat(picture.convert("L")).mean[0]) / 255


def test_in_dark_mode_the_pictures_are_dimmed_so_they_do_not_glare(browser: Browser, api_url: str) -> None:
    """The hint pictures and the heatmap are drawn on white; on the dark page they used to glare."""
    lightness = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
        guard = LoopbackOnly(api_url)
        context.route("**/*", guard)
        page = context.new_page()
        page.goto(f"{api_url}/?date={DAY}&stage=1")
        assert_images_loaded(page, "#calendar")
        assert_images_loaded(page, "#year")
        lightness[scheme] = {
            picture: _mean_luminance(page.locator(f"{picture} img").first.screenshot())
            for picture in ("#calendar-stage-1", ".heatmap")
        }
        context.close()
        assert guard.blocked == []
    for picture, light in lightness["light"].items():
        assert lightness["dark"][picture] <= 0.75 * light, (picture, lightness)


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
        ("date=2026-02-30", "There is no 30 February in 2026."),
        ("date=abc", "“abc” is not a date: write one like 2026-01-25."),
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


# ---------------------------------------------------------------- languages


def _hrefs(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'(?:href|src|data-src)="([^"]*)"', html)]


def _page_links(html: str) -> list[str]:
    """The links of the page to itself and to the boards and images (not the language switch)."""
    links = [h for h in _hrefs(html) if h.startswith(("/?", "/play/", "/api/v1/daily/", "/api/v1/puzzles/"))]
    switch = re.search(r'<nav class="languages".*?</nav>', html)
    assert switch is not None
    return [h for h in links if h not in _hrefs(switch.group(0))]


def test_the_page_in_japanese_keeps_its_language_everywhere(client: httpx.Client) -> None:
    response = client.get("/", params={"date": DAY, "lang": "ja", "stage": "1"})
    assert response.status_code == 200
    html = response.text
    assert html.startswith('<!doctype html><html lang="ja">')
    for words in ("今日のパズル", "2026年1月25日(日)", "カレンダー・パズル", "ペントミノ・チャレンジ"):
        assert words in html, words
    for words in ("ヒント1：1ピース", "ヒント2：ピースの半分", "答えを見る", "ボードで遊ぶ", "1年の一覧"):
        assert words in html, words
    assert "<strong>1月25日</strong>を空けて置きましょう。解は<strong>216</strong>通り" in html
    assert "Hint 1: one piece" not in html and "Puzzles of the day" not in html
    links = _page_links(html)
    assert len(links) > 10
    assert [link for link in links if "lang=ja" not in link] == []  # every link keeps the language
    assert '<input type="hidden" name="lang" value="ja">' in html  # the date form too
    assert f"/api/v1/daily/{DAY}/hints/1.png?lang=ja" in links
    assert "/api/v1/puzzles/calendar-dragonfjord/heatmap.png?lang=ja" in links
    assert "/play/calendar-dragonfjord/01-25?lang=ja" in links
    english = re.search(r'<a href="([^"]*)" lang="en"', html)
    assert english is not None and unescape(english.group(1)) == f"/?date={DAY}&stage=1"
    assert '<strong lang="ja" aria-current="true">日本語</strong>' in html
    assert response.headers["vary"] == "Accept-Language, Accept-Encoding"


def test_the_english_page_links_carry_no_language(client: httpx.Client) -> None:
    html = client.get("/", params={"date": DAY}).text
    assert html.startswith('<!doctype html><html lang="en">')
    assert "Puzzles of the day" in html and "Sunday 25 January 2026" in html
    assert [link for link in _page_links(html) if "lang=" in link] == []
    japanese = re.search(r'<a href="([^"]*)" lang="ja"', html)
    assert japanese is not None and unescape(japanese.group(1)) == f"/?date={DAY}&lang=ja"


def test_the_browser_language_picks_japanese_and_an_explicit_choice_sticks(client: httpx.Client) -> None:
    asked = {"Accept-Language": "ja-JP,ja;q=0.9,en-US;q=0.8"}
    html = client.get("/", params={"date": DAY}, headers=asked).text
    assert '<html lang="ja">' in html and "今日のパズル" in html
    assert all("lang=ja" in link for link in _page_links(html))
    english_link = re.search(r'<a href="([^"]*)" lang="en"', html)
    assert english_link is not None and "lang=en" in english_link.group(1)  # else Japanese again
    chosen = client.get("/", params={"date": DAY, "lang": "en"}, headers=asked).text
    assert '<html lang="en">' in chosen and "Puzzles of the day" in chosen
    pages = [link for link in _page_links(chosen) if link.startswith(("/?", "/play/"))]
    assert pages and all("lang=en" in link for link in pages)  # the choice sticks from page to page
    assert [link for link in _page_links(chosen) if "lang=" in link and link not in pages] == []  # images
    preferring_english = {"Accept-Language": "fr, en;q=0.9, ja;q=0.8"}
    assert '<html lang="en">' in client.get("/", headers=preferring_english).text


@pytest.mark.parametrize("lang", ["xx", "de", "JA-jp", "<script>", ""])
def test_an_unsupported_language_falls_back_quietly(client: httpx.Client, lang: str) -> None:
    plain = client.get("/", params={"date": DAY, "lang": lang})
    assert plain.status_code == 200 and '<html lang="en">' in plain.text
    assert "<script>" not in plain.text.replace('<script src="/static/page.js" defer></script>', "")
    browser = client.get("/", params={"date": DAY, "lang": lang}, headers={"Accept-Language": "ja"})
    assert browser.status_code == 200 and '<html lang="ja">' in browser.text
    board = client.get("/play/calendar-dragonfjord/01-25", params={"lang": lang})
    assert board.status_code == 200 and '<html lang="en">' in board.text


def test_error_pages_speak_the_language_too(client: httpx.Client) -> None:
    bad = client.get("/", params={"date": "2026-02-30", "lang": "ja"})
    assert bad.status_code == 400 and '<html lang="ja">' in bad.text
    assert "2026年に2月30日はありません。" in bad.text and "February" not in bad.text
    assert '<input type="hidden" name="lang" value="ja">' in bad.text
    board = client.get("/play/no-such-puzzle/01-25", params={"lang": "ja"})
    assert board.status_code == 404 and "そのパズルまたは問題はありません" in board.text
    assert '<a href="/play/pentomino-6x10/board?lang=ja">' in board.text
    listing = client.get("/play", headers={"Accept-Language": "ja"}).text
    assert "遊べるボード" in listing and "/play/pentomino-6x10/board?lang=ja" in listing
