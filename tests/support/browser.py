"""Helpers of the browser tests: Debian's headless Chromium, loopback only, and where screenshots go.

The tests drive Debian's ``chromium-headless-shell`` (Chromium's old headless mode, the build
Playwright itself uses for headless runs): the same Blink and V8 as the ``chromium`` browser,
without the browser's user-interface layer, at half the CPU a test of the full browser costs.

The browser may only talk to 127.0.0.1: by Chromium's flags every other address goes to a
proxy that is not there (so it fails), host names resolve nowhere, and its background services
are off. Each request for anything but the test server is recorded (and fails the test). The
requests are not intercepted one by one in Python: that cost a third of the browser's CPU and
turned its cache off, so a board page's modules were fetched again on every load.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Request, sync_playwright

PROJECT_ROOT = Path(__file__).resolve().parents[2]
OUTPUT = PROJECT_ROOT / "test-output"
CHROMIUM = Path("/usr/lib/chromium/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--proxy-server=http://127.0.0.1:9",  # the discard port: nothing answers, every request fails
    "--proxy-bypass-list=<-loopback>;127.0.0.1",  # but the test servers' address, and no other
]


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's headless Chromium under Playwright; skips the test (fails it when CI is set) if missing."""
    if not CHROMIUM.exists():
        message = "Debian's headless Chromium is missing: apt-get install chromium-headless-shell"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


class LoopbackOnly:
    """Remembers every request of a browser context that is not for the test server."""

    NETWORK = ("http:", "https:", "ws:", "wss:")  # not data: or blob: URLs, which never leave the page

    def __init__(self, api_url: str) -> None:
        self.origin = api_url
        self.blocked: list[str] = []

    def watch(self, context: BrowserContext) -> None:
        context.on("request", self._saw)

    def _saw(self, request: Request) -> None:
        if request.url.startswith(self.NETWORK) and not request.url.startswith(self.origin + "/"):
            self.blocked.append(request.url)


def screenshot_path(name: str) -> Path:
    """Where a test's screenshot goes (``test-output/<name>``, the folder created if needed)."""
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT / name
