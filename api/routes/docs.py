"""``/docs``: Swagger UI served from the ``swagger-ui-bundle`` package, so it works offline.

FastAPI's own ``/docs`` loads Swagger UI from a CDN; this page loads the same
files from the app (``/docs/assets/...``) and starts it with a script file,
not inline code, so its Content-Security-Policy needs no third party. The page is
``api/web/templates/docs.html``.
"""

from __future__ import annotations

from pathlib import Path

import swagger_ui_bundle  # type: ignore[import-untyped]
from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse

from api.caching import SHORT, Payload, send
from api.web.templating import render

router = APIRouter(include_in_schema=False)

ASSETS = Path(swagger_ui_bundle.swagger_ui_path)
SERVED = {
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
    "swagger-ui.css": "text/css; charset=utf-8",
    "favicon-32x32.png": "image/png",
}
START = b'window.ui = SwaggerUIBundle({url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true});\n'
PAGE = render("docs.html")
# Swagger UI sets inline styles and shows inline (data:) images; scripts stay same-origin files.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self' data:; base-uri 'none'; frame-ancestors 'none'"
)


@router.get("/docs", response_class=HTMLResponse)
async def docs() -> HTMLResponse:
    """Swagger UI for /openapi.json, entirely from this server."""
    return HTMLResponse(PAGE, headers={"Content-Security-Policy": POLICY, "Cache-Control": "no-cache"})


def _asset(name: str) -> Payload | None:
    if name == "start.js":
        return Payload(START, "text/javascript; charset=utf-8")
    if name in SERVED:
        return Payload((ASSETS / name).read_bytes(), SERVED[name])
    return None


@router.get("/docs/assets/{name}")
async def asset(request: Request, name: str) -> Response:
    """Swagger UI's files (404 for anything else)."""
    payload = _asset(name)
    if payload is None:
        return Response(status_code=404)
    return send(request, payload, SHORT)
