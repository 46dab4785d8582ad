"""Catalog, heatmap and stored-solution payloads (blocking: produced in worker threads).

Solution lists and renderings are immutable for a key (puzzle, target,
offset/limit or solution number), so their payloads are cached in process
once produced; catalog summaries are cached by the store's summary they are
built from (:class:`hints.solutions.StoredSummaries`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy.orm import Session

from api import presenters
from api.caching import Payload
from api.errors import not_found
from api.schemas import PuzzlesOut, SolutionPageOut
from hints import pictures, solution_pages, solutions
from hints.catalog import Placement, Puzzle, Stage, Target, catalog
from hints.links import Media
from hints.position_hints import position_hint
from hints.positions import analyse_position, fixed_pieces, placements_of_code
from hints.solution_digits import solution_digits
from hints.solutions import TargetSummary
from hints.words import heatmap_words, position_caption, position_text, puzzle_title, render_text
from i18n import SOURCE_LANGUAGE


def catalog_payload(summaries: Mapping[str, TargetSummary]) -> Payload:
    """Every catalog puzzle with its stored totals (from the store's summaries: no target read)."""
    puzzles = [presenters.puzzle_summary(p, summaries[p.id]) for p in catalog().values()]
    return Payload.json(PuzzlesOut(puzzles=puzzles))


def puzzle_payload(session: Session, puzzle: Puzzle, summary: TargetSummary) -> Payload:
    """One puzzle with its per-target counts (its stored targets read), its totals from ``summary``."""
    stored = solutions.stored_targets(session, puzzle)[puzzle.id]
    return Payload.json(presenters.puzzle_out(puzzle, stored, summary))


def heatmap_payload(
    session: Session, puzzle: Puzzle, year: int | None = None, language: str = SOURCE_LANGUAGE
) -> tuple[Payload, bool]:
    """The year heatmap (``year``: whose weekdays, on the weekday editions; its words in
    ``language``) and whether every real target is stored (the picture is then final). A
    default-catalog calendar must be complete (NotPrecomputed otherwise); an edition solved on
    demand shows what is solved so far."""
    if not puzzle.is_calendar:
        raise not_found("no_heatmap", f"{puzzle.id} is not a calendar; only calendars have a heatmap")
    identity = solutions.heatmap_year(puzzle, year)
    if not puzzle.on_demand:
        counts = solutions.complete_counts(session, puzzle)
        title = heatmap_words(language).title
        return Payload.png(pictures.heatmap(puzzle, counts, title, language, identity=identity).draw()), True
    stored = solutions.solution_counts(session, puzzle)
    complete = len(stored) == sum(1 for t in puzzle.targets if t.real)
    counts = solutions.year_counts(session, puzzle, year) if year is not None else stored
    title = puzzle_title(puzzle, language)
    return Payload.png(pictures.heatmap(puzzle, counts, title, language, identity=identity).draw()), complete


def edition_board_png(puzzle: Puzzle, language: str = SOURCE_LANGUAGE) -> Payload:
    """An edition's empty board, its labels (months, weekdays) in ``language``."""
    return Payload.png(pictures.empty_board(puzzle, language).draw())


def solution_page(
    session: Session, puzzle: Puzzle, target: Target, offset: int, limit: int, faceup: bool = False
) -> Payload:
    page = solution_pages.solution_page(session, puzzle, target, offset, limit, faceup)
    page_out = SolutionPageOut(
        puzzle=puzzle.id,
        target=target.name,
        total=page.total,
        offset=offset,
        limit=limit,
        solutions=[presenters.solution_out(puzzle, target.name, s) for s in page.solutions],
    )
    return Payload.json(page_out)


def _heading(puzzle: Puzzle, target: Target) -> str:
    return f"{puzzle.title} · {target.name}{'' if target.real else ' (not a real date)'}"


def solution_json(session: Session, puzzle: Puzzle, target: Target, n: int) -> Payload:
    solution = solutions.stored_solution(session, puzzle, target, n)
    return Payload.json(presenters.solution_out(puzzle, target.name, solution))


def solution_png(session: Session, puzzle: Puzzle, target: Target, n: int) -> Payload:
    solution = solutions.stored_solution(session, puzzle, target, n)
    subtitle = f"Solution {n} of {solution.total}"
    title = _heading(puzzle, target)
    picture = pictures.solution(puzzle, target, n, solution.placements, title=title, subtitle=subtitle)
    return Payload.png(picture.draw())


def solution_text(session: Session, puzzle: Puzzle, target: Target, n: int) -> Payload:
    solution = solutions.stored_solution(session, puzzle, target, n)
    body = render_text(puzzle, solution.placements, target.uncovered)
    return Payload.text(f"{_heading(puzzle, target)}: solution {n} of {solution.total}\n{body}\n")


# ---------------------------------------------------------------- positions


def position_payload(
    session: Session,
    puzzle: Puzzle,
    target: Target,
    placements: Sequence[Placement],
    faceup: bool = False,
    language: str = SOURCE_LANGUAGE,
    fixed: str = "",
) -> Payload:
    """The analysis of a well-formed position as JSON (``faceup``: among face-up solutions; the
    hints' titles in ``language``; ``fixed``: comma-separated pieces never to take off)."""
    staying = fixed_pieces(puzzle, fixed)
    analysis = analyse_position(session, puzzle, target, placements, faceup, staying)
    return Payload.json(presenters.position_out(analysis, faceup, language, fixed))


def position_code_payload(
    session: Session,
    puzzle: Puzzle,
    target: Target,
    code: str,
    faceup: bool = False,
    language: str = SOURCE_LANGUAGE,
    fixed: str = "",
) -> Payload:
    placements = placements_of_code(puzzle, code)
    return position_payload(session, puzzle, target, placements, faceup, language, fixed)


def solution_digits_payload(session: Session, puzzle: Puzzle, target: Target) -> Payload:
    return Payload.json(presenters.solution_digits_out(solution_digits(session, puzzle, target)))


def position_hint_payload(
    session: Session,
    puzzle: Puzzle,
    target: Target,
    code: str,
    stage: Stage,
    media: Media,
    faceup: bool = False,
    language: str = SOURCE_LANGUAGE,
    fixed: str = "",
) -> Payload:
    """Hint ``stage`` from the position ``code`` as JSON, PNG (their words in ``language``) or
    text (English); ``fixed``: comma-separated pieces never to take off."""
    placements = placements_of_code(puzzle, code)
    hint = position_hint(session, puzzle, target, placements, stage, faceup, fixed_pieces(puzzle, fixed))
    drawing = hint.drawing(puzzle, target)
    if media == Media.PNG:
        return Payload.png(pictures.position(drawing, code, language, faceup=faceup, fixed=fixed).draw())
    if media == Media.TEXT:
        return Payload.text(position_text(drawing) + "\n")
    caption = position_caption(drawing, language)
    return Payload.json(presenters.position_hint_out(puzzle, target.name, code, hint, caption, language))
