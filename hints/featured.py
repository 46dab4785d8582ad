"""The hint stages of a daily puzzle's featured solution: computed once, then read from the store.

Computed hints are cached in the store (``hint_cache``) per featured solution.
The cache write joins the caller's transaction and is never committed here:
the front end's unit of work (a request, an update, a CLI run) commits it, or
rolls it back and loses nothing but the cache entry. Hints are computed from
the target as it was read (its :class:`~db.repository.TargetKey`), and the
write is dropped when the target has been stored again since.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.orm import Session

from db import repository
from db.repository import CachedHints, TargetKey
from hints.raw_solutions import raw_solutions
from hints.solutions import solution_at
from solver.catalog import Puzzle, Target
from solver.encoding import Placement, decode, encode
from solver.stages import Hint, SolutionSet, Stage, hint_stages, minimum_unique_subset

HintStages = tuple[Hint, Hint, Hint]
# featured solution -> (pre-placed pieces, hint stages 1 to 3)
HintComputer = Callable[[SolutionSet], tuple[tuple[Placement, ...], HintStages]]


def _to_cache(puzzle: Puzzle, preplaced: tuple[Placement, ...], stages: HintStages) -> CachedHints:
    return CachedHints(
        preplaced=encode(puzzle, preplaced),
        stage1=encode(puzzle, stages[0].shown),
        stage2=encode(puzzle, stages[1].shown),
        remaining1=stages[0].remaining,
        remaining2=stages[1].remaining,
        total=stages[0].total,
    )


def featured_hints(
    session: Session, puzzle: Puzzle, target: Target, key: TargetKey, ordinal: int, compute: HintComputer
) -> tuple[tuple[Placement, ...], HintStages]:
    """Pre-placed pieces and hint stages 1-3 of one featured solution: cached, or computed and cached."""
    featured = solution_at(session, puzzle, target, ordinal)
    cached = repository.get_cached_hints(session=session, target_id=key.id, ordinal=ordinal)
    if cached is None:
        cached = _to_cache(puzzle, *compute(frozenset(featured)))
        repository.save_cached_hints(session=session, target=key, ordinal=ordinal, hints=cached)
    one = Hint(Stage.ONE_PIECE, decode(puzzle, cached.stage1), cached.remaining1, cached.total)
    half = Hint(Stage.HALF, decode(puzzle, cached.stage2), cached.remaining2, cached.total)
    answer = Hint(Stage.ANSWER, featured, 1, cached.total)
    return decode(puzzle, cached.preplaced), (one, half, answer)


def calendar_computer(session: Session, puzzle: Puzzle, target: Target, key: TargetKey) -> HintComputer:
    def compute(featured: SolutionSet) -> tuple[tuple[Placement, ...], HintStages]:
        return (), hint_stages(featured, raw_solutions(session, puzzle, target, stored=key).solutions)

    return compute


def challenge_computer(session: Session, puzzle: Puzzle, target: Target, key: TargetKey) -> HintComputer:
    def compute(featured: SolutionSet) -> tuple[tuple[Placement, ...], HintStages]:
        raw = raw_solutions(session, puzzle, target, stored=key).solutions
        preplaced = minimum_unique_subset(featured, raw)
        return preplaced, hint_stages(featured, raw, preplaced)

    return compute
