"""From catalog objects, stored targets and daily bundles to the API's response schemas."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache

from api.schemas import (
    BoardCellOut,
    ChallengeOut,
    CheckOut,
    CodeLayoutOut,
    DailyOut,
    DifficultyOut,
    HintLinkOut,
    HintOut,
    PieceOut,
    PlacementOut,
    PositionHintOut,
    PositionOut,
    PuzzleOut,
    PuzzleSummaryOut,
    SolutionDigitsOut,
    SolutionOut,
    TargetOut,
)
from hints import links
from hints.catalog import HINT_STAGES, Cell, Placement, Puzzle, Stage, Target, get_puzzle, symmetries
from hints.codes import encode_position
from hints.daily import DailyBundle, DailyPuzzle, PuzzleKind
from hints.links import Media
from hints.position_hints import PositionHint
from hints.positions import CheckResult, PositionAnalysis, problem_texts
from hints.solution_digits import SolutionDigits
from hints.solutions import StoredSolution, StoredTarget, TargetSummary
from hints.words import POSITION_TITLES
from i18n import SOURCE_LANGUAGE, translate

MONTH_DAY = re.compile(r"\d\d-\d\d")


@cache
def symmetry_count(puzzle_id: str) -> int:
    """Symmetries of a catalog board (computed once per puzzle)."""
    puzzle = get_puzzle(puzzle_id)
    return len(symmetries(puzzle.lattice, puzzle.cells, puzzle.labels))


def cells_out(cells: Iterable[Cell]) -> list[Cell]:
    return sorted((int(r), int(c)) for r, c in cells)


def placement_out(puzzle: Puzzle, placement: Placement) -> PlacementOut:
    return PlacementOut(piece=puzzle.pieces[placement.piece].name, cells=cells_out(placement.cells))


def placements_out(puzzle: Puzzle, placements: Iterable[Placement]) -> list[PlacementOut]:
    return [placement_out(puzzle, p) for p in sorted(placements, key=lambda p: p.piece)]


# ------------------------------------------------------------------ catalog


def puzzle_summary(puzzle: Puzzle, stored: TargetSummary) -> PuzzleSummaryOut:
    return PuzzleSummaryOut(
        id=puzzle.id,
        title=puzzle.title,
        lattice=puzzle.lattice.name,
        pieces=list(puzzle.piece_names),
        targets=len(puzzle.targets),
        stored_targets=stored.targets,
        total=stored.total,
        real_total=stored.real_total,
        url=links.puzzle(puzzle.id),
    )


def _target_out(puzzle: Puzzle, target: Target, count: int | None) -> TargetOut:
    return TargetOut(
        name=target.name,
        impossible=not target.real,
        uncovered=cells_out(target.uncovered),
        solutions=count,
        solutions_url=links.solutions(puzzle.id, target.name),
    )


def puzzle_out(puzzle: Puzzle, stored: Sequence[StoredTarget], totals: TargetSummary) -> PuzzleOut:
    counts = {t.name: t.solution_count for t in stored}
    summary = puzzle_summary(puzzle, totals)
    return PuzzleOut(
        **summary.model_dump(),
        piece_shapes=[
            PieceOut(name=p.name, cells=cells_out(p.cells), orientations=len(p.orientations))
            for p in puzzle.pieces
        ],
        symmetries=symmetry_count(puzzle.id),
        cells=[BoardCellOut(cell=cell, label=puzzle.labels.get(cell)) for cell in puzzle.cells],
        target_counts=[_target_out(puzzle, t, counts.get(t.name)) for t in puzzle.targets],
        heatmap=links.heatmap(puzzle.id) if puzzle.is_calendar else None,
    )


def solution_out(puzzle: Puzzle, target: str, solution: StoredSolution) -> SolutionOut:
    n = solution.number
    return SolutionOut(
        n=n,
        placements=placements_out(puzzle, solution.placements),
        image=links.solution(puzzle.id, target, n, Media.PNG),
        text=links.solution(puzzle.id, target, n, Media.TEXT),
    )


# ------------------------------------------------------------------ daily


def board_link(daily: DailyPuzzle, lang: str | None = None) -> str:
    """The playable board of a daily puzzle: the calendar's target (face up in face-up mode), the
    challenge's board with its pre-placed pieces on it, fixed; in the page language ``lang``."""
    puzzle = daily.puzzle
    code = encode_position(puzzle, daily.preplaced) if daily.preplaced else None
    fixed = ",".join(names(puzzle, daily.preplaced))
    return links.play(puzzle.id, daily.target.name, code, faceup=daily.faceup, lang=lang, fixed=fixed)


def _page_language(language: str) -> str | None:
    """``lang`` of a board page link: left out for English."""
    return None if language == SOURCE_LANGUAGE else language


def hint_links(daily: DailyPuzzle, language: str = SOURCE_LANGUAGE) -> list[HintLinkOut]:
    """Each hint stage's title (in ``language``) and resources (JSON and image in ``language``, the
    text drawing in English)."""
    day, kind, edition, faceup = daily.day, daily.kind, daily.puzzle.id, daily.faceup
    return [
        HintLinkOut(
            stage=stage,
            title=daily.title(stage, language),
            url=links.hint(day, kind, stage, Media.JSON, edition, faceup, language),
            image=links.hint(day, kind, stage, Media.PNG, edition, faceup, language),
            text=links.hint(day, kind, stage, Media.TEXT, edition, faceup),
        )
        for stage in HINT_STAGES
    ]


def hint_out(daily: DailyPuzzle, stage: Stage, language: str = SOURCE_LANGUAGE) -> HintOut:
    hint = daily.stages[stage]
    return HintOut(
        date=daily.day.isoformat(),
        puzzle=daily.puzzle.id,
        target=daily.target.name,
        stage=stage,
        title=daily.title(stage, language),
        caption=daily.caption(stage, language),
        placements=placements_out(daily.puzzle, hint.shown),
        preplaced=[daily.puzzle.pieces[p.piece].name for p in daily.preplaced],
        remaining=hint.remaining,
        total=hint.total,
        image=links.stage_image(daily.day, daily.kind, stage, daily.puzzle.id, daily.faceup, language),
    )


def challenge_out(daily: DailyPuzzle, language: str = SOURCE_LANGUAGE) -> ChallengeOut:
    return ChallengeOut(
        date=daily.day.isoformat(),
        puzzle=daily.puzzle.id,
        title=daily.puzzle.title,
        target=daily.target.name,
        placements=placements_out(daily.puzzle, daily.preplaced),
        total=daily.total,
        image=links.puzzle_image(daily.day, PuzzleKind.PENTOMINO, language=language),
        hints=hint_links(daily, language),
        board_url=board_link(daily, _page_language(language)),
    )


def daily_out(bundle: DailyBundle, language: str = SOURCE_LANGUAGE) -> DailyOut:
    calendar = bundle.calendar
    difficulty = bundle.calendar.difficulty
    return DailyOut(
        date=bundle.day.isoformat(),
        puzzle=calendar.puzzle.id,
        title=calendar.puzzle.title,
        target=calendar.target.name,
        uncovered=cells_out(calendar.target.uncovered),
        labels=[calendar.puzzle.labels.get(cell, "") for cell in sorted(calendar.target.uncovered)],
        faceup=calendar.faceup,
        total=calendar.total,
        difficulty=None
        if difficulty is None
        else DifficultyOut(
            level=difficulty.level, label=difficulty.label, rank=difficulty.rank, out_of=difficulty.out_of
        ),
        image=links.puzzle_image(
            bundle.day, PuzzleKind.CALENDAR, calendar.puzzle.id, calendar.faceup, language
        ),
        hints=hint_links(calendar, language),
        board_url=board_link(calendar, _page_language(language)),
        pentomino=challenge_out(bundle.pentomino, language),
    )


# ------------------------------------------------------------------ check


def check_out(result: CheckResult) -> CheckOut:
    return CheckOut(
        puzzle=result.puzzle.id,
        target=result.target.name,
        legal=result.legal,
        problems=problem_texts(result.problems),
        placed=len(result.placements),
        extensions=result.extensions,
        total=result.total,
        dead_end=result.extensions == 0,
        solution=None if result.solution is None else placements_out(result.puzzle, result.solution),
    )


# ------------------------------------------------------------------ positions


def names(puzzle: Puzzle, placements: Iterable[Placement]) -> list[str]:
    return [puzzle.pieces[p.piece].name for p in sorted(placements, key=lambda p: p.piece)]


def position_hint_links(
    puzzle: Puzzle,
    target: str,
    code: str,
    faceup: bool = False,
    language: str = SOURCE_LANGUAGE,
    fixed: str = "",
) -> list[HintLinkOut]:
    """Each hint stage from a position: its title in ``language``, its JSON and image in
    ``language``, its text drawing (English); ``fixed``: the pieces that stay, carried on."""
    query = links.position_query(faceup, language, fixed)
    return [
        HintLinkOut(
            stage=stage,
            title=translate(language, POSITION_TITLES[stage]),
            url=links.position_hint(puzzle.id, target, code, stage) + query,
            image=links.position_hint(puzzle.id, target, code, stage, Media.PNG) + query,
            text=links.position_hint(puzzle.id, target, code, stage, Media.TEXT)
            + links.position_query(faceup, fixed=fixed),
        )
        for stage in HINT_STAGES
    ]


def position_out(
    analysis: PositionAnalysis, faceup: bool = False, language: str = SOURCE_LANGUAGE, fixed: str = ""
) -> PositionOut:
    puzzle, target = analysis.puzzle, analysis.target.name
    with_hints = analysis.legal and analysis.code is not None and not analysis.solved
    return PositionOut(
        puzzle=puzzle.id,
        target=target,
        code=analysis.code,
        legal=analysis.legal,
        problems=problem_texts(analysis.problems, language),
        placed=len(analysis.placements),
        remaining=analysis.remaining,
        total=analysis.total,
        distinct_total=analysis.distinct_total,
        distinct_remaining=analysis.distinct_remaining,
        dead_end=analysis.dead_end,
        take_off=names(puzzle, analysis.take_off),
        solved=analysis.solved,
        solution_number=analysis.solution_number,
        all_sides_total=analysis.all_sides_total,
        hints=position_hint_links(puzzle, target, analysis.code, faceup, language, fixed)
        if with_hints and analysis.code
        else [],
    )


def solution_digits_out(found: SolutionDigits) -> SolutionDigitsOut:
    return SolutionDigitsOut(
        puzzle=found.puzzle.id,
        target=found.target.name,
        code=CodeLayoutOut(
            version=found.version, tag=found.tag, width=found.width, cells=[list(c) for c in found.cells]
        ),
        pieces=list(found.puzzle.piece_names),
        solutions=[list(row) for row in found.solutions],
        classes=list(found.classes),
        face_up=list(found.face_up),
        stored=found.stored,
    )


def position_hint_out(
    puzzle: Puzzle,
    target: str,
    code: str,
    hint: PositionHint,
    caption: str,
    language: str = SOURCE_LANGUAGE,
) -> PositionHintOut:
    """A hint from a position; ``caption`` and the title in ``language`` (the image too)."""
    image_query = links.position_query(language=language)
    return PositionHintOut(
        puzzle=puzzle.id,
        target=target,
        code=code,
        stage=hint.stage,
        title=translate(language, POSITION_TITLES[hint.stage]),
        caption=caption,
        given=placements_out(puzzle, hint.given),
        take_off=names(puzzle, hint.take_off),
        placements=placements_out(puzzle, hint.added),
        remaining=hint.remaining,
        total=hint.total,
        in_every=hint.in_every,
        image=links.position_hint(puzzle.id, target, code, hint.stage, Media.PNG) + image_query,
        text=links.position_hint(puzzle.id, target, code, hint.stage, Media.TEXT),
    )
