"""People's own puzzles: ``POST /puzzles`` keeps a definition as a new puzzle of the player
asking (their cookie, or their Mini App sign-in), ``PATCH``/``DELETE /puzzles/{id}`` change or
delete it (its owner only), ``GET /me/puzzles`` lists theirs, ``/p/{id}`` opens it on the board,
and ``POST /puzzles/check`` reads a definition without keeping it (the editor at ``/make`` asks it
as a person draws).

Every other route takes a custom puzzle's id as it takes a catalog id: the bare id names the
current version, ``ID.N`` one version (which never changes). Creating or editing reads the
definition (422 with every problem in words, with its line and column), probes today's target and
the next days' in a compute worker (422 when none of them has a solution), and costs one
computation of the client's budget and one of the player's writes.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from api.caching import Payload, send
from api.clients import requester
from api.deps import LanguageDep, State, parse_day
from api.errors import ApiError, documented, not_allowed
from api.players import Caller, Reader, Writer, now, set_cookie
from api.schemas import (
    CustomPuzzleOut,
    CustomPuzzlesOut,
    DefinitionCheckOut,
    DefinitionProblemOut,
    ProbedTargetOut,
)
from hints import custom_puzzles as custom
from hints import links
from hints.custom_puzzles import CustomPuzzle, Definition, ProbeResult

router = APIRouter(tags=["your puzzles"])
pages = APIRouter()  # /p/{id}, beside the board pages
ERRORS = documented(401, 403, 404, 410, 422, 429, 503)
MAX_DEFINITION = 20_000

EXAMPLE = """title: My calendar
targets: month-day
pieces: calendar
board:
Jan Feb Mar Apr May Jun .
Jul Aug Sep Oct Nov Dec .
1   2   3   4   5   6   7
8   9   10  11  12  13  14
15  16  17  18  19  20  21
22  23  24  25  26  27  28
29  30  31
"""


class DefinitionIn(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"definition": EXAMPLE}]})

    definition: str = Field(
        min_length=1, max_length=MAX_DEFINITION, description="the puzzle in the catalog's format"
    )


class ChangeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str | None = Field(default=None, min_length=1, max_length=80, description="a new title")
    published: bool | None = Field(default=None, description="listed for everyone, or unlisted")
    definition: str | None = Field(
        default=None, min_length=1, max_length=MAX_DEFINITION, description="a new version's definition"
    )


PuzzleId = Annotated[str, Path(max_length=24, description="a custom puzzle's id, e.g. u7k2m9xa")]


def _out(found: CustomPuzzle, caller: Caller, probe: ProbeResult | None = None) -> CustomPuzzleOut:
    counts = [] if probe is None else [ProbedTargetOut.of(count) for count in probe.counts]
    owner = caller.player is not None and found.owner == caller.player.id
    return CustomPuzzleOut(
        id=found.id,
        version=found.current_version,
        puzzle=found.current_id,
        title=found.title or "",
        published=found.published,
        yours=owner,
        link=links.custom_puzzle(found.id),
        play=links.play_today(found.current_id),
        probe=counts,
        unsolvable=[] if probe is None else probe.unsolvable,
    )


def _read(text: str, language: str) -> Definition:
    found = custom.read(text, language)
    if isinstance(found, list):
        details = [problem.as_dict() for problem in found]
        count = len(found)
        message = found[0].message if count == 1 else f"{count} problems; the first: {found[0].message}"
        raise ApiError(422, "invalid_definition", message, details=details)
    return found


async def _checked(
    request: Request, state: State, text: str, language: str, today: date
) -> tuple[Definition, ProbeResult]:
    """The definition read and probed: one computation of the client's budget; 422 for a
    definition with problems or none of whose probed targets has a solution."""
    await state.budget.admit(requester(request))
    definition = await run_in_threadpool(_read, text, language)
    probed = await run_in_threadpool(state.daily.computed, custom.probe_in_worker, definition, today)
    if probed.hopeless:
        names = ", ".join(probed.unsolvable)
        raise ApiError(
            422, "no_solution", f"no solution for {names}: check the pieces and the board", details=[]
        )
    return definition, probed


def _refusal(exc: Exception) -> ApiError:
    if isinstance(exc, custom.QuotaReached):
        what = "puzzles" if exc.what == "puzzles" else "new puzzles or versions a day"
        return ApiError(
            429, "quota_reached", f"you have reached the limit of {what} one person may keep: {exc.limit}"
        )
    if isinstance(exc, custom.NotOwner):
        return ApiError(403, "not_owner", "only the person who made this puzzle may change it")
    if isinstance(exc, custom.Deleted):
        return ApiError(410, "puzzle_deleted", "this puzzle was deleted by its owner")
    return ApiError(404, "unknown_puzzle", "no puzzle has this id")


def _private(request: Request, model: BaseModel, caller: Caller, status: int = 200) -> Response:
    response = send(request, Payload.json(model), "private, no-store")
    response.status_code = status
    return set_cookie(request, response, caller)


@router.post("/puzzles", status_code=201, response_model=CustomPuzzleOut, responses=ERRORS)
async def create_puzzle(
    request: Request, body: DefinitionIn, caller: Writer, state: State, language: LanguageDep
) -> Response:
    """Keep a definition as your own puzzle: 201 with its id and links, or 422 with every problem
    (``details``: line, column, code and message of each). Today's target and the next days' are
    probed first; their counts come back in ``probe``."""
    player = caller.player
    assert player is not None
    today = player.today(now())
    definition, probed = await _checked(request, state, body.definition, language, today)

    def keep() -> CustomPuzzleOut:
        try:
            made = state.unit(
                lambda s: custom.create(s, player.id, definition, probed, now(), state.settings)
            )()
        except custom.QuotaReached as exc:
            raise _refusal(exc) from None
        return _out(made.puzzle, caller, probed)

    return _private(request, await run_in_threadpool(keep), caller, 201)


@router.post("/puzzles/check", response_model=DefinitionCheckOut, responses=documented(401, 422, 429, 503))
async def check_definition(
    request: Request, body: DefinitionIn, caller: Reader, state: State, language: LanguageDep
) -> Response:
    """Read a definition without keeping it: every problem (in the request's language), or, when
    there is none, today's target solved briefly (the board's one target for a board) in
    ``probe``, which costs one computation of the client's budget."""
    found = await run_in_threadpool(custom.read, body.definition, language)
    if isinstance(found, list):
        problems = [
            DefinitionProblemOut(line=p.line, column=p.column, code=p.code, message=p.message) for p in found
        ]
        return _private(request, DefinitionCheckOut(problems=problems, probe=None), caller)
    player = caller.player
    zone = state.settings.DEFAULT_TIMEZONE
    today = player.today(now()) if player is not None else parse_day("today", None, zone).value
    await state.budget.admit(requester(request))
    probed = await run_in_threadpool(state.daily.computed, custom.check_in_worker, found, today)
    counts = [ProbedTargetOut.of(count) for count in probed.counts]
    return _private(request, DefinitionCheckOut(problems=[], probe=counts), caller)


@router.patch("/puzzles/{puzzle_id}", response_model=CustomPuzzleOut, responses=ERRORS)
async def change_puzzle(
    request: Request, puzzle_id: PuzzleId, body: ChangeIn, caller: Writer, state: State, language: LanguageDep
) -> Response:
    """Rename, (un)list, or give a new definition to your puzzle (a new version: links and codes
    of the earlier ones keep working). 403 for someone else's."""
    player = caller.player
    assert player is not None
    today = player.today(now())
    checked = (
        None if body.definition is None else await _checked(request, state, body.definition, language, today)
    )

    def change() -> CustomPuzzleOut:
        def work(session: Session) -> CustomPuzzle:
            if checked is not None:
                custom.edit(session, player.id, puzzle_id, *checked, now(), state.settings)
            return custom.change(session, player.id, puzzle_id, title=body.title, published=body.published)

        try:
            found = state.unit(work)()
        except (LookupError, custom.QuotaReached, custom.NotOwner, custom.Deleted) as exc:
            raise _refusal(exc) from None
        return _out(found, caller, None if checked is None else checked[1])

    return _private(request, await run_in_threadpool(change), caller)


@router.delete("/puzzles/{puzzle_id}", status_code=204, responses=ERRORS)
async def delete_puzzle(request: Request, puzzle_id: PuzzleId, caller: Writer, state: State) -> Response:
    """Delete your puzzle. Others' records of it stay, as a deleted puzzle; its link says so."""
    player = caller.player
    assert player is not None

    def delete() -> None:
        try:
            state.unit(lambda s: custom.delete(s, player.id, puzzle_id, now()))()
        except (LookupError, custom.NotOwner, custom.Deleted) as exc:
            raise _refusal(exc) from None

    await run_in_threadpool(delete)
    return set_cookie(
        request, Response(status_code=204, headers={"Cache-Control": "private, no-store"}), caller
    )


@router.api_route("/puzzles", methods=["PUT", "PATCH", "DELETE", "OPTIONS"], include_in_schema=False)
async def other_methods_of_puzzles() -> Response:
    """405 naming both methods of ``/puzzles`` (the catalog's GET, a new puzzle's POST)."""
    return not_allowed("GET", "POST")


@router.api_route("/puzzles/check", methods=["PUT", "PATCH", "DELETE", "OPTIONS"], include_in_schema=False)
async def other_methods_of_the_check() -> Response:
    """405 naming the one method of ``/puzzles/check``."""
    return not_allowed("POST")


@router.api_route("/puzzles/{puzzle_id}", methods=["POST", "PUT", "OPTIONS"], include_in_schema=False)
async def other_methods_of_a_puzzle() -> Response:
    """405 naming the three methods of ``/puzzles/{id}``."""
    return not_allowed("GET", "PATCH", "DELETE")


@router.get("/me/puzzles", response_model=CustomPuzzlesOut, responses=ERRORS)
async def my_puzzles(request: Request, caller: Reader, state: State) -> Response:
    """Your puzzles, newest first."""
    player = caller.player
    if player is None:
        return _private(request, CustomPuzzlesOut(puzzles=[]), caller)
    kept = await run_in_threadpool(state.unit(lambda s: custom.owned(s, player.id), commit=False))
    return _private(request, CustomPuzzlesOut(puzzles=[_out(found, caller) for found in kept]), caller)


@pages.get("/p/{puzzle_id}", include_in_schema=False)
async def open_puzzle(puzzle_id: PuzzleId, state: State) -> Response:
    """A custom puzzle's short link: its board at the visitor's today's target; 410 once deleted."""
    found = await run_in_threadpool(state.unit(lambda s: custom.stored(s, puzzle_id), commit=False))
    if found is None or found.deleted:
        raise _refusal(custom.Deleted(puzzle_id) if found is not None else LookupError(puzzle_id))
    return RedirectResponse(
        links.play_today(found.id), status_code=303, headers={"Cache-Control": "no-cache"}
    )
