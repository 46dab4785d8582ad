"""``POST /check``: check a partial placement against the stored solutions."""

from __future__ import annotations

from fastapi import APIRouter

from api import checking, presenters
from api.deps import SessionDep, State
from api.errors import documented
from api.schemas import CheckIn, CheckOut

router = APIRouter(tags=["check"])


@router.post("/check", response_model=CheckOut, responses=documented(404, 413, 422, 503))
def check_placement(body: CheckIn, session: SessionDep, state: State) -> CheckOut:
    """Is the placement legal, and how many solutions extend it (0: a dead end)?

    Pieces are named (e.g. "L"), cells are ``[row, column]``. Boards count every
    symmetric image of their stored solutions, so a mirrored placement counts too.
    """
    return presenters.check_out(checking.check(session, state.raw_solutions, body))
