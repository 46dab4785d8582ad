"""``POST /telegram/webhook``: Telegram's updates in webhook mode (only mounted when WEBHOOK_URL is set).

The secret header is checked before the body is read. A client that keeps
sending wrong secrets is answered 429 (with ``Retry-After``) for a minute.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from bot.webhook import SECRET_HEADER, WEBHOOK_PATH, WebhookBridge

FAILURES_PER_MINUTE = 20
WINDOW_SECONDS = 60.0
MAX_CLIENTS = 10_000


class FailedSecrets:
    """Wrong-secret attempts per client address over the last minute (bounded memory)."""

    def __init__(self) -> None:
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def _recent(self, client: str, now: float) -> deque[float]:
        attempts = self._seen.setdefault(client, deque())
        self._seen.move_to_end(client)
        while attempts and now - attempts[0] > WINDOW_SECONDS:
            attempts.popleft()
        while len(self._seen) > MAX_CLIENTS:
            self._seen.popitem(last=False)
        return attempts

    def blocked_for(self, client: str) -> float:
        """Seconds until this client may try again (0 when it may now)."""
        now = time.monotonic()
        with self._lock:
            attempts = self._recent(client, now)
            if len(attempts) < FAILURES_PER_MINUTE:
                return 0.0
            return max(1.0, WINDOW_SECONDS - (now - attempts[0]))

    def failed(self, client: str) -> None:
        now = time.monotonic()
        with self._lock:
            self._recent(client, now).append(now)


def _error(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, "details": []}}, status, headers=headers)


def router(bridge: WebhookBridge) -> APIRouter:
    routes = APIRouter(tags=["telegram"])
    failures = FailedSecrets()

    @routes.post(WEBHOOK_PATH, include_in_schema=False)
    async def telegram_webhook(request: Request) -> JSONResponse:
        """Verify Telegram's secret header, then read the body and hand the update to the bot."""
        client = request.client.host if request.client else "unknown"
        wait = failures.blocked_for(client)
        if wait:
            return _error(429, "too_many_requests", "too many wrong secrets", {"Retry-After": str(int(wait))})
        header = request.headers.get(SECRET_HEADER)
        if not bridge.authorized(header):
            failures.failed(client)
            return _error(403, "forbidden", "missing or wrong secret token")
        result = await bridge.receive(await request.body(), header)
        if result.status == 200:
            return JSONResponse({"ok": True})
        if result.status == 503:  # the bot's backlog is full: Telegram sends the update again later
            return _error(503, "busy", result.detail, {"Retry-After": "5"})
        return _error(result.status, "invalid_update", result.detail)

    return routes
