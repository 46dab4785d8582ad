"""``POST /telegram/webhook``: Telegram's updates in webhook mode (only mounted when WEBHOOK_URL is set).

The secret header is checked before the body is read. A client that keeps
sending wrong secrets is answered 429 (with ``Retry-After``) for a minute.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from limits.storage import Storage

from bot.webhook import SECRET_HEADER, WEBHOOK_PATH, WebhookBridge
from db.rate_limits import Rate, Window

FAILURES_PER_MINUTE = 20


def _error(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, "details": []}}, status, headers=headers)


def router(bridge: WebhookBridge, limits: Storage) -> APIRouter:
    """The webhook route; wrong secrets are counted per client in ``limits`` (shared with Redis)."""
    routes = APIRouter(tags=["telegram"])
    failures = Window(limits, "webhook-secrets", Rate(FAILURES_PER_MINUTE, 60))

    @routes.post(WEBHOOK_PATH, include_in_schema=False)
    async def telegram_webhook(request: Request) -> JSONResponse:
        """Verify Telegram's secret header, then read the body and hand the update to the bot."""
        client = request.client.host if request.client else "unknown"
        wait = failures.wait(client)  # a client out of guesses is refused, even with the right one
        if wait is not None:
            return _error(429, "too_many_requests", "too many wrong secrets", {"Retry-After": str(wait)})
        header = request.headers.get(SECRET_HEADER)
        if not bridge.authorized(header):
            failures.take(client)
            return _error(403, "forbidden", "missing or wrong secret token")
        result = await bridge.receive(await request.body(), header)
        if result.status == 200:
            return JSONResponse({"ok": True})
        if result.status == 503:  # the bot's backlog is full: Telegram sends the update again later
            return _error(503, "busy", result.detail, {"Retry-After": "5"})
        return _error(result.status, "invalid_update", result.detail)

    return routes
