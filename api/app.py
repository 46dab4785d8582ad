"""The application factory: ``create_app(settings)`` builds a FastAPI app; nothing happens at import."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from starlette.concurrency import run_in_threadpool

from api.errors import install_error_handlers
from api.middleware import BodySizeLimit, Compress, HeadAsGet, RelativeRedirects, RequestRate, SecurityHeaders
from api.routes import (
    check,
    custom_puzzles,
    daily,
    docs,
    editions,
    health,
    me,
    me_days,
    positions,
    puzzles,
    telegram,
    web,
)
from api.state import ApiState
from api.web.templating import compile_templates
from bot.webhook import WEBHOOK_PATH, WebhookBridge
from hints import custom_puzzles as custom_puzzles_service
from hints.codes import warm_layouts
from hints.links import PREFIX
from hints.missing_targets import SolverFactory
from hints.raw_solutions import raw_cache
from settings import Settings, get_settings

MAX_BODY_BYTES = 64 * 1024
# Telegram's updates may be larger (a long message with its entities is over 64 KiB).
WEBHOOK_BODY_BYTES = 1024 * 1024
DESCRIPTION = """\
Daily polyomino puzzles (DragonFjord's A-Puzzle-A-Day calendar, pentomino and hexiamond boards),
their staged hints and every stored solution.

Cells are `[row, column]` on the board's grid (the catalog's coordinates); pieces are named.
Every error is `{"error": {"code": "...", "message": "...", "details": [...]}}`.
"""


def create_app(settings: Settings | None = None, solvers: SolverFactory | None = None) -> FastAPI:
    """A new app with its own engine and caches (DatabaseUnavailable for an unusable SQLite path).

    ``solvers`` makes the solver of targets not stored yet (``python -m api`` passes
    :class:`jobs.target_solving.OnDemand`); without it such a target is answered as not precomputed.
    """
    settings = settings or get_settings()
    state = ApiState.create(settings, solvers)
    raw_cache(state.sessions).resize(settings.RAW_SOLUTION_CACHE_MB << 20)
    bridge = WebhookBridge(settings, state.sessions, solvers) if settings.WEBHOOK_URL else None
    forget_custom_puzzles = custom_puzzles_service.install(state.sessions)  # every lookup by id finds them

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await run_in_threadpool(warm_layouts)  # before the first request, not during one
        await run_in_threadpool(compile_templates)
        # What is alive now (modules, the catalog, the layouts) lives as long as the process: kept
        # out of the cyclic collector's full passes, which otherwise walk it all (tens of ms each).
        gc.freeze()
        if bridge is not None:
            await bridge.start()
        yield
        if bridge is not None:
            await bridge.stop()
        state.daily.close()
        if state.solver is not None:
            state.solver.close()  # and the solver's processes
        forget_custom_puzzles()
        state.engine.dispose()

    app = FastAPI(
        title="Puzzle hint API",
        version="1.0.0",
        description=DESCRIPTION,
        lifespan=lifespan,
        redoc_url=None,
        docs_url=None,  # /docs is served offline by api.routes.docs
    )
    app.state.api = state
    install_error_handlers(app)
    app.add_middleware(BodySizeLimit, max_bytes=MAX_BODY_BYTES, larger={WEBHOOK_PATH: WEBHOOK_BODY_BYTES})
    app.add_middleware(Compress)  # inside HeadAsGet: a HEAD answers the headers its GET would
    app.add_middleware(HeadAsGet)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RelativeRedirects)
    app.add_middleware(
        RequestRate,
        per_second=settings.API_REQUESTS_PER_SECOND,
        exempt=(WEBHOOK_PATH, "/healthz"),
        in_flight=settings.API_REQUESTS_IN_FLIGHT,
    )
    # Routes are matched in order: the hot daily resources first.
    for resource in (daily, puzzles, positions, check, me, me_days, editions, custom_puzzles):
        app.include_router(resource.router, prefix=PREFIX)
    app.include_router(health.router)
    app.include_router(docs.router)
    app.include_router(web.router)
    app.include_router(custom_puzzles.pages)
    if bridge is not None:
        app.include_router(telegram.router(bridge, state.limits))
    return app
