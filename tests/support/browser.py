"""Helpers of the browser tests: Debian's headless Chromium, loopback only, and where screenshots go.

The browser may only talk to the test server on 127.0.0.1: every other request
is aborted and recorded (and fails the test), host names resolve nowhere, and
Chromium's background services are switched off by flags.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Route, sync_playwright

PROJECT_ROOT = Path(__file__).resolve().parents[2]
OUTPUT = PROJECT_ROOT / "test-output"
CHROMIUM = Path("/usr/bin/chromium")
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
]


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium under Playwright; skips the test (fails it when CI is set) if it is missing."""
    if not CHROMIUM.exists():
        message = "Debian's chromium is missing: apt-get install -y chromium"
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
    """Aborts (and remembers) every request that is not for the test server."""

    def __init__(self, api_url: str) -> None:
        self.origin = api_url
        self.blocked: list[str] = []

    def __call__(self, route: Route) -> None:
        if route.request.url.startswith(self.origin + "/"):
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort()


def screenshot_path(name: str) -> Path:
    """Where a test's screenshot goes (``test-output/<name>``, the folder created if needed)."""
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT / name
