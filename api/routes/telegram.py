"""``POST /telegram/webhook``: Telegram's updates in webhook mode (only mounted when WEBHOOK_URL is set)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from bot.webhook import SECRET_HEADER, WEBHOOK_PATH, WebhookBridge


def router(bridge: WebhookBridge) -> APIRouter:
    routes = APIRouter(tags=["telegram"])

    @routes.post(WEBHOOK_PATH, include_in_schema=False)
    async def telegram_webhook(request: Request) -> JSONResponse:
        """Verify Telegram's secret header, then hand the update to the bot."""
        result = await bridge.receive(await request.body(), request.headers.get(SECRET_HEADER))
        if result.status == 200:
            return JSONResponse({"ok": True})
        code = "forbidden" if result.status == 403 else "invalid_update"
        return JSONResponse({"error": {"code": code, "message": result.detail, "details": []}}, result.status)

    return routes
