"""Security headers on every response, /docs that works offline (no CDN), and a browser under
test that reaches no address but the test server's."""

from __future__ import annotations

import functools
import http.server
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

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
    guard.watch(context)
    page = context.new_page()
    page.goto(f"{api_url}/docs")
    page.locator(".swagger-ui .info .title").first.wait_for(timeout=20_000)
    assert "Puzzle hint API" in page.locator(".swagger-ui .info .title").first.inner_text()
    page.screenshot(path=str(screenshot_path("api-docs.png")))
    context.close()
    assert guard.blocked == []


@pytest.fixture
def plain_origin(tmp_path: Path) -> Iterator[str]:
    """A bare HTTP server of an empty folder on 127.0.0.1 (no security headers: nothing in its
    pages forbids a fetch)."""
    files = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), files)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_the_browser_under_test_reaches_no_address_but_the_test_servers(
    browser: Browser, plain_origin: str
) -> None:
    """A page asking another address gets an error, that address never sees a connection, and the
    guard records the request. The other address is 127.0.0.2 (loopback: nothing leaves the
    machine even if Chromium's flags failed; without them the fetch does connect)."""
    listener = socket.socket()
    listener.bind(("127.0.0.2", 0))
    listener.listen()
    listener.setblocking(False)
    elsewhere = f"http://127.0.0.2:{listener.getsockname()[1]}/"
    context = browser.new_context()
    guard = LoopbackOnly(plain_origin)
    guard.watch(context)
    page = context.new_page()
    page.goto(f"{plain_origin}/", wait_until="domcontentloaded")
    outcome = page.evaluate(
        """url => Promise.race([fetch(url, {mode: "no-cors"}).then(() => "answered", () => "failed"),
                                new Promise(done => setTimeout(() => done("no answer"), 5000))])""",
        elsewhere,
    )
    context.close()
    with listener, pytest.raises(BlockingIOError):
        listener.accept()
    assert outcome == "failed"
    assert guard.blocked == [elsewhere]
