"""Node.js for the tests that run the web pages' modules outside a browser."""

from __future__ import annotations

import os
import shutil

import pytest


def require_node() -> None:
    """Skip the test without ``node`` on the PATH; fail instead on CI, where it must be there."""
    if shutil.which("node") is None:
        message = "node is missing: apt-get install -y nodejs"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
