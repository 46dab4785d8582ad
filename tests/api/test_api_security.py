"""Security headers on every response, and /docs that works offline (no CDN)."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser

from tests.support.browser import LoopbackOnly, screenshot_path

PATHS = [
    "/",
    "/play",
    "/docs",
    "/openapi.json",
    "/healthz",
    "/api/v1/puzzles",
    "/api/v1/daily/2026-01-25",
    "/api/v1/daily/2026-01-25/puzzle.png",
    "/api/v1/daily/2026-01-25/hints/1.txt",
    "/api/v1/puzzles/nope",  # an error response
    "/no/such/page",
    "/static/page.css",
]


@pytest.mark.parametrize("path", PATHS)
def test_every_response_carries_the_security_headers(client: httpx.Client, path: str) -> None:
    response = client.get(path)
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    if response.headers.get("content-type", "").startswith("text/html"):
        policy = response.headers["content-security-policy"]
        assert "script-src 'self'" in policy or "default-src 'self'" in policy
        assert "http" not in policy  # no third-party origin anywhere


def test_docs_need_no_cdn(client: httpx.Client) -> None:
    page = client.get("/docs")
    assert page.status_code == 200 and "https://" not in page.text and "http://" not in page.text
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css", "start.js"):
        assert client.get(f"/docs/assets/{asset}").status_code == 200
    assert client.get("/docs/assets/index.html").status_code == 404


def test_docs_render_in_a_browser_offline(browser: Browser, api_url: str) -> None:
    context = browser.new_context()
    guard = LoopbackOnly(api_url)
    context.route("**/*", guard)
    page = context.new_page()
    page.goto(f"{api_url}/docs")
    page.locator(".swagger-ui .info .title").first.wait_for(timeout=20_000)
    assert "Puzzle hint API" in page.locator(".swagger-ui .info .title").first.inner_text()
    page.screenshot(path=str(screenshot_path("api-docs.png")))
    context.close()
    assert guard.blocked == []
