"""The board analysis behind the solver's redundant facts: every fact holds, and no count changes."""

import numpy as np
import pytest

from solver import problem as problem_module
from solver.blockers import find_blockers, with_facts
from solver.catalog import SINGLE_TARGET as BOARD
from solver.catalog import Target
from solver.cover import CoverProblem, Option, enumerate_solutions
from solver.encoding import encode
from solver.problem import TargetProblem, board_blockers
from solver.puzzles import get_puzzle
from tests.support import exact_cover
from tests.support.analyses import FIELDS

# A 1x5 strip (items 0..4) and two groups: a domino (group 0) and a tromino (group 1).
# The domino on items 1-2 leaves item 0 alone: a lone blocker. Solutions: domino 0-1 with
# tromino 2-4, and tromino 0-2 with domino 3-4.
STRIP = CoverProblem(
    5,
    2,
    (
        Option(0, (0, 1)),
        Option(0, (1, 2)),
        Option(0, (2, 3)),
        Option(0, (3, 4)),
        Option(1, (0, 1, 2)),
        Option(1, (1, 2, 3)),
        Option(1, (2, 3, 4)),
    ),
)


def test_a_lone_blocker_is_found_with_the_item_it_strands():
    blockers = find_blockers(STRIP)
    lone = set(zip(blockers.lone.tolist(), blockers.lone_item.tolist(), strict=True))
    # Domino 1-2 strands item 0 (every option through 0 overlaps it or is a domino).
    assert (1, 0) in lone
    # Domino 0-1 strands nothing: the tromino 2-4 still covers item 4.
    assert not any(option == 0 for option, _ in lone)


def test_open_items_drop_the_facts_they_witness():
    blockers = find_blockers(STRIP)
    identity = np.arange(len(STRIP.options), dtype=np.int64)
    dead_all, _ = blockers.onto(identity, np.zeros(STRIP.n_items, dtype=np.bool_))
    open_zero = np.zeros(STRIP.n_items, dtype=np.bool_)
    open_zero[0] = True
    dead_open, _ = blockers.onto(identity, open_zero)
    assert 1 in dead_all.tolist()
    # With item 0 left open, an option is dead only if it strands some other item.
    witnesses: dict[int, set[int]] = {}
    for option, item in zip(blockers.lone.tolist(), blockers.lone_item.tolist(), strict=True):
        witnesses.setdefault(option, set()).add(item)
    assert set(dead_open.tolist()) == {o for o, items in witnesses.items() if items - {0}}
    everything_open = np.ones(STRIP.n_items, dtype=np.bool_)
    dead_none, pairs_none = blockers.onto(identity, everything_open)
    assert not len(dead_none) and not len(pairs_none)


def test_options_missing_from_the_sub_problem_drop_out():
    blockers = find_blockers(STRIP)
    covered = np.zeros(STRIP.n_items, dtype=np.bool_)
    dead_all, pairs_all = blockers.onto(np.arange(len(STRIP.options), dtype=np.int64), covered)
    without_first = np.array([-1, 0, 1, 2, 3, 4, 5], dtype=np.int64)  # option 0 is gone, the rest shift
    dead, pairs = blockers.onto(without_first, covered)
    assert dead.tolist() == [o - 1 for o in dead_all.tolist() if o != 0]
    assert pairs.tolist() == [[a - 1, b - 1] for a, b in pairs_all.tolist() if 0 not in (a, b)]


def test_facts_change_no_solution_of_the_strip():
    blockers = find_blockers(STRIP)
    identity = np.arange(len(STRIP.options), dtype=np.int64)
    dead, pairs = blockers.onto(identity, np.zeros(STRIP.n_items, dtype=np.bool_))
    assert sorted(enumerate_solutions(with_facts(STRIP, dead, pairs))) == sorted(enumerate_solutions(STRIP))


@pytest.mark.parametrize(
    ("puzzle_id", "target"),
    [
        ("calendar-dragonfjord", "01-25"),
        pytest.param("calendar-tetromino", "06-09", marks=pytest.mark.slow),
        ("calendar-creamakerspace", "12-31"),
        pytest.param("calendar-weekday", "03-09-thu", marks=pytest.mark.slow),
    ],
)
def test_every_fact_holds_in_every_solution_and_counts_stay(puzzle_id, target):
    puzzle = get_puzzle(puzzle_id)
    problem = TargetProblem(puzzle, puzzle.target(target))
    facts = problem.cover
    assert facts.dead or facts.excludes, "the analysis found nothing to say about a calendar target"
    plain = every_cover(problem.plain_cover)
    assert sorted(enumerate_solutions(facts)) == sorted(plain)
    for solution in plain:
        chosen = set(solution)
        assert not chosen & set(facts.dead)
        for option, excluded in facts.excludes:
            assert option not in chosen or not chosen & set(excluded)


def every_cover(problem: CoverProblem) -> list[tuple[int, ...]]:
    """Every solution of a cover problem without facts, by another search than CP-SAT's (dancing
    links: the weekday target's test takes 4.5 s instead of 10 s with CP-SAT on the bare cover)."""
    matrix = np.zeros((len(problem.options), problem.n_items + problem.n_groups), dtype=bool)
    for index, option in enumerate(problem.options):
        matrix[index, list(option.items)] = True
        matrix[index, problem.n_items + option.group] = True
    return [tuple(sorted(rows)) for rows in exact_cover.exact_covers(matrix)]


def test_every_cover_is_cp_sats_enumeration_on_the_strip():
    assert sorted(every_cover(STRIP)) == sorted(enumerate_solutions(STRIP))


def test_a_target_without_open_cells_shares_the_boards_problem():
    puzzle = get_puzzle("pentomino-6x10")
    board, _ = board_blockers(puzzle)
    assert TargetProblem(puzzle, Target(BOARD)).cover is board.cover
    assert board.cover.excludes


def test_encode_solution_matches_encoding_the_placements():
    puzzle = get_puzzle("calendar-weekday")
    problem = TargetProblem(puzzle, puzzle.target("03-09-thu"))
    for solution in enumerate_solutions(problem.cover, limit=20):
        assert problem.encode_solution(solution) == encode(puzzle, problem.to_placements(solution))


def test_the_blockers_kept_between_runs_are_the_ones_found_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Test processes start with the blockers an earlier run found (tests/support/analyses.py)."""
    puzzle = get_puzzle("calendar-tetromino")
    _, kept = board_blockers(puzzle)
    monkeypatch.setattr(problem_module, "_PER_PUZZLE", {})
    board, fresh = board_blockers(puzzle)
    assert board.target == Target(BOARD)
    for field in FIELDS:
        assert np.array_equal(getattr(kept, field), getattr(fresh, field)), field
