"""Helpers of the API tests: a real uvicorn server in a thread, and checks of the error shape."""

from __future__ import annotations

import io
import re
import socket
import threading
import time
from dataclasses import dataclass

import httpx
import uvicorn
from PIL import Image

from api import create_app
from jobs.target_solving import OnDemand
from settings import Settings

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# An app shared by the tests of a module or session answers them all from one address: the per-client
# budget of uncached answers (20 a minute by default) would refuse whichever test came after a busy
# minute. The budget itself is tested on apps of its own (test_api_load_shedding.py, test_api_budget.py);
# so are the Mini App's writes per Telegram user (test_me_positions.py), which tests share user ids for.
SHARED_BY_MANY_TESTS = {
    "API_COMPUTE_PER_MINUTE": "100000",
    "API_ME_WRITES_PER_MINUTE": "100000",
    "API_ME_WRITE_BURST": "100000",
}


@dataclass
class RunningServer:
    url: str
    server: uvicorn.Server
    thread: threading.Thread

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def start_server(database_url: str, **settings: str) -> RunningServer:
    """Serve ``create_app`` for ``database_url`` on a free loopback port until ``stop()``."""
    app = create_app(Settings(DATABASE_URL=database_url, **settings), OnDemand)  # type: ignore[arg-type]
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test API server did not start")
        time.sleep(0.02)
    return RunningServer(f"http://127.0.0.1:{port}", server, thread)


def assert_error(response: httpx.Response, status: int, code: str | None = None) -> dict[str, object]:
    """The response is the API's error shape with this status (and code)."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"}
    error = body["error"]
    assert isinstance(error["code"], str) and error["code"]
    assert isinstance(error["message"], str) and error["message"]
    assert isinstance(error["details"], list)
    if code is not None:
        assert error["code"] == code, error
    return error  # type: ignore[no-any-return]


def assert_png(response: httpx.Response) -> bytes:
    """A 200 PNG response; returns its bytes."""
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "image/png"
    assert response.content.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(response.content)) as image:
        image.verify()
    return response.content


def assert_head_and_own_files(client: httpx.Client, html: str) -> None:
    """A page's description and icon, and nothing it loads from another server."""
    assert '<meta name="description" content="' in html
    icon = re.search(r'<link rel="icon" href="(/static/favicon\.[0-9a-f]{10}\.svg)"', html)
    assert icon is not None and client.get(icon.group(1)).headers["content-type"] == "image/svg+xml"
    loaded = re.findall(r'<(?:script|img|link)[^>]* (?:src|href)="([^"]*)"', html)
    assert loaded and all(url.startswith("/") and not url.startswith("//") for url in loaded)
