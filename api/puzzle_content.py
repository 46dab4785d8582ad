"""Catalog, heatmap and stored-solution payloads (blocking: produced in worker threads).

Solution lists and renderings are immutable for a key (puzzle, target,
offset/limit or solution number), so their payloads are cached in process
once produced; catalog summaries reflect the store and are built per request.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from api import presenters
from api.caching import Payload
from api.errors import invalid, not_found
from api.schemas import PuzzlesOut, SolutionPageOut
from db import repository
from db.repository import StoredTarget
from hints import service
from render.images import render_board, render_heatmap
from solver.catalog import Puzzle, Target, catalog
from solver.problem import Placement, decode
from render.text import render_text


def _stored_by_puzzle(session: Session) -> dict[str, list[StoredTarget]]:
    grouped: dict[str, list[StoredTarget]] = {}
    for target in repository.list_targets(session=session):
        grouped.setdefault(target.puzzle_id, []).append(target)
    return grouped


def catalog_payload(session: Session) -> Payload:
    stored = _stored_by_puzzle(session)
    puzzles = [presenters.puzzle_summary(p, stored.get(p.id, [])) for p in catalog().values()]
    return Payload.json(PuzzlesOut(puzzles=puzzles))


def puzzle_payload(session: Session, puzzle: Puzzle) -> Payload:
    stored = repository.list_targets(session=session, puzzle_id=puzzle.id)
    return Payload.json(presenters.puzzle_out(puzzle, stored))


def heatmap_payload(session: Session, puzzle: Puzzle) -> Payload:
    """The year heatmap; only once every real date is stored, so the cached image is final."""
    if not presenters.is_calendar(puzzle):
        raise not_found("no_heatmap", f"{puzzle.id} is not a calendar; only calendars have a heatmap")
    counts = service.solution_counts(session, puzzle.id)
    if len(counts) < sum(1 for t in puzzle.targets if t.real):
        raise service.NotPrecomputed(f"{puzzle.id} is not fully precomputed; run python -m solver.precompute")
    return Payload.png(render_heatmap(counts))


def _stored_count(session: Session, puzzle: Puzzle, target: Target) -> int:
    count = repository.count_solutions(session=session, puzzle_id=puzzle.id, target=target.name)
    if count is None:
        raise service.NotPrecomputed(
            f"{puzzle.id} {target.name} is not precomputed; run python -m solver.precompute"
        )
    return count


def solution_page(session: Session, puzzle: Puzzle, target: Target, offset: int, limit: int) -> Payload:
    total = _stored_count(session, puzzle, target)
    if offset > total:
        raise invalid(
            "offset_out_of_range",
            f"offset {offset} is past the end: {puzzle.id} {target.name} has {total} solutions",
        )
    codes = repository.get_encodings(
        session=session, puzzle_id=puzzle.id, target=target.name, offset=offset, limit=limit
    )
    solutions = [
        presenters.solution_out(puzzle, target.name, offset + i + 1, decode(puzzle, code))
        for i, code in enumerate(codes)
    ]
    page = SolutionPageOut(
        puzzle=puzzle.id, target=target.name, total=total, offset=offset, limit=limit, solutions=solutions
    )
    return Payload.json(page)


def stored_solution(
    session: Session, puzzle: Puzzle, target: Target, n: int
) -> tuple[tuple[Placement, ...], int]:
    """Solution ``n`` (from 1) and the target's count; 404 if there is no such solution."""
    total = _stored_count(session, puzzle, target)
    if not 1 <= n <= total:
        raise not_found("unknown_solution", f"{puzzle.id} {target.name} has solutions 1 to {total}, not {n}")
    (code,) = repository.get_encodings(
        session=session, puzzle_id=puzzle.id, target=target.name, offset=n - 1, limit=1
    )
    return decode(puzzle, code), total


def _heading(puzzle: Puzzle, target: Target) -> str:
    return f"{puzzle.title} · {target.name}{'' if target.real else ' (not a real date)'}"


def solution_json(session: Session, puzzle: Puzzle, target: Target, n: int) -> Payload:
    placements, _ = stored_solution(session, puzzle, target, n)
    return Payload.json(presenters.solution_out(puzzle, target.name, n, placements))


def solution_png(session: Session, puzzle: Puzzle, target: Target, n: int) -> Payload:
    placements, total = stored_solution(session, puzzle, target, n)
    subtitle = f"Solution {n} of {total}"
    return Payload.png(
        render_board(
            puzzle, placements, marked=target.uncovered, title=_heading(puzzle, target), subtitle=subtitle
        )
    )


def solution_text(session: Session, puzzle: Puzzle, target: Target, n: int) -> Payload:
    placements, total = stored_solution(session, puzzle, target, n)
    body = render_text(puzzle, placements, target.uncovered)
    return Payload.text(f"{_heading(puzzle, target)}: solution {n} of {total}\n{body}\n")
