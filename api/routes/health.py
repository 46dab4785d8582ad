"""``/healthz`` (the process is up) and ``/readyz`` (the store is reachable and precomputed).

A ``/readyz`` that is not ready says only that: which puzzles are missing and the command that
stores them go to the server's log, for the operator, not to whoever asks.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from api.deps import State
from api.errors import ApiError, documented
from api.schemas import HealthOut, ReadyOut, ReadyPuzzleOut
from hints.catalog import catalog
from hints.errors import PRECOMPUTE_COMMAND
from hints.solutions import TargetSummary

log = logging.getLogger(__name__)
router = APIRouter(tags=["health"])


@router.get("/healthz", response_model=HealthOut, responses=documented(503))
async def healthz(state: State) -> JSONResponse:
    """200 while the process serves requests and can compute; 503 while no worker process can be
    made (the pool broke and so did its replacement; a new worker is tried first)."""
    processes = state.daily.processes
    if not processes.healthy() and not await run_in_threadpool(processes.probe):
        raise ApiError(503, "unhealthy", "no worker process can be started", headers={"Retry-After": "30"})
    return JSONResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})


def readiness(summaries: Mapping[str, TargetSummary]) -> ReadyOut:
    """Stored targets per catalog puzzle (from the store's summaries); 503 (not_ready) when any is
    missing (what is missing goes to the log)."""
    puzzles = {
        p.id: ReadyPuzzleOut(targets=len(p.targets), stored=summaries[p.id].targets)
        for p in catalog().values()
    }
    missing = [f"{pid} ({p.stored} of {p.targets})" for pid, p in puzzles.items() if p.stored < p.targets]
    if missing:
        log.warning("not ready: not precomputed yet: %s; run %s", ", ".join(missing), PRECOMPUTE_COMMAND)
        raise ApiError(503, "not_ready", "not ready")
    return ReadyOut(status="ready", puzzles=puzzles)


class _LastAnswer:
    """``/readyz``'s answer (its body, or its refusal) for the summaries it was made from: they are
    read again every few seconds at most, so a flood of ``/readyz`` costs an identity check per
    request, and a store that is not ready is logged once per read, not once per request."""

    def __init__(self) -> None:
        self._made_from: object = None
        self._body: bytes | None = None  # None: not ready

    def of(self, summaries: Mapping[str, TargetSummary]) -> bytes:
        if summaries is not self._made_from:
            try:
                self._body = readiness(summaries).model_dump_json().encode()
            except ApiError:
                self._body = None
            self._made_from = summaries
        if self._body is None:
            raise ApiError(503, "not_ready", "not ready")  # a new one: a raised error keeps its traceback
        return self._body


_last_answer = _LastAnswer()


@router.get("/readyz", response_model=ReadyOut, responses=documented(503))
async def readyz(state: State) -> Response:
    """200 when the database answers and every catalog puzzle is precomputed, else 503 saying only
    that it is not ready."""
    body = _last_answer.of(await state.summaries())  # the database is asked every few seconds at most
    return Response(body, media_type="application/json", headers={"Cache-Control": "no-store"})
