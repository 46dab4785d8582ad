"""``POST /check``: check a partial placement against the stored solutions."""

from __future__ import annotations

from fastapi import APIRouter, Request

from api import presenters
from api.clients import requester
from api.deps import State
from api.errors import documented
from api.schemas import CheckIn, CheckOut
from hints.catalog import get_puzzle
from hints.positions import PlacedPiece, check_position, resolve_target

router = APIRouter(tags=["check"])


@router.post("/check", response_model=CheckOut, responses=documented(400, 404, 413, 422, 429, 503))
async def check_placement(request: Request, body: CheckIn, state: State) -> CheckOut:
    """Is the placement legal, and how many solutions extend it (0: a dead end)?

    Pieces are named (e.g. "L"), cells are ``[row, column]``. Boards count every
    symmetric image of their stored solutions, so a mirrored placement counts too.
    """
    puzzle = get_puzzle(body.puzzle)
    target = resolve_target(puzzle, body.target)
    pieces = [PlacedPiece(p.piece, tuple((int(r), int(c)) for r, c in p.cells)) for p in body.placements]

    checking = state.unit(
        lambda session: check_position(session, puzzle, target, pieces, complete=body.complete), commit=False
    )
    return await state.reading(puzzle, target, lambda: presenters.check_out(checking()), requester(request))
